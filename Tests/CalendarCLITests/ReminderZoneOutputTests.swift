@testable import CalendarCLI
import CalendarTestSupport
import Foundation
import Testing

/// A reminder's `due` and `start` in a VTIMEZONE that no tz database zone agrees with carry
/// the definition's own offset at each date (issue 22 part 2), in `convert --to json` and in
/// `reminders --format json`. The zone is ``OutlookZones/fictitious``: +03:00, and +04:00
/// from the first Sunday of May 02:00 (2026-05-03) to the first Sunday of September 02:00
/// (2026-09-06). Expected values from its rules and RFC 5545 §3.3.5: a local time that does
/// not exist is read with the offset before the gap (02:30 is 23:30Z, which is 03:30 at
/// +04:00), one that occurs twice is the first occurrence (01:30 at +04:00).
@Suite("Reminder dates in a zone defined by its VTIMEZONE")
struct ReminderZoneOutputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var wall: String
        var expected: String
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "winter, +03:00", wall: "20260115T120000", expected: "2026-01-15T12:00:00+03:00"),
        Case(name: "summer, +04:00", wall: "20260615T120000", expected: "2026-06-15T12:00:00+04:00"),
        Case(name: "in the May gap: offset before it", wall: "20260503T023000", expected: "2026-05-03T03:30:00+04:00"),
        Case(name: "twice in September: the first", wall: "20260906T013000", expected: "2026-09-06T01:30:00+04:00"),
    ]

    /// One VTODO in the fictitious zone: DTSTART 2026-01-15 12:00 (winter), DUE at `wall`.
    static func calendar(due wall: String) -> String {
        let zone = OutlookZones.vtimezone("Fictitious", OutlookZones.fictitious)
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example//Test//EN\r\n" + zone
            + "BEGIN:VTODO\r\nUID:t@example.com\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Task\r\n"
            + "DTSTART;TZID=Fictitious:20260115T120000\r\nDUE;TZID=Fictitious:\(wall)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    @Test(arguments: cases)
    func convertAndStoreGiveTheDefinitionsOffset(_ c: Case) throws {
        let store = try StoreUnderTest()
        let path = store.directory.path("todo.ics")
        try Self.calendar(due: c.wall).write(toFile: path, atomically: true, encoding: .utf8)

        let result = runCLI(["convert", path, "--to", "json"])
        #expect(result.status == .ok, "\(result)")
        let calendars = try jsonObject(result.stdout)["calendars"] as? [[String: Any]] ?? []
        let converted = try #require(calendars.first?["reminders"] as? [[String: Any]]).first
        #expect(converted?["due"] as? String == c.expected)
        #expect(converted?["start"] as? String == "2026-01-15T12:00:00+03:00")

        store.ok(["import", path])
        let stored = try store.reminders().first
        #expect(stored?["due"] as? String == c.expected)
        #expect(stored?["start"] as? String == "2026-01-15T12:00:00+03:00")
    }
}
