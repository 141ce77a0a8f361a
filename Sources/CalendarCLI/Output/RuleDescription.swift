import CalendarModel
import Foundation

/// A recurrence rule in English words, for `icalkit show`: "every 2 weeks on Monday and
/// Wednesday, 10 times", "every month on the last Friday, until 2026-12-31". Parts with no
/// short wording (BYSETPOS, BYWEEKNO, BYYEARDAY, times of day) are named after their RRULE part.
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>
enum RuleDescription {
    static func words(_ rule: RecurrenceRule) -> String {
        var text = "every " + unit(rule.frequency, interval: rule.interval)
        if !rule.monthsOfTheYear.isEmpty {
            text += " in " + list(rule.monthsOfTheYear.map { (1...12).contains($0) ? CalendarPeriod.monthNames[$0 - 1] : "month \($0)" })
        }
        if !rule.daysOfTheMonth.isEmpty {
            text += " on the " + list(rule.daysOfTheMonth.map(ordinal)) + (rule.daysOfTheMonth.count == 1 ? " day" : " days")
        }
        if !rule.daysOfTheWeek.isEmpty {
            text += " on " + list(rule.daysOfTheWeek.map(day))
        }
        if !rule.setPositions.isEmpty { text += " (BYSETPOS=\(rule.setPositions.map(String.init).joined(separator: ",")))" }
        if !rule.weeksOfTheYear.isEmpty { text += " (BYWEEKNO=\(rule.weeksOfTheYear.map(String.init).joined(separator: ",")))" }
        if !rule.daysOfTheYear.isEmpty { text += " (BYYEARDAY=\(rule.daysOfTheYear.map(String.init).joined(separator: ",")))" }
        if !rule.hours.isEmpty { text += " at hours " + rule.hours.map(String.init).joined(separator: ", ") }
        if !rule.minutes.isEmpty { text += " at minutes " + rule.minutes.map(String.init).joined(separator: ", ") }
        if let count = rule.end.count { text += count == 1 ? ", once" : ", \(count) times" }
        if let until = rule.end.until {
            text += ", until " + (rule.end.untilIsDate ? DateText.day(until) : rule.end.untilIsFloating ? DateText.wallClock(until) : DateText.utc(until))
        }
        return text
    }

    private static func unit(_ frequency: RecurrenceRule.Frequency, interval: Int) -> String {
        let name: String
        switch frequency {
        case .secondly: name = "second"
        case .minutely: name = "minute"
        case .hourly: name = "hour"
        case .daily: name = "day"
        case .weekly: name = "week"
        case .monthly: name = "month"
        case .yearly: name = "year"
        }
        return interval <= 1 ? name : "\(interval) \(name)s"
    }

    private static func day(_ d: RecurrenceRule.DayOfWeek) -> String {
        let names: [RecurrenceRule.Weekday: String] = [.monday: "Monday", .tuesday: "Tuesday", .wednesday: "Wednesday", .thursday: "Thursday",
                                                        .friday: "Friday", .saturday: "Saturday", .sunday: "Sunday"]
        let name = names[d.weekday] ?? d.weekday.rawValue
        switch d.weekNumber {
        case 0: return name
        case -1: return "the last " + name
        default: return "the " + ordinal(d.weekNumber) + " " + name
        }
    }

    /// 1st, 2nd, 3rd, 4th ... 21st; -1 "last", -2 "2nd to last".
    static func ordinal(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < -1 { return ordinal(-n) + " to last" }
        let suffix: String
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: suffix = "st"
        case (2, let h) where h != 12: suffix = "nd"
        case (3, let h) where h != 13: suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
