#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits iCalendar bytes into ``RawComponent``s with line numbers: what libical 3.0.16 cannot
/// give (it reports no line numbers and drops unknown components).
///
/// Handles a UTF-8 BOM; CRLF, LF and lone CR line ends; folds that split a multi-byte UTF-8
/// character (lines are joined as bytes before decoding); several VCALENDARs; blank lines;
/// lines that are not UTF-8 (read as ISO-8859-1, reported). Never traps, never loops forever:
/// every step consumes input.
///
/// Two ways to use it: ``scan(_:)-(UnsafeBufferPointer<UInt8>)`` builds the whole tree of an
/// input in memory; ``scan(fileAt:focus:_:)`` reads a file in chunks and hands each item over
/// as a ``ScanEvent`` as soon as its END is read, holding only the open components (the tree
/// form is a thin layer over the same loop).
///
/// ```swift
/// let scan = ICalScanner().scan(Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8))
/// scan.components.first?.name   // "VCALENDAR"
/// try ICalScanner().scan(fileAt: "feed.ics") { event in
///     if case .component(let item, _) = event { print(item.name, item.line) }
/// }
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.1>
public struct ICalScanner: Sendable {
    public var maxLineBytes: Int
    public var maxNestingDepth: Int
    /// Bytes read from a file at a time (the buffer grows only for a longer physical line).
    /// 128 KiB by default: each pass over a file fills 32 fresh pages, not the 256 of 1 MiB,
    /// and the chunk stays in the core's cache while it is scanned.
    public var chunkBytes: Int

    public init(maxLineBytes: Int = 16 << 20, maxNestingDepth: Int = 64, chunkBytes: Int = 128 << 10) {
        self.maxLineBytes = maxLineBytes
        self.maxNestingDepth = maxNestingDepth
        self.chunkBytes = max(chunkBytes, 4)
    }

    /// How much of the input a streaming scan reads.
    public enum Focus: Sendable {
        /// Every line; every item handed over; issues reported.
        case full
        /// The structure only: the top-level VCALENDARs' own properties and the VTIMEZONEs
        /// (a cheap first pass: lines inside other items are not parsed, only searched for the
        /// zones they name, see ``ScanEvent/zoneReference(_:)``; no issues).
        case outline
    }

    public struct Result: Sendable {
        /// Top-level components in input order (usually VCALENDARs; bare VEVENTs when the
        /// input had no wrapper).
        public var components: [RawComponent]
        public var issues: [ScanIssue]
        /// Number of physical lines read.
        public var lineCount: Int
    }

    /// What a streaming scan saw as a whole.
    public struct Summary: Sendable, Equatable {
        /// Number of physical lines read.
        public var lineCount = 0
        public var byteCount = 0
        /// The input starts with a UTF-16 or UTF-32 byte order mark (nothing was read).
        public var unsupportedEncoding = false
        /// At least one BEGIN was read: the input is iCalendar at all.
        public var sawComponent = false
        /// The input is refused as a whole (not iCalendar, or an unsupported encoding).
        public var refused: Bool { unsupportedEncoding || !sawComponent }
    }

