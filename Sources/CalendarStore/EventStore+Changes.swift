import CalendarModel
import Foundation

/// An `items` row as read for comparison: key, version fields and the encoded model.
struct StoredRow {
    var id: Int64
    var kind: ItemKind
    var model: [UInt8]
    var sourceText: [UInt8]?
    var sequence: Int
    var lastModified: Double?
    var dtstamp: Double?
}

// MARK: - Rows (callers hold the lock)

extension EventStore {
    /// One item by its key (calendar, UID, RECURRENCE-ID or NULL). The key's third part is
    /// written as the unique index `items_key` has it, so the lookup uses all of that index:
    /// with `recurrence_id IS ?` it used (calendar_id, uid) only and read every override of the
    /// UID for each one (quadratic in a series' overrides).
    package static let storedRowSQL = """
        SELECT id, kind, model, source_text, sequence, last_modified, dtstamp FROM items
        WHERE calendar_id = ? AND uid = ? AND coalesce(recurrence_id, 'master') = coalesce(?, 'master')
        """

    func storedRow(calendarID: Int64, uid: String, recurrenceID: Double?, _ db: Connection) throws -> StoredRow? {
        var found: StoredRow?
        try db.forEachRow(Self.storedRowSQL, [.integer(calendarID), .text(uid), SQLValue(recurrenceID)]) { row in
            guard let kind = ItemKind(rawValue: row.text(1) ?? "") else {
                throw StoreError.invalidData("item '\(uid)' has an unknown kind '\(row.text(1) ?? "")'")
            }
            found = StoredRow(id: row.int64(0), kind: kind, model: row.blob(2), sourceText: row.textBytes(3),
                              sequence: Int(row.int64(4)), lastModified: row.optionalDouble(5), dtstamp: row.optionalDouble(6))
        }
        return found
    }

    func uidExists(calendarID: Int64, uid: String, _ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT 1 FROM items WHERE calendar_id = ? AND uid = ? LIMIT 1", [.integer(calendarID), .text(uid)]) != nil
    }

    /// Inserts a row; every insert into `items` goes through here or through the import's
    /// ``ItemRow/insertUnlessPresentSQL`` followed by ``markInserted(_:_:)``.
    func insertItem(_ row: ItemRow, _ db: Connection) throws {
        try db.run(ItemRow.insertSQL, row.values)
        try markInserted(row, db)
    }

    /// Marks an inserted event's series stale in the occurrence index, when the index is in use
    /// (see ``OccurrenceIndex``). A trigger did this until schema version 5: SQLite ran the
    /// trigger's program, with a statement journal, for every row an import inserted, and that
    /// was about a third of the import's writing thread even while the index was empty.
    func markInserted(_ row: ItemRow, _ db: Connection) throws {
        guard row.kind == .event else { return }
        try db.run(OccurrenceIndex.markStaleSQL, [.integer(row.calendarID), .text(row.uid)])
    }

    func updateItem(id: Int64, _ row: ItemRow, _ db: Connection) throws {
        try db.run(ItemRow.updateSQL, row.values + [.integer(id)])
    }

    /// Writes one item edited by the caller: added, updated, or nothing when identical.
    private func saveItem(uid: String, calendarTitle: String, makeRow: (Int64) throws -> ItemRow) throws {
        try withConnection { db in
            try db.transaction(.immediate) {
                let calendar = try writableCalendarRow(titled: calendarTitle, db)
                let row = try makeRow(calendar.id)
                if let stored = try storedRow(calendarID: calendar.id, uid: uid, recurrenceID: row.recurrenceID, db) {
                    if stored.kind == row.kind && stored.model == row.model && stored.sourceText == row.sourceText { return }
                    try updateItem(id: stored.id, row, db)
                    try logChange(.updated, uid: uid, calendar: calendarTitle, db)
                } else {
                    let existed = try uidExists(calendarID: calendar.id, uid: uid, db)
                    try insertItem(row, db)
                    try logChange(existed ? .updated : .added, uid: uid, calendar: calendarTitle, db)
                }
            }
        }
    }

    /// The item with this UID and kind, in any calendar: a master before an override, then by
    /// calendar title. Each calendar (`CROSS JOIN` keeps them the outer loop) is searched
    /// through `items_key`, which leads with the calendar and the UID.
    static let firstStoredSQL = """
        SELECT i.model, i.source_text, c.title FROM calendars c CROSS JOIN items i ON i.calendar_id = c.id
        WHERE i.uid = ? AND i.kind = ?
        ORDER BY i.recurrence_id IS NOT NULL, c.title, i.recurrence_id LIMIT 1
        """

