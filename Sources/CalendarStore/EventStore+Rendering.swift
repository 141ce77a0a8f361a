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
    func renderedEvents(matching predicate: EventPredicate, renderer: EventRenderer) throws -> RenderedOccurrences {
        let indexed = usesOccurrenceIndex
        if indexed { prepareOccurrenceIndex(for: predicate) }
        return try withConnection { db in
            try db.mapForReading()
            var fresh: [(itemID: Int64, event: RenderedEvent)] = []
            var version: Int64 = 0
            let result = try db.transaction(.deferred) { () throws -> RenderedOccurrences in
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
                return RenderedOccurrences(Self.sortedOccurrences(try expandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db))
                    .map { cache.rendered($0) })
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
                                            _ db: Connection) throws -> RenderedOccurrences? {
        var rendered: [RenderedEvent?] = []
        guard let (placed, calendarOfItem) = try indexedRows(matching: predicate, calendarIDs: ids, titles: titles, db, items: { itemIDs in
            rendered = try renderedEvents(itemIDs, renderer: renderer, fresh: &fresh, db)
            return rendered.map { event in
                event.map { IndexedItem(uid: $0.uid, isCanceled: $0.isCanceled, keepsWallClock: $0.keepsWallClock) }
            }
        }) else { return nil }
        // Each item's event and each calendar's title once; rows name them by position.
        var events: [RenderedEvent] = []
        events.reserveCapacity(rendered.count)
        var eventOf = [Int](repeating: -1, count: rendered.count)
        for i in rendered.indices {
            // Moved, not copied: no reference counting per event.
            guard let event = rendered[i].take() else { continue }
            eventOf[i] = events.count
            events.append(event)
        }
        var calendarTitles: [String] = []
        var calendarIndex: [Int64: Int] = [:]
        let calendarOf = calendarOfItem.map { id -> Int in
            if let known = calendarIndex[id] { return known }
            calendarIndex[id] = calendarTitles.count
            calendarTitles.append(titles[id] ?? "")
            return calendarTitles.count - 1
        }
        var rows: [RenderedOccurrences.Row] = []
        rows.reserveCapacity(placed.count)
        for p in placed {
            let event = eventOf[p.item]
            guard event >= 0 else { continue }
            rows.append(RenderedOccurrences.Row(event: event, calendar: calendarOf[p.item], startDate: p.start, endDate: p.end,
                                                occurrenceDate: p.row.occurrenceDate, isRecurring: p.row.flags.contains(.recurring),
                                                isDetached: p.row.flags.contains(.detached)))
        }
        let result = RenderedOccurrences(events: events, calendarTitles: calendarTitles, rows: rows)
        let more = try queryTimeExpandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db)
        guard !more.isEmpty else { return result }
        var cache = EventRenderingCache(renderer: renderer)
        return result.merged(with: more.map { cache.rendered($0) })
    }

    /// The events of these `items` rows rendered, in the same order: the kept renderings of
    /// this format, read by one prepared statement, and the others decoded and rendered (and added to
    /// `fresh` when their zone can be kept by identifier); nil for a row that is not an event.
    private func renderedEvents(_ itemIDs: [Int64], renderer: EventRenderer, fresh: inout [(itemID: Int64, event: RenderedEvent)],
                                _ db: Connection) throws -> [RenderedEvent?] {
        var result = [RenderedEvent?](repeating: nil, count: itemIDs.count)
        // The zones met so far by their identifier's bytes (a query meets a handful).
        var zones: [(tzid: [UInt8], zone: TimeZone?, identifier: String)] = []
        // One statement for all the ids (in their order; `key` is the position): no reset
        // between them, and SQLite's cursor on the table stays open.
        let lookup = try db.cachedStatement("""
            SELECT j.key, r.uid, r.is_all_day, r.tzid, r.occurrence_date_is_all_day, r.is_canceled, r.bytes
            FROM json_each(?1) AS j CROSS JOIN item_renderings AS r ON r.item_id = j.value AND r.format = ?2
            """)
        defer { lookup.reset() }
        try lookup.bind([.text(Self.jsonArray(itemIDs)), .text(renderer.format)])
        while try lookup.step() {
            let i = Int(lookup.int64(0))
            guard itemIDs.indices.contains(i) else { continue }
            let bytes = lookup.blob(6)
            guard renderer.accepts(bytes) else { continue }
            var zone: (zone: TimeZone, identifier: String)?
            if !lookup.isNull(3) {
                let known = lookup.withBlob(3) { tzid in
                    if let index = zones.firstIndex(where: { $0.tzid.elementsEqual(tzid) }) { return index }
                    let name = String(decoding: tzid, as: UTF8.self)
                    let made = TimeZone(identifier: name)
                    zones.append((Array(tzid), made, made?.identifier ?? name))
                    return zones.count - 1
                }
                guard let made = zones[known].zone else { continue }
                zone = (made, zones[known].identifier)
            }
            result[i] = RenderedEvent(uid: lookup.text(1) ?? "", isAllDay: lookup.int64(2) != 0, timeZone: zone?.zone,
                                      timeZoneIdentifier: zone?.identifier, occurrenceDateIsAllDay: lookup.int64(4) != 0,
                                      isCanceled: lookup.int64(5) != 0, bytes: bytes)
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

    /// `[1,2,3]`: the ids as a JSON array, digits written as bytes (thousands of ids a query).
    static func jsonArray(_ ids: [Int64]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(ids.count * 8 + 2)
        var digits = [UInt8](repeating: 0, count: 20)
        for (i, id) in ids.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            if id < 0 { bytes.append(UInt8(ascii: "-")) }
            var rest = id.magnitude
            var n = 0
            repeat { digits[n] = UInt8(ascii: "0") + UInt8(rest % 10); rest /= 10; n += 1 } while rest > 0
            while n > 0 { n -= 1; bytes.append(digits[n]) }
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
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
