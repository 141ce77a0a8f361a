import CalendarModel
import ICalCore

/// The rule parts that libical 3.0.16 iterates wrongly, taken out of the rule it is handed and
/// checked here on each of its instances instead (``RuleWalker`` then applies COUNT and UNTIL
/// after this filter). Only these rule shapes are split; every other rule goes to libical whole.
///
/// | Shape (libical 3.0.16's result)                                   | libical iterates          | Checked here           |
/// |-------------------------------------------------------------------|---------------------------|------------------------|
/// | negative BYMONTHDAY on SECONDLY…DAILY (no instance at all)       | the rule without BYMONTHDAY | the month days        |
/// | negative BYYEARDAY on SECONDLY…HOURLY (no instance at all)       | the rule without BYYEARDAY | the year days         |
/// | SECONDLY with BYSECOND (DTSTART twice, seconds out of order)      | MINUTELY, BYSECOND sorted  | the INTERVAL grid     |
/// | INTERVAL > 1 with BYSECOND/BYMINUTE/BYHOUR on SECONDLY/MINUTELY/HOURLY (INTERVAL ignored), and with BYHOUR on MINUTELY, BYMINUTE or BYHOUR on SECONDLY (a grid from the first match) | INTERVAL=1 | the INTERVAL grid |
/// | YEARLY with BYYEARDAY and BYMONTH, BYMONTHDAY or BYDAY (DTSTART only) | the rule without them | month, month day, weekday |
/// | WEEKLY with INTERVAL > 1 and WKST other than MO (weeks counted from Monday, DTSTART's week cut short) | INTERVAL=1 | weeks since DTSTART's, starting on WKST |
/// | YEARLY with BYWEEKNO (WKST ignored, weeks across New Year, 53 and negative weeks, INTERVAL counted from the calendar year) | WEEKLY;INTERVAL=1 with the weekdays | week number and week-numbering year |
///
/// YEARLY;BYWEEKNO is split only with plain BYDAY weekdays (or none: DTSTART's weekday; with
/// BYMONTHDAY every day of the weeks) and without BYYEARDAY and BYSETPOS; BYMONTH and
/// BYMONTHDAY then narrow the weeks' days.
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>
struct RuleFilter {
    enum Part {
        /// Sub-daily INTERVAL: whole `unit`s since DTSTART's are a multiple of `interval`.
        case grid(unit: Int, interval: Int, origin: Int)
        /// BYMONTHDAY, negative values counted from the month's end.
        case monthDays([Int])
        /// BYMONTH.
        case months([Int])
        /// BYDAY; a numbered weekday (`-1FR`) counts within the month when `inMonth` (the rule
        /// has BYMONTH), else within the year.
        case weekdays([RecurrenceRule.DayOfWeek], inMonth: Bool)
        /// WEEKLY INTERVAL: weeks (starting on `weekStart`, 0 = Monday) since the week that
        /// begins on day `origin` are a multiple of `interval`.
        case weeks(interval: Int, weekStart: Int, origin: Int)
        /// BYYEARDAY, negative values counted from the year's end.
        case yearDays([Int])
        /// BYWEEKNO (negative from the last week) with weeks starting on `weekStart` (0 = Monday),
        /// in week-numbering years `baseYear`, `baseYear + interval`...
        case weekNumbers([Int], weekStart: Int, interval: Int, baseYear: Int)
    }

    private(set) var parts: [Part] = []

    var isEmpty: Bool { parts.isEmpty }

