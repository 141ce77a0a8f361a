import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// Wall-clock recurrence across DST, UNTIL rewriting, instance length, floating placement.
/// Instants for Europe/Berlin were derived with Python's zoneinfo, e.g.
/// `python3 -c "from zoneinfo import ZoneInfo as Z; from datetime import datetime as D, timezone as T;
///  print(D(2026,3,30,9,tzinfo=Z('Europe/Berlin')).astimezone(T.utc))"` → 2026-03-30 07:00:00+00:00
/// (the same command with the date and time named in each comment).
@Suite("Expansion: time zones and lengths")
struct ExpansionTimeZoneTests {
    /// Weekly on Monday 09:00 Berlin keeps 09:00 local across both 2026 changes (Mar 29, Oct 25):
    /// +01:00 before (08:00Z), +02:00 in summer (07:00Z), +01:00 again after October.
    @Test func berlinWeeklyKeepsNineLocalAcrossDST() throws {
        let master = Fixture.zoned("w", "Europe/Berlin", start: Fixture.utc(2026, 1, 5, 8), rrule: "FREQ=WEEKLY;BYDAY=MO")
        let spring = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 23), Fixture.utc(2026, 4, 1)))
        // python: D(2026,3,23,9) → 08:00Z; D(2026,3,30,9) → 07:00Z
        #expect(Fixture.starts(spring) == ["2026-03-23T08:00:00Z", "2026-03-30T07:00:00Z"])
        let autumn = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 10, 19), Fixture.utc(2026, 10, 28)))
        // python: D(2026,10,19,9) → 07:00Z; D(2026,10,26,9) → 08:00Z
        #expect(Fixture.starts(autumn) == ["2026-10-19T07:00:00Z", "2026-10-26T08:00:00Z"])
        #expect(autumn.allSatisfy { $0.endDate.timeIntervalSince($0.startDate) == 3600 })
    }

    /// Daily at 02:30 Berlin: on 2026-03-29 02:30 does not exist (02:00 → 03:00); RFC 5545 §3.3.5
    /// reads it with the offset before the gap, i.e. 03:30 CEST = 01:30Z.
    @Test func instanceInSpringGapMovesForward() throws {
        let master = Fixture.zoned("gap", "Europe/Berlin", start: Fixture.utc(2026, 3, 27, 1, 30), length: 600, rrule: "FREQ=DAILY")
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 28), Fixture.utc(2026, 3, 31)))
        // python: D(2026,3,28,2,30) → 01:30Z; D(2026,3,29,3,30) → 01:30Z; D(2026,3,30,2,30) → 00:30Z
        #expect(Fixture.starts(list) == ["2026-03-28T01:30:00Z", "2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z"])
    }

    /// DURATION:P1D is nominal: 2026-03-28 12:00 Berlin + 1 day = 2026-03-29 12:00 CEST, 23 h later.
    /// DTEND 24 h later is exact: 2026-03-29 13:00 CEST.
    @Test func durationDayIsNominalDtendIsExact() throws {
        // python: D(2026,3,28,12) → 11:00Z; D(2026,3,29,12) → 10:00Z
        var nominal = Fixture.zoned("p1d", "Europe/Berlin", start: Fixture.utc(2026, 3, 28, 11), length: 86_400, rrule: "FREQ=DAILY;COUNT=3")
        nominal.duration = ICalDuration(days: 1)
        let exact = Fixture.zoned("dtend", "Europe/Berlin", start: Fixture.utc(2026, 3, 28, 11), length: 86_400, rrule: "FREQ=DAILY;COUNT=3")
        let window = Fixture.window(Fixture.utc(2026, 3, 28), Fixture.utc(2026, 3, 29))
        let n = try #require(Fixture.occurrences(nominal, [], window).first)
        let e = try #require(Fixture.occurrences(exact, [], window).first)
        #expect(Fixture.iso(n.endDate) == "2026-03-29T10:00:00Z")
        #expect(n.endDate.timeIntervalSince(n.startDate) == 23 * 3600)
        #expect(Fixture.iso(e.endDate) == "2026-03-29T11:00:00Z")
    }

    @Test func durationTimePartIsExact() throws {
        // PT24H from 2026-03-28 12:00 Berlin (11:00Z) is 24 real hours: 2026-03-29T11:00Z.
        var master = Fixture.zoned("pt24h", "Europe/Berlin", start: Fixture.utc(2026, 3, 28, 11), length: 0)
        master.duration = ICalDuration(hours: 24)
        let o = try #require(Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 28), Fixture.utc(2026, 3, 29))).first)
        #expect(Fixture.iso(o.endDate) == "2026-03-29T11:00:00Z")
    }

    struct UntilCase: Sendable, CustomTestStringConvertible {
        let id: String
        let rrule: String
        let lastExpected: String
        var testDescription: String { id }
    }

    /// Daily 09:00 Berlin from 2026-03-01 (08:00Z); which UNTIL keeps the 2026-03-05 instance
    /// (python: D(2026,3,5,9) → 08:00Z). A UTC UNTIL read naively as local time would drop it.
    static let untilCases: [UntilCase] = [
        UntilCase(id: "UTC UNTIL equal to the instant (inclusive)", rrule: "FREQ=DAILY;UNTIL=20260305T080000Z", lastExpected: "2026-03-05T08:00:00Z"),
        UntilCase(id: "UTC UNTIL one second before", rrule: "FREQ=DAILY;UNTIL=20260305T075959Z", lastExpected: "2026-03-04T08:00:00Z"),
        UntilCase(id: "DATE UNTIL covers that whole day", rrule: "FREQ=DAILY;UNTIL=20260305", lastExpected: "2026-03-05T08:00:00Z"),
        UntilCase(id: "floating UNTIL read in the series' zone", rrule: "FREQ=DAILY;UNTIL=20260305T090000", lastExpected: "2026-03-05T08:00:00Z"),
        UntilCase(id: "floating UNTIL 08:59 local", rrule: "FREQ=DAILY;UNTIL=20260305T085900", lastExpected: "2026-03-04T08:00:00Z"),
    ]

    @Test(arguments: untilCases)
    func untilIsRewrittenIntoTheWallClock(_ c: UntilCase) throws {
        let master = Fixture.zoned("u", "Europe/Berlin", start: Fixture.utc(2026, 3, 1, 8), rrule: c.rrule)
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 2, 1), Fixture.utc(2026, 4, 1)))
        #expect(Fixture.starts(list).last == c.lastExpected)
        #expect(Fixture.starts(list).first == "2026-03-01T08:00:00Z")
    }

    /// A DATE-TIME UNTIL with an all-day series means its date: 2026-03-05 is the last day.
    @Test func dateTimeUntilOnAllDaySeries() throws {
        let master = Fixture.allDay("ad", 2026, 3, 1, rrule: "FREQ=DAILY;UNTIL=20260305T120000Z")
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 2, 1), Fixture.utc(2026, 4, 1)))
        #expect(Fixture.walls(list) == (1...5).map { String(format: "202603%02dT000000", $0) })
        #expect(list.allSatisfy { $0.event.isAllDay && $0.endDate.timeIntervalSince($0.startDate) == 86_400 })
    }

    /// Floating times are read in the query's zone for the overlap test but come back in the
    /// model convention (wall clock as UTC).
    @Test func floatingPlacedInQueryZone() throws {
        let master = Fixture.floating("f", start: Fixture.utc(2026, 3, 2, 9), length: 1800, rrule: "FREQ=DAILY")
        // 09:00–10:00 in Tokyo (+09:00) is 00:00Z–01:00Z.
        let tokyo = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 3, 0), Fixture.utc(2026, 3, 3, 1), zone: "Asia/Tokyo"))
        #expect(Fixture.walls(tokyo) == ["20260303T090000"])
        let utc = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 3, 0), Fixture.utc(2026, 3, 3, 1), zone: "UTC"))
        #expect(utc.isEmpty)
    }

    /// recurring-ical-events `Germany.ics`: a 1 h window at 2019-01-01 00:00 local finds the
    /// all-day event whether the zone is Berlin, Ho Chi Minh or Panama.
    @Test(arguments: ["Europe/Berlin", "Asia/Ho_Chi_Minh", "America/Panama"])
    func allDayFloatsInEveryZone(_ zone: String) throws {
        let master = Fixture.allDay("ny", 2019, 1, 1)
        let tz = try #require(TimeZone(identifier: zone))
        let offset = TimeInterval(tz.secondsFromGMT(for: Fixture.utc(2019, 1, 1)))
        let start = Fixture.utc(2019, 1, 1).addingTimeInterval(-offset)
        let list = try Fixture.occurrences(master, [], Fixture.window(start, start.addingTimeInterval(3600), zone: zone))
        #expect(Fixture.walls(list) == ["20190101T000000"])
        #expect(list.first?.isRecurring == false && list.first?.occurrenceDate == nil)
    }

    /// Times in a zone whose TZID is a Windows name resolve through the resolver.
    @Test func windowsTZID() throws {
        var master = Fixture.zoned("win", "Europe/Berlin", start: Fixture.utc(2026, 1, 5, 8), rrule: "FREQ=WEEKLY")
        master.timeZoneIdentifier = "W. Europe Standard Time"
        let list = try Fixture.occurrences(master, [], Fixture.window(Fixture.utc(2026, 3, 29), Fixture.utc(2026, 4, 1)))
        #expect(Fixture.starts(list) == ["2026-03-30T07:00:00Z"])
    }
}
