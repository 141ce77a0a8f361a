import Foundation
import ICalCore

/// icalkit's JSON (what `convert --format json` writes; `Docs/icalkit-json.schema.json`) to
/// iCalendar text, so that a script can write calendars as JSON and icalkit reads them as it
/// reads `.ics`.
///
/// Each calendar becomes a VCALENDAR (title `X-WR-CALNAME`, description `X-WR-CALDESC`, color
/// `COLOR`, productID `PRODID`, timeZone `X-WR-TIMEZONE`), each event a VEVENT and each reminder
/// a VTODO with the fields JSON carries. Dates keep their instant: a zoned event's times are
/// written in its `timeZone` (`DTSTART;TZID=Europe/Berlin:20260302T090000`), UTC ones with `Z`,
/// floating ones without zone, days as `VALUE=DATE`. What JSON does not carry is not invented,
/// and what it carries only as an instant stays one: a reminder's zoned dates and the dates of
/// an event whose `timeZone` names no tz database zone are written in UTC.
///
/// Input without that shape is a ``FormatError`` naming the path and what was expected there
/// (`calendars[0].events[3].start: expected RFC 3339 or YYYY-MM-DD`).
///
/// ```swift
/// let json = #"{"calendars":[{"title":"Team","events":[{"uid":"a@x","start":"2026-03-02","end":"2026-03-03"}]}]}"#
/// let ics = try CalendarJSONReader.iCalendar(fromJSON: Array(json.utf8))
/// // BEGIN:VCALENDAR … X-WR-CALNAME:Team … DTSTART;VALUE=DATE:20260302 …
/// ```
public enum CalendarJSONReader {
    public static func iCalendar(fromJSON bytes: [UInt8]) throws(FormatError) -> TranslatedInput {
        try InputFormat.calendarJSON.translated(json: bytes)
    }

    /// The document read as it arrives (``JSONTokenizer``): each event and reminder is read
    /// whole, translated and handed on, so that memory holds one item, not the document.
    ///
    /// The errors are those of a document read whole: text that is not JSON is said before any
    /// shape error (the rest of the text is read to find out), and a `schemaVersion` other than
    /// 1 before what is wrong in `calendars`, wherever it stands. The first member of a name
    /// counts; the others are skipped.
    static func translate(_ json: inout JSONTokenizer, to out: inout TranslationWriter) throws {
        let root = JSONPath()
        do {
            guard try json.peek() == .beginObject else {
                _ = try JSONField.object(try json.value(), at: root, "an object with \"calendars\"")
                return   // not reached: the value is not an object
            }
            _ = try json.next()
            let depth = json.depth
            var sawVersion = false
            var sawCalendars = false
            var calendarsError: FormatError?
            while case .key(let key) = try json.next() {
                switch key {
                case "schemaVersion" where !sawVersion:
                    sawVersion = true
                    if try json.value() != .number("1") {
                        throw root.key("schemaVersion").error("expected 1 (the version of icalkit's JSON this icalkit reads)")
                    }
                case "calendars" where !sawCalendars:
                    sawCalendars = true
                    do {
                        try items(&json, at: root.key("calendars"), required: true, to: &out, write: calendar)
                    } catch let error as FormatError where !json.failed {
                        // Said once the rest of the object is read: a wrong schemaVersion after it comes first.
                        calendarsError = error
                        try json.skip(toDepth: depth)
                    }
                default:
                    try json.skipValue()
                }
            }
            if let calendarsError { throw calendarsError }
            if !sawCalendars { _ = try JSONField.array(nil, at: root.key("calendars"), required: true) }
            _ = try json.next()   // the end of the text, or an error
        } catch let shapeError as FormatError where !json.failed {
            try json.skipToEnd()
            throw shapeError
        }
        try out.flush()
    }

    /// The elements of an array member, each read whole and written by `write` (an absent or
    /// null member is empty unless `required`; anything else is an error).
    static func items(_ json: inout JSONTokenizer, at path: JSONPath, required: Bool, to out: inout TranslationWriter,
                      write: (inout JSONTokenizer, JSONPath, inout TranslationWriter) throws -> Void) throws {
        guard try json.peek() == .beginArray else {
            _ = try JSONField.array(try json.value(), at: path, required: required)
            return
        }
        _ = try json.next()
        var i = 0
        while try json.peek() != .endArray {
            try write(&json, path.index(i).folded, &out)
            try out.itemEnded()
            i += 1
        }
        _ = try json.next()
    }

    /// An item (event or reminder) read whole, by its writer.
    static func item(_ write: @escaping (JSONNode, JSONPath, inout TranslatedInput) throws(FormatError) -> Void)
        -> (inout JSONTokenizer, JSONPath, inout TranslationWriter) throws -> Void {
        { json, path, out in try write(try json.value(), path, &out.pending) }
    }

    // MARK: - Calendars

    /// The members of a calendar that make its head, in the order written, with their lines' names.
    static let headMembers = [("productID", "PRODID"), ("title", "X-WR-CALNAME"), ("description", "X-WR-CALDESC"),
                              ("color", "COLOR"), ("timeZone", "X-WR-TIMEZONE")]

    /// One calendar: its head members are kept until its first `events` or `reminders`, then
    /// written; a head member that comes after them is written at the calendar's end (as
    /// iCalendar allows: the calendar's properties are its properties wherever they stand).
    static func calendar(_ json: inout JSONTokenizer, at path: JSONPath, to out: inout TranslationWriter) throws {
        guard try json.peek() == .beginObject else {
            _ = try JSONField.object(try json.value(), at: path, "an object (a calendar)")
            return
        }
        _ = try json.next()
        var head: [String: JSONNode] = [:]
        var begun = false
        var seen: Set<String> = []
        func begin(_ out: inout TranslationWriter) throws(FormatError) {
            guard !begun else { return }
            begun = true
            out.pending.append(line: "BEGIN:VCALENDAR", from: path)
            out.pending.append(line: "VERSION:2.0", from: path)
            try writeHead(head, at: path, to: &out.pending)
            head = [:]
        }
        while case .key(let key) = try json.next() {
            guard seen.insert(key).inserted else {
                try json.skipValue()
                continue
            }
            switch key {
            case "events":
                try begin(&out)
                try items(&json, at: path.key(key), required: false, to: &out, write: item(CalendarJSONEvent.write))
            case "reminders":
                try begin(&out)
                try items(&json, at: path.key(key), required: false, to: &out, write: item(CalendarJSONReminder.write))
            case _ where headMembers.contains { $0.0 == key }:
                head[key] = try json.value()
            default:
                try json.skipValue()
            }
        }
        let late = begun ? head : [:]
        try begin(&out)
        try writeHead(late, at: path, to: &out.pending)
        out.pending.append(line: "END:VCALENDAR", from: path)
    }

    /// The head lines of the members in `head`, in ``headMembers`` order.
    static func writeHead(_ head: [String: JSONNode], at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        for (key, name) in headMembers {
            try text(name, head[key], at: path.key(key), to: &out)
        }
    }

    /// `NAME:escaped text` for a string member; nothing for a missing or null one.
    static func text(_ name: String, _ node: JSONNode?, at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        guard let value = try JSONField.string(node, at: path) else { return }
        out.append(line: name + ":" + TextCodec.escape(value), from: path)
    }
}
