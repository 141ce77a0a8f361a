import Foundation

/// Reads the pieces of an ISO 8601 date-time from bytes, left to right, in the extended
/// (`2026-12-01T10:00:00.000+01:00`) or basic (`20261201T100000Z`) form, for ``WhenParser``.
/// Each step returns false (or nil) when the bytes at the position are not that piece; the
/// caller then refuses the whole value. Digit counts are fixed; ranges of times are checked
/// here, day-of-month by the caller (so that it can say what is wrong).
///
/// Related ISO 8601 forms as RFC 3339 profiles them: <https://www.rfc-editor.org/rfc/rfc3339#section-5.6>
struct ISO8601Scanner {
    var bytes: [UInt8]
    var index: Int

    var atEnd: Bool { index == bytes.count }

    /// `YYYY-MM-DD` or `YYYYMMDD`; the month and day are not range-checked.
    mutating func date() -> WhenParser.Fields? {
        guard let year = number(4) else { return nil }
        let extended = at(0x2D)   // -
        if extended { index += 1 }
        guard let month = number(2) else { return nil }
        if extended { guard at(0x2D) else { return nil }; index += 1 }
        guard let day = number(2) else { return nil }
        return WhenParser.Fields(year: year, month: month, day: day)
    }

    /// `T`, `t` or a space between the date and the time.
    mutating func separator() -> Bool {
        guard at(0x54) || at(0x74) || at(0x20) else { return false }
        index += 1
        return true
    }

    /// `HH:MM[:SS[.fff]]` or `HHMM[SS[.fff]]` (a comma may stand for the point).
    mutating func time(into fields: inout WhenParser.Fields) -> Bool {
        guard let hour = number(2), hour < 24 else { return false }
        let extended = at(0x3A)   // :
        if extended { index += 1 }
        guard let minute = number(2), minute < 60 else { return false }
        fields.hour = hour
        fields.minute = minute
        if extended ? at(0x3A) : digit(at: index) {
            if extended { index += 1 }
            guard let second = number(2), second < 60 else { return false }
            fields.second = second
            if at(0x2E) || at(0x2C) {   // . or ,
                index += 1
                let start = index
                while digit(at: index) { index += 1 }
                guard index > start, let fraction = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self)) else { return false }
                fields.fraction = fraction
            }
        }
        return true
    }

    /// Nothing, `Z`, or `±HH`, `±HH:MM`, `±HHMM`.
    mutating func zone(into fields: inout WhenParser.Fields) -> Bool {
        if atEnd { return true }
        if at(0x5A) || at(0x7A) {   // Z z
            index += 1
            fields.offset = 0
            return true
        }
        guard at(0x2B) || at(0x2D) else { return false }
        let sign = at(0x2D) ? -1 : 1
        index += 1
        guard let hours = number(2), hours < 24 else { return false }
        var minutes = 0
        if !atEnd {
            if at(0x3A) { index += 1 }
            guard let m = number(2), m < 60 else { return false }
            minutes = m
        }
        fields.offset = sign * (hours * 3600 + minutes * 60)
        return true
    }

    private func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }
    private func digit(at i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }

    /// Exactly `count` ASCII digits.
    private mutating func number(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var n = 0
        for i in index..<(index + count) {
            guard digit(at: i) else { return nil }
            n = n * 10 + Int(bytes[i] - 0x30)
        }
        index += count
        return n
    }
}
