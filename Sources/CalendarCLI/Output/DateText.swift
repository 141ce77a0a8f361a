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
        let offset = ZoneOffsets.shared.secondsFromGMT(zone, at: date)
        return format(date.addingTimeInterval(TimeInterval(offset)), time: true, suffix: .offset(offset))
    }

    /// `2026-03-02T08:00:00Z`.
    static func utc(_ date: Date) -> String { format(date, time: true, suffix: .z) }

    /// The UTC-read wall clock without offset: `2026-03-02T09:00:00` (floating times).
    static func wallClock(_ date: Date) -> String { format(date, time: true, suffix: .none) }

    /// The UTC-read day: `2026-03-02` (all-day dates).
    static func day(_ date: Date) -> String { format(date, time: false, suffix: .none) }

    private enum Suffix { case none, z, offset(Int) }

    /// Writes the digits straight into bytes: this runs for every date of every occurrence.
    private static func format(_ date: Date, time: Bool, suffix: Suffix) -> String {
        let c = utcComponents(date)
        var b: [UInt8] = []
        b.reserveCapacity(25)
        func digits(_ n: Int, _ width: Int) {
            if n < 0 { b.append(UInt8(ascii: "-")) }
            let s = String(abs(n)).utf8
            for _ in 0..<max(0, width - s.count) { b.append(UInt8(ascii: "0")) }
            b.append(contentsOf: s)
        }
        func two(_ n: Int) {
            b.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n / 10))
            b.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10))
        }
        if (0...9999).contains(c.year) {
            two(c.year / 100); two(c.year % 100)
        } else {
            digits(c.year, 4)
        }
        b.append(UInt8(ascii: "-")); two(c.month); b.append(UInt8(ascii: "-")); two(c.day)
        if time {
            b.append(UInt8(ascii: "T")); two(c.hour); b.append(UInt8(ascii: ":")); two(c.minute)
            b.append(UInt8(ascii: ":")); two(c.second)
        }
        switch suffix {
        case .none: break
        case .z: b.append(UInt8(ascii: "Z"))
        case .offset(let offset):
            b.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            let minutes = abs(offset) / 60
            two(minutes / 60); b.append(UInt8(ascii: ":")); two(minutes % 60)
        }
        return String(decoding: b, as: UTF8.self)
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
}
