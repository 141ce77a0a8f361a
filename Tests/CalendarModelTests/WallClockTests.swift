@testable import CalendarModel
import Foundation
import Testing

/// ``WallClock``: local times placed in a zone as RFC 5545 §3.3.5 reads them. The tz database
/// (America/New_York): 2026-03-08 02:00 EST jumps to 03:00 EDT (07:00Z); 2026-11-01 02:00
/// EDT falls back to 01:00 EST (06:00Z), so 01:00–02:00 happens twice.
@Suite("Wall clock placement")
struct WallClockTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var wall: (Int, Int, Int, Int, Int)
        var zone: String
        var expected: String
        var why: String
        var testDescription: String { why }
    }

    static let cases = [
        Case(wall: (2026, 1, 15, 9, 0), zone: "America/New_York", expected: "2026-01-15T14:00:00Z", why: "winter: EST, UTC-5"),
        Case(wall: (2026, 7, 15, 9, 0), zone: "America/New_York", expected: "2026-07-15T13:00:00Z", why: "summer: EDT, UTC-4"),
        // §3.3.5: a nonexistent local time is read with the offset before the gap: 02:30 EST = 03:30 EDT.
        Case(wall: (2026, 3, 8, 2, 30), zone: "America/New_York", expected: "2026-03-08T07:30:00Z", why: "in the spring-forward gap"),
        Case(wall: (2026, 3, 8, 3, 0), zone: "America/New_York", expected: "2026-03-08T07:00:00Z", why: "the first minute after the gap"),
        // §3.3.5: a local time that occurs twice is the first one (EDT).
        Case(wall: (2026, 11, 1, 1, 30), zone: "America/New_York", expected: "2026-11-01T05:30:00Z", why: "in the fall-back overlap"),
        Case(wall: (2026, 11, 1, 2, 0), zone: "America/New_York", expected: "2026-11-01T07:00:00Z", why: "after the overlap"),
        // Lord Howe moves by half an hour (+10:30 to +11 on 2026-10-04 at 02:00; 02:00-02:30 is
        // skipped); python zoneinfo agrees with each of these.
        Case(wall: (2026, 10, 4, 2, 15), zone: "Australia/Lord_Howe", expected: "2026-10-03T15:45:00Z", why: "a half-hour gap"),
        Case(wall: (2026, 3, 8, 2, 30), zone: "UTC", expected: "2026-03-08T02:30:00Z", why: "UTC has no gaps"),
    ]

    @Test(arguments: cases)
    func placesLocalTimes(_ c: Case) throws {
        let zone = try #require(TimeZone(identifier: c.zone))
        let wall = utcDate(year: c.wall.0, month: c.wall.1, day: c.wall.2, hour: c.wall.3, minute: c.wall.4)
        #expect(WallClock.instant(wall, in: zone) == ISO8601DateFormatter().date(from: c.expected))
    }

    @Test func keepsFractionsOfASecond() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let wall = utcDate(year: 2026, month: 1, day: 15, hour: 9).addingTimeInterval(0.25)
        #expect(WallClock.instant(wall, in: zone) == utcDate(year: 2026, month: 1, day: 15, hour: 8).addingTimeInterval(0.25))
    }
}
