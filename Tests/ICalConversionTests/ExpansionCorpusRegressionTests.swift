import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// Cases found by `make conformance` (corpus vs recurring-ical-events, libical's recur.txt),
/// read from iCalendar text through the reader and expanded. Expected instants were worked out
/// by hand from RFC 5545 (weekdays and zone offsets checked with python `datetime`/`zoneinfo`),
/// not taken from icalkit's output.
@Suite("Expansion: corpus regressions")
struct ExpansionCorpusRegressionTests {
    /// Reads a VCALENDAR body and expands its one series over `[from, to)` UTC.
    static func expand(_ body: String, from: Date, to: Date) throws -> [Occurrence] {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icalkit//tests//EN\r\n"
            + body.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n"
        let result = ICalendarReader().read(Data(text.utf8), fileName: "t.ics")
        let doc = try #require(result.documents.first)
        let master = doc.events.first { $0.occurrenceDate == nil }
        let overrides = doc.events.filter { $0.occurrenceDate != nil }
        let expander = RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
        return try expander.occurrences(master: master, overrides: overrides, calendarTitle: "T",
                                        matching: Fixture.window(from, to))
    }

    /// recurring-ical-events `issue_128_only_first_event.ics`: `COUNT=-1` beside UNTIL must not
    /// drop UNTIL. Every 4th Monday from Mon 2023-10-02 through 2024-03-31: 7 instances.
    @Test func negativeCountKeepsUntil() throws {
        let list = try Self.expand("""
            BEGIN:VEVENT
            UID:c
            DTSTAMP:20231102T221721Z
            DTSTART;VALUE=DATE:20231002
            DTEND;VALUE=DATE:20231009
            RRULE:FREQ=WEEKLY;UNTIL=20240331;COUNT=-1;INTERVAL=4;BYDAY=MO
            END:VEVENT

            """, from: Fixture.utc(2023, 1, 1), to: Fixture.utc(2026, 1, 1))
        #expect(Fixture.walls(list) == ["20231002T000000", "20231030T000000", "20231127T000000", "20231225T000000",
                                        "20240122T000000", "20240219T000000", "20240318T000000"])
    }

    /// recurring-ical-events `issue_28_rrule_with_UTC_endinginZ.ics` (Outlook): an all-day series
    /// whose override names its instance with `RECURRENCE-ID;TZID=…:20200416T000000`. Midnight
    /// BST is 2020-04-15T23:00Z, but the instance named is the one of 2020-04-16 (a Thursday);
    /// the override moves it to Friday 04-17.
    @Test func allDayOverrideWithZonedRecurrenceID() throws {
        let list = try Self.expand("""
            BEGIN:VEVENT
            UID:bin
            DTSTAMP:20200525T073743Z
            DTSTART;VALUE=DATE:20200402
            DTEND;VALUE=DATE:20200403
            RRULE:FREQ=WEEKLY;UNTIL=20200916T230000Z;INTERVAL=2;BYDAY=TH;WKST=MO
            END:VEVENT
            BEGIN:VEVENT
            UID:bin
            DTSTAMP:20200525T073743Z
            RECURRENCE-ID;TZID=Europe/London:20200416T000000
            DTSTART;VALUE=DATE:20200417
            DTEND;VALUE=DATE:20200418
            END:VEVENT

            """, from: Fixture.utc(2020, 4, 1), to: Fixture.utc(2020, 5, 1))
        #expect(Fixture.walls(list) == ["20200402T000000", "20200417T000000", "20200430T000000"])
        #expect(list[1].isDetached)
    }

    /// recurring-ical-events `recurring_events_changed_duration.ics`: a Berlin series (02:00
    /// local = 01:00Z in March 2019) whose last instance, `RECURRENCE-ID;TZID=Europe/Berlin:
    /// 20190310T020000`, became an all-day event on 2019-03-10. The 01:00Z instance is replaced.
    @Test func zonedInstanceTurnedAllDay() throws {
        let list = try Self.expand("""
            BEGIN:VEVENT
            UID:n
            DTSTAMP:20190307T195005Z
            RRULE:FREQ=DAILY;UNTIL=20190310T010000Z
            DTSTART;TZID=Europe/Berlin:20190307T020000
            DTEND;TZID=Europe/Berlin:20190307T030000
            END:VEVENT
            BEGIN:VEVENT
            UID:n
            DTSTAMP:20190307T195005Z
            RECURRENCE-ID;TZID=Europe/Berlin:20190310T020000
            DTSTART;VALUE=DATE:20190310
            DTEND;VALUE=DATE:20190311
            END:VEVENT

            """, from: Fixture.utc(2019, 3, 1), to: Fixture.utc(2019, 4, 1))
        let timed = list.filter { !$0.event.isAllDay }
        #expect(Fixture.starts(timed) == ["2019-03-07T01:00:00Z", "2019-03-08T01:00:00Z", "2019-03-09T01:00:00Z"])
        let allDay = list.filter { $0.event.isAllDay }
        #expect(Fixture.walls(allDay) == ["20190310T000000"])
    }

    /// icalendar `issue_184_broken_representation_of_period.ics`: an RDATE PERIOD at DTSTART
    /// gives that instance its length (10 h); DTSTART has no DTEND (length 0) otherwise.
    @Test func rdatePeriodAtDtstartGivesItsLength() throws {
        let list = try Self.expand("""
            BEGIN:VEVENT
            DTSTART:20150219T133000
            DTSTAMP:20150219T133000
            UID:1234567
            RDATE;VALUE=PERIOD:20150219T133000/PT10H
            END:VEVENT

            """, from: Fixture.utc(2015, 1, 1), to: Fixture.utc(2016, 1, 1))
        #expect(Fixture.walls(list) == ["20150219T133000"])
        #expect(list.map { $0.endDate.timeIntervalSince($0.startDate) } == [10 * 3600])
    }

    struct CountCase: Sendable, CustomTestStringConvertible {
        var id: String
        var dtstart: String
        var rrule: String
        var expected: [String]
        var testDescription: String { id }
    }

    /// RFC 5545 §3.3.10: "The DTSTART property value always counts as the first occurrence."
    /// A DTSTART the rule does not match is still the first instance and takes one COUNT place.
    static let countCases: [CountCase] = [
        // libical recur.txt "Repeat every thursday starting Tue 2nd April 2002": 6.
        CountCase(id: "weekly Thursday COUNT=6 from a Tuesday", dtstart: "20020402T114500", rrule: "FREQ=WEEKLY;COUNT=6;BYDAY=TH",
                  expected: ["20020402T114500", "20020404T114500", "20020411T114500", "20020418T114500", "20020425T114500", "20020502T114500"]),
        // RFC 5545 §3.8.5.3 "Every Friday the 13th" with COUNT=10 from Tue 1997-09-02: DTSTART + 9.
        CountCase(id: "Friday 13th COUNT=10 from 1997-09-02", dtstart: "19970902T090000", rrule: "FREQ=MONTHLY;COUNT=10;BYDAY=FR;BYMONTHDAY=13",
                  expected: ["19970902T090000", "19980213T090000", "19980313T090000", "19981113T090000", "19990813T090000",
                             "20001013T090000", "20010413T090000", "20010713T090000", "20020913T090000", "20021213T090000"]),
        CountCase(id: "COUNT=1 from a non-matching DTSTART: DTSTART only", dtstart: "20020402T114500", rrule: "FREQ=WEEKLY;COUNT=1;BYDAY=TH",
                  expected: ["20020402T114500"]),
        CountCase(id: "matching DTSTART: COUNT unchanged", dtstart: "20020402T114500", rrule: "FREQ=WEEKLY;COUNT=3;BYDAY=TU",
                  expected: ["20020402T114500", "20020409T114500", "20020416T114500"]),
        CountCase(id: "BYSETPOS emulation, non-matching DTSTART", dtstart: "20260302T090000",
                  rrule: "FREQ=WEEKLY;COUNT=3;BYDAY=TU,TH;BYSETPOS=-1",
                  expected: ["20260302T090000", "20260305T090000", "20260312T090000"]),
        // RFC 5545 §3.8.5.3's Friday-13th example removes the unsynchronized DTSTART with an
        // EXDATE; so written (ical4j Christian32Holidays.ics, Apple iCal), DTSTART is no
        // occurrence and takes no COUNT place: 4th Sunday of November 2004 = 11-28.
        CountCase(id: "EXDATE removes a non-matching DTSTART: COUNT is the rule's",
                  dtstart: "20041031T090000\nEXDATE:20041031T090000", rrule: "FREQ=YEARLY;COUNT=1;BYMONTH=11;BYDAY=4SU",
                  expected: ["20041128T090000"]),
        // Several RRULEs: the first produces DTSTART (Thu 2023-01-12), so the second keeps its
        // COUNT=2 (2nd Mondays: 2023-02-13, 2023-03-13) (recurring-ical-events multiple_rrule.ics).
        CountCase(id: "another RRULE produces DTSTART", dtstart: "20230112T100000",
                  rrule: "FREQ=WEEKLY;BYDAY=TH;COUNT=2\nRRULE:FREQ=MONTHLY;BYDAY=2MO;COUNT=2",
                  expected: ["20230112T100000", "20230119T100000", "20230213T100000", "20230313T100000"]),
    ]

    @Test(arguments: countCases)
    func dtstartCountsTowardCount(_ c: CountCase) throws {
        let list = try Self.expand("""
            BEGIN:VEVENT
            UID:count
            DTSTAMP:20260101T000000Z
            DTSTART:\(c.dtstart)
            DURATION:PT1H
            RRULE:\(c.rrule)
            END:VEVENT

            """, from: Fixture.utc(1990, 1, 1), to: Fixture.utc(2035, 1, 1))
        #expect(Fixture.walls(list) == c.expected)
    }

    /// recurring-ical-events `issue_253_additional_recurrence_id.ics`: the master (SEQUENCE 2,
    /// every other Monday from 2024-07-01 UNTIL 2024-07-20: 07-01 and 07-15) and a leftover of
    /// its earlier revision (SEQUENCE 1, RECURRENCE-ID 2024-07-29, no longer an instance). The
    /// leftover is superseded (RFC 5545 §3.8.4.4, RFC 5546 §2.1.5); with the master's SEQUENCE
    /// the same component adds an instance (RFC 5545 §3.8.4.4).
    @Test(arguments: [(1, ["20240701T000000", "20240715T000000"]),
                      (2, ["20240701T000000", "20240715T000000", "20240729T000000"])])
    func staleOverrideNamingNoInstance(sequence: Int, expected: [String]) throws {
        let list = try Self.expand("""
            BEGIN:VEVENT
            UID:111
            DTSTAMP:20240707T214014Z
            DTSTART;VALUE=DATE:20240729
            DTEND;VALUE=DATE:20240804
            RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO
            RECURRENCE-ID;VALUE=DATE:20240729
            SEQUENCE:\(sequence)
            END:VEVENT
            BEGIN:VEVENT
            UID:111
            DTSTAMP:20240707T214014Z
            DTSTART;VALUE=DATE:20240701
            DTEND;VALUE=DATE:20240708
            RRULE:FREQ=WEEKLY;UNTIL=20240720;INTERVAL=2;BYDAY=MO
            SEQUENCE:2
            END:VEVENT

            """, from: Fixture.utc(2024, 1, 1), to: Fixture.utc(2025, 1, 1))
        #expect(Fixture.walls(list) == expected)
    }

    /// recurring-ical-events `issue_201_test_matrix.ics`, UID VEVENT-DATE-HOURS:
    /// `DTSTART;VALUE=DATE:20000101` with `DURATION:PT10H`. An all-day instance covers whole
    /// dates (RFC 5545 §3.3.4, §3.6.1): it is 2000-01-01, ending 2000-01-02 (non-inclusive), not
    /// a zero-day instance; `P3D` stays three days.
    @Test(arguments: [("PT10H", "20000102T000000"), ("P3D", "20000104T000000"), ("P1DT1H", "20000103T000000")])
    func allDayDurationCoversWholeDays(duration: String, end: String) throws {
        let list = try Self.expand("""
            BEGIN:VEVENT
            UID:VEVENT-DATE-HOURS
            DTSTAMP:20200101T000000Z
            DTSTART;VALUE=DATE:20000101
            DURATION:\(duration)
            END:VEVENT

            """, from: Fixture.utc(1999, 1, 1), to: Fixture.utc(2001, 1, 1))
        #expect(Fixture.walls(list) == ["20000101T000000"])
        #expect(list.map { Fixture.wall($0.endDate) } == [end])
    }
}
