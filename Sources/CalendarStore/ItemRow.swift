import CalendarModel
import Foundation
import ICalConversion

/// What kind of calendar item a row or report entry is.
public enum ItemKind: String, Hashable, Sendable, Codable {
    case event, reminder
}

/// One `items` row as written: the key, the encoded model, the version fields and the index
/// columns derived from the model. Optional fields are spelled `Optional<…>` so that the
/// initializers are not copied out (see ``ContentLine/raw``).
struct ItemRow {
    var calendarID: Int64
    var uid: String
    var recurrenceID: Optional<Double>
    var kind: ItemKind
    var model: [UInt8]
    /// The item's iCalendar text as UTF-8 (``SourceText/utf8``).
    var sourceText: Optional<[UInt8]>
    var sequence: Int
    var lastModified: Optional<Double>
    var dtstamp: Optional<Double>
    var firstStart: Optional<Double>
    var lastEnd: Optional<Double>
    var due: Optional<Double>
    var completionDate: Optional<Double>
    var completed: Bool

    /// Floating and all-day times are stored as their wall clock read as UTC; a query widens
    /// its window by this much so they are found wherever the asked zone puts them (UTC-12 to UTC+14).
    static let floatingSlack: TimeInterval = 14 * 3600

    /// `asRead`: the event is as a reader made it, from the text its source holds (see
    /// ``PreparedItem/init(read:)-(Event)``), so the source is kept without comparing the event
    /// with the source's snapshot.
    init(event: borrowing Event, calendarID: Int64, asRead: Bool = false) throws(StoreError) {
        self.calendarID = calendarID
        uid = event.uid
        recurrenceID = event.occurrenceDate?.timeIntervalSince1970
        kind = .event
        model = ItemCodec.encode(event)
        sourceText = ItemRow.keptSource(event.source, unchanged: asRead || event.source?.isUnchanged(event) == true)
        sequence = event.sequence
        lastModified = event.lastModifiedDate?.timeIntervalSince1970
        dtstamp = event.timestamp?.timeIntervalSince1970
        let span = ItemRow.span(of: event)
        firstStart = span.first.timeIntervalSince1970
        lastEnd = span.last?.timeIntervalSince1970
        due = nil
        completionDate = nil
        completed = false
    }

    init(reminder: borrowing Reminder, calendarID: Int64, asRead: Bool = false) throws(StoreError) {
        self.calendarID = calendarID
        uid = reminder.uid
        recurrenceID = reminder.occurrenceDate?.timeIntervalSince1970
        kind = .reminder
        model = ItemCodec.encode(reminder)
        sourceText = ItemRow.keptSource(reminder.source, unchanged: asRead || reminder.source?.isUnchanged(reminder) == true)
        sequence = reminder.sequence
        lastModified = reminder.lastModifiedDate?.timeIntervalSince1970
        dtstamp = reminder.timestamp?.timeIntervalSince1970
        firstStart = nil
        lastEnd = nil
        due = reminder.dueDateComponents.flatMap(ItemRow.instant(of:))?.date.timeIntervalSince1970
        completionDate = reminder.completionDate?.timeIntervalSince1970
        completed = reminder.isCompleted
    }

    /// The original text is kept only while the item still equals what was read from it.
    private static func keptSource(_ source: SourceText?, unchanged: Bool) -> [UInt8]? {
        unchanged ? source?.utf8 : nil
    }

