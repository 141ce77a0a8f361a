import CalendarModel
import CalendarStore
import Foundation

/// The JSON that `icalkit` writes to stdout. Every document starts with `"schemaVersion": 1`;
/// keys appear in the documented order; lists are sorted, so equal input gives equal bytes.
///
/// Event occurrence (`events --format json`), in this order:
/// - `uid` (string), `calendar` (calendar title), `title` (string);
/// - `start`, `end`: RFC 3339 with the event's own offset for zoned times
///   (`2026-03-02T09:00:00+01:00`), `Z` for UTC, `YYYY-MM-DDTHH:MM:SS` for floating times,
///   `YYYY-MM-DD` for all-day (end exclusive);
/// - `isAllDay` (bool); `timeZone`: IANA id, `"UTC"`, the TZID of a VTIMEZONE no tz database
///   zone agrees with (``Event/definedTimeZone``), or null for floating and all-day;
/// - `location`, `notes`, `url`: string or null;
/// - `status`: `none`, `confirmed`, `tentative` or `canceled`;
/// - `recurring` (bool): part of a series;
/// - `occurrenceDate`: the RECURRENCE-ID (the instance's original start, written like `start`)
///   or null;
/// - `isDetached` (bool): an override replaced this instance;
/// - `alarms`: `{"action", "offset", "relatedTo", "date"}`, where `offset` is an RFC 5545 duration
///   (`-PT15M`) and `relatedTo` `start`/`end` for relative alarms, `date` a UTC time for absolute ones;
/// - `organizer`: a participant or null; `attendees`: participants, each
///   `{"name", "email", "url", "role", "status", "type", "rsvp"}`.
///
/// Reminder (`reminders --format json`): `uid`, `calendar`, `title`, `due` and `start` (a day,
/// a floating time or RFC 3339 in its zone, or null), `completed` (bool), `completionDate` (UTC
/// or null), `priority` (0–9), `notes`, `parent` (RELATED-TO UID or null).
///
/// Occurrences are sorted by start, then UID, then occurrence date; reminders by due date
/// (undated last), then UID.
///
/// Convention: an ``Occurrence``'s `startDate`/`endDate`, like an ``Event``'s, hold the wall
/// clock read as UTC for floating and all-day events.
enum JSONOutput {
    static let schemaVersion = 1

    /// `{"schemaVersion": 1, "events": [...]}`. With `keepOrder` the occurrences are written in
    /// the given order (the store's, sorted by their instants on the time line).
    static func events(_ occurrences: [Occurrence], keepOrder: Bool = false) -> String {
        OutputBuffer.collecting { try writeEvents(occurrences, keepOrder: keepOrder, to: &$0) }
    }

    /// ``events(_:keepOrder:)`` written into `out` occurrence by occurrence. With
    /// `wallClockZone`, the occurrences are the store's: floating and all-day ones placed on the
    /// time line in that zone, which this turns back into their wall clock (the convention above).
    static func writeEvents(_ occurrences: [Occurrence], keepOrder: Bool = false, wallClockZone: TimeZone? = nil,
                            to out: inout OutputBuffer) throws {
        let list = keepOrder ? occurrences : sorted(occurrences)
        guard !list.isEmpty else {
            out.bytes.append(contentsOf: JSONValue.object([("schemaVersion", .int(schemaVersion)), ("events", .array([]))]).rendered().utf8)
            return try out.finish()
        }
        out.bytes.append(contentsOf: "{\n  \"schemaVersion\": \(schemaVersion),\n  \"events\": [\n".utf8)
        var writer = OccurrenceJSONWriter(indent: 2)
        for (i, o) in list.enumerated() {
            var start = o.startDate, end = o.endDate
            if let zone = wallClockZone, o.event.isAllDay || o.event.timeZone == nil {
                start += TimeInterval(ZoneOffsets.shared.secondsFromGMT(zone, at: start))
                end += TimeInterval(ZoneOffsets.shared.secondsFromGMT(zone, at: end))
            }
            JSONValue.indentation(2, to: &out.bytes)
            writer.write(o, start: start, end: end, to: &out.bytes)
            out.bytes.append(contentsOf: (i + 1 < list.count ? ",\n" : "\n").utf8)
            try out.flushIfFull()
        }
        out.bytes.append(contentsOf: "  ]\n}\n".utf8)
        try out.finish()
    }

