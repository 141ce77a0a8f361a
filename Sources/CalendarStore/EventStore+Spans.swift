import CalendarModel
import Foundation
import ICalConversion

/// Changes to one occurrence of a series, or to it and the later ones, as EventKit's spans:
/// `.thisEvent` writes an override (or an EXDATE, to remove), `.futureEvents` ends the series
/// before the occurrence and, to change, starts a new series there.
///
/// Occurrence dates are RECURRENCE-IDs in the series' own convention: an instant for a zoned
/// series, the wall clock read as UTC for floating and all-day ones. Every change bumps
/// SEQUENCE and sets LAST-MODIFIED and DTSTAMP to `now`. Changes that touch several rows of one
/// series are written as one import of those rows, so they land in one transaction.
package struct EventSeries {
    package var calendar: EventCalendar
    /// nil for overrides stored without their master.
    package var master: Event?
    package var overrides: [Event]

    /// The master, else the first override: what single-item edits change.
    package var main: Event? { master ?? overrides.first }
    package var isRecurring: Bool { master?.hasRecurrenceRules ?? false }
}

// MARK: - Changes by UID (the CLI and the MCP tools); `save(_:span:commit:)` builds on them

extension EventStore {
    /// Removes the event `uid`: all of it when `occurrenceDate` is nil, else the occurrence
    /// there (`.thisEvent`) or it and every later one (`.futureEvents`). `timeZone` places
    /// floating and all-day occurrences when the series is expanded to find the occurrence.
    /// `calendarTitle` picks the calendar when several hold the UID (default: the first by title).
    package func removeEvent(uid: String, occurrenceDate: Date?, span: Span, timeZone: TimeZone, now: Date = Date(),
                             calendarTitle: String? = nil) throws {
        guard let series = try eventSeries(uid: uid, calendarTitle: calendarTitle) else { throw StoreError.itemNotFound(uid: uid, calendar: nil) }
        guard series.calendar.allowsContentModifications else { throw try readOnlyError(titled: series.calendar.title) }
        guard let recurrenceID = occurrenceDate else {
            try removeItem(uid: uid, in: series.calendar.title)
            return
        }
        try requireOccurrence(series, uid: uid, at: recurrenceID, zone: timeZone)
        guard let master = series.master, master.hasRecurrenceRules else {
            // A single event, or an override without its series: the occurrence is the item.
            if series.master == nil, series.overrides.count > 1,
               var override = series.overrides.first(where: { $0.occurrenceDate == recurrenceID }) {
                // Other instances stay: this one is cancelled (rows are removed per UID only).
                override.status = .canceled
                Self.touch(&override, now)
                try save(override, in: series.calendar.title)
            } else {
                try removeItem(uid: uid, in: series.calendar.title)
            }
            return
        }
        switch span {
        case .futureEvents:
            if master.startDate >= recurrenceID {
                try removeItem(uid: uid, in: series.calendar.title)
                return
            }
            var ended = Self.truncated(master, before: recurrenceID)
            Self.touch(&ended, now)
            let kept = series.overrides.filter { ($0.occurrenceDate ?? .distantPast) < recurrenceID }
            try replace([ended] + kept, in: series.calendar)
        case .thisEvent:
            var excluded = master
            excluded.exceptionDates.append(RecurrenceDate(date: recurrenceID, isDateOnly: master.isAllDay, isFloating: master.isFloating))
            Self.touch(&excluded, now)
            let kept = series.overrides.filter { $0.occurrenceDate != recurrenceID }
            try replace([excluded] + kept, in: series.calendar)
        }
    }

    /// Changes the event `uid` with `change`: the whole event (its master) when
    /// `occurrenceDate` is nil, else the occurrence there (`.thisEvent`: an override made from
    /// the master), or it and the later ones (`.futureEvents`: a new series with a new UID).
    /// Returns the UID of the series that holds the change.
    @discardableResult
    package func saveEvent(uid: String, occurrenceDate: Date?, span: Span, timeZone: TimeZone, now: Date = Date(),
                           calendarTitle: String? = nil, change: (inout Event) throws -> Void) throws -> String {
        guard let series = try eventSeries(uid: uid, calendarTitle: calendarTitle), let main = series.main else { throw StoreError.itemNotFound(uid: uid, calendar: nil) }
        guard series.calendar.allowsContentModifications else { throw try readOnlyError(titled: series.calendar.title) }
        func whole(_ recurrenceID: Date?) throws -> String {
            var event = recurrenceID.flatMap { id in series.overrides.first { $0.occurrenceDate == id } } ?? main
            try change(&event)
            Self.touch(&event, now)
            try save(event, in: series.calendar.title)
            return uid
        }
        guard let recurrenceID = occurrenceDate else { return try whole(nil) }
        try requireOccurrence(series, uid: uid, at: recurrenceID, zone: timeZone)
        guard let master = series.master, master.hasRecurrenceRules else { return try whole(recurrenceID) }
        switch span {
        case .futureEvents:
            if master.startDate >= recurrenceID { return try whole(nil) }
            return try split(series, master: master, at: recurrenceID, zone: timeZone, now: now, change: change)
        case .thisEvent:
            var override: Event
            if let existing = series.overrides.first(where: { $0.occurrenceDate == recurrenceID }) {
                override = existing
            } else {
                override = master
                override.occurrenceDate = recurrenceID
                override.occurrenceDateIsAllDay = master.isAllDay
                override.appliesToFutureOccurrences = false
                override.startDate = recurrenceID
                override.endDate = Self.end(of: master, startingAt: recurrenceID)
                override.duration = nil
                override.recurrenceRules = []
                override.exceptionRules = []
                override.recurrenceDates = []
                override.exceptionDates = []
                override.source = nil
                override.creationDate = now
            }
            try change(&override)
            Self.touch(&override, now)
            try save(override, in: series.calendar.title)
            return uid
        }
    }
}

