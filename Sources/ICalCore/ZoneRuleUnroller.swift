internal import CLibical

/// Writes the past of a VTIMEZONE's plain yearly rules out as RDATEs before libical expands the
/// zone, so that libical's recurrence iterator walks those rules only from a horizon on.
///
/// libical 3.0.16 expands a zone by iterating each observance's RRULE from its DTSTART through
/// five years past the current (or asked) year, and its iterator calls ICU's calendar at every
/// step: about 90,000 instructions per transition, 11 million for a zone whose rules start in
/// 1970, 80 million from 1601. Nearly every zone's rules name one day a year, in one of three
/// shapes (``YearlyDay``). For such a rule the days from DTSTART up to the horizon year are
/// computed here, with libical's own calendar arithmetic (`icaltime_day_of_week`,
/// `icaltime_days_in_month`), and added to the observance as RDATEs in its local time; DTSTART
/// moves to the rule's first day in the horizon year or later. libical turns an RDATE and an
/// RRULE instance of an observance into the same change (both local times, made UTC with
/// TZOFFSETFROM), so the zone's changes are the same; a rule whose UNTIL comes before the
/// horizon is replaced by its days. Any other rule (COUNT, INTERVAL, several months or days,
/// BYSETPOS, a DTSTART that is not one of the rule's days, a DATE UNTIL...) is left to libical.
///
/// Checked against libical's expansion of the unchanged definitions: every corpus zone and
/// generated ones, transition by transition (`ZoneRuleUnrollerTests`).
enum ZoneRuleUnroller {
    /// The one day a year a rule names.
    enum YearlyDay: Equatable {
        /// `BYMONTH=m;BYDAY=nWD`, n in ±1…4: the nth (from the end when negative) weekday of the
        /// month, which every year has.
        case nthWeekday(month: Int, weekday: Int, position: Int)
        /// `BYMONTH=m;BYMONTHDAY=d,d+1,…,d+6;BYDAY=WD`: the weekday in those seven days.
        case weekdayOnOrAfter(month: Int, weekday: Int, firstDay: Int)
        /// Neither part: DTSTART's month and day (not February 29).
        case sameDate(month: Int, day: Int)

        /// The day of the month in `year`.
        func day(in year: Int) -> Int {
            switch self {
            case .nthWeekday(let month, let weekday, let position):
                if position > 0 {
                    return 1 + (weekday - ZoneRuleUnroller.weekday(year, month, 1) + 7) % 7 + 7 * (position - 1)
                }
                let length = ZoneRuleUnroller.daysInMonth(month, year)
                return length - (ZoneRuleUnroller.weekday(year, month, length) - weekday + 7) % 7 + 7 * (position + 1)
            case .weekdayOnOrAfter(let month, let weekday, let firstDay):
                return firstDay + (weekday - ZoneRuleUnroller.weekday(year, month, firstDay) + 7) % 7
            case .sameDate(_, let day):
                return day
            }
        }

        var month: Int {
            switch self {
            case .nthWeekday(let month, _, _), .weekdayOnOrAfter(let month, _, _), .sameDate(let month, _): return month
            }
        }
    }

    /// Rewrites the STANDARD and DAYLIGHT components of `vtimezone` whose rule has a
    /// ``YearlyDay`` shape; returns how many were rewritten.
    @discardableResult
    static func unroll(_ vtimezone: OpaquePointer, horizonYear: Int) -> Int {
        var rewritten = 0
        var next = icalcomponent_get_first_component(vtimezone, ICAL_ANY_COMPONENT)
        while let observance = next {
            next = icalcomponent_get_next_component(vtimezone, ICAL_ANY_COMPONENT)
            let kind = icalcomponent_isa(observance)
            guard kind == ICAL_XSTANDARD_COMPONENT || kind == ICAL_XDAYLIGHT_COMPONENT else { continue }
            if unrollObservance(observance, horizonYear: horizonYear) { rewritten += 1 }
        }
        return rewritten
    }

