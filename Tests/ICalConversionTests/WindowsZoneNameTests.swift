import CWinZones
import Foundation
@testable import ICalConversion
import Testing

/// The Windows name of a tz database zone, read from CLDR's table once, is the one ICU's
/// `ucal_getWindowsTimeZoneID` gives when asked for that zone alone; and some of CLDR's
/// `windowsZones.xml` rows (territory 001, and a link ICU makes canonical first).
@Suite("Time zones: Windows names")
struct WindowsZoneNameTests {
    /// ICU asked for one id.
    private static func askingICU(_ id: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let n = id.withCString { cwinzones_windows_for_iana($0, &buffer, buffer.count) }
        return n > 0 ? String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    @Test func everyKnownZoneHasICUsName() {
        let ids = TimeZone.knownTimeZoneIdentifiers + ["US/Eastern", "Asia/Calcutta", "Europe/Kiev", "UTC", "Etc/GMT+5", "Nowhere/Special", ""]
        var named = 0
        for id in ids {
            let expected = Self.askingICU(id)
            #expect(ZoneResolver.windowsName(for: id) == expected, "\(id)")
            if expected != nil { named += 1 }
        }
        #expect(named > 300, "ICU names a Windows zone for most tz database zones")
    }

    @Test func cldrRows() {
        #expect(ZoneResolver.windowsName(for: "Europe/Berlin") == "W. Europe Standard Time")
        #expect(ZoneResolver.windowsName(for: "America/New_York") == "Eastern Standard Time")
        #expect(ZoneResolver.windowsName(for: "US/Eastern") == "Eastern Standard Time")
        #expect(ZoneResolver.windowsName(for: "Australia/Sydney") == "AUS Eastern Standard Time")
        #expect(ZoneResolver.windowsName(for: "Asia/Kolkata") == "India Standard Time")
    }
}
