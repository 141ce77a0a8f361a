import Foundation

/// A recurrence rule: the fields of EventKit's `EKRecurrenceRule`, in the words of
/// Foundation's `Calendar.RecurrenceRule`, plus the RFC 5545 parts both lack (sub-daily
/// frequencies, WKST, BYHOUR/BYMINUTE/BYSECOND), so that every RRULE round-trips.
///
/// ```swift
/// var rule = RecurrenceRule(frequency: .weekly)
/// rule.daysOfTheWeek = [.init(.monday), .init(.wednesday)]
/// rule.end = .afterOccurrences(10)
/// rule.rfc5545String   // "FREQ=WEEKLY;COUNT=10;BYDAY=MO,WE"
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>
public struct RecurrenceRule: Hashable, Sendable, Codable {
    public enum Frequency: String, Hashable, Sendable, Codable, CaseIterable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY"
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// RFC 5545 weekday, `SU`...`SA`.
    public enum Weekday: String, Hashable, Sendable, Codable, CaseIterable {
        case sunday = "SU", monday = "MO", tuesday = "TU", wednesday = "WE"
        case thursday = "TH", friday = "FR", saturday = "SA"
    }

    /// A day of the week with an optional week number (`-1FR` is the last Friday), as
    /// `EKRecurrenceDayOfWeek`.
    public struct DayOfWeek: Hashable, Sendable, Codable {
        public var weekday: Weekday
        /// 0 means every such weekday in the period.
        public var weekNumber: Int
        public init(_ weekday: Weekday, weekNumber: Int = 0) {
            self.weekday = weekday
            self.weekNumber = weekNumber
        }
    }

    /// How a rule ends: never, after a count, or at an inclusive UNTIL.
    public struct End: Hashable, Sendable, Codable {
        public var count: Int?
        public var until: Date?
        /// UNTIL was written as a DATE (all-day series).
        public var untilIsDate: Bool
        /// UNTIL was written without `Z` (floating), a common producer error.
        public var untilIsFloating: Bool

        public static let never = End(count: nil, until: nil, untilIsDate: false, untilIsFloating: false)
        public static func afterOccurrences(_ count: Int) -> End {
            End(count: count, until: nil, untilIsDate: false, untilIsFloating: false)
        }
        public static func afterDate(_ date: Date, isDate: Bool = false, isFloating: Bool = false) -> End {
            End(count: nil, until: date, untilIsDate: isDate, untilIsFloating: isFloating)
        }
        public var isNever: Bool { count == nil && until == nil }
    }

    public var frequency: Frequency
    public var interval: Int = 1
    public var end: End = .never
    public var firstDayOfTheWeek: Weekday? = nil
    public var daysOfTheWeek: [DayOfWeek] = []
    public var daysOfTheMonth: [Int] = []
    public var daysOfTheYear: [Int] = []
    public var weeksOfTheYear: [Int] = []
    public var monthsOfTheYear: [Int] = []
    public var setPositions: [Int] = []
    public var hours: [Int] = []
    public var minutes: [Int] = []
    public var seconds: [Int] = []
    /// Rule parts this model does not name (e.g. RFC 7529 `RSCALE`, `SKIP`), kept verbatim
    /// as `NAME=VALUE` so they survive a round trip.
    public var extraParts: [String] = []

    public init(frequency: Frequency, interval: Int = 1, end: End = .never) {
        self.frequency = frequency
        self.interval = interval
        self.end = end
    }
}
