import CalendarModel
import Foundation
import ICalCore

/// The instances of one RRULE (or EXRULE) of a series, in the series' wall clock, from
/// libical's iterator (`ICalCore.RecurrenceIterator`), for a range of wall-clock times only.
///
/// What it does around libical 3.0.16:
/// - **UNTIL** is rewritten into the series' wall clock (UTC → local time of the zone; a DATE
///   UNTIL with a DATE-TIME DTSTART → the end of that day, inclusive; a DATE-TIME UNTIL with a
///   DATE DTSTART → that date) and also enforced here. libical refuses a rule with both COUNT
///   and UNTIL (`icalrecur_iterator_new` returns NULL), so then only COUNT goes to libical.
/// - **COUNT ≤ 0** (Confluence writes `COUNT=-1`) is read as no COUNT.
/// - **Skipping ahead.** A rule without COUNT is not replayed from DTSTART: DAILY, WEEKLY,
///   MONTHLY and YEARLY rules use `icalrecur_iterator_set_start` (`jump(to:)`), which gives the
///   same instances as a full walk for those frequencies. For HOURLY, MINUTELY and SECONDLY
///   rules libical 3.0.16's `set_start` is wrong: it restarts the interval grid at the target
///   (`FREQ=HOURLY;INTERVAL=5` from 09:30 jumped to 00:00 gives 00:30, 05:30... instead of
///   03:30, 08:30...) and for MINUTELY/SECONDLY it keeps DTSTART's hour (a jump to 12:41 of a
///   rule starting at 15:00 yields 15:41). For those the walker instead starts a new iterator
///   at a DTSTART moved forward by a whole number of intervals (same grid, same implied
///   BYMINUTE/BYSECOND), one interval before the target, and passing the rule's filters
///   (BYHOUR, BYDAY, BYMONTH...): libical 3.0.16 also skips the first BYHOUR match of a day
///   when DTSTART fails BYHOUR.
/// - **BYSETPOS** on SECONDLY…WEEKLY rules, which libical 3.0.16 ignores (`FREQ=WEEKLY;
///   BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1` gives every weekday): the rule goes to libical without
///   BYSETPOS, COUNT and UNTIL, starting at the beginning of DTSTART's period with the parts
///   DTSTART implied (BYDAY for WEEKLY, BYHOUR/BYMINUTE/BYSECOND) written out; its instances
///   are grouped by period (second, minute, hour, day, week starting on WKST) and the positions
///   picked from each complete group; then instances before DTSTART are dropped and UNTIL and
///   COUNT apply, as RFC 5545 orders. The same on MONTHLY and YEARLY rules with more than one
///   time of day (BYHOUR/BYMINUTE/BYSECOND values), where libical 3.0.16 picks the positions
///   among the days and then keeps every time of each picked day (`FREQ=MONTHLY;BYMONTHDAY=1,2;
///   BYHOUR=8,9;BYSETPOS=2,-1` gives 08:00 and 09:00 of the 2nd, not 09:00 of the 1st and of the 2nd).
/// - **Other parts libical 3.0.16 gets wrong** (negative BYMONTHDAY/BYYEARDAY on short
///   frequencies, SECONDLY with BYSECOND, sub-daily INTERVAL with BY parts of the same unit,
///   YEARLY;BYWEEKNO): libical iterates the rule without them and ``RuleFilter`` checks them on
///   each instance; then COUNT and UNTIL apply here. See ``RuleFilter`` for the shapes.
/// - **Sub-daily rules with day-level parts** (SECONDLY, MINUTELY, HOURLY with BYMONTH,
///   BYMONTHDAY, BYYEARDAY or BYDAY): libical 3.0.16 steps through every second
///   (minute, hour) of the days those parts reject, inside one `icalrecur_iterator_next` call,
///   without yielding anything the instance budget could count (`FREQ=SECONDLY;BYMONTH=2;COUNT=3`
///   from March: about 30 million internal steps, two minutes). Such rules are walked day by
///   day instead: the days are checked here, and for each day that passes, libical iterates the
///   rule without its day-level parts from a DTSTART moved along the INTERVAL grid into that
///   day. See `RuleWalker+Days.swift`.
/// - libical stops every series in the year 2582 (its internal end of time).
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>
struct RuleWalker {
    let rule: RecurrenceRule
    let dtstartWall: Int
    let isDate: Bool
    /// Inclusive last wall-clock time, when the rule has UNTIL.
    let untilWall: Int?
    /// COUNT when positive; lowered by one when DTSTART, which the rule does not produce,
    /// takes the first place (then 0 means the rule adds nothing).
    private(set) var count: Int?
    let emulatesSetPositions: Bool
    /// Parts libical 3.0.16 gets wrong, checked here on its instances (empty for most rules).
    let filter: RuleFilter
    /// False only in tests: walk from DTSTART even when skipping ahead is possible.
    var allowsSkipping = true
    /// A sub-daily rule whose day-level parts are checked day by day (see `RuleWalker+Days.swift`).
    let walksByDay: Bool
    /// False only in tests: hand such a rule to libical whole, as other rules.
    var allowsWalkingByDay = true

