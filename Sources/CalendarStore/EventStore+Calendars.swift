import CalendarModel
import Foundation

/// One `calendars` row.
struct CalendarRow {
    var id: Int64
    var calendar: EventCalendar
    var isDefaultForEvents: Bool
    var isDefaultForReminders: Bool
    var extraProperties: [String]
    var extraComponents: [String]

    static let columns = """
        id, title, color, description, read_only, source, product_id, default_tzid, \
        is_default_events, is_default_reminders, extra_properties, extra_components, identifier
        """

    init(id: Int64, calendar: EventCalendar, isDefaultForEvents: Bool, isDefaultForReminders: Bool,
         extraProperties: [String], extraComponents: [String]) {
        self.id = id
        self.calendar = calendar
        self.isDefaultForEvents = isDefaultForEvents
        self.isDefaultForReminders = isDefaultForReminders
        self.extraProperties = extraProperties
        self.extraComponents = extraComponents
    }

    init(_ row: Statement) throws(StoreError) {
        id = row.int64(0)
        var calendar = EventCalendar(title: row.text(1) ?? "")
        calendar.color = row.text(2)
        calendar.calendarDescription = row.text(3)
        calendar.allowsContentModifications = row.int64(4) == 0
        calendar.sourceName = row.text(5)
        calendar.productID = row.text(6)
        calendar.defaultTimeZoneIdentifier = row.text(7)
        calendar.calendarIdentifier = row.text(12)
        self.calendar = calendar
        isDefaultForEvents = row.int64(8) != 0
        isDefaultForReminders = row.int64(9) != 0
        extraProperties = try ItemCodec.decodeStrings(row.text(10))
        extraComponents = try ItemCodec.decodeStrings(row.text(11))
    }
}

// MARK: - Rows (callers hold the lock)

extension EventStore {
    static let defaultEventCalendarTitle = "Calendar"
    static let defaultReminderCalendarTitle = "Reminders"

    func calendarRow(titled title: String, _ db: Connection) throws -> CalendarRow? {
        var found: CalendarRow?
        try db.forEachRow("SELECT \(CalendarRow.columns) FROM calendars WHERE title = ?", [.text(title)]) { found = try CalendarRow($0) }
        return found
    }

    func calendarRow(identifier: String, _ db: Connection) throws -> CalendarRow? {
        var found: CalendarRow?
        try db.forEachRow("SELECT \(CalendarRow.columns) FROM calendars WHERE identifier = ?", [.text(identifier)]) { found = try CalendarRow($0) }
        return found
    }

    func calendarRows(_ db: Connection) throws -> [CalendarRow] {
        var rows: [CalendarRow] = []
        try db.forEachRow("SELECT \(CalendarRow.columns) FROM calendars ORDER BY title") { rows.append(try CalendarRow($0)) }
        return rows
    }

    func requireCalendarRow(titled title: String, _ db: Connection) throws -> CalendarRow {
        guard let row = try calendarRow(titled: title, db) else { throw StoreError.calendarNotFound(title) }
        return row
    }

    /// The calendar, when its content may be written; else `readOnlyCalendar`.
    func writableCalendarRow(titled title: String, _ db: Connection) throws -> CalendarRow {
        let row = try requireCalendarRow(titled: title, db)
        guard row.calendar.allowsContentModifications else { throw try readOnlyError(row, db) }
        return row
    }

