import CalendarModel

/// What a streaming ``ICalendarReader`` hands its consumer, in input order: for each calendar
/// (each VCALENDAR, then one for the components outside any), `calendarBegan`, its items and
/// unread components, then `calendarEnded`.
public enum ReadEvent: Sendable {
    /// A calendar starts: its properties, VTIMEZONEs (also those written after the items that
    /// use them) and unknown calendar lines; `events`, `reminders` and `extraComponents` empty.
    case calendarBegan(CalendarDocument)
    case event(Event)
    case reminder(Reminder)
    /// A component kept verbatim (unknown, not readable, or a VTIMEZONE not used as a zone),
    /// as its text; it belongs to the calendar's `extraComponents`.
    case extraComponent(String)
    /// The calendar ends. `matchedZones`: the TZIDs whose VTIMEZONE the reading matched to a
    /// tz database zone by its rules, with that zone (``TimeZoneDefinition/matchedZone``).
    case calendarEnded(matchedZones: [String: String])
}
