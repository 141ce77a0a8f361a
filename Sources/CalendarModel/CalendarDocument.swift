import Foundation

/// Everything one VCALENDAR holds, as model values: the calendar's own properties, its events
/// and reminders, the VTIMEZONE definitions it carried, and what the model does not name
/// (calendar-level lines such as METHOD or X- properties; components such as VJOURNAL or
/// VFREEBUSY), kept verbatim so export loses nothing.
public struct CalendarDocument: Hashable, Sendable, Codable {
    public var calendar: EventCalendar
    public var events: [Event] = []
    public var reminders: [Reminder] = []
    /// VTIMEZONE definitions by TZID, as their original text.
    public var timeZones: [TimeZoneDefinition] = []
    public var extraProperties: [String] = []
    public var extraComponents: [String] = []

    public init(calendar: EventCalendar) {
        self.calendar = calendar
    }
}

/// A VTIMEZONE as read from a file: its TZID and its text (unfolded lines, CRLF-separated).
public struct TimeZoneDefinition: Hashable, Sendable, Codable {
    public var tzid: String
    public var text: String
    public init(tzid: String, text: String) {
        self.tzid = tzid
        self.text = text
    }
}
