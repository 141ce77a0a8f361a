import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// SECONDLY, MINUTELY and HOURLY rules whose day-level parts (BYMONTH, BYMONTHDAY, BYYEARDAY,
/// BYDAY) leave long spans empty. libical 3.0.16 steps through each second (minute) of those
/// spans inside one iterator call (`FREQ=SECONDLY;BYMONTH=2;COUNT=3` from March: ~30 million
/// steps, 96 s of CPU to import); ``RuleWalker`` walks such rules day by day.
///
/// Expected instants are worked out from RFC 5545 §3.3.10 in the comment above each case
/// (sub-daily BYMONTH/BYMONTHDAY/BYYEARDAY/BYDAY limit; BYSECOND on MINUTELY and BYMINUTE on
/// HOURLY expand; the INTERVAL grid counts from DTSTART; §3.8.5.3: DTSTART is the first
/// instance and counts against COUNT even when the rule does not match it). Grids were checked
/// with python `datetime + timedelta` loops, weekdays with `strftime('%a')` (not with icalkit).
/// Series are floating, so expected values are wall clocks. Each case must also finish in
/// well under 2 s (before: from 28 s to over a minute each).
@Suite("Expansion: sub-daily rules with day-level parts")
struct ExpansionSubDailyDayTests {
    typealias DayCase = ExpansionLibicalGapTests.GapCase

    static func day(_ rrule: String, dtstart: Date, from: Date, to: Date, expected: [String]) -> DayCase {
        DayCase(id: rrule, rrule: rrule, dtstart: dtstart, from: from, to: to, expected: expected)
    }

    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date { Fixture.utc(y, m, d, h, mi, s) }

    /// The model date of a `yyyyMMddTHHmmss` wall clock.
    static func date(_ wall: String) -> Date {
        let n = wall.replacingOccurrences(of: "T", with: "").map { Int(String($0))! }
        func num(_ r: Range<Int>) -> Int { r.reduce(0) { $0 * 10 + n[$1] } }
        return utc(num(0..<4), num(4..<6), num(6..<8), num(8..<10), num(10..<12), num(12..<14))
    }

