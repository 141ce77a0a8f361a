import CalendarModel
import ICalCore

/// Sub-daily rules walked day by day.
///
/// libical 3.0.16 checks BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY of a SECONDLY, MINUTELY or
/// HOURLY rule on every second (minute, hour) it steps through, all inside one
/// `icalrecur_iterator_next` call: `FREQ=SECONDLY;BYMONTH=2;COUNT=3` from 1 March steps through
/// eleven months of seconds (~30 million, two minutes) before its first instance, and the
/// instance budget never sees that work. So for such a rule:
/// 1. the days are checked here, one by one (a day failing BYMONTH skips to the next month);
/// 2. in a day that passes, the first and last points of the INTERVAL grid (DTSTART + k ×
///    INTERVAL units, so the grid is the one of the whole walk) that pass BYHOUR/BYMINUTE/
///    BYSECOND are found here;
/// 3. libical iterates the rule without its day-level parts (``RuleFilter`` still applies)
///    from the first of those points, moved DTSTART being on the grid and passing the filters
///    as libical 3.0.16 needs (see ``RuleWalker``); the day's instances are taken up to the
///    last point. Where BYMINUTE/BYSECOND add times within an HOURLY (MINUTELY) unit, libical
///    starts one passing grid point earlier, so the first unit of the day is whole, and the
///    day ends at the first instance of the next day.
///
/// COUNT, UNTIL and the window apply as in any walk (``RuleWalker/Sink``). The cost is the
/// instances of the passing days plus a few checks per day, not the seconds in between.
extension RuleWalker {
    /// A sub-daily rule (date-time DTSTART) with BYMONTH, BYMONTHDAY, BYYEARDAY or BYDAY.
    /// Numbered BYDAY weekdays (`1MO`) match no day, as in libical 3.0.16 (which scans to its
    /// end of time to find that out; see ``RuleFilter/isWeekday(_:in:)``). BYWEEKNO, which
    /// libical refuses on these frequencies, stays with libical.
    static func walksByDay(_ rule: RecurrenceRule, isDate: Bool) -> Bool {
        switch rule.frequency {
        case .secondly, .minutely, .hourly: break
        case .daily, .weekly, .monthly, .yearly: return false
        }
        if isDate || !rule.weeksOfTheYear.isEmpty { return false }
        return !rule.monthsOfTheYear.isEmpty || !rule.daysOfTheMonth.isEmpty || !rule.daysOfTheYear.isEmpty
            || !rule.daysOfTheWeek.isEmpty
    }

    /// ``instances(from:to:budget:)`` of a rule that ``walksByDay``.
    func instancesByDay(from: Int, to: Int, budget: ExpansionBudget) throws(ExpansionError) -> [Int]? {
        guard let unit = subDailyUnit else { return [] }
        let grid = Grid(origin: baseWall, step: unit * max(1, rule.interval))
        // libical refuses some rules outright; the whole rule is asked, as in other walks.
        guard (try? RecurrenceIterator(rule: libicalRule, start: DateTimeValue(secondsAsUTC: dtstartWall))) != nil else { return nil }
        var dayless = libicalBase
        dayless.monthsOfTheYear = []
        dayless.daysOfTheMonth = []
        dayless.daysOfTheYear = []
        dayless.daysOfTheWeek = []
        dayless.end = .never
        let daylessText = dayless.rfc5545String
        // BYMINUTE on HOURLY, BYSECOND on HOURLY and MINUTELY add times within the unit.
        let addsTimes = switch rule.frequency {
        case .hourly: !explicitRule.minutes.isEmpty || !explicitRule.seconds.isEmpty
        case .minutely: !explicitRule.seconds.isEmpty
        default: false
        }

        // The time-of-day filters repeat every day and the grid every `step`: a grid point
        // that passes them, if any, lies within 86,400 / gcd(step, 86,400) points of DTSTART.
        let period = 86_400 / gcd(grid.step, 86_400)
        guard firstPassing(grid, from: 0, before: grid.wall(period)) != nil else { return [] }

        var sink = Sink(walker: self, from: from, to: to)
        // BYSETPOS (emulated, see ``RuleWalker``) picks within one second, minute or hour: never
        // across days, so the day's instances are grouped as they come.
        var group: [Int] = []
        var groupKey: Int? = nil
        func take(_ w: Int) -> Bool {
            guard emulatesSetPositions else { return sink.accept(w) }
            let key = periodKey(w)
            if key != groupKey {
                for s in select(group) where !sink.accept(s) { return false }
                group = []
                groupKey = key
            }
            group.append(w)
            return true
        }
        func finish() -> [Int] {
            for s in select(group) where !sink.accept(s) { break }
            return sink.out
        }
        let bound = min(to, untilWall ?? to)
        let lastDay = min(floorDiv(bound, 86_400), RuleWalker.libicalLastDay)
        var day = floorDiv(dtstartWall, 86_400)
        if allowsSkipping, count == nil, from > dtstartWall { day = max(day, floorDiv(from, 86_400)) }
        while day <= lastDay {
            guard passesDayFilters(day) else {
                day = nextDayToCheck(after: day)
                continue
            }
            let dayStart = day * 86_400, dayEnd = dayStart + 86_400
            guard let first = firstPassing(grid, from: max(0, grid.index(atOrAfter: dayStart)), before: dayEnd),
                  let last = lastPassing(grid, from: grid.index(atOrBefore: dayEnd - 1), notBefore: first) else {
                day += 1
                continue
            }
            var startIndex = first
            if addsTimes { startIndex = first > 0 ? lastPassing(grid, from: first - 1, notBefore: 0) ?? 0 : 0 }
            let iterator: RecurrenceIterator
            do {
                iterator = try RecurrenceIterator(rule: daylessText, start: DateTimeValue(secondsAsUTC: grid.wall(startIndex)))
            } catch {
                return nil
            }
            let lastWall = addsTimes ? dayEnd - 1 : grid.wall(last)
            var more = false
            while let t = iterator.next() {
                try budget.consume()
                let w = t.secondsAsUTC
                if w >= dayEnd { more = true; break }
                if w >= dayStart && (filter.isEmpty || filter.accepts(w)) && !take(w) { return sink.out }
                if w >= lastWall { more = true; break }
            }
            if !more { return finish() }   // libical's end of time
            day += 1
        }
        return finish()
    }

