import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

@Suite("Time-zone resolution")
struct ZoneResolverTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let tzid: String
        let iana: String?
        var testDescription: String { tzid }
    }

    // Expected ids are CLDR's primary zones for the Windows names (windowsZones.xml) and the
    // tz database names themselves.
    static let cases: [Case] = [
        Case(tzid: "Europe/Berlin", iana: "Europe/Berlin"),
        Case(tzid: "W. Europe Standard Time", iana: "Europe/Berlin"),
        Case(tzid: "Pacific Standard Time", iana: "America/Los_Angeles"),
        Case(tzid: "New Zealand Standard Time", iana: "Pacific/Auckland"),
        Case(tzid: "/mozilla.org/20070129_1/America/New_York", iana: "America/New_York"),
        Case(tzid: "/freeassociation.sourceforge.net/Tzfile/America/Argentina/Buenos_Aires", iana: "America/Argentina/Buenos_Aires"),
        Case(tzid: "/citadel.org/20260414_1/Asia/Kathmandu", iana: "Asia/Kathmandu"),
        Case(tzid: "Europe_Berlin", iana: "Europe/Berlin"),
        Case(tzid: "LOLOLOL", iana: nil),
        Case(tzid: "Mars/Olympus_Mons", iana: nil),
    ]

    @Test(arguments: cases)
    func mapsToIANA(_ c: Case) {
        #expect(ZoneResolver.ianaIdentifier(for: c.tzid) == c.iana)
    }

    // RFC 5545 §3.3.5: 2026-03-29 02:30 does not exist in Berlin (02:00 → 03:00); it is read
    // with the offset before the gap (+01:00), i.e. 01:30Z = 03:30 CEST. 2026-10-25 02:30 occurs
    // twice; the first (CEST, +02:00) is meant: 00:30Z.
    @Test func dstGapAndOverlapFollowRFC5545() throws {
        let zone = try #require(ZoneResolver().resolve("Europe/Berlin"))
        let gap = zone.date(forLocal: .init(year: 2026, month: 3, day: 29, hour: 2, minute: 30))
        #expect(gap == Date(timeIntervalSince1970: 1_774_747_800))   // 2026-03-29T01:30:00Z
        let overlap = zone.date(forLocal: .init(year: 2026, month: 10, day: 25, hour: 2, minute: 30))
        #expect(overlap == Date(timeIntervalSince1970: 1_792_888_200)) // 2026-10-25T00:30:00Z
        let plain = zone.date(forLocal: .init(year: 2026, month: 7, day: 1, hour: 12))
        #expect(plain == Date(timeIntervalSince1970: 1_782_900_000))   // 2026-07-01T10:00:00Z
    }
}
