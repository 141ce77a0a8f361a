import CalendarModel
import Foundation
import Testing

/// ``RecurrenceRule/rfc5545String``: parts in RFC 5545 §3.3.10 order as the type documents
/// (FREQ, UNTIL, COUNT, INTERVAL, BYSECOND ... BYSETPOS, WKST, extras). Dates are epoch
/// literals from python3 `datetime(..., tzinfo=timezone.utc).timestamp()`.
@Suite("RecurrenceRule.rfc5545String")
struct RecurrenceRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let rule: RecurrenceRule
        let expected: String
        var testDescription: String { id }
    }

    /// 1997-12-24T00:00:00Z
    static let dec24_1997 = Date(timeIntervalSince1970: 882_921_600)
    /// 2000-01-31T14:00:00Z
    static let jan31_2000_14h = Date(timeIntervalSince1970: 949_327_200)
    /// 1969-07-20T20:17:40Z
    static let moonLanding = Date(timeIntervalSince1970: -14_182_940)

    static func rule(_ f: RecurrenceRule.Frequency, interval: Int = 1, end: RecurrenceRule.End = .never,
                     _ edit: (inout RecurrenceRule) -> Void = { _ in }) -> RecurrenceRule {
        var r = RecurrenceRule(frequency: f, interval: interval, end: end)
        edit(&r)
        return r
    }

    static let cases: [Case] = [
        Case(id: "daily", rule: rule(.daily), expected: "FREQ=DAILY"),
        Case(id: "interval 1 is not written", rule: rule(.weekly, interval: 1), expected: "FREQ=WEEKLY"),
        Case(id: "each frequency: secondly", rule: rule(.secondly), expected: "FREQ=SECONDLY"),
        Case(id: "each frequency: minutely", rule: rule(.minutely, interval: 15), expected: "FREQ=MINUTELY;INTERVAL=15"),
        Case(id: "each frequency: hourly", rule: rule(.hourly), expected: "FREQ=HOURLY"),
        Case(id: "each frequency: monthly", rule: rule(.monthly), expected: "FREQ=MONTHLY"),
        Case(id: "each frequency: yearly", rule: rule(.yearly), expected: "FREQ=YEARLY"),
        Case(id: "count", rule: rule(.daily, end: .afterOccurrences(10)), expected: "FREQ=DAILY;COUNT=10"),
        Case(id: "count before interval", rule: rule(.daily, interval: 10, end: .afterOccurrences(5)), expected: "FREQ=DAILY;COUNT=5;INTERVAL=10"),
        Case(id: "UNTIL in UTC", rule: rule(.daily, end: .afterDate(dec24_1997)), expected: "FREQ=DAILY;UNTIL=19971224T000000Z"),
        Case(id: "UNTIL as DATE", rule: rule(.daily, end: .afterDate(dec24_1997, isDate: true)), expected: "FREQ=DAILY;UNTIL=19971224"),
        Case(id: "UNTIL floating", rule: rule(.daily, end: .afterDate(dec24_1997, isFloating: true)), expected: "FREQ=DAILY;UNTIL=19971224T000000"),
        Case(id: "UNTIL before 1970", rule: rule(.yearly, end: .afterDate(moonLanding)), expected: "FREQ=YEARLY;UNTIL=19690720T201740Z"),
        Case(id: "UNTIL with fractional seconds rounds down", rule: rule(.daily, end: .afterDate(dec24_1997.addingTimeInterval(0.75))),
             expected: "FREQ=DAILY;UNTIL=19971224T000000Z"),
        Case(id: "every day in January", rule: rule(.yearly, end: .afterDate(jan31_2000_14h)) {
            $0.monthsOfTheYear = [1]
            $0.daysOfTheWeek = RecurrenceRule.Weekday.allCases.map { .init($0) }
        }, expected: "FREQ=YEARLY;UNTIL=20000131T140000Z;BYDAY=SU,MO,TU,WE,TH,FR,SA;BYMONTH=1"),
        Case(id: "weekday positions", rule: rule(.monthly, interval: 2, end: .afterOccurrences(10)) {
            $0.daysOfTheWeek = [.init(.sunday, weekNumber: 1), .init(.sunday, weekNumber: -1), .init(.monday, weekNumber: 20)]
        }, expected: "FREQ=MONTHLY;COUNT=10;INTERVAL=2;BYDAY=1SU,-1SU,20MO"),
        Case(id: "WKST last", rule: rule(.weekly, interval: 2, end: .afterOccurrences(4)) {
            $0.firstDayOfTheWeek = .monday
            $0.daysOfTheWeek = [.init(.tuesday), .init(.sunday)]
        }, expected: "FREQ=WEEKLY;COUNT=4;INTERVAL=2;BYDAY=TU,SU;WKST=MO"),
        Case(id: "every part, in order", rule: rule(.yearly, interval: 3, end: .afterOccurrences(7)) {
            // Set in an order different from the output order.
            $0.extraParts = ["RSCALE=GREGORIAN", "SKIP=FORWARD"]
            $0.firstDayOfTheWeek = .sunday
            $0.setPositions = [1, -1]
            $0.monthsOfTheYear = [3, 10]
            $0.weeksOfTheYear = [1, 52, -1]
            $0.daysOfTheYear = [1, 100, -1]
            $0.daysOfTheMonth = [1, 15, -1]
            $0.daysOfTheWeek = [.init(.friday, weekNumber: -2)]
            $0.hours = [9, 17]
            $0.minutes = [0, 30]
            $0.seconds = [0, 59]
        }, expected: "FREQ=YEARLY;COUNT=7;INTERVAL=3;BYSECOND=0,59;BYMINUTE=0,30;BYHOUR=9,17;BYDAY=-2FR;BYMONTHDAY=1,15,-1;"
            + "BYYEARDAY=1,100,-1;BYWEEKNO=1,52,-1;BYMONTH=3,10;BYSETPOS=1,-1;WKST=SU;RSCALE=GREGORIAN;SKIP=FORWARD"),
        Case(id: "second-to-last weekday", rule: rule(.monthly) {
            $0.daysOfTheWeek = [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) }
            $0.setPositions = [-2]
        }, expected: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2"),
    ]

    @Test(arguments: cases)
    func rfc5545String(_ c: Case) {
        #expect(c.rule.rfc5545String == c.expected)
    }

    @Test func endFactories() {
        #expect(RecurrenceRule.End.never.isNever)
        #expect(!RecurrenceRule.End.afterOccurrences(3).isNever)
        #expect(RecurrenceRule.End.afterOccurrences(3).count == 3)
        let until = RecurrenceRule.End.afterDate(Self.dec24_1997, isDate: true)
        #expect(until.until == Self.dec24_1997)
        #expect(until.untilIsDate && !until.untilIsFloating)
        #expect(until.count == nil)
    }
}
