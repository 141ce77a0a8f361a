internal import CLibical

/// A DATE or DATE-TIME value as written: wall-clock fields, whether it is a DATE, whether it
/// carries `Z` (UTC). Which zone a non-UTC value belongs to is its property's TZID, resolved by
/// the conversion layer. Parsed and range-checked here.
/// Related RFC 5545 sections: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.4>,
/// <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.5>
public struct DateTimeValue: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int = 0
    public var minute: Int = 0
    public var second: Int = 0
    public var isDate: Bool = false
    public var isUTC: Bool = false

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, isDate: Bool = false, isUTC: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.isDate = isDate
        self.isUTC = isUTC
    }

    /// Parses `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`; nil when it is not one of
    /// them or a field is out of range (month 13, hour 25, February 30...).
    ///
    /// Read digit by digit here: the fixed layout is checked first, so this gives exactly the
    /// fields libical's `icaltime_from_string` (a `sscanf` of the same layout) gives, without
    /// its cost in an import's hot path.
    public init?(parsing text: String) {
        var text = text
        guard let value = text.withUTF8({ DateTimeValue(parsingBytes: $0) }) else { return nil }
        self = value
    }

    /// ``init(parsing:)`` of UTF-8 bytes; spaces and tabs around the value are skipped (as
    /// `trimmingSpaces()` would, without making a String of it).
    init?(parsingBytes all: UnsafeBufferPointer<UInt8>) {
        var start = 0, end = all.count
        while start < end, all[start] == 0x20 || all[start] == 0x09 { start += 1 }
        while end > start, all[end - 1] == 0x20 || all[end - 1] == 0x09 { end -= 1 }
        let b = UnsafeBufferPointer(rebasing: all[start..<end])
        let length = b.count
        guard length == 8 || length == 15 || length == 16 else { return nil }
        // Digits, then `T` at 8, digits, then `Z` at 15: libical alone reads "20260308T09000Z" as 09:00:00.
        for i in 0..<length {
            let c = b[i]
            let ok = i == 8 ? c == UInt8(ascii: "T") : i == 15 ? c == UInt8(ascii: "Z") : (c >= 0x30 && c <= 0x39)
            guard ok else { return nil }
        }
        func number(_ from: Int, _ count: Int) -> Int {
            var v = 0
            for i in from..<(from + count) { v = v * 10 + Int(b[i] - 0x30) }
            return v
        }
        let timed = length > 8
        self.init(year: number(0, 4), month: number(4, 2), day: number(6, 2),
                  hour: timed ? number(9, 2) : 0, minute: timed ? number(11, 2) : 0, second: timed ? number(13, 2) : 0,
                  isDate: length == 8, isUTC: length == 16)
        guard isInRange else { return nil }
    }

    /// Month 1–12, day within the month, hour 0–23, minute 0–59, second 0–60 (leap second).
    public var isInRange: Bool {
        guard (1...12).contains(month), day >= 1, day <= DateTimeValue.daysInMonth(month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second), (0...9999).contains(year)
        else { return false }
        return true
    }

    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds since 1970 if these wall-clock fields were UTC (leap second folded into :59).
    public var secondsAsUTC: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + min(second, 59)
    }

    /// The wall-clock fields of `seconds` since 1970 read in UTC.
    public init(secondsAsUTC t: Int, isDate: Bool = false, isUTC: Bool = false) {
        var days = t / 86_400
        var secs = t % 86_400
        if secs < 0 { secs += 86_400; days -= 1 }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d,
                  hour: isDate ? 0 : secs / 3600, minute: isDate ? 0 : (secs % 3600) / 60, second: isDate ? 0 : secs % 60,
                  isDate: isDate, isUTC: isUTC)
    }

    /// RFC 5545 text.
    public var description: String {
        let date = pad(year, 4) + pad(month, 2) + pad(day, 2)
        if isDate { return date }
        return date + "T" + pad(hour, 2) + pad(minute, 2) + pad(second, 2) + (isUTC ? "Z" : "")
    }

    public static func < (a: DateTimeValue, b: DateTimeValue) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
    }

    var icalTime: icaltimetype {
        var t = icaltime_null_time()
        t.year = Int32(year); t.month = Int32(month); t.day = Int32(day)
        t.hour = Int32(hour); t.minute = Int32(minute); t.second = Int32(second)
        t.is_date = isDate ? 1 : 0
        return t
    }

    init(_ t: icaltimetype) {
        self.init(year: Int(t.year), month: Int(t.month), day: Int(t.day), hour: Int(t.hour), minute: Int(t.minute),
                  second: Int(t.second), isDate: t.is_date != 0, isUTC: false)
    }
}

@inline(__always)
func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    let count = s.utf8.count
    return count >= width ? s : String(repeating: "0", count: width - count) + s
}
