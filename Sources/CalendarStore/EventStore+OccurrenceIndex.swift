import CalendarModel
import Foundation
import ICalConversion

// The occurrence index (see ``OccurrenceIndex``): bringing it up to date, and reading a window
// from it. Callers of the `db` functions hold the lock.

extension EventStore {
    /// Queries read the index only with the store's own expander at its default limits: the
    /// rows are that expander's output. Another expander, or other limits, expands per query.
    var usesOccurrenceIndex: Bool {
        (expander as? RecurringEventExpander)?.limits == .default
    }

    /// The buckets a query window needs: the window widened by ``ItemRow/floatingSlack`` (floating
    /// and all-day rows are stored as wall clock read as UTC).
    private func neededBuckets(_ predicate: EventPredicate) -> ClosedRange<Int64> {
        let first = OccurrenceIndex.bucket(predicate.startDate.timeIntervalSinceReferenceDate - ItemRow.floatingSlack)
        let last = OccurrenceIndex.bucket(predicate.endDate.timeIntervalSinceReferenceDate + ItemRow.floatingSlack)
        return first...max(first, last)
    }

    /// The index answers for these buckets: nothing stale, every bucket covered.
    private func isIndexReady(_ buckets: ClosedRange<Int64>, _ db: Connection) throws -> Bool {
        guard try db.scalarInt("SELECT 1 FROM occurrence_stale LIMIT 1") == nil else { return false }
        let covered = try db.scalarInt("SELECT count(*) FROM occurrence_buckets WHERE bucket BETWEEN ? AND ?",
                                       [.integer(buckets.lowerBound), .integer(buckets.upperBound)]) ?? 0
        return covered == Int64(buckets.count)
    }

    /// Re-expands stale series and materializes the buckets the predicate needs, in one write
    /// transaction, which drops the packs (``OccurrencePack``) of the days it adds rows to (all
    /// of them when it deletes rows: a series redone, or left to expansion); then packs the
    /// days a short window reads. Does nothing when the index is ready already (and the days packed) or
    /// the window would need more than ``OccurrenceIndex/maxNewBuckets`` new buckets. Failing
    /// to write (a read-only file, a busy store, an expansion error) leaves the index as it
    /// was: the query then expands, or walks the index instead of reading packs.
    func prepareOccurrenceIndex(for predicate: EventPredicate) {
        let needed = neededBuckets(predicate)
        let days = packedDays(predicate)
        _ = try? withConnection { db in
            if try !isIndexReady(needed, db) {
                // The rows go into several indexes in no common order: with SQLite's default
                // cache (2,000 KiB) their pages left and came back. A larger one for the fill
                // only: the first one-year query of the 100k store took 8.9-9.2 -> 6.6 s.
                let cache = try db.scalarInt("PRAGMA cache_size") ?? -Int64(Self.defaultCacheKiB)
                try db.execute("PRAGMA cache_size = -\(Self.indexFillCacheKiB)")
                defer { try? db.execute("PRAGMA cache_size = \(cache)") }
                try db.transaction(.immediate) {
                    var touched = Set<Int64>()
                    try refreshStaleSeries(&touched, db)
                    try cover(needed, &touched, db)
                    if !touched.isEmpty {
                        try db.run("DELETE FROM occurrence_packs WHERE day IN (SELECT value FROM json_each(?))",
                                   [.text(Self.jsonArray(Array(touched)))])
                    }
                }
            }
            if let days { try packDays(days, needed: needed, db) }
        }
    }

    /// The page cache while the occurrence index is filled, in KiB (32 MiB gave 5.4 s on the
    /// same query: little more).
    static let indexFillCacheKiB = 16 << 10

    /// The days of packs a query reads (see ``indexedRows(matching:calendarIDs:titles:_:items:)``),
    /// or nil when its window is too long for packs.
    func packedDays(_ predicate: EventPredicate) -> ClosedRange<Int64>? {
        let window = indexWindow(predicate)
        return OccurrencePack.days(from: window.from - OccurrenceIndex.longSeconds, to: window.to)
    }

