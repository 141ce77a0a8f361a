@testable import CalendarFormats
import CalendarTestSupport
import Foundation
import Testing

/// The published schema (`Docs/icalkit-json.schema.json`) and the JSON reader agree on the
/// words they take, and the reader's dates are those RFC 3339 §5.6 writes.
@Suite("icalkit JSON: schema and reader")
struct CalendarJSONSchemaTests {
    static func schema() throws -> JSONNode {
        let url = TestFiles.packageRoot.appendingPathComponent("Docs/icalkit-json.schema.json")
        return try JSONNode(parsing: [UInt8](Data(contentsOf: url)))
    }

    static func enumeration(_ schema: JSONNode, _ definition: String, _ property: String) throws -> Set<String> {
        let values = try #require(schema["$defs"]?[definition]?["properties"]?[property]?["enum"]?.array)
        return Set(values.compactMap(\.string))
    }

    @Test func enumerationsAreTheReaders() throws {
        let schema = try Self.schema()
        #expect(try Self.enumeration(schema, "participant", "role") == Set(CalendarJSONParticipant.roles.keys))
        #expect(try Self.enumeration(schema, "participant", "status") == Set(CalendarJSONParticipant.statuses.keys))
        #expect(try Self.enumeration(schema, "participant", "type") == Set(CalendarJSONParticipant.types.keys))
        #expect(try Self.enumeration(schema, "alarm", "action") == Set(CalendarJSONParticipant.actions))
        #expect(try Self.enumeration(schema, "event", "status") == Set(CalendarJSONEvent.statuses.keys))
        let required = try #require(schema["$defs"]?["event"]?["required"]?.array).compactMap(\.string)
        #expect(required == ["uid", "start"])
    }

    struct DateCase: Sendable, CustomTestStringConvertible {
        let text: String, zone: String?, line: String
        var testDescription: String { "\(text) in \(zone ?? "no zone")" }
    }

    /// RFC 3339 §5.6's forms, and the iCalendar line each gives (RFC 5545 §3.3.5's forms).
    static let dates: [DateCase] = [
        DateCase(text: "2026-03-02", zone: nil, line: "DTSTART;VALUE=DATE:20260302"),
        DateCase(text: "2026-03-02T09:00:00", zone: nil, line: "DTSTART:20260302T090000"),
        DateCase(text: "2026-03-02T09:00:00", zone: "Europe/Berlin", line: "DTSTART;TZID=Europe/Berlin:20260302T090000"),
        DateCase(text: "2026-03-02T08:00:00Z", zone: nil, line: "DTSTART:20260302T080000Z"),
        DateCase(text: "2026-03-02T08:00:00.250z", zone: nil, line: "DTSTART:20260302T080000Z"),
        DateCase(text: "2026-03-02T09:00:00+01:00", zone: "Europe/Berlin", line: "DTSTART;TZID=Europe/Berlin:20260302T090000"),
        DateCase(text: "2026-03-02T09:00:00+01:00", zone: "America/New_York", line: "DTSTART;TZID=America/New_York:20260302T030000"),
        DateCase(text: "2026-03-02T09:00:00+01:00", zone: "Customized Time Zone", line: "DTSTART:20260302T080000Z"),
        DateCase(text: "2026-07-01T09:00:00-04:00", zone: "UTC", line: "DTSTART:20260701T130000Z"),
    ]

    @Test(arguments: dates)
    func datesAsICalendar(_ c: DateCase) throws {
        #expect(try CalendarJSONDate(c.text, at: JSONPath()).line("DTSTART", inZone: c.zone) == c.line)
    }

    @Test(arguments: ["2026-3-2", "2026-02-29", "2026-03-02T25:00:00Z", "2026-03-02 09:00:00", "2026-03-02T09:00:00+0100", ""])
    func notADate(_ text: String) {
        #expect(throws: FormatError.self) { try CalendarJSONDate(text, at: JSONPath()) }
    }

    @Test func detectsJSONByContentAndExtension() {
        #expect(InputFormat.detect(prefix: Array(" {\"calendars\": []}".utf8), fileExtension: "") == .calendarJSON)
        #expect(InputFormat.detect(prefix: Array("".utf8), fileExtension: "json") == .calendarJSON)
        #expect(InputFormat.detect(prefix: Array("[\"vcalendar\"".utf8), fileExtension: "json") == .jcal)
        let vcal = Array("BEGIN:VCALENDAR\r\nVERSION:1.0\r\n".utf8)
        #expect(InputFormat.detect(prefix: vcal, fileExtension: "") == .vCalendar)
        #expect(InputFormat.detect(prefix: vcal, fileExtension: "ics") == .iCalendar)
        #expect(InputFormat.detect(prefix: Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n".utf8), fileExtension: "vcs") == .vCalendar)
    }
}
