import CalendarModel
import Foundation
import ICalCore

// STAND-IN (conformance branch only): a naive expander with the real one's signature, so the
// conformance runner compiles before `RecurrenceExpander` lands on main. On merge, take the
// real file. It walks the first RRULE from DTSTART with libical, adds RDATEs, drops EXDATEs,
// and replaces instances by overrides with the same RECURRENCE-ID.
public struct RecurrenceExpander: Sendable {
    public let resolver: ZoneResolver
    public init(resolver: ZoneResolver) { self.resolver = resolver }

    public func occurrences(master: Event?, overrides: [Event], calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] {
        var out: [Occurrence] = []
        let zone = master.flatMap { m in m.timeZoneIdentifier.flatMap { resolver.resolve($0) } }
        func place(_ e: Event, start: Date, end: Date) -> (Date, Date) {
            guard e.isAllDay || e.timeZone == nil else { return (start, end) }
            let off = TimeInterval(predicate.timeZone.secondsFromGMT(for: start))
            return (start - off, end - off)
        }
        var starts: [Date] = []
        if let m = master {
            let length = m.endDate.timeIntervalSince(m.startDate)
            if let rule = m.recurrenceRules.first {
                let wall: DateTimeValue
                if let zone, m.timeZone?.identifier != "UTC" {
                    wall = zone.local(m.startDate)
                } else {
                    wall = DateTimeValue(secondsAsUTC: Int(m.startDate.timeIntervalSince1970), isDate: m.isAllDay)
                }
                let it = try RecurrenceIterator(rule: rule.rfc5545String, start: wall)
                var n = 0
                while let t = it.next(), n < 2_000_000 {
                    n += 1
                    let d: Date = (zone != nil && m.timeZone?.identifier != "UTC") ? (zone?.date(forLocal: t) ?? m.startDate)
                        : Date(timeIntervalSince1970: TimeInterval(t.secondsAsUTC))
                    if d >= predicate.endDate + 86_400 * 2 { break }
                    starts.append(d)
                }
            } else {
                starts.append(m.startDate)
            }
            starts += m.recurrenceDates.map(\.date)
            let excluded = Set(m.exceptionDates.map(\.date))
            var seen: Set<Date> = []
            for s in starts where !excluded.contains(s) && seen.insert(s).inserted {
                if overrides.contains(where: { $0.occurrenceDate == s }) { continue }
                let (ps, pe) = place(m, start: s, end: s + length)
                if predicate.matches(start: ps, end: pe) {
                    var e = m
                    e.startDate = s
                    e.endDate = s + length
                    out.append(Occurrence(event: e, calendarTitle: calendarTitle, startDate: ps, endDate: pe,
                                          occurrenceDate: m.hasRecurrenceRules ? s : nil, isRecurring: m.hasRecurrenceRules, isDetached: false))
                }
            }
        }
        for o in overrides {
            let (ps, pe) = place(o, start: o.startDate, end: o.endDate)
            if predicate.matches(start: ps, end: pe) {
                out.append(Occurrence(event: o, calendarTitle: calendarTitle, startDate: ps, endDate: pe,
                                      occurrenceDate: o.occurrenceDate, isRecurring: true, isDetached: true))
            }
        }
        return out.sorted { $0.startDate < $1.startDate }
    }
}