    init(rule given: RecurrenceRule, dtstartWall: Int, frame: SeriesFrame) {
        let rule = RuleWalker.normalized(given, isDate: frame.isAllDay)
        self.rule = rule
        self.dtstartWall = dtstartWall
        isDate = frame.isAllDay
        count = rule.end.count.flatMap { $0 > 0 ? $0 : nil }
        if let until = rule.end.until {
            let raw: Int
            if rule.end.untilIsDate || rule.end.untilIsFloating {
                raw = seconds(until)
            } else {
                raw = frame.wall(until)   // UTC instant → the series' wall clock
            }
            let day = floorDiv(raw, 86_400) * 86_400
            if frame.isAllDay {
                untilWall = day
            } else if rule.end.untilIsDate {
                untilWall = day + 86_399
            } else {
                untilWall = raw
            }
        } else {
            untilWall = nil
        }
        if rule.setPositions.isEmpty {
            emulatesSetPositions = false
        } else {
            switch rule.frequency {
            case .secondly, .minutely, .hourly, .daily, .weekly: emulatesSetPositions = true
            case .monthly: emulatesSetPositions = RuleWalker.hasSeveralTimesOfDay(rule)
            case .yearly: emulatesSetPositions = RuleWalker.hasSeveralTimesOfDay(rule) || RuleFilter.splitsYearDays(rule)
            }
        }
        baseWall = dtstartWall
        var explicit = rule
        if emulatesSetPositions {
            // BYSETPOS counts within the whole period, also the part before DTSTART; so the
            // walk starts at the period's start, with the parts DTSTART implied made explicit.
            let tod = dtstartWall - floorDiv(dtstartWall, 86_400) * 86_400
            let start = DateTimeValue(secondsAsUTC: dtstartWall)
            var r = rule
            if rule.frequency == .weekly && r.daysOfTheWeek.isEmpty {
                r.daysOfTheWeek = [.init(RuleFilter.DayMath.weekdays[RuleFilter.DayMath.weekday(of: floorDiv(dtstartWall, 86_400))])]
            }
            if rule.frequency == .monthly && r.daysOfTheWeek.isEmpty && r.daysOfTheMonth.isEmpty { r.daysOfTheMonth = [start.day] }
            if rule.frequency == .yearly && r.daysOfTheWeek.isEmpty && r.daysOfTheMonth.isEmpty && r.daysOfTheYear.isEmpty
                && r.weeksOfTheYear.isEmpty {
                if r.monthsOfTheYear.isEmpty { r.monthsOfTheYear = [start.month] }
                r.daysOfTheMonth = [start.day]
            }
            if !isDate {
                if rule.frequency != .hourly && rule.frequency != .minutely && rule.frequency != .secondly && r.hours.isEmpty { r.hours = [tod / 3600] }
                if rule.frequency != .minutely && rule.frequency != .secondly && r.minutes.isEmpty { r.minutes = [(tod % 3600) / 60] }
                if rule.frequency != .secondly && r.seconds.isEmpty { r.seconds = [tod % 60] }
            }
            explicit = r
        }
        explicitRule = explicit
        (libicalBase, filter) = RuleFilter.split(explicit, dtstartWall: dtstartWall)
        walksByDay = RuleWalker.walksByDay(explicit, isDate: isDate)
        if emulatesSetPositions { baseWall = periodStart(periodKey(dtstartWall)) }
    }

    /// More than one time of day per day (BYHOUR × BYMINUTE × BYSECOND, a missing part being
    /// DTSTART's one value).
    private static func hasSeveralTimesOfDay(_ rule: RecurrenceRule) -> Bool {
        max(1, rule.hours.count) * max(1, rule.minutes.count) * max(1, rule.seconds.count) > 1
    }

