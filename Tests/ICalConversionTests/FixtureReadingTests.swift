import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import ICalCore
import Testing

/// Reading the hand-written fixtures: field values checked against the fixture text. Instants
/// were derived with python's zoneinfo, e.g.
/// `python3 -c "import datetime as d, zoneinfo as z; print(int(d.datetime(2026,3,10,8,tzinfo=z.ZoneInfo('America/Los_Angeles')).timestamp()))"`.
@Suite("Reading fixtures")
struct FixtureReadingTests {
    static func read(_ relative: String) throws -> ReadResult {
        let url = TestFiles.fixtures.appendingPathComponent(relative)
        return ICalendarReader().read(try Data(contentsOf: url), fileName: relative)
    }

    static func event(_ result: ReadResult, _ uid: String, occurrence: Date? = nil) throws -> Event {
        try #require(result.documents.flatMap(\.events).first { $0.uid == uid && $0.occurrenceDate == occurrence })
    }

    @Test func outlookWindowsZonesAndOverrides() throws {
        let r = try Self.read("import/valid/outlook-windows-zones-overrides.ics")
        #expect(r.diagnostics.filter { $0.severity != .note }.isEmpty, "\(r.diagnostics)")
        let seattle = try Self.event(r, "040000008200E00074C5B7101A82E00800000000A04F6C2DE781DC0100000000000000001000000077E2D0B94C3F1E46A1D8F07B5C2E9A13")
        #expect(seattle.startDate == Date(timeIntervalSince1970: 1_773_154_800))   // 2026-03-10T08:00-07:00 (US DST began 03-08)
        #expect(seattle.timeZoneIdentifier == "Pacific Standard Time")
        #expect(seattle.timeZone?.identifier == "America/Los_Angeles")           // CLDR primary zone
        let uid = "040000008200E00074C5B7101A82E0080000000060D3B1A7E781DC01000000000000000010000000A1C57E0F3D6B4A4C9E2B7D1F8A03C6E5"
        let master = try Self.event(r, uid)
        #expect(master.startDate == Date(timeIntervalSince1970: 1_768_294_800))    // 2026-01-13T10:00+01:00
        #expect(master.endDate == Date(timeIntervalSince1970: 1_768_297_500))      // 10:45
        #expect(master.title == "Product sync")
        #expect(master.recurrenceRules.first?.frequency == .weekly)
        #expect(master.recurrenceRules.first?.daysOfTheWeek == [.init(.tuesday)])
        #expect(master.exceptionDates.count == 1)
        #expect(master.organizer != nil)
        #expect(!master.attendees.isEmpty)
        #expect(master.alarms.first?.relativeOffset == -900)
        let overrides = r.documents.flatMap(\.events).filter { $0.uid == uid && $0.isDetached }
        #expect(overrides.count == 2)
        #expect(r.documents.first?.timeZones.map(\.tzid).sorted() == ["Pacific Standard Time", "W. Europe Standard Time"])
    }

    @Test func googleFloatingTimesReadInCalendarZone() throws {
        let r = try Self.read("import/valid/google-x-wr-timezone.ics")
        #expect(r.documents.first?.calendar.defaultTimeZoneIdentifier == "America/New_York")
        let openHouse = try Self.event(r, "0f1c2d7e9a4b@google.com")
        #expect(openHouse.startDate == Date(timeIntervalSince1970: 1_776_520_800))   // 2026-04-18T10:00-04:00
        #expect(openHouse.timeZone?.identifier == "America/New_York")

        var keepFloating = ConversionOptions()
        keepFloating.applyCalendarTimeZone = false
        let url = TestFiles.fixtures.appendingPathComponent("import/valid/google-x-wr-timezone.ics")
        let floating = ICalendarReader(options: keepFloating).read(try Data(contentsOf: url))
        let f = try Self.event(floating, "0f1c2d7e9a4b@google.com")
        #expect(f.isFloating)
        #expect(f.startDate == Date(timeIntervalSince1970: 1_776_506_400))           // 2026-04-18T10:00 read as UTC
        let birthday = try Self.event(r, "7d2a9c4f13e8@google.com")
        #expect(birthday.isAllDay)
        #expect(birthday.recurrenceRules.first?.frequency == .yearly)
    }

    @Test func appleStructuredLocationAndAlarms() throws {
        let r = try Self.read("import/valid/apple-structured-location-alarms.ics")
        let dinner = try Self.event(r, "3E1F6A2C-9B7D-4C58-A0E3-5D2F81C47B96")
        #expect(dinner.startDate == Date(timeIntervalSince1970: 1_775_840_400))      // 2026-04-10T19:00+02:00
        let loc = try #require(dinner.structuredLocation)
        #expect(loc.origin == .appleStructuredLocation)
        #expect(loc.latitude == 52.520008)
        #expect(loc.longitude == 13.404954)
        #expect(loc.radius > 0)
        #expect(dinner.alarms.count == 3)
        #expect(dinner.alarms.contains { $0.relativeOffset == -900 })
        #expect(dinner.alarms.contains { $0.absoluteDate == Date(timeIntervalSince1970: 1_775_804_400) }) // 2026-04-10T07:00Z
        #expect(dinner.alarms.contains { $0.relatedTo == .end && $0.relativeOffset == -600 && $0.repeatInterval == 300 })
        let parcel = try Self.event(r, "A94C07D3-6E2F-4B18-95A7-0F3E2D81B6C4")
        #expect(parcel.alarms.contains { $0.proximity == .enter && $0.structuredLocation != nil })
    }

