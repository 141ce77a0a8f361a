import CalendarModel
import Foundation

/// Finding items by UID in every calendar, for commands that name an item (`show`, `edit`,
/// `delete`, `complete`) and must tell apart the calendars that share a UID, and the list of
/// UIDs that short item IDs are made from.
extension EventStore {
    /// One row per calendar and kind that holds `uid` (calendars first by title): the master,
    /// else the first override. The join walks `calendars` and seeks `items_key` in each.
    static let itemsWithUIDSQL = """
        SELECT i.kind, i.model, i.source_text, c.title FROM calendars c CROSS JOIN items i ON i.calendar_id = c.id
        WHERE i.uid = ?
        ORDER BY c.title, i.kind, i.recurrence_id IS NOT NULL, i.recurrence_id
        """

    /// The events and reminders with this UID, one per calendar (its master, else its first
    /// override), ordered by calendar title.
    package func items(withUID uid: String) throws -> (events: [StoredEvent], reminders: [StoredReminder]) {
        try withConnection { db in
            var events: [StoredEvent] = []
            var reminders: [StoredReminder] = []
            try db.forEachRow(Self.itemsWithUIDSQL, [.text(uid)]) { row in
                let calendar = row.text(3) ?? ""
                switch ItemKind(rawValue: row.text(0) ?? "") {
                case .event?:
                    guard events.last?.calendarTitle != calendar else { return }
                    events.append(StoredEvent(event: try ItemCodec.decodeEvent(row.blob(1), sourceText: row.text(2)), calendarTitle: calendar))
                case .reminder?:
                    guard reminders.last?.calendarTitle != calendar else { return }
                    reminders.append(StoredReminder(reminder: try ItemCodec.decodeReminder(row.blob(1), sourceText: row.text(2)), calendarTitle: calendar))
                case nil:
                    throw StoreError.invalidData("an item '\(uid)' in '\(calendar)' has an unknown kind")
                }
            }
            return (events, reminders)
        }
    }

    /// Every UID in the store, once each, in no particular order.
    package func allUIDs() throws -> [String] {
        try withConnection { db in
            var uids: [String] = []
            try db.forEachRow("SELECT DISTINCT uid FROM items") { uids.append($0.text(0) ?? "") }
            return uids
        }
    }

    /// Moves the item `uid` (an event with its overrides, or a reminder) from the calendar
    /// `source` to `target` in one transaction: both must allow changes, and `target` must not
    /// hold the UID already. The change log gets `deleted` in `source` and `added` in `target`.
    package func moveItem(uid: String, from source: String, to target: String) throws {
        guard source != target else { return }
        do {
            try batched(false) {
                if try items(withUID: uid).events.contains(where: { $0.calendarTitle == target })
                    || items(withUID: uid).reminders.contains(where: { $0.calendarTitle == target }) {
                    throw StoreError.invalidData("calendar '\(target)' already holds '\(uid)'")
                }
                let series = try eventSeries(uid: uid, calendarTitle: source)
                let events = series.map { ($0.master.map { [$0] } ?? []) + $0.overrides } ?? []
                for event in events { try save(event, in: target) }
                if events.isEmpty {
                    guard let reminder = try items(withUID: uid).reminders.first(where: { $0.calendarTitle == source }) else {
                        throw StoreError.itemNotFound(uid: uid, calendar: source)
                    }
                    try save(reminder.reminder, in: target)
                }
                try removeItem(uid: uid, in: source)
            }
            try commit()
        } catch {
            try? reset()
            throw error
        }
    }
}
