import CalendarModel
import Foundation
import Testing

/// The offset cache must answer exactly what `TimeZone.secondsFromGMT(for:)` answers, for any
/// order of questions: zones with DST, half-hour and 45-minute offsets, a 30-minute DST shift,
/// a zone that changed its standard offset (Moscow 2011/2014), and UTC.
@Suite("Zone offset cache")
struct ZoneOffsetsTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe",
                        "Europe/Moscow", "Asia/Kathmandu", "America/St_Johns", "Pacific/Apia", "UTC"]

    @Test(arguments: zones)
    func agreesWithFoundation(_ id: String) throws {
        let zone = try #require(TimeZone(identifier: id))
        let cache = ZoneOffsets()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mismatches: [String] = []
        for _ in 0..<4_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // 1900 ... 2100, in random order.
            let t = -2_208_988_800 + Double(state >> 11) / Double(1 << 53) * 6_311_433_600
            let date = Date(timeIntervalSince1970: t.rounded())
            let expected = zone.secondsFromGMT(for: date)
            let got = cache.secondsFromGMT(zone, at: date)
            if got != expected { mismatches.append("\(date): \(got) vs \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Right at a transition: the second before and the second of 2026-03-29 01:00Z in Berlin.
    @Test func edgesOfATransition() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let cache = ZoneOffsets()
        let change = Date(timeIntervalSince1970: 1_774_746_000)   // 2026-03-29T01:00:00Z
        #expect(cache.secondsFromGMT(berlin, at: change.addingTimeInterval(-86_400)) == 3_600)
        #expect(cache.secondsFromGMT(berlin, at: change.addingTimeInterval(-1)) == 3_600)
        #expect(cache.secondsFromGMT(berlin, at: change) == 7_200)
    }
}