    /// The stored times a query reads rows between: its window widened by the slack of floating
    /// and all-day rows (``ItemRow/floatingSlack``).
    private func indexWindow(_ predicate: EventPredicate) -> (from: Double, to: Double) {
        (predicate.startDate.timeIntervalSinceReferenceDate - ItemRow.floatingSlack,
         predicate.endDate.timeIntervalSinceReferenceDate + ItemRow.floatingSlack)
    }

    /// Packs the days of `days` that have no pack, when the index is ready for `needed`, in a
    /// write transaction of its own that does not wait for a busy store.
    func packDays(_ days: ClosedRange<Int64>, needed: ClosedRange<Int64>, _ db: Connection) throws {
        func missing() throws -> [Int64] {
            var packed = Set<Int64>()
            // An unreadable pack (not a whole number of rows) counts as missing: made again.
            try db.forEachRow("SELECT day FROM occurrence_packs WHERE day BETWEEN ? AND ? AND length(rows) % \(OccurrencePack.rowSize) = 0",
                              [.integer(days.lowerBound), .integer(days.upperBound)]) { packed.insert($0.int64(0)) }
            return days.filter { !packed.contains($0) }
        }
        guard try !missing().isEmpty else { return }
        try db.withBusyTimeout(milliseconds: 0) {
            try db.transaction(.immediate) {
                guard try isIndexReady(needed, db) else { return }
                let wanted = try missing()
                guard let first = wanted.first, let last = wanted.last else { return }
                var rows: [Int64: [OccurrencePack.Row]] = [:]
                try db.forEachRow("""
                    SELECT calendar_id, item_id, start_time, end_time, occurrence_date, flags FROM occurrences
                    WHERE start_time >= ?1 AND start_time < ?2
                    ORDER BY start_time, end_time, calendar_id, item_id, occurrence_date, flags
                    """, [.real(Double(first) * OccurrencePack.daySeconds), .real(Double(last + 1) * OccurrencePack.daySeconds)]) { row in
                    let start = row.double(2)
                    rows[OccurrencePack.day(start), default: []].append(
                        OccurrencePack.Row(calendarID: row.int64(0), itemID: row.int64(1), start: start, end: row.double(3),
                                           occurrenceDate: row.optionalDouble(4), flags: row.int64(5)))
                }
                for day in wanted {
                    try db.run("INSERT OR REPLACE INTO occurrence_packs (day, rows) VALUES (?, ?)",
                               [.integer(day), .blob(OccurrencePack.encode(rows[day] ?? []))])
                }
            }
        }
    }

    /// Every covered bucket, sorted.
    private func coveredBuckets(_ db: Connection) throws -> [Int64] {
        var buckets: [Int64] = []
        try db.forEachRow("SELECT bucket FROM occurrence_buckets ORDER BY bucket") { buckets.append($0.int64(0)) }
        return buckets
    }

    /// Series written since their rows were made get their rows again, over every covered
    /// bucket; `touched` gets the days of the rows added.
    private func refreshStaleSeries(_ touched: inout Set<Int64>, _ db: Connection) throws {
        var stale: [GroupKey] = []
        try db.forEachRow("SELECT calendar_id, uid FROM occurrence_stale") { stale.append(GroupKey(calendarID: $0.int64(0), uid: $0.text(1) ?? "")) }
        guard !stale.isEmpty else { return }
        if stale.count > OccurrenceIndex.maxStaleSeries {
            // Cheaper to start over: the query materializes only the buckets it needs.
            try db.execute("""
                DELETE FROM occurrences; DELETE FROM occurrence_series; DELETE FROM occurrence_buckets; DELETE FROM occurrence_stale;
                DELETE FROM occurrence_packs;
                """)
            return
        }
        let runs = OccurrenceIndex.runs(try coveredBuckets(db))
        var zoneCache: [Int64: [TimeZoneDefinition]] = [:]
        var jobs: [MaterializationJob] = []
        for key in stale {
            try db.run("DELETE FROM occurrence_series WHERE calendar_id = ? AND uid = ?", [.integer(key.calendarID), .text(key.uid)])
            guard let group = try wholeGroup(key, db) else { continue }
            jobs.append(MaterializationJob(key: key, group: group, zones: try timeZones(calendarID: key.calendarID, cache: &zoneCache, db)))
        }
        for (job, rows) in zip(jobs, materialized(jobs, runs: runs, covered: [])) { try store(rows, for: job.key, &touched, db) }
        try db.run("DELETE FROM occurrence_stale")
    }