    @Test func floatingAllDayAndDurations() throws {
        let r = try Self.read("import/valid/floating-and-allday.ics")
        let party = try Self.event(r, "1e6f3c7a-8b2d-4e95-a0c4-7d3b9f1e5a62")
        #expect(party.isAllDay)
        #expect(party.startDate == Date(timeIntervalSince1970: 1_781_395_200))        // 2026-06-14 (wall clock as UTC)
        #expect(party.endDate.timeIntervalSince(party.startDate) == 86_400)
        let bin = try Self.event(r, "f81c4b07-3e2a-4d96-b5f1-0c8e7a3d2b94")          // DATE without DTEND: one day
        #expect(bin.startDate == Date(timeIntervalSince1970: 1_785_715_200))
        #expect(bin.endDate.timeIntervalSince(bin.startDate) == 86_400)
        let choir = try Self.event(r, "9a5d1f3b-6e08-4c27-b4a9-3f7e2c0d8b16")
        #expect(choir.isFloating)
        #expect(choir.startDate == Date(timeIntervalSince1970: 1_788_370_200))        // 2026-09-02T17:30 floating
        #expect(choir.endDate.timeIntervalSince(choir.startDate) == 5_400)
        // RFC 5545 §3.3.6: P1D is a nominal day (25 h across the October change), PT24H exact.
        let hackathon = try Self.event(r, "e27c0a94-1b3f-4d58-9c6e-5a8d2f4b1e70")
        #expect(hackathon.startDate == Date(timeIntervalSince1970: 1_792_836_000))    // 2026-10-24T12:00+02:00
        #expect(hackathon.endDate == Date(timeIntervalSince1970: 1_792_926_000))      // 2026-10-25T12:00+01:00
        let migration = try Self.event(r, "08d4b6e2-7f19-4a3c-8d50-c1e9a7b3f2d6")
        #expect(migration.endDate.timeIntervalSince(migration.startDate) == 86_400)
        let tax = try Self.event(r, "7b1e9d3a-4c60-4f82-a5d7-e0f2b8c6a431")
        #expect(tax.startDate == tax.endDate)
        let landlord = try Self.event(r, "c5f30b8e-9a27-4d14-b6e3-2d7a1c9f0e58")   // no DTEND/DURATION: zero length
        #expect(landlord.startDate == landlord.endDate)
    }

    @Test func remindersWithSubtasks() throws {
        let r = try Self.read("import/valid/reminders-subtasks.ics")
        let reminders = r.documents.flatMap(\.reminders)
        let parent = try #require(reminders.first { $0.uid == "D2A7F4C1-8E35-4B90-A612-3C7E9B05F4D8" })
        #expect(parent.dueDateComponents == DateComponents(year: 2026, month: 5, day: 15))
        #expect(parent.priority == 1)
        #expect(parent.status == .inProcess)
        let children = reminders.filter { $0.parentUID == parent.uid }
        #expect(children.count == 2)
        let quotes = try #require(reminders.first { $0.uid == "7B3E0C92-4F1D-4A68-B5E7-91D2C6A0F3B4" })
        #expect(quotes.dueDateComponents == DateComponents(year: 2026, month: 4, day: 20, hour: 17, minute: 0, second: 0))
        let measure = try #require(reminders.first { $0.uid == "0E5C8A3F-D471-4B26-9F0B-A8E3D7C2154F" })
        #expect(measure.isCompleted)
        #expect(measure.completionDate == Date(timeIntervalSince1970: 1_776_503_700))   // 2026-04-18T09:15Z
        #expect(measure.dueDateComponents?.timeZone?.identifier == "Europe/Berlin")
        let plants = try #require(reminders.first { $0.uid == "5F19B2E7-C03A-4D8E-9A64-7E2B1F0C8D35" })
        #expect(plants.recurrenceRules.first?.daysOfTheWeek == [.init(.saturday)])
        let noise = try #require(reminders.first { $0.uid == "2D90E6F3-7A1B-4C84-B2D5-E8F1A3C09B67" })
        #expect(noise.dueDateComponents == nil && noise.startDateComponents == nil)
    }

    @Test func foldedUTF8WithBOM() throws {
        let r = try Self.read("import/valid/folded-utf8.ics")
        #expect(r.diagnostics.filter { $0.severity != .note }.isEmpty, "\(r.diagnostics)")
        let text = r.documents.flatMap(\.events).map { $0.title + ($0.notes ?? "") + ($0.location ?? "") }.joined()
        // Independent check: the fixture's own unfolded bytes decode to these characters.
        for needle in ["ü", "日本", "🎉"] where !text.contains(needle) {
            Issue.record("\(needle) not found in the decoded text")
        }
        #expect(!text.contains("\u{FFFD}"))
    }

    @Test func severalCalendarsInOneFile() throws {
        let r = try Self.read("import/valid/several-vcalendars.ics")
        #expect(r.documents.map(\.calendar.title) == ["Work", "Family"])
    }

    @Test(arguments: ["import/valid/lf-only-and-lone-cr.ics", "import/valid/lone-cr.ics"])
    func otherLineEnds(_ path: String) throws {
        let r = try Self.read(path)
        #expect(!r.hasDataErrors)
        #expect(r.eventCount > 0)
        // A folded line was joined: no event text starts with the fold's space.
        #expect(r.documents.flatMap(\.events).allSatisfy { !$0.title.hasPrefix(" ") })
    }
}
