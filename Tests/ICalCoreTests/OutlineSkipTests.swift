import CalendarTestSupport
import Foundation
import Testing
@testable import ICalCore

/// An outline scan does not gather the lines it would drop unread (`needsLine`): that must
/// never hide a BEGIN, an END or a zone parameter, whatever the folds.
@Suite("ICalScanner: lines an outline does not gather")
struct OutlineSkipTests {
    /// A builder in the state where an outline scan skips lines (outside any component).
    static var skipping: ScanTreeBuilder { ScanTreeBuilder(maxNestingDepth: 64, focus: .outline) }

    /// Logical lines put together from the parts that matter to BEGIN/END matching and zone
    /// parameters (names, parameters with and without quotes, odd separators), each split at
    /// every point as a fold: wherever `needsLine` says no from the first physical line, the
    /// whole logical line must be neither BEGIN nor END and name no zone.
    @Test func aLineLeftUngatheredIsNeverOneTheOutlineReads() {
        #expect(Self.skipping.outlineSkipping)
        let names = ["BEGIN", "END", "begin", "End", "B", "E", "BEG", "DTSTART", "X-A.B_9", "9X", "é", "", "UID", "ATTENDEE"]
        let parameterNames = ["TZID", "tzid", " TZID ", "TZ", "X", "", "TzId"]
        let parameterValues = ["Europe/Berlin", "\"a:b\"", "\"unclosed", "", "x,y", "^'q"]
        let values = ["VEVENT", "20260301T090000", "", "a;b:c", "mailto:x@example.com"]
        let separators = [";", ":", "=", ",", " ", ""]
        var generator = SplitMix64(seed: 0x5EED)
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        var skipped = 0
        var zonesSeen = 0
        for _ in 0..<20_000 {
            var text = pick(names)
            for _ in 0..<Int(generator.next() % 3) {
                text += (generator.next() % 4 == 0 ? pick(separators) : ";") + pick(parameterNames)
                    + (generator.next() % 4 == 0 ? pick(separators) : "=") + pick(parameterValues)
            }
            if generator.next() % 5 != 0 { text += ":" + pick(values) }
            let line = Array(text.utf8)
            guard let lead = line.first, lead != 0x20, lead != 0x09 else { continue }   // a leading blank folds onto the previous line
            line.withUnsafeBufferPointer { whole in
                if ScanTreeBuilder.zoneParameterRange(whole) != nil { zonesSeen += 1 }
            }
            for fold in 1...line.count {   // the first physical line: line[..<fold]
                let needed = line[..<fold].withUnsafeBufferPointer { Self.skipping.needsLine(startingWith: $0) }
                guard !needed else { continue }
                skipped += 1
                line.withUnsafeBufferPointer { whole in
                    #expect(!ScanTreeBuilder.isBeginOrEnd(whole), "\(text) split at \(fold)")
                    #expect(ScanTreeBuilder.zoneParameterRange(whole) == nil, "\(text) split at \(fold)")
                }
            }
        }
        // The generator reaches both kinds: lines left ungathered, and lines that name a zone.
        #expect(skipped > 10_000 && zonesSeen > 1_000, "skipped \(skipped), naming a zone \(zonesSeen)")
    }

    /// In a file: folds inside a BEGIN, an END and a TZID parameter of skipped items, and the
    /// lines around them, give the outline what the full parse gives.
    @Test func foldedStructureAndZonesInSkippedItemsAreRead() throws {
        let text = [
            "BEGIN:VCALENDAR", "X-WR-CALNAME:Folds",
            "BEGIN:VEVENT", "UID:1", "DESCRIPTION:a long text", "  folded", "DTSTART;TZ", " ID=Europe/Berlin:20260301T090000",
            "BEG", " IN:VALARM", "TRIGGER:-PT5M", "END:VALARM",
            "X-ODD;", " TZID=America/New_York:1", "ATTENDEE", " ;TZID=Asia/Tokyo:mailto:a@example.com",
            "EN", " D:VEVENT",
            "BEGIN:VTODO", "UID:2", "DUE;TZID=Europe/Paris:20260302T100000", "end:vtodo",
            "END:VCALENDAR",
        ].map { $0 + "\r\n" }.joined()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-outline-\(UUID().uuidString).ics").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var zones: [String] = []
        var items: [String] = []
        var calendars: [String] = []
        try ICalScanner(chunkBytes: 16).scan(fileAt: path, focus: .outline) { event in
            switch event {
            case .zoneReference(let zone): zones.append(zone)
            case .component(let c, _): items.append("\(c.name) \(c.line)-\(c.endLine)")
            case .calendarEnded(let root): calendars.append(root.properties.map(\.text).joined(separator: "|"))
            default: break
            }
        }
        #expect(zones == ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Europe/Paris"])
        #expect(items == ["VEVENT 3-17", "VTODO 19-22"])
        #expect(calendars == ["X-WR-CALNAME:Folds"])
        // The full parse sees the same items and zones.
        var fullItems: [String] = []
        var fullZones: [String] = []
        try ICalScanner(chunkBytes: 16).scan(fileAt: path, focus: .full) { event in
            guard case .component(let c, _) = event else { return }
            fullItems.append("\(c.name) \(c.line)-\(c.endLine)")
            fullZones += c.properties.compactMap { $0.parameter("TZID") }
        }
        #expect(fullItems == items)
        #expect(fullZones == zones)
    }

