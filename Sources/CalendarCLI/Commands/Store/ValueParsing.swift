import CalendarModel
import Foundation
import ICalConversion

/// Command-line values of the editing commands: durations (`45m`, `1h30m`, `PT1H30M`),
/// alarm offsets (`-15m`), priorities, and RRULE values (read by the iCalendar reader itself).
enum ValueParsing {
    /// `[-]1w2d3h4m5s` in any subset and this order (`45m`, `1h30m`, `-2d`), or an RFC 5545
    /// duration (`PT1H30M`, `-P1D`, `P1W`). Weeks and days are nominal, the rest exact.
    static func duration(_ text: String) -> ICalDuration? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var result = ICalDuration()
        if rest.first == "-" { result.isNegative = true; rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
        if rest.first == "P" || rest.first == "p" { return rfc5545(rest.dropFirst().uppercased(), negative: result.isNegative) }
        let units: [Character] = ["w", "d", "h", "m", "s"]
        var nextUnit = 0
        var any = false
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, let n = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let unit = rest.first?.lowercased().first,
                  let index = units[nextUnit...].firstIndex(of: unit) else { return nil }
            rest = rest.dropFirst()
            nextUnit = index + 1
            any = true
            switch unit {
            case "w": result.weeks = n
            case "d": result.days = n
            case "h": result.hours = n
            case "m": result.minutes = n
            default: result.seconds = n
            }
        }
        return any ? result : nil
    }

    /// The part after `P` of an RFC 5545 duration: `1W`, or `[nD][T[nH][nM][nS]]`.
    private static func rfc5545(_ body: String, negative: Bool) -> ICalDuration? {
        var result = ICalDuration(isNegative: negative)
        var rest = Substring(body)
        var inTime = false
        var any = false
        var seen: Set<Character> = []
        while !rest.isEmpty {
            if rest.first == "T" {
                guard !inTime else { return nil }
                inTime = true
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, let n = Int(digits), let unit = rest.dropFirst(digits.count).first,
                  seen.insert(unit).inserted else { return nil }
            rest = rest.dropFirst(digits.count + 1)
            any = true
            switch (unit, inTime) {
            case ("W", false): result.weeks = n
            case ("D", false): result.days = n
            case ("H", true): result.hours = n
            case ("M", true): result.minutes = n
            case ("S", true): result.seconds = n
            default: return nil
            }
        }
        return any ? result : nil
    }

    static let durationForms = "e.g. 45m, 1h30m, 2d or PT1H30M"

    /// An alarm offset from the start: `15m`, `-15m` and `-PT15M` are before it, `+15m` and
    /// `+PT15M` after it. A bare offset means before, as people say "15 minutes" of a reminder.
    static func alarmOffset(_ text: String) -> ICalDuration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard var offset = duration(trimmed) else { return nil }
        if trimmed.first != "+" { offset.isNegative = true }
        return offset
    }

    static let alarmForms = "e.g. 15m or -15m (before the start), +5m (after it), 1h, 2d or -PT15M"

    /// A display alarm at `offset` from the start, its text the event's title.
    static func alarm(_ offset: ICalDuration, title: String) -> Alarm {
        var alarm = Alarm(relativeOffset: offset.timeInterval)
        alarm.relativeDuration = offset
        alarm.action = .display
        alarm.notes = title.isEmpty ? "Reminder" : title
        return alarm
    }

    /// `confirmed`, `tentative`, `cancelled` (or `canceled`), `none`: an event's STATUS.
    static func eventStatus(_ text: String) -> Event.Status? {
        switch text.lowercased() {
        case "confirmed": .confirmed
        case "tentative": .tentative
        case "cancelled", "canceled": .canceled
        case "none": Event.Status.none
        default: nil
        }
    }

    /// `high` 1, `medium` 5, `low` 9, `none` 0, or a number 0–9 (RFC 5545 PRIORITY, as EventKit maps it).
    static func priority(_ text: String) -> Int? {
        switch text.lowercased() {
        case "high": return 1
        case "medium": return 5
        case "low": return 9
        case "none": return 0
        default:
            guard text.count == 1, let n = Int(text), (0...9).contains(n) else { return nil }
            return n
        }
    }

    /// Reads `rule` as the RRULE of `event` (``RecurrenceRuleText``).
    static func recurrenceRule(_ rule: String, for event: Event) -> Result<RecurrenceRule, RuleFailure> {
        RecurrenceRuleText.parse(rule, for: event).mapError { RuleFailure(message: $0.message) }
    }

    struct RuleFailure: Error { var message: String }
}
