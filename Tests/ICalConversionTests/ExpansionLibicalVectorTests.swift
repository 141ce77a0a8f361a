import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// libical's recurrence vectors (`libical/src/test/icalrecur_test.txt`, run by `make conformance`
/// through the expander) that libical 3.0.16 gets wrong by itself and the expander corrects.
/// Expected instants are the vector file's INSTANCES lines (independent data), not icalkit's output.
@Suite("Expansion: libical vectors")
struct ExpansionLibicalVectorTests {
    /// icalrecur_test.txt, "RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=SU,TH,TH" from 2011-11-20T10:00Z:
    /// a BY list is a set (RFC 5545 §3.3.10); libical 3.0.16 gives the Thursday twice and counts it.
    @Test func repeatedByDayValueCountsOnce() throws {
        let list = try ExpansionCorpusRegressionTests.expand("""
            BEGIN:VEVENT
            UID:v656
            DTSTAMP:20260101T000000Z
            DTSTART:20111120T100000Z
            RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=SU,TH,TH
            END:VEVENT

            """, from: Fixture.utc(2011, 1, 1), to: Fixture.utc(2013, 1, 1))
        #expect(Fixture.starts(list) == ["2011-11-20T10:00:00Z", "2011-11-24T10:00:00Z", "2011-11-27T10:00:00Z"])
    }

    /// icalrecur_test.txt, "RRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3" with a DATE
    /// DTSTART 2024-10-18: RFC 5545 §3.3.10 says BYSECOND, BYMINUTE and BYHOUR "MUST be ignored"
    /// with a DATE DTSTART; libical 3.0.16 repeats the date for each minute instead.
    @Test func byMinuteIgnoredForDateStart() throws {
        let list = try ExpansionCorpusRegressionTests.expand("""
            BEGIN:VEVENT
            UID:v400
            DTSTAMP:20260101T000000Z
            DTSTART;VALUE=DATE:20241018
            RRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3
            END:VEVENT

            """, from: Fixture.utc(2024, 1, 1), to: Fixture.utc(2026, 1, 1))
        #expect(Fixture.walls(list) == ["20241018T000000", "20241020T000000", "20241022T000000"])
    }
}