extension EventStore {
    static func touch(_ event: inout Event, _ now: Date) {
        event.sequence += 1
        event.lastModifiedDate = now
        event.timestamp = now
    }

    /// The stored series of `uid` in the calendar `calendarTitle`, else in the first calendar by
    /// title that holds it.
    package func eventSeries(uid: String, calendarTitle: String? = nil) throws -> EventSeries? {
        let title: String
        if let calendarTitle { title = calendarTitle } else if let stored = try event(withUID: uid) { title = stored.calendarTitle } else { return nil }
        guard let calendar = try calendar(titled: title) else { return nil }
        let events = try document(forCalendar: title).events.filter { $0.uid == uid }
        guard !events.isEmpty else { return nil }
        return EventSeries(calendar: calendar, master: events.first { !$0.isDetached }, overrides: events.filter(\.isDetached))
    }

    /// Writes whole series (masters with the overrides they keep) into `calendar` in one
    /// transaction; stored overrides of those UIDs that `events` lacks are removed.
    func replace(_ events: [Event], in calendar: EventCalendar) throws {
        var document = CalendarDocument(calendar: calendar)
        document.events = events
        let report = try importDocument(document, intoCalendar: calendar.title)
        if let skipped = report.entries.first(where: { $0.outcome == .skipped }) {
            throw StoreError.invalidData("'\(skipped.uid)' changed in the store meanwhile (\(skipped.reason ?? "newer version")); try again")
        }
    }

    /// Throws `itemNotFound` unless the series has an occurrence whose original start is
    /// `recurrenceID`: an override with that RECURRENCE-ID, the master's DTSTART, or one the
    /// expander places there.
    package func requireOccurrence(_ series: EventSeries, uid: String, at recurrenceID: Date, zone: TimeZone) throws {
        if series.overrides.contains(where: { $0.occurrenceDate == recurrenceID }) { return }
        if let master = series.master, master.startDate == recurrenceID { return }
        let main = series.main
        let instant = main.map { Self.instant(recurrenceID, of: $0, in: zone) } ?? recurrenceID
        let predicate = EventPredicate(startDate: instant.addingTimeInterval(-1), endDate: instant.addingTimeInterval(1),
                                       calendarTitles: [series.calendar.title], timeZone: zone, includesCancelled: true)
        let found = try events(matching: predicate).contains { o in
            o.event.uid == uid && (o.occurrenceDate == recurrenceID || (o.occurrenceDate == nil && o.startDate == recurrenceID))
        }
        guard found else { throw StoreError(reason: .itemNotFound, message: "'\(uid)' has no occurrence at that date") }
    }

    /// A date of `event` as an instant: floating and all-day dates hold the wall clock read as
    /// UTC, placed in `zone`.
    static func instant(_ date: Date, of event: Event, in zone: TimeZone) -> Date {
        guard event.isAllDay || event.timeZone == nil else { return date }
        return WallClock.instant(date, in: zone)
    }


