import CalendarModel
import Foundation

/// Saving and removing as `EKEventStore` does: `save(_:span:commit:)`, `remove(_:span:commit:)`,
/// `commit()` and `reset()`.
///
/// A change saved with `commit: true` (the default) is written in its own transaction. With
/// `commit: false` it is written into a transaction that stays open: this store's later reads
/// see it, other connections do not, and ``commit()`` writes every change of the batch at
/// once (``reset()`` or closing the store discards them). While a batch is open, other writers
/// of the file wait (SQLite allows one writer), so keep batches short. A change that fails
/// inside a batch is undone alone; the batch stays open with the changes before it. A change
/// saved with `commit: true` while a batch is open commits the batch with it, as in EventKit.
public extension EventStore {
    /// Saves a new event, or replaces the stored item with its UID and RECURRENCE-ID, in
    /// `calendar` (which must allow changes).
    func save(_ event: Event, in calendar: EventCalendar, commit: Bool = true) throws {
        try batched(commit) { try save(event, in: calendar.title) }
    }

    /// Saves the changes made to `occurrence.event`, an occurrence from ``events(matching:)``.
    /// Its start and end are the occurrence's; `span` says how far the change reaches:
    /// - a single event, or an override, is changed itself;
    /// - `.thisEvent` of a recurring series writes an override for that occurrence;
    /// - `.futureEvents` ends the series before the occurrence and starts a new series (a new
    ///   UID) there with the changes; from the first occurrence, it changes the whole series.
    /// Recurrence rules and dates are taken from the edit only where the whole series is saved.
    /// The calendar is `occurrence.calendarTitle`; SEQUENCE goes up by one and LAST-MODIFIED
    /// and DTSTAMP are set to now. Returns the UID of the series that holds the change.
    ///
    /// Edit `occurrence.event`: its start and end are the occurrence's in the event's own
    /// convention (floating and all-day times as their wall clock read as UTC), where
    /// `occurrence.startDate` is that time placed in the predicate's zone.
    @discardableResult
    func save(_ occurrence: Occurrence, span: Span, commit: Bool = true) throws -> String {
        let edited = occurrence.event
        var written = edited.uid
        try batched(commit) {
            written = try saveEvent(uid: edited.uid, occurrenceDate: occurrence.occurrenceDate, span: span,
                                    timeZone: Self.seriesConventionZone, calendarTitle: occurrence.calendarTitle) { target in
                target = Self.applying(edited, to: target)
            }
        }
        return written
    }

    /// Removes `occurrence` (`.thisEvent`: an EXDATE, or the event when it does not recur) or it
    /// and every later one (`.futureEvents`: the series ends before it), from the calendar
    /// `occurrence.calendarTitle`.
    func remove(_ occurrence: Occurrence, span: Span, commit: Bool = true) throws {
        let uid = occurrence.event.uid
        try batched(commit) {
            try removeEvent(uid: uid, occurrenceDate: occurrence.isRecurring ? occurrence.occurrenceDate : nil, span: span,
                            timeZone: Self.seriesConventionZone, calendarTitle: occurrence.calendarTitle)
        }
    }

    /// Saves a new reminder, or replaces the stored one with its UID, in `calendar`.
    func save(_ reminder: Reminder, in calendar: EventCalendar, commit: Bool = true) throws {
        try batched(commit) { try save(reminder, in: calendar.title) }
    }

    /// Removes the reminder from the calendar that holds it.
    func remove(_ reminder: StoredReminder, commit: Bool = true) throws {
        try batched(commit) { try removeItem(uid: reminder.reminder.uid, in: reminder.calendarTitle) }
    }

    /// Writes the changes saved with `commit: false` since the last `commit()` or `reset()` in
    /// one transaction. Without such changes, does nothing.
    func commit() throws {
        try withConnection { db in
            if db.isInTransaction { try db.execute("COMMIT") }
        }
    }

    /// Discards the changes saved with `commit: false` since the last `commit()` or `reset()`.
    func reset() throws {
        try withConnection { db in
            if db.isInTransaction { try db.execute("ROLLBACK") }
        }
    }
}

extension EventStore {
    /// Occurrence dates of floating and all-day series hold their wall clock read as UTC; placed
    /// in UTC, they are found again as they are.
    static let seriesConventionZone = TimeZone(identifier: "UTC")!

    /// Runs `change` in the open batch (opening one when `commit` is false), then commits the
    /// batch when `commit` is true.
    func batched(_ commit: Bool, _ change: () throws -> Void) throws {
        if !commit {
            try withConnection { db in
                if !db.isInTransaction { try db.execute("BEGIN IMMEDIATE") }
            }
        }
        try change()
        if commit { try self.commit() }
    }

    /// `target` (the stored item, the override made for an occurrence, or the first event of a
    /// new series) with the fields of `edited`. What identifies `target` and its history stays;
    /// its recurrence stays too unless `target` is the whole series `edited` came from.
    static func applying(_ edited: Event, to target: Event) -> Event {
        var result = edited
        result.uid = target.uid
        result.occurrenceDate = target.occurrenceDate
        result.occurrenceDateIsAllDay = target.occurrenceDateIsAllDay
        result.appliesToFutureOccurrences = target.appliesToFutureOccurrences
        result.sequence = target.sequence
        result.creationDate = target.creationDate
        result.lastModifiedDate = target.lastModifiedDate
        result.timestamp = target.timestamp
        result.source = target.source
        // Times left as they were keep their form (DURATION or DTEND); moved ones are written as DTEND.
        result.duration = edited.startDate == target.startDate && edited.endDate == target.endDate ? target.duration : nil
        let isWholeSeries = target.uid == edited.uid && target.occurrenceDate == nil
        if !isWholeSeries {
            result.recurrenceRules = target.recurrenceRules
            result.exceptionRules = target.exceptionRules
            result.recurrenceDates = target.recurrenceDates
            result.exceptionDates = target.exceptionDates
        }
        return result
    }
}
