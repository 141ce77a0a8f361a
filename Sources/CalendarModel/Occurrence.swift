import Foundation

/// One instance of an event in a queried window: the event (with this instance's start and
/// end), whether it comes from a series, and the instant it would have had without an override.
public struct Occurrence: Hashable, Sendable {
    public var event: Event
    /// The calendar it belongs to.
    public var calendarTitle: String
    public var startDate: Date
    public var endDate: Date
    /// The RECURRENCE-ID of this instance: its start before any override moved it.
    public var occurrenceDate: Date?
    /// Part of a recurring series.
    public var isRecurring: Bool
    /// Replaced by an override (RECURRENCE-ID component).
    public var isDetached: Bool

    public init(event: Event, calendarTitle: String, startDate: Date, endDate: Date, occurrenceDate: Date?, isRecurring: Bool, isDetached: Bool) {
        self.event = event
        self.calendarTitle = calendarTitle
        self.startDate = startDate
        self.endDate = endDate
        self.occurrenceDate = occurrenceDate
        self.isRecurring = isRecurring
        self.isDetached = isDetached
    }
}
