import CalendarModel
import Foundation
import ICalCore

/// Writes model values as RFC 5545 text: CRLF line ends, folded at 75 octets without splitting
/// a UTF-8 character, VERSION/PRODID, and exactly one VTIMEZONE for every TZID used — the
/// input's own definition when it had one, else generated from the tz database.
///
/// ```swift
/// let text = ICalendarWriter().write(result.documents)
/// ```
public struct ICalendarWriter: Sendable {
    public static let productID = "-//icalkit//icalkit 0.1.0//EN"
    public init() {}

    /// One VCALENDAR per document, concatenated.
    public func write(_ documents: [CalendarDocument]) -> String {
        var out = ""
        for doc in documents { write(doc, to: &out) }
        return out
    }

    public func write(_ doc: CalendarDocument, to out: inout String) {
        let resolver = ZoneResolver(timeZones: doc.timeZones)
        var body = PropertyWriter(resolver: resolver)
        var usedTZIDs: [String] = []
        var seen: Set<String> = []
        func use(_ tzid: String) { if seen.insert(tzid).inserted { usedTZIDs.append(tzid) } }

        for event in doc.events {
            let before = body.lines.count
            EventExporter.write(event, into: &body)
            if let source = event.source, source.isUnchanged(event) {
                for tzid in ICalendarWriter.tzids(inLines: body.lines[before...]) { use(tzid) }
            }
        }
        for reminder in doc.reminders {
            let before = body.lines.count
            ReminderExporter.write(reminder, into: &body)
            if let source = reminder.source, source.isUnchanged(reminder) {
                for tzid in ICalendarWriter.tzids(inLines: body.lines[before...]) { use(tzid) }
            }
        }
        for tzid in body.tzids.sorted() { use(tzid) }
        for c in doc.extraComponents {
            let before = body.lines.count
            body.component(c)
            for tzid in ICalendarWriter.tzids(inLines: body.lines[before...]) { use(tzid) }
        }

        LineFolder.append("BEGIN:VCALENDAR", to: &out)
        LineFolder.append("VERSION:2.0", to: &out)
        LineFolder.append("PRODID:" + ICalendarWriter.productID, to: &out)
        let cal = doc.calendar
        if !cal.title.isEmpty { LineFolder.append("X-WR-CALNAME:" + TextCodec.escape(cal.title), to: &out) }
        if let d = cal.calendarDescription { LineFolder.append("X-WR-CALDESC:" + TextCodec.escape(d), to: &out) }
        if let tz = cal.defaultTimeZoneIdentifier { LineFolder.append("X-WR-TIMEZONE:" + tz, to: &out) }
        let colorNames: Set<String> = ["COLOR", "X-APPLE-CALENDAR-COLOR", "X-OUTLOOK-COLOR"]
        if let color = cal.color, !doc.extraProperties.contains(where: { colorNames.contains(String($0.prefix { $0 != ":" && $0 != ";" }).uppercased()) }) {
            LineFolder.append("COLOR:" + color, to: &out)
        }
        for line in doc.extraProperties { LineFolder.append(line, to: &out) }

        // Every definition the input carried (used or not: nothing is dropped), then one
        // generated from the tz database for each TZID used without a definition.
        var defined: Set<String> = []
        for tz in doc.timeZones where defined.insert(tz.tzid).inserted { appendComponent(tz.text, to: &out) }
        // A VTIMEZONE kept verbatim (repeated, or not usable as a zone) still defines its TZID in
        // the output: generating another would define it twice.
        for c in doc.extraComponents where c.hasPrefix("BEGIN:VTIMEZONE") {
            if let line = c.crlfLines.first(where: { $0.hasPrefix("TZID:") }) {
                defined.insert(TextCodec.unescape(String(line.dropFirst(5))).trimmedSpaces)
            }
        }
        for tzid in usedTZIDs where !defined.contains(tzid) {
            if let iana = ZoneResolver.ianaIdentifier(for: tzid), let text = BuiltinTimeZones.vtimezoneText(ianaID: iana, tzid: tzid) {
                appendComponent(text, to: &out)
            }
        }
        for line in body.lines { LineFolder.append(line, to: &out) }
        LineFolder.append("END:VCALENDAR", to: &out)
    }

    private func appendComponent(_ text: String, to out: inout String) {
        for line in text.crlfLines { LineFolder.append(line, to: &out) }
    }

    /// TZID parameter values in unfolded lines (quoted or not), read from the parameter part
    /// only (before the first unquoted ':').
    static func tzids<C: Collection>(inLines lines: C) -> [String] where C.Element == String {
        var out: [String] = []
        for line in lines where line.utf8.containsTZIDParameter {
            var params: [Substring] = []
            var inQuotes = false
            var start = line.startIndex
            var index = line.startIndex
            scan: while index < line.endIndex {
                switch line[index] {
                case "\"": inQuotes.toggle()
                case ";" where !inQuotes:
                    params.append(line[start..<index])
                    start = line.index(after: index)
                case ":" where !inQuotes:
                    params.append(line[start..<index])
                    break scan
                default: break
                }
                index = line.index(after: index)
            }
            for p in params.dropFirst() where p.uppercased().hasPrefix("TZID=") {
                var v = p.dropFirst(5)
                if v.first == "\"", v.last == "\"", v.count >= 2 { v = v.dropFirst().dropLast() }
                out.append(String(v))
            }
        }
        return out
    }
}

extension String.UTF8View {
    /// True when the bytes hold `TZID=` in any letter case (a cheap pre-check: Foundation's
    /// `contains` goes through NSString and was a fifth of an export's time).
    var containsTZIDParameter: Bool {
        let pattern: [UInt8] = Array("TZID=".utf8)
        var matched = 0
        for b in self {
            let upper = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
            if upper == pattern[matched] {
                matched += 1
                if matched == pattern.count { return true }
            } else {
                matched = upper == pattern[0] ? 1 : 0
            }
        }
        return false
    }
}
