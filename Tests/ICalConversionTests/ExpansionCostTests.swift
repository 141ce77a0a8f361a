import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// Skipping ahead (no replay from DTSTART), its equivalence with a full walk, limits, span.
@Suite("Expansion: cost, limits, span")
struct ExpansionCostTests {
    struct SkipCase: Sendable, CustomTestStringConvertible {
        let rrule: String
        let start: Date
        let from: Date
        let to: Date
        var testDescription: String { rrule }
    }

    /// Each frequency, with INTERVAL > 1, BYDAY, BYSETPOS; in Berlin so that DST is crossed.
    static let skipCases: [SkipCase] = {
        let y2020 = Fixture.utc(2020, 1, 6, 8, 17, 13)
        let from = Fixture.utc(2026, 3, 20, 5, 41, 7), to = Fixture.utc(2026, 4, 20)
        return [
            SkipCase(rrule: "FREQ=DAILY", start: y2020, from: from, to: to),
            SkipCase(rrule: "FREQ=DAILY;INTERVAL=3", start: y2020, from: from, to: to),
            SkipCase(rrule: "FREQ=DAILY;INTERVAL=2;BYHOUR=9,17", start: y2020, from: from, to: to),
            SkipCase(rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", start: y2020, from: from, to: to),
            SkipCase(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR", start: y2020, from: from, to: to),
            SkipCase(rrule: "FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SU;WKST=SU", start: y2020, from: from, to: to),
            SkipCase(rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", start: y2020, from: from, to: to),
            SkipCase(rrule: "FREQ=MONTHLY;BYDAY=-1FR", start: y2020, from: from, to: Fixture.utc(2027, 1, 1)),
            SkipCase(rrule: "FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=6", start: y2020, from: from, to: Fixture.utc(2028, 1, 1)),
            SkipCase(rrule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", start: y2020, from: from, to: Fixture.utc(2030, 1, 1)),
            SkipCase(rrule: "FREQ=YEARLY;INTERVAL=3", start: y2020, from: from, to: Fixture.utc(2040, 1, 1)),
            SkipCase(rrule: "FREQ=HOURLY", start: Fixture.utc(2026, 1, 1, 8, 17, 13), from: from, to: Fixture.utc(2026, 3, 31)),
            SkipCase(rrule: "FREQ=HOURLY;INTERVAL=5", start: Fixture.utc(2026, 1, 1, 8, 17, 13), from: from, to: Fixture.utc(2026, 3, 31)),
            SkipCase(rrule: "FREQ=HOURLY;INTERVAL=3;BYHOUR=9,12,15", start: Fixture.utc(2026, 1, 1, 8, 17, 13), from: from, to: Fixture.utc(2026, 3, 31)),
            SkipCase(rrule: "FREQ=MINUTELY;INTERVAL=7", start: Fixture.utc(2026, 3, 18, 8, 17, 13), from: from, to: Fixture.utc(2026, 3, 21)),
            SkipCase(rrule: "FREQ=MINUTELY", start: Fixture.utc(2026, 3, 19, 15, 0, 0), from: from, to: Fixture.utc(2026, 3, 20, 12)),
            SkipCase(rrule: "FREQ=SECONDLY;INTERVAL=7", start: Fixture.utc(2026, 3, 20, 1, 0, 1), from: from, to: Fixture.utc(2026, 3, 20, 6)),
            // DTSTART passes BYMINUTE here; see secondlyGridWithUnsyncedDtstart for one that does not.
            SkipCase(rrule: "FREQ=SECONDLY;INTERVAL=13;BYMINUTE=5", start: Fixture.utc(2026, 3, 20, 1, 5, 1), from: from, to: Fixture.utc(2026, 3, 20, 9)),
            SkipCase(rrule: "FREQ=DAILY;UNTIL=20260401T000000Z", start: y2020, from: from, to: to),
        ]
    }()

    /// The instances found by skipping ahead are exactly those of a walk from DTSTART.
    /// (libical 3.0.16's `set_start` gets HOURLY/MINUTELY/SECONDLY wrong; this fails if the
    /// walker used it for them.)
    @Test(arguments: skipCases)
    func skippingEqualsFullWalk(_ c: SkipCase) throws {
        let master = Fixture.zoned("s", "Europe/Berlin", start: c.start, length: 60, rrule: c.rrule)
        let window = Fixture.window(c.from, c.to)
        let skipped = try Fixture.expander.expand(master: master, overrides: [], calendarTitle: "T", matching: window)
        let walked = try Fixture.expander.expand(master: master, overrides: [], calendarTitle: "T", matching: window, allowsSkipping: false)
        #expect(!walked.occurrences.isEmpty)
        #expect(skipped.occurrences.map(\.startDate) == walked.occurrences.map(\.startDate))
        #expect(skipped.iteratorSteps <= walked.iteratorSteps)
    }

    /// `FREQ=SECONDLY;INTERVAL=13;BYMINUTE=5` from 02:00:01 Berlin (01:00:01Z), DTSTART not in
    /// minute 5: instances are the 13-second grid points in minute 5 of each hour. Expected by
    /// python3 -c "from datetime import datetime as D, timedelta as T; s=D(2026,3,20,2,0,1); t=s; out=[]
    ///   ... while len(out)<5: (if t.minute==5 and t>=D(2026,3,20,7)) out.append(t); t+=T(seconds=13)"
    /// → local 07:05:05, :18, :31, :44, :57 (CET) = 06:05:05Z ... A libical 3.0.16 walk from
    /// this DTSTART is off the grid by one second (06:05:06Z...).
    @Test func secondlyGridWithUnsyncedDtstart() throws {
        let master = Fixture.zoned("g", "Europe/Berlin", start: Fixture.utc(2026, 3, 20, 1, 0, 1), length: 0, rrule: "FREQ=SECONDLY;INTERVAL=13;BYMINUTE=5")
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 20, 6), Fixture.utc(2026, 3, 20, 6, 6)))
        #expect(Fixture.starts(list) == ["2026-03-20T06:05:05Z", "2026-03-20T06:05:18Z", "2026-03-20T06:05:31Z", "2026-03-20T06:05:44Z", "2026-03-20T06:05:57Z"])
    }

    /// A daily rule from 1970 asked for one week of 2026 costs what one from 2026 costs.
    @Test func oldDailyRuleCostsNoMore() throws {
        let window = Fixture.window(Fixture.utc(2026, 3, 2), Fixture.utc(2026, 3, 9))
        let old = Fixture.zoned("old", "Europe/Berlin", start: Fixture.utc(1970, 1, 1, 8), rrule: "FREQ=DAILY")
        let new = Fixture.zoned("new", "Europe/Berlin", start: Fixture.utc(2026, 1, 1, 8), rrule: "FREQ=DAILY")
        let a = try Fixture.expander.expand(master: old, overrides: [], calendarTitle: "T", matching: window)
        let b = try Fixture.expander.expand(master: new, overrides: [], calendarTitle: "T", matching: window)
        #expect(a.occurrences.count == 7 && b.occurrences.count == 7)
        #expect(a.iteratorSteps <= b.iteratorSteps + 2)
        #expect(a.iteratorSteps < 20)   // a replay from 1970 would take ~20,500 steps
    }

    /// FREQ=SECONDLY from 2020 over one minute of 2026: 60 instances, about as many steps.
    @Test func secondlyOneMinuteWindow() throws {
        let master = Fixture.zoned("sec", "Europe/Berlin", start: Fixture.utc(2020, 1, 1), length: 0, rrule: "FREQ=SECONDLY")
        let window = Fixture.window(Fixture.utc(2026, 3, 2, 12), Fixture.utc(2026, 3, 2, 12, 1))
        let clock = ContinuousClock()
        var result: (occurrences: [Occurrence], iteratorSteps: Int) = ([], 0)
        let elapsed = try clock.measure {
            result = try Fixture.expander.expand(master: master, overrides: [], calendarTitle: "T", matching: window)
        }
        #expect(result.occurrences.count == 60)
        #expect(result.occurrences.first.map { Fixture.iso($0.startDate) } == "2026-03-02T12:00:00Z")
        #expect(result.iteratorSteps < 200)
        #expect(elapsed < .seconds(2))
    }

    @Test func instanceLimitThrowsNamedError() throws {
        let expander = RecurrenceExpander(resolver: ZoneResolver(), limits: .init(maxInstancesPerQuery: 1000))
        let master = Fixture.floating(start: Fixture.utc(2026, 1, 1), length: 0, rrule: "FREQ=SECONDLY")
        let day = Fixture.window(Fixture.utc(2026, 3, 2), Fixture.utc(2026, 3, 3))
        #expect(throws: ExpansionError.tooManyInstances(limit: 1000)) {
            try Fixture.occurrences(master, [], day, expander: expander)
        }
        #expect(ExpansionError.tooManyInstances(limit: 1000).description.contains("max-instances-per-query"))
        // A COUNT rule must replay from DTSTART: a huge COUNT hits the limit too.
        let counted = Fixture.floating(start: Fixture.utc(2026, 1, 1), length: 0, rrule: "FREQ=MINUTELY;COUNT=5000")
        #expect(throws: ExpansionError.tooManyInstances(limit: 1000)) {
            try Fixture.occurrences(counted, [], Fixture.window(Fixture.utc(2026, 1, 4), Fixture.utc(2026, 1, 5)), expander: expander)
        }
        #expect(RecurrenceExpander.Limits.default.maxInstancesPerQuery == 1_000_000)
    }

    @Test func spanOfSeries() {
        let e = Fixture.expander
        let endless = Fixture.zoned("a", "Europe/Berlin", start: Fixture.utc(2026, 1, 5, 8), rrule: "FREQ=WEEKLY")
        let s1 = e.span(master: endless, overrides: [])
        #expect(s1.first == Fixture.utc(2026, 1, 5, 8) && s1.lastEnd == nil)

        // COUNT=3 daily from 2026-03-28 12:00 Berlin: last instance 03-30 12:00 CEST = 10:00Z, 1 h long.
        let counted = Fixture.zoned("b", "Europe/Berlin", start: Fixture.utc(2026, 3, 28, 11), rrule: "FREQ=DAILY;COUNT=3")
        #expect(e.span(master: counted, overrides: []).lastEnd == Fixture.utc(2026, 3, 30, 11))

        // UNTIL: the end is at least the last instance's end, and not beyond UNTIL + its length.
        let until = Fixture.zoned("c", "Europe/Berlin", start: Fixture.utc(2026, 3, 2, 8), rrule: "FREQ=DAILY;UNTIL=20260310T080000Z")
        let s3 = e.span(master: until, overrides: [])
        #expect(s3.lastEnd.map { $0 >= Fixture.utc(2026, 3, 10, 9) && $0 <= Fixture.utc(2026, 3, 10, 9) } == true)

        // An override moved before DTSTART and an RDATE after the rule's end widen the span.
        var withExtras = counted
        withExtras.recurrenceDates = [RecurrenceDate(date: Fixture.utc(2026, 5, 1, 10))]
        var early = Event(uid: "b", startDate: Fixture.utc(2026, 3, 20, 10), endDate: Fixture.utc(2026, 3, 20, 11))
        early.occurrenceDate = Fixture.utc(2026, 3, 29, 10)
        let s4 = e.span(master: withExtras, overrides: [early])
        #expect(s4.first == Fixture.utc(2026, 3, 20, 10))
        #expect(s4.lastEnd == Fixture.utc(2026, 5, 1, 11))

        let single = Fixture.floating(start: Fixture.utc(2026, 3, 2, 9), length: 1800)
        #expect(e.span(master: single, overrides: []).lastEnd == Fixture.utc(2026, 3, 2, 9, 30))
    }
}