    static let cases: [DayCase] = [
        // DTSTART 2026-03-01 00:00:00 fails BYMONTH=2 but is the first instance (COUNT 1 of 3);
        // the next seconds in February are 2027-02-01 00:00:00 and 00:00:01.
        day("FREQ=SECONDLY;BYMONTH=2;COUNT=3", dtstart: utc(2026, 3, 1), from: utc(2026, 1, 1), to: utc(2028, 1, 1),
                expected: ["20260301T000000", "20270201T000000", "20270201T000001"]),
        // DTSTART in February: its own seconds first, then eleven months later.
        day("FREQ=SECONDLY;BYMONTH=2;COUNT=3", dtstart: utc(2026, 2, 28, 23, 59, 58), from: utc(2026, 1, 1), to: utc(2028, 1, 1),
                expected: ["20260228T235958", "20260228T235959", "20270201T000000"]),
        // BYMONTHDAY=-30: February 2026 (28 days) has no such day; in March (31 days) it is the
        // 2nd. DTSTART Feb 1 counts first, then Mar 2 00:00:00 and 00:00:01.
        day("FREQ=SECONDLY;BYMONTHDAY=-30;COUNT=3", dtstart: utc(2026, 2, 1), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260201T000000", "20260302T000000", "20260302T000001"]),
        // 7-minute grid from 2026-01-01 00:00: 59 days to Mar 1 = 84,960 minutes = 7 × 12,137 + 1,
        // so the first grid point on Mar 1 is 00:06 (84,966 = 7 × 12,138). DTSTART counts first.
        day("FREQ=MINUTELY;INTERVAL=7;BYMONTH=3;BYMONTHDAY=1;COUNT=5", dtstart: utc(2026, 1, 1), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260101T000000", "20260301T000600", "20260301T001300", "20260301T002000", "20260301T002700"]),
        // The same grid without COUNT, a window 14 months on: 424 days = 610,560 minutes =
        // 7 × 87,222 + 6, so 2027-03-01's first grid point is 00:01.
        day("FREQ=MINUTELY;INTERVAL=7;BYMONTH=3;BYMONTHDAY=1", dtstart: utc(2026, 1, 1), from: utc(2027, 3, 1), to: utc(2027, 3, 1, 0, 30),
                expected: ["20270301T000100", "20270301T000800", "20270301T001500", "20270301T002200", "20270301T002900"]),
        // Day 100 is April 10 in 2026 and 2027 (31 + 28 + 31 = 90). HOURLY at DTSTART's minute 30:
        // DTSTART, the 24 hours of 2026-04-10, then 2027-04-10 00:30 (26 in all).
        day("FREQ=HOURLY;BYYEARDAY=100;COUNT=26", dtstart: utc(2026, 1, 1, 10, 30), from: utc(2026, 1, 1), to: utc(2028, 1, 1),
                expected: ["20260101T103000"] + (0..<24).map { String(format: "20260410T%02d3000", $0) } + ["20270410T003000"]),
        // 5-hour grid from 2026-01-01 00:00: Apr 10 00:00 is 2,376 h = 5 × 475 + 1 → 04:00, 09:00,
        // 14:00, 19:00; 2027-04-10 00:00 is 2,376 + 8,760 = 11,136 h = 5 × 2,227 + 1 → 04:00.
        day("FREQ=HOURLY;INTERVAL=5;BYYEARDAY=100;COUNT=6", dtstart: utc(2026, 1, 1), from: utc(2026, 1, 1), to: utc(2028, 1, 1),
                expected: ["20260101T000000", "20260410T040000", "20260410T090000", "20260410T140000", "20260410T190000", "20270410T040000"]),
        // Sundays at 09:00:00 and 09:00:01. DTSTART is Monday 2026-03-02 09:00 (counts first);
        // Sundays: Mar 8, Mar 15.
        day("FREQ=SECONDLY;BYDAY=SU;BYHOUR=9;BYMINUTE=0;BYSECOND=0,1;COUNT=4", dtstart: utc(2026, 3, 2, 9), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260302T090000", "20260308T090000", "20260308T090001", "20260315T090000"]),
        // BYSECOND expands each grid minute (even minutes from 00:00 of Jan 1; DTSTART's second
        // 45 is not a grid part). Jan 15 00:00 is 20,160 minutes on, even: minute 00:00 of Jan 15
        // gives 00:00:00 and 00:00:30, before the grid point 00:00:45 itself. DTSTART counts first.
        day("FREQ=MINUTELY;INTERVAL=2;BYMONTHDAY=15;BYSECOND=0,30;COUNT=5", dtstart: utc(2026, 1, 1, 0, 0, 45), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260101T000045", "20260115T000000", "20260115T000030", "20260115T000200", "20260115T000230"]),
        // BYMINUTE expands each hour; BYMONTH=6 from January: June 1 00:00 and 00:45 first.
        day("FREQ=HOURLY;BYMONTH=6;BYMINUTE=0,45;COUNT=4", dtstart: utc(2026, 1, 1, 12, 20), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260101T122000", "20260601T000000", "20260601T004500", "20260601T010000"]),
        // 13-minute grid from Tuesday 2026-02-17 06:17:13 (fails BYDAY and BYHOUR; counts first):
        // Wednesday 10:00 is 1,663 minutes on = 13 × 127 + 12, so 10:01:13, then 10:14:13.
        // (libical 3.0.16 with the whole rule leaves the grid here: 10:07:13, 10:20:13...)
        day("FREQ=MINUTELY;INTERVAL=13;BYDAY=WE;BYHOUR=10,11;COUNT=3", dtstart: utc(2026, 2, 17, 6, 17, 13), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
                expected: ["20260217T061713", "20260218T100113", "20260218T101413"]),
        // BYSETPOS within one second changes nothing: as the first case.
        day("FREQ=SECONDLY;BYMONTH=2;BYSETPOS=1;COUNT=3", dtstart: utc(2026, 3, 1), from: utc(2026, 1, 1), to: utc(2028, 1, 1),
            expected: ["20260301T000000", "20270201T000000", "20270201T000001"]),
        // Each hour's set is {hh:00:00, hh:45:00} (second 0 from DTSTART); BYSETPOS=-1 keeps hh:45.
        // DTSTART counts first; then June 1 00:45 and 01:45.
        day("FREQ=HOURLY;BYMONTH=6;BYMINUTE=0,45;BYSETPOS=-1;COUNT=3", dtstart: utc(2026, 1, 1, 12, 20), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
            expected: ["20260101T122000", "20260601T004500", "20260601T014500"]),
        // RFC 5545 allows numbered BYDAY only on MONTHLY and YEARLY; libical 3.0.16 matches no
        // day with one on sub-daily rules (after stepping through every second to the year 2582).
        // Monday 2026-03-02 is the first Monday of March: still only DTSTART.
        day("FREQ=SECONDLY;BYDAY=1MO;COUNT=3", dtstart: utc(2026, 3, 2), from: utc(2026, 1, 1), to: utc(2100, 1, 1),
            expected: ["20260302T000000"]),
        // With a plain weekday beside it, the plain one counts: from Sunday Mar 1, Monday
        // Mar 2 00:00 and 00:01 (DTSTART first).
        day("FREQ=MINUTELY;BYDAY=MO,1TU;BYHOUR=0;BYMINUTE=0,1;COUNT=3", dtstart: utc(2026, 3, 1), from: utc(2026, 1, 1), to: utc(2027, 1, 1),
            expected: ["20260301T000000", "20260302T000000", "20260302T000100"]),
        // February 30 never exists: nothing after DTSTART, up to libical's end of time.
        day("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30;COUNT=3", dtstart: utc(2026, 1, 1), from: utc(2026, 1, 1), to: utc(2100, 1, 1),
                expected: ["20260101T000000"]),
    ]

    @Test(arguments: cases)
    func instancesAndTime(_ c: DayCase) throws {
        let master = Fixture.floating(start: c.dtstart, rrule: c.rrule)
        let clock = ContinuousClock()
        let began = clock.now
        let list = try Fixture.occurrences(master, [], Fixture.window(c.from, c.to))
        #expect(Fixture.walls(list) == c.expected)
        #expect(clock.now - began < .seconds(2))
    }

    /// The store's index walks COUNT series to their end (this made `icalkit import` hang).
    @Test(arguments: cases.filter { $0.rrule.contains("COUNT") })
    func spanOfCountSeries(_ c: DayCase) throws {
        let master = Fixture.floating(start: c.dtstart, length: 60, rrule: c.rrule)
        let clock = ContinuousClock()
        let began = clock.now
        let span = Fixture.expander.span(master: master, overrides: [])
        #expect(clock.now - began < .seconds(2))
        let last = try #require(c.expected.last)
        #expect(span.lastEnd.map(Fixture.wall) == Fixture.wall(Self.date(last).addingTimeInterval(60)))
    }

    /// Walking day by day gives what libical gives for the whole rule, where libical is quick
    /// enough to compare (short spans, HOURLY and MINUTELY), also with a window far from DTSTART.
    @Test(arguments: [
        "FREQ=HOURLY;BYMONTH=3,5;COUNT=100", "FREQ=HOURLY;INTERVAL=7;BYDAY=TU,SA;COUNT=60", "FREQ=HOURLY;INTERVAL=5;BYMONTHDAY=1,-1;BYHOUR=3,8,13",
        "FREQ=MINUTELY;INTERVAL=13;BYDAY=WE;BYHOUR=6,10;COUNT=40", "FREQ=MINUTELY;BYMONTHDAY=3;BYMINUTE=5,6;COUNT=30",
        "FREQ=HOURLY;BYYEARDAY=60,-300;BYMINUTE=0,30;COUNT=80", "FREQ=MINUTELY;INTERVAL=3;BYDAY=FR;BYSECOND=10,20;COUNT=50",
        "FREQ=HOURLY;INTERVAL=3;BYMONTH=4;BYHOUR=9,12,15;UNTIL=20270501T000000",
        "FREQ=HOURLY;BYMONTH=3;BYMINUTE=0,20,40;BYSETPOS=-1,1;COUNT=30", "FREQ=MINUTELY;INTERVAL=5;BYDAY=TH;BYSECOND=0,15,30;BYSETPOS=2;COUNT=30",
        "FREQ=HOURLY;INTERVAL=2;BYDAY=SU;BYMINUTE=10,50;BYSETPOS=-1", "FREQ=HOURLY;BYDAY=MO,2TU;BYHOUR=5;COUNT=10",
    ])
    func sameAsWholeRule(_ text: String) throws {
        let master = Fixture.floating(start: Self.utc(2026, 2, 17, 6, 17, 13), rrule: text)
        let frame = SeriesFrame(event: master, resolver: Fixture.expander.resolver)
        let dtstart = Int(Self.utc(2026, 2, 17, 6, 17, 13).timeIntervalSince1970)
        var byDay = RuleWalker(rule: Fixture.rule(text), dtstartWall: dtstart, frame: frame)
        #expect(byDay.walksByDay)
        var whole = byDay
        whole.allowsWalkingByDay = false
        for (from, to) in [(dtstart, Int(Self.utc(2028, 1, 1).timeIntervalSince1970)),
                           (Int(Self.utc(2027, 3, 20).timeIntervalSince1970), Int(Self.utc(2027, 6, 1).timeIntervalSince1970))] {
            let a = try byDay.instances(from: from, to: to, budget: ExpansionBudget(limit: 5_000_000))
            let b = try whole.instances(from: from, to: to, budget: ExpansionBudget(limit: 5_000_000))
            if from == dtstart { #expect(a != nil && a?.isEmpty == false) }
            #expect(a == b, "\(text) from \(from)")
        }
        byDay.allowsSkipping = false
        whole.allowsSkipping = false
        #expect(try byDay.instances(from: dtstart, to: dtstart, budget: ExpansionBudget(limit: 10)) == whole.instances(from: dtstart, to: dtstart, budget: ExpansionBudget(limit: 5_000_000)))
    }

    /// BYWEEKNO (refused by libical on these frequencies), rules without day-level parts and
    /// daily or longer rules are not walked by day.
    @Test func otherShapesAreNotWalkedByDay() {
        for text in ["FREQ=HOURLY;BYWEEKNO=10", "FREQ=DAILY;BYMONTH=2", "FREQ=HOURLY;BYHOUR=9",
                     "FREQ=SECONDLY"] {
            #expect(!RuleWalker.walksByDay(RuleWalker.normalized(Fixture.rule(text), isDate: false), isDate: false), "\(text)")
        }
    }
}
