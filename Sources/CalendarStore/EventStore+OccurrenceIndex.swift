import CalendarModel
import Foundation
import ICalConversion
import Synchronization

// The occurrence index (see ``OccurrenceIndex``): bringing it up to date, and reading a window
// from it. Callers of the `db` functions hold the lock.

extension EventStore {
    /// Queries read the index only with the store's own expander at its default limits: the
    /// rows are that expander's output. Another expander, or other limits, expands per query.
    var usesOccurrenceIndex: Bool {
        (expander as? RecurringEventExpander)?.limits == .default
    }

    /// The stored times a query reads rows between: its window widened by the slack of floating
    /// and all-day rows (``ItemRow/floatingSlack``).
    private func indexWindow(_ predicate: EventPredicate) -> (from: Double, to: Double) {
        (predicate.startDate.timeIntervalSince1970 - ItemRow.floatingSlack,
         predicate.endDate.timeIntervalSince1970 + ItemRow.floatingSlack)
    }

    /// The buckets a query window needs.
    private func neededBuckets(_ predicate: EventPredicate) -> ClosedRange<Int64> {
        let window = indexWindow(predicate)
        let first = OccurrenceIndex.bucket(window.from)
        return first...max(first, OccurrenceIndex.bucket(window.to))
    }

    /// The index answers for these buckets: nothing stale, every bucket covered.
    private func isIndexReady(_ buckets: ClosedRange<Int64>, _ db: Connection) throws -> Bool {
        guard try db.scalarInt("SELECT 1 FROM occurrence_stale LIMIT 1") == nil else { return false }
        let covered = try db.scalarInt("SELECT count(*) FROM occurrence_buckets WHERE bucket BETWEEN ? AND ?",
                                       [.integer(buckets.lowerBound), .integer(buckets.upperBound)]) ?? 0
        return covered == Int64(buckets.count)
    }

    /// Re-expands stale series and materializes the buckets the predicate needs, in one write
    /// transaction that does not wait for another connection's write. Does nothing when the
    /// index is ready already or the window would need more than
    /// ``OccurrenceIndex/maxNewBuckets`` new buckets. When the write fails (a read-only file, a
    /// store another connection is writing, a full disk, an expansion error) the index stays as
    /// it was and the query expands instead; the failure goes to ``debugLog``.
    func prepareOccurrenceIndex(for predicate: EventPredicate) {
        let needed = neededBuckets(predicate)
        do {
            try withConnection { db in
                guard try !isIndexReady(needed, db) else { return }
                // The rows go into several indexes in no common order: with SQLite's default
                // page cache their pages were written out and read back while the index filled.
                let cache = try db.scalarInt("PRAGMA cache_size") ?? -Int64(Self.defaultCacheKiB)
                try db.execute("PRAGMA cache_size = -\(Self.indexFillCacheKiB)")
                defer { logFailure("page cache not restored") { try db.execute("PRAGMA cache_size = \(cache)") } }
                try db.withBusyTimeout(milliseconds: 0) {
                    try db.transaction(.immediate) {
                        try refreshStaleSeries(db)
                        try cover(needed, db)
                    }
                }
            }
        } catch {
            debugLog?("occurrence index not updated (\(error)); the query expands the series instead")
        }
    }

    /// Runs `body`; a failure goes to ``debugLog`` with `what`.
    private func logFailure(_ what: String, _ body: () throws -> Void) {
        do { try body() } catch { debugLog?("\(what): \(error)") }
    }

    /// The page cache while the occurrence index is filled, in KiB: a year of a large store's
    /// rows (about 90 MB of table and indexes for 100k items) is inserted all over its indexes,
    /// and with too small a cache their pages go out to the WAL and are read back again.
    static let indexFillCacheKiB = 64 << 10
    /// SQLite's default page cache, in KiB.
    static let defaultCacheKiB = 2_000

    /// Every covered bucket, sorted.
    private func coveredBuckets(_ db: Connection) throws -> [Int64] {
        var buckets: [Int64] = []
        try db.forEachRow("SELECT bucket FROM occurrence_buckets ORDER BY bucket") { buckets.append($0.int64(0)) }
        return buckets
    }

