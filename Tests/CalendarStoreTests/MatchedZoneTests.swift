import CalendarModel
@testable import CalendarStore
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// A VTIMEZONE under a name that is not a tz database id keeps the zone its import matched it
/// to by its rules (schema version 16), so that later queries take that zone without searching
/// all zones again; a definition that changes drops it.
@Suite("Zones matched by rules, kept by the store")
struct MatchedZoneTests {
    /// Outlook's custom zone with the US Eastern rules (the first Sunday of November, the second
    /// of March): the tz database zone CLDR names first for Windows "Eastern Standard Time".
    static let eastern = OutlookZones.calendar(OutlookZones.vtimezone("Customized Time Zone", OutlookZones.usEastern),
                                               tzid: "Customized Time Zone", starts: ["20260105T160000"],
                                               rrule: "FREQ=MONTHLY;BYDAY=1MO;COUNT=6")
    /// The same TZID with the Central European rules (last Sundays of March and October).
    static let central = OutlookZones.calendar(OutlookZones.vtimezone("Customized Time Zone", OutlookZones.centralEurope),
                                               tzid: "Customized Time Zone", starts: ["20260105T160000"],
                                               rrule: "FREQ=MONTHLY;BYDAY=1MO;COUNT=6")

    static func matchedZones(_ store: EventStore) throws -> [[SQLValue]] {
        try store.withRawConnection { try $0.rows("SELECT tzid, matched_zone FROM calendar_time_zones ORDER BY tzid") }
    }

    static func write(_ text: String, in directory: URL, as name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// 16:00 New York time on the first Monday of each month, both sides of 2026-03-08.
    static let easternStarts = ["2026-01-05T21:00:00Z", "2026-02-02T21:00:00Z", "2026-03-02T21:00:00Z",
                                "2026-04-06T20:00:00Z", "2026-05-04T20:00:00Z", "2026-06-01T20:00:00Z"]

    static func starts(_ store: EventStore) throws -> [String] {
        let half = store.predicateForEvents(withStart: utc(2026, 1, 1), end: utc(2026, 7, 1), calendars: nil, timeZone: .gmt)
        return try store.events(matching: half).map { $0.startDate.ISO8601Format() }
    }

    @Test func theStreamedImportKeepsTheMatchAndQueriesFollowIt() throws {
        try withTemporaryDirectory { directory in
            let file = try Self.write(Self.eastern, in: directory, as: "eastern.ics")
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            _ = try store.importFile(at: file, into: "Work")
            #expect(try Self.matchedZones(store) == [[.text("Customized Time Zone"), .text("America/New_York")]])
            #expect(try Self.starts(store) == Self.easternStarts)
            // What the store's readers of its zones (queries and export) are handed.
            #expect(try store.document(forCalendar: "Work").timeZones.map(\.matchedZone) == ["America/New_York"])

            // The same file again: nothing changes. Another definition under the same TZID: the
            // old match goes and the new one is kept, and the series follows the new rules
            // (16:00 in Berlin: 15:00Z in winter, 14:00Z from 2026-03-29).
            _ = try store.importFile(at: file, into: "Work")
            #expect(try Self.matchedZones(store) == [[.text("Customized Time Zone"), .text("America/New_York")]])
            _ = try store.importFile(at: try Self.write(Self.central, in: directory, as: "central.ics"), into: "Work")
            #expect(try Self.matchedZones(store) == [[.text("Customized Time Zone"), .text("Europe/Berlin")]])
            #expect(try Self.starts(store) == ["2026-01-05T15:00:00Z", "2026-02-02T15:00:00Z", "2026-03-02T15:00:00Z",
                                               "2026-04-06T14:00:00Z", "2026-05-04T14:00:00Z", "2026-06-01T14:00:00Z"])
        }
    }

    @Test func aWholeDocumentCarriesItsMatches() throws {
        let read = ICalendarReader().read(Data(Self.eastern.utf8))
        let document = try #require(read.documents.first)
        #expect(document.timeZones.map(\.matchedZone) == ["America/New_York"])
        try withStore { store in
            _ = try store.importDocument(document, intoCalendar: "Work")
            #expect(try Self.matchedZones(store) == [[.text("Customized Time Zone"), .text("America/New_York")]])
        }
    }

    /// A zone matched earlier is taken while it agrees with the definition (Toronto keeps the
    /// US rules too), and left when it does not (Berlin's rules are not these).
    @Test func anEarlierMatchIsTakenOnlyWhileItAgrees() throws {
        let document = try #require(ICalendarReader().read(Data(Self.eastern.utf8)).documents.first)
        let tzid = "Customized Time Zone", text = try #require(document.timeZones.first?.text)
        let fresh = ZoneResolver(timeZones: [TimeZoneDefinition(tzid: tzid, text: text)]).resolve(tzid)
        #expect(fresh?.ianaID == "America/New_York")
        #expect(fresh?.origin == .matchedByRules)
        let toronto = ZoneResolver(timeZones: [TimeZoneDefinition(tzid: tzid, text: text, matchedZone: "America/Toronto")]).resolve(tzid)
        #expect(toronto?.ianaID == "America/Toronto")
        #expect(toronto?.origin == .matchedByRules)
        let berlin = ZoneResolver(timeZones: [TimeZoneDefinition(tzid: tzid, text: text, matchedZone: "Europe/Berlin")]).resolve(tzid)
        #expect(berlin?.ianaID == "America/New_York")
        // The match is not part of the definition.
        #expect(TimeZoneDefinition(tzid: tzid, text: text, matchedZone: "Europe/Berlin") == TimeZoneDefinition(tzid: tzid, text: text))
    }
}
