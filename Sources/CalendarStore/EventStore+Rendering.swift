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
            var unpackedWeeks: [Int64] = []
            var version: Int64 = 0
            let result = try db.transaction(.deferred) { () throws -> RenderedOccurrences in
                // Read before anything else, so a commit by another connection after the
                // snapshot was taken changes it by the time the renderings are kept.
                version = try db.scalarInt("PRAGMA data_version") ?? 0
                let ids = try calendarIDs(titled: predicate.calendarTitles, db)
                let titles = Dictionary(uniqueKeysWithValues: try calendarRows(db).map { ($0.id, $0.calendar.title) })
                if indexed, let fromIndex = try indexedRenderedOccurrences(matching: predicate, calendarIDs: ids, titles: titles,
                                                                          renderer: renderer, fresh: &fresh,
                                                                          unpackedWeeks: &unpackedWeeks, db) {
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
            if !unpackedWeeks.isEmpty { packRenderings(unpackedWeeks, format: renderer.format, readAt: version, db) }
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
                                            unpackedWeeks: inout [Int64], _ db: Connection) throws -> RenderedOccurrences? {
        var rendered: [RenderedEvent?] = []
        let weeks = packedDays(predicate).map { RenderingPack.week(ofDay: $0.lowerBound)...RenderingPack.week(ofDay: $0.upperBound) }
        let startWeek = RenderingPack.week(ofDay: OccurrencePack.day(predicate.startDate.timeIntervalSinceReferenceDate))
        guard let (placed, calendarOfItem) = try indexedRows(matching: predicate, calendarIDs: ids, titles: titles, db, items: { itemIDs in
            rendered = try renderedEvents(itemIDs, renderer: renderer, weeks: weeks, startWeek: startWeek, fresh: &fresh,
                                          unpackedWeeks: &unpackedWeeks, db)
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
    /// this format, from the packs of `weeks` (``RenderingPack``) where they hold them, else read
    /// by one prepared statement, and the others decoded and rendered (and added to `fresh` when
    /// their zone can be kept by identifier); nil for a row that is not an event. Weeks without
    /// a pack are added to `unpackedWeeks`.
    ///
    /// The packs are read from `startWeek` on, then the earlier ones: most events have an
    /// occurrence in the window's own weeks, and a week read earlier (the few days before the
    /// window read for long events) gives only what those leave. An event's bytes are a slice of
    /// its pack, read whole into one array, when the pack gives a quarter of its bytes or more;
    /// else they are copied, and the pack's array is let go (a week of the 100k feed reads
    /// three packs of 3.3 MB; two of them give a few events).
    private func renderedEvents(_ itemIDs: [Int64], renderer: EventRenderer, weeks: ClosedRange<Int64>?, startWeek: Int64,
                                fresh: inout [(itemID: Int64, event: RenderedEvent)], unpackedWeeks: inout [Int64],
                                _ db: Connection) throws -> [RenderedEvent?] {
        var result = [RenderedEvent?](repeating: nil, count: itemIDs.count)
        var maker = KeptRenderingMaker(renderer: renderer)
        if let weeks {
            var positions = SlotTable(expected: itemIDs.count)
            for id in itemIDs { _ = positions.slot(id) }
            var packs: [(week: Int64, rowID: Int64)] = []
            try db.forEachRow("SELECT week, rowid FROM rendering_packs WHERE format = ? AND week BETWEEN ? AND ?",
                              [.text(renderer.format), .integer(weeks.lowerBound), .integer(weeks.upperBound)]) { row in
                packs.append((row.int64(0), row.int64(1)))
            }
            packs.sort { ($0.week < startWeek ? 1 : 0, $0.week) < ($1.week < startWeek ? 1 : 0, $1.week) }
            var packed = Set<Int64>()
            for pack in packs {
                // A pack that cannot be read as a blob (another program wrote something else
                // there) is passed over like a damaged one: its events are looked up, the week
                // packed anew.
                guard let entries = try? db.readBlob(table: "rendering_packs", column: "entries", rowID: pack.rowID) else { continue }
                var given: [Int] = []
                var givenBytes = 0
                let whole = entries.withUnsafeBytes { blob in
                    RenderingPack.decode(blob) { entry in
                        guard let i = positions.position(of: entry.itemID), result[i] == nil else { return }
                        result[i] = maker.make(uid: entry.uid, isAllDay: entry.isAllDay, tzid: entry.tzid,
                                               occurrenceDateIsAllDay: entry.occurrenceDateIsAllDay, isCanceled: entry.isCanceled,
                                               bytes: entries[entry.bytesOffset ..< entry.bytesOffset + entry.bytes.count])
                        if result[i] != nil {
                            given.append(i)
                            givenBytes += entry.bytes.count
                        }
                    }
                }
                if givenBytes < entries.count / 4 {
                    for i in given { result[i] = result[i]?.withOwnBytes() }
                }
                if whole { packed.insert(pack.week) }
            }
            unpackedWeeks += weeks.filter { !packed.contains($0) }
        }
        // One statement for the ids the packs did not give (`key` is the position in that
        // list): no reset between them, and SQLite's cursor on the table stays open.
        let wanted = itemIDs.indices.filter { result[$0] == nil }
        if !wanted.isEmpty {
            let lookup = try db.cachedStatement("""
                SELECT j.key, r.uid, r.is_all_day, r.tzid, r.occurrence_date_is_all_day, r.is_canceled, r.bytes
                FROM json_each(?1) AS j CROSS JOIN item_renderings AS r ON r.item_id = j.value AND r.format = ?2
                """)
            defer { lookup.reset() }
            try lookup.bind([.text(Self.jsonArray(wanted.map { itemIDs[$0] })), .text(renderer.format)])
            while try lookup.step() {
                let key = Int(lookup.int64(0))
                guard wanted.indices.contains(key) else { continue }
                result[wanted[key]] = lookup.withBlob(1) { uid in
                    lookup.withBlob(6) { bytes in
                        lookup.withBlob(3) { tzid in
                            maker.make(uid: uid, isAllDay: lookup.int64(2) != 0, tzid: lookup.isNull(3) ? nil : tzid,
                                       occurrenceDateIsAllDay: lookup.int64(4) != 0, isCanceled: lookup.int64(5) != 0,
                                       bytes: Array(bytes)[...])
                        }
                    }
                }
            }
        }
        for (i, id) in itemIDs.enumerated() where result[i] == nil {
            guard let event = try storedEvent(id: id, db) else { continue }
            let made = RenderedEvent(event, renderer: renderer)
            // A zone that its identifier does not give back, or a VTIMEZONE's own offsets
            // (``Event/definedTimeZone``), is rendered again by each query instead.
            if made.definedTimeZone == nil, made.timeZone.map({ TimeZone(identifier: $0.identifier) == $0 }) ?? true {
                fresh.append((id, made))
            }
            result[i] = made
        }
        return result
    }

    /// Packs the kept renderings of the events with occurrences starting in each of `weeks`
    /// (``RenderingPack``), for a query that read the store at `version`, unless another
    /// connection has written since; not waiting for a busy store (failing only costs later
    /// queries time). An event without a kept rendering is left out (looked up when asked).
    private func packRenderings(_ weeks: [Int64], format: String, readAt version: Int64, _ db: Connection) {
        _ = try? db.withBusyTimeout(milliseconds: 0) {
            try db.transaction(.immediate) {
                guard try db.scalarInt("PRAGMA data_version") == version else { return }
                let weekSeconds = Double(RenderingPack.daysPerWeek) * OccurrencePack.daySeconds
                for week in weeks {
                    var ids: [Int64] = []
                    try db.forEachRow("SELECT DISTINCT item_id FROM occurrences WHERE start_time >= ? AND start_time < ?",
                                      [.real(Double(week) * weekSeconds), .real(Double(week + 1) * weekSeconds)]) { ids.append($0.int64(0)) }
                    var entries: [UInt8] = []
                    try db.forEachRow("""
                        SELECT r.item_id, r.uid, r.is_all_day, r.tzid, r.occurrence_date_is_all_day, r.is_canceled, r.bytes
                        FROM json_each(?1) AS j CROSS JOIN item_renderings AS r ON r.item_id = j.value AND r.format = ?2
                        """, [.text(Self.jsonArray(ids)), .text(format)]) { row in
                        row.withBlob(1) { uid in
                            row.withBlob(6) { bytes in
                                row.withBlob(3) { tzid in
                                    RenderingPack.append(itemID: row.int64(0), uid: uid, isAllDay: row.int64(2) != 0,
                                                         tzid: row.isNull(3) ? nil : tzid, occurrenceDateIsAllDay: row.int64(4) != 0,
                                                         isCanceled: row.int64(5) != 0, bytes: bytes, to: &entries)
                                }
                            }
                        }
                    }
                    try db.run("INSERT OR REPLACE INTO rendering_packs (week, format, entries) VALUES (?, ?, ?)",
                               [.integer(week), .text(format), .blob(entries)])
                }
                // The newest packs have the highest rowids (a replaced row gets a new one).
                try db.run("DELETE FROM rendering_packs WHERE rowid NOT IN (SELECT rowid FROM rendering_packs ORDER BY rowid DESC LIMIT ?)",
                           [.integer(Int64(RenderingPack.maxKept))])
            }
        }
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
                              SQLValue(event.occurrenceDateIsAllDay), SQLValue(event.isCanceled), .blob(Array(event.bytes))])
                }
            }
        }
    }
}
