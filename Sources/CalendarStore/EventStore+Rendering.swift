import CalendarModel
import Foundation

// Queries whose events come rendered, read from the store's kept renderings where it has them
// (see ``ItemRenderings``).

public extension EventStore {
    /// ``events(matching:)`` with each occurrence's event given as `renderer`'s bytes: the same
    /// occurrences in the same order.
    ///
    /// On the occurrence index's path, an event the store has rendered before with this
    /// renderer's format is not decoded again: its bytes are read from `item_renderings`.
    /// Events rendered anew are kept there afterwards (in a write transaction of their own;
    /// a read-only or busy file keeps nothing, and nothing is kept when another connection wrote
    /// in between, as the renderings could then belong to an older version of an item).
    func renderedEvents(matching predicate: EventPredicate, renderer: EventRenderer) throws -> [RenderedOccurrence] {
        let indexed = usesOccurrenceIndex
        if indexed { prepareOccurrenceIndex(for: predicate) }
        return try withConnection { db in
            try db.mapForReading()
            var fresh: [(itemID: Int64, event: RenderedEvent)] = []
            var version: Int64 = 0
            let result = try db.transaction(.deferred) { () throws -> [RenderedOccurrence] in
                // Read before anything else, so a commit by another connection after the
                // snapshot was taken changes it by the time the renderings are kept.
                version = try db.scalarInt("PRAGMA data_version") ?? 0
                let ids = try calendarIDs(titled: predicate.calendarTitles, db)
                let titles = Dictionary(uniqueKeysWithValues: try calendarRows(db).map { ($0.id, $0.calendar.title) })
                if indexed, let fromIndex = try indexedRenderedOccurrences(matching: predicate, calendarIDs: ids, titles: titles,
                                                                          renderer: renderer, fresh: &fresh, db) {
                    return fromIndex
                }
                var cache = EventRenderingCache(renderer: renderer)
                return Self.sortedOccurrences(try expandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db))
                    .map { cache.rendered($0) }
            }
            if !fresh.isEmpty {
                beforeKeepingRenderings?()
                keepRenderings(fresh, format: renderer.format, readAt: version, db)
            }
            return result
        }
    }
}

extension EventStore {
    /// The index's rows with their events rendered (kept renderings where there are, else the
    /// event decoded and rendered, and added to `fresh`), plus the series left to expansion;
    /// nil when the index cannot answer.
    private func indexedRenderedOccurrences(matching predicate: EventPredicate, calendarIDs ids: [Int64]?, titles: [Int64: String],
                                            renderer: EventRenderer, fresh: inout [(itemID: Int64, event: RenderedEvent)],
                                            _ db: Connection) throws -> [RenderedOccurrence]? {
        var rendered: [RenderedEvent?] = []
        guard let rows = try indexedRows(matching: predicate, calendarIDs: ids, titles: titles, db, items: { itemIDs in
            rendered = try renderedEvents(itemIDs, renderer: renderer, fresh: &fresh, db)
            return rendered.map { event in
                event.map { IndexedItem(uid: $0.uid, isCanceled: $0.isCanceled, keepsWallClock: $0.keepsWallClock) }
            }
        }) else { return nil }
        var result: [RenderedOccurrence] = []
        result.reserveCapacity(rows.count)
        var calendar: (id: Int64, title: String)?
        for placed in rows {
            guard let event = rendered[placed.item] else { continue }
            if calendar?.id != placed.calendarID { calendar = (placed.calendarID, titles[placed.calendarID] ?? "") }
            result.append(RenderedOccurrence(event: event, calendarTitle: calendar?.title ?? "", startDate: placed.start,
                                             endDate: placed.end, occurrenceDate: placed.row.occurrenceDate,
                                             isRecurring: placed.row.flags.contains(.recurring),
                                             isDetached: placed.row.flags.contains(.detached)))
        }
        let more = try queryTimeExpandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db)
        guard !more.isEmpty else { return result }
        var cache = EventRenderingCache(renderer: renderer)
        let all = result + more.map { cache.rendered($0) }
        return OccurrenceOrder.permutation(all.map(OccurrenceOrder.init)).map { all[$0] }
    }

    /// The events of these `items` rows rendered, in the same order: the kept renderings of
    /// this format, read by one prepared statement, and the others decoded and rendered (and added to
    /// `fresh` when their zone can be kept by identifier); nil for a row that is not an event.
    private func renderedEvents(_ itemIDs: [Int64], renderer: EventRenderer, fresh: inout [(itemID: Int64, event: RenderedEvent)],
                                _ db: Connection) throws -> [RenderedEvent?] {
        var result = [RenderedEvent?](repeating: nil, count: itemIDs.count)
        var zones: [String: TimeZone?] = [:]
        let lookup = try db.cachedStatement("""
            SELECT uid, is_all_day, tzid, occurrence_date_is_all_day, is_canceled, bytes FROM item_renderings
            WHERE item_id = ?1 AND format = ?2
            """)
        defer { lookup.reset() }
        try lookup.bind([.integer(0), .text(renderer.format)])
        for (i, id) in itemIDs.enumerated() {
            try lookup.rebind(id, at: 1)
            guard try lookup.step() else { continue }
            let bytes = lookup.blob(5)
            guard renderer.accepts(bytes) else { continue }
            var zone: TimeZone?
            if let tzid = lookup.text(2) {
                if let known = zones[tzid] { zone = known } else { zone = TimeZone(identifier: tzid); zones[tzid] = zone }
                guard zone != nil else { continue }
            }
            result[i] = RenderedEvent(uid: lookup.text(0) ?? "", isAllDay: lookup.int64(1) != 0, timeZone: zone,
                                      occurrenceDateIsAllDay: lookup.int64(3) != 0, isCanceled: lookup.int64(4) != 0, bytes: bytes)
        }
        for (i, id) in itemIDs.enumerated() where result[i] == nil {
            guard let event = try storedEvent(id: id, db) else { continue }
            let made = RenderedEvent(event, renderer: renderer)
            // A zone that its identifier does not give back (a fixed offset made for a custom
            // VTIMEZONE, say) is rendered again by each query instead.
            if made.timeZone.map({ TimeZone(identifier: $0.identifier) == $0 }) ?? true { fresh.append((id, made)) }
            result[i] = made
        }
        return result
    }

    /// Keeps renderings made by a query that read the store at `version` (`PRAGMA
    /// data_version`), unless another connection has written since. A store another
    /// connection is writing is not waited for; failing to write (a read-only file, a busy
    /// store) keeps nothing, which only costs later queries time.
    private func keepRenderings(_ fresh: [(itemID: Int64, event: RenderedEvent)], format: String, readAt version: Int64, _ db: Connection) {
        _ = try? db.withBusyTimeout(milliseconds: 0) {
            try db.transaction(.immediate) {
                guard try db.scalarInt("PRAGMA data_version") == version else { return }
                for (id, event) in fresh {
                    try db.run("""
                        INSERT OR REPLACE INTO item_renderings
                            (item_id, format, uid, is_all_day, tzid, occurrence_date_is_all_day, is_canceled, bytes)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, [.integer(id), .text(format), .text(event.uid), SQLValue(event.isAllDay), SQLValue(event.timeZone?.identifier),
                              SQLValue(event.occurrenceDateIsAllDay), SQLValue(event.isCanceled), .blob(event.bytes)])
                }
            }
        }
    }
}