    /// Splits `rule` (normalized, with what DTSTART implied spelled out where needed) into the
    /// rule libical iterates correctly and the parts checked here.
    static func split(_ rule: RecurrenceRule, dtstartWall: Int) -> (libical: RecurrenceRule, filter: RuleFilter) {
        // Most rules need nothing: decided with switches (no Set<Frequency>, whose hashing and
        // comparing go through the String raw values; this runs for every series of a query).
        let subDaily: Bool
        switch rule.frequency {
        case .weekly:
            if rule.interval < 2 || (rule.firstDayOfTheWeek ?? .monday) == .monday { return (rule, RuleFilter()) }
            var r = rule
            var filter = RuleFilter()
            let weekStart = DayMath.weekdayIndex(r.firstDayOfTheWeek ?? .monday)
            filter.parts.append(.weeks(interval: r.interval, weekStart: weekStart,
                                       origin: DayMath.weekBegin(floorDiv(dtstartWall, 86_400), weekStart: weekStart)))
            r.interval = 1
            return (r, filter)
        case .monthly: return (rule, RuleFilter())
        case .yearly:
            if rule.weeksOfTheYear.isEmpty && !splitsYearDays(rule) { return (rule, RuleFilter()) }
            subDaily = false
        case .daily:
            if !rule.daysOfTheMonth.contains(where: { $0 < 0 }) { return (rule, RuleFilter()) }
            subDaily = false
        case .secondly, .minutely, .hourly: subDaily = true
        }
        var r = rule
        var filter = RuleFilter()
        if (subDaily || r.frequency == .daily) && r.daysOfTheMonth.contains(where: { $0 < 0 }) {
            filter.parts.append(.monthDays(r.daysOfTheMonth))
            r.daysOfTheMonth = []
        }
        if subDaily && r.daysOfTheYear.contains(where: { $0 < 0 }) {
            filter.parts.append(.yearDays(r.daysOfTheYear))
            r.daysOfTheYear = []
        }
        if r.frequency == .secondly && !r.seconds.isEmpty {
            filter.parts.append(.grid(unit: 1, interval: max(1, r.interval), origin: dtstartWall))
            r.frequency = .minutely
            r.interval = 1
            r.seconds.sort()
        } else if r.interval > 1 {
            switch r.frequency {
            case .secondly where !r.minutes.isEmpty || !r.hours.isEmpty:
                filter.parts.append(.grid(unit: 1, interval: r.interval, origin: dtstartWall))
                r.interval = 1
            case .minutely where !r.minutes.isEmpty || !r.hours.isEmpty:
                filter.parts.append(.grid(unit: 60, interval: r.interval, origin: dtstartWall))
                r.interval = 1
            case .hourly where !r.hours.isEmpty:
                filter.parts.append(.grid(unit: 3600, interval: r.interval, origin: dtstartWall))
                r.interval = 1
            default: break
            }
        }
        if r.frequency == .yearly, !r.weeksOfTheYear.isEmpty, r.daysOfTheWeek.allSatisfy({ $0.weekNumber == 0 }),
           r.daysOfTheYear.isEmpty, r.setPositions.isEmpty {
            let weekStart = DayMath.weekdayIndex(r.firstDayOfTheWeek ?? .monday)
            let dtstartDay = floorDiv(dtstartWall, 86_400)
            filter.parts.append(.weekNumbers(r.weeksOfTheYear, weekStart: weekStart, interval: max(1, r.interval),
                                             baseYear: DayMath.week(of: dtstartDay, weekStart: weekStart).year))
            if !r.daysOfTheMonth.isEmpty {
                // BYMONTHDAY picks among all the days of the weeks (it expands a YEARLY rule too).
                filter.parts.append(.monthDays(r.daysOfTheMonth))
                r.daysOfTheMonth = []
                if r.daysOfTheWeek.isEmpty { r.daysOfTheWeek = DayMath.weekdays.map { .init($0) } }
            }
            if r.daysOfTheWeek.isEmpty { r.daysOfTheWeek = [.init(DayMath.weekdays[DayMath.weekday(of: dtstartDay)])] }
            r.weeksOfTheYear = []
            r.frequency = .weekly
            r.interval = 1
        }
        if splitsYearDays(r) {
            // BYYEARDAY names the days; BYMONTH, BYMONTHDAY and BYDAY only limit them (§3.3.10's
            // table: "Limit" for YEARLY when BYYEARDAY is present).
            let inMonth = !r.monthsOfTheYear.isEmpty
            if inMonth { filter.parts.append(.months(r.monthsOfTheYear)); r.monthsOfTheYear = [] }
            if !r.daysOfTheMonth.isEmpty { filter.parts.append(.monthDays(r.daysOfTheMonth)); r.daysOfTheMonth = [] }
            if !r.daysOfTheWeek.isEmpty {
                filter.parts.append(.weekdays(r.daysOfTheWeek, inMonth: inMonth))
                r.daysOfTheWeek = []
            }
        }
        return (r, filter)
    }

    /// A YEARLY rule with BYYEARDAY and BYMONTH, BYMONTHDAY or BYDAY (no BYWEEKNO): libical
    /// 3.0.16 gives DTSTART only, so those parts are checked here.
    static func splitsYearDays(_ r: RecurrenceRule) -> Bool {
        r.frequency == .yearly && !r.daysOfTheYear.isEmpty && r.weeksOfTheYear.isEmpty
            && (!r.monthsOfTheYear.isEmpty || !r.daysOfTheMonth.isEmpty || !r.daysOfTheWeek.isEmpty)
    }

    /// Every part accepts this wall-clock time.
    func accepts(_ w: Int) -> Bool {
        for part in parts {
            switch part {
            case .grid(let unit, let interval, let origin):
                if (floorDiv(w, unit) - floorDiv(origin, unit)) % interval != 0 { return false }
            case .monthDays(let days):
                if !RuleFilter.isMonthDay(DateTimeValue(secondsAsUTC: w), in: days) { return false }
            case .months(let months):
                if !months.contains(DateTimeValue(secondsAsUTC: w).month) { return false }
            case .weekdays(let days, let inMonth):
                if !RuleFilter.isWeekday(floorDiv(w, 86_400), in: days, inMonth: inMonth) { return false }
            case .weeks(let interval, let weekStart, let origin):
                let weeks = (DayMath.weekBegin(floorDiv(w, 86_400), weekStart: weekStart) - origin) / 7
                if weeks % interval != 0 { return false }
            case .yearDays(let days):
                if !RuleFilter.isYearDay(floorDiv(w, 86_400), in: days) { return false }
            case .weekNumbers(let numbers, let weekStart, let interval, let baseYear):
                let week = DayMath.week(of: floorDiv(w, 86_400), weekStart: weekStart)
                let yearsSince = week.year - baseYear
                if yearsSince < 0 || yearsSince % interval != 0 { return false }
                if !numbers.contains(where: { $0 == week.number || $0 < 0 && week.count + 1 + $0 == week.number }) { return false }
            }
        }
        return true
    }

