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
        try iCalendar(from: JSONNode(parsing: bytes))
    }

    public static func iCalendar(from document: JSONNode) throws(FormatError) -> TranslatedInput {
        let root = JSONPath()
        var out = TranslatedInput()
        let top = try JSONField.object(document, at: root, "an object with \"calendars\"")
        if let version = top["schemaVersion"], version != .number("1") {
            throw root.key("schemaVersion").error("expected 1 (the version of icalkit's JSON this icalkit reads)")
        }
        let calendars = try JSONField.array(top["calendars"], at: root.key("calendars"), required: true)
        for (i, calendar) in calendars.enumerated() {
            try write(calendar: calendar, at: root.key("calendars").index(i), to: &out)
        }
        return out
    }

    // MARK: - Calendars

    static func write(calendar node: JSONNode, at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        let c = try JSONField.object(node, at: path, "an object (a calendar)")
        out.append(line: "BEGIN:VCALENDAR", from: path)
        out.append(line: "VERSION:2.0", from: path)
        try text("PRODID", c["productID"], at: path.key("productID"), to: &out)
        try text("X-WR-CALNAME", c["title"], at: path.key("title"), to: &out)
        try text("X-WR-CALDESC", c["description"], at: path.key("description"), to: &out)
        try text("COLOR", c["color"], at: path.key("color"), to: &out)
        try text("X-WR-TIMEZONE", c["timeZone"], at: path.key("timeZone"), to: &out)
        let events = try JSONField.array(c["events"], at: path.key("events"), required: false)
        for (i, event) in events.enumerated() {
            try CalendarJSONEvent.write(event, at: path.key("events").index(i), to: &out)
        }
        let reminders = try JSONField.array(c["reminders"], at: path.key("reminders"), required: false)
        for (i, reminder) in reminders.enumerated() {
            try CalendarJSONReminder.write(reminder, at: path.key("reminders").index(i), to: &out)
        }
        out.append(line: "END:VCALENDAR", from: path)
    }

    /// `NAME:escaped text` for a string member; nothing for a missing or null one.
    static func text(_ name: String, _ node: JSONNode?, at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        guard let value = try JSONField.string(node, at: path) else { return }
        out.append(line: name + ":" + TextCodec.escape(value), from: path)
    }
}
