import CalendarModel
import Foundation

/// Reads a WHEN value of the command line as an instant.
///
/// Accepted forms:
/// - ISO 8601 dates, `YYYY-MM-DD` or basic `YYYYMMDD`: midnight in ``timeZone``;
/// - a date, `T` (or a space), and a time `HH:MM[:SS[.fff]]` or basic `HHMM[SS[.fff]]`: that
///   wall clock in ``timeZone``;
/// - either time form followed by `Z` (UTC) or an offset `±HH[:MM]` / `±HHMM`: that exact instant
///   (`2026-12-01T10:00:00.000Z`, as JavaScript's `toISOString()` writes it; `20261201T100000Z`);
/// - words (``WhenParser/dayWord(_:)``): `now`, `today`, `tomorrow`, `yesterday`, a weekday name
///   (`friday`, `fri`: the next such day, today when today is one), or an offset from today in
///   days, weeks, months or years (`+3d`, `-2w`, `+1m`, `+1y`); a day word may be followed by a
///   time, `tomorrow 09:30` or `tomorrowT09:30`.
///
/// A wall clock that occurs twice (when clocks go back) means its first occurrence; one that does
/// not exist (when clocks go forward) is moved forward by the length of the gap, so in
/// Europe/Berlin `2026-03-29T02:30` is `2026-03-29T03:30+02:00`.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// try WhenParser(timeZone: berlin).parse("2026-03-02T09:00")   // 2026-03-02T08:00:00Z
/// try WhenParser(timeZone: berlin, now: monday).parse("+1d")    // Tuesday 00:00 in Berlin
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.5>
struct WhenParser: Sendable {
    var timeZone: TimeZone
    /// The instant words such as `today` and `+3d` count from.
    var now: Date = Date()

