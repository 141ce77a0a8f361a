import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// Rule shapes libical 3.0.16 iterates wrongly, which ``RuleWalker`` repairs (``RuleFilter``:
/// libical iterates a rule it handles, the rest is checked in Swift; BYSETPOS over MONTHLY and
/// YEARLY sets with several times of day). Every expected list is worked out by hand from
/// RFC 5545 §3.3.10 in the comment above it; weekdays and ISO week numbers were checked with
/// python's `datetime.date(...).strftime('%a')` and `.isocalendar()`, and the INTERVAL grids with
/// `datetime + timedelta` loops (none of it uses icalkit). All series are floating, so the
/// expected values are wall clocks.
@Suite("Expansion: libical 3.0.16 gaps")
struct ExpansionLibicalGapTests {
    struct GapCase: Sendable, CustomTestStringConvertible {
        let id: String
        let rrule: String
        let dtstart: Date
        let from: Date
        let to: Date
        let expected: [String]
        var testDescription: String { id }
    }

    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date { Fixture.utc(y, m, d, h, mi, s) }

    static let cases: [GapCase] = [
        // BYMONTHDAY is a limit on DAILY: -1 is the month's last day (31, 28 in 2026, 31, 30).
        // libical 3.0.16 gives no instance at all for a negative BYMONTHDAY on DAILY.
        GapCase(id: "DAILY BYMONTHDAY=-1", rrule: "FREQ=DAILY;BYMONTHDAY=-1;COUNT=4",
                dtstart: utc(2026, 1, 31, 9), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260131T090000", "20260228T090000", "20260331T090000", "20260430T090000"]),
        // Days 1 and -1 of each month, up to UNTIL 2026-03-02T00:00: Jan 31, Feb 1, Feb 28, Mar 1.
        GapCase(id: "DAILY BYMONTHDAY=1,-1 with UNTIL", rrule: "FREQ=DAILY;BYMONTHDAY=1,-1;UNTIL=20260302T000000",
                dtstart: utc(2026, 1, 31, 9), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260131T090000", "20260201T090000", "20260228T090000", "20260301T090000"]),
        // HOURLY limited to 06:00/18:00 (minute and second from DTSTART) on the second-to-last
        // day: Feb 27 (of 28) twice, then Mar 30 (of 31).
        GapCase(id: "HOURLY BYMONTHDAY=-2", rrule: "FREQ=HOURLY;BYMONTHDAY=-2;BYHOUR=6,18;COUNT=3",
                dtstart: utc(2026, 2, 27, 6), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260227T060000", "20260227T180000", "20260330T060000"]),
        // BYYEARDAY=-1 is Dec 31 every year; BYHOUR=12 keeps noon.
        GapCase(id: "HOURLY BYYEARDAY=-1", rrule: "FREQ=HOURLY;BYYEARDAY=-1;BYHOUR=12;COUNT=3",
                dtstart: utc(2025, 12, 31, 12), from: utc(2025, 1, 1), to: utc(2029, 1, 1),
                expected: ["20251231T120000", "20261231T120000", "20271231T120000"]),
        // Day -366 exists only in leap years, where it is Jan 1: 2024, then 2028.
        GapCase(id: "HOURLY BYYEARDAY=-366 (leap years)", rrule: "FREQ=HOURLY;BYYEARDAY=-366;BYHOUR=12;COUNT=2",
                dtstart: utc(2024, 1, 1, 12), from: utc(2024, 1, 1), to: utc(2030, 1, 1),
                expected: ["20240101T120000", "20280101T120000"]),
        // MINUTELY limited to 23:58 and 23:59 of Dec 31.
        GapCase(id: "MINUTELY BYYEARDAY=-1", rrule: "FREQ=MINUTELY;BYYEARDAY=-1;BYHOUR=23;BYMINUTE=58,59;COUNT=3",
                dtstart: utc(2026, 12, 31, 23, 58), from: utc(2026, 1, 1), to: utc(2029, 1, 1),
                expected: ["20261231T235800", "20261231T235900", "20271231T235800"]),
        // SECONDLY limited to seconds 10 and 30, whatever order the list has: :10, :30 of each
        // minute. libical 3.0.16 repeats DTSTART and orders the seconds as listed.
        GapCase(id: "SECONDLY BYSECOND=30,10", rrule: "FREQ=SECONDLY;BYSECOND=30,10;COUNT=4",
                dtstart: utc(2026, 3, 2, 9, 0, 10), from: utc(2026, 3, 2), to: utc(2026, 3, 3),
                expected: ["20260302T090010", "20260302T090030", "20260302T090110", "20260302T090130"]),
        // Every 45 s from 09:00:00 (:00, :45, 01:30, 02:15, 03:00, 03:45, 04:30...), kept when the
        // second is 0 or 30.
        GapCase(id: "SECONDLY INTERVAL=45 BYSECOND=0,30", rrule: "FREQ=SECONDLY;INTERVAL=45;BYSECOND=0,30;COUNT=4",
                dtstart: utc(2026, 3, 2, 9), from: utc(2026, 3, 2), to: utc(2026, 3, 3),
                expected: ["20260302T090000", "20260302T090130", "20260302T090300", "20260302T090430"]),
        // Every 90 min from 08:00 (08:00, 09:30, 11:00, 12:30, 14:00...), kept at minute 0.
        // libical 3.0.16 ignores INTERVAL when BYMINUTE is given (08:00, 09:00, 10:00...).
        GapCase(id: "MINUTELY INTERVAL=90 BYMINUTE=0", rrule: "FREQ=MINUTELY;INTERVAL=90;BYMINUTE=0;COUNT=4",
                dtstart: utc(2026, 3, 2, 8), from: utc(2026, 3, 2), to: utc(2026, 3, 3),
                expected: ["20260302T080000", "20260302T110000", "20260302T140000", "20260302T170000"]),
        // Every 5 h from Mon 09:00: hour of day (9 + 5k) mod 24 is 9 for k ≡ 0 and 10 for k ≡ 5
        // (mod 24): +0 h, +25 h, +120 h, +145 h. libical 3.0.16 ignores INTERVAL with BYHOUR.
        GapCase(id: "HOURLY INTERVAL=5 BYHOUR=9,10", rrule: "FREQ=HOURLY;INTERVAL=5;BYHOUR=9,10;COUNT=4",
                dtstart: utc(2026, 3, 2, 9), from: utc(2026, 3, 1), to: utc(2026, 4, 1),
                expected: ["20260302T090000", "20260303T100000", "20260307T090000", "20260308T100000"]),
        // The same rule without COUNT, asked three months later (the walker starts near the
        // window): 09:00 every 5 days from Mar 2 (… May 31, Jun 5, Jun 10), 10:00 the day after.
        GapCase(id: "HOURLY INTERVAL=5 BYHOUR=9,10, window far from DTSTART", rrule: "FREQ=HOURLY;INTERVAL=5;BYHOUR=9,10",
                dtstart: utc(2026, 3, 2, 9), from: utc(2026, 6, 1), to: utc(2026, 6, 11),
                expected: ["20260601T100000", "20260605T090000", "20260606T100000", "20260610T090000"]),
        // ISO week 1 (Monday weeks, the week holding Jan 4): Mondays Dec 30 2024 (week 1 of
        // 2025), Dec 29 2025 (2026 starts on a Thursday), Jan 4 2027 (2027 starts on a Friday).
        GapCase(id: "YEARLY BYWEEKNO=1 Monday across New Year", rrule: "FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;COUNT=3",
                dtstart: utc(2024, 12, 30, 9), from: utc(2024, 1, 1), to: utc(2028, 1, 1),
                expected: ["20241230T090000", "20251229T090000", "20270104T090000"]),
        // Weeks starting on Sunday: week 1 holds Jan 4. 2026: Jan 4 is a Sunday, week 2 starts
        // Sun Jan 11. 2027: Jan 4 is a Monday, week 1 starts Sun Jan 3, week 2 Sun Jan 10
        // (Monday weeks would give Jan 17).
        GapCase(id: "YEARLY BYWEEKNO=2 WKST=SU", rrule: "FREQ=YEARLY;BYWEEKNO=2;BYDAY=SU;WKST=SU;COUNT=2",
                dtstart: utc(2026, 1, 11, 9), from: utc(2026, 1, 1), to: utc(2028, 1, 1),
                expected: ["20260111T090000", "20270110T090000"]),
        // The last week: 2026 has 53 ISO weeks (it starts on a Thursday; week 53 = Dec 28 –
        // Jan 3), 2027 and 2028 have 52 (last weeks Dec 27 – Jan 2 and Dec 25 – 31). Thursdays.
        GapCase(id: "YEARLY BYWEEKNO=-1 Thursday", rrule: "FREQ=YEARLY;BYWEEKNO=-1;BYDAY=TH;COUNT=3",
                dtstart: utc(2026, 12, 31, 9), from: utc(2026, 1, 1), to: utc(2030, 1, 1),
                expected: ["20261231T090000", "20271230T090000", "20281228T090000"]),
        // INTERVAL=2 counts week-numbering years: DTSTART Tue Dec 31 2024 is in week 1 of 2025,
        // so 2025, 2027, 2029: Tuesdays of week 1 are Jan 5 2027 and Jan 2 2029.
        GapCase(id: "YEARLY INTERVAL=2 BYWEEKNO=1 from the week-numbering year", rrule: "FREQ=YEARLY;INTERVAL=2;BYWEEKNO=1;BYDAY=TU;COUNT=3",
                dtstart: utc(2024, 12, 31, 9), from: utc(2024, 1, 1), to: utc(2030, 1, 1),
                expected: ["20241231T090000", "20270105T090000", "20290102T090000"]),
        // The month's set is {1st 08:00, 1st 17:00, 2nd 08:00, 2nd 17:00}; positions 2 and -1 are
        // 17:00 on the 1st and the 2nd. libical 3.0.16 picks days, then keeps both times.
        GapCase(id: "MONTHLY BYSETPOS over days × hours", rrule: "FREQ=MONTHLY;BYMONTHDAY=1,2;BYHOUR=8,17;BYSETPOS=2,-1;COUNT=4",
                dtstart: utc(2026, 3, 1, 17), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260301T170000", "20260302T170000", "20260401T170000", "20260402T170000"]),
        // The year's set is {Mar 2 09:00, 12:00, 15:00}; position -2 is 12:00.
        GapCase(id: "YEARLY BYSETPOS over hours", rrule: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=2;BYHOUR=9,12,15;BYSETPOS=-2;COUNT=2",
                dtstart: utc(2026, 3, 2, 12), from: utc(2026, 1, 1), to: utc(2029, 1, 1),
                expected: ["20260302T120000", "20270302T120000"]),
        // Last of the month's Monday 09:00/15:00 instances: 15:00 of the last Monday. Asked for
        // June–July 2026 (the walker skips ahead by whole months): Mondays in June are 1, 8, 15,
        // 22, 29; in July 6, 13, 20, 27.
        GapCase(id: "MONTHLY BYSETPOS=-1 over Mondays × hours, window far from DTSTART", rrule: "FREQ=MONTHLY;BYDAY=MO;BYHOUR=9,15;BYSETPOS=-1",
                dtstart: utc(2026, 1, 26, 15), from: utc(2026, 6, 1), to: utc(2026, 8, 1),
                expected: ["20260629T150000", "20260727T150000"]),
    ]

    @Test(arguments: cases)
    func libicalGap(_ c: GapCase) throws {
        let master = Fixture.floating(start: c.dtstart, rrule: c.rrule)
        #expect(Fixture.walls(try Fixture.occurrences(master, [], Fixture.window(c.from, c.to))) == c.expected)
    }

    /// The same rules walked from DTSTART without skipping ahead give the same window.
    @Test(arguments: cases.filter { $0.id.contains("far from DTSTART") })
    func skippingAheadMatchesFullWalk(_ c: GapCase) throws {
        let master = Fixture.floating(start: c.dtstart, rrule: c.rrule)
        let full = try Fixture.expander.expand(master: master, overrides: [], calendarTitle: "Test",
                                               matching: Fixture.window(c.from, c.to), allowsSkipping: false).occurrences
        #expect(Fixture.walls(full) == c.expected)
    }

    /// Only the shapes libical 3.0.16 gets wrong are split; plain rules go to libical whole.
    @Test func plainRulesAreNotFiltered() {
        for text in ["FREQ=DAILY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=HOURLY;INTERVAL=3;BYMINUTE=0,30",
                     "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=MINUTELY;BYSECOND=0,30", "FREQ=YEARLY;BYYEARDAY=-1",
                     "FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1", "FREQ=HOURLY;BYHOUR=9,10"] {
            let (libical, filter) = RuleFilter.split(Fixture.rule(text), dtstartWall: 0)
            #expect(filter.isEmpty, "\(text)")
            #expect(libical == Fixture.rule(text), "\(text)")
        }
    }
}
