import CalendarModel
import Foundation

// MARK: - Public API

public extension EventStore {
    /// How many events (a series counts once) and reminders each calendar holds, by
    /// ``EventCalendar/calendarIdentifier``.
    func itemCounts() throws -> [String: (events: Int, reminders: Int)] {
        try withConnection { db in
            try db.transaction(.deferred) {
                var counts: [String: (events: Int, reminders: Int)] = [:]
                try db.forEachRow("""
                    SELECT c.identifier,
                           count(DISTINCT CASE WHEN i.kind = 'event' THEN i.uid END),
                           count(DISTINCT CASE WHEN i.kind = 'reminder' THEN i.uid END)
                    FROM calendars c LEFT JOIN items i ON i.calendar_id = c.id
                    GROUP BY c.id
                    """) { row in
                    guard let identifier = row.text(0) else { return }
                    counts[identifier] = (Int(row.int64(1)), Int(row.int64(2)))
                }
                return counts
            }
        }
    }
}
