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
        var writer = CalendarTextWriter(header: doc)
        var events = ""
        for event in doc.events { events += writer.event(event) }
        var reminders = ""
        for reminder in doc.reminders { reminders += writer.reminder(reminder) }
        out += writer.head()
        out += events
        out += reminders
        out += writer.tail()
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
