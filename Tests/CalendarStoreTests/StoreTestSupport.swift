import CalendarModel
import CalendarStore
import Foundation
import Testing

/// A fresh directory per test, removed afterwards (GRDB's `makeDatabaseQueue` pattern).
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// A fresh store in a fresh directory, closed (and checked closable) afterwards.
func withStore<T>(expander: any OccurrenceExpanding = RecurringEventExpander(), _ body: (EventStore) throws -> T) throws -> T {
    try withTemporaryDirectory { directory in
        let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path, expander: expander)
        let result = try body(store)
        try store.close()
        return result
    }
}

/// UTC instant from fields (epoch literal helper).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
    utcDate(year: year, month: month, day: day, hour: hour, minute: minute)
}

func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier))
}

/// A zoned (UTC) event.
func makeEvent(_ uid: String, _ title: String = "", start: Date, minutes: Int = 60, sequence: Int = 0) -> Event {
    var event = Event(uid: uid, title: title.isEmpty ? uid : title, startDate: start, endDate: start.addingTimeInterval(TimeInterval(minutes * 60)))
    event.timeZone = .gmt
    event.timeZoneIdentifier = "UTC"
    event.sequence = sequence
    return event
}

func makeDocument(_ title: String, events: [Event] = [], reminders: [Reminder] = [], source: String? = nil) -> CalendarDocument {
    var calendar = EventCalendar(title: title)
    calendar.sourceName = source
    var document = CalendarDocument(calendar: calendar)
    document.events = events
    document.reminders = reminders
    return document
}

/// Every row of every table, to compare a store before and after a failed write.
func dumpTables(_ store: EventStore) throws -> [String: [[SQLValue]]] {
    try store.withRawConnection { db in
        var dump: [String: [[SQLValue]]] = [:]
        for table in ["calendars", "calendar_time_zones", "items", "changes", "sqlite_sequence"] {
            dump[table] = try db.rows("SELECT * FROM \(table) ORDER BY 1, 2")
        }
        // Calendar identifiers are random: two stores made alike differ in them alone.
        dump["calendars"] = try db.rows("SELECT * FROM calendars ORDER BY 1, 2").map { Array($0.dropLast()) }
        return dump
    }
}

/// An expander that records what the store handed it, then delegates to the store's own.
final class RecordingExpander: OccurrenceExpanding, @unchecked Sendable {
    struct Call { var master: Event?; var overrides: [Event]; var timeZones: [TimeZoneDefinition] }
    private let lock = NSLock()
    private var recorded: [Call] = []
    var calls: [Call] { lock.withLock { recorded } }
    var eventsSeen: Int { calls.reduce(0) { $0 + ($1.master == nil ? 0 : 1) + $1.overrides.count } }

    func occurrences(master: Event?, overrides: [Event], timeZones: [TimeZoneDefinition],
                     calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] {
        lock.withLock { recorded.append(Call(master: master, overrides: overrides, timeZones: timeZones)) }
        return try RecurringEventExpander().occurrences(master: master, overrides: overrides, timeZones: timeZones,
                                                     calendarTitle: calendarTitle, matching: predicate)
    }
}