    /// Materializes the buckets of `needed` that are not covered yet (at most
    /// ``OccurrenceIndex/maxNewBuckets``), run by run, for every group that can reach them;
    /// `touched` gets the days of the rows added.
    private func cover(_ needed: ClosedRange<Int64>, _ touched: inout Set<Int64>, _ db: Connection) throws {
        var covered = Set(try coveredBuckets(db))
        let missing = needed.filter { !covered.contains($0) }
        guard !missing.isEmpty, missing.count <= OccurrenceIndex.maxNewBuckets else { return }
        var expandedAtQuery = Set<GroupKey>()
        try db.forEachRow("SELECT calendar_id, uid FROM occurrence_series WHERE expands_at_query = 1") {
            expandedAtQuery.insert(GroupKey(calendarID: $0.int64(0), uid: $0.text(1) ?? ""))
        }
        var zoneCache: [Int64: [TimeZoneDefinition]] = [:]
        for run in OccurrenceIndex.runs(missing) {
            let groups = try candidateGroups(start: run.start.timeIntervalSince1970 - ItemRow.floatingSlack,
                                             end: run.end.timeIntervalSince1970 + ItemRow.floatingSlack, calendarIDs: nil, db)
            var jobs: [MaterializationJob] = []
            for (key, group) in groups where !expandedAtQuery.contains(key) {
                jobs.append(MaterializationJob(key: key, group: group, zones: try timeZones(calendarID: key.calendarID, cache: &zoneCache, db)))
            }
            for (job, rows) in zip(jobs, materialized(jobs, runs: [run], covered: covered)) {
                if rows == nil { expandedAtQuery.insert(job.key) }
                try store(rows, for: job.key, &touched, db)
            }
            for b in run.first...run.last {
                try db.run("INSERT INTO occurrence_buckets (bucket) VALUES (?)", [.integer(b)])
                covered.insert(b)
            }
        }
    }

    /// The zone rows are materialized in: floating and all-day rows then keep their stored time.
    private static let utc = TimeZone(identifier: "UTC")!

    /// One stored occurrence.
    struct OccurrenceRow: Hashable {
        var itemID: Int64
        var start: Date
        var end: Date
        var occurrenceDate: Date?
        var flags: OccurrenceIndex.Flags
    }

    /// One group to materialize, with its calendar's VTIMEZONEs.
    struct MaterializationJob: Sendable {
        var key: GroupKey
        var group: Group
        var zones: [TimeZoneDefinition]
    }

