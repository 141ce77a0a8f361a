import Foundation

/// Which event occurrences a query wants: those overlapping `[startDate, endDate)` in the given
/// calendars (all when nil), as `EKEventStore.predicateForEvents(withStart:end:calendars:)`
/// but without its four-year cap.
///
/// An occurrence matches when `start < endDate && end > startDate`; a zero-length one matches
/// when `startDate <= start < endDate`. Floating and all-day items are placed in `timeZone`.
public struct EventPredicate: Hashable, Sendable {
    public var startDate: Date
    public var endDate: Date
    public var calendarTitles: [String]?
    /// The zone floating and all-day times are read in.
    public var timeZone: TimeZone
    public var includesCancelled: Bool

    public init(startDate: Date, endDate: Date, calendarTitles: [String]? = nil, timeZone: TimeZone = .current, includesCancelled: Bool = false) {
        self.startDate = startDate
        self.endDate = endDate
        self.calendarTitles = calendarTitles
        self.timeZone = timeZone
        self.includesCancelled = includesCancelled
    }

    /// The overlap rule, for occurrences already placed on the time line.
    public func matches(start: Date, end: Date) -> Bool {
        if end <= start { return startDate <= start && start < endDate }
        return start < endDate && end > startDate
    }
}

/// Which reminders a query wants, as EventKit's three reminder predicates.
public struct ReminderPredicate: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `predicateForReminders(in:)`: every reminder.
        case all
        /// `predicateForIncompleteReminders(withDueDateStarting:ending:calendars:)`.
        case incomplete(dueStarting: Date?, ending: Date?)
        /// `predicateForCompletedReminders(withCompletionDateStarting:ending:calendars:)`.
        case completed(completionStarting: Date?, ending: Date?)
    }
    public var kind: Kind
    public var calendarTitles: [String]?
    public var timeZone: TimeZone

    public init(kind: Kind, calendarTitles: [String]? = nil, timeZone: TimeZone = .current) {
        self.kind = kind
        self.calendarTitles = calendarTitles
        self.timeZone = timeZone
    }
}
