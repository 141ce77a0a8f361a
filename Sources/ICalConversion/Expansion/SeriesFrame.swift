import CalendarModel
import Foundation
import ICalCore

/// The wall clock a series recurs in, and the way between its wall-clock times and the
/// model's instants.
///
/// Wall-clock times are whole seconds since 1970 of the local fields read as if they were UTC
/// (`DateTimeValue.secondsAsUTC`). A zoned series converts with its zone (RFC 5545 §3.3.5: a
/// time in a spring-forward gap is read with the offset before the gap, a repeated time is the
/// first of the two); a floating or all-day series uses the model convention, its `Date` *is*
/// the wall clock read as UTC.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.5>
struct SeriesFrame: Sendable {
    enum Kind: Sendable {
        case zoned(ResolvedZone)
        case floating
        case allDay
    }

    let kind: Kind

    init(kind: Kind) { self.kind = kind }

    /// The frame of an event's DTSTART: its zone (TZID resolved, else its Foundation zone),
    /// floating, or all-day.
    init(event: Event, resolver: ZoneResolver) {
        if event.isAllDay {
            kind = .allDay
        } else if let zone = SeriesFrame.zone(of: event, resolver: resolver) {
            kind = .zoned(zone)
        } else {
            kind = .floating
        }
    }

    static func zone(of event: Event, resolver: ZoneResolver) -> ResolvedZone? {
        guard !event.isAllDay, let tz = event.timeZone else { return nil }
        if let tzid = event.timeZoneIdentifier, let resolved = resolver.resolve(tzid) { return resolved }
        if let resolved = resolver.resolve(tz.identifier) { return resolved }
        return ResolvedZone(tzid: tz.identifier, ianaID: tz.identifier, rules: .tzdb(tz))
    }

    var isAllDay: Bool { if case .allDay = kind { return true } else { return false } }
    var isZoned: Bool { if case .zoned = kind { return true } else { return false } }

    /// Wall-clock seconds of a model date of this series.
    func wall(_ date: Date) -> Int {
        switch kind {
        case .zoned(let zone):
            let t = seconds(date)
            return t + zone.utcOffset(atUTC: t)
        case .floating, .allDay:
            return seconds(date)
        }
    }

    /// The model date of a wall-clock time of this series.
    func date(_ wall: Int) -> Date {
        switch kind {
        case .zoned(let zone): return Date(timeIntervalSince1970: TimeInterval(zone.utcSeconds(forLocal: wall)))
        case .floating, .allDay: return Date(timeIntervalSince1970: TimeInterval(wall))
        }
    }

    /// Where a model date of this frame lies on the time line when floating and all-day
    /// times are read in `zone` (the query's zone).
    func placed(_ date: Date, in zone: ResolvedZone) -> Date {
        switch kind {
        case .zoned: return date
        case .floating, .allDay: return Date(timeIntervalSince1970: TimeInterval(zone.utcSeconds(forLocal: seconds(date))))
        }
    }

    /// Wall-clock bounds of every instant in `start...end`: the instants read in this frame's
    /// zone (floating/all-day: in `view`, the query's zone), widened by the offsets in force
    /// a day either side so that times in a gap or a repeated hour are not missed. Tight: a
    /// one-minute window stays about a minute wide.
    func wallBounds(start: Int, end: Int, viewedIn view: ResolvedZone) -> (lower: Int, upper: Int) {
        let zone: ResolvedZone
        switch kind {
        case .zoned(let z): zone = z
        case .floating, .allDay: zone = view
        }
        func offsets(_ t: Int) -> [Int] { [t - 86_400, t, t + 86_400].map { zone.utcOffset(atUTC: $0) } }
        let lower = start + (offsets(start).min() ?? 0)
        let upper = end + (offsets(end).max() ?? 0)
        return (lower, upper)
    }
}

@inline(__always)
func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

/// Floor division for possibly negative wall-clock seconds.
@inline(__always)
func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
