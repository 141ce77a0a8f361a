@testable import CalendarStore
import Foundation
import ICalConversion
import Testing

/// `SteadyOffset` against the two placements it stands in for, hour by hour through a year,
/// in zones with and without daylight saving, with half-hour changes (Lord Howe), a zone that
/// dropped daylight saving (São Paulo, 2019), one whose offset jumped by a day (Apia, 2011;
/// here its years after) and one a day ahead of UTC (Kiritimati).
@Suite("Steady offsets for floating rows")
struct SteadyOffsetTests {
    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo", "Pacific/Apia",
                      "Pacific/Kiritimati", "UTC", "Asia/Tokyo", "America/Santiago"])
    func fastPlacementEqualsBothPlacements(_ name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        let view = ResolvedZone(tzid: name, ianaID: name, rules: .tzdb(zone))
        let start = Date(timeIntervalSince1970: 1_767_225_600)       // 2026-01-01T00:00:00Z
        var steady = SteadyOffset(zone, near: start)
        var fast = 0
        var total = 0
        // Wall clocks (read as UTC) every hour of 2026, each with an end 90 minutes later.
        for hour in 0..<(365 * 24) {
            let wallStart = start.addingTimeInterval(TimeInterval(hour) * 3600)
            let wallEnd = wallStart.addingTimeInterval(5400)
            total += 1
            guard let offset = steady.offset(around: wallStart, wallEnd) else { continue }
            fast += 1
            for wall in [wallStart, wallEnd] {
                let placed = wall.addingTimeInterval(-offset)
                #expect(placed == ItemRow.placing(wallClock: wall, in: zone), "\(name) \(wall)")
                let expander = Date(timeIntervalSince1970: TimeInterval(view.utcSeconds(forLocal: Int(wall.timeIntervalSince1970))))
                #expect(placed == expander, "\(name) \(wall)")
            }
        }
        // The fast path is taken for nearly every hour: all but a week around each transition.
        #expect(fast > total * 9 / 10, "\(name): \(fast) of \(total)")
    }

    @Test("A row before the first stretch, or near a transition, gets no steady offset")
    func nearTransitionsNothingIsAssumed() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // Berlin springs forward on 2026-03-29 at 01:00Z.
        var steady = SteadyOffset(berlin, near: Date(timeIntervalSince1970: 1_772_323_200))   // 2026-03-01T00:00Z
        let beforeFirst = Date(timeIntervalSince1970: 1_771_891_200)                            // 2026-02-24T00:00Z
        #expect(steady.offset(around: beforeFirst, beforeFirst) == nil)
        let nearChange = Date(timeIntervalSince1970: 1_774_742_400)                             // 2026-03-29T00:00Z
        #expect(steady.offset(around: nearChange, nearChange) == nil)
        let weekLater = Date(timeIntervalSince1970: 1_775_347_200)                              // 2026-04-05T00:00Z
        #expect(steady.offset(around: weekLater, weekLater) == 7200)
    }
}