    /// Why a value was refused; `description` names the accepted forms, or says what is wrong
    /// with a well-formed but impossible date (`2026-02-30`).
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var text: String
        var dateOnly: Bool
        /// The option the value was given to (`--from`), for the message.
        var option: String? = nil
        /// What is wrong when the form was right but the value impossible (`February 2026 has 28 days`).
        var impossible: String? = nil
        var description: String {
            let head = "Invalid date '\(text)'" + (option.map { " for '\($0)'" } ?? "")
            if let impossible { return head + ": " + impossible }
            if dateOnly {
                return head + ": expected YYYY-MM-DD, e.g. 2026-03-02, or today, tomorrow, yesterday, a weekday name, +3d, -2w, +1m"
            }
            return head + ": expected YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] (wall clock in the zone), "
                + "a time with Z or an offset, e.g. 2026-03-02T09:00:00+01:00, "
                + "or now, today, tomorrow, yesterday, a weekday name, +3d, -2w, +1m"
        }
    }

    /// Parses any WHEN form.
    func parse(_ text: String) throws(Failure) -> Date {
        let fields = try fields(text, dateOnly: false)
        if let instant = fields.instant { return instant }
        let naive = utcDate(year: fields.year, month: fields.month, day: fields.day,
                            hour: fields.hour, minute: fields.minute, second: fields.second)
            .addingTimeInterval(fields.fraction)
        if let offset = fields.offset {
            return naive.addingTimeInterval(TimeInterval(-offset))
        }
        return WallClock.instant(naive, in: timeZone)
    }

    /// Parses a DATE value only (midnight in ``timeZone``): `YYYY-MM-DD`, `YYYYMMDD` or a day word.
    func parseDay(_ text: String) throws(Failure) -> Date {
        let fields = try fields(text, dateOnly: true)
        return WallClock.instant(utcDate(year: fields.year, month: fields.month, day: fields.day), in: timeZone)
    }

    /// True when `text` names a day without a time (`2026-03-02`, `20260302`, `tomorrow`, `+3d`):
    /// what `add --all-day` and a reminder's date-only due date take.
    static func isDay(_ text: String) -> Bool {
        (try? WhenParser(timeZone: .gmt).fields(text, dateOnly: true)) != nil
    }

    /// The pieces of a WHEN value.
    struct Fields: Equatable {
        var year, month, day: Int
        var hour = 0, minute = 0, second = 0
        /// The fraction of a second (`.250`).
        var fraction: TimeInterval = 0
        /// Seconds east of UTC, when the text had `Z` or an offset.
        var offset: Int? = nil
        /// `now`: an instant, not a wall clock.
        var instant: Date? = nil
    }

    /// Splits the text: a day word, or an ISO 8601 date; then, unless `dateOnly`, an optional
    /// time and zone.
    private func fields(_ text: String, dateOnly: Bool) throws(Failure) -> Fields {
        let bytes = Array(text.utf8)
        let refused = Failure(text: text, dateOnly: dateOnly)
        if let word = dayWord(text) { return word }
        // A day word followed by a time: `tomorrow 09:30`, `fridayT14:00`.
        if !dateOnly, !(bytes.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? true),
           let split = bytes.indices.dropFirst().dropLast().first(where: { i in
               (bytes[i] == 0x20 || bytes[i] == 0x54 || bytes[i] == 0x74) && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39 }),
           var day = dayWord(String(decoding: bytes[..<split], as: UTF8.self)), day.instant == nil {
            var scanner = ISO8601Scanner(bytes: bytes, index: split + 1)
            guard scanner.time(into: &day), scanner.zone(into: &day), scanner.atEnd else { throw refused }
            return day
        }
        var scanner = ISO8601Scanner(bytes: bytes, index: 0)
        guard var fields = scanner.date() else { throw refused }
        guard (1...12).contains(fields.month) else {
            throw Failure(text: text, dateOnly: dateOnly, impossible: "there is no month \(fields.month)")
        }
        let days = Self.daysIn(month: fields.month, year: fields.year)
        guard (1...days).contains(fields.day) else {
            let name = Self.monthNames[fields.month - 1]
            throw Failure(text: text, dateOnly: dateOnly, impossible: "\(name) \(fields.year) has \(days) days")
        }
        if scanner.atEnd { return fields }
        guard !dateOnly, scanner.separator(), scanner.time(into: &fields), scanner.zone(into: &fields), scanner.atEnd else {
            throw refused
        }
        return fields
    }

    /// `now`, `today`, `tomorrow`, `yesterday`, a weekday name (the next such day, today when
    /// today is one), or `±N` followed by `d`, `w`, `m` or `y` (days, weeks, months, years from
    /// today; a month later than 31 January is the last day of February). Case does not matter.
    func dayWord(_ text: String) -> Fields? {
        let word = text.lowercased()
        // A date (digits first) is none of these, and is answered without making a Calendar:
        // Foundation's first one costs a few milliseconds of each command's start.
        guard let first = word.utf8.first, !(first >= 0x30 && first <= 0x39) else { return nil }
        let todayWall = now.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: now)))
        var gregorian = Foundation.Calendar(identifier: .gregorian)
        gregorian.timeZone = .gmt
        func day(_ wall: Date) -> Fields {
            let c = gregorian.dateComponents([.year, .month, .day], from: wall)
            return Fields(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
        }
        switch word {
        case "now": return Fields(year: 0, month: 0, day: 0, instant: now)
        case "today": return day(todayWall)
        case "tomorrow": return day(todayWall.addingTimeInterval(86_400))
        case "yesterday": return day(todayWall.addingTimeInterval(-86_400))
        default: break
        }
        if let target = Self.weekdayNames.firstIndex(where: { $0 == word || $0.prefix(3) == word || (word.count > 3 && $0.hasPrefix(word)) }) {
            // 1 is Sunday in Foundation's numbering; the names start with Monday.
            let todayNumber = gregorian.component(.weekday, from: todayWall)
            let ahead = ((target + 2) - todayNumber + 7) % 7
            return day(todayWall.addingTimeInterval(TimeInterval(ahead) * 86_400))
        }
        let bytes = Array(word.utf8)
        guard bytes.count >= 3, bytes[0] == 0x2B || bytes[0] == 0x2D,
              let n = Int(String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)), n >= 0, n <= 100_000 else { return nil }
        let amount = bytes[0] == 0x2D ? -n : n
        let component: Foundation.Calendar.Component
        switch bytes[bytes.count - 1] {
        case 0x64: component = .day        // d
        case 0x77: component = .weekOfYear // w
        case 0x6D: component = .month      // m
        case 0x79: component = .year       // y
        default: return nil
        }
        guard let shifted = gregorian.date(byAdding: component, value: amount, to: todayWall) else { return nil }
        return day(shifted)
    }

    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