    /// The day of `v` is one of BYMONTHDAY's `days` (negative: counted from the month's end).
    static func isMonthDay(_ v: DateTimeValue, in days: [Int]) -> Bool {
        let length = DateTimeValue.daysInMonth(v.month, year: v.year)
        return days.contains(where: { $0 == v.day || $0 < 0 && length + 1 + $0 == v.day })
    }

    /// The day (day number) is one of BYYEARDAY's `days` (negative: counted from the year's end).
    static func isYearDay(_ day: Int, in days: [Int]) -> Bool {
        let year = DateTimeValue(secondsAsUTC: day * 86_400).year
        let first = DayMath.dayNumber(year: year, month: 1, day: 1)
        let length = DayMath.dayNumber(year: year + 1, month: 1, day: 1) - first
        let ordinal = day - first + 1
        return days.contains(where: { $0 == ordinal || $0 < 0 && length + 1 + $0 == ordinal })
    }

    /// The day (day number) falls on one of BYDAY's plain weekdays. Numbered ones (`1MO`) match
    /// no day: RFC 5545 allows them only on MONTHLY and YEARLY rules, and on SECONDLY…DAILY
    /// rules libical 3.0.16 matches none (`FREQ=HOURLY;BYDAY=MO,1TU` gives Mondays only).
    static func isWeekday(_ day: Int, in days: [RecurrenceRule.DayOfWeek]) -> Bool {
        let weekday = DayMath.weekdays[DayMath.weekday(of: day)]
        return days.contains(where: { $0.weekNumber == 0 && $0.weekday == weekday })
    }

    /// The day falls on one of BYDAY's weekdays, a numbered one (`2MO`, `-1FR`) being that
    /// weekday's n-th (from the end when negative) in the day's month or year.
    static func isWeekday(_ day: Int, in days: [RecurrenceRule.DayOfWeek], inMonth: Bool) -> Bool {
        let weekday = DayMath.weekdays[DayMath.weekday(of: day)]
        let v = DateTimeValue(secondsAsUTC: day * 86_400)
        let first = inMonth ? DayMath.dayNumber(year: v.year, month: v.month, day: 1) : DayMath.dayNumber(year: v.year, month: 1, day: 1)
        let end = inMonth ? first + DateTimeValue.daysInMonth(v.month, year: v.year) : DayMath.dayNumber(year: v.year + 1, month: 1, day: 1)
        let fromStart = (day - first) / 7 + 1, fromEnd = -((end - 1 - day) / 7 + 1)
        return days.contains { $0.weekday == weekday && ($0.weekNumber == 0 || $0.weekNumber == fromStart || $0.weekNumber == fromEnd) }
    }

    /// Day arithmetic on day numbers (days since 1970-01-01, a Thursday).
    enum DayMath {
        static let weekdays: [RecurrenceRule.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

        static func weekdayIndex(_ d: RecurrenceRule.Weekday) -> Int { weekdays.firstIndex(of: d) ?? 0 }

        /// 0 = Monday.
        static func weekday(of day: Int) -> Int { ((day + 3) % 7 + 7) % 7 }

        static func dayNumber(year: Int, month: Int, day: Int) -> Int {
            floorDiv(DateTimeValue(year: year, month: month, day: day).secondsAsUTC, 86_400)
        }

        /// The first day of the week holding `day`, weeks starting on `weekStart`.
        static func weekBegin(_ day: Int, weekStart: Int) -> Int { day - (weekday(of: day) - weekStart + 7) % 7 }

        /// RFC 5545 §3.3.10 BYWEEKNO numbering: week 1 is the first week with at least four days
        /// of the year (the week holding January 4th); a week belongs to the year holding its
        /// fourth day. Returns that week-numbering year, the week's number and the year's weeks.
        static func week(of day: Int, weekStart: Int) -> (year: Int, number: Int, count: Int) {
            let begin = weekBegin(day, weekStart: weekStart)
            let year = DateTimeValue(secondsAsUTC: (begin + 3) * 86_400).year
            let first = weekBegin(dayNumber(year: year, month: 1, day: 4), weekStart: weekStart)
            let next = weekBegin(dayNumber(year: year + 1, month: 1, day: 4), weekStart: weekStart)
            return (year, (begin - first) / 7 + 1, (next - first) / 7)
        }
    }
}