    /// The rule as RFC 5545 §3.3.10 reads it, before it goes to libical 3.0.16:
    /// - a BY list is a set: a repeated value is kept once (libical repeats the instance:
    ///   `FREQ=WEEKLY;COUNT=3;BYDAY=SU,TH,TH` gives the Thursday twice and COUNT counts both);
    /// - "The BYSECOND, BYMINUTE and BYHOUR rule parts MUST be ignored in RRULE and EXRULE
    ///   properties if present when the associated DTSTART property has a DATE value type":
    ///   they are dropped for an all-day series (libical expands them into times of day that
    ///   the DATE cannot hold, repeating each date: `FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3`);
    /// - BYMONTHDAY "expands" a YEARLY rule (the table of §3.3.10): without BYMONTH it takes the
    ///   days of every month, as python-dateutil and recurring-ical-events do; libical 3.0.16 stays
    ///   in DTSTART's month, so the twelve months are written out (not with BYYEARDAY or BYWEEKNO,
    ///   which name the days themselves).
    static func normalized(_ rule: RecurrenceRule, isDate: Bool) -> RecurrenceRule {
        func unique<T: Hashable>(_ list: [T]) -> [T] {
            if list.count < 2 { return list }
            var seen = Set<T>()
            return list.filter { seen.insert($0).inserted }
        }
        var r = rule
        r.daysOfTheWeek = unique(r.daysOfTheWeek)
        r.daysOfTheMonth = unique(r.daysOfTheMonth)
        r.daysOfTheYear = unique(r.daysOfTheYear)
        r.weeksOfTheYear = unique(r.weeksOfTheYear)
        r.monthsOfTheYear = unique(r.monthsOfTheYear)
        r.setPositions = unique(r.setPositions)
        r.hours = unique(r.hours)
        r.minutes = unique(r.minutes)
        r.seconds = unique(r.seconds)
        if isDate {
            r.hours = []
            r.minutes = []
            r.seconds = []
        }
        if r.frequency == .yearly && r.monthsOfTheYear.isEmpty && !r.daysOfTheMonth.isEmpty
            && r.daysOfTheYear.isEmpty && r.weeksOfTheYear.isEmpty {
            r.monthsOfTheYear = Array(1...12)
        }
        return r
    }

    /// Where libical's walk starts: DTSTART, or for BYSETPOS emulation the start of its period.
    private(set) var baseWall: Int = 0
    /// The rule with what DTSTART implied spelled out (BYSETPOS emulation only).
    private(set) var explicitRule: RecurrenceRule
    /// `explicitRule` less what ``filter`` checks (the whole of it for most rules).
    private(set) var libicalBase: RecurrenceRule

    /// libical's walk of this rule yields DTSTART as its first instance (false when the rule
    /// does not match DTSTART, or libical cannot iterate the rule).
    var producesDtstart: Bool {
        guard !endsBeforeStart else { return false }
        var probe = self
        probe.allowsSkipping = false
        let budget = ExpansionBudget(limit: 10_000)
        guard let first = try? probe.instances(from: dtstartWall, to: dtstartWall, budget: budget) else { return true }
        return first.contains(dtstartWall)
    }

    /// DTSTART is the first occurrence and counts against COUNT (RFC 5545 §3.3.10).
    mutating func dtstartTakesOneCount() {
        if let c = count { count = max(0, c - 1) }
    }

    /// UNTIL lies before DTSTART: the rule yields nothing.
    var endsBeforeStart: Bool { untilWall.map { $0 < dtstartWall } ?? false }
    /// Neither COUNT nor UNTIL.
    var isEndless: Bool { count == nil && untilWall == nil }

    /// The rule as handed to libical.
    var libicalRule: String {
        var r = libicalBase
        if emulatesSetPositions {
            r.setPositions = []
            r.end = .never
        } else {
            // COUNT is applied here (``Sink``), never by libical: libical 3.0.16 yields some
            // instances twice (`FREQ=HOURLY;BYHOUR=3,9,11` from 09:30 gives 09:30 twice) and
            // counts both. The filter only removes instances: UNTIL still bounds libical's walk.
            r.end = untilWall.map { .afterDate(Date(timeIntervalSince1970: TimeInterval($0)), isDate: isDate, isFloating: true) } ?? .never
        }
        return r.rfc5545String
    }

