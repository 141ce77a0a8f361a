import ICalCore
import Testing

/// Instances of RFC 5545 §3.8.5.3 example rules, copied from the RFC text (its DTSTARTs are
/// America/New_York; the iterator works in wall-clock time, so the wall clock is what we check).
@Suite("RecurrenceIterator")
struct RecurrenceIteratorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let rule: String
        let start: String
        /// Dates (YYYYMMDD) of the instances, all at the start's time of day.
        let dates: [String]
        /// How many to take for an unbounded rule (nil: walk to the end).
        var take: Int? = nil
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "daily for 10 occurrences", rule: "FREQ=DAILY;COUNT=10", start: "19970902T090000",
             dates: ["19970902", "19970903", "19970904", "19970905", "19970906", "19970907", "19970908", "19970909", "19970910", "19970911"]),
        Case(id: "every 10 days, 5 occurrences", rule: "FREQ=DAILY;INTERVAL=10;COUNT=5", start: "19970902T090000",
             dates: ["19970902", "19970912", "19970922", "19971002", "19971012"]),
        Case(id: "weekly on TU,TH for five weeks (UNTIL)", rule: "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", start: "19970902T090000",
             dates: ["19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923", "19970925", "19970930", "19971002"]),
        Case(id: "monthly on the first Friday for 10", rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", start: "19970905T090000",
             dates: ["19970905", "19971003", "19971107", "19971205", "19980102", "19980206", "19980306", "19980403", "19980501", "19980605"]),
        Case(id: "WKST=MO", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", start: "19970805T090000",
             dates: ["19970805", "19970810", "19970819", "19970824"]),
        Case(id: "WKST=SU", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", start: "19970805T090000",
             dates: ["19970805", "19970817", "19970819", "19970831"]),
        Case(id: "third-to-last day of the month", rule: "FREQ=MONTHLY;BYMONTHDAY=-3", start: "19970928T090000",
             dates: ["19970928", "19971029", "19971128", "19971229", "19980129", "19980226"], take: 6),
        Case(id: "second-to-last weekday of the month", rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", start: "19970929T090000",
             dates: ["19970929", "19971030", "19971127", "19971230", "19980129", "19980226", "19980330"], take: 7),
        Case(id: "third of TU,WE,TH for 3 months", rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", start: "19970904T090000",
             dates: ["19970904", "19971007", "19971106"]),
        Case(id: "20th Monday of the year", rule: "FREQ=YEARLY;BYDAY=20MO", start: "19970519T090000",
             dates: ["19970519", "19980518", "19990517"], take: 3),
        Case(id: "Friday the 13th", rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", start: "19970902T090000",
             dates: ["19980213", "19980313", "19981113", "19990813", "20001013"], take: 5),
        Case(id: "US presidential election day", rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
             start: "19961105T090000", dates: ["19961105", "20001107", "20041102"], take: 3),
    ]

    @Test(arguments: cases)
    func rfcExample(_ c: Case) throws {
        let start = try #require(DateTimeValue(parsing: c.start))
        let it = try RecurrenceIterator(rule: c.rule, start: start)
        var got: [String] = []
        while c.take.map({ got.count < $0 }) ?? true, let t = it.next() {
            got.append(t.description)
            if got.count > 1000 { break }
        }
        #expect(got == c.dates.map { $0 + "T090000" })
    }

    @Test func everyThreeHoursUntil() throws {
        // §3.8.5.3: "Every 3 hours from 9:00 AM to 5:00 PM on a specific day".
        let it = try RecurrenceIterator(rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
                                        start: DateTimeValue(year: 1997, month: 9, day: 2, hour: 9))
        var got: [String] = []
        while let t = it.next(), got.count < 100 { got.append(t.description) }
        #expect(got == ["19970902T090000", "19970902T120000", "19970902T150000"])
    }

    @Test func invalidRuleThrows() {
        #expect(throws: ICalError.self) {
            _ = try RecurrenceIterator(rule: "FREQ=NEVER", start: DateTimeValue(year: 2026, month: 1, day: 1))
        }
    }

    struct JumpCase: Sendable, CustomTestStringConvertible {
        let rule: String
        let start: DateTimeValue
        let target: DateTimeValue
        /// The first instances at or after `target`, worked out by hand.
        let expected: [String]
        var testDescription: String { rule }
    }

    static let jumpCases = [
        // Jan 1 + 3k days: day 60 of 2026 (k = 20) is March 2.
        JumpCase(rule: "FREQ=DAILY;INTERVAL=3", start: DateTimeValue(year: 2026, month: 1, day: 1, hour: 9),
                 target: DateTimeValue(year: 2026, month: 3, day: 1),
                 expected: ["20260302T090000", "20260305T090000", "20260308T090000", "20260311T090000"]),
        JumpCase(rule: "FREQ=DAILY", start: DateTimeValue(year: 2026, month: 1, day: 1, hour: 9),
                 target: DateTimeValue(year: 2026, month: 6, day: 15, hour: 10),
                 expected: ["20260616T090000", "20260617T090000", "20260618T090000"]),
        // 2026-01-05 is a Monday.
        JumpCase(rule: "FREQ=WEEKLY;BYDAY=MO,WE", start: DateTimeValue(year: 2026, month: 1, day: 5, hour: 8),
                 target: DateTimeValue(year: 2026, month: 4, day: 1, hour: 9),
                 expected: ["20260406T080000", "20260408T080000", "20260413T080000"]),
        // Every other week from Monday 2026-01-05: weeks of Jan 5, Jan 19, ... Mar 30, Apr 13.
        JumpCase(rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", start: DateTimeValue(year: 2026, month: 1, day: 5, hour: 8),
                 target: DateTimeValue(year: 2026, month: 4, day: 1),
                 expected: ["20260413T080000", "20260427T080000", "20260511T080000"]),
        JumpCase(rule: "FREQ=MONTHLY;BYMONTHDAY=31", start: DateTimeValue(year: 2026, month: 1, day: 31, hour: 12),
                 target: DateTimeValue(year: 2026, month: 2, day: 1),
                 expected: ["20260331T120000", "20260531T120000", "20260731T120000"]),
        JumpCase(rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", start: DateTimeValue(year: 2024, month: 2, day: 29),
                 target: DateTimeValue(year: 2025, month: 1, day: 1),
                 expected: ["20280229T000000", "20320229T000000"]),
    ]

    @Test(arguments: jumpCases)
    func jumpGivesTheSameInstancesAsWalking(_ c: JumpCase) throws {
        let walker = try RecurrenceIterator(rule: c.rule, start: c.start)
        var walked: [String] = []
        var steps = 0
        while walked.count < c.expected.count, let t = walker.next(), steps < 100_000 {
            steps += 1
            if !(t < c.target) { walked.append(t.description) }
        }
        #expect(walked == c.expected)

        let jumper = try RecurrenceIterator(rule: c.rule, start: c.start)
        #expect(jumper.jump(to: c.target))
        var jumped: [String] = []
        while jumped.count < c.expected.count, let t = jumper.next() { jumped.append(t.description) }
        #expect(jumped == c.expected)
    }

    @Test func jumpIsRefusedForCountRules() throws {
        let it = try RecurrenceIterator(rule: "FREQ=DAILY;COUNT=3", start: DateTimeValue(year: 2026, month: 1, day: 1, hour: 9))
        #expect(it.hasCount)
        #expect(!it.jump(to: DateTimeValue(year: 2026, month: 1, day: 2)))
        var got: [String] = []
        while let t = it.next() { got.append(t.description) }
        #expect(got == ["20260101T090000", "20260102T090000", "20260103T090000"])
    }
}
