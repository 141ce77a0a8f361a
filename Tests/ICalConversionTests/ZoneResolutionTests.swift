import CalendarModel
import CalendarTestSupport
import Foundation
@testable import ICalConversion
import Testing

/// Which zone a TZID with a VTIMEZONE gets (DESIGN.md, issue 22 parts 2 and 3). Expected
/// instants come from the tz database through Foundation (`ZoneResolutionTests.tzdb`), or,
/// for a definition no tz zone has, from its RFC 5545 §3.6.5 rules worked by hand; expected
/// zones from the CLDR table (the zone CLDR names for the Windows zone, territory 001).
@Suite("Time zones: TZIDs with a VTIMEZONE")
struct ZoneResolutionTests {
    /// The instant of a wall-clock time `yyyymmddThhmmss` in a tz database zone.
    static func tzdb(_ local: String, _ zone: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let n = { (from: Int, count: Int) in Int(local.dropFirst(from).prefix(count))! }
        let c = DateComponents(year: n(0, 4), month: n(4, 2), day: n(6, 2), hour: n(9, 2), minute: n(11, 2))
        return calendar.date(from: c)!
    }

    static func utc(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var tzid: String
        var zone: String
        var starts: [String]
        /// The tz database zone expected, or nil when the definition's own rules are expected.
        var expectedZone: String?
        /// Expected instants when `expectedZone` is nil (worked from the definition's rules).
        var expectedInstants: [String] = []
        var origin: ResolvedZone.Origin
        var warns: Bool = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Part 3: the TZID names a tz database zone, which it is.
        Case(name: "Europe/Berlin with onsets in 2024-2025 only, events before, in and after them",
             tzid: "Europe/Berlin", zone: OutlookZones.berlinTruncated(),
             starts: ["20230110T100000", "20240701T100000", "20270701T100000", "20271201T100000"],
             expectedZone: "Europe/Berlin", origin: .named),
        Case(name: "Europe/Berlin with the US dates: the tz database, and a warning",
             tzid: "Europe/Berlin", zone: OutlookZones.vtimezone("Europe/Berlin", OutlookZones.berlinWithUSDates),
             starts: ["20260320T100000", "20260701T100000"], expectedZone: "Europe/Berlin", origin: .named, warns: true),
        Case(name: "Mozilla vendor prefix before Europe/Berlin",
             tzid: "/mozilla.org/20070129_1/Europe/Berlin", zone: OutlookZones.vtimezone("/mozilla.org/20070129_1/Europe/Berlin", OutlookZones.berlinWithUSDates),
             starts: ["20260320T100000"], expectedZone: "Europe/Berlin", origin: .named, warns: true),
        // Part 2: matched by the rules (Customized Time Zone: the US Eastern rules; the CLDR zone
        // of Eastern Standard Time is America/New_York).
        Case(name: "Outlook Customized Time Zone with the US Eastern rules",
             tzid: "Customized Time Zone", zone: OutlookZones.vtimezone("Customized Time Zone", OutlookZones.usEastern),
             starts: ["20260105T160000", "20260406T160000", "20261102T160000"], expectedZone: "America/New_York", origin: .matchedByRules),
        Case(name: "Outlook display name (UTC+10:00) Canberra, Melbourne, Sydney",
             tzid: "(UTC+10:00) Canberra, Melbourne, Sydney", zone: OutlookZones.vtimezone("(UTC+10:00) Canberra, Melbourne, Sydney", OutlookZones.australiaEastern),
             starts: ["20260115T090000", "20260715T090000"], expectedZone: "Australia/Sydney", origin: .matchedByRules),
        Case(name: "Outlook display name (UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna",
             tzid: "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna",
             zone: OutlookZones.vtimezone("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", OutlookZones.centralEurope),
             starts: ["20260115T090000", "20260715T090000"], expectedZone: "Europe/Berlin", origin: .matchedByRules),
        Case(name: "Windows name W. Europe Standard Time whose VTIMEZONE agrees with its CLDR zone",
             tzid: "W. Europe Standard Time", zone: OutlookZones.vtimezone("W. Europe Standard Time", OutlookZones.centralEurope),
             starts: ["20260115T090000", "20260715T090000"], expectedZone: "Europe/Berlin", origin: .named),
        Case(name: "A custom TZID with the US Eastern rules and X-LIC-LOCATION-free text",
             tzid: "My Office", zone: OutlookZones.vtimezone("My Office", OutlookZones.usEastern),
             starts: ["20260310T090000"], expectedZone: "America/New_York", origin: .matchedByRules),
        // One STANDARD observance at +09:00 (no summer time): Japan's offset since 1952; the
        // CLDR zone of Tokyo Standard Time is Asia/Tokyo, and the TZID names Tokyo.
        Case(name: "Outlook display name (UTC+09:00) Osaka, Sapporo, Tokyo with one observance",
             tzid: "(UTC+09:00) Osaka, Sapporo, Tokyo",
             zone: OutlookZones.vtimezone("(UTC+09:00) Osaka, Sapporo, Tokyo",
                                          [.init(daylight: false, start: "16010101T000000", from: "+0900", to: "+0900")]),
             starts: ["20260115T090000", "20260715T090000"], expectedZone: "Asia/Tokyo", origin: .matchedByRules),
        // Nothing matches: the definition's own rules. +03:00 in winter, +04:00 from the first
        // Sunday of May (2026-05-03) to the first Sunday of September (2026-09-06).
        Case(name: "Rules no tz database zone has",
             tzid: "Fictitious", zone: OutlookZones.vtimezone("Fictitious", OutlookZones.fictitious),
             starts: ["20260115T120000", "20260615T120000", "20261015T120000"], expectedZone: nil,
             expectedInstants: ["2026-01-15T09:00:00Z", "2026-06-15T08:00:00Z", "2026-10-15T09:00:00Z"], origin: .definition),
    ]

