import CalendarModel
import Foundation

/// How long each instance of a series lasts, as RFC 5545 §3.8.5.3 says: with DTEND the exact
/// duration (DTEND − DTSTART) applies to every instance; with DURATION the day and week part is
/// nominal (added on the wall clock, so `P1D` across a spring-forward change is 23 hours) and the
/// time part exact (for an all-day event rounded up to whole days, at least one). An all-day
/// event without DTEND lasts one day; a date-time one without DTEND
/// or DURATION lasts zero seconds (the reader gives it `endDate == startDate`).
///
/// ```swift
/// InstanceLength(event: e)   // .nominal(days: 1, seconds: 0) for DURATION:P1D
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.5.3>
enum InstanceLength: Hashable, Sendable {
    case exact(seconds: Int)
    case nominal(days: Int, seconds: Int)

    init(event: Event) {
        if let d = event.duration, event.isAllDay {
            // An all-day instance covers whole dates (RFC 5545 §3.3.4: a DATE has no time of
            // day; §3.6.1: DTEND is non-inclusive): a time part (`DURATION:PT10H` with
            // `DTSTART;VALUE=DATE`) extends it to the end of the date it reaches, and it lasts at
            // least the one day an all-day event without DTEND lasts, never zero days (K3/K13).
            let total = d.nominalDays * 86_400 + d.exactSeconds
            self = .nominal(days: max(1, (total + 86_399) / 86_400), seconds: 0)
        } else if let d = event.duration {
            self = .nominal(days: d.nominalDays, seconds: d.exactSeconds)
        } else if event.isAllDay && event.endDate <= event.startDate {
            self = .exact(seconds: 86_400)
        } else {
            self = .exact(seconds: max(0, seconds(event.endDate) - seconds(event.startDate)))
        }
    }

    init(duration: ICalDuration) {
        self = .nominal(days: duration.nominalDays, seconds: duration.exactSeconds)
    }

    /// The end of an instance starting at `startWall` (model date `start`) in `frame`.
    func end(startWall: Int, start: Date, frame: SeriesFrame) -> Date {
        switch self {
        case .exact(let s):
            return start.addingTimeInterval(TimeInterval(s))
        case .nominal(let days, let s):
            let dayEnd = days == 0 ? start : frame.date(startWall + days * 86_400)
            let end = dayEnd.addingTimeInterval(TimeInterval(s))
            return end < start ? start : end
        }
    }

    /// An upper bound of the length in seconds, whatever the zone does (a nominal day may be 25 h).
    var maximumSeconds: Int {
        switch self {
        case .exact(let s): return s
        case .nominal(let days, let s): return max(0, days * 86_400 + (days > 0 ? 3 * 3600 : 0) + s)
        }
    }
}
