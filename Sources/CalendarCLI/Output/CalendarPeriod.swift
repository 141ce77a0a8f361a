import CalendarModel
import Foundation

/// What the `calendar` views show: a month or a week laid out in weeks from Monday (ISO 8601),
/// and for each day the occurrences on it, with times as the agenda writes them.
///
/// Days are counted on the wall clock: zoned events in the view's zone, floating and all-day
/// ones as written. An occurrence is on every day it overlaps (an all-day event's end is the
/// day after its last).
struct CalendarPeriod {
    /// A day: days since 1970-01-01 (a Thursday).
    typealias Day = Int

    struct Entry {
        /// `09:00–09:15`, `all day`, `09:00 → 5 Mar`, `(continues)`.
        var time: String
        var title: String
        var calendarTitle: String
        var location: String?
        var isRecurring: Bool
        var startsOnDay: Bool
    }

    enum Kind { case month(year: Int, month: Int), week }

    var kind: Kind
    /// The days the period covers (a month's, or a week's).
    var days: ClosedRange<Day>
    /// Whole weeks, Monday to Sunday, that hold `days`.
    var weeks: [[Day]]
    var today: Day
    var entries: [Day: [Entry]]
    var timeZone: TimeZone

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The day of a wall clock read as UTC.
    static func day(ofWall wall: Date) -> Day {
        Int((wall.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Midnight of `day` as a wall clock read as UTC.
    static func wall(of day: Day) -> Date { Date(timeIntervalSince1970: TimeInterval(day) * 86_400) }

    /// 0 for Monday ... 6 for Sunday.
    static func weekdayIndex(_ day: Day) -> Int { ((day + 3) % 7 + 7) % 7 }

    static func fields(_ day: Day) -> (year: Int, month: Int, day: Int) {
        let c = utcComponents(wall(of: day))
        return (c.year, c.month, c.day)
    }

    /// The month `year-month`, its grid of weeks.
    static func month(year: Int, month: Int) -> (days: ClosedRange<Day>, weeks: [[Day]]) {
        let first = day(ofWall: utcDate(year: year, month: month, day: 1))
        let next = month == 12 ? utcDate(year: year + 1, month: 1, day: 1) : utcDate(year: year, month: month + 1, day: 1)
        let last = day(ofWall: next) - 1
        return (first...last, weeks(covering: first...last))
    }

    /// The week, Monday to Sunday, that holds `day`.
    static func week(holding day: Day) -> (days: ClosedRange<Day>, weeks: [[Day]]) {
        let monday = day - weekdayIndex(day)
        return (monday...(monday + 6), [Array(monday...(monday + 6))])
    }

    static func weeks(covering days: ClosedRange<Day>) -> [[Day]] {
        let firstMonday = days.lowerBound - weekdayIndex(days.lowerBound)
        return stride(from: firstMonday, through: days.upperBound, by: 7).map { Array($0..<($0 + 7)) }
    }

    /// The wall clock of `date`, read as UTC: zoned occurrences in `zone`; floating and all-day
    /// ones are already their wall clock (``QueryCommands/toWallClockConvention(_:zone:)``).
    static func wallClock(_ date: Date, of event: Event, in zone: TimeZone) -> Date {
        if event.isAllDay || event.timeZone == nil { return date }
        return date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date)))
    }

    /// Places each occurrence (in the wall-clock convention) on the days of `weeks` it overlaps.
    init(kind: Kind, days: ClosedRange<Day>, weeks: [[Day]], today: Day, occurrences: [Occurrence], timeZone: TimeZone) {
        self.kind = kind
        self.days = days
        self.weeks = weeks
        self.today = today
        self.timeZone = timeZone
        var entries: [Day: [Entry]] = [:]
        guard let gridFirst = weeks.first?.first, let gridLast = weeks.last?.last else { self.entries = [:]; return }
        for o in occurrences {
            let event = o.event
            let start = Self.wallClock(o.startDate, of: event, in: timeZone)
            let end = Self.wallClock(o.endDate, of: event, in: timeZone)
            let firstDay = Self.day(ofWall: start)
            // The last day it overlaps: an end at midnight belongs to the day before.
            let lastDay = max(firstDay, Self.day(ofWall: end.addingTimeInterval(end > start ? -1 : 0)))
            let from = max(firstDay, gridFirst), to = min(lastDay, gridLast)
            guard from <= to else { continue }
            for day in from...to {
                let time: String
                if event.isAllDay {
                    time = "all day"
                } else if day == firstDay {
                    time = lastDay == firstDay
                        ? "\(Self.clock(start))–\(Self.clock(end))"
                        : "\(Self.clock(start)) → \(Self.shortDate(lastDay)) \(Self.clock(end))"
                } else {
                    time = "(continues)"
                }
                entries[day, default: []].append(Entry(time: time, title: event.title, calendarTitle: o.calendarTitle,
                                                       location: event.location, isRecurring: o.isRecurring,
                                                       startsOnDay: day == firstDay))
            }
        }
        self.entries = entries
    }

    /// `09:30`.
    static func clock(_ wall: Date) -> String {
        let c = utcComponents(wall)
        return twoDigits(c.hour) + ":" + twoDigits(c.minute)
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `5 Mar`.
    static func shortDate(_ day: Day) -> String {
        let f = fields(day)
        return "\(f.day) \(monthNames[f.month - 1].prefix(3))"
    }

    /// `Monday 2 March 2026`.
    static func longDate(_ day: Day) -> String {
        let f = fields(day)
        return "\(weekdayNames[weekdayIndex(day)]) \(f.day) \(monthNames[f.month - 1]) \(f.year)"
    }

    /// `March 2026`, or `Week of 2 March 2026`.
    var heading: String {
        switch kind {
        case .month(let year, let month): return "\(Self.monthNames[month - 1]) \(year)"
        case .week: return "Week of " + Self.longDate(days.lowerBound).split(separator: " ").dropFirst().joined(separator: " ")
        }
    }

    /// The days of the period that have entries, in order.
    var agendaDays: [Day] { days.filter { entries[$0]?.isEmpty == false } }
}
