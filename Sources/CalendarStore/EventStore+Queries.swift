import CalendarModel
import Foundation

// MARK: - Candidate selection (callers hold the lock)

extension EventStore {
    /// The rows whose indexed span can overlap a window: `first_start < end AND (last_end IS
    /// NULL OR last_end >= start)` (`>=` so a zero-length item at the window start is found even
    /// without slack), written as two index range scans on `items_window` (kind,
    /// last_end, first_start) so that rows ending before the window are never visited and rows
    /// starting after it are rejected on the index entry without reading the table row.
    /// `?1` = window start, `?2` = window end (both already widened by ``ItemRow/floatingSlack``),
    /// `?3` = JSON array of calendar ids when `filtered`.
    package static func eventCandidateSQL(filtered: Bool) -> String {
        let filter = filtered ? " AND calendar_id IN (SELECT value FROM json_each(?3))" : ""
        return """
            SELECT id, calendar_id, uid, recurrence_id, model, source_text FROM items
            WHERE kind = 'event' AND last_end >= ?1 AND first_start < ?2\(filter)
            UNION ALL
            SELECT id, calendar_id, uid, recurrence_id, model, source_text FROM items
            WHERE kind = 'event' AND last_end IS NULL AND first_start < ?2\(filter)
            """
    }

    /// Ids of the calendars named by a predicate (nil = all); unknown titles throw.
    func calendarIDs(titled titles: [String]?, _ db: Connection) throws -> [Int64]? {
        guard let titles else { return nil }
        return try titles.map { try requireCalendarRow(titled: $0, db).id }
    }

    /// One series (or single event) as stored: the rows of one UID in one calendar.
    struct GroupKey: Hashable, Sendable {
        var calendarID: Int64
        var uid: String
    }

    struct Group: Sendable {
        var master: Event?
        var overrides: [Event] = []
        /// `items.id` of each event above: the master's first, then the overrides' in order.
        var masterID: Int64?
        var overrideIDs: [Int64] = []

        /// Needs every stored row of its UID to be expanded: overrides moved out of a window
        /// still suppress their original instance.
        var needsWholeSeries: Bool { !overrides.isEmpty || master?.hasRecurrenceRules == true }
    }

    /// Reads one `SELECT id, calendar_id, uid, recurrence_id, model, source_text` row into its group.
    func add(_ row: Statement, to groups: inout [GroupKey: Group], order: inout [GroupKey]) throws {
        let key = GroupKey(calendarID: row.int64(1), uid: row.text(2) ?? "")
        let event = try row.withBlob(4) { bytes throws(StoreError) in try ItemCodec.decodeEvent(bytes, sourceText: row.text(5)) }
        if groups[key] == nil { order.append(key); groups[key] = Group() }
        if row.isNull(3) {
            groups[key]?.master = event
            groups[key]?.masterID = row.int64(0)
        } else {
            groups[key]?.overrides.append(event)
            groups[key]?.overrideIDs.append(row.int64(0))
        }
    }

    /// The event groups with a row whose indexed span can overlap `[start, end)` (unix seconds,
    /// stored time; the caller widens for floating times), in candidate order, each series
    /// completed with all its stored rows.
    func candidateGroups(start: Double, end: Double, calendarIDs ids: [Int64]?, _ db: Connection) throws -> [(GroupKey, Group)] {
        var values: [SQLValue] = [.real(start), .real(end)]
        if let ids { values.append(.text(Self.jsonArray(ids))) }
        var groups: [GroupKey: Group] = [:]
        var order: [GroupKey] = []
        try db.forEachRow(Self.eventCandidateSQL(filtered: ids != nil), values) { try add($0, to: &groups, order: &order) }
        return try order.compactMap { key in
            guard let group = groups[key] else { return nil }
            return (key, group.needsWholeSeries ? try wholeGroup(key, db) ?? group : group)
        }
    }

    /// Every stored event row of one UID in one calendar; nil when there is none.
    func wholeGroup(_ key: GroupKey, _ db: Connection) throws -> Group? {
        var full: [GroupKey: Group] = [:]
        var ignored: [GroupKey] = []
        try db.forEachRow("SELECT id, calendar_id, uid, recurrence_id, model, source_text FROM items WHERE calendar_id = ? AND uid = ? AND kind = 'event' ORDER BY recurrence_id",
                          [.integer(key.calendarID), .text(key.uid)]) { try add($0, to: &full, order: &ignored) }
        return full[key]
    }

    func timeZones(calendarID: Int64, cache: inout [Int64: [TimeZoneDefinition]], _ db: Connection) throws -> [TimeZoneDefinition] {
        if let cached = cache[calendarID] { return cached }
        var zones: [TimeZoneDefinition] = []
        try db.forEachRow("SELECT tzid, text, matched_zone FROM calendar_time_zones WHERE calendar_id = ? ORDER BY tzid", [.integer(calendarID)]) {
            zones.append(TimeZoneDefinition(tzid: $0.text(0) ?? "", text: $0.text(1) ?? "", matchedZone: $0.text(2)))
        }
        cache[calendarID] = zones
        return zones
    }