    public func scan(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    /// The whole tree, built from the streamed events.
    public func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> Result {
        var roots: [RawComponent] = []
        var issues: [ScanIssue] = []
        var children: [RawComponent] = []
        let summary = scan(buffer, focus: .full) { event in
            switch event {
            case .calendarBegan: children = []
            case .component(let c, let inCalendar):
                if inCalendar { children.append(c) } else { roots.append(c) }
            case .calendarEnded(var root):
                root.components = children
                children = []
                roots.append(root)
            case .issue(let issue): issues.append(issue)
            case .zoneReference: break
            }
        }
        return Result(components: roots, issues: issues, lineCount: summary.lineCount)
    }

    /// Streams an input held in memory.
    @discardableResult
    public func scan(_ buffer: UnsafeBufferPointer<UInt8>, focus: Focus,
                     _ handle: (ScanEvent) throws -> Void) rethrows -> Summary {
        var lines = LineAssembler(maxLineBytes: maxLineBytes, builder: ScanTreeBuilder(maxNestingDepth: maxNestingDepth, focus: focus))
        _ = try lines.process(buffer, final: true, handle)
        return try lines.finish(handle)
    }

    /// Streams a file, read `chunkBytes` at a time: memory holds one chunk and the open
    /// components, whatever the file's size. Throws ``ICalError`` (code `.file`) when the file
    /// cannot be read, and whatever `handle` throws.
    @discardableResult
    public func scan(fileAt path: String, focus: Focus = .full, _ handle: (ScanEvent) throws -> Void) throws -> Summary {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ICalError(code: .file, message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var lines = LineAssembler(maxLineBytes: maxLineBytes, builder: ScanTreeBuilder(maxNestingDepth: maxNestingDepth, focus: focus))
        var capacity = chunkBytes
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = 0
        var atEnd = false
        while !atEnd {
            if filled == capacity {   // one physical line longer than the buffer: grow it
                let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                bigger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = bigger
                capacity *= 2
            }
            let got = read(fd, buffer + filled, capacity - filled)
            if got < 0 {
                if errno == EINTR { continue }
                throw ICalError(code: .file, message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            atEnd = got == 0
            filled += got
            let used = try lines.process(UnsafeBufferPointer(start: buffer, count: filled), final: atEnd, handle)
            if used > 0 {
                (buffer).update(from: buffer + used, count: filled - used)
                filled -= used
            }
        }
        return try lines.finish(handle)
    }
}

/// Joins physical lines (any line end, folds) into logical lines for the tree builder; fed
/// in chunks, it keeps an incomplete last line for the next chunk.
private struct LineAssembler {
    let maxLineBytes: Int
    var builder: ScanTreeBuilder
    var summary = ICalScanner.Summary()
    var logical: [UInt8] = []
    /// The logical line being read while it is one physical line of the chunk being processed:
    /// its bytes there, not copied into ``logical`` (most lines are never folded). Copied once
    /// a continuation follows, or before ``process(_:final:_:)`` returns (the chunk's bytes are
    /// moved or replaced after it).
    var held: UnsafeBufferPointer<UInt8>?
    var logicalLine = 0
    var logicalTooLong = false
    /// The logical line being read is one the builder would drop unread (an outline scan's line
    /// inside a skipped item, ``ScanTreeBuilder/needsLine(startingWith:)``): it is not gathered.
    var logicalSkipped = false
    var physicalLine = 0
    var checkedByteOrderMark = false
    /// The rest of a physical line past the limit is being dropped.
    var inOverlongLine = false

    init(maxLineBytes: Int, builder: ScanTreeBuilder) {
        self.maxLineBytes = maxLineBytes
        self.builder = builder
        logical.reserveCapacity(256)
    }

    mutating func flush(_ emit: (ScanEvent) throws -> Void) rethrows {
        if let line = held {
            held = nil
            try builder.consume(line, line: logicalLine, emit)
            return
        }
        defer {
            if !logical.isEmpty { logical.removeAll(keepingCapacity: true) }
            logicalTooLong = false
            logicalSkipped = false
        }
        if logicalSkipped { return }
        if logicalTooLong {
            if builder.focus == .full {
                try emit(.issue(ScanIssue(kind: .lineTooLong, line: logicalLine,
                                          message: "content line longer than the max-line-bytes limit (\(maxLineBytes) bytes); dropped",
                                          component: builder.currentName)))
            }
            return
        }
        guard !logical.isEmpty else { return }
        try logical.withUnsafeBufferPointer { try builder.consume($0, line: logicalLine, emit) }
    }

    /// Reads the complete lines of `buffer` (all of it when `final`); returns how many bytes
    /// were used. The caller hands the rest again, with more bytes after it.
    mutating func process(_ buffer: UnsafeBufferPointer<UInt8>, final: Bool, _ emit: (ScanEvent) throws -> Void) rethrows -> Int {
        let n = buffer.count
        var i = 0
        if !checkedByteOrderMark {
            if n < 3 && !final { return 0 }
            checkedByteOrderMark = true
            if n >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { i = 3 }
            else if n >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
                summary.unsupportedEncoding = true
                try emit(.issue(ScanIssue(kind: .unsupportedEncoding, line: 1,
                                          message: "input is UTF-16 or UTF-32; only UTF-8 iCalendar is supported")))
            }
        }
        if summary.unsupportedEncoding {
            summary.byteCount += n
            return n
        }
        defer {
            summary.byteCount += i
            keepHeld()
        }
        var lineFeed = -1   // the next LF at or after `i` (n: none), found again once passed
        while i < n {
            // Find the end of this physical line.
            if lineFeed < i { lineFeed = Self.nextByte(0x0A, in: buffer, from: i, to: n) }
            var j = Self.nextByte(0x0D, in: buffer, from: i, to: lineFeed)
            // A line end not seen yet, or a CR last in the chunk (an LF may follow): more bytes needed.
            let needsMore = !final && (j == n || (buffer[j] == 0x0D && j + 1 == n))
            if inOverlongLine {
                // Dropping the tail of a line already reported as too long.
                if needsMore { i = j; break }
            } else if needsMore {
                // Wait for the rest of the line, unless it is already over the limit.
                guard j == n, j - i > maxLineBytes + 1 else { break }
                try line(buffer, i, j, emit)
                inOverlongLine = true
                i = n
                break
            } else {
                try line(buffer, i, j, emit)
            }
            // Consume the line end: CRLF, LF or lone CR.
            if j < n {
                if buffer[j] == 0x0D, j + 1 < n, buffer[j + 1] == 0x0A { j += 2 } else { j += 1 }
            }
            inOverlongLine = false
            i = j
        }
        return i
    }

    /// The index of the first `byte` in `buffer[start..<end]`, or `end`. With `memchr`
    /// (vectorized in the C library): `process` finds the next LF once, then a CR before it, so
    /// a file of CRLF, LF or lone-CR lines is read at memchr's speed, each byte searched at most
    /// twice, instead of a compare or two per byte in Swift.
    static func nextByte(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = buffer.baseAddress, start < end else { return end }
        let origin = UnsafeRawPointer(base)
        return memchr(origin + start, Int32(byte), end - start).map { UnsafeRawPointer($0) - origin } ?? end
    }

    /// One physical line, `buffer[i..<j]` without its line end.
    private mutating func line(_ buffer: UnsafeBufferPointer<UInt8>, _ i: Int, _ j: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
        physicalLine += 1
        let isContinuation = i < j && (buffer[i] == 0x20 || buffer[i] == 0x09) && logicalLine > 0
        if isContinuation {
            keepHeld()
            if !logicalTooLong && !logicalSkipped {
                if logical.count + (j - i - 1) > maxLineBytes { logicalTooLong = true }
                else { logical.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[(i + 1)..<j])) }
            }
        } else if i < j {
            try flush(emit)
            logicalLine = physicalLine
            if !builder.needsLine(startingWith: UnsafeBufferPointer(rebasing: buffer[i..<j])) { logicalSkipped = true }
            else if j - i > maxLineBytes { logicalTooLong = true }
            else { held = UnsafeBufferPointer(rebasing: buffer[i..<j]) }
        }
    }

    /// Copies a held line (``held``) into ``logical``.
    private mutating func keepHeld() {
        guard let line = held else { return }
        logical.append(contentsOf: line)
        held = nil
    }

    mutating func finish(_ emit: (ScanEvent) throws -> Void) rethrows -> ICalScanner.Summary {
        summary.lineCount = physicalLine
        guard !summary.unsupportedEncoding else { return summary }
        try flush(emit)
        try builder.finish(lastLine: physicalLine, emit)
        summary.sawComponent = builder.sawComponent
        if !summary.sawComponent {
            let empty = summary.byteCount == 0
            let what = empty ? "input is empty" : "input holds no BEGIN:VCALENDAR or other component; it is not iCalendar"
            try emit(.issue(ScanIssue(kind: .notICalendar, line: empty ? 0 : 1, message: what)))
        }
        return summary
    }
}
