import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// The recurrence set: DTSTART, RDATE, EXDATE, EXRULE, BYSETPOS, duplicates, COUNT/UNTIL
/// oddities, cancelled instances and the window rule. Weekdays checked with
/// `python3 -c "from datetime import date; print(date(2026,3,27).strftime('%a'))"` and similar.
@Suite("Expansion: recurrence set")
struct ExpansionSetTests {
    static let march = Fixture.window(Fixture.utc(2026, 3, 1), Fixture.utc(2026, 4, 1))

    /// DTSTART Monday 2026-03-02 does not match "last Friday": it is still the first instance
    /// (RFC 5545 §3.8.5.3; libical 3.0.16 drops it). Last Fridays: 03-27, 04-24.
    @Test func dtstartIsFirstEvenIfRuleDoesNotMatch() throws {
        let master = Fixture.floating(start: Fixture.utc(2026, 3, 2, 9), rrule: "FREQ=MONTHLY;BYDAY=-1FR")
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 1), Fixture.utc(2026, 5, 1)))
        #expect(Fixture.walls(list) == ["20260302T090000", "20260327T090000", "20260424T090000"])
    }

    /// recurring-ical-events `issue_117_until_before_dtstart.ics`'s rule: UNTIL before DTSTART.
    /// RFC 5545 §3.3.10: "The DTSTART property value always counts as the first occurrence", so
    /// DTSTART (2023-10-02) is the one occurrence (recurring-ical-events gives none: K19).
    @Test func untilBeforeDtstartGivesDtstart() throws {
        let master = Fixture.allDay("c", 2023, 10, 2, days: 7, rrule: "FREQ=WEEKLY;UNTIL=20231001;INTERVAL=2;BYDAY=MO")
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2023, 1, 1), Fixture.utc(2025, 1, 1)))
        #expect(Fixture.walls(list) == ["20231002T000000"])
    }

    /// recurring-ical-events `issue_128_only_first_event.ics`: `UNTIL=20240331;COUNT=-1;
    /// INTERVAL=4;BYDAY=MO` from 2023-10-02 (a Monday) → 7 occurrences (COUNT ignored).
    @Test func negativeCountIsIgnored() throws {
        var master = Fixture.allDay("c", 2023, 10, 2, days: 7, rrule: "FREQ=WEEKLY;INTERVAL=4;BYDAY=MO")
        var end = RecurrenceRule.End.afterDate(Fixture.utc(2024, 3, 31), isDate: true)
        end.count = -1
        master.recurrenceRules[0].end = end
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2023, 1, 1), Fixture.utc(2025, 1, 1)))
        #expect(list.count == 7)
        // COUNT=-1 alone: endless.
        var endless = Fixture.floating(start: Fixture.utc(2026, 1, 1, 9), rrule: "FREQ=DAILY")
        endless.recurrenceRules[0].end = .afterOccurrences(-1)
        #expect(try Fixture.occurrences(endless, [], Fixture.window(Fixture.utc(2030, 1, 1), Fixture.utc(2030, 1, 11))).count == 10)
    }

    /// RDATE in every form, each instance with its own length; EXDATE removing one RDATE.
    @Test func rdateForms() throws {
        // Berlin series, DTSTART 2026-03-02 09:00 CET (08:00Z), one hour, no RRULE.
        var master = Fixture.zoned("r", "Europe/Berlin", start: Fixture.utc(2026, 3, 2, 8))
        master.recurrenceDates = [
            RecurrenceDate(date: Fixture.utc(2026, 3, 3, 12)),                                   // UTC instant
            RecurrenceDate(date: Fixture.utc(2026, 3, 4, 15), isFloating: true),                 // 15:00 Berlin = 14:00Z
            RecurrenceDate(date: Fixture.utc(2026, 3, 5), isDateOnly: true),                      // DTSTART's time: 09:00 = 08:00Z
            RecurrenceDate(date: Fixture.utc(2026, 3, 6, 10), periodEnd: Fixture.utc(2026, 3, 6, 13)),                 // 3 h
            RecurrenceDate(date: Fixture.utc(2026, 3, 7, 10), periodDuration: ICalDuration(hours: 2, minutes: 30)),   // 2.5 h
        ]
        let list = try Fixture.occurrences(master, [], Self.march)
        #expect(Fixture.starts(list) == ["2026-03-02T08:00:00Z", "2026-03-03T12:00:00Z", "2026-03-04T14:00:00Z",
                                         "2026-03-05T08:00:00Z", "2026-03-06T10:00:00Z", "2026-03-07T10:00:00Z"])
        #expect(list.map { $0.endDate.timeIntervalSince($0.startDate) } == [3600, 3600, 3600, 3600, 3 * 3600, 2.5 * 3600])
        #expect(list.allSatisfy { $0.isRecurring })
    }

    /// recurring-ical-events `rdate.ics`: an RDATE equal to an RRULE instance is counted once.
    @Test func rdateCoincidingWithRRuleIsCountedOnce() throws {
        var master = Fixture.floating(start: Fixture.utc(2026, 3, 2, 9), rrule: "FREQ=WEEKLY;COUNT=3")
        master.recurrenceDates = [RecurrenceDate(date: Fixture.utc(2026, 3, 9, 9), isFloating: true)]
        let list = try Fixture.occurrences(master, [], Self.march)
        #expect(Fixture.walls(list) == ["20260302T090000", "20260309T090000", "20260316T090000"])
    }

    @Test func duplicatedRRuleCountsOnce() throws {
        var master = Fixture.floating(start: Fixture.utc(2026, 3, 2, 9), rrule: "FREQ=DAILY;COUNT=5")
        master.recurrenceRules.append(Fixture.rule("FREQ=DAILY;COUNT=5"))
        master.recurrenceRules.append(Fixture.rule("FREQ=WEEKLY;BYDAY=TU;COUNT=1"))   // 03-03, also in the daily rule
        #expect(try Fixture.occurrences(master, [], Self.march).count == 5)
    }

    struct ExdateCase: Sendable, CustomTestStringConvertible {
        let id: String
        let exdate: RecurrenceDate
        let removed: String
        var testDescription: String { id }
    }

    /// Daily 09:00 Berlin, 2026-03-02 … 03-06 (08:00Z each day: CET).
    static let exdateCases: [ExdateCase] = [
        ExdateCase(id: "UTC instant", exdate: RecurrenceDate(date: Fixture.utc(2026, 3, 3, 8)), removed: "2026-03-03T08:00:00Z"),
        ExdateCase(id: "floating, read in the series' zone", exdate: RecurrenceDate(date: Fixture.utc(2026, 3, 4, 9), isFloating: true),
                   removed: "2026-03-04T08:00:00Z"),
        ExdateCase(id: "DATE removes that date", exdate: RecurrenceDate(date: Fixture.utc(2026, 3, 5), isDateOnly: true),
                   removed: "2026-03-05T08:00:00Z"),
        // 03:00 New York (EST, -05:00) on 03-06 is 08:00Z, the 09:00 Berlin instance.
        ExdateCase(id: "zoned in another zone, by instant", exdate: RecurrenceDate(date: Fixture.utc(2026, 3, 6, 8)), removed: "2026-03-06T08:00:00Z"),
    ]

    @Test(arguments: exdateCases)
    func exdateForms(_ c: ExdateCase) throws {
        var master = Fixture.zoned("x", "Europe/Berlin", start: Fixture.utc(2026, 3, 2, 8), rrule: "FREQ=DAILY;COUNT=5")
        master.exceptionDates = [c.exdate]
        let all = (2...6).map { String(format: "2026-03-%02dT08:00:00Z", $0) }
        #expect(Fixture.starts(try Fixture.occurrences(master, [], Self.march)) == all.filter { $0 != c.removed })
    }

    /// A UTC EXDATE that is the right wall clock but the wrong instant removes nothing.
    @Test func utcExdateComparedByInstant() throws {
        var master = Fixture.zoned("x", "Europe/Berlin", start: Fixture.utc(2026, 3, 2, 8), rrule: "FREQ=DAILY;COUNT=3")
        master.exceptionDates = [RecurrenceDate(date: Fixture.utc(2026, 3, 3, 9))]
        #expect(try Fixture.occurrences(master, [], Self.march).count == 3)
    }

    /// EXRULE removes its instances: every day except Saturdays and Sundays.
    @Test func exruleRemoves() throws {
        var master = Fixture.floating(start: Fixture.utc(2026, 3, 2, 9), rrule: "FREQ=DAILY")
        master.exceptionRules = [Fixture.rule("FREQ=WEEKLY;BYDAY=SA,SU")]
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 2), Fixture.utc(2026, 3, 16)))
        #expect(Fixture.walls(list).map { String($0.prefix(8)) } ==
                ["20260302", "20260303", "20260304", "20260305", "20260306", "20260309", "20260310", "20260311", "20260312", "20260313"])
    }

    struct SetPosCase: Sendable, CustomTestStringConvertible {
        let id: String
        let rrule: String
        let dtstart: Date
        let expected: [String]
        var testDescription: String { id }
    }

    /// BYSETPOS, which libical 3.0.16 ignores on DAILY and WEEKLY rules. 2026-03-02 is a Monday.
    static let setPosCases: [SetPosCase] = [
        SetPosCase(id: "WEEKLY last weekday (Fridays), DTSTART Monday first", rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                   dtstart: Fixture.utc(2026, 3, 2, 9), expected: ["20260302T090000", "20260306T090000", "20260313T090000", "20260320T090000", "20260327T090000"]),
        SetPosCase(id: "WEEKLY first and last weekday, COUNT=4", rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1;COUNT=4",
                   dtstart: Fixture.utc(2026, 3, 2, 9), expected: ["20260302T090000", "20260306T090000", "20260309T090000", "20260313T090000"]),
        SetPosCase(id: "WEEKLY INTERVAL=2 second weekday, UNTIL", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=2;UNTIL=20260325T000000",
                   dtstart: Fixture.utc(2026, 3, 3, 9), expected: ["20260303T090000", "20260317T090000"]),
        SetPosCase(id: "DAILY last of 09:00/17:00", rrule: "FREQ=DAILY;BYHOUR=9,17;BYSETPOS=-1;COUNT=3",
                   dtstart: Fixture.utc(2026, 3, 2, 17), expected: ["20260302T170000", "20260303T170000", "20260304T170000"]),
        SetPosCase(id: "MONTHLY last weekday (libical's own)", rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                   dtstart: Fixture.utc(2026, 3, 31, 9), expected: ["20260331T090000"]),
    ]

    @Test(arguments: setPosCases)
    func bySetPos(_ c: SetPosCase) throws {
        let master = Fixture.floating(start: c.dtstart, rrule: c.rrule)
        #expect(Fixture.walls(try Fixture.occurrences(master, [], Self.march)) == c.expected)
    }

    /// BYSETPOS on a WEEKLY rule asked far from DTSTART (skipping ahead keeps whole weeks).
    @Test func weeklySetPosAfterSkipping() throws {
        let master = Fixture.floating(start: Fixture.utc(2020, 1, 6, 9), rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
        // Window starts on Thursday 2026-03-05: that week's Friday 03-06 is in it, then 03-13.
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 5), Fixture.utc(2026, 3, 14)))
        #expect(Fixture.walls(list) == ["20260306T090000", "20260313T090000"])
    }

    @Test func cancelledLeftOutUnlessAsked() throws {
        var master = Fixture.floating(start: Fixture.utc(2026, 3, 2, 9), rrule: "FREQ=DAILY;COUNT=2")
        master.status = .canceled
        #expect(try Fixture.occurrences(master, [], Self.march).isEmpty)
        let shown = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 1), Fixture.utc(2026, 4, 1), cancelled: true))
        #expect(shown.count == 2)
    }

    struct WindowCase: Sendable, CustomTestStringConvertible {
        let id: String
        let length: TimeInterval
        let from: Date
        let to: Date
        let matches: Bool
        var testDescription: String { id }
    }

    /// Event at 2026-03-02 09:00 (floating, window read in UTC).
    static let windowCases: [WindowCase] = [
        WindowCase(id: "ends exactly at window start", length: 3600, from: Fixture.utc(2026, 3, 2, 10), to: Fixture.utc(2026, 3, 2, 11), matches: false),
        WindowCase(id: "starts exactly at window end", length: 3600, from: Fixture.utc(2026, 3, 2, 8), to: Fixture.utc(2026, 3, 2, 9), matches: false),
        WindowCase(id: "overlaps by one second", length: 3600, from: Fixture.utc(2026, 3, 2, 9, 59, 59), to: Fixture.utc(2026, 3, 2, 11), matches: true),
        WindowCase(id: "zero length at window start", length: 0, from: Fixture.utc(2026, 3, 2, 9), to: Fixture.utc(2026, 3, 2, 10), matches: true),
        WindowCase(id: "zero length at window end", length: 0, from: Fixture.utc(2026, 3, 2, 8), to: Fixture.utc(2026, 3, 2, 9), matches: false),
    ]

    @Test(arguments: windowCases)
    func windowRule(_ c: WindowCase) throws {
        let master = Fixture.floating(start: Fixture.utc(2026, 3, 2, 9), length: c.length)
        #expect(try Fixture.occurrences(master, [], Fixture.window(c.from, c.to)).count == (c.matches ? 1 : 0))
    }
}
