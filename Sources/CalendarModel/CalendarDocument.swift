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
    /// The tz database zone an earlier reading found agreeing with this definition by its rules
    /// (a store keeps it from the import, so that later processes need not search all zones
    /// again); nil when none was found or none was looked for. Not part of the definition:
    /// equality and hashing leave it out.
    public var matchedZone: String?

    public init(tzid: String, text: String, matchedZone: String? = nil) {
        self.tzid = tzid
        self.text = text
        self.matchedZone = matchedZone
    }

    public static func == (lhs: TimeZoneDefinition, rhs: TimeZoneDefinition) -> Bool {
        lhs.tzid == rhs.tzid && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tzid)
        hasher.combine(text)
    }
}
