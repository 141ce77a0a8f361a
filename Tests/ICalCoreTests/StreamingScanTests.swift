import Foundation
import ICalCore
import Testing

/// ``ICalScanner/scan(fileAt:focus:_:)``: a file read in chunks of every small size, so each
/// line end, fold and multi-byte character lands on a chunk boundary in some run. Expected
/// values (line numbers, unfolded values) are counted by hand from the input.
@Suite("ICalScanner: streaming")
struct StreamingScanTests {
    /// Writes `bytes` to a temporary file, runs `body` with its path, removes it.
    static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-stream-\(UUID().uuidString).ics").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Every event of a streamed scan, with the components flattened in order.
    struct Streamed {
        var calendarsBegun: [Int] = []
        var items: [(RawComponent, inCalendar: Bool)] = []
        var calendars: [RawComponent] = []
        var issues: [ScanIssue] = []
        var zones: [String] = []
    }

    static func stream(_ path: String, chunk: Int, maxLineBytes: Int = 16 << 20, focus: ICalScanner.Focus = .full) throws -> (Streamed, ICalScanner.Summary) {
        var s = Streamed()
        let summary = try ICalScanner(maxLineBytes: maxLineBytes, chunkBytes: chunk).scan(fileAt: path, focus: focus) { event in
            switch event {
            case .calendarBegan(let line): s.calendarsBegun.append(line)
            case .component(let c, let inCalendar): s.items.append((c, inCalendar))
            case .calendarEnded(let root): s.calendars.append(root)
            case .issue(let issue): s.issues.append(issue)
            case .zoneReference(let zone): s.zones.append(zone)
            }
        }
        return (s, summary)
    }

    // Lines (1-based):           1                 2            3               4
    static let text: [UInt8] = Array("\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a@x\r\n".utf8)
        // 5-6: a fold right after "Caf", so the fold's CRLF+space sits inside "é" in some chunkings;
        // 7: a four-byte character.
        + Array("SUMMARY:Caf\r\n é au lait\r\nDESCRIPTION:\u{1F600} ok\r\nEND:VEVENT\n".utf8)
        // 9-12 with LF and lone CR line ends; a VTODO spanning them.
        + Array("BEGIN:VTODO\rUID:b@x\nSUMMARY:second\r\nEND:VTODO\r\n".utf8)
        // 13: END:VCALENDAR; 14-16: a bare VEVENT
        + Array("END:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:bare@x\r\nEND:VEVENT".utf8)   // 14-16, no final line end