    @discardableResult
    func insertCalendar(_ calendar: EventCalendar, extraProperties: [String] = [], extraComponents: [String] = [], _ db: Connection) throws -> Int64 {
        guard !calendar.title.isEmpty else { throw StoreError.invalidData("a calendar needs a title") }
        try db.run("""
            INSERT INTO calendars (identifier, title, color, description, read_only, source, product_id, default_tzid,
                                   extra_properties, extra_components)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(calendar.calendarIdentifier ?? Schema.newCalendarIdentifier()), .text(calendar.title), SQLValue(calendar.color), SQLValue(calendar.calendarDescription),
                  SQLValue(!calendar.allowsContentModifications), SQLValue(calendar.sourceName), SQLValue(calendar.productID),
                  SQLValue(calendar.defaultTimeZoneIdentifier), .text(try ItemCodec.encodeStrings(extraProperties)),
                  .text(try ItemCodec.encodeStrings(extraComponents))])
        return db.lastInsertedRowID
    }

    /// Writes the calendar's properties, its title included (a rename when it differs).
    func updateCalendar(id: Int64, _ calendar: EventCalendar, extraProperties: [String], extraComponents: [String], _ db: Connection) throws {
        guard !calendar.title.isEmpty else { throw StoreError.invalidData("a calendar needs a title") }
        try db.run("""
            UPDATE calendars SET title = ?, color = ?, description = ?, read_only = ?, source = ?, product_id = ?, default_tzid = ?,
                                 extra_properties = ?, extra_components = ?
            WHERE id = ?
            """, [.text(calendar.title), SQLValue(calendar.color), SQLValue(calendar.calendarDescription), SQLValue(!calendar.allowsContentModifications),
                  SQLValue(calendar.sourceName), SQLValue(calendar.productID), SQLValue(calendar.defaultTimeZoneIdentifier),
                  .text(try ItemCodec.encodeStrings(extraProperties)), .text(try ItemCodec.encodeStrings(extraComponents)),
                  .integer(id)])
    }

    /// Appends one change-log row.
    func logChange(_ kind: Change.Kind, uid: String, calendar: String, _ db: Connection) throws {
        try db.run(PendingChanges.insertOne, [.text(calendar), .text(uid), .text(kind.rawValue)])
    }

    private func defaultCalendar(flag: String, fallbackTitle: String) throws -> EventCalendar {
        try withConnection { db in
            try db.transaction(.immediate) {
                var flagged: CalendarRow?
                try db.forEachRow("SELECT \(CalendarRow.columns) FROM calendars WHERE \(flag) = 1") { flagged = try CalendarRow($0) }
                if let flagged { return flagged.calendar }
                let row: CalendarRow
                if let existing = try calendarRow(titled: fallbackTitle, db) {
                    guard existing.calendar.allowsContentModifications else { throw StoreError.readOnlyCalendar(fallbackTitle) }
                    row = existing
                } else {
                    try insertCalendar(EventCalendar(title: fallbackTitle), db)
                    row = try requireCalendarRow(titled: fallbackTitle, db)
                }
                try db.run("UPDATE calendars SET \(flag) = 1 WHERE id = ?", [.integer(row.id)])
                return row.calendar
            }
        }
    }

    private func setDefault(flag: String, title: String) throws {
        try withConnection { db in
            try db.transaction(.immediate) {
                let row = try writableCalendarRow(titled: title, db)
                try db.run("UPDATE calendars SET \(flag) = 0 WHERE \(flag) = 1")
                try db.run("UPDATE calendars SET \(flag) = 1 WHERE id = ?", [.integer(row.id)])
            }
        }
    }
}

// MARK: - Public API

public extension EventStore {
    /// All calendars, sorted by title.
    func calendars() throws -> [EventCalendar] {
        try withConnection { db in try calendarRows(db).map(\.calendar) }
    }

    func calendar(titled title: String) throws -> EventCalendar? {
        try withConnection { db in try calendarRow(titled: title, db)?.calendar }
    }

    /// The calendar with this ``EventCalendar/calendarIdentifier``, whatever its title now.
    func calendar(withIdentifier identifier: String) throws -> EventCalendar? {
        try withConnection { db in try calendarRow(identifier: identifier, db)?.calendar }
    }

    /// Creates the calendar, or updates the properties of the one it is: the one with its
    /// ``EventCalendar/calendarIdentifier`` (renamed when the title differs; another calendar
    /// with that title throws `invalidData`), else the one with its title. Its items, time zones
    /// and default flags stay. Changing a read-only calendar's own properties is allowed; that
    /// is how it is made writable again. Returns the calendar as stored, with its identifier.
    @discardableResult
    func saveCalendar(_ calendar: EventCalendar) throws -> EventCalendar {
        try withConnection { db in
            try db.transaction(.immediate) {
                if let identifier = calendar.calendarIdentifier, let existing = try calendarRow(identifier: identifier, db) {
                    if existing.calendar.title != calendar.title, try calendarRow(titled: calendar.title, db) != nil {
                        throw StoreError.invalidData("a calendar titled '\(calendar.title)' exists already")
                    }
                    try updateCalendar(id: existing.id, calendar, extraProperties: existing.extraProperties,
                                       extraComponents: existing.extraComponents, db)
                    return try requireCalendarRow(titled: calendar.title, db).calendar
                }
                if let existing = try calendarRow(titled: calendar.title, db) {
                    var kept = calendar
                    kept.calendarIdentifier = existing.calendar.calendarIdentifier
                    try updateCalendar(id: existing.id, kept, extraProperties: existing.extraProperties,
                                       extraComponents: existing.extraComponents, db)
                } else {
                    try insertCalendar(calendar, db)
                    try logChange(.calendarCreated, uid: "", calendar: calendar.title, db)
                }
                return try requireCalendarRow(titled: calendar.title, db).calendar
            }
        }
    }

    /// Removes the calendar with its items and time zones, logging a deletion per UID and then
    /// the calendar's.
    /// Allowed for read-only calendars too (unsubscribing from a feed).
    func removeCalendar(titled title: String) throws {
        try withConnection { db in
            try db.transaction(.immediate) {
                let row = try requireCalendarRow(titled: title, db)
                var uids: [String] = []
                try db.forEachRow("SELECT DISTINCT uid FROM items WHERE calendar_id = ? ORDER BY uid", [.integer(row.id)]) { uids.append($0.text(0) ?? "") }
                for uid in uids { try logChange(.deleted, uid: uid, calendar: title, db) }
                try db.run("DELETE FROM calendars WHERE id = ?", [.integer(row.id)])   // items, time zones cascade
                try logChange(.calendarDeleted, uid: "", calendar: title, db)
            }
        }
    }

    /// The calendar new events go to: the one marked default, else "Calendar" (created if
    /// missing, and then marked). Throws `readOnlyCalendar` when "Calendar" exists read-only.
    func defaultCalendarForNewEvents() throws -> EventCalendar {
        try defaultCalendar(flag: "is_default_events", fallbackTitle: Self.defaultEventCalendarTitle)
    }

    /// The calendar new reminders go to: the one marked default, else "Reminders".
    func defaultCalendarForNewReminders() throws -> EventCalendar {
        try defaultCalendar(flag: "is_default_reminders", fallbackTitle: Self.defaultReminderCalendarTitle)
    }

    /// Marks a writable calendar as the default for new events (unmarking the previous one).
    func setDefaultCalendarForNewEvents(titled title: String) throws {
        try setDefault(flag: "is_default_events", title: title)
    }

    func setDefaultCalendarForNewReminders(titled title: String) throws {
        try setDefault(flag: "is_default_reminders", title: title)
    }
}
