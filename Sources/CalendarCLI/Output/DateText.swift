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
        text { writeRFC3339(date, in: zone, to: &$0) }
    }

    /// `2026-03-02T08:00:00Z`.
    static func utc(_ date: Date) -> String { text { write(date, time: true, suffix: .z, to: &$0) } }

    /// The UTC-read wall clock without offset: `2026-03-02T09:00:00` (floating times).
    static func wallClock(_ date: Date) -> String { text { write(date, time: true, suffix: .none, to: &$0) } }

    /// The UTC-read day: `2026-03-02` (all-day dates).
    static func day(_ date: Date) -> String { text { write(date, time: false, suffix: .none, to: &$0) } }

    private enum Suffix { case none, z, offset(Int) }

    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var b: [UInt8] = []
        b.reserveCapacity(25)
        write(&b)
        return String(decoding: b, as: UTF8.self)
    }

    private static func writeRFC3339(_ date: Date, in zone: TimeZone, to b: inout [UInt8]) {
        if isUTC(zone) { return write(date, time: true, suffix: .z, to: &b) }
        let offset = ZoneOffsets.shared.secondsFromGMT(zone, at: date)
        write(date.addingTimeInterval(TimeInterval(offset)), time: true, suffix: .offset(offset), to: &b)
    }

    /// Writes the digits straight into bytes: this runs for every date of every occurrence.
    private static func write(_ date: Date, time: Bool, suffix: Suffix, to b: inout [UInt8]) {
        let c = utcComponents(date)
        func two(_ n: Int, to b: inout [UInt8]) {
            b.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n / 10))
            b.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10))
        }
        if (0...9999).contains(c.year) {
            two(c.year / 100, to: &b); two(c.year % 100, to: &b)
        } else {
            if c.year < 0 { b.append(UInt8(ascii: "-")) }
            let s = String(abs(c.year)).utf8
            for _ in 0..<max(0, 4 - s.count) { b.append(UInt8(ascii: "0")) }
            b.append(contentsOf: s)
        }
        b.append(UInt8(ascii: "-")); two(c.month, to: &b); b.append(UInt8(ascii: "-")); two(c.day, to: &b)
        if time {
            b.append(UInt8(ascii: "T")); two(c.hour, to: &b); b.append(UInt8(ascii: ":")); two(c.minute, to: &b)
            b.append(UInt8(ascii: ":")); two(c.second, to: &b)
        }
        switch suffix {
        case .none: break
        case .z: b.append(UInt8(ascii: "Z"))
        case .offset(let offset):
            b.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            let minutes = abs(offset) / 60
            two(minutes / 60, to: &b); b.append(UInt8(ascii: ":")); two(minutes % 60, to: &b)
        }
    }

    /// True for the zones that mean UTC itself (not zones that merely have offset 0, such as
    /// Europe/London in winter).
    static func isUTC(_ zone: TimeZone) -> Bool {
        TimeZoneArgument.utcAliases.contains(zone.identifier)
    }

    /// A date of an event as JSON writes it: by the event's kind (all-day, floating, zoned).
    static func eventDate(_ date: Date, of event: Event) -> String {
        text { writeEventDate(date, of: event, to: &$0) }
    }

    /// ``eventDate(_:of:)`` appended to `b` as bytes (no characters in it need JSON escapes).
    static func writeEventDate(_ date: Date, of event: Event, to b: inout [UInt8]) {
        if event.isAllDay { return write(date, time: false, suffix: .none, to: &b) }
        guard let zone = event.timeZone else { return write(date, time: true, suffix: .none, to: &b) }
        writeRFC3339(date, in: zone, to: &b)
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