    @Test func itemsAreHandedOverWholeAtEveryChunkSize() throws {
        try Self.withFile(Self.text) { path in
            for chunk in 4...Self.text.count + 1 {
                let (s, summary) = try Self.stream(path, chunk: chunk)
                #expect(s.issues.isEmpty, "chunk \(chunk)")
                #expect(summary.lineCount == 16, "chunk \(chunk)")
                #expect(s.calendarsBegun == [1], "chunk \(chunk)")
                #expect(s.items.map { "\($0.0.name) \($0.0.line)-\($0.0.endLine) \($0.inCalendar)" }
                        == ["VEVENT 3-8 true", "VTODO 9-12 true", "VEVENT 14-16 false"], "chunk \(chunk)")
                let event = s.items[0].0
                #expect(event.property("SUMMARY")?.value == "Café au lait", "chunk \(chunk)")
                #expect(event.property("SUMMARY")?.line == 5, "chunk \(chunk)")
                #expect(event.property("DESCRIPTION")?.value == "\u{1F600} ok", "chunk \(chunk)")
                #expect(event.property("DESCRIPTION")?.line == 7, "chunk \(chunk)")
                #expect(s.items[1].0.property("SUMMARY")?.line == 11, "chunk \(chunk)")
                #expect(s.items[2].0.property("UID")?.value == "bare@x", "chunk \(chunk)")
                // The calendar comes back with its own lines only; its items were handed over.
                #expect(s.calendars.map(\.name) == ["VCALENDAR"])
                #expect(s.calendars.first?.properties.map(\.name) == ["VERSION"])
                #expect(s.calendars.first?.components.isEmpty == true)
            }
        }
    }

    @Test func theTreeFormIsBuiltFromTheSameEvents() throws {
        let tree = ICalScanner().scan(Self.text)
        #expect(tree.components.map(\.name) == ["VCALENDAR", "VEVENT"])
        #expect(tree.components[0].components.map(\.name) == ["VEVENT", "VTODO"])
        #expect(tree.components[0].components[0].property("SUMMARY")?.value == "Café au lait")
        #expect(tree.lineCount == 16)
    }

    @Test func outlineReadsOnlyCalendarLinesAndTimeZones() throws {
        let bytes = Array("""
            BEGIN:VCALENDAR\r
            X-WR-TIMEZONE:Europe/Paris\r
            BEGIN:VEVENT\r
            UID:a\r
            DTSTART;TZID=Late:20260301T090000\r
            END:VEVENT\r
            BEGIN:VTIMEZONE\r
            TZID:Late\r
            BEGIN:STANDARD\r
            DTSTART:19700101T000000\r
            TZOFFSETFROM:+0300\r
            TZOFFSETTO:+0300\r
            END:STANDARD\r
            END:VTIMEZONE\r
            X-AFTER:1\r
            END:VCALENDAR\r

            """.utf8)
        try Self.withFile(bytes) { path in
            for chunk in [5, 17, 64, 4096] {
                let (s, summary) = try Self.stream(path, chunk: chunk, focus: .outline)
                #expect(!summary.refused)
                #expect(s.items.map { "\($0.0.name) \($0.0.line)" } == ["VEVENT 3", "VTIMEZONE 7"])
                #expect(s.items[0].0.properties.isEmpty, "an item other than VTIMEZONE is a shell in the outline")
                #expect(s.items[1].0.property("TZID")?.value == "Late")
                #expect(s.items[1].0.components.first?.property("TZOFFSETTO")?.value == "+0300")
                #expect(s.calendars.first?.properties.map(\.name) == ["X-WR-TIMEZONE", "X-AFTER"])
            }
        }
    }

    /// An outline scan names each zone the items use once, in order of first mention: TZID
    /// parameters in any letter case, quoted (a quoted value may hold `:` and `;`) or not,
    /// on any property and in subcomponents, and the calendar's X-WR-TIMEZONE. A `;TZID=` inside
    /// a quoted value or in the property value is no parameter. Full scans name none.
    @Test func outlineNamesTheZonesItemsUse() throws {
        let bytes = Array("""
            BEGIN:VCALENDAR
            X-WR-TIMEZONE: Europe/Paris 
            BEGIN:VEVENT
            DTSTART;TZID=Europe/Berlin:20260301T090000
            DTEND;VALUE=DATE-TIME;tzid="America/New_York":20260301T100000
            EXDATE;TZID=Europe/Berlin:20260302T090000
            ATTENDEE;CN="Doe;TZID=Fake":mailto:a@x;TZID=Also-fake
            DESCRIPTION:see;TZID=NotOne
            X-THING;X-P="a:b";Tzid="Weird: Zone; Here":x
            BEGIN:VALARM
            TRIGGER;VALUE=DATE-TIME;TZID=Asia/Tokyo:20260301T080000
            END:VALARM
            END:VEVENT
            BEGIN:VTODO
            DUE;TZID=America/New_York:20260305T170000
            DTSTART;TZID=:20260305T170000
            END:VTODO
            END:VCALENDAR

            """.utf8)
        try Self.withFile(bytes) { path in
            for chunk in [5, 23, 4096] {
                let (outline, _) = try Self.stream(path, chunk: chunk, focus: .outline)
                #expect(outline.zones == ["Europe/Paris", "Europe/Berlin", "America/New_York", "Weird: Zone; Here", "Asia/Tokyo"],
                        "chunk \(chunk)")
                let (full, _) = try Self.stream(path, chunk: chunk, focus: .full)
                #expect(full.zones.isEmpty, "chunk \(chunk)")
            }
        }
    }

    /// Odd lines in the outline: the TZID parameter is read as the full parse reads it.
    @Test func outlineReadsZoneParametersAsTheParserDoes() throws {
        let lines = [
            "DTSTART;TZID=NoColon",                       // no value: not a property line
            "DTSTART;X=a\"b:c\";TZID=Fake:20260301",      // a quote inside a value opens nothing: the value starts at "b:"
            "DTSTART; tzid =Spaced:20260301T090000",
            "DTSTART;TZID=\"Unclosed:20260301T090000",    // the quote runs to the end: no ':' after it
            "DTSTART;TZID=Caret^'s Zone:20260301T090000",  // RFC 6868: ^' is a double quote
            "DTSTART;TZID=Zürich:20260301T090000",
            "DTSTART;TZID=First,Second:20260301T090000",
        ]
        let bytes = Array(("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n" + lines.map { $0 + "\r\n" }.joined()
                           + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
        try Self.withFile(bytes) { path in
            let (outline, _) = try Self.stream(path, chunk: 4096, focus: .outline)
            #expect(outline.zones == ["Spaced", "Caret\"s Zone", "Zürich", "First"])
            // The full parse of the same lines gives the same first TZIDs.
            let (full, _) = try Self.stream(path, chunk: 4096, focus: .full)
            let parsed = full.items.first?.0.properties.compactMap { $0.parameter("TZID") } ?? []
            #expect(parsed == ["Spaced", "Caret\"s Zone", "Zürich", "First"])
        }
    }

    @Test func aLineOverTheLimitIsDroppedEvenWhenLongerThanTheBuffer() throws {
        let long = "DESCRIPTION:" + String(repeating: "x", count: 300)
        let bytes = TestBytes.lines(["BEGIN:VEVENT", "UID:1", long, " folded tail", "SUMMARY:kept", "END:VEVENT"])
        try Self.withFile(bytes) { path in
            for chunk in [4, 7, 16, 64, 1024] {
                let (s, summary) = try Self.stream(path, chunk: chunk, maxLineBytes: 40)
                #expect(s.issues.map(\.kind) == [.lineTooLong], "chunk \(chunk)")
                #expect(s.issues.first?.line == 3, "chunk \(chunk)")
                #expect(s.items.first?.0.properties.map(\.name) == ["UID", "SUMMARY"], "chunk \(chunk)")
                #expect(s.items.first?.0.property("SUMMARY")?.line == 5, "chunk \(chunk)")
                #expect(summary.lineCount == 6, "chunk \(chunk)")
            }
        }
    }

    @Test func utf16IsRefusedFromAFile() throws {
        try Self.withFile([0xFF, 0xFE, 0x42, 0x00]) { path in
            let (s, summary) = try Self.stream(path, chunk: 4)
            #expect(summary.refused && summary.unsupportedEncoding)
            #expect(s.issues.map(\.kind) == [.unsupportedEncoding])
        }
    }

    @Test func aMissingFileThrowsAFileError() {
        #expect(throws: ICalError.self) {
            try ICalScanner().scan(fileAt: "/nonexistent/icalkit/feed.ics") { _ in }
        }
    }
}