    /// The index columns of an event: the earliest start and latest end any of its instances
    /// can have, in stored time (floating/all-day: wall clock as UTC); `last == nil` when the
    /// series is open-ended or its end cannot be known without expanding it.
    ///
    /// - Non-recurring: its own start and end.
    /// - RRULEs all with UNTIL: the latest UNTIL (+1 day for a DATE UNTIL) plus the event's
    ///   duration, or the end of a later RDATE. Rules with COUNT: an upper bound of the last
    ///   instance's end (see ``countBound(_:of:)``) when every COUNT rule has a shape that
    ///   guarantees an instance in each period, else the end of the last instance as the
    ///   expander walks it (plus a day). A rule with no end: open (nil).
    ///
    /// `last` is only ever a bound for the `items_window` index (a query reads every row with
    /// `last_end >= start` and expands it exactly), so a later value costs a query at most an
    /// expansion that yields nothing, never an occurrence.
    /// - An override: its own start/end, widened back to its RECURRENCE-ID; open with
    ///   `RANGE=THISANDFUTURE`, since it shifts every later instance.
    static func span(of event: Event) -> (first: Date, last: Date?) {
        let duration = max(0, event.endDate.timeIntervalSince(event.startDate))
        var first = event.startDate
        var last: Date? = max(event.endDate, event.startDate)
        if let recurrenceID = event.occurrenceDate {
            first = min(first, recurrenceID)
            if event.appliesToFutureOccurrences { last = nil }
        }
        for date in event.recurrenceDates {
            first = min(first, date.date)
            let end = date.periodEnd ?? date.date.addingTimeInterval(date.periodDuration?.timeInterval ?? duration)
            last = last.map { max($0, end) }
        }
        var hasCount = false
        for rule in event.recurrenceRules {
            if rule.end.count != nil && rule.end.until == nil { hasCount = true; continue }
            guard let until = rule.end.until else { return (first, nil) }
            let end = until.addingTimeInterval((rule.end.untilIsDate ? 86_400 : 0) + duration)
            last = last.map { max($0, end) }
        }
        if hasCount, let countEnd = countedSeriesBound(event) ?? countedSeriesEnd(event) {
            last = last.map { max($0, countEnd) }
        } else if hasCount {
            return (first, nil)
        }
        return (first, last)
    }

    /// The latest of the COUNT rules' bounds (``countBound(_:of:)``) plus the event's duration
    /// and ``countBoundSlack``; nil when any COUNT rule has no bound (then the series is walked).
    static func countedSeriesBound(_ event: Event) -> Date? {
        var latest: Date?
        for rule in event.recurrenceRules where rule.end.count != nil && rule.end.until == nil {
            guard let bound = countBound(rule, of: event) else { return nil }
            latest = max(latest ?? bound, bound)
        }
        let duration = max(0, event.endDate.timeIntervalSince(event.startDate))
        return latest?.addingTimeInterval(duration + countBoundSlack)
    }

    /// Covers what separates ``countBound(_:of:)`` (DTSTART's instant plus whole periods) from
    /// the last instance's end as the expander places it: the zone's offset changing between the
    /// two (at most 26 hours, UTC-12 to UTC+14), a nominal DURATION across such a change, and an
    /// all-day instance rounded up to whole days.
    static let countBoundSlack: TimeInterval = 3 * 86_400

    /// A time no instance of a COUNT rule starts after, without walking the series, for the rules
    /// whose every period (day, week, month or year, from DTSTART's) holds at least one instance:
    /// - DAILY with no BY parts, or only BYHOUR/BYMINUTE/BYSECOND (they add instances per day);
    /// - WEEKLY with no BY parts but BYDAY without ordinals (and the time parts);
    /// - MONTHLY with no BY parts but BYMONTHDAY, all of them 1...28, or none and DTSTART's day
    ///   at most 27 (in UTC, so at most the 28th wherever the wall clock is);
    /// - YEARLY with no BY parts, DTSTART (UTC) not from February 28 to March 1.
    ///
    /// COUNT instances then lie in the first `COUNT × INTERVAL` periods after DTSTART's, so
    /// the last one starts before DTSTART + (COUNT × INTERVAL + 1) periods. libical's
    /// iterator skipping a DTSTART the rule does not match, and icalkit adding DTSTART back as
    /// an instance, both stay inside that. nil for any other rule (and for COUNT > 100,000,
    /// which the walk leaves open-ended too).
    static func countBound(_ rule: RecurrenceRule, of event: Event) -> Date? {
        guard let count = rule.end.count, count >= 1, count <= 100_000, rule.interval >= 1, rule.interval <= 1_000,
              rule.daysOfTheYear.isEmpty, rule.weeksOfTheYear.isEmpty, rule.monthsOfTheYear.isEmpty,
              rule.setPositions.isEmpty, rule.extraParts.isEmpty
        else { return nil }
        let periods = count * rule.interval + 1
        var day: DateComponents { utcGregorian.dateComponents([.month, .day], from: event.startDate) }
        switch rule.frequency {
        case .daily:
            guard rule.daysOfTheWeek.isEmpty, rule.daysOfTheMonth.isEmpty else { return nil }
            return event.startDate.addingTimeInterval(TimeInterval(periods) * 86_400)
        case .weekly:
            guard rule.daysOfTheMonth.isEmpty, rule.daysOfTheWeek.allSatisfy({ $0.weekNumber == 0 }) else { return nil }
            return event.startDate.addingTimeInterval(TimeInterval(periods) * 7 * 86_400)
        case .monthly:
            guard rule.daysOfTheWeek.isEmpty else { return nil }
            if rule.daysOfTheMonth.isEmpty {
                guard let d = day.day, d <= 27 else { return nil }
            } else {
                guard rule.daysOfTheMonth.allSatisfy({ (1...28).contains($0) }) else { return nil }
            }
            return utcGregorian.date(byAdding: .month, value: periods, to: event.startDate)
        case .yearly:
            guard rule.daysOfTheWeek.isEmpty, rule.daysOfTheMonth.isEmpty,
                  case let utc = day, let m = utc.month, let d = utc.day, !(m == 2 && d >= 28), !(m == 3 && d == 1)
            else { return nil }
            return utcGregorian.date(byAdding: .year, value: periods, to: event.startDate)
        case .hourly, .minutely, .secondly:
            return nil
        }
    }