    /// The end of an instance of `master` starting at `start`: its length, nominal days counted
    /// on its zone's wall clock.
    static func end(of master: Event, startingAt start: Date) -> Date {
        let duration = master.duration ?? ICalDuration(exactly: master.endDate.timeIntervalSince(master.startDate))
        var date = start
        if duration.nominalDays != 0 {
            let days = TimeInterval(duration.nominalDays * 86_400)
            if let zone = master.timeZone, !master.isAllDay {
                let wall = start.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: start))).addingTimeInterval(days)
                date = WallClock.instant(wall, in: zone)
            } else {
                date = date.addingTimeInterval(days)
            }
        }
        return date.addingTimeInterval(TimeInterval(duration.exactSeconds))
    }

    /// The master ended before `recurrenceID`: every RRULE gets UNTIL one second before it (the
    /// day before, for all-day series; COUNT is replaced), and RDATEs/EXDATEs from it on go.
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

    /// Splits a series at `recurrenceID`: the old series ends before it; a new series with a new
    /// UID starts there with the change, taking the later RDATEs, EXDATEs and overrides (shifted
    /// with the start). A COUNT is shared out between the two, unless the change gives a new
    /// rule: then its COUNT counts from the split, and only the overrides of dates the new rule
    /// has move over. Returns the new UID.
    func split(_ series: EventSeries, master: Event, at recurrenceID: Date, zone: TimeZone, now: Date,
               change: (inout Event) throws -> Void) throws -> String {
        var ended = Self.truncated(master, before: recurrenceID)
        Self.touch(&ended, now)
        let earlier = series.overrides.filter { ($0.occurrenceDate ?? .distantPast) < recurrenceID }
        let later = series.overrides.filter { ($0.occurrenceDate ?? .distantPast) >= recurrenceID }

        var next = master
        next.uid = UUID().uuidString.lowercased() + "@icalkit"
        next.source = nil
        next.startDate = recurrenceID
        next.endDate = Self.end(of: master, startingAt: recurrenceID)
        next.duration = nil
        try change(&next)
        let shift = next.startDate.timeIntervalSince(recurrenceID)
        // A new rule (`--rrule`) is the user's whole: its COUNT counts from the split on.
        let keepsRule = next.recurrenceRules == master.recurrenceRules && next.exceptionRules == master.exceptionRules
        if keepsRule, master.recurrenceRules.contains(where: { $0.end.count != nil }) {
            let before = try occurrencesBefore(recurrenceID, of: series, master: master, zone: zone)
            next.recurrenceRules = next.recurrenceRules.map { rule in
                var rule = rule
                if let count = rule.end.count { rule.end = .afterOccurrences(max(1, count - before)) }
                return rule
            }
        }
        next.recurrenceDates = master.recurrenceDates.filter { $0.date >= recurrenceID }.map { Self.shifted($0, by: shift) }
        next.exceptionDates = master.exceptionDates.filter { $0.date >= recurrenceID }.map { Self.shifted($0, by: shift) }
        next.sequence = 0
        next.creationDate = now
        next.lastModifiedDate = now
        next.timestamp = now
        let expander = RecurrenceExpander(resolver: ZoneResolver())
        let moved = try later.map { override -> Event in
            var o = override
            o.uid = next.uid
            o.source = nil
            o.occurrenceDate = o.occurrenceDate?.addingTimeInterval(shift)
            o.sequence = 0
            o.lastModifiedDate = now
            o.timestamp = now
            return o
        }.filter { try keepsRule || Self.isInstance($0.occurrenceDate, of: next, zone: zone, expander: expander) }
        try replace([ended] + earlier + [next] + moved, in: series.calendar)
        return next.uid
    }

    /// True when `date` (a RECURRENCE-ID in the series' convention) is the start of an instance
    /// of `master`'s rules: an override of a date a new rule no longer has would otherwise stay
    /// as an extra occurrence (RFC 5545 §3.8.4.4 expects it to name an instance of the set).
    /// A failure to expand the new rule is thrown, not taken as "not an instance" (which would
    /// drop the override).
    private static func isInstance(_ date: Date?, of master: Event, zone: TimeZone, expander: RecurrenceExpander) throws -> Bool {
        guard let date else { return false }
        let around = EventPredicate(startDate: date.addingTimeInterval(-2 * 86_400), endDate: date.addingTimeInterval(2 * 86_400),
                                    timeZone: zone, includesCancelled: true)
        return try expander.occurrences(master: master, overrides: [], calendarTitle: "", matching: around)
            .contains { $0.startDate == date }
    }

    private static func shifted(_ date: RecurrenceDate, by shift: TimeInterval) -> RecurrenceDate {
        var d = date
        d.date = d.date.addingTimeInterval(shift)
        d.periodEnd = d.periodEnd?.addingTimeInterval(shift)
        return d
    }

    /// How many instances the rule produced before `recurrenceID` (for sharing out a COUNT):
    /// occurrences placed there, cancelled ones included, plus EXDATEs before it.
    private func occurrencesBefore(_ recurrenceID: Date, of series: EventSeries, master: Event, zone: TimeZone) throws -> Int {
        let start = Self.instant(master.startDate, of: master, in: zone)
        let end = Self.instant(recurrenceID, of: master, in: zone)
        guard end > start else { return 0 }
        let predicate = EventPredicate(startDate: start, endDate: end, calendarTitles: [series.calendar.title], timeZone: zone,
                                       includesCancelled: true)
        let found = try events(matching: predicate).filter { $0.event.uid == master.uid }
        let excluded = master.exceptionDates.filter { $0.date < recurrenceID }.count
        return found.count + excluded
    }
}