    /// Wall-clock instances `from <= t <= to`, ascending. Throws when the budget runs out;
    /// returns nil when libical cannot iterate the rule at all.
    func instances(from: Int, to: Int, budget: ExpansionBudget) throws(ExpansionError) -> [Int]? {
        if endsBeforeStart || to < dtstartWall || count == 0 { return [] }
        if walksByDay && allowsWalkingByDay { return try instancesByDay(from: from, to: to, budget: budget) }
        var start = baseWall
        var jumpTarget: Int? = nil
        if allowsSkipping, count == nil, from > dtstartWall {
            var target = from
            if emulatesSetPositions { target = periodStart(periodKey(periodStart(periodKey(from)) - 1)) }
            if let unit = subDailyUnit {
                let step = unit * max(1, rule.interval)
                // libical 3.0.16 also mis-walks a sub-daily rule whose DTSTART fails a BYHOUR
                // filter (HOURLY;INTERVAL=3;BYHOUR=9,12,15 from 06:17 skips 09:17), so the new
                // start must pass the rule's filters itself; look back along the grid for one.
                var k = floorDiv(target - baseWall, step) - 1
                var tries = 0
                while k > 0 && !passesFilters(baseWall + k * step) && tries < 100_000 { k -= 1; tries += 1 }
                if k > 0 && passesFilters(baseWall + k * step) { start = baseWall + k * step }
            } else if target > baseWall {
                jumpTarget = target
            }
        }
        if start == baseWall, !emulatesSetPositions, let unit = subDailyUnit, !passesFilters(baseWall) {
            // libical 3.0.16 drops the first match of a sub-daily rule whose DTSTART fails its
            // BYHOUR/BYMINUTE/BYSECOND (`FREQ=MINUTELY;BYMINUTE=6,18` from 09:00 gives 09:18,
            // 10:06...): its walk starts at the first point of the INTERVAL grid that passes them.
            // Where BYMINUTE/BYSECOND add times within the unit, the start is the unit's first one.
            let step = unit * max(1, rule.interval)
            var k = 1
            while k < 100_000 && !passesFilters(baseWall + k * step) { k += 1 }
            if passesFilters(baseWall + k * step) { start = firstTime(inUnitOf: baseWall + k * step) }
        }
        let iterator: RecurrenceIterator
        do {
            iterator = try RecurrenceIterator(rule: libicalRule, start: DateTimeValue(secondsAsUTC: start, isDate: isDate))
        } catch {
            return nil
        }
        if let jumpTarget {
            // On refusal the iterator is unchanged and walks from DTSTART.
            _ = iterator.jump(to: DateTimeValue(secondsAsUTC: jumpTarget, isDate: isDate))
        }

        var sink = Sink(walker: self, from: from, to: to)

        let filters = !filter.isEmpty
        let bound = min(to, untilWall ?? to)
        if !emulatesSetPositions {
            while let t = iterator.next() {
                try budget.consume()
                let w = t.secondsAsUTC
                if filters && !filter.accepts(w) {
                    if w > bound { break }
                    continue
                }
                if !sink.accept(w) { break }
            }
            return sink.out
        }

        var group: [Int] = []
        var groupKey: Int? = nil
        let lastKey = periodKey(min(bound, RuleWalker.lastWall))
        while let t = iterator.next() {
            try budget.consume()
            let w = t.secondsAsUTC
            if filters && !filter.accepts(w) {
                if w > bound && periodKey(min(w, RuleWalker.lastWall)) > lastKey { break }
                continue
            }
            let key = periodKey(w)
            if key != groupKey {
                for s in select(group) where !sink.accept(s) { return sink.out }
                group = []
                groupKey = key
                if key > lastKey { return sink.out }
            }
            if group.last.map({ w > $0 }) ?? true { group.append(w) }
        }
        for s in select(group) where !sink.accept(s) { break }
        return sink.out
    }

    /// Collects a walk's instances in the window, applying UNTIL and COUNT.
    struct Sink {
        let from: Int
        let to: Int
        let dtstartWall: Int
        let untilWall: Int?
        /// COUNT (always applied here, see ``libicalRule``).
        let count: Int?
        private(set) var out: [Int] = []
        private var emitted = 0
        /// The last instance taken: libical 3.0.16 repeats some (see ``libicalRule``).
        private var previous: Int?

        init(walker: RuleWalker, from: Int, to: Int) {
            self.from = from
            self.to = to
            dtstartWall = walker.dtstartWall
            untilWall = walker.untilWall
            count = walker.count
        }

        /// Takes the next instance of the walk; false when the walk is over.
        mutating func accept(_ w: Int) -> Bool {
            // The period's part before DTSTART; a repeat (libical's walk is ascending otherwise).
            if w < dtstartWall || previous.map({ w <= $0 }) ?? false { return true }
            previous = w
            if let untilWall, w > untilWall { return false }
            if let count {
                emitted += 1
                if emitted > count { return false }
            }
            if w > to { return false }
            if w >= from { out.append(w) }
            return true
        }
    }

    /// The BY parts that only filter a sub-daily rule's instances all accept this wall clock.
    private func passesFilters(_ w: Int) -> Bool {
        passesTimeFilters(w) && passesDayFilters(floorDiv(w, 86_400))
    }

