import CalendarModel
import Foundation

/// How the tools write dates: RFC 3339 with the offset in force at each instant, a plain day
/// for all-day items, a wall clock without offset for floating ones.
enum ToolDates {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The calendar fields of `date` read with `offset` seconds east of UTC.
    private static func fields(_ date: Date, offset: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        utcComponents(date.addingTimeInterval(TimeInterval(offset)))
    }

    /// `value` in decimal, zero-padded to `width` digits (a sign first when negative).
    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var count = 0
        var reversed: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &reversed) { digits in
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 && count < 8
            for _ in count..<max(count, width) { bytes.append(UInt8(ascii: "0")) }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[i]) }
        }
    }

    private static func appendDay(year: Int, month: Int, day: Int, to bytes: inout [UInt8]) {
        append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &bytes)
    }

    private static func appendWallClock(_ c: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int), to bytes: inout [UInt8]) {
        appendDay(year: c.year, month: c.month, day: c.day, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(c.hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(c.minute, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(c.second, width: 2, to: &bytes)
    }

    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func dayText(year: Int, month: Int, day: Int) -> String {
        text { appendDay(year: year, month: month, day: day, to: &$0) }
    }

    private static func wallClockText(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> String {
        text { appendWallClock((year, month, day, hour, minute, second), to: &$0) }
    }

    static func day(_ date: Date, offset: Int = 0) -> String {
        let c = fields(date, offset: offset)
        return dayText(year: c.year, month: c.month, day: c.day)
    }

    static func wallClock(_ date: Date, offset: Int = 0) -> String {
        text { appendWallClock(fields(date, offset: offset), to: &$0) }
    }

    /// `2026-03-02T09:30:00+01:00`; `Z` when `utcSuffix` and the offset is 0.
    static func rfc3339(_ date: Date, offset: Int, utcSuffix: Bool = false) -> String {
        text { bytes in
            appendWallClock(fields(date, offset: offset), to: &bytes)
            if utcSuffix && offset == 0 { return bytes.append(UInt8(ascii: "Z")) }
            bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            let minutes = abs(offset) / 60
            append(minutes / 60, width: 2, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            append(minutes % 60, width: 2, to: &bytes)
        }
    }

    static func utcText(_ date: Date) -> String { rfc3339(date, offset: 0, utcSuffix: true) }

    /// The weekday of the local date: 1 January 1970 was a Thursday.
    static func weekday(_ date: Date, offset: Int) -> String {
        let seconds = Int((date.timeIntervalSince1970 + TimeInterval(offset)).rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return weekdays[((day + 4) % 7 + 7) % 7]
    }

    /// The offset an event's dates are shown with at `date`: its own VTIMEZONE's table, else its
    /// zone; nil for floating and all-day events.
    static func offset(of event: Event, at date: Date) -> Int? {
        if event.isAllDay { return nil }
        if let defined = event.definedTimeZone { return defined.secondsFromGMT(at: date) }
        return event.timeZone?.secondsFromGMT(for: date)
    }

    /// The zone name shown for an event: IANA id, UTC, the TZID of an unmatched VTIMEZONE, or nil.
    static func zoneName(of event: Event) -> String? {
        if event.isAllDay { return nil }
        if let defined = event.definedTimeZone { return defined.tzid }
        guard let zone = event.timeZone else { return nil }
        return isUTC(zone) ? "UTC" : zone.identifier
    }

    static func isUTC(_ zone: TimeZone) -> Bool {
        ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Z"].contains(zone.identifier)
    }

    /// A date of an event as the tools show it (see ``ToolSchemas/occurrence``).
    static func eventDate(_ date: Date, of event: Event) -> String {
        if event.isAllDay { return day(date) }
        guard let offset = offset(of: event, at: date) else { return wallClock(date) }
        if let zone = event.timeZone, event.definedTimeZone == nil, isUTC(zone) { return utcText(date) }
        return rfc3339(date, offset: offset)
    }

    /// The instant of an event's date: all-day and floating dates hold a wall clock read as
    /// UTC, placed in `zone` (the server's).
    static func instant(_ date: Date, of event: Event, in zone: TimeZone) -> Date {
        keepsWallClock(event) ? WallClock.instant(date, in: zone) : date
    }

    /// All-day and floating events: their dates are wall clocks, not instants.
    static func keepsWallClock(_ event: Event) -> Bool {
        event.isAllDay || (event.timeZone == nil && event.definedTimeZone == nil)
    }

    /// A reminder's due date: a day, a floating wall clock, or RFC 3339 in its zone.
    static func components(_ c: DateComponents?) -> String? {
        guard let c, let year = c.year, let month = c.month, let day = c.day else { return nil }
        if c.hour == nil { return dayText(year: year, month: month, day: day) }
        let wall = wallClockText(year: year, month: month, day: day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
        guard let zone = c.timeZone else { return wall }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let instant = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: c.hour, minute: c.minute, second: c.second)) else { return wall }
        return isUTC(zone) ? utcText(instant) : rfc3339(instant, offset: zone.secondsFromGMT(for: instant))
    }
}