    /// Zones are reported once each, in the order first named, however their values are
    /// written (quoted, with spaces, as carets) and beyond the values remembered as bytes.
    @Test func eachZoneIsReportedOnceWhateverItsWriting() throws {
        let count = ScanTreeBuilder.zoneBytesKept + 8
        var lines = ["BEGIN:VCALENDAR"]
        for round in 0..<3 {
            for k in 0..<count {
                let written: String
                switch (round + k) % 3 {
                case 0: written = "Zone/\(k)"
                case 1: written = "\"Zone/\(k)\""
                default: written = " Zone/\(k) "
                }
                lines += ["BEGIN:VEVENT", "UID:\(round)-\(k)", "DTSTART;TZID=\(written):20260301T090000", "END:VEVENT"]
            }
        }
        lines += ["BEGIN:VEVENT", "UID:caret", "DTSTART;TZID=Caret^'s:20260301T090000", "DTEND;TZID=\"Caret^'s\":20260301T100000",
                  "END:VEVENT", "END:VCALENDAR"]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-zones-\(UUID().uuidString).ics").path
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var zones: [String] = []
        try ICalScanner().scan(fileAt: path, focus: .outline) { event in
            if case .zoneReference(let zone) = event { zones.append(zone) }
        }
        #expect(zones == (0..<count).map { "Zone/\($0)" } + ["Caret\"s"])
    }

    /// Zone references only let zones be built ahead: once every VTIMEZONE defined so far was
    /// named, an outline stops searching item lines for TZIDs, until another zone is defined.
    @Test func onceEveryDefinedZoneIsNamedTheOutlineStopsSearching() throws {
        func zone(_ tzid: String) -> [String] {
            ["BEGIN:VTIMEZONE", "TZID:\(tzid)", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100",
             "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"]
        }
        func event(_ uid: String, _ tzid: String) -> [String] {
            ["BEGIN:VEVENT", "UID:\(uid)", "DTSTART;TZID=\(tzid):20260301T090000", "END:VEVENT"]
        }
        let lines = ["BEGIN:VCALENDAR"] + event("before", "Named/Before") + zone("Zone/A") + event("a", "Zone/A")
            + event("skipped", "Not/Searched") + zone("Zone/B") + event("b", "Zone/B") + event("again", "Not/Searched/Either")
            + ["END:VCALENDAR"]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-named-\(UUID().uuidString).ics").path
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var zones: [String] = []
        try ICalScanner().scan(fileAt: path, focus: .outline) { event in
            if case .zoneReference(let zone) = event { zones.append(zone) }
        }
        // Before any zone is defined, every line is searched.
        #expect(zones == ["Named/Before", "Zone/A", "Zone/B"])
    }

    /// Past the nesting limit and outside any VCALENDAR, the outline's skipping state follows
    /// the structure (the scanner asserts it on every line in debug builds): the outline finds
    /// the items the full parse finds, and the zones their lines name.
    @Test func outlineFollowsTheStructurePastTheDepthLimitAndOutsideCalendars() throws {
        let text = [
            // A zone no line names, so that the outline keeps searching lines for zones (it stops
            // once every zone defined so far was named: `onceEveryDefinedZoneIsNamed...`).
            "BEGIN:VTIMEZONE", "TZID:Never/Named", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100",
            "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:bare", "DTSTART;TZID=Bare/Zone:20260301T090000",
            "BEGIN:VALARM", "TRIGGER;TZID=Deep/Zone:-PT5M", "BEGIN:X-DEEPER", "X-P;TZID=Deeper/Zone:1", "END:X-DEEPER", "END:VALARM",
            "DTEND;TZID=After/Deep:20260301T100000", "END:VEVENT",
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:in", "BEGIN:VALARM", "TRIGGER:-PT5M", "END:VALARM",
            "RDATE;TZID=In/Calendar:20260302T090000", "END:VEVENT", "END:VCALENDAR",
            "BEGIN:VTODO", "UID:after", "DUE;TZID=Last/Zone:20260303T090000", "END:VTODO",
        ].map { $0 + "\r\n" }.joined()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-depth-\(UUID().uuidString).ics").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for depth in [1, 2, 64] {
            var outlineItems: [String] = []
            var zones: [String] = []
            try ICalScanner(maxNestingDepth: depth, chunkBytes: 32).scan(fileAt: path, focus: .outline) { event in
                switch event {
                case .component(let c, let inCalendar): outlineItems.append("\(c.name) \(c.line)-\(c.endLine) \(inCalendar)")
                case .zoneReference(let zone): zones.append(zone)
                default: break
                }
            }
            var fullItems: [String] = []
            try ICalScanner(maxNestingDepth: depth, chunkBytes: 32).scan(fileAt: path, focus: .full) { event in
                if case .component(let c, let inCalendar) = event { fullItems.append("\(c.name) \(c.line)-\(c.endLine) \(inCalendar)") }
            }
            #expect(outlineItems == fullItems, "depth \(depth)")
            #expect(outlineItems == ["VTIMEZONE 1-8 false", "VEVENT 9-19 false", "VEVENT 21-27 true", "VTODO 29-32 false"], "depth \(depth)")
            // Lines inside subcomponents past the limit are not read (nor kept by the full
            // parse); the others name their zones.
            let expected = depth == 1 ? ["Bare/Zone", "After/Deep", "In/Calendar", "Last/Zone"]
                : depth == 2 ? ["Bare/Zone", "Deep/Zone", "After/Deep", "In/Calendar", "Last/Zone"]
                : ["Bare/Zone", "Deep/Zone", "Deeper/Zone", "After/Deep", "In/Calendar", "Last/Zone"]
            #expect(zones == expected, "depth \(depth)")
        }
    }
}
