import CalendarModel
import CalendarTestSupport
import Foundation
@testable import ICalConversion
import Testing

/// The id a TZID that names a tz database zone, or is guessed to, comes out as (issue 22
/// part 2): the zone's canonical id, never a link. Expected ids from the tz database 2025b
/// (Debian tzdata; `backward` links as its `tzdata.zi` has them, `L` target link):
/// `L America/New_York US/Eastern`, `L Asia/Kolkata Asia/Calcutta`, `L Europe/Kyiv Europe/Kiev`;
/// Asia/Kolkata, Europe/Oslo and Europe/Kyiv are zones of its `zone.tab`. ICU 72's canonical
/// ids (ucal_getCanonicalTimeZoneID, CLDR's) agree for US/Eastern but are Asia/Calcutta and
/// Europe/Kiev for the other two (CLDR keeps its first names).
@Suite("Time zones: canonical ids")
struct CanonicalZoneIDTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var tzid: String
        var expected: String
        var testDescription: String { "\(tzid) → \(expected)" }
    }

    static let withoutDefinition = [
        Case(tzid: "US/Eastern", expected: "America/New_York"),
        Case(tzid: "US-Eastern", expected: "America/New_York"),
        Case(tzid: "Asia/Calcutta", expected: "Asia/Kolkata"),
        Case(tzid: "Asia/Kolkata", expected: "Asia/Kolkata"),
        Case(tzid: "Europe/Kiev", expected: "Europe/Kyiv"),
        Case(tzid: "/mozilla.org/20070129_1/Asia/Calcutta", expected: "Asia/Kolkata"),
        // A zone of its own in the tz database (and in CLDR): not folded into another.
        Case(tzid: "Europe/Oslo", expected: "Europe/Oslo"),
        Case(tzid: "America/New_York", expected: "America/New_York"),
    ]

    /// The zone ids read from `zone.tab` are the third tab-separated field of its non-comment
    /// lines, as awk reads them.
    @Test func zoneTabIDsAreWhatAwkReads() throws {
        let path = (ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo") + "/zone.tab"
        try #require(FileManager.default.fileExists(atPath: path), "no \(path): tzdata is not installed")
        let awk = Process()
        awk.executableURL = URL(fileURLWithPath: "/usr/bin/awk")
        awk.arguments = ["-F", "\t", "!/^#/ && NF >= 3 { print $3 }", path]
        let pipe = Pipe()
        awk.standardOutput = pipe
        try awk.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        awk.waitUntilExit()
        let expected = output.split(separator: "\n").map(String.init)
        #expect(expected.count > 300)
        #expect(CanonicalZoneID.locationList == expected)
    }

    @Test(arguments: withoutDefinition)
    func tzidWithoutAVTimezoneIsTheCanonicalZone(_ c: Case) throws {
        let zone = try #require(ZoneResolver().resolve(c.tzid))
        #expect(zone.ianaID == c.expected)
        #expect(zone.foundationZone(near: Date())?.identifier == c.expected)
    }

    /// A Windows name whose VTIMEZONE agrees with the zone CLDR maps it to: "India Standard
    /// Time" is Asia/Calcutta in CLDR's windowsZones table, which is Asia/Kolkata (+05:30, no
    /// summer time since 1945).
    @Test func windowsNamesCLDRZoneIsCanonical() throws {
        let vtz = OutlookZones.vtimezone("India Standard Time", [
            OutlookZones.Observance(daylight: false, start: "16010101T000000", from: "+0530", to: "+0530"),
        ])
        let resolver = ZoneResolver(timeZones: [TimeZoneDefinition(tzid: "India Standard Time", text: vtz)])
        let zone = try #require(resolver.resolve("India Standard Time"))
        #expect(zone.ianaID == "Asia/Kolkata")
        #expect(zone.origin == .named)
        #expect(ZoneResolver.ianaIdentifier(for: "India Standard Time") == "Asia/Kolkata")
    }
}