    private static func unrollObservance(_ observance: OpaquePointer, horizonYear: Int) -> Bool {
        guard icalcomponent_count_properties(observance, ICAL_RRULE_PROPERTY) == 1,
              icalcomponent_count_properties(observance, ICAL_DTSTART_PROPERTY) == 1,
              icalcomponent_count_properties(observance, ICAL_TZOFFSETTO_PROPERTY) == 1,
              icalcomponent_count_properties(observance, ICAL_TZOFFSETFROM_PROPERTY) <= 1,
              let ruleProperty = icalcomponent_get_first_property(observance, ICAL_RRULE_PROPERTY),
              let startProperty = icalcomponent_get_first_property(observance, ICAL_DTSTART_PROPERTY),
              let toProperty = icalcomponent_get_first_property(observance, ICAL_TZOFFSETTO_PROPERTY)
        else { return false }
        let start = icalproperty_get_dtstart(startProperty)
        guard icaltime_is_null_time(start) == 0, start.is_date == 0, icaltime_is_utc(start) == 0,
              start.year >= 1, start.year < horizonYear
        else { return false }
        let rule = icalproperty_get_rrule(ruleProperty)
        guard let day = yearlyDay(of: rule, start: start) else { return false }

        // UNTIL as libical's expansion reads it: a UTC UNTIL moved into local time with
        // TZOFFSETFROM (TZOFFSETTO when there is none), a local one as it is.
        var lastKey = Int.max
        if icaltime_is_null_time(rule.until) == 0 {
            guard rule.until.is_date == 0 else { return false }
            var until = rule.until
            if icaltime_is_utc(until) != 0 {
                let fromProperty = icalcomponent_get_first_property(observance, ICAL_TZOFFSETFROM_PROPERTY)
                let from = fromProperty.map { icalproperty_get_tzoffsetfrom($0) } ?? icalproperty_get_tzoffsetto(toProperty)
                icaltime_adjust(&until, 0, 0, 0, from)
            }
            lastKey = key(until)
        }

        // The rule's days after DTSTART and before the horizon become RDATEs (DTSTART itself
        // too when it moves); the first day from the horizon on becomes the new DTSTART.
        var days: [icaltimetype] = []
        var horizonStart: icaltimetype?
        for year in (Int(start.year) + 1)...horizonYear {
            var t = start
            t.year = Int32(year)
            t.day = Int32(day.day(in: year))
            if key(t) > lastKey { break }
            if year == horizonYear { horizonStart = t; break }
            days.append(t)
        }
        if let horizonStart {
            days.insert(start, at: 0)
            icalproperty_set_dtstart(startProperty, horizonStart)
        } else {
            icalcomponent_remove_property(observance, ruleProperty)
            icalproperty_free(ruleProperty)
        }
        for t in days {
            var value = icaldatetimeperiodtype()
            value.time = t
            value.period = icalperiodtype_null_period()
            if let rdate = icalproperty_new_rdate(value) { icalcomponent_add_property(observance, rdate) }
        }
        return true
    }

    /// The rule's ``YearlyDay`` when it has one of the shapes and DTSTART is one of its days.
    private static func yearlyDay(of rule: icalrecurrencetype, start: icaltimetype) -> YearlyDay? {
        var rule = rule
        guard rule.freq == ICAL_YEARLY_RECURRENCE, rule.interval == 1, rule.count == 0, rule.rscale == nil,
              isEmpty(&rule.by_second), isEmpty(&rule.by_minute), isEmpty(&rule.by_hour),
              isEmpty(&rule.by_year_day), isEmpty(&rule.by_week_no), isEmpty(&rule.by_set_pos)
        else { return nil }
        let months = values(&rule.by_month)
        let days = values(&rule.by_day)
        let monthDays = values(&rule.by_month_day)
        let startMonth = Int(start.month), startDay = Int(start.day), startYear = Int(start.year)
        let shape: YearlyDay
        if months.isEmpty && days.isEmpty && monthDays.isEmpty {
            guard !(startMonth == 2 && startDay == 29) else { return nil }
            shape = .sameDate(month: startMonth, day: startDay)
        } else {
            guard months.count == 1, days.count == 1, icalrecurrencetype_month_is_leap(Int16(months[0])) == 0 else { return nil }
            let month = Int(icalrecurrencetype_month_month(Int16(months[0])))
            let weekday = Int(icalrecurrencetype_day_day_of_week(Int16(days[0])).rawValue)
            let position = Int(icalrecurrencetype_day_position(Int16(days[0])))
            guard (1...12).contains(month), (1...7).contains(weekday) else { return nil }
            if monthDays.isEmpty {
                guard position != 0, (-4...4).contains(position) else { return nil }
                shape = .nthWeekday(month: month, weekday: weekday, position: position)
            } else {
                // Seven days in a row that every year's month has.
                guard position == 0, monthDays.count == 7, let first = monthDays.first, first >= 1,
                      monthDays == Array(first..<(first + 7)), first + 6 <= shortestLength(of: month)
                else { return nil }
                shape = .weekdayOnOrAfter(month: month, weekday: weekday, firstDay: first)
            }
        }
        guard shape.month == startMonth, shape.day(in: startYear) == startDay else { return nil }
        return shape
    }

    private static func shortestLength(of month: Int) -> Int {
        switch month {
        case 2: return 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 1 = Sunday … 7 = Saturday, as libical numbers weekdays.
    static func weekday(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var t = icaltime_null_time()
        t.year = Int32(year)
        t.month = Int32(month)
        t.day = Int32(day)
        t.is_date = 1
        return Int(icaltime_day_of_week(t))
    }

    static func daysInMonth(_ month: Int, _ year: Int) -> Int {
        Int(icaltime_days_in_month(Int32(month), Int32(year)))
    }

    /// Orders local date-times field by field.
    private static func key(_ t: icaltimetype) -> Int {
        ((((Int(t.year) * 13 + Int(t.month)) * 32 + Int(t.day)) * 24 + Int(t.hour)) * 60 + Int(t.minute)) * 61 + Int(t.second)
    }

    private static func values<T>(_ tuple: inout T) -> [Int] {
        withUnsafeBytes(of: &tuple) { raw in
            var out: [Int] = []
            for v in raw.bindMemory(to: Int16.self) {
                if v == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
                out.append(Int(v))
            }
            return out
        }
    }

    private static func isEmpty<T>(_ tuple: inout T) -> Bool {
        withUnsafeBytes(of: &tuple) { raw in raw.bindMemory(to: Int16.self).first == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) }
    }
}
