@testable import CalendarStore
import CalendarModel
import Foundation
import Testing

/// Week packs of kept renderings (`rendering_packs`, `RenderingPack`).
@Suite("Rendering packs")
struct RenderingPackTests {
    @Test func entriesRoundTrip() throws {
        var blob: [UInt8] = []
        RenderingPack.append(itemID: 42, uid: Array("a@x".utf8), isAllDay: false, tzid: Array("Europe/Berlin".utf8),
                             occurrenceDateIsAllDay: false, isCanceled: true, bytes: [1, 2, 3], to: &blob)
        RenderingPack.append(itemID: -7, uid: [UInt8](), isAllDay: true, tzid: nil as [UInt8]?,
                             occurrenceDateIsAllDay: true, isCanceled: false, bytes: [UInt8](), to: &blob)
        // 8 + 1 + 3 × 4 bytes of header each, then 3 + 13 + 3 bytes and nothing.
        #expect(blob.count == 2 * 21 + 19)
        #expect(Array(blob[0..<8]) == [42, 0, 0, 0, 0, 0, 0, 0])
        struct Seen: Equatable {
            var id: Int64, uid: String, tzid: String?, bytes: [UInt8], allDay: Bool, dateAllDay: Bool, canceled: Bool
        }
        var seen: [Seen] = []
        let whole = blob.withUnsafeBytes { raw in
            RenderingPack.decode(raw) { e in
                // Where the bytes start, for slicing the blob's array (the store's events are slices).
                #expect(e.bytes.count == 0 || e.bytes.baseAddress == raw.baseAddress! + e.bytesOffset)
                #expect(Array(blob[e.bytesOffset ..< e.bytesOffset + e.bytes.count]) == Array(e.bytes))
                seen.append(Seen(id: e.itemID, uid: String(decoding: e.uid, as: UTF8.self), tzid: e.tzid.map { String(decoding: $0, as: UTF8.self) },
                                 bytes: Array(e.bytes), allDay: e.isAllDay, dateAllDay: e.occurrenceDateIsAllDay, canceled: e.isCanceled))
            }
        }
        #expect(whole)
        #expect(seen == [Seen(id: 42, uid: "a@x", tzid: "Europe/Berlin", bytes: [1, 2, 3], allDay: false, dateAllDay: false, canceled: true),
                         Seen(id: -7, uid: "", tzid: nil, bytes: [], allDay: true, dateAllDay: true, canceled: false)])
        // Cut anywhere inside the last entry: not whole.
        for cut in 1...19 {
            let ok = Array(blob.dropLast(cut)).withUnsafeBytes { raw in RenderingPack.decode(raw) { _ in } }
            #expect(!ok, "cut \(cut)")
        }
    }

    /// Weeks start on Mondays; day 0 (2001-01-01) was a Monday.
    @Test func weeksOfDays() {
        #expect(RenderingPack.week(ofDay: 0) == 0)
        #expect(RenderingPack.week(ofDay: 6) == 0)
        #expect(RenderingPack.week(ofDay: 7) == 1)
        #expect(RenderingPack.week(ofDay: -1) == -1)
        #expect(RenderingPack.week(ofDay: -7) == -1)
        #expect(RenderingPack.week(ofDay: -8) == -2)
        // 2026-03-02 was a Monday: its day starts a week.
        let day = OccurrencePackTests.day(utc(2026, 3, 2))
        #expect(day % 7 == 0)
    }

    static func packs(_ store: EventStore, format: String) throws -> [Int64: [Int64]] {
        try store.withRawConnection { db in
            var packs: [Int64: [Int64]] = [:]
            try db.forEachRow("SELECT week, entries FROM rendering_packs WHERE format = ?", [.text(format)]) { row in
                var ids: [Int64] = []
                if row.withBlob(1, { RenderingPack.decode($0) { ids.append($0.itemID) } }) { packs[row.int64(0)] = ids }
            }
            return packs
        }
    }

    /// The week of 2026-03-02 in UTC reads days 2026-02-27 to 2026-03-09: the weeks starting
    /// 2026-02-23, 2026-03-02 and 2026-03-09.
    @Test func aWeekPacksTheRenderingsOfItsWeeks() throws {
        try RenderedEventsTests.withTwoConnections { store, _, week in
            let renderer = RenderedEventsTests.CountingRenderer()
            try RenderedEventsTests.expectSame(store, week, renderer)      // renders, keeps, then packs
            let packs = try Self.packs(store, format: renderer.renderer.format)
            let first = OccurrencePackTests.day(utc(2026, 2, 23)) / 7
            #expect(packs.keys.sorted() == [first, first + 1, first + 2])
            // Each pack: the items with occurrences starting in its week that have a kept rendering.
            for (week, ids) in packs {
                let expected = try store.withRawConnection { db in
                    try db.rows("""
                        SELECT DISTINCT o.item_id FROM occurrences o JOIN item_renderings r ON r.item_id = o.item_id
                        WHERE o.start_time >= ? AND o.start_time < ? ORDER BY o.item_id
                        """, [.real(Double(week) * 7 * 86_400), .real(Double(week + 1) * 7 * 86_400)])
                }
                #expect(ids.sorted() == expected.map { if case .integer(let i) = $0[0] { return i }; return -1 }, "week \(week)")
            }
            #expect(packs.values.contains { !$0.isEmpty })

            // The answer comes from the packs: the kept renderings removed behind the store's
            // back (its trigger dropped first), nothing is rendered again.
            let calls = renderer.calls
            try store.withRawConnection { try $0.execute("DROP TRIGGER item_renderings_delete_packs; DELETE FROM item_renderings") }
            try RenderedEventsTests.expectSame(store, week, renderer)
            #expect(renderer.calls == calls)
        }
    }

    /// Packs that are not whole entries, or not blobs at all (written by another program): the
    /// answer is the same, from the kept renderings, and the weeks are packed anew.
    @Test(arguments: ["x'0102'", "42", "'text'", "x''"])
    func damagedPacksArePassedOver(_ value: String) throws {
        try RenderedEventsTests.withTwoConnections { store, _, week in
            let renderer = RenderedEventsTests.CountingRenderer()
            try RenderedEventsTests.expectSame(store, week, renderer)      // renders, keeps, then packs
            let before = try Self.packs(store, format: renderer.renderer.format)
            #expect(!before.isEmpty)
            try store.withRawConnection { try $0.execute("UPDATE rendering_packs SET entries = \(value)") }
            let calls = renderer.calls
            try RenderedEventsTests.expectSame(store, week, renderer)
            #expect(renderer.calls == calls, "read from the kept renderings, not rendered again")
            if value != "x''" {   // an empty blob is a whole (empty) pack: nothing to make anew
                #expect(try Self.packs(store, format: renderer.renderer.format) == before)
            }
        }
    }

    /// The week's own pack is read first and its events' bytes are slices of it; a pack read
    /// for the days before the window that gives a small share of its bytes (a long event
    /// that started then; its daily neighbours came from the week's pack) is let go, the event's
    /// bytes copied out.
    @Test func eventsOfASparselyUsedPackOwnTheirBytes() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            var events = (0..<5).map { n -> Event in
                var daily = makeEvent("daily-\(n)@x", start: utc(2026, 2, 20, 8 + n))
                daily.recurrenceRules = [RecurrenceRule(frequency: .daily)]
                return daily
            }
            events += (0..<20).map { makeEvent("single-\($0)@x", start: utc(2026, 3, 2 + $0 % 5, 9 + $0 / 5)) }
            events.append(makeEvent("long@x", start: utc(2026, 2, 28, 12), minutes: 3 * 24 * 60))
            _ = try store.importDocument(makeDocument("Work", events: events))
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: .gmt)
            let renderer = RenderedEventsTests.CountingRenderer()
            try RenderedEventsTests.expectSame(store, week, renderer)      // renders, keeps, then packs
            let packs = try Self.packs(store, format: renderer.renderer.format)
            let lookback = OccurrencePack.day(utc(2026, 2, 28).timeIntervalSinceReferenceDate) / 7
            #expect(packs[lookback]?.count == 6, "the long event and the five daily ones")

            let calls = renderer.calls
            let answer = try store.renderedEvents(matching: week, renderer: renderer.renderer)
            #expect(renderer.calls == calls, "every event from the packs")
            for occurrence in answer {
                let uid = occurrence.event.uid
                // A slice of a pack starts past the pack's first entry header; bytes of their own at 0.
                if uid == "long@x" {
                    #expect(occurrence.event.bytes.startIndex == 0, "\(uid): copied out of the sparsely used pack")
                } else {
                    #expect(occurrence.event.bytes.startIndex > 0, "\(uid): a slice of the week's pack")
                }
            }
            #expect(answer.contains { $0.event.uid == "long@x" })
            try RenderedEventsTests.expectSame(store, week, renderer)
        }
    }

    @Test func anyChangeToKeptRenderingsEmptiesThePacks() throws {
        try RenderedEventsTests.withTwoConnections { store, other, week in
            let renderer = RenderedEventsTests.CountingRenderer()
            try RenderedEventsTests.expectSame(store, week, renderer)
            try RenderedEventsTests.expectSame(store, week, renderer)
            #expect(try !Self.packs(store, format: renderer.renderer.format).isEmpty)

            // An edit through the other connection: its rendering is dropped, and the packs.
            var weekly = try #require(try other.event(withUID: "weekly@x")).event
            weekly.title = "weekly, renamed"
            try other.save(weekly, in: "Work")
            #expect(try Self.packs(store, format: renderer.renderer.format).isEmpty)
            try RenderedEventsTests.expectSame(store, week, renderer)
            #expect(try store.renderedEvents(matching: week, renderer: renderer.renderer).contains {
                String(decoding: $0.event.bytes, as: UTF8.self).contains("weekly, renamed")
            })
            try RenderedEventsTests.expectSame(store, week, renderer)
            #expect(try !Self.packs(store, format: renderer.renderer.format).isEmpty)

            // A rendering kept for the first time (a new event's, rendered by a June query)
            // changes no pack: March's stay, June's are added.
            let march = try Self.packs(store, format: renderer.renderer.format).keys.sorted()
            try other.save(makeEvent("june@x", start: utc(2026, 6, 3, 10)), in: "Work")
            try RenderedEventsTests.expectSame(store, EventPredicate(startDate: utc(2026, 6, 1), endDate: utc(2026, 6, 8), timeZone: .gmt), renderer)
            let after = try Self.packs(store, format: renderer.renderer.format)
            #expect(march.allSatisfy { after[$0] != nil })
            #expect(after[OccurrencePackTests.day(utc(2026, 6, 1)) / 7] != nil)

            // A kept rendering replaced (`INSERT OR REPLACE`, no delete trigger) empties them.
            try store.withRawConnection { db in
                try db.execute("INSERT OR REPLACE INTO item_renderings SELECT * FROM item_renderings WHERE item_id = (SELECT min(item_id) FROM item_renderings)")
            }
            #expect(try Self.packs(store, format: renderer.renderer.format).isEmpty)
            try RenderedEventsTests.expectSame(store, week, renderer)
        }
    }

    /// Seven weeks four weeks apart: 21 packs made, the 16 newest kept. A year asked for first
    /// keeps every rendering (and packs nothing: too long), so no later query keeps a new
    /// rendering, which would empty the packs.
    @Test func onlyTheNewestPacksAreKept() throws {
        try RenderedEventsTests.withTwoConnections { store, _, _ in
            let renderer = RenderedEventsTests.CountingRenderer()
            try RenderedEventsTests.expectSame(store, EventPredicate(startDate: utc(2026, 1, 1), endDate: utc(2027, 1, 1), timeZone: .gmt), renderer)
            #expect(try Self.packs(store, format: renderer.renderer.format).isEmpty)
            let calls = renderer.calls
            var weeks: [Int64] = []
            for k in 0..<7 {
                let monday = utc(2026, 1, 5).addingTimeInterval(Double(k) * 28 * 86_400)
                try RenderedEventsTests.expectSame(store, EventPredicate(startDate: monday, endDate: monday.addingTimeInterval(7 * 86_400),
                                                                         timeZone: .gmt), renderer)
                let week = OccurrencePackTests.day(monday) / 7
                weeks += [week - 1, week, week + 1]
            }
            #expect(RenderingPack.maxKept == 16)
            #expect(renderer.calls == calls)
            #expect(try Self.packs(store, format: renderer.renderer.format).keys.sorted() == Array(weeks.suffix(16)))
        }
    }

    @Test func aBrokenPackIsLookedUpAroundAndMadeAgain() throws {
        try RenderedEventsTests.withTwoConnections { store, _, week in
            let renderer = RenderedEventsTests.CountingRenderer()
            try RenderedEventsTests.expectSame(store, week, renderer)
            try RenderedEventsTests.expectSame(store, week, renderer)
            let middle = OccurrencePackTests.day(utc(2026, 3, 2)) / 7
            let whole = try #require(try Self.packs(store, format: renderer.renderer.format)[middle])
            try store.withRawConnection { try $0.execute("UPDATE rendering_packs SET entries = substr(entries, 1, 30) WHERE week = \(middle)") }
            #expect(try Self.packs(store, format: renderer.renderer.format)[middle] == nil)
            let calls = renderer.calls
            try RenderedEventsTests.expectSame(store, week, renderer)
            #expect(renderer.calls == calls)
            #expect(try Self.packs(store, format: renderer.renderer.format)[middle]?.sorted() == whole.sorted())
        }
    }
}
