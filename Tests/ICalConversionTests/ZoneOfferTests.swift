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

    /// The outline pass over `text`, its helper thread ended.
    static func outline(_ text: String, zonesBuiltAhead: Int = 16) -> CalendarStream.Outline {
        var outline = CalendarStream.Outline(zonesBuiltAhead: zonesBuiltAhead)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            ICalScanner().scan(buffer, focus: .outline) { outline.note($0) }
        }
        outline.prebuilder.waitForHelper()
        return outline
    }

    @Test func onlyNamedZonesAreBuiltAhead() throws {
        let text = "BEGIN:VCALENDAR\r\n"
            + Self.zone("Used") + Self.zone("Unused") + Self.zone("Used", offset: "+0500") + Self.zone("Late user")
            + Self.event("a", zone: "Used") + Self.event("b", zone: "Later") + Self.event("c", zone: "Late user")
            + Self.zone("Later") + Self.zone("Nobody")
            + "END:VCALENDAR\r\n"
        let prebuilder = Self.outline(text).prebuilder
        // Used (its first definition), Late user (named after it was defined), Later (named
        // before it was defined); neither Unused, Nobody nor Used's second definition.
        #expect(prebuilder.builtByHelper + prebuilder.builtOnDemand == 3)
        for (tzid, offered) in [("Used", true), ("Late user", true), ("Later", true), ("Unused", false), ("Nobody", false)] {
            let lookup = prebuilder.zone(for: Self.zone(tzid))
            if case .notOffered = lookup { #expect(!offered, "\(tzid)") } else { #expect(offered, "\(tzid)") }
        }
        if case .built = prebuilder.zone(for: Self.zone("Used", offset: "+0500")) { Issue.record("a second definition was built ahead") }
    }

    /// Each VCALENDAR's first definition of a named zone is offered (each calendar uses its
    /// own), and X-WR-TIMEZONE names a zone as an item's TZID does.
    @Test func eachCalendarsDefinitionsAndTheCalendarZone() throws {
        let text = "BEGIN:VCALENDAR\r\n" + Self.zone("Shared") + Self.event("a", zone: "Shared") + "END:VCALENDAR\r\n"
            + "BEGIN:VCALENDAR\r\n" + Self.zone("Shared", offset: "+0200") + Self.event("b", zone: "Shared") + "END:VCALENDAR\r\n"
            + "BEGIN:VCALENDAR\r\nX-WR-TIMEZONE:Floating home\r\n" + Self.zone("Floating home")
            + "BEGIN:VEVENT\r\nUID:c\r\nDTSTART:20260301T090000\r\nEND:VEVENT\r\n" + Self.zone("Idle") + "END:VCALENDAR\r\n"
        let prebuilder = Self.outline(text).prebuilder
        #expect(prebuilder.builtByHelper + prebuilder.builtOnDemand == 3)
        for (text, offered) in [(Self.zone("Shared"), true), (Self.zone("Shared", offset: "+0200"), true),
                                (Self.zone("Floating home"), true), (Self.zone("Idle"), false)] {
            if case .notOffered = prebuilder.zone(for: text) { #expect(!offered) } else { #expect(offered) }
        }
    }

    @Test func noneWhenTheOptionIsZero() throws {
        let outline = Self.outline("BEGIN:VCALENDAR\r\n" + Self.zone("Used") + Self.event("a", zone: "Used") + "END:VCALENDAR\r\n",
                                   zonesBuiltAhead: 0)
        #expect(outline.prebuilder.builtByHelper == 0)
        if case .built = outline.prebuilder.zone(for: Self.zone("Used")) { Issue.record("a zone was offered with zonesBuiltAhead 0") }
    }
}
