import ICalCore
import Testing

/// RRULE text → fields, for the rules of RFC 5545 §3.3.10 and §3.8.5.3. Weekdays are
/// 1 = SU ... 7 = SA as ``RecurValue/ByDay`` documents.
@Suite("RecurValue.parse")
struct RecurValueTests {
    static let SU = 1, MO = 2, TU = 3, WE = 4, TH = 5, FR = 6, SA = 7

    static func day(_ weekday: Int, _ position: Int = 0) -> RecurValue.ByDay {
        RecurValue.ByDay(weekday: weekday, position: position)
    }

    /// The fields a test cares about; everything else must be empty/nil.
    struct Expected: Sendable {
        var frequency: String
        var interval = 1
        var count: Int? = nil
        var until: DateTimeValue? = nil
        var weekStart: Int? = nil
        var byDay: [RecurValue.ByDay] = []
        var bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = []
        var byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [], byMonth: [Int] = [], bySetPos: [Int] = []
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let rule: String
        let expected: Expected
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "daily for 10", rule: "FREQ=DAILY;COUNT=10", expected: Expected(frequency: "DAILY", count: 10)),
        Case(id: "daily until Z", rule: "FREQ=DAILY;UNTIL=19971224T000000Z",
             expected: Expected(frequency: "DAILY", until: DateTimeValue(year: 1997, month: 12, day: 24, isUTC: true))),
        Case(id: "daily until floating", rule: "FREQ=DAILY;UNTIL=19971224T000000",
             expected: Expected(frequency: "DAILY", until: DateTimeValue(year: 1997, month: 12, day: 24))),
        Case(id: "daily until DATE", rule: "FREQ=DAILY;UNTIL=19971224",
             expected: Expected(frequency: "DAILY", until: DateTimeValue(year: 1997, month: 12, day: 24, isDate: true))),
        Case(id: "every other day", rule: "FREQ=DAILY;INTERVAL=2", expected: Expected(frequency: "DAILY", interval: 2)),
        Case(id: "every 10 days, 5 times", rule: "FREQ=DAILY;INTERVAL=10;COUNT=5", expected: Expected(frequency: "DAILY", interval: 10, count: 5)),
        Case(id: "every day in January, yearly", rule: "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
             expected: Expected(frequency: "YEARLY", until: DateTimeValue(year: 2000, month: 1, day: 31, hour: 14, isUTC: true),
                                byDay: [day(SU), day(MO), day(TU), day(WE), day(TH), day(FR), day(SA)], byMonth: [1])),
        Case(id: "weekly on Tuesday and Thursday, WKST=SU", rule: "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
             expected: Expected(frequency: "WEEKLY", until: DateTimeValue(year: 1997, month: 10, day: 7, isUTC: true),
                                weekStart: SU, byDay: [day(TU), day(TH)])),
        Case(id: "every other week MO,WE,FR", rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
             expected: Expected(frequency: "WEEKLY", interval: 2, until: DateTimeValue(year: 1997, month: 12, day: 24, isUTC: true),
                                weekStart: SU, byDay: [day(MO), day(WE), day(FR)])),
        Case(id: "WKST=MO", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
             expected: Expected(frequency: "WEEKLY", interval: 2, count: 4, weekStart: MO, byDay: [day(TU), day(SU)])),
        Case(id: "first Friday", rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
             expected: Expected(frequency: "MONTHLY", count: 10, byDay: [day(FR, 1)])),
        Case(id: "first and last Sunday", rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
             expected: Expected(frequency: "MONTHLY", interval: 2, count: 10, byDay: [day(SU, 1), day(SU, -1)])),
        Case(id: "second-to-last Monday", rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
             expected: Expected(frequency: "MONTHLY", count: 6, byDay: [day(MO, -2)])),
        Case(id: "third-to-last day", rule: "FREQ=MONTHLY;BYMONTHDAY=-3", expected: Expected(frequency: "MONTHLY", byMonthDay: [-3])),
        Case(id: "2nd and 15th", rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
             expected: Expected(frequency: "MONTHLY", count: 10, byMonthDay: [2, 15])),
        Case(id: "first and last day", rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
             expected: Expected(frequency: "MONTHLY", count: 10, byMonthDay: [1, -1])),
        Case(id: "June and July", rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", expected: Expected(frequency: "YEARLY", count: 10, byMonth: [6, 7])),
        Case(id: "year days", rule: "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
             expected: Expected(frequency: "YEARLY", interval: 3, count: 10, byYearDay: [1, 100, 200])),
        Case(id: "20th Monday", rule: "FREQ=YEARLY;BYDAY=20MO", expected: Expected(frequency: "YEARLY", byDay: [day(MO, 20)])),
        Case(id: "Monday of week 20", rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
             expected: Expected(frequency: "YEARLY", byDay: [day(MO)], byWeekNo: [20])),
        Case(id: "Thursdays in March", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", expected: Expected(frequency: "YEARLY", byDay: [day(TH)], byMonth: [3])),
        Case(id: "Friday the 13th", rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
             expected: Expected(frequency: "MONTHLY", byDay: [day(FR)], byMonthDay: [13])),
        Case(id: "US election day", rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
             expected: Expected(frequency: "YEARLY", interval: 4, byDay: [day(TU)], byMonthDay: [2, 3, 4, 5, 6, 7, 8], byMonth: [11])),
        Case(id: "third weekday, BYSETPOS", rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
             expected: Expected(frequency: "MONTHLY", count: 3, byDay: [day(TU), day(WE), day(TH)], bySetPos: [3])),
        Case(id: "second-to-last weekday", rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
             expected: Expected(frequency: "MONTHLY", byDay: [day(MO), day(TU), day(WE), day(TH), day(FR)], bySetPos: [-2])),
        Case(id: "every 3 hours", rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
             expected: Expected(frequency: "HOURLY", interval: 3, until: DateTimeValue(year: 1997, month: 9, day: 2, hour: 17, isUTC: true))),
        Case(id: "every 15 minutes", rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6", expected: Expected(frequency: "MINUTELY", interval: 15, count: 6)),
        Case(id: "BYHOUR and BYMINUTE", rule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
             expected: Expected(frequency: "DAILY", byMinute: [0, 20, 40], byHour: [9, 10, 11, 12, 13, 14, 15, 16])),
        Case(id: "secondly with BYSECOND", rule: "FREQ=SECONDLY;BYSECOND=0,30", expected: Expected(frequency: "SECONDLY", bySecond: [0, 30])),
        // §3.6.5 VTIMEZONE rules.
        Case(id: "last Sunday in October", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", expected: Expected(frequency: "YEARLY", byDay: [day(SU, -1)], byMonth: [10])),
        Case(id: "second Sunday in March", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", expected: Expected(frequency: "YEARLY", byDay: [day(SU, 2)], byMonth: [3])),
        Case(id: "lower case", rule: "freq=weekly;byday=mo,fr;wkst=mo", expected: Expected(frequency: "WEEKLY", weekStart: MO, byDay: [day(MO), day(FR)])),
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) throws {
        let v = try Self.value(c.rule)
        let e = c.expected
        #expect(v.frequency == e.frequency)
        #expect(v.interval == e.interval)
        #expect(v.count == e.count)
        #expect(v.until == e.until)
        #expect(v.weekStart == e.weekStart)
        // libical sorts BYDAY by weekday from WKST; the order carries no meaning (RFC 5545 §3.3.10).
        #expect(Set(v.byDay) == Set(e.byDay))
        #expect(v.byDay.count == e.byDay.count)
        #expect(v.bySecond == e.bySecond)
        #expect(v.byMinute == e.byMinute)
        #expect(v.byHour == e.byHour)
        #expect(v.byMonthDay == e.byMonthDay)
        #expect(v.byYearDay == e.byYearDay)
        #expect(v.byWeekNo == e.byWeekNo)
        #expect(v.byMonth == e.byMonth)
        #expect(v.bySetPos == e.bySetPos)
        #expect(v.extraParts.isEmpty)
        #expect(v.warnings.isEmpty)
    }

    static func value(_ rule: String) throws -> RecurValue {
        switch RecurValue.parse(rule) {
        case .success(let v): return v
        case .failure(let e):
            Issue.record("\(rule) failed: \(e)")
            throw e
        }
    }

    static let invalidRules = [
        "", "COUNT=10", "FREQ=FORTNIGHTLY", "FREQ=DAILY;BYDAY=XX", "FREQ=DAILY;FOO=BAR", "FREQ=WEEKLY;BYDAY=MO;BYDAY",
        "FREQ=MONTHLY;BYMONTHDAY=abc", "FREQ=DAILY;UNTIL=notadate", "FREQ=WEEKLY;WKST=XX", "not a rule at all",
    ]

    @Test(arguments: invalidRules)
    func rejectsInvalid(_ rule: String) {
        guard case .failure(let error) = RecurValue.parse(rule) else {
            Issue.record("\(rule) was accepted")
            return
        }
        #expect(error.code == .malformedData)
    }

    @Test func untilWithCountKeepsCountAndWarns() throws {
        let v = try Self.value("FREQ=DAILY;COUNT=5;UNTIL=20261231T000000Z")
        #expect(v.frequency == "DAILY")
        #expect(v.count == 5)
        #expect(v.until == nil)
        #expect(v.warnings.count == 1)
        #expect(v.warnings.first?.contains("COUNT") == true)
    }

    @Test func leapMonthIsRefused() {
        guard case .failure(let error) = RecurValue.parse("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=5L") else {
            Issue.record("a leap month was accepted")
            return
        }
        #expect(error.code == .unimplemented, "\(error)")
    }
}