    private func firstStored(uid: String, kind: ItemKind) throws -> (model: [UInt8], source: String?, calendar: String)? {
        try withConnection { db in
            var found: ([UInt8], String?, String)?
            try db.forEachRow(Self.firstStoredSQL, [.text(uid), .text(kind.rawValue)]) { row in
                found = (row.blob(0), row.text(1), row.text(2) ?? "")
            }
            return found
        }
    }
}

// MARK: - Public API

public extension EventStore {
    /// Adds or replaces the event (key: calendar, UID, RECURRENCE-ID) and logs the change. Its
    /// original text is kept only while `event.source?.isUnchanged(event) == true`; an edited
    /// event is exported from the model. Saving an identical event writes nothing.
    package func save(_ event: Event, in calendarTitle: String) throws {
        try saveItem(uid: event.uid, calendarTitle: calendarTitle) { try ItemRow(event: event, calendarID: $0) }
    }

    package func save(_ reminder: Reminder, in calendarTitle: String) throws {
        try saveItem(uid: reminder.uid, calendarTitle: calendarTitle) { try ItemRow(reminder: reminder, calendarID: $0) }
    }

    /// Removes every item with this UID (master and overrides) from the calendar.
    package func removeItem(uid: String, in calendarTitle: String) throws {
        try withConnection { db in
            try db.transaction(.immediate) {
                let calendar = try writableCalendarRow(titled: calendarTitle, db)
                try db.run("DELETE FROM items WHERE calendar_id = ? AND uid = ?", [.integer(calendar.id), .text(uid)])
                guard db.changedRowCount > 0 else { throw StoreError.itemNotFound(uid: uid, calendar: calendarTitle) }
                try logChange(.deleted, uid: uid, calendar: calendarTitle, db)
            }
        }
    }

    /// The event with this UID: its master (else its first override), from the first calendar
    /// by title that holds it.
    func event(withUID uid: String) throws -> StoredEvent? {
        guard let found = try firstStored(uid: uid, kind: .event) else { return nil }
        return StoredEvent(event: try ItemCodec.decodeEvent(found.model, sourceText: found.source), calendarTitle: found.calendar)
    }

    func reminder(withUID uid: String) throws -> StoredReminder? {
        guard let found = try firstStored(uid: uid, kind: .reminder) else { return nil }
        return StoredReminder(reminder: try ItemCodec.decodeReminder(found.model, sourceText: found.source), calendarTitle: found.calendar)
    }

    /// Everything export needs for one calendar: its properties, events (masters then their
    /// overrides, by UID), reminders, VTIMEZONEs (by TZID) and unknown lines/components. Items
    /// carry their original text as `source` while unedited.
    func document(forCalendar title: String) throws -> CalendarDocument {
        try withConnection { db in
            try db.transaction(.deferred) {
                let row = try requireCalendarRow(titled: title, db)
                var document = try exportHeader(row, db)
                try db.forEachRow(EventStore.exportItemsSQL, [.integer(row.id)]) { item in
                    switch ItemKind(rawValue: item.text(0) ?? "") {
                    case .event: document.events.append(try item.withBlob(1) { bytes throws(StoreError) in try ItemCodec.decodeEvent(bytes, sourceText: item.text(2)) })
                    case .reminder: document.reminders.append(try item.withBlob(1) { bytes throws(StoreError) in try ItemCodec.decodeReminder(bytes, sourceText: item.text(2)) })
                    case nil: throw StoreError.invalidData("an item in '\(title)' has an unknown kind")
                    }
                }
                return document
            }
        }
    }

    /// The newest change token (0 for a store without changes).
    func currentChangeToken() throws -> Int64 {
        try withConnection { db in try db.scalarInt("SELECT coalesce(max(token), 0) FROM changes") ?? 0 }
    }

    /// The changes logged after `token`, oldest first, and the token to pass next time.
    func changes(since token: Int64) throws -> (token: Int64, changes: [Change]) {
        try withConnection { db in
            try db.transaction(.deferred) {
                var changes: [Change] = []
                try db.forEachRow("SELECT token, calendar, uid, change FROM changes WHERE token > ? ORDER BY token", [.integer(token)]) { row in
                    guard let kind = Change.Kind(rawValue: row.text(3) ?? "") else {
                        throw StoreError.invalidData("change \(row.int64(0)) has an unknown kind")
                    }
                    changes.append(Change(token: row.int64(0), uid: row.text(2) ?? "", calendarTitle: row.text(1) ?? "", kind: kind))
                }
                let current = try db.scalarInt("SELECT coalesce(max(token), 0) FROM changes") ?? 0
                return (max(current, changes.last?.token ?? 0), changes)
            }
        }
    }
}
