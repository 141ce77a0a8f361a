import CalendarModel
import Foundation
import ICalCore

/// ``ICalendarWriter``'s work for one calendar, one item at a time, so a converter can write
/// items as it reads them: each item's folded text comes back at once (events and reminders
/// are written after the head, in that order), and the head — VCALENDAR properties and exactly
/// one VTIMEZONE for every TZID used — is known once every item was seen.
///
/// ```swift
/// var writer = CalendarTextWriter(header: document)      // properties and VTIMEZONEs
/// var items: [UInt8] = []
/// writer.event(event, to: &items)                         // or spool them
/// var out: [UInt8] = []
/// writer.head(to: &out); out += items; writer.tail(to: &out)
/// ```
public struct CalendarTextWriter {
    let header: CalendarDocument
    let resolver: ZoneResolver
    /// TZIDs used, in the order ``ICalendarWriter`` lists them: those of unchanged events'
    /// original text, then of unchanged reminders', then those rebuilt lines refer to
    /// (sorted), then those of the verbatim components.
    private var eventTZIDs = OrderedTZIDs()
    private var reminderTZIDs = OrderedTZIDs()
    private var rebuiltTZIDs: Set<String> = []
    private var extraTZIDs = OrderedTZIDs()
    private var extraComponents: [String] = []

    struct OrderedTZIDs {
        private(set) var list: [String] = []
        private var seen: Set<String> = []
        /// The bytes last given to ``add(bytes:)``: most lines of an item name the same zone.
        private var last: [UInt8]?
        mutating func add(_ tzid: String) { if seen.insert(tzid).inserted { list.append(tzid) } }
        mutating func add(bytes tzid: UnsafeBufferPointer<UInt8>) {
            if let last, last.count == tzid.count,
               tzid.isEmpty || last.withUnsafeBufferPointer({ memcmp($0.baseAddress!, tzid.baseAddress!, tzid.count) == 0 }) {
                return
            }
            last = Array(tzid)
            add(String(decoding: tzid, as: UTF8.self))
        }
    }

    /// `header`'s events and reminders are not written (hand them to `event`/`reminder`);
    /// its extra components are, after the items.
    public init(header: CalendarDocument) {
        self.header = header
        resolver = ZoneResolver(timeZones: header.timeZones)
        for c in header.extraComponents { extraComponent(c) }
    }

    /// Appends the event's folded text, BEGIN:VEVENT to END:VEVENT.
    public mutating func event(_ event: Event, to out: inout [UInt8]) {
        var body = PropertyWriter(resolver: resolver)
        if EventExporter.write(event, into: &body) {
            ICalendarWriter.forEachTZID(in: body.pieces[...]) { eventTZIDs.add($0) }
        }
        finish(body, to: &out)
    }

    /// Appends the reminder's folded text, BEGIN:VTODO to END:VTODO.
    public mutating func reminder(_ reminder: Reminder, to out: inout [UInt8]) {
        var body = PropertyWriter(resolver: resolver)
        if ReminderExporter.write(reminder, into: &body) {
            ICalendarWriter.forEachTZID(in: body.pieces[...]) { reminderTZIDs.add($0) }
        }
        finish(body, to: &out)
    }

    /// Appends an unedited event's original text (unfolded lines, CRLF-separated, as UTF-8)
    /// folded: what ``event(_:to:)`` writes for an event whose source is unchanged.
    public mutating func event(originalText text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        CalendarTextWriter.append(originalText: text, to: &out, tzids: &eventTZIDs)
    }

    /// Appends an unedited reminder's original text, as ``event(originalText:to:)``.
    public mutating func reminder(originalText text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        CalendarTextWriter.append(originalText: text, to: &out, tzids: &reminderTZIDs)
    }

    /// Notes the TZIDs of the text's lines and appends them folded.
    private static func append(originalText text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], tzids: inout OrderedTZIDs) {
        ICalendarWriter.forEachTZIDBytes(inLines: text) { tzids.add(bytes: $0) }
        LineFolder.appendLines(of: text, to: &out)
    }

    private mutating func finish(_ body: PropertyWriter, to out: inout [UInt8]) {
        rebuiltTZIDs.formUnion(body.tzids)
        CalendarTextWriter.append(body.pieces, to: &out)
    }

    private static func append(_ pieces: [PropertyWriter.Piece], to out: inout [UInt8]) {
        for piece in pieces {
            switch piece {
            case .line(let line): LineFolder.append(line, to: &out)
            case .block(let text): LineFolder.appendLines(of: text, to: &out)
            }
        }
    }

    /// A component kept verbatim; written by ``tail(to:)``.
    public mutating func extraComponent(_ text: String) {
        var body = PropertyWriter(resolver: resolver)
        body.component(text)
        ICalendarWriter.forEachTZID(in: body.pieces[...]) { extraTZIDs.add($0) }
        extraComponents.append(text)
    }

    /// BEGIN:VCALENDAR, the calendar's properties and its VTIMEZONEs: every definition the
    /// input carried (used or not: nothing is dropped), then one generated from the tz
    /// database for each TZID used without a definition.
    public func head(to out: inout [UInt8]) {
        var used = OrderedTZIDs()
        for tzid in eventTZIDs.list { used.add(tzid) }
        for tzid in reminderTZIDs.list { used.add(tzid) }
        for tzid in rebuiltTZIDs.sorted() { used.add(tzid) }
        for tzid in extraTZIDs.list { used.add(tzid) }

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
        for tz in header.timeZones where defined.insert(tz.tzid).inserted { LineFolder.appendLines(of: tz.text, to: &out) }
        // A VTIMEZONE kept verbatim (repeated, or not usable as a zone) still defines its TZID in
        // the output: generating another would define it twice.
        for c in extraComponents where c.hasPrefix("BEGIN:VTIMEZONE") {
            if let line = c.crlfLines.first(where: { $0.hasPrefix("TZID:") }) {
                defined.insert(TextCodec.unescape(String(line.dropFirst(5))).trimmedSpaces)
            }
        }
        for tzid in used.list where !defined.contains(tzid) {
            if let iana = ZoneResolver.ianaIdentifier(for: tzid), let text = BuiltinTimeZones.vtimezoneText(ianaID: iana, tzid: tzid) {
                LineFolder.appendLines(of: text, to: &out)
            }
        }
    }

    /// The verbatim components and END:VCALENDAR.
    public func tail(to out: inout [UInt8]) {
        for c in extraComponents {
            var body = PropertyWriter(resolver: resolver)
            body.component(c)
            CalendarTextWriter.append(body.pieces, to: &out)
        }
        LineFolder.append("END:VCALENDAR", to: &out)
    }
}
