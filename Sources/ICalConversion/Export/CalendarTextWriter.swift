import CalendarModel
import Foundation
import ICalCore

/// ``ICalendarWriter``'s work for one calendar, one item at a time, so a converter can write
/// items as it reads them: each item's text comes back at once (events and reminders are
/// written after the head, in that order), and the head — VCALENDAR properties and exactly
/// one VTIMEZONE for every TZID used — is known once every item was seen.
///
/// ```swift
/// var writer = CalendarTextWriter(header: document)      // properties and VTIMEZONEs
/// let eventText = writer.event(event)                     // spool it
/// let text = writer.head() + eventText + writer.tail()
/// ```
public struct CalendarTextWriter {
    let header: CalendarDocument
    let resolver: ZoneResolver
    /// TZIDs used, in the order ``ICalendarWriter`` lists them: those of unchanged events'
    /// original lines, then of unchanged reminders', then those rebuilt lines refer to
    /// (sorted), then those of the verbatim components.
    private var eventTZIDs = OrderedTZIDs()
    private var reminderTZIDs = OrderedTZIDs()
    private var rebuiltTZIDs: Set<String> = []
    private var extraTZIDs = OrderedTZIDs()
    private var extraComponents: [String] = []

    struct OrderedTZIDs {
        private(set) var list: [String] = []
        private var seen: Set<String> = []
        mutating func add(_ tzid: String) { if seen.insert(tzid).inserted { list.append(tzid) } }
    }

    /// `header`'s events and reminders are not written (hand them to `event`/`reminder`);
    /// its extra components are, after the items.
    public init(header: CalendarDocument) {
        self.header = header
        resolver = ZoneResolver(timeZones: header.timeZones)
        for c in header.extraComponents { extraComponent(c) }
    }

    /// The event's folded lines, BEGIN:VEVENT to END:VEVENT.
    public mutating func event(_ event: Event) -> String {
        var body = PropertyWriter(resolver: resolver)
        EventExporter.write(event, into: &body)
        if let source = event.source, source.isUnchanged(event) {
            for tzid in ICalendarWriter.tzids(inLines: body.lines) { eventTZIDs.add(tzid) }
        }
        return finish(body)
    }

    /// The reminder's folded lines, BEGIN:VTODO to END:VTODO.
    public mutating func reminder(_ reminder: Reminder) -> String {
        var body = PropertyWriter(resolver: resolver)
        ReminderExporter.write(reminder, into: &body)
        if let source = reminder.source, source.isUnchanged(reminder) {
            for tzid in ICalendarWriter.tzids(inLines: body.lines) { reminderTZIDs.add(tzid) }
        }
        return finish(body)
    }

    private mutating func finish(_ body: PropertyWriter) -> String {
        rebuiltTZIDs.formUnion(body.tzids)
        var out = ""
        for line in body.lines { LineFolder.append(line, to: &out) }
        return out
    }

    /// A component kept verbatim; written by ``tail()``.
    public mutating func extraComponent(_ text: String) {
        for tzid in ICalendarWriter.tzids(inLines: text.crlfLines) { extraTZIDs.add(tzid) }
        extraComponents.append(text)
    }

    /// BEGIN:VCALENDAR, the calendar's properties and its VTIMEZONEs: every definition the
    /// input carried (used or not: nothing is dropped), then one generated from the tz
    /// database for each TZID used without a definition.
    public func head() -> String {
        var used = OrderedTZIDs()
        for tzid in eventTZIDs.list { used.add(tzid) }
        for tzid in reminderTZIDs.list { used.add(tzid) }
        for tzid in rebuiltTZIDs.sorted() { used.add(tzid) }
        for tzid in extraTZIDs.list { used.add(tzid) }

        var out = ""
        LineFolder.append("BEGIN:VCALENDAR", to: &out)
        LineFolder.append("VERSION:2.0", to: &out)
        LineFolder.append("PRODID:" + ICalendarWriter.productID, to: &out)
        let cal = header.calendar
        if !cal.title.isEmpty { LineFolder.append("X-WR-CALNAME:" + TextCodec.escape(cal.title), to: &out) }
        if let d = cal.calendarDescription { LineFolder.append("X-WR-CALDESC:" + TextCodec.escape(d), to: &out) }
        if let tz = cal.defaultTimeZoneIdentifier { LineFolder.append("X-WR-TIMEZONE:" + tz, to: &out) }
        let colorNames: Set<String> = ["COLOR", "X-APPLE-CALENDAR-COLOR", "X-OUTLOOK-COLOR"]
        if let color = cal.color, !header.extraProperties.contains(where: { colorNames.contains(String($0.prefix { $0 != ":" && $0 != ";" }).uppercased()) }) {
            LineFolder.append("COLOR:" + color, to: &out)
        }
        for line in header.extraProperties { LineFolder.append(line, to: &out) }

        var defined: Set<String> = []
        for tz in header.timeZones where defined.insert(tz.tzid).inserted { appendComponent(tz.text, to: &out) }
        // A VTIMEZONE kept verbatim (repeated, or not usable as a zone) still defines its TZID in
        // the output: generating another would define it twice.
        for c in extraComponents where c.hasPrefix("BEGIN:VTIMEZONE") {
            if let line = c.crlfLines.first(where: { $0.hasPrefix("TZID:") }) {
                defined.insert(TextCodec.unescape(String(line.dropFirst(5))).trimmedSpaces)
            }
        }
        for tzid in used.list where !defined.contains(tzid) {
            if let iana = ZoneResolver.ianaIdentifier(for: tzid), let text = BuiltinTimeZones.vtimezoneText(ianaID: iana, tzid: tzid) {
                appendComponent(text, to: &out)
            }
        }
        return out
    }

    /// The verbatim components and END:VCALENDAR.
    public func tail() -> String {
        var out = ""
        for c in extraComponents { appendComponent(c, to: &out) }
        LineFolder.append("END:VCALENDAR", to: &out)
        return out
    }

    private func appendComponent(_ text: String, to out: inout String) {
        for line in text.crlfLines { LineFolder.append(line, to: &out) }
    }
}