    @Test(arguments: cases)
    func zoneAndInstants(_ c: Case) throws {
        let text = OutlookZones.calendar(c.zone, tzid: c.tzid, starts: c.starts)
        let r = ICalendarReader().read(Data(text.utf8), fileName: "zones.ics")
        let events = try #require(r.documents.first?.events)
        #expect(events.count == c.starts.count)
        let resolver = ZoneResolver(timeZones: r.documents.first?.timeZones ?? [])
        let resolved = try #require(resolver.resolve(c.tzid))
        #expect(resolved.origin == c.origin)
        #expect(resolved.ianaID == c.expectedZone)
        for (n, event) in events.enumerated() {
            #expect(event.timeZoneIdentifier == c.tzid)
            if let zone = c.expectedZone {
                #expect(event.startDate == Self.tzdb(c.starts[n], zone), "\(c.starts[n])")
                #expect(event.timeZone?.identifier == zone)
            } else {
                #expect(event.startDate == Self.utc(c.expectedInstants[n]), "\(c.starts[n])")
            }
        }
        let notes = r.diagnostics.filter { $0.message.contains("by its rules") }.map(\.message)
        #expect(notes == (c.origin == .matchedByRules ? ["TZID \"\(c.tzid)\" matched to \(c.expectedZone!) by its rules"] : []))
        let warnings = r.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == (c.warns ? 1 : 0), "\(r.diagnostics.map(\.description))")
        if c.warns, let w = warnings.first {
            // At the first event's DTSTART line.
            #expect(w.file == "zones.ics")
            #expect(w.line == text.components(separatedBy: "\r\n").firstIndex { $0.hasPrefix("DTSTART;") }! + 1)
            #expect(w.property == "DTSTART")
            #expect(w.message.contains("disagrees with the tz database zone Europe/Berlin"))
            // The definition's summer time begins 2026-03-08 01:00Z, the tz database's 03-29 01:00Z:
            // the instant named is in between.
            #expect(w.message.contains("(+0200 in the file, +0100 in the tz database)"), "\(w.message)")
            let at = try #require(w.message.split(separator: " ").first { $0.hasPrefix("2026") && $0.hasSuffix("Z") })
            #expect(at >= "20260308T010000Z" && at < "20260329T010000Z", "\(at)")
        }
    }

    /// A series in the matched zone keeps 16:00 New York time on both sides of the DST change
    /// (2026-03-08): the tz database zone gives every instance's instant.
    @Test func seriesInAMatchedZoneFollowsTheTzDatabase() throws {
        let text = OutlookZones.calendar(OutlookZones.vtimezone("Customized Time Zone", OutlookZones.usEastern), tzid: "Customized Time Zone",
                                         starts: ["20260105T160000"], rrule: "FREQ=MONTHLY;BYDAY=1MO;COUNT=6")
        let r = ICalendarReader().read(Data(text.utf8))
        let doc = try #require(r.documents.first)
        let expander = RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
        let window = EventPredicate(startDate: Self.utc("2026-01-01T00:00:00Z"), endDate: Self.utc("2026-07-01T00:00:00Z"),
                                    timeZone: TimeZone(identifier: "UTC")!)
        let list = try expander.occurrences(master: doc.events[0], overrides: [], calendarTitle: "c", matching: window)
        let expected = ["20260105T160000", "20260202T160000", "20260302T160000", "20260406T160000", "20260504T160000", "20260601T160000"]
        #expect(list.map(\.startDate) == expected.map { Self.tzdb($0, "America/New_York") })
    }

    /// The outline of a Brazilian Outlook export (icalendar's issue 237 file): summer time from
    /// the second Saturday of October to the third Saturday of February, which Brazil dropped
    /// in 2019 (the tz database's America/Sao_Paulo is -03:00 all year since): no zone agrees.
    @Test func brasiliaDefinitionWithOldRulesMatchesNothing() throws {
        guard let path = TestFiles.corpus?.appendingPathComponent("icalendar/src/icalendar/tests/timezones/issue_237_brazilia_standard.ics"),
              let text = try? String(contentsOf: path, encoding: .utf8) else {
            print(TestFiles.corpusMissingMessage)
            return
        }
        let vtz = try #require(Self.vtimezoneText(text))
        let resolver = ZoneResolver(timeZones: [TimeZoneDefinition(tzid: "(UTC-03:00) Brasília", text: vtz)])
        let resolved = try #require(resolver.resolve("(UTC-03:00) Brasília"))
        #expect(resolved.origin == .definition)
        #expect(resolved.ianaID == nil)
        // The definition's own rules: 2026-01-15 12:00 is in its summer time (-02:00), 14:00Z.
        #expect(resolved.utcSeconds(forLocal: 1_768_478_400) == 1_768_478_400 + 7_200)
    }

    /// The file's VTIMEZONE text alone (the corpus file holds just one).
    static func vtimezoneText(_ file: String) -> String? {
        guard let a = file.range(of: "BEGIN:VTIMEZONE"), let b = file.range(of: "END:VTIMEZONE") else { return nil }
        return String(file[a.lowerBound..<b.upperBound]) + "\r\n"
    }
}
