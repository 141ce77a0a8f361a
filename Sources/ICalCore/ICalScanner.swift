/// Splits iCalendar bytes into a tree of ``RawComponent``s with line numbers: what libical
/// 3.0.16 cannot give (it reports no line numbers and drops unknown components).
///
/// Handles a UTF-8 BOM; CRLF, LF and lone CR line ends; folds that split a multi-byte UTF-8
/// character (lines are joined as bytes before decoding); several VCALENDARs; blank lines;
/// lines that are not UTF-8 (read as ISO-8859-1, reported). Never traps, never loops forever:
/// every step consumes input.
///
/// ```swift
/// let scan = ICalScanner().scan(Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8))
/// scan.components.first?.name   // "VCALENDAR"
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.1>
public struct ICalScanner: Sendable {
    public var maxLineBytes: Int
    public var maxNestingDepth: Int

    public init(maxLineBytes: Int = 16 << 20, maxNestingDepth: Int = 64) {
        self.maxLineBytes = maxLineBytes
        self.maxNestingDepth = maxNestingDepth
    }

    public struct Result: Sendable {
        /// Top-level components in input order (usually VCALENDARs; bare VEVENTs when the
        /// input had no wrapper).
        public var components: [RawComponent]
        public var issues: [ScanIssue]
        /// Number of physical lines read.
        public var lineCount: Int
    }

    public func scan(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    public func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> Result {
        var state = TreeBuilder(maxNestingDepth: maxNestingDepth)
        var issues: [ScanIssue] = []
        let n = buffer.count
        var i = 0
        // Byte order marks.
        if n >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { i = 3 }
        else if n >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
            issues.append(ScanIssue(kind: .unsupportedEncoding, line: 1, message: "input is UTF-16 or UTF-32; only UTF-8 iCalendar is supported"))
            return Result(components: [], issues: issues, lineCount: 0)
        }

        var logical: [UInt8] = []
        logical.reserveCapacity(256)
        var logicalLine = 0
        var logicalTooLong = false
        var physicalLine = 0

        func flush() {
            defer { logical.removeAll(keepingCapacity: true); logicalTooLong = false }
            if logicalTooLong {
                issues.append(ScanIssue(kind: .lineTooLong, line: logicalLine,
                                        message: "content line longer than the max-line-bytes limit (\(maxLineBytes) bytes); dropped",
                                        component: state.currentName))
                return
            }
            guard !logical.isEmpty else { return }
            state.consume(logical, line: logicalLine, issues: &issues)
        }

        while i < n {
            // Find the end of this physical line.
            var j = i
            while j < n, buffer[j] != 0x0A, buffer[j] != 0x0D { j += 1 }
            physicalLine += 1
            let isContinuation = i < j && (buffer[i] == 0x20 || buffer[i] == 0x09) && logicalLine > 0
            if isContinuation {
                if !logicalTooLong {
                    if logical.count + (j - i - 1) > maxLineBytes { logicalTooLong = true }
                    else { logical.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[(i + 1)..<j])) }
                }
            } else if i < j {
                flush()
                logicalLine = physicalLine
                if j - i > maxLineBytes { logicalTooLong = true }
                else { logical.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<j])) }
            }
            // Consume the line end: CRLF, LF or lone CR.
            if j < n {
                if buffer[j] == 0x0D, j + 1 < n, buffer[j + 1] == 0x0A { j += 2 } else { j += 1 }
            }
            i = j
        }
        flush()
        state.finish(lastLine: physicalLine, issues: &issues)
        if state.roots.isEmpty {
            let what = n == 0 ? "input is empty" : "input holds no BEGIN:VCALENDAR or other component; it is not iCalendar"
            issues.append(ScanIssue(kind: .notICalendar, line: n == 0 ? 0 : 1, message: what))
        }
        return Result(components: state.roots, issues: issues, lineCount: physicalLine)
    }
}

/// Builds the component tree from logical lines.
private struct TreeBuilder {
    let maxNestingDepth: Int
    var roots: [RawComponent] = []
    var stack: [RawComponent] = []
    /// BEGINs seen past the depth limit, not yet closed.
    var skippedDepth = 0
    var strayTextReported = false
    /// Components that only ever sit directly in a VCALENDAR.
    static let topLevelKinds: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY"]

