import CalendarModel
import CalendarStore
import Foundation

/// How dates are written in JSON and tables.
///
/// | kind     | model value (see ``Event``)        | JSON                          |
/// |----------|------------------------------------|-------------------------------|
/// | zoned    | instant, zone Europe/Berlin        | `2026-03-02T09:00:00+01:00`   |
/// | defined  | instant, a VTIMEZONE's own offsets | `2026-06-15T12:00:00+04:00`   |
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

    enum Suffix { case none, z, offset(Int) }

    static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var b: [UInt8] = []
        b.reserveCapacity(25)
        write(&b)
        return String(decoding: b, as: UTF8.self)
    }

    private static func writeRFC3339(_ date: Date, in zone: TimeZone, to b: inout [UInt8]) {
        if isUTC(zone) { return write(date, time: true, suffix: .z, to: &b) }
        writeRFC3339(date, offset: ZoneOffsets.shared.secondsFromGMT(zone, at: date), to: &b)
    }

    /// RFC 3339 with this offset from UTC (`+01:00`), or `Z` when it is nil (the zone is UTC).
    static func writeRFC3339(_ date: Date, offset: Int?, to b: inout [UInt8]) {
        appending(to: &b) { writeRFC3339(date, offset: offset, into: $0) }
    }

    /// ``writeRFC3339(_:offset:to:)``'s text at `p` (room for ``maxBytes``); returns its length.
    static func writeRFC3339(_ date: Date, offset: Int?, into p: UnsafeMutablePointer<UInt8>) -> Int {
        guard let offset else { return write(utcComponents(date), time: true, suffix: .z, into: p) }
        return write(utcComponents(date.addingTimeInterval(TimeInterval(offset))), time: true, suffix: .offset(offset), into: p)
    }

    /// Writes the digits straight into bytes: this runs for every date of every occurrence. The
    /// text is laid out in a small buffer and appended at once.
    private static func write(_ date: Date, time: Bool, suffix: Suffix, to b: inout [UInt8]) {
        appending(to: &b) { write(utcComponents(date), time: time, suffix: suffix, into: $0) }
    }

    /// Appends to `b` what `body` writes at the pointer it is given (at most ``maxBytes``).
    private static func appending(to b: inout [UInt8], _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxBytes) { buffer in
            let n = body(buffer.baseAddress!)
            b.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: n))
        }
    }

    /// The most bytes ``write(_:time:suffix:into:)`` writes.
    static let maxBytes = 64

    /// Writes the fields of a date (read in UTC) at `p`, returning the count of bytes written (at
    /// most ``maxBytes``). Years outside 0...9999 get a sign when negative and at least four digits.
    /// Every field but the year must be in 0...99 (as calendar fields and offsets under 100
    /// hours are).
    static func write(_ c: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int), time: Bool, suffix: Suffix,
                      into p: UnsafeMutablePointer<UInt8>) -> Int {
        // Each part at a fixed place from `n` (no nested functions: as closures over `n` they
        // would be called, not inlined).
        var n: Int
        if (0...9999).contains(c.year) {
            twoDigits(c.year / 100, at: p)
            twoDigits(c.year % 100, at: p + 2)
            n = 4
        } else {
            n = 0
            if c.year < 0 { p[n] = UInt8(ascii: "-"); n += 1 }
            var digits: [UInt8] = []
            var rest = c.year.magnitude
            repeat { digits.append(UInt8(ascii: "0") + UInt8(rest % 10)); rest /= 10 } while rest > 0
            for _ in digits.count..<max(4, digits.count) { p[n] = UInt8(ascii: "0"); n += 1 }
            for d in digits.reversed() { p[n] = d; n += 1 }
        }
        p[n] = UInt8(ascii: "-")
        twoDigits(c.month, at: p + n + 1)
        p[n + 3] = UInt8(ascii: "-")
        twoDigits(c.day, at: p + n + 4)
        n += 6
        if time {
            p[n] = UInt8(ascii: "T")
            twoDigits(c.hour, at: p + n + 1)
            p[n + 3] = UInt8(ascii: ":")
            twoDigits(c.minute, at: p + n + 4)
            p[n + 6] = UInt8(ascii: ":")
            twoDigits(c.second, at: p + n + 7)
            n += 9
        }
        switch suffix {
        case .none: break
        case .z:
            p[n] = UInt8(ascii: "Z")
            n += 1
        case .offset(let offset):
            let minutes = abs(offset) / 60
            p[n] = UInt8(ascii: offset < 0 ? "-" : "+")
            twoDigits(minutes / 60, at: p + n + 1)
            p[n + 3] = UInt8(ascii: ":")
            twoDigits(minutes % 60, at: p + n + 4)
            n += 6
        }
        return n
    }

    /// `v` (in 0...99) as two decimal digits at `p`.
    @inline(__always)
    private static func twoDigits(_ v: Int, at p: UnsafeMutablePointer<UInt8>) {
        p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10)
        p[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
    }

    /// True for the zones that mean UTC itself (not zones that merely have offset 0, such as
    /// Europe/London in winter).
    static func isUTC(_ zone: TimeZone) -> Bool {
        TimeZoneArgument.utcAliases.contains(zone.identifier)
    }

    /// A date of an event as JSON writes it, by the event's kind (all-day, floating, zoned),
    /// appended to `b` as bytes (no characters in it need JSON escapes).
    static func writeEventDate(_ date: Date, of event: Event, to b: inout [UInt8]) {
        appending(to: &b) { writeEventDate(date, of: event, into: $0) }
    }

    /// ``writeEventDate(_:of:to:)``'s text at `p` (room for ``maxBytes``); returns its length.
    static func writeEventDate(_ date: Date, of event: Event, into p: UnsafeMutablePointer<UInt8>) -> Int {
        if event.isAllDay { return writeDay(date, into: p) }
        if let defined = event.definedTimeZone { return writeRFC3339(date, offset: defined.secondsFromGMT(at: date), into: p) }
        guard let zone = event.timeZone else { return write(utcComponents(date), time: true, suffix: .none, into: p) }
        return writeRFC3339(date, offset: isUTC(zone) ? nil : ZoneOffsets.shared.secondsFromGMT(zone, at: date), into: p)
    }

    /// ``day(_:)`` appended to `b`.
    static func writeDay(_ date: Date, to b: inout [UInt8]) { write(date, time: false, suffix: .none, to: &b) }

    /// ``day(_:)``'s text at `p` (room for ``maxBytes``); returns its length.
    static func writeDay(_ date: Date, into p: UnsafeMutablePointer<UInt8>) -> Int {
        write(utcComponents(date), time: false, suffix: .none, into: p)
    }

    /// A reminder's DUE or DTSTART: a day, a floating wall clock, or an instant in its zone.
    static func components(_ c: DateComponents, defined: DefinedTimeZone? = nil) -> String? {
        guard let year = c.year, let month = c.month, let day = c.day else { return nil }
        let wall = utcDate(year: year, month: month, day: day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
        if c.hour == nil { return Self.day(wall) }
        guard let zone = c.timeZone else { return wallClock(wall) }
        if isUTC(zone) { return utc(wall) }
        let instant = WallClock.instant(wall, in: zone)
        // A VTIMEZONE's own offsets (``Reminder/definedTimeZone``): the one at this instant.
        if let defined { return text { writeRFC3339(instant, offset: defined.secondsFromGMT(at: instant), to: &$0) } }
        return rfc3339(instant, in: zone)
    }
}