    /// The first time of a sub-daily rule's unit (hour of HOURLY, minute of MINUTELY) holding
    /// `w`: the smallest BYMINUTE and BYSECOND where they add times within it, else `w`'s own.
    private func firstTime(inUnitOf w: Int) -> Int {
        let r = explicitRule
        let tod = w - floorDiv(w, 86_400) * 86_400
        var minute = tod % 3600 / 60, second = tod % 60
        switch rule.frequency {
        case .hourly:
            minute = r.minutes.min() ?? minute
            second = r.seconds.min() ?? second
        case .minutely:
            second = r.seconds.min() ?? second
        default: return w
        }
        return w - tod % 3600 + minute * 60 + second
    }

    /// BYHOUR, and BYMINUTE/BYSECOND where they filter (not where they add times within an
    /// hour or a minute), accept this wall clock of a sub-daily rule.
    func passesTimeFilters(_ w: Int) -> Bool {
        let r = explicitRule
        let tod = w - floorDiv(w, 86_400) * 86_400
        if !r.hours.isEmpty && !r.hours.contains(tod / 3600) { return false }
        if rule.frequency != .hourly && !r.minutes.isEmpty && !r.minutes.contains(tod % 3600 / 60) { return false }
        if rule.frequency == .secondly && !r.seconds.isEmpty && !r.seconds.contains(tod % 60) { return false }
        return true
    }

    /// BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY accept this day (day number) of a sub-daily rule.
    func passesDayFilters(_ day: Int) -> Bool {
        let r = explicitRule
        if !r.monthsOfTheYear.isEmpty || !r.daysOfTheMonth.isEmpty {
            let v = DateTimeValue(secondsAsUTC: day * 86_400)
            if !r.monthsOfTheYear.isEmpty && !r.monthsOfTheYear.contains(v.month) { return false }
            if !r.daysOfTheMonth.isEmpty && !RuleFilter.isMonthDay(v, in: r.daysOfTheMonth) { return false }
        }
        if !r.daysOfTheYear.isEmpty && !RuleFilter.isYearDay(day, in: r.daysOfTheYear) { return false }
        if !r.daysOfTheWeek.isEmpty && !RuleFilter.isWeekday(day, in: r.daysOfTheWeek) { return false }
        return true
    }

    // MARK: - Periods

    var subDailyUnit: Int? {
        switch rule.frequency {
        case .secondly: return 1
        case .minutely: return 60
        case .hourly: return 3600
        default: return nil
        }
    }

    /// 9999-12-31T23:59:59: period keys of later times are not needed (libical stops far earlier).
    private static let lastWall = 253_402_300_799

    /// The period (BYSETPOS set) a wall-clock time belongs to: seconds, minutes or hours since
    /// the epoch, its day number (DAILY), the day number of its week's first day (WEEKLY),
    /// year × 12 + month − 1 (MONTHLY), the year (YEARLY).
    func periodKey(_ w: Int) -> Int {
        switch rule.frequency {
        case .secondly: return w
        case .minutely: return floorDiv(w, 60)
        case .hourly: return floorDiv(w, 3600)
        case .daily: return floorDiv(w, 86_400)
        case .weekly:
            return RuleFilter.DayMath.weekBegin(floorDiv(w, 86_400), weekStart: RuleFilter.DayMath.weekdayIndex(rule.firstDayOfTheWeek ?? .monday))
        case .monthly:
            let v = DateTimeValue(secondsAsUTC: w)
            return v.year * 12 + v.month - 1
        case .yearly: return DateTimeValue(secondsAsUTC: w).year
        }
    }

    /// The wall clock of the first second of a period.
    private func periodStart(_ key: Int) -> Int {
        switch rule.frequency {
        case .secondly: return key
        case .minutely: return key * 60
        case .hourly: return key * 3600
        case .daily, .weekly: return key * 86_400
        case .monthly: return DateTimeValue(year: floorDiv(key, 12), month: key - floorDiv(key, 12) * 12 + 1, day: 1).secondsAsUTC
        case .yearly: return DateTimeValue(year: key, month: 1, day: 1).secondsAsUTC
        }
    }

    /// BYSETPOS applied to one complete period.
    func select(_ group: [Int]) -> [Int] {
        guard !group.isEmpty else { return [] }
        var picked = Set<Int>()
        for p in rule.setPositions {
            let i = p > 0 ? p - 1 : group.count + p
            if i >= 0 && i < group.count { picked.insert(group[i]) }
        }
        return picked.sorted()
    }
}
