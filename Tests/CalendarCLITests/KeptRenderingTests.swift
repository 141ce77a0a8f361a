@testable import CalendarCLI
import CalendarModel
import CalendarStore
import Foundation
import Testing

/// `events --format json` writes events from the store's kept renderings
/// (``EventStore/renderedEvents(matching:renderer:)``): the first query renders and keeps them,
/// later ones read them back. Both must give the bytes of the in-memory path (occurrences from
/// `events(matching:)`, each event rendered there and then).
@Suite("events --format json from kept renderings")
struct KeptRenderingTests {
    @Test(arguments: ["UTC", "Europe/Berlin", "Pacific/Auckland", "America/Los_Angeles"])
    func keptRenderingsGiveTheSameJSON(_ zoneName: String) throws {
        let store = try StoreUnderTest()
        for file in ["demo/team.ics", "import/valid/outlook-windows-zones-overrides.ics", "import/valid/floating-and-allday.ics",
                     "import/valid/apple-structured-location-alarms.ics", "import/valid/google-x-wr-timezone.ics"] {
            store.ok(["import", fixture(file)])
        }
        let window = ["events", "--from", "2026-01-01T00:00Z", "--to", "2027-01-01T00:00Z", "--tz", zoneName, "--format", "json"]
        let first = store.ok(window)
        let kept = try EventStore(path: store.path)
        defer { try? kept.close() }
        #expect(try kept.withRawConnection { try $0.scalarInt("SELECT count(*) FROM item_renderings") ?? 0 } > 3)
        let second = store.ok(window)
        #expect(second == first)

        let zone = try #require(TimeZone(identifier: zoneName))
        let occurrences = try kept.events(matching: EventPredicate(startDate: utcDate(year: 2026, month: 1, day: 1),
                                                                  endDate: utcDate(year: 2027, month: 1, day: 1), timeZone: zone))
        #expect(occurrences.count > 20)
        let inMemory = OutputBuffer.collecting { try JSONOutput.writeEvents(occurrences, keepOrder: true, wallClockZone: zone, to: &$0) }
        #expect(first == inMemory)
        #expect(try jsonObject(first)["events"] as? [[String: Any]] != nil)
    }

    /// A kept rendering damaged in the file (too short, lengths beyond its end) is not used:
    /// the event is rendered again, the output is unchanged, and the row is replaced.
    @Test func damagedKeptRenderingsAreRenderedAgain() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("import/valid/outlook-windows-zones-overrides.ics")])
        let window = ["events", "--from", "2026-01-01T00:00Z", "--to", "2027-01-01T00:00Z", "--tz", "Europe/Berlin", "--format", "json"]
        let first = store.ok(window)
        let raw = try EventStore(path: store.path)
        defer { try? raw.close() }
        let kept = try raw.withRawConnection { try $0.scalarInt("SELECT count(*) FROM item_renderings") ?? 0 }
        #expect(kept > 0)
        try raw.withRawConnection { db in
            try db.execute("UPDATE item_renderings SET bytes = x'0102' WHERE item_id % 2 = 0")
            try db.execute("UPDATE item_renderings SET bytes = x'ffffff7f000000000000000041' WHERE item_id % 2 = 1")
        }
        #expect(store.ok(window) == first)
        let sound = try raw.withRawConnection { try $0.scalarInt("SELECT count(*) FROM item_renderings WHERE length(bytes) > 13") ?? 0 }
        #expect(sound == kept)
    }
}
