import CalendarModel
import Foundation

/// Reads a WHEN value of the command line as an instant.
///
/// Accepted forms:
/// - `YYYY-MM-DD`: midnight in ``timeZone``;
/// - `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`: that wall clock in ``timeZone``;
/// - either time form followed by `Z` (UTC) or an offset `±HH:MM`: that exact instant.
///
/// A wall clock that occurs twice (when clocks go back) means its first occurrence; one that does
/// not exist (when clocks go forward) is moved forward by the length of the gap, so in
/// Europe/Berlin `2026-03-29T02:30` is `2026-03-29T03:30+02:00`.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// try WhenParser(timeZone: berlin).parse("2026-03-02T09:00")   // 2026-03-02T08:00:00Z
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.5>
struct WhenParser: Sendable {
    var timeZone: TimeZone

    /// Why a value was refused; `description` names the accepted forms.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var text: String
        var dateOnly: Bool
        /// The option the value was given to (`--from`), for the message.
        var option: String? = nil
        var description: String {
            let head = "Invalid date '\(text)'" + (option.map { " for '\($0)'" } ?? "")
            if dateOnly {
                return head + ": expected YYYY-MM-DD, e.g. 2026-03-02"
            }
            return head + ": expected YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] (wall clock in the zone), "
                + "or a time with Z or an offset, e.g. 2026-03-02T09:00:00+01:00"
        }
    }

    /// Parses any WHEN form.
    func parse(_ text: String) throws(Failure) -> Date {
        guard let fields = Self.fields(text) else { throw Failure(text: text, dateOnly: false) }
        let naive = utcDate(year: fields.year, month: fields.month, day: fields.day,
                            hour: fields.hour, minute: fields.minute, second: fields.second)
        if let offset = fields.offset {
            return naive.addingTimeInterval(TimeInterval(-offset))
        }
        return Self.instant(wallClock: naive, in: timeZone)
    }

    /// Parses a `YYYY-MM-DD` value only (midnight in ``timeZone``).
    func parseDay(_ text: String) throws(Failure) -> Date {
        guard text.utf8.count == 10, let fields = Self.fields(text) else { throw Failure(text: text, dateOnly: true) }
        return Self.instant(wallClock: utcDate(year: fields.year, month: fields.month, day: fields.day), in: timeZone)
    }

    /// The instant at which `zone`'s wall clock shows `wallClock` (given as a UTC-read date),
    /// with the RFC 5545 §3.3.5 rules for repeated and skipped local times.
    static func instant(wallClock naive: Date, in zone: TimeZone) -> Date {
        WallClock.instant(naive, in: zone)
    }

    private struct Fields {
        var year, month, day: Int
        var hour = 0, minute = 0, second = 0
        /// Seconds east of UTC, when the text had `Z` or an offset.
        var offset: Int? = nil
    }

    /// Splits the text strictly: fixed digit counts, valid calendar date and clock time.
    private static func fields(_ text: String) -> Fields? {
        let c = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= c.count else { return nil }
            var n = 0
            for i in from..<(from + count) {
                guard c[i] >= 0x30, c[i] <= 0x39 else { return nil }
                n = n * 10 + Int(c[i] - 0x30)
            }
            return n
        }
        func at(_ i: Int, _ ch: Character) -> Bool { i < c.count && c[i] == ch.asciiValue }
        guard let year = number(0, 4), at(4, "-"), let month = number(5, 2), at(7, "-"), let day = number(8, 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var f = Fields(year: year, month: month, day: day)
        if c.count == 10 { return f }
        guard at(10, "T") || at(10, "t"), let hour = number(11, 2), at(13, ":"), let minute = number(14, 2),
              hour < 24, minute < 60 else { return nil }
        f.hour = hour
        f.minute = minute
        var i = 16
        if at(i, ":") {
            guard let second = number(i + 1, 2), second < 60 else { return nil }
            f.second = second
            i += 3
        }
        if i == c.count { return f }
        if (at(i, "Z") || at(i, "z")) && i + 1 == c.count {
            f.offset = 0
            return f
        }
        guard at(i, "+") || at(i, "-"), i + 6 == c.count, let oh = number(i + 1, 2), at(i + 3, ":"),
              let om = number(i + 4, 2), oh < 24, om < 60 else { return nil }
        f.offset = (at(i, "-") ? -1 : 1) * (oh * 3600 + om * 60)
        return f
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