    /// ``materialized(_:zones:runs:covered:)`` for each job, in order. Many jobs are spread over
    /// the machine's cores (at most 4 threads): expansion holds no lock of the store, and what
    /// it shares is thread-safe (``ZoneResolver`` and ``ZoneOffsets`` lock their caches; libical
    /// 3.0.16 keeps its error state and its ring of temporary buffers per thread and locks its
    /// built-in zone list; each iterator and VTIMEZONE is owned by one series or locked).
    private func materialized(_ jobs: [MaterializationJob], runs: [OccurrenceIndex.Run], covered: Set<Int64>) -> [[OccurrenceRow]?] {
        let workers = min(4, ProcessInfo.processInfo.activeProcessorCount, jobs.count / 32)
        guard workers > 1 else { return jobs.map { materialized($0.group, zones: $0.zones, runs: runs, covered: covered) } }
        let results = ResultSlots<[OccurrenceRow]?>(count: jobs.count, initial: nil)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for i in stride(from: worker, to: jobs.count, by: workers) {
                results[i] = materialized(jobs[i].group, zones: jobs[i].zones, runs: runs, covered: covered)
            }
        }
        return results.values
    }

    /// A group's occurrences over `runs` that no bucket of `covered` holds already (cancelled
    /// ones included), each traced back to the row whose event it shows; nil when the group is
    /// to be expanded at query time instead (expansion failed, too many occurrences, or an
    /// occurrence that cannot be traced back).
    private func materialized(_ group: Group, zones: [TimeZoneDefinition], runs: [OccurrenceIndex.Run], covered: Set<Int64>) -> [OccurrenceRow]? {
        guard let expander = expander as? RecurringEventExpander else { return nil }
        var rows: [OccurrenceRow] = []
        var seen = Set<OccurrenceRow>()
        for run in runs {
            let window = EventPredicate(startDate: run.start, endDate: run.end, timeZone: Self.utc, includesCancelled: true)
            guard let list = try? expander.modelOccurrences(master: group.master, overrides: group.overrides, timeZones: zones,
                                                            calendarTitle: "", matching: window),
                  list.count <= OccurrenceIndex.maxRowsPerBucket * Int(run.last - run.first + 1) else { return nil }
            for occurrence in list {
                guard let row = Self.traced(occurrence, in: group) else { return nil }
                if Self.isHeld(row, by: covered) || !seen.insert(row).inserted { continue }
                rows.append(row)
            }
        }
        return rows
    }

    /// Some bucket of `covered` holds this occurrence already.
    private static func isHeld(_ row: OccurrenceRow, by covered: Set<Int64>) -> Bool {
        guard !covered.isEmpty else { return false }
        let first = OccurrenceIndex.bucket(row.start.timeIntervalSinceReferenceDate)
        let last = max(first, OccurrenceIndex.bucket(row.end.timeIntervalSinceReferenceDate))
        return (first...last).contains { covered.contains($0) && OccurrenceIndex.overlaps(start: row.start, end: row.end, bucket: $0) }
    }

    /// The row of an occurrence: which stored event it shows (checked: rebuilding it from that
    /// event gives the expander's event exactly) and how.
    private static func traced(_ occurrence: Occurrence, in group: Group) -> OccurrenceRow? {
        var flags: OccurrenceIndex.Flags = []
        if occurrence.isRecurring { flags.insert(.recurring) }
        if occurrence.isDetached { flags.insert(.detached) }
        var candidates: [(Event, Int64)] = []
        if occurrence.isDetached || group.master == nil {
            candidates = zip(group.overrides, group.overrideIDs).filter { $0.0.occurrenceDate == occurrence.occurrenceDate }
        } else if occurrence.event.occurrenceDate == nil {
            if let master = group.master, let id = group.masterID { candidates = [(master, id)] }
        } else {
            flags.insert(.governed)
            candidates = zip(group.overrides, group.overrideIDs).filter { $0.0.appliesToFutureOccurrences }
        }
        for (event, id) in candidates {
            let row = OccurrenceRow(itemID: id, start: occurrence.startDate, end: occurrence.endDate,
                                    occurrenceDate: occurrence.occurrenceDate, flags: flags)
            if rebuilt(event, row) == occurrence.event { return row }
        }
        return nil
    }

    /// The occurrence's event from the stored one.
    private static func rebuilt(_ stored: Event, _ row: OccurrenceRow) -> Event {
        var event = stored
        event.startDate = row.start
        event.endDate = row.end
        if row.flags.contains(.governed) {
            event.occurrenceDate = row.occurrenceDate
            event.appliesToFutureOccurrences = false
        }
        return event
    }

    /// Writes a group's rows (nil: marks it expanded at query time, deleting its rows and so
    /// every pack); `touched` gets the days of the rows written.
    private func store(_ rows: [OccurrenceRow]?, for key: GroupKey, _ touched: inout Set<Int64>, _ db: Connection) throws {
        if rows?.isEmpty == true { return }
        let flag: Int64 = rows == nil ? 1 : 0
        var seriesID = try db.scalarInt("SELECT id FROM occurrence_series WHERE calendar_id = ? AND uid = ?", [.integer(key.calendarID), .text(key.uid)])
        if let id = seriesID, rows == nil {
            try db.run("DELETE FROM occurrences WHERE series_id = ?", [.integer(id)])
            try db.run("DELETE FROM occurrence_packs")
            try db.run("UPDATE occurrence_series SET expands_at_query = 1 WHERE id = ?", [.integer(id)])
        }
        if seriesID == nil {
            try db.run("INSERT INTO occurrence_series (calendar_id, uid, expands_at_query) VALUES (?, ?, ?)",
                       [.integer(key.calendarID), .text(key.uid), .integer(flag)])
            seriesID = db.lastInsertedRowID
        }
        guard let rows, let seriesID else { return }
        for row in rows { touched.insert(OccurrencePack.day(row.start.timeIntervalSinceReferenceDate)) }
        // Several rows per statement: each statement's own cost (binding, the statement
        // journal, resetting) was a third of writing a row.
        var rest = rows[...]
        while !rest.isEmpty {
            let count = Self.insertBatchSizes.first { $0 <= rest.count } ?? 1
            var values: [SQLValue] = []
            values.reserveCapacity(count * 7)
            for row in rest.prefix(count) {
                values += [.integer(seriesID), .integer(key.calendarID), .integer(row.itemID), .real(row.start.timeIntervalSinceReferenceDate),
                           .real(row.end.timeIntervalSinceReferenceDate), SQLValue(row.occurrenceDate?.timeIntervalSinceReferenceDate),
                           .integer(row.flags.rawValue)]
            }
            try db.run(Self.insertSQL[count] ?? "", values)
            rest = rest.dropFirst(count)
        }
    }

    /// Rows per INSERT statement, largest first (a series of 42 rows takes 16, 16, 4, 4, 1, 1).
    private static let insertBatchSizes = [64, 16, 4, 1]

    /// The INSERT of each batch size.
    private static let insertSQL: [Int: String] = Dictionary(uniqueKeysWithValues: insertBatchSizes.map { count in
        (count, "INSERT INTO occurrences (series_id, calendar_id, item_id, start_time, end_time, occurrence_date, flags) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: count).joined(separator: ", "))
    })

    // MARK: - Reading

    /// `?1` = window start, `?2` = window end (seconds since 2001, widened by the slack), `?3` =
    /// JSON array of calendar ids when `filtered`. Short rows are found by their start; rows
    /// longer than ``OccurrenceIndex/longSeconds`` that start earlier, length class by length
    /// class, each by its start as far back as the class's longest row reaches
    /// (``OccurrenceIndex/lengthClassIndexSQL``).
    package static func occurrenceSQL(filtered: Bool, startingInWindow: Bool = true) -> String {
        let filter = filtered ? " AND calendar_id IN (SELECT value FROM json_each(?3))" : ""
        let long = Int(OccurrenceIndex.longSeconds)
        let columns = "SELECT calendar_id, item_id, start_time, end_time, occurrence_date, flags FROM occurrences"
        let longParts = (1...OccurrenceIndex.lengthClassCount).map { k in
            let reach = OccurrenceIndex.longestRow(ofClass: k).map { " AND start_time >= ?1 - \($0)" } ?? ""
            return """
                \(columns)
                WHERE end_time - start_time > \(long) AND (\(OccurrenceIndex.lengthClassSQL)) = \(k)\(reach)
                  AND start_time < ?1 - \(long) AND end_time >= ?1\(filter)
                """
        }
        let startPart = "\(columns)\nWHERE start_time >= ?1 - \(long) AND start_time < ?2 AND end_time >= ?1\(filter)"
        return ((startingInWindow ? [startPart] : []) + longParts).joined(separator: "\nUNION ALL\n")
    }

    /// Calls `body` with the packs of `days`, day by day; false (maybe after some calls) when a
    /// day has no pack or an unreadable one: the caller then walks the index.
    private func readPacks(_ days: ClosedRange<Int64>, _ db: Connection,
                           _ body: (OccurrencePack.Rows) -> Void) throws -> Bool {
        var expected = days.lowerBound
        var whole = true
        try db.forEachRow("SELECT day, rows FROM occurrence_packs WHERE day BETWEEN ? AND ? ORDER BY day",
                          [.integer(days.lowerBound), .integer(days.upperBound)]) { row in
            guard whole, row.int64(0) == expected else { whole = false; return }
            whole = row.withBlob(1) { bytes in
                guard let rows = OccurrencePack.Rows(bytes) else { return false }
                body(rows)
                return true
            }
            expected += 1
        }
        return whole && expected == days.upperBound + 1
    }

    /// The index rows a window reads, as ``indexedRows(matching:calendarIDs:titles:_:items:)``
    /// collects them: each with its item's slot (the item's position in `slots.ordered`, the
    /// list `items` is asked about, and in `calendars`).
    private struct FoundRows {
        var slots = SlotTable()
        var calendars: [Int64] = []
        var rows: [PlacedRow] = []

        /// Room for `more` rows, growing geometrically (as appending would).
        mutating func reserve(_ more: Int) {
            if rows.capacity < rows.count + more { rows.reserveCapacity(max(rows.count + more, 2 * rows.capacity)) }
        }

        mutating func add(calendarID: Int64, itemID: Int64, start: Double, end: Double, occurrenceDate: Double?, flags: Int64) {
            let slot = slots.slot(itemID)
            // An item's rows all carry its calendar (rows are made per calendar and UID).
            if slot == calendars.count { calendars.append(calendarID) } else { assert(calendars[slot] == calendarID) }
            let start = Date(timeIntervalSinceReferenceDate: start), end = Date(timeIntervalSinceReferenceDate: end)
            rows.append(PlacedRow(row: OccurrenceRow(itemID: itemID, start: start, end: end,
                                                     occurrenceDate: occurrenceDate.map(Date.init(timeIntervalSinceReferenceDate:)),
                                                     flags: OccurrenceIndex.Flags(rawValue: flags)),
                                  start: start, end: end, item: slot))
        }
    }

    /// What reading the index needs to know of the event an index row shows.
    struct IndexedItem {
        var uid: String
        var isCanceled: Bool
        /// Floating or all-day: the row holds wall clock, placed in the query's zone.
        var keepsWallClock: Bool
    }

    /// An index row that matches a query, its start and end placed in the query's zone.
    struct PlacedRow {
        /// As stored (wall clock read as UTC for floating and all-day rows).
        var row: OccurrenceRow
        var start: Date
        var end: Date
        /// The position of its item in the list `indexedRows` asked about.
        var item: Int
    }

    /// The index rows matching the predicate, in ``OccurrenceOrder``, and the calendar of each
    /// item (by position), or nil when the index cannot answer (stale rows or uncovered
    /// buckets, e.g. a read-only file). `items` is asked once, with the distinct `items.id` of
    /// the window's rows, for what their rows need, in the same order (nil: leave its rows
    /// out). Each row is held to the predicate twice, as expansion does: placed by the
    /// expander's rule (RFC 5545 §3.3.5 in the query's zone), then by the store's
    /// (``ItemRow/placing(wallClock:in:)``). Series left to expansion at query time are not
    /// included (``queryTimeExpandedOccurrences(matching:calendarIDs:titles:_:)``).
    func indexedRows(matching predicate: EventPredicate, calendarIDs ids: [Int64]?, titles: [Int64: String], _ db: Connection,
                     items: ([Int64]) throws -> [IndexedItem?]) throws -> (rows: [PlacedRow], calendars: [Int64])? {
        guard try isIndexReady(neededBuckets(predicate), db) else { return nil }
        let window = indexWindow(predicate)
        var values: [SQLValue] = [.real(window.from), .real(window.to)]
        if let ids { values.append(.text(Self.jsonArray(ids))) }

        // The rows that start in the window (or up to ``OccurrenceIndex/longSeconds`` before
        // it), from the days' packs when each is there: what the first part of
        // `occurrenceSQL` finds, in its order.
        var found = FoundRows()
        let packed = try packedDays(predicate).flatMap { days in
            try readPacks(days, db) { rows in
                found.reserve(rows.count)
                OccurrencePack.decode(rows) { row in
                    guard row.start >= window.from - OccurrenceIndex.longSeconds, row.start < window.to, row.end >= window.from,
                          ids?.contains(row.calendarID) ?? true else { return }
                    found.add(calendarID: row.calendarID, itemID: row.itemID, start: row.start, end: row.end,
                              occurrenceDate: row.occurrenceDate, flags: row.flags)
                }
            }
        } ?? false
        if !packed { found = FoundRows() }
        // Without the first part and the filter, the statement names ?1 alone.
        try db.forEachRow(Self.occurrenceSQL(filtered: ids != nil, startingInWindow: !packed),
                          packed && ids == nil ? [values[0]] : values) { row in
            found.add(calendarID: row.int64(0), itemID: row.int64(1), start: row.double(2), end: row.double(3),
                      occurrenceDate: row.optionalDouble(4), flags: row.int64(5))
        }
        let slots = found.slots, calendars = found.calendars
        var rows = found.rows
        found = FoundRows()
        let facts = try items(slots.ordered)

        let zone = predicate.timeZone
        let view = ResolvedZone(tzid: zone.identifier, ianaID: zone.identifier, rules: .tzdb(zone))
        func expanderPlaced(_ date: Date) -> Date {
            Date(timeIntervalSince1970: TimeInterval(view.utcSeconds(forLocal: Int(date.timeIntervalSince1970.rounded(.down)))))
        }
        var steady = SteadyOffset(zone, near: predicate.startDate)
        // Kept rows are moved to the front, in their order.
        var kept = 0
        for i in rows.indices {
            var placed = rows[i]
            guard let item = facts[placed.item] else { continue }
            if item.isCanceled && !predicate.includesCancelled { continue }
            if item.keepsWallClock {
                if let offset = steady.offset(around: placed.start, placed.end) {
                    // What both placements below give for wall clocks that far from a transition
                    // (the expander's reads whole seconds).
                    guard predicate.matches(start: Self.wholeSeconds(placed.start).addingTimeInterval(-offset),
                                            end: Self.wholeSeconds(placed.end).addingTimeInterval(-offset)) else { continue }
                    placed.start = placed.start.addingTimeInterval(-offset)
                    placed.end = placed.end.addingTimeInterval(-offset)
                } else {
                    guard predicate.matches(start: expanderPlaced(placed.start), end: expanderPlaced(placed.end)) else { continue }
                    placed.start = ItemRow.placing(wallClock: placed.start, in: zone)
                    placed.end = ItemRow.placing(wallClock: placed.end, in: zone)
                }
            }
            guard predicate.matches(start: placed.start, end: placed.end) else { continue }
            rows[kept] = placed
            kept += 1
        }
        rows.removeLast(rows.count - kept)
        // Sorted by ranks: the rows of one window share a few thousand UIDs. The start and the
        // two ranks are packed into two integers, compared first; ties go on to the rest of
        // the order, then to the index's order.
        let uidRanks = nameRanks(facts.map { $0?.uid ?? "" })
        let titleRankOf = nameRanks(titles)
        let titleRanks = calendars.map { titleRankOf[$0] ?? -1 }
        func order(_ p: PlacedRow) -> OccurrenceOrder<Int> {
            OccurrenceOrder(start: p.start, uid: uidRanks[p.item], calendarTitle: titleRanks[p.item],
                            occurrenceDate: p.row.occurrenceDate, end: p.end, isDetached: p.row.flags.contains(.detached))
        }
        let keys = rows.indices.map { i in
            PackedOrder(start: PackedOrder.sortable(rows[i].start),
                        names: UInt64(uidRanks[rows[i].item]) << 32 | UInt64(titleRanks[rows[i].item] + 1), index: i)
        }
        let sorted = PackedOrder.sorted(keys) { order(rows[$0]) < order(rows[$1]) }
        PackedOrder.arrange(&rows, as: sorted)
        return (rows, calendars)
    }

    /// The predicate's occurrences from the index, sorted (``OccurrenceOrder``), or nil when it
    /// cannot answer; see ``indexedRows(matching:calendarIDs:titles:_:items:)``. Rows are held
    /// to the predicate and put in order before any occurrence is built, so each (large)
    /// occurrence is made once, in place.
    func indexedOccurrences(matching predicate: EventPredicate, calendarIDs ids: [Int64]?, titles: [Int64: String],
                            _ db: Connection) throws -> [Occurrence]? {
        var events: [Event?] = []
        guard let (rows, calendars) = try indexedRows(matching: predicate, calendarIDs: ids, titles: titles, db, items: { itemIDs in
            events = try itemIDs.map { try storedEvent(id: $0, db) }
            return events.map { event in
                event.map { IndexedItem(uid: $0.uid, isCanceled: $0.status == .canceled, keepsWallClock: $0.isAllDay || $0.timeZone == nil) }
            }
        }) else { return nil }
        var result: [Occurrence] = []
        result.reserveCapacity(rows.count)
        for placed in rows {
            guard let stored = events[placed.item] else { continue }
            result.append(Occurrence(event: Self.rebuilt(stored, placed.row), calendarTitle: titles[calendars[placed.item]] ?? "",
                                     startDate: placed.start, endDate: placed.end, occurrenceDate: placed.row.occurrenceDate,
                                     isRecurring: placed.row.flags.contains(.recurring), isDetached: placed.row.flags.contains(.detached)))
        }
        let more = try queryTimeExpandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db)
        return more.isEmpty ? result : Self.sortedOccurrences(result + more)
    }

    /// The date at the whole second at or before it.
    private static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// The occurrences of the series the index leaves to expansion at query time (unsorted).
    func queryTimeExpandedOccurrences(matching predicate: EventPredicate, calendarIDs ids: [Int64]?, titles: [Int64: String],
                                      _ db: Connection) throws -> [Occurrence] {
        var expanded: [GroupKey] = []
        try db.forEachRow("SELECT calendar_id, uid FROM occurrence_series WHERE expands_at_query = 1") {
            let key = GroupKey(calendarID: $0.int64(0), uid: $0.text(1) ?? "")
            if ids?.contains(key.calendarID) ?? true { expanded.append(key) }
        }
        var zoneCache: [Int64: [TimeZoneDefinition]] = [:]
        var more: [Occurrence] = []
        for key in expanded {
            guard let group = try wholeGroup(key, db) else { continue }
            more += try expandedOccurrences(of: key, group, matching: predicate, titles: titles, zoneCache: &zoneCache, db)
        }
        return more
    }

    /// The event of one `items` row.
    func storedEvent(id: Int64, _ db: Connection) throws -> Event? {
        var event: Event?
        try db.forEachRow("SELECT model, source_text FROM items WHERE id = ? AND kind = 'event'", [.integer(id)]) { row in
            event = try row.withBlob(0) { bytes throws(StoreError) in try ItemCodec.decodeEvent(bytes, sourceText: row.text(1)) }
        }
        return event
    }
}
