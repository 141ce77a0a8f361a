import CalendarModel
import Foundation

/// An RRULE typed by a person or a program (`FREQ=WEEKLY;BYDAY=MO`, with or without `RRULE:`),
/// read as a rule of a given event: the reader checks it as it checks a file's, against the
/// event's DTSTART.
///
/// ```swift
/// let rule = try RecurrenceRuleText.parse("FREQ=WEEKLY;COUNT=3", for: event).get()
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>
public enum RecurrenceRuleText {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The rule, or what is wrong with it. The event is written as a one-event VCALENDAR with
    /// the rule and read back, so every check of the reader applies.
    public static func parse(_ rule: String, for event: Event) -> Result<RecurrenceRule, Failure> {
        var text = rule.trimmingCharacters(in: .whitespaces)
        if text.uppercased().hasPrefix("RRULE:") { text = String(text.dropFirst(6)) }
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return .failure(Failure(message: "a rule is one line such as FREQ=WEEKLY;BYDAY=MO"))
        }
        var probe = event
        probe.recurrenceRules = []
        probe.source = nil
        var document = CalendarDocument(calendar: EventCalendar(title: "rrule"))
        document.events = [probe]
        let ics = ICalendarWriter().write([document])
            .replacingOccurrences(of: "END:VEVENT\r\n", with: "RRULE:\(text)\r\nEND:VEVENT\r\n")
        let result = ICalendarReader().read(Data(ics.utf8), fileName: "rrule")
        if let problem = result.diagnostics.first(where: { $0.severity != .note }) {
            var message = problem.message
            if let cut = message.range(of: "; the rule is kept") { message = String(message[..<cut.lowerBound]) }
            return .failure(Failure(message: message))
        }
        guard let rules = result.documents.first?.events.first?.recurrenceRules, rules.count == 1, let first = rules.first else {
            return .failure(Failure(message: "it could not be read as an RRULE"))
        }
        return .success(first)
    }
}
