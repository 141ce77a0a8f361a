import CalendarModel
import CalendarStore
import Foundation

/// `complete`, `delete` and `edit`: changes to stored items, with EventKit's spans for series
/// (`--occurrence WHEN` is `EKSpan.thisEvent`, adding `--future` is `EKSpan.futureEvents`).
///
/// Every change bumps SEQUENCE and sets LAST-MODIFIED and DTSTAMP to now. Changes that touch
/// several rows of one series (a master and its overrides, or a split into two series) are
/// written as one import of those rows into their calendar, so they land in one transaction;
/// the calendar's read-only flag is checked first.
enum EditCommands {
    static func touch(_ event: inout Event, _ now: Date) {
        event.sequence += 1
        event.lastModifiedDate = now
        event.timestamp = now
    }

    static func touch(_ reminder: inout Reminder, _ now: Date) {
        reminder.sequence += 1
        reminder.lastModifiedDate = now
        reminder.timestamp = now
    }

    // MARK: complete

    /// `complete UID [--undo]`: sets (or clears) completion and its date. Completing a completed
    /// reminder changes nothing.
    static func complete(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let uid = invocation.arguments.value(StoreCommands.uid) ?? ""
        let undo = invocation.arguments.has("undo")
        let now = AddCommands.now(invocation.io)
        try StoreAccess.with(invocation) { store in
            guard let stored = try store.reminder(withUID: uid) else {
                if try store.event(withUID: uid) != nil {
                    throw CLIError.failure("'\(uid)' is an event; only reminders can be completed")
                }
                throw CLIError.noSuchItem("no reminder with UID '\(uid)'")
            }
            var reminder = stored.reminder
            if reminder.isCompleted == !undo { return }
            reminder.isCompleted = !undo
            reminder.completionDate = undo ? nil : now
            reminder.status = undo ? .needsAction : .completed
            if reminder.percentComplete != nil { reminder.percentComplete = undo ? 0 : 100 }
            touch(&reminder, now)
            try store.save(reminder, in: stored.calendarTitle)
        }
        return .ok
    }

    // MARK: series

    /// WHEN in the series' own convention: an instant for zoned series, the wall clock in the
    /// invocation's zone (read as UTC) for floating and all-day ones.
    static func seriesDate(_ when: Date, of event: Event, zone: TimeZone) -> Date {
        event.isAllDay || event.timeZone == nil ? AddCommands.wallClock(when, in: zone) : when
    }

    /// Resolves `--occurrence` for `uid`: the RECURRENCE-ID of an occurrence the event has there.
    static func occurrence(_ invocation: Invocation, uid: String, store: EventStore) throws -> Date {
        guard let when = invocation.arguments.date(StoreCommands.occurrence) else {
            throw CLIError.failure("missing --occurrence")
        }
        guard let series = try store.eventSeries(uid: uid), let main = series.main else {
            if try store.reminder(withUID: uid) != nil {
                throw CLIError.failure("'\(uid)' is a reminder; --occurrence applies to events")
            }
            throw CLIError.noSuchItem("no event with UID '\(uid)'")
        }
        let recurrenceID = seriesDate(when, of: main, zone: invocation.timeZone)
        do {
            try store.requireOccurrence(series, uid: uid, at: recurrenceID, zone: invocation.timeZone)
        } catch let error as StoreError where error.reason == .itemNotFound {
            throw CLIError.noSuchItem("'\(uid)' has no occurrence at \(invocation.arguments.value(StoreCommands.occurrence) ?? "")")
        }
        return recurrenceID
    }

    // MARK: delete

    /// `delete UID [--occurrence WHEN [--future]]`.
    static func delete(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let uid = args.value(StoreCommands.uid) ?? ""
        let now = AddCommands.now(invocation.io)
        try StoreAccess.with(invocation) { store in
            guard args.date(StoreCommands.occurrence) != nil else {
                if let event = try store.event(withUID: uid) {
                    try store.removeItem(uid: uid, in: event.calendarTitle)
                } else if let reminder = try store.reminder(withUID: uid) {
                    try store.removeItem(uid: uid, in: reminder.calendarTitle)
                } else {
                    throw CLIError.noSuchItem("no item with UID '\(uid)'")
                }
                return
            }
            let recurrenceID = try occurrence(invocation, uid: uid, store: store)
            try store.removeEvent(uid: uid, occurrenceDate: recurrenceID, span: args.has("future") ? .futureEvents : .thisEvent,
                                  timeZone: invocation.timeZone, now: now)
        }
        return .ok
    }