    init(maxNestingDepth: Int) { self.maxNestingDepth = maxNestingDepth }

    var currentName: String? { stack.last?.name }

    mutating func consume(_ bytes: [UInt8], line: Int, issues: inout [ScanIssue]) {
        guard let parsed = ContentLineParser.parse(bytes, line: line) else {
            if stack.isEmpty && skippedDepth == 0 {
                reportStray(line: line, issues: &issues)
            } else {
                issues.append(ScanIssue(kind: .malformedLine, line: line,
                                        message: "line is not NAME:VALUE; ignored", component: currentName))
            }
            return
        }
        if parsed.invalidUTF8 {
            issues.append(ScanIssue(kind: .invalidUTF8, line: line,
                                    message: "\(parsed.line.name) is not valid UTF-8; read as ISO-8859-1", component: currentName))
        }
        let cl = parsed.line
        if cl.name == "BEGIN" {
            let name = cl.value.uppercased()
            // VCALENDAR does not count, so a bare component and the same one wrapped in a
            // VCALENDAR (as export writes it) have the same depth budget.
            let depth = stack.count - (stack.first?.name == "VCALENDAR" ? 1 : 0)
            if skippedDepth > 0 || depth >= maxNestingDepth {
                if skippedDepth == 0 {
                    issues.append(ScanIssue(kind: .nestingTooDeep, line: line,
                                            message: "BEGIN:\(name) nests deeper than the max-nesting-depth limit (\(maxNestingDepth)); dropped with its contents",
                                            component: currentName))
                }
                skippedDepth += 1
                return
            }
            // Items cannot nest: a BEGIN:VEVENT inside an open VEVENT means the first one lost
            // its END. Close it (and what it holds open) rather than hide the second inside it.
            if TreeBuilder.topLevelKinds.contains(name),
               let open = stack.lastIndex(where: { TreeBuilder.topLevelKinds.contains($0.name) }) {
                let unclosed = stack[open]
                issues.append(ScanIssue(kind: .unbalancedEnd, line: line,
                                        message: "BEGIN:\(name) inside \(unclosed.name) (begun at line \(unclosed.line)) which had no END; that \(unclosed.name) was closed here",
                                        component: unclosed.name))
                while stack.count > open { close(endLine: line - 1) }
            }
            stack.append(RawComponent(name: name, line: line, endLine: line))
        } else if cl.name == "END" {
            let name = cl.value.uppercased()
            if skippedDepth > 0 { skippedDepth -= 1; return }
            guard let index = stack.lastIndex(where: { $0.name == name }) else {
                issues.append(ScanIssue(kind: .unbalancedEnd, line: line,
                                        message: "END:\(name) has no matching BEGIN; ignored", component: currentName))
                return
            }
            while stack.count - 1 > index {
                let open = stack[stack.count - 1]
                issues.append(ScanIssue(kind: .unbalancedEnd, line: line,
                                        message: "END:\(name) closes \(open.name) (begun at line \(open.line)) which had no END; closed here",
                                        component: open.name))
                close(endLine: line)
            }
            close(endLine: line)
        } else if skippedDepth > 0 {
            return
        } else if stack.isEmpty {
            reportStray(line: line, issues: &issues)
        } else {
            stack[stack.count - 1].properties.append(cl)
        }
    }

    mutating func reportStray(line: Int, issues: inout [ScanIssue]) {
        guard !strayTextReported else { return }
        strayTextReported = true
        issues.append(ScanIssue(kind: .strayText, line: line,
                                message: "text outside any BEGIN/END component; ignored (further such lines not reported)"))
    }

    mutating func close(endLine: Int) {
        guard var done = stack.popLast() else { return }
        done.endLine = endLine
        if stack.isEmpty { roots.append(done) } else { stack[stack.count - 1].components.append(done) }
    }

    mutating func finish(lastLine: Int, issues: inout [ScanIssue]) {
        while let open = stack.last {
            issues.append(ScanIssue(kind: .unterminatedComponent, line: open.line,
                                    message: "BEGIN:\(open.name) has no END before the input ends (line \(lastLine)); closed there",
                                    component: open.name))
            close(endLine: lastLine)
        }
    }
}
