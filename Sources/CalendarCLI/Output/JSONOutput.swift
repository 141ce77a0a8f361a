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

    /// ``events(_:keepOrder:)`` written into `out` piece by piece. With `wallClockZone`, the
    /// occurrences are the store's: floating and all-day ones placed on the time line in that
    /// zone, which this turns back into their wall clock (the convention above).
    static func writeEvents(_ occurrences: [Occurrence], keepOrder: Bool = false, wallClockZone: TimeZone? = nil,
                            to out: inout OutputBuffer) throws {
        let list = keepOrder ? occurrences : sorted(occurrences)
        var cache = EventRenderingCache(renderer: occurrenceRenderer)
        try writeEvents(RenderedOccurrences(list.map { cache.rendered($0) }), wallClockZone: wallClockZone, to: &out)
    }

    /// Renders the members of an occurrence object that come from its event alone, for the
    /// store to keep (``EventStore/renderedEvents(matching:renderer:)``). Bump the version in
    /// `format` whenever what ``EventChunks`` writes changes.
    static let occurrenceRenderer = EventRenderer(format: "json-occurrence/1", render: { EventChunks($0).packed },
                                                  accepts: { EventChunks.isPacked($0) })

    /// Rendered occurrences in the given order, written occurrence by occurrence: the members
    /// that come from the event alone are its rendering (``EventChunks``, made once per event
    /// and kept by the store between queries); only the dates and the instance's flags are
    /// written per occurrence (``OccurrenceJSONWriter``). Byte for byte what
    /// `JSONValue.object([...]).rendered()` gives.
    static func writeEvents(_ list: RenderedOccurrences, wallClockZone: TimeZone? = nil, to out: inout OutputBuffer) throws {
        guard !list.isEmpty else {
            out.bytes.append(contentsOf: JSONValue.object([("schemaVersion", .int(schemaVersion)), ("events", .array([]))]).rendered().utf8)
            return try out.finish()
        }
        out.bytes.append(contentsOf: "{\n  \"schemaVersion\": \(schemaVersion),\n  \"events\": [\n".utf8)
        var writer = OccurrenceJSONWriter()
        try writer.write(list, wallClockZone: wallClockZone, to: &out)
        out.bytes.append(contentsOf: "  ]\n}\n".utf8)
        try out.finish()
    }

    /// The rendered members of an occurrence object that depend on its event only, in the
    /// order ``occurrenceMembers(_:)`` writes them.
    struct EventChunks {
        var uid: [UInt8] = []
        var title: [UInt8] = []
        var details: [UInt8] = []
        var people: [UInt8] = []

        /// Written straight as bytes (building `JSONValue` trees for every event of a large
        /// query was most of the output's time); the bytes equal those of ``occurrence(_:)``,
        /// which the tests check.
        init(_ e: Event) {
            let w = MemberWriter(indent: 3)
            w.string("uid", e.uid, to: &uid)
            w.string("title", e.title, to: &title)
            w.bool("isAllDay", e.isAllDay, to: &details)
            w.string("timeZone", zoneName(of: e), to: &details)
            w.string("location", e.location, to: &details)
            w.string("notes", e.notes, to: &details)
            w.string("url", e.url?.absoluteString, to: &details)
            w.string("status", e.status.rawValue, to: &details)
            w.array("alarms", e.alarms, to: &people) { a, inner, out in
                let offset = a.relativeDuration ?? a.relativeOffset.map { ICalDuration(exactly: $0) }
                inner.string("action", a.action.rawValue.lowercased(), to: &out)
                inner.string("offset", offset?.description, to: &out)
                inner.string("relatedTo", offset == nil ? nil : a.relatedTo.rawValue, to: &out)
                inner.string("date", a.absoluteDate.map(DateText.utc), last: true, to: &out)
            }
            if let organizer = e.organizer {
                w.object("organizer", to: &people) { inner, out in Self.participant(organizer, inner, &out) }
            } else {
                w.string("organizer", nil, to: &people)
            }
            w.array("attendees", e.attendees, last: true, to: &people) { p, inner, out in Self.participant(p, inner, &out) }
        }

        /// The four parts in one array: their lengths (uid, title, details; 4 bytes each,
        /// little-endian), then the parts.
        var packed: [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(12 + uid.count + title.count + details.count + people.count)
            for part in [uid, title, details] {
                withUnsafeBytes(of: UInt32(part.count).littleEndian) { bytes.append(contentsOf: $0) }
            }
            bytes += uid
            bytes += title
            bytes += details
            bytes += people
            return bytes
        }

        /// Bytes laid out as ``packed`` makes them: a header whose three lengths fit in what
        /// follows (a kept rendering is read back from the store file).
        static func isPacked(_ packed: UnsafeBufferPointer<UInt8>) -> Bool {
            guard packed.count >= 12 else { return false }
            var total = 12
            for offset in stride(from: 0, to: 12, by: 4) {
                total += Int(packed[offset]) | Int(packed[offset + 1]) << 8 | Int(packed[offset + 2]) << 16 | Int(packed[offset + 3]) << 24
            }
            return total <= packed.count
        }

        /// The parts of ``packed`` bytes, as views into them (checked by ``isPacked(_:)``).
        static func unpacked(_ packed: UnsafeBufferPointer<UInt8>) -> (uid: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>,
                                                                      details: UnsafeBufferPointer<UInt8>, people: UnsafeBufferPointer<UInt8>) {
            func length(at offset: Int) -> Int {
                Int(packed[offset]) | Int(packed[offset + 1]) << 8 | Int(packed[offset + 2]) << 16 | Int(packed[offset + 3]) << 24
            }
            precondition(packed.count >= 12, "a rendering not made by EventChunks.packed")
            let uidEnd = 12 + length(at: 0)
            let titleEnd = uidEnd + length(at: 4)
            let detailsEnd = titleEnd + length(at: 8)
            precondition(detailsEnd <= packed.count, "a rendering not made by EventChunks.packed")
            return (UnsafeBufferPointer(rebasing: packed[12..<uidEnd]), UnsafeBufferPointer(rebasing: packed[uidEnd..<titleEnd]),
                    UnsafeBufferPointer(rebasing: packed[titleEnd..<detailsEnd]),
                    UnsafeBufferPointer(rebasing: packed[detailsEnd..<packed.count]))
        }

        private static func participant(_ p: Participant, _ w: MemberWriter, _ out: inout [UInt8]) {
            w.string("name", p.name, to: &out)
            w.string("email", p.email, to: &out)
            w.string("url", p.url, to: &out)
            w.string("role", p.role.rawValue, to: &out)
            w.string("status", p.status.rawValue, to: &out)
            w.string("type", p.type.rawValue, to: &out)
            if let rsvp = p.rsvp { w.bool("rsvp", rsvp, last: true, to: &out) } else { w.string("rsvp", nil, last: true, to: &out) }
        }
    }

    /// Writes `"key": value` lines of an object at one indentation, in the layout of
    /// ``JSONValue/rendered()``: each line ends with `,` unless it is the object's last.
    private struct MemberWriter {
        let indent: Int

        private func key(_ key: StaticString, to out: inout [UInt8]) {
            JSONValue.indentation(indent, to: &out)
            out.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(contentsOf: "\": ".utf8)
        }

        private func end(_ last: Bool, to out: inout [UInt8]) {
            if !last { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
        }

        /// A string, or null.
        func string(_ name: StaticString, _ value: String?, last: Bool = false, to out: inout [UInt8]) {
            key(name, to: &out)
            if let value { JSONValue.writeString(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
            end(last, to: &out)
        }

        func bool(_ name: StaticString, _ value: Bool, last: Bool = false, to out: inout [UInt8]) {
            key(name, to: &out)
            out.append(contentsOf: (value ? "true" : "false").utf8)
            end(last, to: &out)
        }

        /// An object whose members `body` writes (with the writer one level in); `body` marks
        /// its last member.
        func object(_ name: StaticString, last: Bool = false, to out: inout [UInt8],
                    _ body: (MemberWriter, inout [UInt8]) -> Void) {
            key(name, to: &out)
            openObject(body, to: &out)
            end(last, to: &out)
        }

        /// An array of objects, one per element, each written by `body` two levels in.
        func array<T>(_ name: StaticString, _ items: [T], last: Bool = false, to out: inout [UInt8],
                      _ body: (T, MemberWriter, inout [UInt8]) -> Void) {
            key(name, to: &out)
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
            } else {
                out.append(contentsOf: "[\n".utf8)
                let element = MemberWriter(indent: indent + 1)
                for (i, item) in items.enumerated() {
                    JSONValue.indentation(indent + 1, to: &out)
                    element.openObject({ w, o in body(item, w, &o) }, to: &out)
                    out.append(contentsOf: (i + 1 < items.count ? ",\n" : "\n").utf8)
                }
                JSONValue.indentation(indent, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            end(last, to: &out)
        }

        /// `{`, the members one level in, `}` at this level (no line end after it).
        private func openObject(_ body: (MemberWriter, inout [UInt8]) -> Void, to out: inout [UInt8]) {
            out.append(contentsOf: "{\n".utf8)
            body(MemberWriter(indent: indent + 1), &out)
            JSONValue.indentation(indent, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `{"schemaVersion": 1, "reminders": [...]}`; each pair is a reminder and its calendar's title.
    static func reminders(_ reminders: [(reminder: Reminder, calendarTitle: String)]) -> String {
        JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("reminders", .array(sorted(reminders).map { reminder($0.reminder, calendarTitle: $0.calendarTitle) })),
        ]).rendered()
    }

    /// What `convert --to json` writes: every calendar with its events (as stored, series not
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
        let events = document.events.enumerated().map { (i, e) in (order: EventOrder(e, position: i), value: calendarEvent(e, calendarTitle: c.title)) }
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

    /// An event of a calendar document: the occurrence object of its first instance, plus its
    /// rules, recurrence dates and exception dates.
    static func calendarEvent(_ e: Event, calendarTitle: String) -> JSONValue {
        let o = Occurrence(event: e, calendarTitle: calendarTitle, startDate: e.startDate, endDate: e.endDate,
                           occurrenceDate: e.occurrenceDate, isRecurring: e.hasRecurrenceRules || e.isDetached, isDetached: e.isDetached)
        return .object(occurrenceMembers(o) + [
            ("recurrenceRules", .array(e.recurrenceRules.map { .string($0.rfc5545String) })),
            ("recurrenceDates", .array(e.recurrenceDates.map { recurrenceDate($0, of: e) })),
            ("exceptionDates", .array(e.exceptionDates.map { recurrenceDate($0, of: e) })),
        ])
    }

    static func occurrence(_ o: Occurrence) -> JSONValue { .object(occurrenceMembers(o)) }

    private static func occurrenceMembers(_ o: Occurrence) -> [(String, JSONValue)] {
        let e = o.event
        return [
            ("uid", .string(e.uid)),
            ("calendar", .string(o.calendarTitle)),
            ("title", .string(e.title)),
            ("start", .string(DateText.eventDate(o.startDate, of: e))),
            ("end", .string(DateText.eventDate(o.endDate, of: e))),
            ("isAllDay", .bool(e.isAllDay)),
            ("timeZone", .nullable(zoneName(of: e))),
            ("location", .nullable(e.location)),
            ("notes", .nullable(e.notes)),
            ("url", .nullable(e.url?.absoluteString)),
            ("status", .string(e.status.rawValue)),
            ("recurring", .bool(o.isRecurring)),
            ("occurrenceDate", .nullable(o.occurrenceDate.map { occurrenceDateText($0, of: e) })),
            ("isDetached", .bool(o.isDetached)),
            ("alarms", .array(e.alarms.map(alarm))),
            ("organizer", e.organizer.map(participant) ?? .null),
            ("attendees", .array(e.attendees.map(participant))),
        ]
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

    static func alarm(_ a: Alarm) -> JSONValue {
        let offset = a.relativeDuration ?? a.relativeOffset.map { ICalDuration(exactly: $0) }
        return .object([
            ("action", .string(a.action.rawValue.lowercased())),
            ("offset", .nullable(offset?.description)),
            ("relatedTo", offset == nil ? .null : .string(a.relatedTo.rawValue)),
            ("date", .nullable(a.absoluteDate.map(DateText.utc))),
        ])
    }

    static func participant(_ p: Participant) -> JSONValue {
        .object([
            ("name", .nullable(p.name)),
            ("email", .nullable(p.email)),
            ("url", .string(p.url)),
            ("role", .string(p.role.rawValue)),
            ("status", .string(p.status.rawValue)),
            ("type", .string(p.type.rawValue)),
            ("rsvp", p.rsvp.map { .bool($0) } ?? .null),
        ])
    }

    // MARK: - Helpers

    /// The IANA id, `UTC`, or nil for floating and all-day events.
    static func zoneName(of e: Event) -> String? {
        guard !e.isAllDay, let zone = e.timeZone else { return nil }
        if let defined = e.definedTimeZone { return defined.tzid }
        return DateText.isUTC(zone) ? "UTC" : zone.identifier
    }

    /// RECURRENCE-ID: a day when it was a DATE, else like the event's start.
    private static func occurrenceDateText(_ date: Date, of e: Event) -> String {
        e.occurrenceDateIsAllDay ? DateText.day(date) : DateText.eventDate(date, of: e)
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
        if let zone = c.timeZone, c.hour != nil { wall = WhenParser.instant(wallClock: wall, in: zone) }
        return DateText.wallClock(wall)
    }
}
