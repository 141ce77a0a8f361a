import CalendarModel
import Foundation
@testable import ICalConversion
import ICalCore
import Testing

/// Rule shapes libical 3.0.16 iterates wrongly (issue 22, part 4), through the expander. Each
/// expected list is python-dateutil 2.9.0.post0's expansion of the same rule from the same
/// floating DTSTART (`rrulestr(rule, dtstart=...)`, run in Conformance/oracle's venv), pasted
/// here; where DTSTART is no instance of the rule, RFC 5545 §3.3.10 ("The DTSTART property
/// value always counts as the first occurrence") puts DTSTART first and it takes one COUNT place
/// (K10), so the list is DTSTART and dateutil's first COUNT − 1.
@Suite("Expansion: rule parts libical gets wrong")
struct ExpansionRulePartTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var dtstart: String
        var rrule: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // dateutil (rule instances): 09:06, 09:18, 10:06; DTSTART 09:00 first (RFC) → COUNT − 1 of them.
        Case(name: "MINUTELY;BYMINUTE from a DTSTART the rule does not produce", dtstart: "20260301T090000",
             rrule: "FREQ=MINUTELY;COUNT=3;BYMINUTE=6,18", expected: ["20260301T090000", "20260301T090600", "20260301T091800"]),
        Case(name: "HOURLY;BYHOUR (libical yields DTSTART twice)", dtstart: "20240701T093000",
             rrule: "FREQ=HOURLY;BYHOUR=3,9,11;COUNT=6",
             expected: ["20240701T093000", "20240701T113000", "20240702T033000", "20240702T093000", "20240702T113000", "20240703T033000"]),
        Case(name: "MINUTELY;BYMINUTE;BYSECOND (libical repeats the first minute)", dtstart: "20040801T125000",
             rrule: "FREQ=MINUTELY;BYMINUTE=20,27,50,59;BYSECOND=0,9;COUNT=6",
             expected: ["20040801T125000", "20040801T125009", "20040801T125900", "20040801T125909", "20040801T132000", "20040801T132009"]),
        Case(name: "MINUTELY;INTERVAL with BYHOUR keeps DTSTART's grid", dtstart: "20150711T220400",
             rrule: "FREQ=MINUTELY;INTERVAL=7;BYHOUR=7,11,21,22;COUNT=5",
             expected: ["20150711T220400", "20150711T221100", "20150711T221800", "20150711T222500", "20150711T223200"]),
        // The example; dateutil: 09-03, 10-01, 10-03, 11-01, 11-03 (DTSTART 09-02 first).
        Case(name: "YEARLY;BYMONTHDAY without BYMONTH takes every month", dtstart: "19970902T090000",
             rrule: "FREQ=YEARLY;BYMONTHDAY=1,3;COUNT=5",
             expected: ["19970902T090000", "19970903T090000", "19971001T090000", "19971003T090000", "19971101T090000"]),
        Case(name: "YEARLY;BYMONTHDAY;BYDAY without BYMONTH (Friday the 13th)", dtstart: "19980213T090000",
             rrule: "FREQ=YEARLY;BYMONTHDAY=13;BYDAY=FR;COUNT=3", expected: ["19980213T090000", "19980313T090000", "19981113T090000"]),
        Case(name: "YEARLY;BYMONTHDAY;BYDAY;BYSETPOS without BYMONTH", dtstart: "19971201T090000",
             rrule: "FREQ=YEARLY;BYMONTHDAY=1,2,3,4,5,6,7;BYDAY=MO;BYSETPOS=-1;COUNT=3",
             expected: ["19971201T090000", "19981207T090000", "19991206T090000"]),
        Case(name: "YEARLY;BYMONTH;BYYEARDAY gives the year days in those months", dtstart: "20260209T090000",
             rrule: "FREQ=YEARLY;BYMONTH=2,3;BYYEARDAY=40,60,100;COUNT=4",
             expected: ["20260209T090000", "20260301T090000", "20270209T090000", "20270301T090000"]),
        Case(name: "YEARLY;BYMONTH;BYYEARDAY;BYDAY with numbered weekdays", dtstart: "20200901",
             rrule: "FREQ=YEARLY;INTERVAL=7;BYMONTH=4,8,9,10;BYYEARDAY=245,251,278;BYDAY=3MO,-5TU;COUNT=3",
             expected: ["20200901", "20480901", "20760901"]),
        Case(name: "YEARLY;BYWEEKNO;BYMONTHDAY", dtstart: "19980501T120000",
             rrule: "FREQ=YEARLY;BYWEEKNO=18;BYMONTHDAY=1,10;COUNT=3", expected: ["19980501T120000", "20000501T120000", "20010501T120000"]),
        Case(name: "WEEKLY;INTERVAL=2 with WKST=SA", dtstart: "20150122",
             rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,FR,TH;WKST=SA;COUNT=4", expected: ["20150122", "20150123", "20150204", "20150205"]),
    ]

    @Test(arguments: cases)
    func expandsLikeDateutil(_ c: Case) throws {
        let start = try #require(DateTimeValue(parsing: c.dtstart))
        let master: Event = start.isDate
            ? Fixture.allDay("e", start.year, start.month, start.day, rrule: c.rrule)
            : Fixture.floating(start: Fixture.utc(start.year, start.month, start.day, start.hour, start.minute, start.second), rrule: c.rrule)
        let list = try Fixture.occurrences(master, [], Fixture.window(master.startDate, master.startDate.addingTimeInterval(90 * 366 * 86_400)))
        let got = Fixture.walls(list).map { start.isDate ? String($0.prefix(8)) : $0 }
        #expect(got == c.expected)
    }

    /// libical 3.0.16 keeps INTERVAL in a signed 16-bit field (`FREQ=DAILY;INTERVAL=65537` would
    /// repeat every day, 32768 cannot be iterated); such a rule is refused, not expanded wrongly.
    /// RFC 5545 §3.3.10: INTERVAL is any positive integer; 32767 is still read.
    @Test(arguments: [("FREQ=DAILY;INTERVAL=65537", false), ("FREQ=DAILY;INTERVAL=100000;COUNT=2", false),
                      ("FREQ=DAILY;interval=32768", false), ("FREQ=DAILY;INTERVAL=32767", true), ("FREQ=DAILY;INTERVAL=2", true)])
    func largeIntervalIsRefused(_ rule: String, _ accepted: Bool) {
        switch RecurValue.parse(rule) {
        case .success(let v): #expect(accepted, "read with interval \(v.interval)")
        case .failure(let e): #expect(!accepted && e.message.contains("32767"), "\(e.message)")
        }
    }
}
