import CalendarModel
import CalendarStore
import CalendarTestSupport
import Foundation
import Testing

/// `renderedEvents(matching:renderer:)` against `events(matching:)`: the same occurrences in
/// the same order, each event's bytes what the renderer makes of it, whether the bytes were
/// rendered by the query or kept by the store from an earlier one, and after every write.
@Suite("Rendered events and kept renderings")
struct RenderedEventsTests {
    /// Counts its calls; renders what a JSON renderer depends on (title, status, location,
    /// alarms, attendees) plus a tag naming the renderer.
    final class CountingRenderer: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        let tag: String

        init(tag: String = "A") { self.tag = tag }

        var calls: Int { lock.withLock { count } }

        func render(_ e: Event) -> [UInt8] {
            lock.withLock { count += 1 }
            return Array("\(tag)|\(e.uid)|\(e.title)|\(e.status.rawValue)|\(e.location ?? "-")|\(e.alarms.count)|\(e.attendees.count)".utf8)
        }

        var renderer: EventRenderer { EventRenderer(format: "test-\(tag)/1") { self.render($0) } }
    }

    /// Series whose every event can be kept: zones of the tz database, floating, all-day, an
    /// override, a cancelled instance.
    static let keepableFeed = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//icalkit tests//EN
        BEGIN:VEVENT
        UID:weekly@x
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Europe/Berlin:20250106T090000
        DTEND;TZID=Europe/Berlin:20250106T100000
        RRULE:FREQ=WEEKLY;BYDAY=MO,TH
        SUMMARY:weekly
        END:VEVENT
        BEGIN:VEVENT
        UID:weekly@x
        RECURRENCE-ID;TZID=Europe/Berlin:20260305T090000
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Europe/Berlin:20260306T120000
        DTEND;TZID=Europe/Berlin:20260306T130000
        SUMMARY:moved a day
        END:VEVENT
        BEGIN:VEVENT
        UID:weekly@x
        RECURRENCE-ID;TZID=Europe/Berlin:20260316T090000
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Europe/Berlin:20260316T090000
        DTEND;TZID=Europe/Berlin:20260316T100000
        STATUS:CANCELLED
        SUMMARY:cancelled one
        END:VEVENT
        BEGIN:VEVENT
        UID:floating@x
        DTSTAMP:20250101T000000Z
        DTSTART:20240101T233000
        DTEND:20240102T003000
        RRULE:FREQ=DAILY;INTERVAL=3
        SUMMARY:floating
        END:VEVENT
        BEGIN:VEVENT
        UID:allday@x
        DTSTAMP:20250101T000000Z
        DTSTART;VALUE=DATE:20260101
        DTEND;VALUE=DATE:20260102
        RRULE:FREQ=WEEKLY
        SUMMARY:all day
        END:VEVENT
        BEGIN:VEVENT
        UID:la@x
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=America/Los_Angeles:20260301T170000
        DURATION:PT2H
        RRULE:FREQ=MONTHLY;COUNT=20
        SUMMARY:monthly in LA
        END:VEVENT
        END:VCALENDAR
        """

    /// Every occurrence of `rendered` is the one of `events(matching:)` at its position, with
    /// the renderer's bytes of that occurrence's event.
    static func expectSame(_ store: EventStore, _ predicate: EventPredicate, _ renderer: CountingRenderer,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let plain = try store.events(matching: predicate)
        let rendered = try store.renderedEvents(matching: predicate, renderer: renderer.renderer)
        #expect(rendered.count == plain.count, sourceLocation: sourceLocation)
        for (r, o) in zip(rendered, plain) {
            let same = r.event.uid == o.event.uid && r.calendarTitle == o.calendarTitle && r.startDate == o.startDate
                && r.endDate == o.endDate && r.occurrenceDate == o.occurrenceDate && r.isRecurring == o.isRecurring
                && r.isDetached == o.isDetached && r.event.isAllDay == o.event.isAllDay && r.event.timeZone == o.event.timeZone
                && r.event.occurrenceDateIsAllDay == o.event.occurrenceDateIsAllDay
                && r.event.isCanceled == (o.event.status == .canceled)
                && Array(r.event.bytes) == Array("\(renderer.tag)|\(o.event.uid)|\(o.event.title)|\(o.event.status.rawValue)|\(o.event.location ?? "-")|\(o.event.alarms.count)|\(o.event.attendees.count)".utf8)
            #expect(same, "\(o.event.uid) at \(o.startDate): \(String(decoding: r.event.bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    static func kept(_ store: EventStore) throws -> Int64 { try OccurrenceIndexTests.count("SELECT count(*) FROM item_renderings", store) }

    /// Two stores (connections) on one file holding ``keepableFeed``, and the week of 2026-03-02 in UTC.
    static func withTwoConnections(_ body: (EventStore, EventStore, EventPredicate) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try EventStore(path: path)
            let other = try EventStore(path: path)
            defer { try? store.close(); try? other.close() }
            _ = try store.importDocument(try OccurrenceIndexTests.document(keepableFeed), intoCalendar: "Work")
            try body(store, other, EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: .gmt))
        }
    }

    @Test("Same occurrences as events(matching:), rendered fresh and then from kept renderings, in every zone")
    func sameAsEvents() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            _ = try store.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Work")
            _ = try store.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Home")
            let renderer = CountingRenderer()
            for pass in 0..<2 {
                for (from, to) in OccurrenceIndexTests.windows {
                    for name in OccurrenceIndexTests.zones {
                        for cancelled in [false, true] {
                            try Self.expectSame(store, EventPredicate(startDate: from, endDate: to, timeZone: try zone(name), includesCancelled: cancelled), renderer)
                        }
                    }
                }
                if pass == 0 { #expect(try Self.kept(store) > 10) }
            }
            // One calendar only.
            try Self.expectSame(store, EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), calendarTitles: ["Home"],
                                                     timeZone: try zone("Europe/Berlin")), renderer)
        }
    }

    @Test("A second query reads the kept renderings instead of rendering again; another format renders anew")
    func keptRenderingsAreUsed() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            _ = try store.importDocument(try OccurrenceIndexTests.document(Self.keepableFeed), intoCalendar: "Work")
            let year = EventPredicate(startDate: utc(2026, 1, 1), endDate: utc(2027, 1, 1), timeZone: try zone("Asia/Tokyo"),
                                      includesCancelled: true)
            let first = CountingRenderer()
            try Self.expectSame(store, year, first)
            // One rendering per stored event: four masters and two overrides.
            #expect(first.calls == 6)
            #expect(try Self.kept(store) == 6)

            let second = CountingRenderer()
            try Self.expectSame(store, year, second)
            try Self.expectSame(store, EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: .gmt), second)
            #expect(second.calls == 0)

            // A renderer of another format is not handed the first one's bytes (expectSame checks the tag).
            let other = CountingRenderer(tag: "B")
            try Self.expectSame(store, year, other)
            #expect(other.calls == 6)
        }
    }

    @Test("Every write drops the kept renderings of what it touched")
    func writesDropKeptRenderings() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            _ = try store.importDocument(try OccurrenceIndexTests.document(Self.keepableFeed), intoCalendar: "Work")
            let renderer = CountingRenderer()
            let windows = [EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: try zone("Europe/Berlin"), includesCancelled: true),
                           EventPredicate(startDate: utc(2026, 1, 1), endDate: utc(2027, 1, 1), timeZone: .gmt)]
            func check(_ sourceLocation: SourceLocation = #_sourceLocation) throws {
                for predicate in windows { try Self.expectSame(store, predicate, renderer, sourceLocation: sourceLocation) }
            }
            try check()

            // Edit a master in place, an override, and add a new event.
            var weekly = try #require(try store.event(withUID: "weekly@x")).event
            weekly.title = "weekly, renamed"
            weekly.location = "Room 2"
            try store.save(weekly, in: "Work")
            try check()
            var moved = try #require(try store.events(matching: windows[0]).first { $0.isDetached }).event
            moved.title = "moved, renamed"
            try store.save(moved, in: "Work")
            try check()
            try store.save(makeEvent("new@x", start: utc(2026, 3, 4, 12)), in: "Work")
            try check()

            // A newer version by re-import, a removed series, and a whole calendar removed.
            let newer = Self.keepableFeed.replacingOccurrences(of: "SUMMARY:monthly in LA", with: "SEQUENCE:2\nSUMMARY:monthly, newer")
            _ = try store.importDocument(try OccurrenceIndexTests.document(newer), intoCalendar: "Work")
            try check()
            #expect(try store.renderedEvents(matching: windows[1], renderer: renderer.renderer).contains { $0.event.uid == "la@x" })
            try store.removeItem(uid: "floating@x", in: "Work")
            try check()
            try store.removeCalendar(titled: "Work")
            try check()
            #expect(try Self.kept(store) == 0)
        }
    }

    @Test("Renderings made while another connection wrote are not kept")
    func concurrentWriteKeepsNothing() throws {
        try Self.withTwoConnections { store, other, week in
            // Between the query's read and its keeping, the other connection renames the series.
            store.beforeKeepingRenderings = {
                guard var weekly = try? other.event(withUID: "weekly@x")?.event, weekly.title == "weekly" else { return }
                weekly.title = "renamed elsewhere"
                try? other.save(weekly, in: "Work")
            }
            let renderer = CountingRenderer()
            let answer = try store.renderedEvents(matching: week, renderer: renderer.renderer)
            #expect(answer.contains { Array($0.event.bytes) == Array("A|weekly@x|weekly|none|-|0|0".utf8) })
            #expect(try Self.kept(store) == 0)
            store.beforeKeepingRenderings = nil
            // The next query sees the rename (a kept rendering of the old version would not).
            try Self.expectSame(store, week, renderer)
            #expect(try store.renderedEvents(matching: week, renderer: renderer.renderer).contains {
                Array($0.event.bytes) == Array("A|weekly@x|renamed elsewhere|none|-|0|0".utf8)
            })
            #expect(try Self.kept(store) > 0)
        }
    }

    @Test("A store another connection is writing: the query answers at once and keeps nothing")
    func busyStoreIsNotWaitedFor() throws {
        try Self.withTwoConnections { store, other, week in
            _ = try store.events(matching: week)      // the index covers the week
            // The other connection holds the write lock while the query keeps its renderings.
            try other.withRawConnection { try $0.execute("BEGIN IMMEDIATE") }
            let started = Date()
            let renderer = CountingRenderer()
            try Self.expectSame(store, week, renderer)
            #expect(Date().timeIntervalSince(started) < 2, "the 5 s busy timeout was waited for")
            #expect(renderer.calls > 0)
            try other.withRawConnection { try $0.execute("ROLLBACK") }
            #expect(try Self.kept(store) == 0)
        }
    }

    @Test("A store that cannot be written still answers, and keeps nothing")
    func readOnlyKeepsNothing() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            _ = try store.importDocument(try OccurrenceIndexTests.document(Self.keepableFeed), intoCalendar: "Work")
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: try zone("Europe/Berlin"))
            let renderer = CountingRenderer()
            try Self.expectSame(store, week, renderer)      // fills the index and keeps renderings
            try store.withRawConnection { try $0.execute("DELETE FROM item_renderings; PRAGMA query_only = ON") }
            try Self.expectSame(store, week, renderer)      // index read, renderings made, not kept
            #expect(try Self.kept(store) == 0)
            try Self.expectSame(store, EventPredicate(startDate: utc(2026, 5, 1), endDate: utc(2026, 9, 1), timeZone: .gmt), renderer)
        }
    }
}

@Suite("Name ranks")
struct NameRankTests {
    /// Ranks agree with `String`'s own order (the oracle): equal names share a rank, ranks
    /// count the distinct names before. Mixed ASCII and non-ASCII, prefixes, the empty string,
    /// and composed vs decomposed "é" (equal as `String`s, different bytes).
    @Test func ranksFollowStringOrder() {
        let names = ["bench-1-0000010@x", "bench-1-0000002@x", "bench-1-0000010@x", "", "b", "ba", "Zürich", "Zurich",
                     "caf\u{E9}", "cafe\u{301}", "café!", "zz", "Ω", "A", "a", "bench-1-0000002@x"]
        let distinct = Array(Set(names)).sorted()
        // Set dedups by String equality, so composed and decomposed "é" are one entry.
        let expected = names.map { name in distinct.firstIndex(of: name) ?? -1 }
        #expect(nameRanks(names) == expected)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50 {
            // No decomposed forms here: Swift's `<` between a decomposed string and a longer
            // composed one is not consistent with its `==` ("e\u{301}" < "é1" is false while
            // "é" < "é1" is true), so no order of such names is well defined.
            let alphabet = ["a", "b", "-", "0", "1", "é", "Ω", "Z"]
            let random = (0..<40).map { _ in
                (0..<Int(generator.next() % 5)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            }
            let sortedDistinct = Array(Set(random)).sorted()
            #expect(nameRanks(random) == random.map { sortedDistinct.firstIndex(of: $0) ?? -1 })
        }
        // ASCII names sharing a long prefix (as Outlook's UIDs do), differing within and past the
        // eight bytes after it, some of them prefixes of others, with NUL bytes and non-ASCII
        // names among them.
        let prefix = "040000008200E00074C5B7101A82E008"
        for _ in 0..<50 {
            let alphabet = ["0", "1", "A", "\u{0}", "z"]
            var random = (0..<40).map { _ in
                prefix + (0..<Int(generator.next() % 14)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            }
            random += ["Ωmega", prefix + "é", "", prefix]
            let sortedDistinct = Array(Set(random)).sorted()
            #expect(nameRanks(random) == random.map { sortedDistinct.firstIndex(of: $0) ?? -1 })
        }
        // All ASCII (the names sorted by their keys): many share the eight bytes after the
        // common prefix and differ only past them, in either order of position.
        for _ in 0..<50 {
            let alphabet = ["0", "1", "A", "z"]
            let random = (0..<60).map { _ in
                prefix + "KEYBYTES" + (0..<Int(generator.next() % 4)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            } + [prefix + "KEYBYTEA", prefix + "KEYBYTEZ", prefix]
            let sortedDistinct = Array(Set(random)).sorted()
            #expect(nameRanks(random) == random.map { sortedDistinct.firstIndex(of: $0) ?? -1 })
        }
    }
}
