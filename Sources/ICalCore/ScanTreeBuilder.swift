/// Builds components from logical lines and hands each top-level item to the scanner's
/// consumer as soon as it is complete (see ``ScanEvent``). Only the open components are held.
struct ScanTreeBuilder {
    let maxNestingDepth: Int
    let focus: ICalScanner.Focus
    var stack: [RawComponent] = []
    /// BEGINs seen past the depth limit, not yet closed.
    var skippedDepth = 0
    var strayTextReported = false
    /// Any component was begun (the input is iCalendar at all).
    var sawComponent = false
    /// Zones an outline scan reported as used (``ScanEvent/zoneReference(_:)``), each once.
    var reportedZones: Set<String> = []
    /// Components that only ever sit directly in a VCALENDAR.
    static let topLevelKinds: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY"]

    init(maxNestingDepth: Int, focus: ICalScanner.Focus) {
        self.maxNestingDepth = maxNestingDepth
        self.focus = focus
    }

    var currentName: String? { stack.last?.name }

    /// Index in `stack` of the item level: 1 inside a top-level VCALENDAR, 0 for bare components.
    private var itemLevel: Int { stack.first?.name == "VCALENDAR" ? 1 : 0 }

    /// In an outline scan, the lines of items other than VTIMEZONEs are not read (only their
    /// BEGIN/END lines, which give the structure).
    private var insideSkippedItem: Bool {
        guard focus == .outline else { return false }
        let level = itemLevel
        return stack.count > level && stack[level].name != "VTIMEZONE"
    }

