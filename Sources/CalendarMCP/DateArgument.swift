import CalendarModel
import Foundation

/// A date argument of a tool, in ISO 8601 as models and programs write it:
/// - `2026-03-02`: a local day;
/// - `2026-03-02T09:00`, `2026-03-02T09:00:00`, `2026-03-02T09:00:00.000`: a wall clock in the
///   zone the call is read in;
/// - any time form followed by `Z` or an offset (`+01:00`, `+0100`, `+01`): that instant, as
///   `toISOString()` in JavaScript writes it (`2026-03-02T00:00:00.000Z`).
/// A space may stand for `T`.
public struct DateArgument: Hashable, Sendable {
    public var year: Int, month: Int, day: Int
    /// nil for a date without a time.
    public var time: Time?

    public struct Time: Hashable, Sendable {
        public var hour: Int, minute: Int, second: Int
        /// Nanoseconds of a fractional second.
        public var nanoseconds: Int
        /// Seconds east of UTC, when the value carried `Z` or an offset.
        public var utcOffset: Int?
    }

    public var isDateOnly: Bool { time == nil }

    /// Reads `text`; the error names `argument` and shows an accepted form.
    public init(parsing text: String, argument: String) throws {
        guard let parsed = Self.parse(text.trimmingCharacters(in: .whitespaces)) else {
            throw ToolError("\(argument) \"\(text)\" is not ISO 8601; use 2026-03-02 or 2026-03-02T09:00:00+01:00")
        }
        guard Self.isRealDay(year: parsed.year, month: parsed.month, day: parsed.day) else {
            throw ToolError("\(argument) \"\(text)\" is not a day of the calendar (\(String(format: "%04d-%02d", parsed.year, parsed.month)) has no day \(parsed.day))")
        }
        self = parsed
    }

    /// The instant: a given offset wins; otherwise the wall clock (midnight for a day) in `zone`.
    public func instant(in zone: TimeZone) -> Date {
        let wall = utcDate(year: year, month: month, day: day, hour: time?.hour ?? 0, minute: time?.minute ?? 0,
                           second: time?.second ?? 0)
        let fraction = TimeInterval(time?.nanoseconds ?? 0) / 1e9
        if let offset = time?.utcOffset { return wall.addingTimeInterval(TimeInterval(-offset) + fraction) }
        return WallClock.instant(wall, in: zone).addingTimeInterval(fraction)
    }

    /// The local day this value names, as a date without time (for the local-day rule).
    public var dayOnly: DateArgument { DateArgument(year: year, month: month, day: day, time: nil) }

    init(year: Int, month: Int, day: Int, time: Time?) {
        self.year = year
        self.month = month
        self.day = day
        self.time = time
    }

    /// The day after this one (a date only).
    public func nextDay() -> DateArgument {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        let date = utc.date(from: DateComponents(year: year, month: month, day: day + 1))!
        let c = utc.dateComponents([.year, .month, .day], from: date)
        return DateArgument(year: c.year!, month: c.month!, day: c.day!, time: nil)
    }

    /// Exactly UTC midnight.
    var isUTCMidnight: Bool {
        guard let time else { return false }
        return time.utcOffset == 0 && time.hour == 0 && time.minute == 0 && time.second == 0 && time.nanoseconds == 0
    }

    /// UTC 23:59:59, with or without a fraction (`.999`).
    var isUTCEndOfDay: Bool {
        guard let time else { return false }
        return time.utcOffset == 0 && time.hour == 23 && time.minute == 59 && time.second == 59
    }

    // MARK: - Parsing

    private static func parse(_ text: String) -> DateArgument? {
        let bytes = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= bytes.count else { return nil }
            var value = 0
            for b in bytes[i..<i + width] {
                guard b >= 0x30 && b <= 0x39 else { return nil }
                value = value * 10 + Int(b - 0x30)
            }
            i += width
            return value
        }
        func take(_ c: Character) -> Bool {
            if i < bytes.count, bytes[i] == c.asciiValue! { i += 1; return true }
            return false
        }
        guard let year = number(4) else { return nil }
        let extended = take("-")
        guard let month = number(2), !extended || take("-"), let day = number(2) else { return nil }
        if i == bytes.count { return DateArgument(year: year, month: month, day: day, time: nil) }
        guard take("T") || take("t") || take(" ") else { return nil }
        guard let hour = number(2), !extended || take(":"), let minute = number(2) else { return nil }
        var second = 0, nanoseconds = 0
        if extended ? take(":") : (i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39) {
            guard let s = number(2) else { return nil }
            second = s
            if take(".") || take(",") {
                var digits = 0
                while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                    if digits < 9 { nanoseconds = nanoseconds * 10 + Int(bytes[i] - 0x30) }
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<9 where digits < 9 { nanoseconds *= 10 }
            }
        }
        var offset: Int? = nil
        if take("Z") || take("z") {
            offset = 0
        } else if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2) else { return nil }
            var om = 0
            if i < bytes.count {
                _ = take(":")
                guard let m = number(2) else { return nil }
                om = m
            }
            guard oh <= 18, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        }
        guard i == bytes.count, hour < 24, minute < 60, second < 61 else { return nil }
        return DateArgument(year: year, month: month, day: day,
                            time: Time(hour: hour, minute: minute, second: min(second, 59), nanoseconds: nanoseconds, utcOffset: offset))
    }

    private static func isRealDay(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let lengths = [31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }
}

/// The window of a query from two date arguments, with the integration's local-day rule: bounds
/// at UTC midnight and UTC end of day (`…T00:00:00Z` to `…T23:59:59Z`, `…T23:59:59.999Z`, or the
/// next `…T00:00:00Z`) are read as those local days in the server's zone, as if the caller had
/// asked for the days themselves. A date alone is a whole local day; `endDate` as a date
/// includes that day.
public struct QueryWindow: Hashable, Sendable {
    public var start: Date
    public var end: Date

    public init(startDate: DateArgument, endDate: DateArgument, zone: TimeZone) throws {
        var first = startDate
        var last = endDate
        if startDate.isUTCMidnight && (endDate.isUTCEndOfDay || endDate.isUTCMidnight) {
            first = startDate.dayOnly
            last = endDate.isUTCMidnight ? endDate.dayOnly : endDate.dayOnly.nextDay()
            if endDate.isUTCMidnight && last == first { last = first.nextDay() }
        } else if endDate.isDateOnly {
            last = endDate.nextDay()
        }
        start = first.instant(in: zone)
        end = last.instant(in: zone)
        guard end > start else { throw ToolError("endDate must be after startDate") }
    }
}
