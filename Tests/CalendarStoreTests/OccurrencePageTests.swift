import CalendarModel
import CalendarStore
import Foundation
import Testing

/// `events(matching:offset:limit:)`: every page is the same slice of the whole sorted list,
/// whether it comes from the occurrence index (decoding only the page's events) or from
/// expansion, and the order within equal starts is RFC-free but fixed: UID, then calendar title.
@Suite("Occurrence pages")
struct OccurrencePageTests {
    /// Every page of every size, from the indexed store, against the expanded store's whole list.
    static func expectPagesAreSlices(_ indexed: EventStore, _ expanded: EventStore, windows: [(Date, Date)], zones: [String],
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (from, to) in windows {
            for name in zones {
                for cancelled in [false, true] {
                    let predicate = EventPredicate(startDate: from, endDate: to, timeZone: try zone(name), includesCancelled: cancelled)
                    let all = try expanded.events(matching: predicate)
                    for limit in [1, 7, 200] {
                        // Every page when there are few; else the first and last twenty.
                        let offsets = Array(stride(from: 0, through: all.count + 1, by: limit))
                        for offset in offsets.count <= 40 ? offsets : Array(offsets.prefix(20) + offsets.suffix(20)) {
                            let page = try indexed.events(matching: predicate, offset: offset, limit: limit)
                            #expect(page.total == all.count, sourceLocation: sourceLocation)
                            #expect(page.occurrences == Array(all.dropFirst(offset).prefix(limit)),
                                    "\(from) ..< \(to) in \(name), cancelled \(cancelled), offset \(offset), limit \(limit)",
                                    sourceLocation: sourceLocation)
                        }
                    }
                }
            }
        }
    }

    @Test("Pages from the index are slices of the expanded list (floating, all-day, cancelled, overrides, a dense series)")
    func pagesAreSlices() throws {
        try OccurrenceIndexTests.withStores { indexed, expanded in
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Work")
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Home")
            // Queries over the index tests' windows mark the dense series to be expanded at query
            // time, so the pages below mix index rows with expanded occurrences.
            for (from, to) in OccurrenceIndexTests.windows {
                _ = try indexed.events(matching: EventPredicate(startDate: from, endDate: to, timeZone: .gmt))
            }
            let windows = [(utc(2026, 3, 2), utc(2026, 3, 9)), (utc(2026, 3, 5, 23), utc(2026, 3, 7, 1)), (utc(2026, 5, 25), utc(2026, 6, 8))]
            try Self.expectPagesAreSlices(indexed, expanded, windows: windows, zones: ["UTC", "Pacific/Kiritimati"])
            // The index answered (its rows were made), and the dense series of each calendar was left
            // to expansion.
            #expect(try OccurrenceIndexTests.count("SELECT count(*) FROM occurrences", indexed) > 0)
            let denseSeries = try OccurrenceIndexTests.count("SELECT count(*) FROM occurrence_series WHERE expands_at_query = 1", indexed)
            #expect(denseSeries == 2)
        }
    }

    @Test("Equal starts go by UID, then calendar title, across the page boundary")
    func tiesAcrossPages() throws {
        try withStore { store in
            let nine = utc(2026, 3, 2, 9)
            _ = try store.importDocument(makeDocument("B", events: [makeEvent("c", start: nine), makeEvent("a", start: nine)]), intoCalendar: "B")
            _ = try store.importDocument(makeDocument("A", events: [makeEvent("b", start: nine), makeEvent("a", start: nine),
                                                                   makeEvent("early", start: utc(2026, 3, 2, 8))]), intoCalendar: "A")
            let predicate = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 3), timeZone: .gmt)
            func page(_ offset: Int, _ limit: Int) throws -> [String] {
                try store.events(matching: predicate, offset: offset, limit: limit).occurrences.map { "\($0.event.uid)/\($0.calendarTitle)" }
            }
            // By start (08:00 first), then UID, then calendar title.
            #expect(try page(0, 2) == ["early/A", "a/A"])
            #expect(try page(2, 2) == ["a/B", "b/A"])
            #expect(try page(4, 2) == ["c/B"])
            #expect(try page(5, 2) == [])
            #expect(try store.events(matching: predicate, offset: 1, limit: 1).total == 5)
        }
    }

    /// A floating event at 02:30 on 2026-03-08, queried in America/New_York, where 02:00 EST
    /// jumps to 03:00 EDT: RFC 5545 §3.3.5 reads the nonexistent time with the offset before
    /// the gap, 07:30Z (03:30 EDT), as python's zoneinfo does. The index and expansion agree.
    @Test("A floating time in the query zone's gap is read with the offset before it")
    func floatingTimeInAGap() throws {
        try OccurrenceIndexTests.withStores { indexed, expanded in
            var event = makeEvent("gap", start: utc(2026, 3, 8, 2, 30), minutes: 90)
            event.timeZone = nil
            event.timeZoneIdentifier = nil
            _ = try indexed.importDocument(makeDocument("Home", events: [event]), intoCalendar: "Home")
            let predicate = EventPredicate(startDate: utc(2026, 3, 7), endDate: utc(2026, 3, 10), timeZone: try zone("America/New_York"))
            for store in [indexed, expanded] {
                let found = try store.events(matching: predicate)
                #expect(found.map(\.startDate) == [utc(2026, 3, 8, 7, 30)])
                // 04:00 local exists: 04:00 EDT, 08:00Z.
                #expect(found.map(\.endDate) == [utc(2026, 3, 8, 8)])
            }
            #expect(try indexed.events(matching: predicate, offset: 0, limit: 5).occurrences.map(\.startDate) == [utc(2026, 3, 8, 7, 30)])
        }
    }
}
