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
                throw CLIError.failure("no reminder with UID '\(uid)'")
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

    /// A stored series: its master (nil for orphan overrides) and overrides, and its calendar.
    struct Series {
        var calendar: EventCalendar
        var master: Event?
        var overrides: [Event]

        /// The master, else the first override: what single-item edits change.
        var main: Event? { master ?? overrides.first }
        var isRecurring: Bool { master?.hasRecurrenceRules ?? false }
    }

    static func series(uid: String, store: EventStore) throws -> Series? {
        guard let stored = try store.event(withUID: uid),
              let calendar = try store.calendar(titled: stored.calendarTitle) else { return nil }
        let events = try store.document(forCalendar: stored.calendarTitle).events.filter { $0.uid == uid }
        return Series(calendar: calendar, master: events.first { !$0.isDetached }, overrides: events.filter(\.isDetached))
    }

    /// Writes `events` (whole series, masters with all the overrides they keep) into `calendar`
    /// in one transaction. Stored overrides of those UIDs that `events` lacks are removed.
    static func replace(_ events: [Event], in calendar: EventCalendar, store: EventStore) throws {
        guard calendar.allowsContentModifications else { throw StoreError.readOnlyCalendar(calendar.title) }
        var document = CalendarDocument(calendar: calendar)
        document.events = events
        let report = try store.importDocument(document, intoCalendar: calendar.title)
        if let skipped = report.entries.first(where: { $0.outcome == .skipped }) {
            throw CLIError.failure("'\(skipped.uid)' changed in the store meanwhile (\(skipped.reason ?? "newer version")); try again")
        }
    }

    /// WHEN in the series' own convention: an instant for zoned series, the wall clock in the
    /// invocation's zone (read as UTC) for floating and all-day ones.
    static func seriesDate(_ when: Date, of event: Event, zone: TimeZone) -> Date {
        event.isAllDay || event.timeZone == nil ? AddCommands.wallClock(when, in: zone) : when
    }

    /// Checks that the series has an occurrence at `when` (its original start): an override with
    /// that RECURRENCE-ID, the master's DTSTART, or an occurrence the store's expander places there.
    static func hasOccurrence(_ series: Series, uid: String, at when: Date, recurrenceID: Date, zone: TimeZone,
                              store: EventStore) throws -> Bool {
        if series.overrides.contains(where: { $0.occurrenceDate == recurrenceID }) { return true }
        if let master = series.master, master.startDate == recurrenceID { return true }
        let predicate = EventPredicate(startDate: when.addingTimeInterval(-1), endDate: when.addingTimeInterval(1),
                                       calendarTitles: [series.calendar.title], timeZone: zone, includesCancelled: true)
        return try store.events(matching: predicate).contains { o in
            o.event.uid == uid && (o.occurrenceDate == recurrenceID || o.occurrenceDate == when
                                   || (o.occurrenceDate == nil && (o.startDate == when || o.startDate == recurrenceID)))
        }
    }

    /// The master ended before `recurrenceID`: every RRULE gets UNTIL one second before it (the
    /// day before, for all-day series; COUNT is replaced), and RDATEs/EXDATEs from it on are dropped.
    static func truncated(_ master: Event, before recurrenceID: Date) -> Event {
        var event = master
        let until: RecurrenceRule.End = event.isAllDay
            ? .afterDate(recurrenceID.addingTimeInterval(-86_400), isDate: true)
            : .afterDate(recurrenceID.addingTimeInterval(-1), isFloating: event.timeZone == nil)
        event.recurrenceRules = event.recurrenceRules.map { rule in
            var rule = rule
            if let old = rule.end.until, let new = until.until, old < new { return rule }
            rule.end = until
            return rule
        }
        event.recurrenceDates.removeAll { $0.date >= recurrenceID }
        event.exceptionDates.removeAll { $0.date >= recurrenceID }
        return event
    }

    /// Resolves `--occurrence` for `uid`: the series, the WHEN instant and the RECURRENCE-ID.
    static func occurrence(_ invocation: Invocation, uid: String, store: EventStore) throws -> (Series, Date, Date) {
        guard let when = invocation.arguments.date(StoreCommands.occurrence) else {
            throw CLIError.failure("missing --occurrence")
        }
        guard let series = try series(uid: uid, store: store), let main = series.main else {
            if try store.reminder(withUID: uid) != nil {
                throw CLIError.failure("'\(uid)' is a reminder; --occurrence applies to events")
            }
            throw CLIError.failure("no event with UID '\(uid)'")
        }
        let recurrenceID = seriesDate(when, of: main, zone: invocation.timeZone)
        guard try hasOccurrence(series, uid: uid, at: when, recurrenceID: recurrenceID, zone: invocation.timeZone, store: store) else {
            throw CLIError.failure("'\(uid)' has no occurrence at \(invocation.arguments.value(StoreCommands.occurrence) ?? "")")
        }
        return (series, when, recurrenceID)
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
                    throw CLIError.failure("no item with UID '\(uid)'")
                }
                return
            }
            let (series, _, recurrenceID) = try occurrence(invocation, uid: uid, store: store)
            guard let master = series.master, master.hasRecurrenceRules else {
                // A single event, or an override without its series: the occurrence is the item.
                if series.master == nil, series.overrides.count > 1,
                   var override = series.overrides.first(where: { $0.occurrenceDate == recurrenceID }) {
                    // Other instances stay: this one is cancelled (the store removes rows per UID only).
                    override.status = .canceled
                    touch(&override, now)
                    try store.save(override, in: series.calendar.title)
                } else {
                    try store.removeItem(uid: uid, in: series.calendar.title)
                }
                return
            }
            if args.has("future") {
                if master.startDate >= recurrenceID {
                    try store.removeItem(uid: uid, in: series.calendar.title)
                    return
                }
                var ended = truncated(master, before: recurrenceID)
                touch(&ended, now)
                let kept = series.overrides.filter { ($0.occurrenceDate ?? .distantPast) < recurrenceID }
                try replace([ended] + kept, in: series.calendar, store: store)
            } else {
                var excluded = master
                excluded.exceptionDates.append(RecurrenceDate(date: recurrenceID, isDateOnly: master.isAllDay, isFloating: master.isFloating))
                touch(&excluded, now)
                let kept = series.overrides.filter { $0.occurrenceDate != recurrenceID }
                try replace([excluded] + kept, in: series.calendar, store: store)
            }
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
            let (series, _, recurrenceID) = try occurrence(invocation, uid: uid, store: store)
            guard let master = series.master, master.hasRecurrenceRules else {
                try editWhole(uid: uid, changes: changes, invocation: invocation, now: now, store: store, recurrenceID: recurrenceID)
                return nil
            }
            if args.has("future") {
                if master.startDate >= recurrenceID {
                    try editWhole(uid: uid, changes: changes, invocation: invocation, now: now, store: store)
                    return nil
                }
                return try split(series, master: master, at: recurrenceID, changes: changes, zone: zone, now: now, store: store)
            }
            var override: Event
            if let existing = series.overrides.first(where: { $0.occurrenceDate == recurrenceID }) {
                override = existing
            } else {
                override = master
                override.occurrenceDate = recurrenceID
                override.occurrenceDateIsAllDay = master.isAllDay
                override.appliesToFutureOccurrences = false
                override.startDate = recurrenceID
                override.endDate = AddCommands.adding(master.duration ?? ICalDuration(exactly: master.endDate.timeIntervalSince(master.startDate)),
                                                      to: recurrenceID, zone: master.isAllDay ? nil : master.timeZone)
                override.duration = nil
                override.recurrenceRules = []
                override.exceptionRules = []
                override.recurrenceDates = []
                override.exceptionDates = []
                override.source = nil
                override.creationDate = now
            }
            try changes.apply(to: &override, zone: zone)
            touch(&override, now)
            guard series.calendar.allowsContentModifications else { throw StoreError.readOnlyCalendar(series.calendar.title) }
            try store.save(override, in: series.calendar.title)
            return nil
        }
        if let newUID { try invocation.io.print(newUID + "\n") }
        return .ok
    }

    /// Edits the item itself: an event's master (or the override at `recurrenceID`), or a reminder.
    static func editWhole(uid: String, changes: Changes, invocation: Invocation, now: Date, store: EventStore,
                          recurrenceID: Date? = nil) throws {
        let zone = invocation.timeZone
        if let series = try series(uid: uid, store: store) {
            var event: Event
            if let recurrenceID, let override = series.overrides.first(where: { $0.occurrenceDate == recurrenceID }) {
                event = override
            } else if let main = series.main {
                event = main
            } else {
                throw CLIError.failure("no event with UID '\(uid)'")
            }
            try changes.apply(to: &event, zone: zone)
            touch(&event, now)
            try store.save(event, in: series.calendar.title)
            return
        }
        guard let stored = try store.reminder(withUID: uid) else { throw CLIError.failure("no item with UID '\(uid)'") }
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

    /// Splits a series at `recurrenceID` (EKSpan.futureEvents): the old series ends before it; a
    /// new series with a new UID starts there with the changes, taking the later RDATEs,
    /// EXDATEs and overrides (shifted with the start). A COUNT is shared out between the two.
    /// Both land in one transaction. Returns the new UID.
    static func split(_ series: Series, master: Event, at recurrenceID: Date, changes: Changes, zone: TimeZone, now: Date,
                      store: EventStore) throws -> String {
        var ended = truncated(master, before: recurrenceID)
        touch(&ended, now)
        let earlier = series.overrides.filter { ($0.occurrenceDate ?? .distantPast) < recurrenceID }
        let later = series.overrides.filter { ($0.occurrenceDate ?? .distantPast) >= recurrenceID }

        var next = master
        next.uid = AddCommands.newUID()
        next.source = nil
        next.startDate = recurrenceID
        next.endDate = AddCommands.adding(master.duration ?? ICalDuration(exactly: master.endDate.timeIntervalSince(master.startDate)),
                                          to: recurrenceID, zone: master.isAllDay ? nil : master.timeZone)
        next.duration = nil
        try changes.apply(to: &next, zone: zone)
        let shift = next.startDate.timeIntervalSince(recurrenceID)
        if master.recurrenceRules.contains(where: { $0.end.count != nil }) {
            let before = try occurrencesBefore(recurrenceID, of: series, master: master, zone: zone, store: store)
            next.recurrenceRules = next.recurrenceRules.map { rule in
                var rule = rule
                if let count = rule.end.count { rule.end = .afterOccurrences(max(1, count - before)) }
                return rule
            }
        }
        next.recurrenceDates = master.recurrenceDates.filter { $0.date >= recurrenceID }.map { shifted($0, by: shift) }
        next.exceptionDates = master.exceptionDates.filter { $0.date >= recurrenceID }.map { shifted($0, by: shift) }
        next.sequence = 0
        next.creationDate = now
        next.lastModifiedDate = now
        next.timestamp = now
        let moved = later.map { override -> Event in
            var o = override
            o.uid = next.uid
            o.source = nil
            o.occurrenceDate = o.occurrenceDate?.addingTimeInterval(shift)
            o.sequence = 0
            o.lastModifiedDate = now
            o.timestamp = now
            return o
        }
        try replace([ended] + earlier + [next] + moved, in: series.calendar, store: store)
        return next.uid
    }

    private static func shifted(_ date: RecurrenceDate, by shift: TimeInterval) -> RecurrenceDate {
        var d = date
        d.date = d.date.addingTimeInterval(shift)
        d.periodEnd = d.periodEnd?.addingTimeInterval(shift)
        return d
    }

    /// How many instances the rule produced before `recurrenceID` (for sharing out a COUNT):
    /// occurrences the store places there, including cancelled ones, plus EXDATEs before it.
    private static func occurrencesBefore(_ recurrenceID: Date, of series: Series, master: Event, zone: TimeZone,
                                          store: EventStore) throws -> Int {
        let start = master.isAllDay || master.timeZone == nil
            ? WhenParser.instant(wallClock: master.startDate, in: zone) : master.startDate
        let end = master.isAllDay || master.timeZone == nil ? WhenParser.instant(wallClock: recurrenceID, in: zone) : recurrenceID
        guard end > start else { return 0 }
        let predicate = EventPredicate(startDate: start, endDate: end, calendarTitles: [series.calendar.title], timeZone: zone,
                                       includesCancelled: true)
        let found = try store.events(matching: predicate).filter { $0.event.uid == master.uid }
        let excluded = master.exceptionDates.filter { $0.date < recurrenceID }.count
        return found.count + excluded
    }
}