    /// The points DTSTART + k × step of a sub-daily rule's INTERVAL grid.
    struct Grid {
        let origin: Int
        let step: Int

        func wall(_ k: Int) -> Int { origin + k * step }
        func index(atOrAfter w: Int) -> Int { -floorDiv(origin - w, step) }
        func index(atOrBefore w: Int) -> Int { floorDiv(w - origin, step) }
    }

    /// The first grid index `k >= from` with a wall clock before `end` that passes the
    /// time-of-day filters (an hour or minute that fails is skipped whole).
    private func firstPassing(_ grid: Grid, from: Int, before end: Int) -> Int? {
        var k = from
        while true {
            let w = grid.wall(k)
            if w >= end { return nil }
            if passesTimeFilters(w) { return k }
            k = max(k + 1, grid.index(atOrAfter: nextCheckedTime(after: w)))
        }
    }

    /// The last grid index `notBefore <= k <= from` that passes the time-of-day filters.
    private func lastPassing(_ grid: Grid, from: Int, notBefore: Int) -> Int? {
        var k = from
        while k >= notBefore {
            let w = grid.wall(k)
            if passesTimeFilters(w) { return k }
            k = min(k - 1, grid.index(atOrBefore: previousCheckedTime(before: w)))
        }
        return nil
    }

    /// After a wall clock failing the time-of-day filters: the start of the next hour when its
    /// hour fails BYHOUR, of the next minute when its minute fails BYMINUTE, else the next second.
    private func nextCheckedTime(after w: Int) -> Int {
        let r = explicitRule
        let tod = w - floorDiv(w, 86_400) * 86_400
        if !r.hours.isEmpty && !r.hours.contains(tod / 3600) { return w - tod % 3600 + 3600 }
        if rule.frequency != .hourly && !r.minutes.isEmpty && !r.minutes.contains(tod % 3600 / 60) { return w - tod % 60 + 60 }
        return w + 1
    }

    /// The mirror of `nextCheckedTime`: the last second of the previous hour, minute, or second.
    private func previousCheckedTime(before w: Int) -> Int {
        let r = explicitRule
        let tod = w - floorDiv(w, 86_400) * 86_400
        if !r.hours.isEmpty && !r.hours.contains(tod / 3600) { return w - tod % 3600 - 1 }
        if rule.frequency != .hourly && !r.minutes.isEmpty && !r.minutes.contains(tod % 3600 / 60) { return w - tod % 60 - 1 }
        return w - 1
    }

    /// The day after `day`, or the first day of the next month when `day`'s month fails BYMONTH.
    private func nextDayToCheck(after day: Int) -> Int {
        let months = explicitRule.monthsOfTheYear
        guard !months.isEmpty else { return day + 1 }
        let v = DateTimeValue(secondsAsUTC: day * 86_400)
        if months.contains(v.month) { return day + 1 }
        return v.month == 12 ? RuleFilter.DayMath.dayNumber(year: v.year + 1, month: 1, day: 1)
            : RuleFilter.DayMath.dayNumber(year: v.year, month: v.month + 1, day: 1)
    }

    /// 2582-12-31: libical 3.0.16 ends every walk after the year 2582 (`MAX_TIME_T_YEAR`).
    static let libicalLastDay = RuleFilter.DayMath.dayNumber(year: 2583, month: 1, day: 1) - 1

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