    /// The Gregorian calendar in UTC, for ``countBound(_:of:)``.
    private static let utcGregorian: Foundation.Calendar = {
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// The end of the last instance of a series whose rules end by COUNT, walked by the
    /// expander (at most 100,000 instances; longer series stay open-ended). The calendar's own
    /// VTIMEZONEs are not at hand here, so a day of slack covers a zone read from the tz database
    /// instead, or a custom zone read as floating.
    private static func countedSeriesEnd(_ event: Event) -> Date? {
        let expander = RecurrenceExpander(resolver: ZoneResolver(), limits: .init(maxInstancesPerQuery: 100_000))
        return expander.span(master: event, overrides: []).lastEnd?.addingTimeInterval(86_400)
    }

    /// The instant of a reminder's DUE/DTSTART components: exact when they carry a zone and a
    /// time, else their wall clock read as UTC (`floating == true`).
    static func instant(of components: DateComponents) -> (date: Date, floating: Bool)? {
        guard let year = components.year, let month = components.month, let day = components.day else { return nil }
        let hour = components.hour ?? 0, minute = components.minute ?? 0, second = components.second ?? 0
        let wall = utcDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        if let zone = components.timeZone, components.hour != nil { return (WallClock.instant(wall, in: zone), false) }
        return (wall, true)
    }

    var values: [SQLValue] {
        [.integer(calendarID), .text(uid), SQLValue(recurrenceID), .text(kind.rawValue), .blob(model), sourceText.map(SQLValue.utf8Text) ?? .null,
         SQLValue(sequence), SQLValue(lastModified), SQLValue(dtstamp), SQLValue(firstStart), SQLValue(lastEnd),
         SQLValue(due), SQLValue(completionDate), SQLValue(completed)]
    }

    static let insertSQL = "INSERT INTO " + insertTargetSQL

    /// ``insertSQL`` doing nothing when the key (calendar, UID, RECURRENCE-ID) is present: the
    /// import's first try for a calendar it created. `OR IGNORE` rather than `ON CONFLICT DO
    /// NOTHING`: the two skip the same rows here (the other constraints cannot fail for values
    /// ``values`` binds), and with `OR IGNORE` no constraint may abort the statement, so SQLite
    /// keeps no statement journal for it.
    static let insertUnlessPresentSQL = "INSERT OR IGNORE INTO " + insertTargetSQL

    private static let insertTargetSQL = """
        items (calendar_id, uid, recurrence_id, kind, model, source_text, sequence, last_modified, dtstamp,
               first_start, last_end, due, completion_date, completed)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static let updateSQL = """
        UPDATE items SET calendar_id = ?, uid = ?, recurrence_id = ?, kind = ?, model = ?, source_text = ?, sequence = ?,
                         last_modified = ?, dtstamp = ?, first_start = ?, last_end = ?, due = ?, completion_date = ?, completed = ?
        WHERE id = ?
        """
}
