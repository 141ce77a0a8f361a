import CalendarModel
import Foundation
import ICalConversion
import Testing

/// ``ICalendarReader`` streaming a file: zones and calendar lines written after the items that
/// need them, several calendars and bare components, and the in-memory form agreeing.
/// Expected instants are worked out by hand from the offsets in the input.
@Suite("ICalendarReader: streaming")
struct StreamingReadTests {
    static func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-read-\(UUID().uuidString).ics").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    static func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    static func streamDocuments(_ path: String) throws -> (ReadResult, [CalendarDocument], [String]) {
        var documents: [CalendarDocument] = []
        var order: [String] = []
        let result = try ICalendarReader().read(fileAt: path) { event in
            switch event {
            case .calendarBegan(let d): order.append("begin \(d.calendar.title)")
            case .event(let e): order.append("event \(e.uid)")
            case .reminder(let r): order.append("reminder \(r.uid)")
            case .extraComponent: order.append("extra")
            case .calendarEnded: order.append("end")
            }
            ICalendarReader.collect(event, into: &documents)
        }
        return (result, documents, order)
    }

    /// A zone 3 hours east of UTC, defined after the event that uses it, and the calendar's
    /// name written after its items too.
    static let zoneAfterItsUser = crlf([
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "BEGIN:VEVENT",
        "UID:late-zone@x",
        "DTSTAMP:20260101T000000Z",
        "DTSTART;TZID=Custom Plus Three:20260301T090000",
        "DTEND;TZID=Custom Plus Three:20260301T100000",
        "END:VEVENT",
        "BEGIN:VTIMEZONE",
        "TZID:Custom Plus Three",
        "BEGIN:STANDARD",
        "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0300",
        "TZOFFSETTO:+0300",
        "END:STANDARD",
        "END:VTIMEZONE",
        "X-WR-CALNAME:Written last",
        "END:VCALENDAR",
    ])

    @Test func aZoneDefinedAfterItsUserIsApplied() throws {
        try Self.withFile(Self.zoneAfterItsUser) { path in
            let (result, documents, order) = try Self.streamDocuments(path)
            #expect(order == ["begin Written last", "event late-zone@x", "end"])
            let event = try #require(documents.first?.events.first)
            // 09:00 at UTC+3 is 06:00 UTC.
            #expect(event.startDate == Date(timeIntervalSince1970: 1_772_344_800))
            #expect(event.endDate == Date(timeIntervalSince1970: 1_772_348_400))
            #expect(event.timeZoneIdentifier == "Custom Plus Three")
            #expect(!result.diagnostics.contains { $0.message.contains("unknown TZID") }, "\(result.diagnostics)")
            #expect(documents.first?.timeZones.map(\.tzid) == ["Custom Plus Three"])
            // The in-memory form reads the same.
            let inMemory = ICalendarReader().read(Data(Self.zoneAfterItsUser.utf8), fileName: path)
            #expect(inMemory.documents == documents)
            #expect(inMemory.diagnostics == result.diagnostics)
        }
    }

    @Test func calendarsThenBareComponentsInOrder() throws {
        let text = Self.crlf([
            "BEGIN:VEVENT", "UID:bare-1@x", "DTSTART:20260301T090000Z", "END:VEVENT",          // 1-4
            "BEGIN:VCALENDAR", "X-WR-CALNAME:First", "BEGIN:VTODO", "UID:t@x", "END:VTODO", "END:VCALENDAR",   // 5-10
            "BEGIN:VCALENDAR", "X-WR-CALNAME:Second", "BEGIN:VEVENT", "UID:e@x", "DTSTART:20260302T090000Z", "END:VEVENT",
            "BEGIN:X-VENDOR", "X-A:1", "END:X-VENDOR", "END:VCALENDAR",                         // 11-20
            "BEGIN:VEVENT", "UID:bare-2@x", "DTSTART:20260303T090000Z", "END:VEVENT",           // 21-24
        ])
        try Self.withFile(text) { path in
            let (result, documents, order) = try Self.streamDocuments(path)
            let bareTitle = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            #expect(order == ["begin First", "reminder t@x", "end",
                              "begin Second", "event e@x", "extra", "end",
                              "begin \(bareTitle)", "event bare-1@x", "event bare-2@x", "end"])
            #expect(documents.map { $0.events.count + $0.reminders.count } == [1, 1, 2])
            let note = try #require(result.diagnostics.first { $0.message.contains("outside any VCALENDAR") })
            #expect(note.message.hasPrefix("2 component(s)"))
            #expect(note.line == 1)
            #expect(ICalendarReader().read(Data(text.utf8), fileName: path).documents == documents)
        }
    }

    @Test func notICalendarIsRefusedBeforeAnyItem() throws {
        try Self.withFile("<html>not a calendar</html>\n") { path in
            let (result, documents, order) = try Self.streamDocuments(path)
            #expect(result.refused)
            #expect(documents.isEmpty && order.isEmpty)
        }
    }
}