    // MARK: edit

    /// The field changes of an `edit`.
    struct Changes {
        var title: String?
        var location: String?
        var notes: String?
        var url: URL?
        /// New start and end as WHEN instants (converted per event).
        var start: Date?
        var end: Date?

        var isEmpty: Bool { title == nil && location == nil && notes == nil && url == nil && start == nil && end == nil }

        /// Applies the changes to `event`; a new start without a new end keeps the length.
        func apply(to event: inout Event, zone: TimeZone) throws(CLIError) {
            if let title { event.title = title }
            if let location { event.location = location }
            if let notes { event.notes = notes }
            if let url { event.url = url }
            let length = event.endDate.timeIntervalSince(event.startDate)
            if let start {
                event.startDate = seriesDate(start, of: event, zone: zone)
                event.endDate = event.startDate.addingTimeInterval(length)
                event.duration = nil
            }
            if let end {
                event.endDate = seriesDate(end, of: event, zone: zone)
                event.duration = nil
            }
            guard event.endDate >= event.startDate else { throw CLIError.failure("the new end is before the new start") }
        }
    }

    /// `edit UID [--occurrence WHEN [--future]] [--title T] [--start WHEN] [--end WHEN]
    /// [--location L] [--notes N] [--url U]`. Splitting a series prints the new series' UID.
    static func edit(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let zone = invocation.timeZone
        let uid = args.value(StoreCommands.uid) ?? ""
        let now = AddCommands.now(invocation.io)
        var changes = Changes(title: args.value(StoreCommands.editTitle), location: args.value(StoreCommands.editLocation),
                              notes: args.value(StoreCommands.editNotes), start: args.date(StoreCommands.editStart),
                              end: args.date(StoreCommands.editEnd))
        if let text = args.value(StoreCommands.editURL) {
            guard let url = URL(string: text), url.scheme != nil else {
                throw invocation.usageError("Invalid URL '\(text)' for '--url': expected an absolute URL such as https://example.com/")
            }
            changes.url = url
        }
        guard !changes.isEmpty else {
            throw invocation.usageError("Nothing to change: give at least one of --title, --start, --end, --location, --notes, --url")
        }
        let newUID: String? = try StoreAccess.with(invocation) { store -> String? in
            guard args.date(StoreCommands.occurrence) != nil else {
                try editWhole(uid: uid, changes: changes, invocation: invocation, now: now, store: store)
                return nil
            }
            let recurrenceID = try occurrence(invocation, uid: uid, store: store)
            let written = try store.saveEvent(uid: uid, occurrenceDate: recurrenceID, span: args.has("future") ? .futureEvents : .thisEvent,
                                              timeZone: zone, now: now) { event in try changes.apply(to: &event, zone: zone) }
            return written == uid ? nil : written
        }
        if let newUID { try invocation.io.print(newUID + "\n") }
        return .ok
    }

    /// Edits the item itself: an event's master, or a reminder.
    static func editWhole(uid: String, changes: Changes, invocation: Invocation, now: Date, store: EventStore) throws {
        let zone = invocation.timeZone
        if try store.event(withUID: uid) != nil {
            try store.saveEvent(uid: uid, occurrenceDate: nil, span: .thisEvent, timeZone: zone, now: now) { event in
                try changes.apply(to: &event, zone: zone)
            }
            return
        }
        guard let stored = try store.reminder(withUID: uid) else { throw CLIError.noSuchItem("no item with UID '\(uid)'") }
        if changes.start != nil || changes.end != nil {
            throw invocation.usageError("'--start' and '--end' apply to events; '\(uid)' is a reminder")
        }
        var reminder = stored.reminder
        if let title = changes.title { reminder.title = title }
        if let notes = changes.notes { reminder.notes = notes }
        if let location = changes.location { reminder.location = location }
        if let url = changes.url { reminder.url = url }
        touch(&reminder, now)
        try store.save(reminder, in: stored.calendarTitle)
    }
}
