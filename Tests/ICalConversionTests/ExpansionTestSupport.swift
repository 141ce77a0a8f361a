import CalendarModel
import Foundation
@testable import ICalConversion
import ICalCore

/// Helpers for the expansion tests. Dates are built with Foundation's Gregorian calendar in
/// GMT (not with icalkit's own date arithmetic), so expected values do not come from the code
/// under test.
enum Fixture {
    static let expander = RecurrenceExpander(resolver: ZoneResolver())

    static var gmtCalendar: Foundation.Calendar {
        var c = Foundation.Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }

    /// The instant with these UTC fields (also: the model date of a floating/all-day wall clock).
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date {
        gmtCalendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: mi, second: s))!
    }

    /// `yyyyMMddTHHmmss` of a date's UTC fields (the wall clock of a floating/all-day model date).
    static func wall(_ date: Date) -> String {
        let c = gmtCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// ISO 8601 UTC text of an instant, for readable failures.
    static func iso(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: date)
    }

    /// A rule from RRULE text, read by libical (ICalCore.RecurValue) into the model. UNTIL keeps
    /// its form: `Z` → instant, DATE → `untilIsDate` (date at 00:00 UTC), else `untilIsFloating`.
    static func rule(_ text: String) -> RecurrenceRule {
        guard case .success(let v) = RecurValue.parse(text), let freq = RecurrenceRule.Frequency(rawValue: v.frequency) else {
            preconditionFailure("bad test rule \(text)")
        }
        var r = RecurrenceRule(frequency: freq, interval: max(1, v.interval))
        if let c = v.count { r.end = .afterOccurrences(c) }
        if let u = v.until {
            let date = utc(u.year, u.month, u.day, u.hour, u.minute, u.second)
            r.end = .afterDate(date, isDate: u.isDate, isFloating: !u.isDate && !u.isUTC)
        }
        let days: [RecurrenceRule.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        if let w = v.weekStart { r.firstDayOfTheWeek = days[w - 1] }
        r.daysOfTheWeek = v.byDay.map { .init(days[$0.weekday - 1], weekNumber: $0.position) }
        r.daysOfTheMonth = v.byMonthDay
        r.daysOfTheYear = v.byYearDay
        r.weeksOfTheYear = v.byWeekNo
        r.monthsOfTheYear = v.byMonth
        r.setPositions = v.bySetPos
        r.hours = v.byHour
        r.minutes = v.byMinute
        r.seconds = v.bySecond
        return r
    }

    /// A floating event (no zone) at a wall clock.
    static func floating(_ uid: String = "e", start: Date, length: TimeInterval = 3600, rrule: String? = nil) -> Event {
        var e = Event(uid: uid, title: uid, startDate: start, endDate: start.addingTimeInterval(length))
        if let rrule { e.recurrenceRules = [rule(rrule)] }
        return e
    }

    /// A zoned event; `start` is the instant.
    static func zoned(_ uid: String = "e", _ tzid: String, start: Date, length: TimeInterval = 3600, rrule: String? = nil) -> Event {
        var e = Event(uid: uid, title: uid, startDate: start, endDate: start.addingTimeInterval(length))
        e.timeZone = TimeZone(identifier: tzid)
        e.timeZoneIdentifier = tzid
        if let rrule { e.recurrenceRules = [rule(rrule)] }
        return e
    }

    /// An all-day event on a date (DTEND one day later unless `days` says otherwise).
    static func allDay(_ uid: String = "e", _ y: Int, _ m: Int, _ d: Int, days: Int = 1, rrule: String? = nil) -> Event {
        let start = utc(y, m, d)
        var e = Event(uid: uid, title: uid, startDate: start, endDate: start.addingTimeInterval(TimeInterval(days) * 86_400))
        e.isAllDay = true
        if let rrule { e.recurrenceRules = [rule(rrule)] }
        return e
    }

    static func window(_ from: Date, _ to: Date, zone: String = "UTC", cancelled: Bool = false) -> EventPredicate {
        EventPredicate(startDate: from, endDate: to, timeZone: TimeZone(identifier: zone)!, includesCancelled: cancelled)
    }

    static func occurrences(_ master: Event?, _ overrides: [Event] = [], _ predicate: EventPredicate,
                            expander: RecurrenceExpander = Fixture.expander) throws -> [Occurrence] {
        try expander.occurrences(master: master, overrides: overrides, calendarTitle: "Test", matching: predicate)
    }

    /// Start instants as ISO text.
    static func starts(_ list: [Occurrence]) -> [String] { list.map { iso($0.startDate) } }
    /// Start wall clocks (floating / all-day series).
    static func walls(_ list: [Occurrence]) -> [String] { list.map { wall($0.startDate) } }
}