    /// Occurrences by expanding every candidate group (the path without the occurrence index).
    func expandedOccurrences(matching predicate: EventPredicate, calendarIDs ids: [Int64]?, titles: [Int64: String],
                             _ db: Connection) throws -> [Occurrence] {
        let groups = try candidateGroups(start: predicate.startDate.timeIntervalSince1970 - ItemRow.floatingSlack,
                                         end: predicate.endDate.timeIntervalSince1970 + ItemRow.floatingSlack, calendarIDs: ids, db)
        var zoneCache: [Int64: [TimeZoneDefinition]] = [:]
        var result: [Occurrence] = []
        for (key, group) in groups {
            result += try expandedOccurrences(of: key, group, matching: predicate, titles: titles, zoneCache: &zoneCache, db)
        }
        return result
    }

    /// One group's occurrences from ``expander``, held to the predicate (cancelled ones dropped
    /// unless asked, only those matching ``EventPredicate/matches(start:end:)``).
    func expandedOccurrences(of key: GroupKey, _ group: Group, matching predicate: EventPredicate, titles: [Int64: String],
                             zoneCache: inout [Int64: [TimeZoneDefinition]], _ db: Connection) throws -> [Occurrence] {
        let zones = try timeZones(calendarID: key.calendarID, cache: &zoneCache, db)
        let occurrences = try expander.occurrences(master: group.master, overrides: group.overrides, timeZones: zones,
                                                   calendarTitle: titles[key.calendarID] ?? "", matching: predicate)
        return occurrences.filter {
            (predicate.includesCancelled || $0.event.status != .canceled) && predicate.matches(start: $0.startDate, end: $0.endDate)
        }
    }

    /// In ``OccurrenceOrder``; positions are sorted rather than the occurrences themselves
    /// (large values: moving them costs more than comparing their keys).
    static func sortedOccurrences(_ list: [Occurrence]) -> [Occurrence] {
        OccurrenceOrder.permutation(list.map(OccurrenceOrder.init)).map { list[$0] }
    }

    private func placedDue(_ reminder: Reminder, in zone: TimeZone) -> Date? {
        guard let components = reminder.dueDateComponents, let due = ItemRow.instant(of: components) else { return nil }
        return due.floating ? WallClock.instant(due.date, in: zone) : due.date
    }
}

// MARK: - Public API

public extension EventStore {
    /// Occurrences overlapping `[startDate, endDate)` in the given calendars (all when nil),
    /// floating and all-day times read in `timeZone`. No four-year cap.
    func predicateForEvents(withStart startDate: Date, end endDate: Date, calendars: [EventCalendar]?,
                            timeZone: TimeZone = .current) -> EventPredicate {
        EventPredicate(startDate: startDate, endDate: endDate, calendarTitles: calendars?.map(\.title), timeZone: timeZone)
    }