    private func report(_ issue: ScanIssue, _ emit: (ScanEvent) throws -> Void) rethrows {
        if focus == .full { try emit(.issue(issue)) }
    }

    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
        if focus == .outline && (skippedDepth > 0 || stack.isEmpty || insideSkippedItem) {
            // Only BEGIN and END change the structure: other lines need no parsing here, apart
            // from the zones they name.
            guard ScanTreeBuilder.isBeginOrEnd(bytes) else {
                if skippedDepth == 0, !stack.isEmpty, let zone = ScanTreeBuilder.zoneParameter(bytes) {
                    try reportZone(zone, emit)
                }
                return
            }
        }
        guard let parsed = ContentLineParser.parse(bytes, line: line) else {
            if stack.isEmpty && skippedDepth == 0 {
                try reportStray(line: line, emit)
            } else {
                try report(ScanIssue(kind: .malformedLine, line: line,
                                     message: "line is not NAME:VALUE; ignored", component: currentName), emit)
            }
            return
        }
        if parsed.invalidUTF8 {
            try report(ScanIssue(kind: .invalidUTF8, line: line,
                                 message: "\(parsed.line.name) is not valid UTF-8; read as ISO-8859-1", component: currentName), emit)
        }
        let cl = parsed.line
        if cl.name == "BEGIN" {
            let name = cl.value.uppercased()
            // VCALENDAR does not count, so a bare component and the same one wrapped in a
            // VCALENDAR (as export writes it) have the same depth budget.
            let depth = stack.count - (stack.first?.name == "VCALENDAR" ? 1 : 0)
            if skippedDepth > 0 || depth >= maxNestingDepth {
                if skippedDepth == 0 {
                    try report(ScanIssue(kind: .nestingTooDeep, line: line,
                                         message: "BEGIN:\(name) nests deeper than the max-nesting-depth limit (\(maxNestingDepth)); dropped with its contents",
                                         component: currentName), emit)
                }
                skippedDepth += 1
                return
            }
            // Items cannot nest: a BEGIN:VEVENT inside an open VEVENT means the first one lost
            // its END. Close it (and what it holds open) rather than hide the second inside it.
            if ScanTreeBuilder.topLevelKinds.contains(name),
               let open = stack.lastIndex(where: { ScanTreeBuilder.topLevelKinds.contains($0.name) }) {
                let unclosed = stack[open]
                try report(ScanIssue(kind: .unbalancedEnd, line: line,
                                     message: "BEGIN:\(name) inside \(unclosed.name) (begun at line \(unclosed.line)) which had no END; that \(unclosed.name) was closed here",
                                     component: unclosed.name), emit)
                while stack.count > open { try close(endLine: line - 1, emit) }
            }
            sawComponent = true
            stack.append(RawComponent(name: name, line: line, endLine: line))
            if stack.count == 1 && name == "VCALENDAR" { try emit(.calendarBegan(line: line)) }
        } else if cl.name == "END" {
            let name = cl.value.uppercased()
            if skippedDepth > 0 { skippedDepth -= 1; return }
            guard let index = stack.lastIndex(where: { $0.name == name }) else {
                try report(ScanIssue(kind: .unbalancedEnd, line: line,
                                     message: "END:\(name) has no matching BEGIN; ignored", component: currentName), emit)
                return
            }
            while stack.count - 1 > index {
                let open = stack[stack.count - 1]
                try report(ScanIssue(kind: .unbalancedEnd, line: line,
                                     message: "END:\(name) closes \(open.name) (begun at line \(open.line)) which had no END; closed here",
                                     component: open.name), emit)
                try close(endLine: line, emit)
            }
            try close(endLine: line, emit)
        } else if skippedDepth > 0 || insideSkippedItem {
            return
        } else if stack.isEmpty {
            try reportStray(line: line, emit)
        } else {
            if focus == .outline && cl.name == "X-WR-TIMEZONE" && stack.count == 1 && stack[0].name == "VCALENDAR" {
                try reportZone(cl.value, emit)
            }
            stack[stack.count - 1].properties.append(cl)
        }
    }

    private mutating func reportZone(_ zone: String, _ emit: (ScanEvent) throws -> Void) rethrows {
        let trimmed = zone.trimmingSpaces()
        guard !trimmed.isEmpty, reportedZones.insert(trimmed).inserted else { return }
        try emit(.zoneReference(trimmed))
    }

    /// The value of the line's `TZID` parameter (in any letter case, quotes removed), when it
    /// has one; read from the bytes without parsing the line. A parameter value may hold `:`
    /// only when quoted, so the parameters end at the first unquoted `:`.
    static func zoneParameter(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        let n = b.count
        var i = 0
        var quoted = false
        while i < n {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted {
                if c == UInt8(ascii: ":") { return nil }
                if c == UInt8(ascii: ";"), i + 5 < n,
                   b[i + 1] & 0xDF == UInt8(ascii: "T"), b[i + 2] & 0xDF == UInt8(ascii: "Z"),
                   b[i + 3] & 0xDF == UInt8(ascii: "I"), b[i + 4] & 0xDF == UInt8(ascii: "D"), b[i + 5] == UInt8(ascii: "=") {
                    var start = i + 6
                    var end = start
                    if start < n, b[start] == UInt8(ascii: "\"") {
                        start += 1
                        end = start
                        while end < n, b[end] != UInt8(ascii: "\"") { end += 1 }
                    } else {
                        while end < n, b[end] != UInt8(ascii: ";"), b[end] != UInt8(ascii: ":"), b[end] != UInt8(ascii: ",") { end += 1 }
                    }
                    var invalid = false
                    return ContentLineParser.decode(b, start..<end, invalid: &invalid)
                }
            }
            i += 1
        }
        return nil
    }

    /// `BEGIN:`, `BEGIN;`, `END:` or `END;` in any letter case: the lines that can be a
    /// BEGIN or END once parsed (the name ends at the first `:` or `;`).
    static func isBeginOrEnd(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        func matches(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard b.count > n, b[n] == UInt8(ascii: ":") || b[n] == UInt8(ascii: ";") else { return false }
            let w = word.utf8Start
            for k in 0..<n where b[k] & 0xDF != w[k] { return false }
            return true
        }
        return matches("BEGIN") || matches("END")
    }

    mutating func reportStray(line: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
        guard !strayTextReported else { return }
        strayTextReported = true
        try report(ScanIssue(kind: .strayText, line: line,
                             message: "text outside any BEGIN/END component; ignored (further such lines not reported)"), emit)
    }

    /// Closes the innermost open component: an item (a child of the top-level VCALENDAR, or a
    /// bare component) is handed over, a subcomponent joins its parent.
    mutating func close(endLine: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
        let skipped = insideSkippedItem
        guard var done = stack.popLast() else { return }
        done.endLine = endLine
        if stack.isEmpty {
            try emit(done.name == "VCALENDAR" ? .calendarEnded(done) : .component(done, inCalendar: false))
        } else if stack.count == 1 && stack[0].name == "VCALENDAR" {
            try emit(.component(done, inCalendar: true))
        } else if !skipped {
            stack[stack.count - 1].components.append(done)
        }
    }

    mutating func finish(lastLine: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
        while let open = stack.last {
            try report(ScanIssue(kind: .unterminatedComponent, line: open.line,
                                 message: "BEGIN:\(open.name) has no END before the input ends (line \(lastLine)); closed there",
                                 component: open.name), emit)
            try close(endLine: lastLine, emit)
        }
    }
}
