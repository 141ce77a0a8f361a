import CalendarModel
import CalendarStore
import Foundation

/// `complete`, `delete` and `edit`: changes to stored items, with EventKit's spans for series
/// (`--occurrence WHEN` is `EKSpan.thisEvent`, adding `--future` is `EKSpan.futureEvents`).
/// Items are named by UID or short ID (``ItemReference``), with `--calendar NAME` when several
/// calendars hold the UID.
///
/// Every change bumps SEQUENCE and sets LAST-MODIFIED and DTSTAMP to now. Changes that touch
/// several rows of one series (a master and its overrides, or a split into two series) are
/// written as one import of those rows into their calendar, so they land in one transaction;
/// the calendar's read-only flag is checked first.
enum EditCommands {
    static func touch(_ reminder: inout Reminder, _ now: Date) {
        reminder.sequence += 1
        reminder.lastModifiedDate = now
        reminder.timestamp = now
    }

    /// Marks a reminder completed at `now`, or not completed.
    static func setCompleted(_ reminder: inout Reminder, _ completed: Bool, now: Date) {
        guard reminder.isCompleted != completed else { return }
        reminder.isCompleted = completed
        reminder.completionDate = completed ? now : nil
        reminder.status = completed ? .completed : .needsAction
        if reminder.percentComplete != nil { reminder.percentComplete = completed ? 100 : 0 }
    }

    // MARK: complete