    /// The occurrences matching the predicate, sorted by start, then UID.
    ///
    /// With the default ``RecurringEventExpander`` they are read from the occurrence index
    /// (see ``OccurrenceIndex``), which is brought up to date first when the file is writable.
    /// Otherwise (another expander, other limits, a read-only file, a window far from what is
    /// indexed) they are expanded: candidate rows come from the `items_window` index (see
    /// ``eventCandidateSQL(filtered:)``), with the window widened by 14 h on both sides because
    /// floating and all-day items are stored as wall clock read as UTC. Rows are grouped by
    /// (calendar, UID); a group with a recurring master or any override is completed with all
    /// its stored rows, and each group goes to ``expander``. Its results are then held to the
    /// predicate: cancelled occurrences are dropped unless `includesCancelled`, and only those
    /// matching ``EventPredicate/matches(start:end:)`` are kept. Both ways give the same list.
    /// Unknown calendar titles throw `calendarNotFound`.
    func events(matching predicate: EventPredicate) throws -> [Occurrence] {
        let indexed = usesOccurrenceIndex
        if indexed { prepareOccurrenceIndex(for: predicate) }
        return try withConnection { db in
            try db.mapForReading()
            return try db.transaction(.deferred) {
                let ids = try calendarIDs(titled: predicate.calendarTitles, db)
                let titles = Dictionary(uniqueKeysWithValues: try calendarRows(db).map { ($0.id, $0.calendar.title) })
                if indexed, let fromIndex = try indexedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db) {
                    return fromIndex
                }
                return Self.sortedOccurrences(try expandedOccurrences(matching: predicate, calendarIDs: ids, titles: titles, db))
            }
        }
    }

    /// Positions `offset ..< offset + limit` of ``events(matching:)`` for the same predicate,
    /// and the length of that whole list. From the occurrence index, only the page's events
    /// are decoded (see ``indexedPage(matching:offset:limit:calendarIDs:titles:_:)``); otherwise
    /// the whole list is made and cut.
    func events(matching predicate: EventPredicate, offset: Int, limit: Int) throws -> OccurrencePage {
        precondition(offset >= 0 && limit >= 0, "offset and limit are counts")
        let indexed = usesOccurrenceIndex
        if indexed { prepareOccurrenceIndex(for: predicate) }
        let page: OccurrencePage? = try withConnection { db in
            try db.mapForReading()
            return try db.transaction(.deferred) {
                let ids = try calendarIDs(titled: predicate.calendarTitles, db)
                let titles = Dictionary(uniqueKeysWithValues: try calendarRows(db).map { ($0.id, $0.calendar.title) })
                guard indexed else { return nil }
                return try indexedPage(matching: predicate, offset: offset, limit: limit, calendarIDs: ids, titles: titles, db)
            }
        }
        if let page { return page }
        let all = try events(matching: predicate)
        return OccurrencePage(occurrences: Array(all.dropFirst(offset).prefix(limit)), total: all.count)
    }

    /// Incomplete reminders due in `[startDate, endDate)`; with both bounds nil, every
    /// incomplete reminder (with or without a due date). Floating and date-only due dates are
    /// read in `timeZone`.
    func predicateForIncompleteReminders(withDueDateStarting startDate: Date?, ending endDate: Date?,
                                         calendars: [EventCalendar]?, timeZone: TimeZone = .current) -> ReminderPredicate {
        ReminderPredicate(kind: .incomplete(dueStarting: startDate, ending: endDate), calendarTitles: calendars?.map(\.title), timeZone: timeZone)
    }

    /// Completed reminders whose completion date is in `[startDate, endDate)`; with both nil,
    /// every completed reminder.
    func predicateForCompletedReminders(withCompletionDateStarting startDate: Date?, ending endDate: Date?,
                                        calendars: [EventCalendar]?) -> ReminderPredicate {
        ReminderPredicate(kind: .completed(completionStarting: startDate, ending: endDate), calendarTitles: calendars?.map(\.title))
    }

    /// Every reminder in the calendars (all when nil).
    func predicateForReminders(in calendars: [EventCalendar]?) -> ReminderPredicate {
        ReminderPredicate(kind: .all, calendarTitles: calendars?.map(\.title))
    }

    /// The reminders matching the predicate with their calendars, sorted by due date (completed
    /// ones: completion date; none last), then UID.
    func reminders(matching predicate: ReminderPredicate) throws -> [StoredReminder] {
        try withConnection { db in
            try db.mapForReading()
            return try db.transaction(.deferred) {
                let ids = try calendarIDs(titled: predicate.calendarTitles, db)
                let titles = Dictionary(uniqueKeysWithValues: try calendarRows(db).map { ($0.id, $0.calendar.title) })
                var sql = "SELECT calendar_id, model, source_text FROM items WHERE kind = 'reminder'"
                var values: [SQLValue] = []
                func bound(_ condition: String, _ date: Date?, slack: TimeInterval) {
                    guard let date else { return }
                    values.append(.real(date.timeIntervalSince1970 + slack))
                    sql += " AND \(condition) ?\(values.count)"
                }
                switch predicate.kind {
                case .all: break
                case .incomplete(let start, let end):
                    sql += " AND completed = 0"
                    bound("due >=", start, slack: -ItemRow.floatingSlack)
                    bound("due <", end, slack: ItemRow.floatingSlack)
                case .completed(let start, let end):
                    sql += " AND completed = 1"
                    bound("completion_date >=", start, slack: 0)
                    bound("completion_date <", end, slack: 0)
                }
                if let ids {
                    values.append(.text(Self.jsonArray(ids)))
                    sql += " AND calendar_id IN (SELECT value FROM json_each(?\(values.count)))"
                }
                var found: [(StoredReminder, Date?)] = []
                try db.forEachRow(sql, values) { row in
                    let reminder = try row.withBlob(1) { bytes throws(StoreError) in try ItemCodec.decodeReminder(bytes, sourceText: row.text(2)) }
                    let key: Date?
                    switch predicate.kind {
                    case .all:
                        key = placedDue(reminder, in: predicate.timeZone)
                    case .incomplete(let start, let end):
                        key = placedDue(reminder, in: predicate.timeZone)
                        if start != nil || end != nil {
                            guard let due = key else { return }
                            if let start, due < start { return }
                            if let end, due >= end { return }
                        }
                    case .completed:
                        key = reminder.completionDate
                    }
                    found.append((StoredReminder(reminder: reminder, calendarTitle: titles[row.int64(0)] ?? ""), key))
                }
                return found.sorted { a, b in
                    switch (a.1, b.1) {
                    case let (x?, y?) where x != y: return x < y
                    case (.some, nil): return true
                    case (nil, .some): return false
                    default: return a.0.reminder.uid < b.0.reminder.uid
                    }
                }.map(\.0)
            }
        }
    }
}

extension EventStore {
    /// `[1,2,3]`: calendar ids as a JSON array, for `json_each`.
    static func jsonArray(_ ids: [Int64]) -> String {
        "[" + ids.map { String($0) }.joined(separator: ",") + "]"
    }
}
