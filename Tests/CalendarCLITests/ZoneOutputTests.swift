@testable import CalendarCLI
import CalendarTestSupport
import Foundation
import Testing

/// JSON output of events whose TZID is not a tz database id, or whose VTIMEZONE covers only
/// a few years (issue 22 parts 2 and 3), through `convert --to json` and through the store.
/// Expected offsets: the tz database's (America/New_York: EDT from 2026-03-08 to 2026-11-01,
/// Europe/Berlin: CEST from 2027-03-28 to 2027-10-31).
@Suite("JSON dates in matched and tz database zones")
struct ZoneOutputTests {
    static let customized = OutlookZones.vtimezone("Customized Time Zone", OutlookZones.usEastern)

    static func write(_ text: String, in dir: TemporaryDirectory) throws -> String {
        let path = dir.path("zones.ics")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Each event's `start` and `timeZone` in `convert --to json`.
    static func converted(_ path: String) throws -> [(start: String, zone: String?)] {
        let result = runCLI(["convert", path, "--to", "json"])
        #expect(result.status == .ok, "\(result)")
        let calendars = try jsonObject(result.stdout)["calendars"] as? [[String: Any]] ?? []
        let events = calendars.flatMap { $0["events"] as? [[String: Any]] ?? [] }
        return events.map { ($0["start"] as? String ?? "", $0["timeZone"] as? String) }
    }

    @Test func convertShowsTheMatchedZoneOnBothSidesOfDST() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.write(OutlookZones.calendar(Self.customized, tzid: "Customized Time Zone",
                                                        starts: ["20260105T160000", "20260706T160000"]), in: dir)
        let events = try Self.converted(path)
        #expect(events.map(\.start) == ["2026-01-05T16:00:00-05:00", "2026-07-06T16:00:00-04:00"])
        #expect(events.map(\.zone) == ["America/New_York", "America/New_York"])
        let stderr = runCLI(["convert", path, "--to", "json"]).stderr
        #expect(stderr.contains("note: UID e0@example.com: DTSTART: TZID \"Customized Time Zone\" matched to America/New_York by its rules"),
                "\(stderr)")
    }

    /// The monthly 16:00 New York meeting: `2026-04-06T16:00:00-04:00`, not 15:00-05:00.
    @Test func storedSeriesShowsTheMatchedZoneAndExportKeepsTheTZID() throws {
        let store = try StoreUnderTest()
        let path = try Self.write(OutlookZones.calendar(Self.customized, tzid: "Customized Time Zone", starts: ["20260105T160000"],
                                                        rrule: "FREQ=MONTHLY;BYDAY=1MO;COUNT=6"), in: store.directory)
        store.ok(["import", path])
        let events = try store.events(["--from", "2026-03-01", "--to", "2026-05-01"])
        #expect(events.compactMap { $0["start"] as? String } == ["2026-03-02T16:00:00-05:00", "2026-04-06T16:00:00-04:00"])
        #expect(events.compactMap { $0["timeZone"] as? String } == ["America/New_York", "America/New_York"])
        let exported = store.exportLines()
        #expect(exported.contains("DTSTART;TZID=Customized Time Zone:20260105T160000"))
        #expect(exported.filter { $0 == "TZID:Customized Time Zone" }.count == 1)
        #expect(exported.contains("RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3"))
    }

    /// A Europe/Berlin VTIMEZONE with onsets in 2024-2025 only: an event in summer 2027 is
    /// CEST (+02:00), as the tz database says, and the file's definition is exported as it was.
    @Test func truncatedIANADefinitionGivesWayToTheTzDatabase() throws {
        let store = try StoreUnderTest()
        let path = try Self.write(OutlookZones.calendar(OutlookZones.berlinTruncated(), tzid: "Europe/Berlin",
                                                        starts: ["20270105T100000", "20270705T100000"]), in: store.directory)
        #expect(try Self.converted(path).map(\.start) == ["2027-01-05T10:00:00+01:00", "2027-07-05T10:00:00+02:00"])
        store.ok(["import", path])
        let events = try store.events(["--from", "2027-01-01", "--to", "2027-12-31"])
        #expect(events.compactMap { $0["start"] as? String } == ["2027-01-05T10:00:00+01:00", "2027-07-05T10:00:00+02:00"])
        #expect(store.exportLines().contains("DTSTART:20250330T020000"))
    }

    /// A VTIMEZONE no tz database zone agrees with (+03:00, +04:00 from the first Sunday of
    /// May to the first Sunday of September): `timeZone` is its TZID, and each date carries the
    /// definition's own offset at it (RFC 5545 §3.6.5), in `convert` and through the store.
    @Test func definitionNoZoneAgreesWithGivesItsOwnOffsetAtEachDate() throws {
        let store = try StoreUnderTest()
        let zone = OutlookZones.vtimezone("Fictitious", OutlookZones.fictitious)
        let path = try Self.write(OutlookZones.calendar(zone, tzid: "Fictitious", starts: ["20260115T120000", "20260615T120000"]),
                                  in: store.directory)
        let converted = try Self.converted(path)
        #expect(converted.map(\.start) == ["2026-01-15T12:00:00+03:00", "2026-06-15T12:00:00+04:00"])
        #expect(converted.map(\.zone) == ["Fictitious", "Fictitious"])

        let seriesPath = store.directory.path("series.ics")
        try OutlookZones.calendar(zone, tzid: "Fictitious", starts: ["20260415T120000"], rrule: "FREQ=MONTHLY;COUNT=6")
            .write(toFile: seriesPath, atomically: true, encoding: .utf8)
        store.ok(["import", seriesPath])
        let events = try store.events(["--from", "2026-04-01", "--to", "2026-10-01"])
        #expect(events.compactMap { $0["start"] as? String } == ["2026-04-15T12:00:00+03:00", "2026-05-15T12:00:00+04:00",
            "2026-06-15T12:00:00+04:00", "2026-07-15T12:00:00+04:00", "2026-08-15T12:00:00+04:00", "2026-09-15T12:00:00+03:00"])
        #expect(Set(events.compactMap { $0["timeZone"] as? String }) == ["Fictitious"])
        // A second query reads what the first one may have kept.
        #expect(try store.events(["--from", "2026-04-01", "--to", "2026-10-01"]).compactMap { $0["start"] as? String }.count == 6)
    }

    /// TZIDs without a VTIMEZONE that are a tz database link or guessed as one: JSON's
    /// `timeZone` is the zone's canonical id (tz database 2025b `backward`:
    /// `Link America/New_York US/Eastern`, `Link Asia/Kolkata Asia/Calcutta`).
    @Test func linkNamesComeOutAsTheirCanonicalZone() throws {
        let dir = try TemporaryDirectory()
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example//Test//EN\r\n"
        for (n, tzid) in ["US/Eastern", "US-Eastern", "Asia/Calcutta"].enumerated() {
            text += "BEGIN:VEVENT\r\nUID:e\(n)@example.com\r\nDTSTAMP:20260101T000000Z\r\n"
            text += "DTSTART;TZID=\(tzid):2026070\(n + 1)T090000\r\nEND:VEVENT\r\n"
        }
        let events = try Self.converted(try Self.write(text + "END:VCALENDAR\r\n", in: dir))
        #expect(events.map(\.zone) == ["America/New_York", "America/New_York", "Asia/Kolkata"])
        #expect(events.map(\.start) == ["2026-07-01T09:00:00-04:00", "2026-07-02T09:00:00-04:00", "2026-07-03T09:00:00+05:30"])
    }
}