    /// Series written since their rows were made get their rows again, over every covered bucket.
    private func refreshStaleSeries(_ db: Connection) throws {
        var stale: [GroupKey] = []
        try db.forEachRow("SELECT calendar_id, uid FROM occurrence_stale") { stale.append(GroupKey(calendarID: $0.int64(0), uid: $0.text(1) ?? "")) }
        guard !stale.isEmpty else { return }
        if stale.count > OccurrenceIndex.maxStaleSeries {
            // Cheaper to start over: the query materializes only the buckets it needs.
            try db.execute(OccurrenceIndex.emptySQL)
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
        try materialize(jobs, runs: runs, covered: []) { job, rows in try store(rows, for: job.key, db) }
        try db.run("DELETE FROM occurrence_stale")
    }

    /// Materializes the buckets of `needed` that are not covered yet (at most
    /// ``OccurrenceIndex/maxNewBuckets``), run by run, for every group that can reach them.
    private func cover(_ needed: ClosedRange<Int64>, _ db: Connection) throws {
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
            try materialize(jobs, runs: [run], covered: covered) { job, rows in
                if rows == nil { expandedAtQuery.insert(job.key) }
                try store(rows, for: job.key, db)
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

    /// Makes each job's rows (``materialized(_:zones:runs:covered:)``) and hands them to `store`
    /// on the calling thread, in job order, as soon as they are made. With many jobs, threads of
    /// their own (one a core, at most 4, each for at least 32 jobs) make the rows while the
    /// caller stores those made, so the store's inserts go on beside the expansion rather than
    /// after it. Expansion holds no lock of the store, and what it shares is thread-safe
    /// (``ZoneResolver`` and ``ZoneOffsets`` lock their caches; libical 3.0.16 keeps its error
    /// state and its ring of temporary buffers per thread and locks its built-in zone list; each
    /// iterator and VTIMEZONE is owned by one series or locked).
    private func materialize(_ jobs: [MaterializationJob], runs: [OccurrenceIndex.Run], covered: Set<Int64>,
                             into store: (MaterializationJob, [OccurrenceRow]?) throws -> Void) throws {
        let workers = min(4, Processors.active, jobs.count / 32)
        guard workers > 1 else {
            for job in jobs { try store(job, materialized(job.group, zones: job.zones, runs: runs, covered: covered)) }
            return
        }
        let made = MadeRows(jobs: jobs.count, workers: workers)
        for _ in 0..<workers {
            let thread = Thread {
                while let i = made.claim() {
                    made.put(i, self.materialized(jobs[i].group, zones: jobs[i].zones, runs: runs, covered: covered))
                }
                made.finished()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        // On a failure to store, the workers take no more jobs and are waited for.
        defer { made.stopAndWait() }
        for i in jobs.indices { try store(jobs[i], made.take(i)) }
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
            let list: [Occurrence]
            do {
                list = try expander.modelOccurrences(master: group.master, overrides: group.overrides, timeZones: zones,
                                                     calendarTitle: "", matching: window)
            } catch {
                // The query expands it instead, and meets the error there (or its own limits).
                debugLog?("UID \((group.master ?? group.overrides.first)?.uid ?? ""): left to expansion at query time (\(error))")
                return nil
            }
            guard list.count <= OccurrenceIndex.maxRowsPerBucket * Int(run.last - run.first + 1) else { return nil }
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
        let first = OccurrenceIndex.bucket(row.start.timeIntervalSince1970)
        let last = max(first, OccurrenceIndex.bucket(row.end.timeIntervalSince1970))
        return (first...last).contains { covered.contains($0) && OccurrenceIndex.overlaps(start: row.start, end: row.end, bucket: $0) }
    }

    /// The row of an occurrence: which stored event it shows (checked: rebuilding it from that
    /// event gives the expander's event exactly) and how.
    private static func traced(_ occurrence: Occurrence, in group: Group) -> OccurrenceRow? {
        var flags: OccurrenceIndex.Flags = []
        if occurrence.isRecurring { flags.insert(.recurring) }
        if occurrence.isDetached { flags.insert(.detached) }
        // The candidates are checked where they are stored: an `Event` is large, and copying one
        // into a list of candidates for every occurrence cost more than the comparison
        // (`masterID` is set with `master`: testing it copies nothing).
        if occurrence.isDetached || group.masterID == nil {
            for (event, id) in zip(group.overrides, group.overrideIDs) where event.occurrenceDate == occurrence.occurrenceDate {
                if let row = traced(occurrence, to: event, id: id, flags) { return row }
            }
        } else if occurrence.event.occurrenceDate == nil {
            if let master = group.master, let id = group.masterID { return traced(occurrence, to: master, id: id, flags) }
        } else {
            flags.insert(.governed)
            for (event, id) in zip(group.overrides, group.overrideIDs) where event.appliesToFutureOccurrences {
                if let row = traced(occurrence, to: event, id: id, flags) { return row }
            }
        }
        return nil
    }

    /// The row of an occurrence when it shows the stored `event` (item `id`), else nil.
    private static func traced(_ occurrence: Occurrence, to event: Event, id: Int64, _ flags: OccurrenceIndex.Flags) -> OccurrenceRow? {
        var shown = flags
        if event.status == .canceled { shown.insert(.cancelled) }
        if event.isAllDay || event.timeZone == nil { shown.insert(.wallClock) }
        let row = OccurrenceRow(itemID: id, start: occurrence.startDate, end: occurrence.endDate,
                                occurrenceDate: occurrence.occurrenceDate, flags: shown)
        return rebuilt(event, row) == occurrence.event ? row : nil
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

    /// Writes a group's rows (nil: marks it expanded at query time, deleting its rows).
    private func store(_ rows: [OccurrenceRow]?, for key: GroupKey, _ db: Connection) throws {
        if rows?.isEmpty == true { return }
        let flag: Int64 = rows == nil ? 1 : 0
        var seriesID = try db.scalarInt("SELECT id FROM occurrence_series WHERE calendar_id = ? AND uid = ?", [.integer(key.calendarID), .text(key.uid)])
        if let id = seriesID, rows == nil {
            try db.run("DELETE FROM occurrences WHERE series_id = ?", [.integer(id)])
            try db.run("UPDATE occurrence_series SET expands_at_query = 1 WHERE id = ?", [.integer(id)])
        }
        if seriesID == nil {
            try db.run("INSERT INTO occurrence_series (calendar_id, uid, expands_at_query) VALUES (?, ?, ?)",
                       [.integer(key.calendarID), .text(key.uid), .integer(flag)])
            seriesID = db.lastInsertedRowID
        }
        guard let rows, let seriesID else { return }
        // Several rows per statement: each statement's own cost (binding, resetting) was a third
        // of writing a row. `OR FAIL`, and the series' foreign key checked at commit, let no
        // constraint abort a statement halfway, so SQLite keeps no statement journal for it
        // (a copy of every page a statement changes).
        var rest = rows[...]
        while !rest.isEmpty {
            let count = Self.insertBatchSizes.first { $0 <= rest.count } ?? 1
            var values: [SQLValue] = []
            values.reserveCapacity(count * 7)
            for row in rest.prefix(count) {
                values += [.integer(seriesID), .integer(key.calendarID), .integer(row.itemID), .real(row.start.timeIntervalSince1970),
                           .real(row.end.timeIntervalSince1970), SQLValue(row.occurrenceDate?.timeIntervalSince1970),
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
        (count, "INSERT OR FAIL INTO occurrences (series_id, calendar_id, item_id, start_time, end_time, occurrence_date, flags) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: count).joined(separator: ", "))
    })

    // MARK: - Reading

    /// `?1` = window start, `?2` = window end (unix seconds, widened by the slack), `?3` =
    /// JSON array of calendar ids when `filtered`. Short rows are found by their start; rows
    /// longer than ``OccurrenceIndex/longSeconds`` that start earlier, length class by length
    /// class, each by its start as far back as the class's longest row reaches.
    package static func occurrenceSQL(filtered: Bool) -> String {
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
        return ([startPart] + longParts).joined(separator: "\nUNION ALL\n")
    }

    /// A row of the index that matches a predicate, with its start and end placed in the
    /// predicate's zone.
    struct IndexedMatch {
        var row: OccurrenceRow
        var calendarID: Int64
        var start: Date
        var end: Date
    }

    /// The index rows that match the predicate, in no order, or nil when the index cannot answer
    /// (stale rows or uncovered buckets). Cancelled rows are dropped unless asked for; a
    /// floating or all-day row is placed in the query's zone (``WallClock``), as expansion
    /// places it. No event is decoded: the row's ``OccurrenceIndex/Flags`` say what is needed.
    func indexedMatches(_ predicate: EventPredicate, calendarIDs ids: [Int64]?, _ db: Connection) throws -> [IndexedMatch]? {
        guard try isIndexReady(neededBuckets(predicate), db) else { return nil }
        let window = indexWindow(predicate)
        var values: [SQLValue] = [.real(window.from), .real(window.to)]
        if let ids { values.append(.text(Self.jsonArray(ids))) }
        let zone = predicate.timeZone
        // The zone's offset and the span of instants it holds for, from the last row placed:
        // rows come mostly in order of start, and a week's fall in one or two spans.
        var known = (offset: 0, span: 0.0..<0.0)
        func offset(_ t: Int) -> Int {
            let instant = TimeInterval(t)
            if !known.span.contains(instant) { known = ZoneOffsets.shared.offsetSpan(zone, at: Date(timeIntervalSince1970: instant)) }
            return known.offset
        }
        var matches: [IndexedMatch] = []
        try db.forEachRow(Self.occurrenceSQL(filtered: ids != nil), values) { sql in
            let row = OccurrenceRow(itemID: sql.int64(1), start: Date(timeIntervalSince1970: sql.double(2)),
                                    end: Date(timeIntervalSince1970: sql.double(3)),
                                    occurrenceDate: sql.optionalDouble(4).map(Date.init(timeIntervalSince1970:)),
                                    flags: OccurrenceIndex.Flags(rawValue: sql.int64(5)))
            guard predicate.includesCancelled || !row.flags.contains(.cancelled) else { return }
            var start = row.start, end = row.end
            if row.flags.contains(.wallClock) {
                start = WallClock.instant(start, offsetAt: offset)
                end = WallClock.instant(end, offsetAt: offset)
            }
            guard predicate.matches(start: start, end: end) else { return }
            matches.append(IndexedMatch(row: row, calendarID: sql.int64(0), start: start, end: end))
        }
        return matches
    }

    /// The predicate's occurrences from the index, sorted (``OccurrenceOrder``), or nil when it
    /// cannot answer. Each item's event is read once, and the matches are put in order before
    /// any (large) occurrence is made, so each is made once, where it goes. The series left to
    /// expansion at query time are expanded and added.
    func indexedOccurrences(matching predicate: EventPredicate, calendarIDs ids: [Int64]?, titles: [Int64: String],
                            _ db: Connection) throws -> [Occurrence]? {
        guard let matches = try indexedMatches(predicate, calendarIDs: ids, db) else { return nil }
        // Each item's event once, at its position in `items`; an item no longer stored has no
        // event and its matches are dropped.
        var items: [Int64] = []
        var position: [Int64: Int] = [:]
        var found: [(match: IndexedMatch, event: Int)] = []
        found.reserveCapacity(matches.count)
        for match in matches {
            let item = match.row.itemID
            if let known = position[item] {
                found.append((match, known))
            } else {
                position[item] = items.count
                found.append((match, items.count))
                items.append(item)
            }
        }
        let events = try storedEvents(ids: items, db)
        found.removeAll { events[$0.event] == nil }
        let order = OccurrenceOrder.permutation(found.map { OccurrenceOrder($0.match, uid: events[$0.event]!.uid, titles: titles) })
        let result = order.map { Self.occurrence(found[$0].match, of: events[found[$0].event]!, titles: titles) }
        let more = try queryTimeExpandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db)
        return more.isEmpty ? result : Self.sortedOccurrences(result + more)
    }

    /// One page of the predicate's occurrences from the index: positions `offset ..< offset +
    /// limit` of what ``indexedOccurrences(matching:calendarIDs:titles:_:)`` returns, and how
    /// many that is; nil when the index cannot answer. The matches are ordered by start; only the
    /// runs of equal starts that reach into the page are ordered further, by UID (read for those
    /// rows alone) and the rest of ``OccurrenceOrder``, and only the events of the page are
    /// decoded.
    func indexedPage(matching predicate: EventPredicate, offset: Int, limit: Int, calendarIDs ids: [Int64]?,
                     titles: [Int64: String], _ db: Connection) throws -> OccurrencePage? {
        guard let matches = try indexedMatches(predicate, calendarIDs: ids, db) else { return nil }
        let expanded = try queryTimeExpandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db)
        let total = matches.count + expanded.count
        // Entries 0 ..< matches.count are index rows, the rest the expanded occurrences.
        func start(_ i: Int) -> Date { i < matches.count ? matches[i].start : expanded[i - matches.count].startDate }
        let byStart = (0..<total).sorted { start($0) < start($1) }
        guard offset < total, limit > 0 else { return OccurrencePage(occurrences: [], total: total) }
        var low = offset, high = min(total, offset + limit)
        while low > 0, start(byStart[low - 1]) == start(byStart[low]) { low -= 1 }
        while high < total, start(byStart[high]) == start(byStart[high - 1]) { high += 1 }
        var uids: [Int64: String] = [:]
        var keys: [OccurrenceOrder] = []
        for i in byStart[low..<high] {
            if i >= matches.count { keys.append(OccurrenceOrder(expanded[i - matches.count])); continue }
            let item = matches[i].row.itemID
            let uid: String
            if let known = uids[item] { uid = known } else {
                uid = try db.scalarText("SELECT uid FROM items WHERE id = ?", [.integer(item)]) ?? ""
                uids[item] = uid
            }
            keys.append(OccurrenceOrder(matches[i], uid: uid, titles: titles))
        }
        let ordered = OccurrenceOrder.permutation(keys).map { byStart[low + $0] }
        var events = StoredEvents()
        var page: [Occurrence] = []
        for i in ordered[(offset - low)..<(offset - low + min(limit, total - offset))] {
            if i >= matches.count { page.append(expanded[i - matches.count]); continue }
            guard let event = try events.event(ofItem: matches[i].row.itemID, self, db) else { continue }
            page.append(Self.occurrence(matches[i], of: event, titles: titles))
        }
        return OccurrencePage(occurrences: page, total: total)
    }

    /// The occurrence an index row shows, from its item's stored event.
    static func occurrence(_ match: IndexedMatch, of event: Event, titles: [Int64: String]) -> Occurrence {
        Occurrence(event: rebuilt(event, match.row), calendarTitle: titles[match.calendarID] ?? "",
                   startDate: match.start, endDate: match.end, occurrenceDate: match.row.occurrenceDate,
                   isRecurring: match.row.flags.contains(.recurring), isDetached: match.row.flags.contains(.detached))
    }

    /// Stored events read by item id, each once.
    struct StoredEvents {
        private var known: [Int64: Event?] = [:]

        mutating func event(ofItem id: Int64, _ store: EventStore, _ db: Connection) throws -> Event? {
            if let event = known[id] { return event }
            let event = try store.storedEvent(id: id, db)
            known[id] = event
            return event
        }
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

    /// The stored events of these items (distinct ids), in their order (nil for an item that is
    /// not a stored event), without their source text: an occurrence shows the event, and exporting it reads
    /// the item again (``document(forCalendar:)``).
    ///
    /// One statement reads them all, its cursor walking the table in order of id, so the pages
    /// on its path are fetched once for neighbouring rows. When there are many, the rows read
    /// are handed to other threads in batches and decoded there while the next are read:
    /// decoding takes longer than reading.
    func storedEvents(ids: [Int64], _ db: Connection) throws -> [Event?] {
        var position: [Int64: Int] = [:]
        position.reserveCapacity(ids.count)
        for (i, id) in ids.enumerated() { position[id] = i }
        let events = Mutex([Result<Event?, StoreError>](repeating: .success(nil), count: ids.count))
        let onThreads = ids.count >= 2 * Self.decodeBatch && Processors.active > 1
        let decoding = DispatchGroup()
        defer { decoding.wait() }    // also when reading fails: no batch outlives the call
        var batch: [(position: Int, model: [UInt8])] = []
        func decodeBatch() {
            let models = batch
            batch.removeAll(keepingCapacity: true)
            @Sendable func decode() {
                let made = models.map { row in
                    (row.position, Result { () throws(StoreError) -> Event? in try ItemCodec.decodeEvent(row.model, sourceText: nil) })
                }
                events.withLock { all in for (i, event) in made { all[i] = event } }
            }
            if onThreads { DispatchQueue.global().async(group: decoding, execute: decode) } else { decode() }
        }
        try db.forEachRow("""
            SELECT items.id, items.model FROM json_each(?) AS wanted CROSS JOIN items ON items.id = wanted.value
            WHERE items.kind = 'event'
            """, [.text(Self.jsonArray(ids.sorted()))]) { row in
            guard let i = position[row.int64(0)] else { return }
            batch.append((i, row.blob(1)))
            if batch.count == Self.decodeBatch { decodeBatch() }
        }
        if !batch.isEmpty { decodeBatch() }
        decoding.wait()
        return try events.withLock { $0 }.map { try $0.get() }
    }

    /// How many rows ``storedEvents(ids:_:)`` hands to a thread at a time.
    private static let decodeBatch = 128

    /// The stored event of one item (nil when it is not a stored event).
    func storedEvent(id: Int64, _ db: Connection) throws -> Event? {
        var model: [UInt8]?
        try db.forEachRow("SELECT model FROM items WHERE id = ? AND kind = 'event'", [.integer(id)]) { model = $0.blob(0) }
        return try model.map { bytes throws(StoreError) in try ItemCodec.decodeEvent(bytes, sourceText: nil) }
    }
}
