import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// A series whose DTSTART (or DTEND) is written at a local time in a spring-forward gap
/// (issue 22, part 1). Each instance keeps DTSTART's written wall clock; only an instance whose
/// own local time does not exist moves past the gap (RFC 5545 §3.3.5 for DTSTART; for generated
/// instances KNOWN_DIFFERENCES R4). Expected starts are recurring-ical-events 3.8.2's (the oracle
/// venv, `recurring_ical_events.of(cal).between(...)`), pasted as UTC; expected lengths are the
/// written DTEND − DTSTART (RFC 5545 §3.8.5.3: the exact duration applies to every instance;
/// recurring-ical-events computes ends on the wall clock, K17).
@Suite("Expansion: DTSTART and DTEND in a spring-forward gap")
struct ExpansionGapTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var dtstart: String
        var end: String   // `DTEND;TZID=America/New_York:...` or `DURATION:...`
        var rrule: String
        var starts: [String]
        var length: TimeInterval
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "DTSTART 02:30 in the gap: 03:30 EDT that day, 02:30 EDT after", dtstart: "20260308T023000",
             end: "DTEND;TZID=America/New_York:20260308T033000", rrule: "FREQ=DAILY;COUNT=3",
             starts: ["2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"], length: 3600),
        Case(name: "DTSTART and DTEND both in the gap", dtstart: "20260308T023000",
             end: "DTEND;TZID=America/New_York:20260308T024500", rrule: "FREQ=DAILY;COUNT=2",
             starts: ["2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"], length: 900),
        Case(name: "DTEND in the gap, DTSTART before it", dtstart: "20260308T013000",
             end: "DTEND;TZID=America/New_York:20260308T023000", rrule: "FREQ=DAILY;COUNT=3",
             starts: ["2026-03-08T06:30:00Z", "2026-03-09T05:30:00Z", "2026-03-10T05:30:00Z"], length: 3600),
        Case(name: "a generated instance in the gap moves past it", dtstart: "20260307T023000",
             end: "DTEND;TZID=America/New_York:20260307T030000", rrule: "FREQ=DAILY;COUNT=3",
             starts: ["2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"], length: 1800),
        Case(name: "DTSTART in the gap with DURATION", dtstart: "20260308T023000",
             end: "DURATION:PT1H", rrule: "FREQ=DAILY;COUNT=2",
             starts: ["2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"], length: 3600),
    ]

    @Test(arguments: cases)
    func recursOnTheWrittenWallClock(_ c: Case) throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:gap\r\nDTSTAMP:20260101T000000Z\r\n"
            + "DTSTART;TZID=America/New_York:\(c.dtstart)\r\n\(c.end)\r\nRRULE:\(c.rrule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let read = ICalendarReader().read(Data(text.utf8), fileName: "gap.ics")
        let doc = try #require(read.documents.first)
        let event = try #require(doc.events.first)
        let expander = RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
        let list = try expander.occurrences(master: event, overrides: [], calendarTitle: "t",
                                            matching: Fixture.window(Fixture.utc(2026, 3, 1), Fixture.utc(2026, 4, 1)))
        #expect(Fixture.starts(list) == c.starts)
        #expect(list.map { $0.endDate.timeIntervalSince($0.startDate) } == Array(repeating: c.length, count: c.starts.count))
    }

    /// The same series built in code (no source text): the instant is all the model has, so it
    /// recurs at that instant's wall clock (03:30), as before.
    @Test func eventWithoutSourceKeepsItsInstant() throws {
        let master = Fixture.zoned("gap", "America/New_York", start: Fixture.utc(2026, 3, 8, 7, 30), rrule: "FREQ=DAILY;COUNT=2")
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 1), Fixture.utc(2026, 4, 1)))
        #expect(Fixture.starts(list) == ["2026-03-08T07:30:00Z", "2026-03-09T07:30:00Z"])
    }
}
