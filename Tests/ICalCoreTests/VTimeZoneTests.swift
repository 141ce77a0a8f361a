import CalendarTestSupport
import Foundation
import ICalCore
import Testing

/// Zones from VTIMEZONE text. Offsets at the 2026 transitions come from python3 zoneinfo:
/// `int(datetime.fromtimestamp(t, ZoneInfo(zone)).utcoffset().total_seconds())`.
@Suite("VTimeZone and BuiltinTimeZones")
struct VTimeZoneTests {
    /// RFC 5545 §3.6.5's US Eastern definition (the rules in force since 2007).
    static let eastern = TestZones.usEastern()

    struct OffsetCase: Sendable, CustomTestStringConvertible {
        let id: String
        let utc: Int
        let offset: Int
        var testDescription: String { id }
    }

    static let easternCases = [
        OffsetCase(id: "2026-01-15T00:00Z", utc: 1_768_435_200, offset: -18_000),
        OffsetCase(id: "2026-03-08T06:59:59Z, last second of EST", utc: 1_772_953_199, offset: -18_000),
        OffsetCase(id: "2026-03-08T07:00:00Z, first second of EDT", utc: 1_772_953_200, offset: -14_400),
        OffsetCase(id: "2026-07-01T00:00Z", utc: 1_782_864_000, offset: -14_400),
        OffsetCase(id: "2026-11-01T05:59:59Z, last second of EDT", utc: 1_793_512_799, offset: -14_400),
        OffsetCase(id: "2026-11-01T06:00:00Z, first second of EST", utc: 1_793_512_800, offset: -18_000),
    ]

    @Test(arguments: easternCases)
    func easternOffsets(_ c: OffsetCase) throws {
        let zone = try #require(VTimeZone(text: Self.eastern))
        #expect(zone.utcOffset(atUTC: c.utc) == c.offset)
    }

    @Test func tzidAndLocation() throws {
        let zone = try #require(VTimeZone(text: Self.eastern))
        #expect(zone.tzid == "America/New_York")
        #expect(zone.location == nil)
        let withLocation = Self.eastern.replacingOccurrences(of: "TZID:America/New_York\r\n",
                                                            with: "TZID:Eastern\r\nX-LIC-LOCATION:America/New_York\r\n")
        let located = try #require(VTimeZone(text: withLocation))
        #expect(located.tzid == "Eastern")
        #expect(located.location == "America/New_York")
    }

    @Test func insideAVCalendar() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + Self.eastern + "END:VCALENDAR\r\n"
        let zone = try #require(VTimeZone(text: text))
        #expect(zone.tzid == "America/New_York")
        #expect(zone.utcOffset(atUTC: 1_782_864_000) == -14_400)
    }

    static let notZones = [
        "",
        "hello world",
        "BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT\r\n",
        "BEGIN:VTIMEZONE\r\nTZID:Empty\r\nEND:VTIMEZONE\r\n",
        "BEGIN:VTIMEZONE\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n",
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n",
    ]

    @Test(arguments: notZones)
    func notAZone(_ text: String) {
        #expect(VTimeZone(text: text) == nil)
    }

    static let berlinCases = [
        OffsetCase(id: "2026-01-15T00:00Z", utc: 1_768_435_200, offset: 3600),
        OffsetCase(id: "2026-03-29T00:59:59Z, last second of CET", utc: 1_774_745_999, offset: 3600),
        OffsetCase(id: "2026-03-29T01:00:00Z, first second of CEST", utc: 1_774_746_000, offset: 7200),
        OffsetCase(id: "2026-07-01T00:00Z", utc: 1_782_864_000, offset: 7200),
        OffsetCase(id: "2026-10-25T00:59:59Z, last second of CEST", utc: 1_792_889_999, offset: 7200),
        OffsetCase(id: "2026-10-25T01:00:00Z, first second of CET", utc: 1_792_890_000, offset: 3600),
    ]

    @Test func builtinTextCarriesTheGivenTZID() throws {
        let text = try #require(BuiltinTimeZones.vtimezoneText(ianaID: "Europe/Berlin", tzid: "Berlin Office"))
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "BEGIN:VTIMEZONE")
        #expect(lines.filter { $0.hasPrefix("TZID") } == ["TZID:Berlin Office"])
        #expect(!text.contains("freeassociation"))
        #expect(text.hasSuffix("END:VTIMEZONE\r\n"))
        #expect(!lines.contains { $0.first == " " || $0.first == "\t" }, "lines are unfolded")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
    }

    @Test(arguments: berlinCases)
    func builtinBerlinOffsets(_ c: OffsetCase) throws {
        let text = try #require(BuiltinTimeZones.vtimezoneText(ianaID: "Europe/Berlin", tzid: "Europe/Berlin"))
        let zone = try #require(VTimeZone(text: text))
        #expect(zone.tzid == "Europe/Berlin")
        #expect(zone.utcOffset(atUTC: c.utc) == c.offset)
    }

    @Test func builtinUnknownZone() {
        #expect(BuiltinTimeZones.vtimezoneText(ianaID: "Atlantis/Lost_City", tzid: "X") == nil)
    }
}

/// An observance that repeats more often than daily is no zone rule (libical would walk it hour
/// by hour while expanding the zone): such text is refused.
@Suite("VTimeZone: sub-daily observances")
struct VTimeZoneSubDailyTests {
    static func zone(_ rrule: String) -> String {
        "BEGIN:VTIMEZONE\r\nTZID:Test/Zone\r\nBEGIN:STANDARD\r\nDTSTART:19961027T030000\r\n\(rrule)\r\n"
            + "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
    }

    @Test(arguments: ["RRULE:FREQ=HOURLY;BYMONTH=10;BYDAY=-1SU", "RRULE:FREQ=MINUTELY", "rrule:freq=secondly",
                      "RRULE:BYMONTH=10;Freq=Hourly", "RRULE;X-A=1:INTERVAL=2;FREQ=MINUTELY"])
    func refused(_ rule: String) {
        #expect(VTimeZone.hasSubDailyObservance(Self.zone(rule)))
        #expect(VTimeZone(text: Self.zone(rule)) == nil)
    }

    /// Only an RRULE line's frequency counts, not the words elsewhere.
    @Test(arguments: ["X-RRULE:FREQ=HOURLY", "COMMENT:RRULE:FREQ=HOURLY", "RRULE:FREQ=DAILY;X-NOTE=FREQ=HOUR"])
    func otherLinesDoNotCount(_ line: String) {
        #expect(!VTimeZone.hasSubDailyObservance(Self.zone(line)))
    }

    @Test func yearlyIsAccepted() {
        let text = Self.zone("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")
        #expect(!VTimeZone.hasSubDailyObservance(text))
        #expect(VTimeZone(text: text) != nil)
    }
}
