import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// RFC 5545 §3.8.5.3 examples. Every expected list is copied from the RFC text (its "==>"
/// lines), which was written independently of libical and of this code. Series are floating
/// (the RFC's local times as written) and the window is read in UTC, so the expected wall
/// clocks can be compared directly, except the first case, which is zoned (America/New_York)
/// as in the RFC.
@Suite("Expansion: RFC 5545 examples")
struct ExpansionRFCExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let rrule: String
        let dtstart: String        // floating wall clock, yyyyMMddTHHmmss
        var from = "19970101T000000"
        var to = "20010101T000000"
        let expected: [String]
        var testDescription: String { id }
    }

    static func parse(_ s: String) -> Date {
        let n = s.map { $0 }
        func num(_ a: Int, _ b: Int) -> Int { Int(String(n[a..<b])) ?? 0 }
        return Fixture.utc(num(0, 4), num(4, 6), num(6, 8), num(9, 11), num(11, 13), num(13, 15))
    }

    static let cases: [Case] = [
        Case(id: "daily for 10 occurrences", rrule: "FREQ=DAILY;COUNT=10", dtstart: "19970902T090000",
             expected: (2...11).map { String(format: "199709%02dT090000", $0) }),
        Case(id: "weekly on Tuesday and Thursday for five weeks", rrule: "FREQ=WEEKLY;UNTIL=19971007T000000;WKST=SU;BYDAY=TU,TH",
             dtstart: "19970902T090000",
             expected: ["19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923", "19970925", "19970930", "19971002"].map { $0 + "T090000" }),
        Case(id: "monthly on the second-to-last Monday for 6 months", rrule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", dtstart: "19970922T090000",
             expected: ["19970922", "19971020", "19971117", "19971222", "19980119", "19980216"].map { $0 + "T090000" }),
        Case(id: "third Tuesday/Wednesday/Thursday of the month, 3 months (BYSETPOS=3)", rrule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
             dtstart: "19970904T090000", expected: ["19970904", "19971007", "19971106"].map { $0 + "T090000" }),
        Case(id: "second-to-last weekday of the month (BYSETPOS=-2)", rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
             dtstart: "19970929T090000", to: "19980331T000000",
             expected: ["19970929", "19971030", "19971127", "19971230", "19980129", "19980226", "19980330"].map { $0 + "T090000" }),
        Case(id: "WKST=MO: every other week on Tuesday and Sunday", rrule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
             dtstart: "19970805T090000", expected: ["19970805", "19970810", "19970819", "19970824"].map { $0 + "T090000" }),
        Case(id: "WKST=SU: every other week on Tuesday and Sunday", rrule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
             dtstart: "19970805T090000", expected: ["19970805", "19970817", "19970819", "19970831"].map { $0 + "T090000" }),
        Case(id: "February 30 is ignored", rrule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", dtstart: "20070115T090000",
             from: "20070101T000000", to: "20080101T000000",
             expected: ["20070115", "20070130", "20070215", "20070315", "20070330"].map { $0 + "T090000" }),
        Case(id: "yearly in June and July for 10 occurrences", rrule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", dtstart: "19970610T090000",
             from: "19970101T000000", to: "20020101T000000",
             expected: (1997...2001).flatMap { ["\($0)0610T090000", "\($0)0710T090000"] }),
        Case(id: "every 15 minutes for 6 occurrences", rrule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6", dtstart: "19970902T090000",
             expected: ["090000", "091500", "093000", "094500", "100000", "101500"].map { "19970902T" + $0 }),
        Case(id: "every 20 minutes 9:00-16:40 (MINUTELY form), one day asked", rrule: "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
             dtstart: "19970902T090000", from: "19970903T000000", to: "19970904T000000",
             expected: (9...16).flatMap { h in [0, 20, 40].map { String(format: "19970903T%02d%02d00", h, $0) } }),
        Case(id: "every 20 minutes 9:00-16:40 (DAILY form), one day asked", rrule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
             dtstart: "19970902T090000", from: "19970903T000000", to: "19970904T000000",
             expected: (9...16).flatMap { h in [0, 20, 40].map { String(format: "19970903T%02d%02d00", h, $0) } }),
        Case(id: "every other week on Monday, Wednesday, Friday until Dec 24 (floating)",
             rrule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000;WKST=SU;BYDAY=MO,WE,FR", dtstart: "19970901T090000",
             expected: ["19970901", "19970903", "19970905", "19970915", "19970917", "19970919", "19970929", "19971001", "19971003",
                        "19971013", "19971015", "19971017", "19971027", "19971029", "19971031", "19971110", "19971112", "19971114",
                        "19971124", "19971126", "19971128", "19971208", "19971210", "19971212", "19971222"].map { $0 + "T090000" }),
        Case(id: "every day in January for 3 years, only January 2000 asked", rrule: "FREQ=DAILY;UNTIL=20000131T140000;BYMONTH=1",
             dtstart: "19980101T090000", from: "19991231T000000", to: "20000301T000000",
             expected: (1...31).map { String(format: "200001%02dT090000", $0) }),
    ]

    @Test(arguments: cases)
    func rfcExample(_ c: Case) throws {
        let master = Fixture.floating(start: Self.parse(c.dtstart), length: 3600, rrule: c.rrule)
        let list = try Fixture.occurrences(master, [], Fixture.window(Self.parse(c.from), Self.parse(c.to)))
        #expect(Fixture.walls(list) == c.expected)
        #expect(list.allSatisfy { $0.isRecurring && !$0.isDetached && $0.occurrenceDate == $0.startDate })
    }

    /// "Every other week on Monday, Wednesday, and Friday until December 24, 1997, starting on
    /// Monday, September 1, 1997", zoned as in the RFC: `DTSTART;TZID=America/New_York:
    /// 19970901T090000`, `UNTIL=19971224T000000Z`. All instances are at 09:00 local: EDT (13:00Z)
    /// through October 17, EST (14:00Z) from October 27.
    /// python3 -c "from zoneinfo import ZoneInfo as Z; from datetime import datetime as D;
    ///   print(D(1997,10,17,9,tzinfo=Z('America/New_York')).timestamp(), D(1997,10,27,9,tzinfo=Z('America/New_York')).timestamp())"
    /// → 877093200 (1997-10-17T13:00Z) 877960800 (1997-10-27T14:00Z)
    @Test func rfcBiweeklyInNewYork() throws {
        let master = Fixture.zoned("ny", "America/New_York", start: Fixture.utc(1997, 9, 1, 13),
                                   rrule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR")
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(1997, 1, 1), Fixture.utc(1998, 1, 1)))
        let edt = ["0901", "0903", "0905", "0915", "0917", "0919", "0929", "1001", "1003", "1013", "1015", "1017"]
        let est = ["1027", "1029", "1031", "1110", "1112", "1114", "1124", "1126", "1128", "1208", "1210", "1212", "1222"]
        let expected = edt.map { "1997-\($0.prefix(2))-\($0.suffix(2))T13:00:00Z" } + est.map { "1997-\($0.prefix(2))-\($0.suffix(2))T14:00:00Z" }
        #expect(Fixture.starts(list) == expected)
        #expect(list.first?.occurrenceDate == Date(timeIntervalSince1970: 873_118_800))   // 1997-09-01T13:00Z (python, as above)
    }

    /// "Every Friday the 13th, forever", with the RFC's `EXDATE` of DTSTART itself: DTSTART
    /// (a Tuesday, Sept 2) is excluded, so the list starts with the first Friday the 13th.
    @Test func fridayThe13thWithDtstartExcluded() throws {
        var master = Fixture.floating(start: Fixture.utc(1997, 9, 2, 9), rrule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13")
        master.exceptionDates = [RecurrenceDate(date: Fixture.utc(1997, 9, 2, 9), isFloating: true)]
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(1997, 1, 1), Fixture.utc(2000, 12, 31)))
        #expect(Fixture.walls(list) == ["19980213", "19980313", "19981113", "19990813", "20001013"].map { $0 + "T090000" })
    }
}
