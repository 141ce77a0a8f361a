import CalendarModel
import Foundation
import ICalCore

/// RRULE / EXRULE text → ``RecurrenceRule``, read by libical (through ICalCore).
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>
enum RecurrenceRuleImporter {
    static let weekdays: [RecurrenceRule.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

    /// `seriesStart`: the DTSTART reading, whose zone a floating UNTIL is read in.
    static func read(_ text: String, seriesStart: TimeReading) -> Result<(RecurrenceRule, [String]), ICalError> {
        switch RecurValue.parse(text) {
        case .failure(let e): return .failure(e)
        case .success(let v):
            guard let freq = RecurrenceRule.Frequency(rawValue: v.frequency) else {
                return .failure(ICalError(code: .malformedData, message: "unknown FREQ in \"\(text)\""))
            }
            var warnings = v.warnings
            var rule = RecurrenceRule(frequency: freq, interval: max(1, v.interval))
            // COUNT ≤ 0 (Confluence writes COUNT=-1 next to UNTIL) bounds nothing: it is read as
            // no COUNT, so an UNTIL beside it still applies.
            if let count = v.count, count > 0 { rule.end = .afterOccurrences(count) }
            if let until = v.until {
                let instant: Date
                if until.isUTC || until.isDate {
                    instant = Date(timeIntervalSince1970: TimeInterval(until.secondsAsUTC))
                } else if let zone = seriesStart.zone {
                    instant = zone.date(forLocal: until)
                } else {
                    instant = Date(timeIntervalSince1970: TimeInterval(until.secondsAsUTC))
                }
                // A floating UNTIL with a zoned DTSTART is read in DTSTART's zone and kept as that
                // instant in UTC, the form RFC 5545 §3.3.10 requires; written back as floating
                // it would be the instant's UTC wall clock, hours off.
                let floatingInZone = !until.isUTC && !until.isDate && seriesStart.zone != nil
                if rule.end.count != nil {
                    warnings.append("RRULE has both COUNT and UNTIL; COUNT kept, UNTIL dropped")
                } else {
                    rule.end = .afterDate(instant, isDate: until.isDate, isFloating: !until.isUTC && !until.isDate && !floatingInZone)
                    if floatingInZone {
                        warnings.append("UNTIL \(until) has no Z but DTSTART has a TZID; read in that zone, written back in UTC (RFC 5545 §3.3.10)")
                    }
                }
            }
            if let w = v.weekStart, (1...7).contains(w) { rule.firstDayOfTheWeek = weekdays[w - 1] }
            rule.daysOfTheWeek = v.byDay.compactMap { d in
                (1...7).contains(d.weekday) ? RecurrenceRule.DayOfWeek(weekdays[d.weekday - 1], weekNumber: d.position) : nil
            }
            rule.daysOfTheMonth = v.byMonthDay
            rule.daysOfTheYear = v.byYearDay
            rule.weeksOfTheYear = v.byWeekNo
            rule.monthsOfTheYear = v.byMonth
            rule.setPositions = v.bySetPos
            rule.hours = v.byHour
            rule.minutes = v.byMinute
            rule.seconds = v.bySecond
            rule.extraParts = v.extraParts
            // libical reads COUNT=-1 (Confluence) as no count; say so.
            if text.containsASCIICaseInsensitive("COUNT=-") {
                warnings.append(v.until == nil ? "negative COUNT read as no COUNT (endless)" : "negative COUNT read as no COUNT; UNTIL applies")
            }
            return .success((rule, warnings))
        }
    }

    /// The MUSTs of RFC 5545 §3.3.10 on which BY parts a FREQ may have that `rule` breaks, each
    /// as a message (libical iterates such a rule to DTSTART alone).
    static func violations(_ rule: RecurrenceRule) -> [String] {
        var out: [String] = []
        if !rule.weeksOfTheYear.isEmpty && rule.frequency != .yearly {
            out.append("BYWEEKNO is only valid with FREQ=YEARLY (RFC 5545 §3.3.10), not FREQ=\(rule.frequency.rawValue)")
        }
        let dailyToMonthly = rule.frequency == .daily || rule.frequency == .weekly || rule.frequency == .monthly
        if !rule.daysOfTheYear.isEmpty && dailyToMonthly {
            out.append("BYYEARDAY MUST NOT be specified with FREQ=\(rule.frequency.rawValue) (RFC 5545 §3.3.10)")
        }
        if !rule.daysOfTheMonth.isEmpty && rule.frequency == .weekly {
            out.append("BYMONTHDAY MUST NOT be specified with FREQ=WEEKLY (RFC 5545 §3.3.10)")
        }
        return out
    }
}
