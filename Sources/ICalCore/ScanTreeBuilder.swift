#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The first few TZID parameter values met, as written (``reportZone(written:_:)``).
    private var reportedZoneBytes: [[UInt8]] = []
    /// TZIDs of the VTIMEZONEs an outline scan closed so far.
    private var definedZones: Set<String> = []
    /// An outline scan still searches the lines of the items it skips for TZID parameters: no
    /// zone defined yet, or one defined that no line named yet. Once every zone defined so far
    /// was named, it does not (the search was a fifth of the outline pass); a zone defined
    /// later starts it again. Zone references only let zones be built ahead
    /// (``ScanEvent/zoneReference(_:)``): one named only on lines not searched is built when
    /// first used.
    private var zonesToFind = true

    /// A full scan keeps the lines of the item it is reading as they were read (unfolded, each
    /// followed by CRLF): the item's text, which an import stores, without writing it again
    /// from the parsed lines (a fifth of the time spent on an item's lines). Kept only while
    /// the item's lines write back as read (``RawComponent/utf8Text``): a line not UTF-8, a
    /// `BEGIN`/`END` not in upper case or with parameters, a line dropped or an END missing
    /// (anything reported), or a line after a subcomponent (written before it) stop it.
    private var capturing = false
    private var captureFaithful = false
    private var captureEndSeen = false
    /// Index in `stack` of the item whose lines are kept.
    private var captureDepth = 0
    /// The kept lines; its memory serves every item of the scan. A copy of the builder copies
    /// it before writing (``keep(_:)``), so builders stay values.
    private var captured = ByteCollector(capacity: 4096)
    /// Components that cannot nest in one another. A `switch`, not a `Set`: hashing the name
    /// for every BEGIN cost more than comparing it with six short strings.
    static func isTopLevelKind(_ name: String) -> Bool {
        switch name {
        case "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY": return true
        default: return false
        }
    }

    /// An outline scan drops the lines it reads now unparsed, but for BEGIN, END and the
    /// zones they name (``consume(_:line:_:)``): in a skipped item, past the depth limit, or
    /// outside any component. Kept up to date where the stack or the skipped depth changes
    /// (asked for every line, it compared component names each time).
    private(set) var outlineSkipping: Bool

    init(maxNestingDepth: Int, focus: ICalScanner.Focus) {
        self.maxNestingDepth = maxNestingDepth
        self.focus = focus
        outlineSkipping = focus == .outline
    }

    private mutating func updateOutlineSkipping() {
        outlineSkipping = focus == .outline && (skippedDepth > 0 || stack.isEmpty || insideSkippedItem)
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

    /// False for a logical line that ``consume(_:line:_:)`` would drop unread, decided from its
    /// first physical line (`first`, the rest may follow in folds), so that the line is not
    /// gathered at all: in an outline scan, a line inside an item it skips (or outside any
    /// component) that is neither BEGIN nor END and has no parameters, so names no zone.
    /// Those are most of a file's lines, and gathering them (long DESCRIPTIONs folded many
    /// times) was most of the outline pass.
    ///
    /// It answers as `consume` would for the whole logical line: BEGIN and END are matched
    /// from the first byte (`isBeginOrEnd`), so any line starting with a B or an E is read;
    /// ``zoneParameterRange(_:)`` finds nothing unless a `;` ends the leading name, so a line whose
    /// name ends in this physical line on another byte names no zone, and one whose name runs
    /// to the end of it (it may go on after a fold) is read.
    func needsLine(startingWith first: UnsafeBufferPointer<UInt8>) -> Bool {
        guard outlineSkipping else { return true }
        guard let lead = first.first else { return true }
        if lead & 0xDF == UInt8(ascii: "B") || lead & 0xDF == UInt8(ascii: "E") { return true }
        var k = 0
        while k < first.count, ContentLineParser.isNameByte(first[k]) { k += 1 }
        return k == first.count || first[k] == UInt8(ascii: ";")
    }

    private mutating func report(_ issue: ScanIssue, _ emit: (ScanEvent) throws -> Void) rethrows {
        captureFaithful = false
        if focus == .full { try emit(.issue(issue)) }
    }

    /// A line of the item being kept, with its CRLF.
    @inline(__always)
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        makeCapturedUnique()
        captured.appendLine(bytes)
    }

    /// A builder copied shares its collector until one of the copies writes to it.
    private mutating func makeCapturedUnique() {
        if !isKnownUniquelyReferenced(&captured) { captured = captured.copy() }
    }

    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
        assert(outlineSkipping == (focus == .outline && (skippedDepth > 0 || stack.isEmpty || insideSkippedItem)),
               "outlineSkipping out of date")
        if outlineSkipping {
            // Only BEGIN and END change the structure: other lines need no parsing here, apart
            // from the zones they name.
            guard ScanTreeBuilder.isBeginOrEnd(bytes) else {
                if zonesToFind, skippedDepth == 0, !stack.isEmpty, let range = ScanTreeBuilder.zoneParameterRange(bytes) {
                    try reportZone(written: UnsafeBufferPointer(rebasing: bytes[range]), emit)
                }
                return
            }
        }
        // `BEGIN:NAME` and `END:NAME` with an ASCII name (nearly all of them) change the
        // structure without a ContentLine made: 800 instructions a line in each pass, a fifth
        // of the outline pass.
        if let (isBegin, value) = ScanTreeBuilder.plainBeginOrEnd(bytes) {
            let name = KnownTokens.string(for: value) ?? String(decoding: value, as: UTF8.self).uppercased()
            if isBegin {
                try begin(name, line: line, emit)
                if capturing {
                    if !ScanTreeBuilder.hasNoLowerCase(bytes) { captureFaithful = false }
                    keep(bytes)
                }
            } else {
                if capturing {
                    if !ScanTreeBuilder.hasNoLowerCase(bytes) { captureFaithful = false }
                    keep(bytes)
                    if stack.count - 1 == captureDepth && stack[captureDepth].name == name { captureEndSeen = true }
                }
                try end(name, line: line, emit)
            }
            return
        }
        var invalidUTF8 = false
        guard let cl = ContentLineParser.parse(bytes, line: line, invalidUTF8: &invalidUTF8) else {
            if stack.isEmpty && skippedDepth == 0 {
                try reportStray(line: line, emit)
            } else {
                try report(ScanIssue(kind: .malformedLine, line: line,
                                     message: "line is not NAME:VALUE; ignored", component: currentName), emit)
            }
            return
        }
        if invalidUTF8 {
            try report(ScanIssue(kind: .invalidUTF8, line: line,
                                 message: "\(cl.name) is not valid UTF-8; read as ISO-8859-1", component: currentName), emit)
        }
        if cl.name == "BEGIN" || cl.name == "END" {
            // Written back as `BEGIN:NAME`: not as read when it needed the parser.
            captureFaithful = false
            if cl.name == "BEGIN" { try begin(cl.value.uppercased(), line: line, emit) } else { try end(cl.value.uppercased(), line: line, emit) }
        } else if skippedDepth > 0 || insideSkippedItem {
            captureFaithful = false
            return
        } else if stack.isEmpty {
            try reportStray(line: line, emit)
        } else {
            if focus == .outline && cl.name == "X-WR-TIMEZONE" && stack.count == 1 && stack[0].name == "VCALENDAR" {
                try reportZone(cl.value, emit)
            }
            if capturing {
                if !stack[stack.count - 1].components.isEmpty { captureFaithful = false }
                keep(bytes)
            }
            stack[stack.count - 1].properties.append(cl)
        }
    }

    /// No ASCII lower-case letter in the line.
    static func hasNoLowerCase(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for c in b where c >= 0x61 && c <= 0x7A { return false }
        return true
    }

    /// A TZID parameter's value as written (``zoneParameterRange(_:)``): made into the zone's
    /// name only the first time these bytes are met. Most items name one of a few zones, and
    /// making, trimming and looking up the name for each was most of the outline's work on
    /// their lines.
    private mutating func reportZone(written: UnsafeBufferPointer<UInt8>, _ emit: (ScanEvent) throws -> Void) rethrows {
        guard let base = written.baseAddress, !written.isEmpty else { return }   // no zone named
        for known in reportedZoneBytes where known.count == written.count {
            if known.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base, written.count) == 0 }) { return }
        }
        if reportedZoneBytes.count < Self.zoneBytesKept { reportedZoneBytes.append(Array(written)) }
        var invalid = false
        try reportZone(ContentLineParser.decodeParameterValue(written, 0..<written.count, invalid: &invalid), emit)
    }

    /// Lines reserved for each component a full scan opens.
    static let reservedProperties = 16

    /// How many zone values ``reportZone(written:_:)`` remembers as bytes.
    static let zoneBytesKept = 16

    private mutating func reportZone(_ zone: String, _ emit: (ScanEvent) throws -> Void) rethrows {
        let trimmed = zone.trimmingSpaces()
        guard !trimmed.isEmpty, reportedZones.insert(trimmed).inserted else { return }
        updateZonesToFind()
        try emit(.zoneReference(trimmed))
    }

    private mutating func updateZonesToFind() {
        zonesToFind = definedZones.isEmpty || !definedZones.isSubset(of: reportedZones)
    }

    /// Where the first value of the line's `TZID` parameter is written (inside any quotes; its
    /// carets still to decode), found with the syntax ``ContentLineParser`` reads parameters
    /// with (a name of any letter case, spaces around it ignored; a value quoted only when a
    /// quote opens it), without making the rest of the line. nil when the line has none, or is
    /// no `NAME...:VALUE` line.
    static func zoneParameterRange(_ b: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let n = b.count
        var i = 0
        while i < n, ContentLineParser.isNameByte(b[i]) { i += 1 }
        guard i > 0 else { return nil }
        var found: Range<Int>?
        while i < n, b[i] == UInt8(ascii: ";") {
            i += 1
            let nameStart = i
            while i < n, b[i] != UInt8(ascii: "="), b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ";") { i += 1 }
            let isTZID = found == nil && isTZIDName(b, nameStart..<i)
            guard i < n, b[i] == UInt8(ascii: "=") else { continue }
            i += 1
            var first = true
            while true {
                var range: Range<Int>
                if i < n, b[i] == UInt8(ascii: "\"") {
                    i += 1
                    let start = i
                    while i < n, b[i] != UInt8(ascii: "\"") { i += 1 }
                    range = start..<i
                    if i < n { i += 1 }
                    while i < n, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ";") { i += 1 }
                } else {
                    let start = i
                    while i < n, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ";") { i += 1 }
                    range = start..<i
                }
                if isTZID && first { found = range }
                first = false
                guard i < n, b[i] == UInt8(ascii: ",") else { break }
                i += 1
            }
        }
        guard i < n, b[i] == UInt8(ascii: ":") else { return nil }
        return found
    }

    /// `TZID` in any letter case, spaces and tabs around it ignored.
    private static func isTZIDName(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, b[lower] == 0x20 || b[lower] == 0x09 { lower += 1 }
        while upper > lower, b[upper - 1] == 0x20 || b[upper - 1] == 0x09 { upper -= 1 }
        guard upper - lower == 4 else { return false }
        return b[lower] & 0xDF == UInt8(ascii: "T") && b[lower + 1] & 0xDF == UInt8(ascii: "Z")
            && b[lower + 2] & 0xDF == UInt8(ascii: "I") && b[lower + 3] & 0xDF == UInt8(ascii: "D")
    }

    /// A component opens (`BEGIN:` with `name` upper-cased).
    private mutating func begin(_ name: String, line: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
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
            updateOutlineSkipping()
            return
        }
        // Items cannot nest: a BEGIN:VEVENT inside an open VEVENT means the first one lost
        // its END. Close it (and what it holds open) rather than hide the second inside it.
        if ScanTreeBuilder.isTopLevelKind(name),
           let open = stack.lastIndex(where: { ScanTreeBuilder.isTopLevelKind($0.name) }) {
            let unclosed = stack[open]
            try report(ScanIssue(kind: .unbalancedEnd, line: line,
                                 message: "BEGIN:\(name) inside \(unclosed.name) (begun at line \(unclosed.line)) which had no END; that \(unclosed.name) was closed here",
                                 component: unclosed.name), emit)
            while stack.count > open { try close(endLine: line - 1, emit) }
        }
        sawComponent = true
        let isItem = name != "VCALENDAR" && (stack.isEmpty || (stack.count == 1 && stack[0].name == "VCALENDAR"))
        stack.append(RawComponent(name: name, line: line, endLine: line))
        // Room for a typical item's lines at once, not grown through five sizes as they come.
        if focus == .full { stack[stack.count - 1].properties.reserveCapacity(Self.reservedProperties) }
        if focus == .full && isItem {
            capturing = true
            captureFaithful = true
            captureEndSeen = false
            captureDepth = stack.count - 1
            makeCapturedUnique()
            captured.removeAll()
        }
        updateOutlineSkipping()
        if stack.count == 1 && name == "VCALENDAR" { try emit(.calendarBegan(line: line)) }
    }

    /// A component closes (`END:` with `name` upper-cased).
    private mutating func end(_ name: String, line: Int, _ emit: (ScanEvent) throws -> Void) rethrows {
        if skippedDepth > 0 { skippedDepth -= 1; updateOutlineSkipping(); return }
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
    }

    /// `BEGIN:VALUE` or `END:VALUE` (the name in any letter case, no parameters) with an ASCII
    /// value: whether it is BEGIN, and the value's bytes. nil for any other line, which the
    /// parser reads (a BEGIN with parameters, a name that is not ASCII).
    static func plainBeginOrEnd(_ b: UnsafeBufferPointer<UInt8>) -> (isBegin: Bool, value: UnsafeBufferPointer<UInt8>)? {
        let colon: Int
        if b.count > 6, b[5] == UInt8(ascii: ":"), b[0] & 0xDF == UInt8(ascii: "B"), b[1] & 0xDF == UInt8(ascii: "E"),
           b[2] & 0xDF == UInt8(ascii: "G"), b[3] & 0xDF == UInt8(ascii: "I"), b[4] & 0xDF == UInt8(ascii: "N") {
            colon = 5
        } else if b.count > 4, b[3] == UInt8(ascii: ":"), b[0] & 0xDF == UInt8(ascii: "E"), b[1] & 0xDF == UInt8(ascii: "N"),
                  b[2] & 0xDF == UInt8(ascii: "D") {
            colon = 3
        } else {
            return nil
        }
        let value = UnsafeBufferPointer(rebasing: b[(colon + 1)...])
        for c in value where c >= 0x80 { return nil }
        return (colon == 5, value)
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
        defer { updateOutlineSkipping() }
        guard var done = stack.popLast() else { return }
        done.endLine = endLine
        if capturing && stack.count == captureDepth {
            capturing = false
            if captureFaithful && captureEndSeen { done.scanned.utf8 = captured.bytes }
        }
        if focus == .outline && done.name == "VTIMEZONE",
           let tzid = done.property("TZID").map({ TextCodec.unescape($0.value).trimmingSpaces() }), !tzid.isEmpty {
            definedZones.insert(tzid)
            updateZonesToFind()
        }
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
