import Foundation

/// One RDATE or EXDATE value: a date-time, a DATE, or (RDATE only) a PERIOD.
/// Related RFC 5545 sections: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.5.2>,
/// <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.5.1>
public struct RecurrenceDate: Hashable, Sendable, Codable {
    /// The instant (for DATE and floating values: the wall clock read as UTC).
    public var date: Date
    /// The value was a DATE.
    public var isDateOnly: Bool = false
    /// The value was floating (no zone, no `Z`).
    public var isFloating: Bool = false
    /// For a PERIOD: its explicit end.
    public var periodEnd: Date? = nil
    /// For a PERIOD written as start/duration: the duration.
    public var periodDuration: ICalDuration? = nil

    public init(date: Date, isDateOnly: Bool = false, isFloating: Bool = false, periodEnd: Date? = nil, periodDuration: ICalDuration? = nil) {
        self.date = date
        self.isDateOnly = isDateOnly
        self.isFloating = isFloating
        self.periodEnd = periodEnd
        self.periodDuration = periodDuration
    }
}

/// An RFC 5545 DURATION: nominal weeks and days, exact hours/minutes/seconds.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.6>
public struct ICalDuration: Hashable, Sendable, Codable, CustomStringConvertible {
    public var isNegative: Bool = false
    public var weeks: Int = 0
    public var days: Int = 0
    public var hours: Int = 0
    public var minutes: Int = 0
    public var seconds: Int = 0

    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// Nominal days (weeks × 7 + days), signed.
    public var nominalDays: Int { (isNegative ? -1 : 1) * (weeks * 7 + days) }
    /// Exact seconds of the time part, signed.
    public var exactSeconds: Int { (isNegative ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds) }
    /// Length if every day were 24 hours long (for floating/UTC arithmetic).
    public var timeInterval: TimeInterval { TimeInterval(nominalDays * 86_400 + exactSeconds) }

    /// RFC 5545 text, e.g. `-PT15M`, `P1W`, `P1DT2H`.
    public var description: String {
        var s = isNegative ? "-P" : "P"
        if weeks != 0 && days == 0 && hours == 0 && minutes == 0 && seconds == 0 { return s + "\(weeks)W" }
        let d = weeks * 7 + days
        if d != 0 { s += "\(d)D" }
        if hours != 0 || minutes != 0 || seconds != 0 {
            s += "T"
            if hours != 0 { s += "\(hours)H" }
            if minutes != 0 { s += "\(minutes)M" }
            if seconds != 0 { s += "\(seconds)S" }
        }
        if s.hasSuffix("P") { s += "T0S" }
        return s
    }

    /// Builds the duration for an exact interval: hours, minutes and seconds only, no nominal
    /// days, so that it keeps its length across a daylight-saving change.
    public init(exactly interval: TimeInterval) {
        var secs = Int(interval.rounded())
        isNegative = secs < 0
        secs = abs(secs)
        hours = secs / 3600
        minutes = (secs % 3600) / 60
        seconds = secs % 60
    }
}
