import Foundation
import ICalCore

/// A date of icalkit's JSON: `YYYY-MM-DD` (a day), `YYYY-MM-DDTHH:MM:SS` (floating), or RFC 3339
/// with `Z` or an offset (an instant); fractional seconds are allowed and dropped (iCalendar
/// has whole seconds).
///
/// ```swift
/// try CalendarJSONDate("2026-03-02T09:00:00+01:00", at: JSONPath()).iCalendar(inZone: "Europe/Berlin")
/// // (parameters: ["TZID=Europe/Berlin"], value: "20260302T090000")
/// ```
/// Related RFC 3339 section: <https://www.rfc-editor.org/rfc/rfc3339#section-5.6>
struct CalendarJSONDate: Sendable {
    enum Kind: Sendable { case day, floating, instant }
    var kind: Kind
    /// The wall clock as written, read as UTC (for an instant: the UTC time), in seconds from
    /// 1970-01-01T00:00:00Z.
    var seconds: Int

    static let expected = "expected RFC 3339 or YYYY-MM-DD"

    init(_ text: String, at path: JSONPath) throws(FormatError) {
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var n = 0
            for c in b[range] {
                guard c >= 0x30 && c <= 0x39 else { return nil }
                n = n * 10 + Int(c - 0x30)
            }
            return n
        }
        func at(_ i: Int, _ c: Unicode.Scalar) -> Bool { i < b.count && b[i] == UInt8(ascii: c) }
        guard let year = number(0..<4), at(4, "-"), let month = number(5..<7), at(7, "-"), let day = number(8..<10),
              (1...12).contains(month), (1...31).contains(day) else {
            throw path.error(Self.expected + ", found \"\(text.prefix(40))\"")
        }
        var timeOfDay = 0
        var offset = 0
        if b.count == 10 {
            kind = .day
        } else {
            guard at(10, "T") || at(10, "t"), let hour = number(11..<13), at(13, ":"), let minute = number(14..<16), at(16, ":"),
                  let second = number(17..<19), hour < 24, minute < 60, second < 61 else {
                throw path.error(Self.expected + ", found \"\(text.prefix(40))\"")
            }
            timeOfDay = hour * 3600 + minute * 60 + second
            var i = 19
            if at(i, ".") {
                i += 1
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            }
            if i == b.count {
                kind = .floating
            } else if (at(i, "Z") || at(i, "z")) && i + 1 == b.count {
                kind = .instant
            } else if at(i, "+") || at(i, "-"), i + 6 == b.count, let h = number(i + 1..<i + 3), at(i + 3, ":"), let m = number(i + 4..<i + 6) {
                kind = .instant
                offset = (h * 3600 + m * 60) * (at(i, "-") ? -1 : 1)
            } else {
                throw path.error(Self.expected + ", found \"\(text.prefix(40))\"")
            }
        }
        guard day <= DateTimeValue.daysInMonth(month, year: year) else {   // 2026-02-30 is no day
            throw path.error(Self.expected + " (no such date), found \"\(text.prefix(40))\"")
        }
        // By arithmetic (ICalCore's), not Foundation's `Calendar`: every date of every item
        // is read and written so.
        seconds = DateTimeValue(year: year, month: month, day: day).secondsAsUTC + timeOfDay - offset
    }

    /// The iCalendar parameters and value of this date for an item in `zone` (an IANA id,
    /// `UTC`, or nil): a day as `VALUE=DATE`; a floating time as written, in `zone` when one is
    /// named; an instant as the wall clock in `zone` with its TZID, or in UTC (`Z`) when `zone`
    /// is nil, `UTC` or names no tz database zone.
    func iCalendar(inZone zone: String?) -> (parameters: [String], value: String) {
        switch kind {
        case .day:
            return (["VALUE=DATE"], Self.compact(seconds, time: false))
        case .floating:
            guard let zone, zone != "UTC" else { return ([], Self.compact(seconds, time: true) + (zone == "UTC" ? "Z" : "")) }
            return (["TZID=" + ICalParameter.quotedIfNeeded(zone)], Self.compact(seconds, time: true))
        case .instant:
            guard let zone, zone != "UTC", let tz = TimeZone(identifier: zone) else { return ([], Self.compact(seconds, time: true) + "Z") }
            let wall = seconds + tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
            return (["TZID=" + ICalParameter.quotedIfNeeded(zone)], Self.compact(wall, time: true))
        }
    }

    /// `20260302` or `20260302T090000` of a time in seconds from 1970-01-01T00:00:00Z.
    static func compact(_ seconds: Int, time: Bool) -> String {
        let t = DateTimeValue(secondsAsUTC: seconds)
        var out: [UInt8] = []   // bytes, not DateTimeValue's String pieces: every date of every item comes here
        func digits(_ n: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            for _ in 0..<count {
                out.append(UInt8(0x30 + (n / divisor) % 10))
                divisor /= 10
            }
        }
        if (0...9999).contains(t.year) { digits(t.year, 4) } else { out.append(contentsOf: String(t.year).utf8) }   // an offset past year 9999
        digits(t.month, 2)
        digits(t.day, 2)
        if time {
            out.append(UInt8(ascii: "T"))
            digits(t.hour, 2)
            digits(t.minute, 2)
            digits(t.second, 2)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `NAME;params:value` for this date.
    func line(_ name: String, inZone zone: String?) -> String {
        let (parameters, value) = iCalendar(inZone: zone)
        return ([name] + parameters).joined(separator: ";") + ":" + value
    }
}
