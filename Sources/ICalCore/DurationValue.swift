internal import CLibical

/// A DURATION value (`-P1DT2H`), parsed by libical (`icaldurationtype_from_string`).
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.6>
public struct DurationValue: Hashable, Sendable {
    public var isNegative: Bool
    public var weeks: Int
    public var days: Int
    public var hours: Int
    public var minutes: Int
    public var seconds: Int

    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// nil when libical calls the text a bad duration.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty, DurationValue.hasDesignatedNumbers(trimmed) else { return nil }
        let d = trimmed.withCString { icaldurationtype_from_string($0) }
        guard icaldurationtype_is_bad_duration(d) == 0 else { return nil }
        self.init(d)
        // libical reads "P" or "PT" as zero; a real zero has a digit.
        guard trimmed.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    }

    /// The RFC 5545 shape libical 3.0.16 does not check: every number ends in a designator
    /// and a `T` has a time part after it, so "P1DT" and "P1D2" are refused.
    static func hasDesignatedNumbers(_ text: String) -> Bool {
        var seenP = false, inNumber = false, seenT = false, emptyTimePart = false
        for (i, byte) in text.utf8.enumerated() {
            // ABNF literals are case-insensitive; whether lower case is read is libical's call.
            let c = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
            switch c {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard i == 0 else { return false }
            case UInt8(ascii: "P"):
                guard !seenP else { return false }
                seenP = true
            case 0x30...0x39:
                guard seenP else { return false }
                inNumber = true
                emptyTimePart = false
            case UInt8(ascii: "T"):
                guard seenP, !inNumber, !seenT else { return false }
                seenT = true
                emptyTimePart = true
            case UInt8(ascii: "W"), UInt8(ascii: "D"), UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S"):
                guard inNumber else { return false }
                inNumber = false
            default:
                return false
            }
        }
        return seenP && !inNumber && !emptyTimePart
    }

    init(_ d: icaldurationtype) {
        self.init(isNegative: d.is_neg != 0, weeks: Int(d.weeks), days: Int(d.days), hours: Int(d.hours),
                  minutes: Int(d.minutes), seconds: Int(d.seconds))
    }
}

/// A PERIOD value: start plus end, or start plus duration.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.9>
public struct PeriodValue: Hashable, Sendable {
    public var start: DateTimeValue
    public var end: DateTimeValue?
    public var duration: DurationValue?

    public init(start: DateTimeValue, end: DateTimeValue? = nil, duration: DurationValue? = nil) {
        self.start = start
        self.end = end
        self.duration = duration
    }

    /// nil unless the text is `start/end` or `start/duration` with valid parts.
    public init?(parsing text: String) {
        let parts = text.trimmingSpaces().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let start = DateTimeValue(parsing: String(parts[0])), !start.isDate else { return nil }
        let second = String(parts[1])
        if let first = second.utf8.first, first == UInt8(ascii: "P") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            guard let d = DurationValue(parsing: second) else { return nil }
            self.init(start: start, duration: d)
        } else {
            guard let end = DateTimeValue(parsing: second), !end.isDate else { return nil }
            self.init(start: start, end: end)
        }
        // Cross-check with libical's own reading of the period.
        let p = text.trimmingSpaces().withCString { icalperiodtype_from_string($0) }
        guard icalperiodtype_is_null_period(p) == 0 else { return nil }
    }
}
