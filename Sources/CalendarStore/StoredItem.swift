import CalendarModel

/// An event as stored, with the calendar that holds it.
public struct StoredEvent: Hashable, Sendable {
    public var event: Event
    public var calendarTitle: String
    public init(event: Event, calendarTitle: String) {
        self.event = event
        self.calendarTitle = calendarTitle
    }
}

/// A reminder as stored, with the calendar that holds it.
public struct StoredReminder: Hashable, Sendable {
    public var reminder: Reminder
    public var calendarTitle: String
    public init(reminder: Reminder, calendarTitle: String) {
        self.reminder = reminder
        self.calendarTitle = calendarTitle
    }
}
