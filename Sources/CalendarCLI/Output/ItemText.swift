import CalendarModel
import Foundation

/// Every field of one event series or reminder as `icalkit show` prints it: a title line, then
/// one `  Label:  value` line a field, fields without a value left out.
///
/// ```
/// Team sync
///   ID:          3f9a1c
///   UID:         sync@example.com
///   Calendar:    Work
///   Start:       2026-03-02T10:00:00+01:00
///   Repeats:     every week on Monday, 10 times
///   RRULE:       FREQ=WEEKLY;COUNT=10;BYDAY=MO
/// ```
struct ItemText {
    private var lines: [String] = []
    /// Where values start: after the longest label, `  Categories:`, and two spaces.
    static let valueColumn = 15

    private mutating func add(_ label: String, _ value: String?) {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return }
        let head = "  \(label):"
        lines.append(head + String(repeating: " ", count: max(1, Self.valueColumn - head.count))
                     + value.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: Self.valueColumn)))
    }

    /// The master (or first override) and its overrides, in `calendar`.
    static func event(_ series: [Event], calendar: String, shortID: String?) -> String {
        guard let main = series.first(where: { !$0.isDetached }) ?? series.first else { return "" }
        var text = ItemText()
        text.lines.append(main.title.isEmpty ? "(no title)" : main.title)
        text.add("ID", shortID)
        text.add("UID", main.uid)
        text.add("Calendar", calendar)
        text.add("Start", eventDate(main.startDate, of: main))
        text.add("End", eventDate(main.endDate, of: main) + (main.isAllDay ? " (exclusive)" : ""))
        text.add("All-day", main.isAllDay ? "yes" : nil)
        text.add("Zone", main.isAllDay ? nil : JSONOutput.zoneName(of: main) ?? "floating (no zone)")
        for rule in main.recurrenceRules {
            text.add("Repeats", RuleDescription.words(rule))
            text.add("RRULE", rule.rfc5545String)
        }
        for rule in main.exceptionRules { text.add("EXRULE", rule.rfc5545String) }
        text.add("Also on", main.recurrenceDates.map { recurrenceDate($0, of: main) }.joined(separator: ", "))
        text.add("Except", main.exceptionDates.map { recurrenceDate($0, of: main) }.joined(separator: ", "))
        text.add("Location", main.location)
        text.add("URL", main.url?.absoluteString)
        text.add("Status", main.status == .none ? nil : main.status.rawValue)
        text.add("Notes", main.notes)
        for alarm in main.alarms { text.add("Alarm", alarmWords(alarm)) }
        text.add("Organizer", main.organizer.map(participant))
        for attendee in main.attendees { text.add("Attendee", participant(attendee)) }
        text.add("Categories", main.categories.joined(separator: ", "))
        text.add("Sequence", String(main.sequence))
        for override in series where override.isDetached {
            let original = override.occurrenceDate.map { eventDate($0, of: main) } ?? ""
            var change = eventDate(override.startDate, of: override)
            if override.title != main.title { change += " \"\(override.title)\"" }
            if override.status == .canceled { change += " (cancelled)" }
            text.add("Override", "\(original) → \(change)")
        }
        return text.lines.joined(separator: "\n") + "\n"
    }

    static func reminder(_ r: Reminder, calendar: String, shortID: String?) -> String {
        var text = ItemText()
        text.lines.append(r.title.isEmpty ? "(no title)" : r.title)
        text.add("ID", shortID)
        text.add("UID", r.uid)
        text.add("Calendar", calendar)
        text.add("Due", r.dueDateComponents.flatMap { DateText.components($0, defined: r.definedTimeZone) })
        text.add("Start", r.startDateComponents.flatMap { DateText.components($0, defined: r.definedTimeZone) })
        text.add("Zone", r.timeZoneIdentifier)
        text.add("Priority", r.priority == 0 ? nil : "\(r.priority) (\(priorityWord(r.priority)))")
        text.add("Completed", r.isCompleted ? "yes" + (r.completionDate.map { ", " + DateText.utc($0) } ?? "") : "no")
        for rule in r.recurrenceRules {
            text.add("Repeats", RuleDescription.words(rule))
            text.add("RRULE", rule.rfc5545String)
        }
        text.add("Location", r.location)
        text.add("URL", r.url?.absoluteString)
        text.add("Notes", r.notes)
        text.add("Parent", r.parentUID)
        for alarm in r.alarms { text.add("Alarm", alarmWords(alarm)) }
        text.add("Categories", r.categories.joined(separator: ", "))
        return text.lines.joined(separator: "\n") + "\n"
    }

    static func eventDate(_ date: Date, of event: Event) -> String {
        DateText.text { DateText.writeEventDate(date, of: event, to: &$0) }
    }

    private static func recurrenceDate(_ r: RecurrenceDate, of event: Event) -> String {
        if r.isDateOnly { return DateText.day(r.date) }
        if r.isFloating { return DateText.wallClock(r.date) }
        return event.timeZone.map { DateText.rfc3339(r.date, in: $0) } ?? DateText.utc(r.date)
    }

    /// "15 minutes before the start", "1 day, 2 hours after the end", "at 2026-03-02T08:45:00Z".
    static func alarmWords(_ alarm: Alarm) -> String {
        let action = alarm.action == .display ? "" : " (\(alarm.action.rawValue.lowercased()))"
        if let date = alarm.absoluteDate { return "at " + DateText.utc(date) + action }
        let seconds = Int(alarm.relativeOffset ?? alarm.relativeDuration?.timeInterval ?? 0)
        let edge = alarm.relatedTo == .end ? "the end" : "the start"
        if seconds == 0 { return "at " + edge + action }
        var parts: [String] = []
        var rest = abs(seconds)
        for (size, name) in [(86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")] where rest >= size {
            let n = rest / size
            rest %= size
            parts.append("\(n) \(name)" + (n == 1 ? "" : "s"))
        }
        return parts.joined(separator: ", ") + (seconds < 0 ? " before " : " after ") + edge + action
    }

    private static func participant(_ p: Participant) -> String {
        var text = [p.name, p.email.map { "<\($0)>" } ?? (p.email == nil ? p.url : nil)].compactMap { $0 }.joined(separator: " ")
        let details = [p.role == .unknown ? nil : p.role.rawValue, p.status == .unknown ? nil : p.status.rawValue].compactMap { $0 }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        return text
    }

    private static func priorityWord(_ priority: Int) -> String {
        switch priority {
        case 1...4: "high"
        case 5: "medium"
        default: "low"
        }
    }
}
