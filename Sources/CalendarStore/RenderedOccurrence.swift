import CalendarModel
import Foundation

/// One instance as ``Occurrence`` has it, with its event rendered. Dates follow the
/// convention of ``EventStore/events(matching:)``: floating and all-day instances are placed
/// on the time line in the predicate's zone.
public struct RenderedOccurrence: Sendable {
    public let event: RenderedEvent
    public let calendarTitle: String
    public let startDate: Date
    public let endDate: Date
    public let occurrenceDate: Date?
    public let isRecurring: Bool
    public let isDetached: Bool

    public init(event: RenderedEvent, calendarTitle: String, startDate: Date, endDate: Date, occurrenceDate: Date?,
                isRecurring: Bool, isDetached: Bool) {
        self.event = event
        self.calendarTitle = calendarTitle
        self.startDate = startDate
        self.endDate = endDate
        self.occurrenceDate = occurrenceDate
        self.isRecurring = isRecurring
        self.isDetached = isDetached
    }
}