    /// `complete ID [--undo] [--calendar NAME]`: sets (or clears) completion and its date.
    /// Completing a completed reminder changes nothing.
    static func complete(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let undo = invocation.arguments.has("undo")
        let now = AddCommands.now(invocation.io)
        try StoreAccess.with(invocation) { store in
            let found = try ItemReference.all(invocation, in: store)
            let reminders = found.filter { if case .reminder = $0 { true } else { false } }
            guard case .reminder(let stored)? = reminders.first else {
                throw CLIError.failure("'\(found.first?.uid ?? "")' is an event; only reminders can be completed")
            }
            guard reminders.count == 1 else { throw ItemReference.ambiguity(reminders, invocation) }
            var reminder = stored.reminder
            if reminder.isCompleted == !undo { return }
            setCompleted(&reminder, !undo, now: now)
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

    /// Resolves `--occurrence WHEN` for the stored event: WHEN is read in the event's own zone
    /// (the invocation's for floating and all-day events); the result is the RECURRENCE-ID of
    /// an occurrence the event has there. None there exits 68 and lists that day's occurrences.
    static func occurrence(_ invocation: Invocation, of stored: StoredEvent, store: EventStore) throws -> Date {
        let uid = stored.event.uid
        let raw = invocation.arguments.value(StoreCommands.occurrence) ?? ""
        guard let series = try store.eventSeries(uid: uid, calendarTitle: stored.calendarTitle), let main = series.main else {
            throw CLIError.noSuchItem("no event with UID '\(uid)'")
        }
        let zone = main.isAllDay ? invocation.timeZone : main.timeZone ?? invocation.timeZone
        let when: Date
        do {
            when = try WhenParser(timeZone: zone, now: invocation.io.now()).parse(raw)
        } catch {
            var failure = error
            failure.option = StoreCommands.occurrence.displayName
            throw invocation.usageError(failure.description)
        }
        let recurrenceID = seriesDate(when, of: main, zone: invocation.timeZone)
        do {
            try store.requireOccurrence(series, uid: uid, at: recurrenceID, zone: invocation.timeZone)
        } catch let error as StoreError where error.reason == .itemNotFound {
            throw CLIError.noSuchItem("'\(uid)' has no occurrence at \(raw) (read in \(zone.identifier)); "
                                      + (try occurrencesText(of: stored, around: when, zone: zone, store: store)))
        }
        return recurrenceID
    }

    /// "that day it has: 2026-03-02T09:00, ..." or "it has none that day", in `zone`.
    static func occurrencesText(of stored: StoredEvent, around when: Date, zone: TimeZone, store: EventStore) throws -> String {
        let day = QueryWindow.day(of: when, in: zone)
        let predicate = EventPredicate(startDate: WallClock.instant(CalendarPeriod.wall(of: day), in: zone),
                                       endDate: WallClock.instant(CalendarPeriod.wall(of: day + 1), in: zone),
                                       calendarTitles: [stored.calendarTitle], timeZone: zone, includesCancelled: true)
        let starts = try store.events(matching: predicate).filter { $0.event.uid == stored.event.uid }.map { o in
            let original = o.occurrenceDate ?? o.startDate
            return o.event.isAllDay ? DateText.day(original)
                : String(DateText.wallClock(AddCommands.wallClock(original, in: zone)).prefix(16))
        }
        return starts.isEmpty ? "it has none that day" : "that day it has: " + starts.joined(separator: ", ")
    }

    /// The stored event the invocation names, for `--occurrence` (a reminder is refused).
    static func event(_ invocation: Invocation, in store: EventStore) throws -> StoredEvent {
        switch try ItemReference.one(invocation, in: store) {
        case .event(let stored): return stored
        case .reminder(let stored): throw CLIError.failure("'\(stored.reminder.uid)' is a reminder; --occurrence applies to events")
        }
    }

    // MARK: delete

    /// `delete ID [--occurrence WHEN [--future]] [--calendar NAME]`.
    static func delete(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let now = AddCommands.now(invocation.io)
        try StoreAccess.with(invocation) { store in
            guard args.has(StoreCommands.occurrence.name) else {
                let item = try ItemReference.one(invocation, in: store)
                try store.removeItem(uid: item.uid, in: item.calendarTitle)
                return
            }
            let stored = try event(invocation, in: store)
            let recurrenceID = try occurrence(invocation, of: stored, store: store)
            try store.removeEvent(uid: stored.event.uid, occurrenceDate: recurrenceID, span: args.has("future") ? .futureEvents : .thisEvent,
                                  timeZone: invocation.timeZone, now: now, calendarTitle: stored.calendarTitle)
        }
        return .ok
    }

    // MARK: edit

    /// `edit ID [--occurrence WHEN [--future]] [field options] [--move-to CALENDAR]`. Splitting
    /// a series prints the new series' UID.
    static func edit(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let zone = invocation.timeZone
        let now = AddCommands.now(invocation.io)
        let eventEdit = try EditOptions.eventEdit(invocation)
        let reminderEdit = try EditOptions.reminderEdit(invocation)
        let moveTo = args.value(EditOptions.moveTo)
        guard !eventEdit.isEmpty || !reminderEdit.isEmpty || moveTo != nil else {
            throw invocation.usageError("Nothing to change: give at least one field option (see 'icalkit edit --help')")
        }
        let onOccurrence = args.has(StoreCommands.occurrence.name)
        if onOccurrence, moveTo != nil {
            throw invocation.usageError("'--move-to' moves the whole item; leave out '--occurrence'")
        }
        if onOccurrence, !args.has("future"), eventEdit.changesRecurrence {
            throw invocation.usageError("'--rrule' and '--no-rrule' change a whole series: leave out '--occurrence', or add '--future'")
        }
        let newUID: String? = try StoreAccess.with(invocation) { store -> String? in
            let item = try ItemReference.one(invocation, in: store)
            var written: String? = nil
            switch item {
            case .reminder(let stored):
                if let option = EditOptions.eventOnlyOptionGiven(invocation) ?? (onOccurrence ? StoreCommands.occurrence.displayName : nil) {
                    throw invocation.usageError("'\(option)' applies to events; '\(stored.reminder.uid)' is a reminder")
                }
                if !reminderEdit.isEmpty {
                    var reminder = stored.reminder
                    reminderEdit.apply(to: &reminder, zone: zone, now: now)
                    touch(&reminder, now)
                    try store.save(reminder, in: stored.calendarTitle)
                }
            case .event(let stored):
                if let option = EditOptions.reminderOnlyOptionGiven(invocation) {
                    throw invocation.usageError("'\(option)' applies to reminders; '\(stored.event.uid)' is an event")
                }
                if !eventEdit.isEmpty {
                    let recurrenceID = onOccurrence ? try occurrence(invocation, of: stored, store: store) : nil
                    let result = try store.saveEvent(uid: stored.event.uid, occurrenceDate: recurrenceID,
                                                     span: args.has("future") ? .futureEvents : .thisEvent, timeZone: zone, now: now,
                                                     calendarTitle: stored.calendarTitle) { event in
                        try eventEdit.apply(to: &event, invocationZone: zone)
                    }
                    if result != stored.event.uid { written = result }
                }
            }
            if let moveTo {
                try store.moveItem(uid: item.uid, from: item.calendarTitle, to: StoreAccess.calendarTitle(moveTo, in: store))
            }
            return written
        }
        if let newUID { try invocation.io.print(newUID + "\n") }
        return .ok
    }
}
