import Foundation
@testable import ICalConversion
import ICalCore
import Testing

/// A reading's first pass hands its VTIMEZONEs to the zone prebuilder only once an item names
/// the zone (before or after the definition), and only the first definition of a TZID.
@Suite("Zones offered to be built ahead")
struct ZoneOfferTests {
    static func zone(_ tzid: String, offset: String = "+0100") -> String {
        """
        BEGIN:VTIMEZONE\r
        TZID:\(tzid)\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:\(offset)\r
        TZOFFSETTO:\(offset)\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """
    }

    static func event(_ uid: String, zone: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART;TZID=\(zone):20260301T090000\r\nEND:VEVENT\r\n"
    }

    @Test func onlyNamedZonesAreBuiltAhead() throws {
        let text = "BEGIN:VCALENDAR\r\n"
            + Self.zone("Used") + Self.zone("Unused") + Self.zone("Used", offset: "+0500") + Self.zone("Late user")
            + Self.event("a", zone: "Used") + Self.event("b", zone: "Later") + Self.event("c", zone: "Late user")
            + Self.zone("Later") + Self.zone("Nobody")
            + "END:VCALENDAR\r\n"
        var outline = CalendarStream.Outline()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            ICalScanner().scan(buffer, focus: .outline) { outline.note($0) }
        }
        outline.prebuilder.waitForHelper()
        let prebuilder = outline.prebuilder
        // Used (its first definition), Late user (named after it was defined), Later (named
        // before it was defined); neither Unused, Nobody nor Used's second definition.
        #expect(prebuilder.builtByHelper + prebuilder.builtOnDemand == 3)
        for (tzid, offered) in [("Used", true), ("Late user", true), ("Later", true), ("Unused", false), ("Nobody", false)] {
            let lookup = prebuilder.zone(for: Self.zone(tzid))
            if case .notOffered = lookup { #expect(!offered, "\(tzid)") } else { #expect(offered, "\(tzid)") }
        }
        if case .built = prebuilder.zone(for: Self.zone("Used", offset: "+0500")) { Issue.record("a second definition was built ahead") }
    }
}
