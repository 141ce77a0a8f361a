import CalendarModel
import Foundation

/// How dates are written in JSON and tables.
///
/// | kind     | model value (see ``Event``)        | JSON                          |
/// |----------|------------------------------------|-------------------------------|
/// | zoned    | instant, zone Europe/Berlin        | `2026-03-02T09:00:00+01:00`   |
/// | UTC      | instant, zone UTC                  | `2026-03-02T08:00:00Z`        |
/// | floating | wall clock read as UTC             | `2026-03-02T09:00:00`         |
/// | all-day  | midnight of the day read as UTC    | `2026-03-02`                  |
enum DateText {
    /// RFC 3339 with the zone's offset at that instant, or `Z` when the zone is UTC.
    static func rfc3339(_ date: Date, in zone: TimeZone) -> String {
        if isUTC(zone) { return utc(date) }
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return wallClock(date.addingTimeInterval(TimeInterval(offset)))
            + sign + pad(minutes / 60) + ":" + pad(minutes % 60)
    }

    /// `2026-03-02T08:00:00Z`.
    static func utc(_ date: Date) -> String { wallClock(date) + "Z" }

    /// The UTC-read wall clock without offset: `2026-03-02T09:00:00` (floating times).
    static func wallClock(_ date: Date) -> String {
        let c = utcComponents(date)
        return day(date) + "T" + pad(c.hour) + ":" + pad(c.minute) + ":" + pad(c.second)
    }

    /// The UTC-read day: `2026-03-02` (all-day dates).
    static func day(_ date: Date) -> String {
        let c = utcComponents(date)
        return pad(c.year, 4) + "-" + pad(c.month) + "-" + pad(c.day)
    }

    /// True for the zones that mean UTC itself (not zones that merely have offset 0, such as
    /// Europe/London in winter).
    static func isUTC(_ zone: TimeZone) -> Bool {
        TimeZoneArgument.utcAliases.contains(zone.identifier)
    }

    /// A date of an event as JSON writes it: by the event's kind (all-day, floating, zoned).
    static func eventDate(_ date: Date, of event: Event) -> String {
        if event.isAllDay { return day(date) }
        guard let zone = event.timeZone else { return wallClock(date) }
        return rfc3339(date, in: zone)
    }

    /// A reminder's DUE or DTSTART: a day, a floating wall clock, or an instant in its zone.
    static func components(_ c: DateComponents) -> String? {
        guard let year = c.year, let month = c.month, let day = c.day else { return nil }
        let wall = utcDate(year: year, month: month, day: day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
        if c.hour == nil { return Self.day(wall) }
        guard let zone = c.timeZone else { return wallClock(wall) }
        if isUTC(zone) { return utc(wall) }
        return rfc3339(WhenParser.instant(wallClock: wall, in: zone), in: zone)
    }

    private static func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(abs(n))
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