    /// `{"schemaVersion": 1, "reminders": [...]}`; each pair is a reminder and its calendar's title.
    static func reminders(_ reminders: [(reminder: Reminder, calendarTitle: String)]) -> String {
        JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("reminders", .array(sorted(reminders).map { reminder($0.reminder, calendarTitle: $0.calendarTitle) })),
        ]).rendered()
    }

    /// What `convert --format json` writes: every calendar with its events (as stored, series not
    /// expanded) and reminders.
    ///
    /// `{"schemaVersion": 1, "calendars": [{"title", "color", "description", "readOnly",
    /// "source", "productID", "timeZone", "events": [...], "reminders": [...]}]}`. Each event is
    /// an occurrence object (above) for its first instance, plus `recurrenceRules` (RRULE values),
    /// `recurrenceDates` and `exceptionDates` (written like `start`).
    static func calendars(_ documents: [CalendarDocument]) -> String {
        JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("calendars", .array(documents.map(calendar))),
        ]).rendered()
    }

    // MARK: - Objects

    static func calendar(_ document: CalendarDocument) -> JSONValue {
        let c = document.calendar
        let events = document.events.enumerated().map { (i, e) in (order: EventOrder(e, position: i), value: calendarEvent(e, calendarTitle: c.title, indent: 4)) }
        let reminders = document.reminders.enumerated().map { (i, r) in
            (order: ReminderOrder(r, calendarTitle: c.title, position: i), value: reminder(r, calendarTitle: c.title))
        }
        return .object(calendarHead(c) + [
            ("events", .array(events.sorted { $0.order < $1.order }.map(\.value))),
            ("reminders", .array(reminders.sorted { $0.order < $1.order }.map(\.value))),
        ])
    }

    /// The members of a calendar object before its `events` and `reminders`.
    static func calendarHead(_ c: EventCalendar) -> [(String, JSONValue)] {
        [
            ("title", .string(c.title)),
            ("color", .nullable(c.color)),
            ("description", .nullable(c.calendarDescription)),
            ("readOnly", .bool(!c.allowsContentModifications)),
            ("source", .nullable(c.sourceName)),
            ("productID", .nullable(c.productID)),
            ("timeZone", .nullable(c.defaultTimeZoneIdentifier)),
        ]
    }

    /// An event of a calendar document, as an element of an array at `indent` (its `{` there):
    /// the occurrence object of its first instance, plus its rules, recurrence dates and
    /// exception dates.
    static func calendarEvent(_ e: Event, calendarTitle: String, indent: Int) -> JSONValue {
        let o = Occurrence(event: e, calendarTitle: calendarTitle, startDate: e.startDate, endDate: e.endDate,
                           occurrenceDate: e.occurrenceDate, isRecurring: e.hasRecurrenceRules || e.isDetached, isDetached: e.isDetached)
        var writer = OccurrenceJSONWriter(indent: indent)
        var bytes: [UInt8] = []
        writer.write(o, start: e.startDate, end: e.endDate, more: [
            ("recurrenceRules", .array(e.recurrenceRules.map { .string($0.rfc5545String) })),
            ("recurrenceDates", .array(e.recurrenceDates.map { recurrenceDate($0, of: e) })),
            ("exceptionDates", .array(e.exceptionDates.map { recurrenceDate($0, of: e) })),
        ], to: &bytes)
        return .raw(bytes)
    }

    static func reminder(_ r: Reminder, calendarTitle: String) -> JSONValue {
        .object([
            ("uid", .string(r.uid)),
            ("calendar", .string(calendarTitle)),
            ("title", .string(r.title)),
            ("due", .nullable(r.dueDateComponents.flatMap { DateText.components($0, defined: r.definedTimeZone) })),
            ("start", .nullable(r.startDateComponents.flatMap { DateText.components($0, defined: r.definedTimeZone) })),
            ("completed", .bool(r.isCompleted)),
            ("completionDate", .nullable(r.completionDate.map(DateText.utc))),
            ("priority", .int(r.priority)),
            ("notes", .nullable(r.notes)),
            ("parent", .nullable(r.parentUID)),
        ])
    }

    // MARK: - Helpers

    /// The IANA id, `UTC`, or nil for floating and all-day events.
    static func zoneName(of e: Event) -> String? {
        guard !e.isAllDay, let zone = e.timeZone else { return nil }
        if let defined = e.definedTimeZone { return defined.tzid }
        return DateText.isUTC(zone) ? "UTC" : zone.identifier
    }

    private static func recurrenceDate(_ r: RecurrenceDate, of e: Event) -> JSONValue {
        if r.isDateOnly { return .string(DateText.day(r.date)) }
        if r.isFloating { return .string(DateText.wallClock(r.date)) }
        if let defined = e.definedTimeZone {
            return .string(DateText.text { DateText.writeRFC3339(r.date, offset: defined.secondsFromGMT(at: r.date), to: &$0) })
        }
        return .string(DateText.rfc3339(r.date, in: e.timeZone ?? .gmt))
    }

    static func sorted(_ occurrences: [Occurrence]) -> [Occurrence] {
        occurrences.enumerated().map { (EventOrder($0.element, position: $0.offset), $0.element) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func sorted(_ reminders: [(reminder: Reminder, calendarTitle: String)]) -> [(reminder: Reminder, calendarTitle: String)] {
        reminders.enumerated().map { (ReminderOrder($0.element.reminder, calendarTitle: $0.element.calendarTitle, position: $0.offset), $0.element) }
            .sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The order of events and occurrences in JSON and tables: by start, then UID, then
    /// occurrence date (none first), then end; equal ones keep their order (`position`).
    struct EventOrder: Comparable, Sendable {
        var start: Date
        var uid: String
        var occurrenceDate: Date?
        var end: Date
        var position: Int

        init(_ o: Occurrence, position: Int) {
            (start, uid, occurrenceDate, end) = (o.startDate, o.event.uid, o.occurrenceDate, o.endDate)
            self.position = position
        }

        init(_ e: Event, position: Int) {
            (start, uid, occurrenceDate, end) = (e.startDate, e.uid, e.occurrenceDate, e.endDate)
            self.position = position
        }

        static func < (a: EventOrder, b: EventOrder) -> Bool {
            if a.start != b.start { return a.start < b.start }
            if a.uid != b.uid { return a.uid < b.uid }
            switch (a.occurrenceDate, b.occurrenceDate) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default: break
            }
            if a.end != b.end { return a.end < b.end }
            return a.position < b.position
        }
    }

    /// The order of reminders: by due date (undated last), then UID, then calendar title;
    /// equal ones keep their order.
    struct ReminderOrder: Comparable, Sendable {
        var due: String?
        var uid: String
        var calendarTitle: String
        var position: Int

        init(_ r: Reminder, calendarTitle: String, position: Int) {
            due = r.dueDateComponents.flatMap(JSONOutput.sortKey)
            uid = r.uid
            self.calendarTitle = calendarTitle
            self.position = position
        }

        static func < (a: ReminderOrder, b: ReminderOrder) -> Bool {
            switch (a.due, b.due) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: break
            }
            if a.uid != b.uid { return a.uid < b.uid }
            if a.calendarTitle != b.calendarTitle { return a.calendarTitle < b.calendarTitle }
            return a.position < b.position
        }
    }

    /// A sortable form of a due date: the instant for zoned ones, the wall clock otherwise.
    fileprivate static func sortKey(_ c: DateComponents) -> String? {
        guard let year = c.year, let month = c.month, let day = c.day else { return nil }
        var wall = utcDate(year: year, month: month, day: day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
        if let zone = c.timeZone, c.hour != nil { wall = WallClock.instant(wall, in: zone) }
        return DateText.wallClock(wall)
    }
}
