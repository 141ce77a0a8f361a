import Foundation

/// A calendar event, shaped like EventKit's `EKEvent`, plus what iCalendar carries and
/// EventKit does not (RDATE/EXDATE, categories, CLASS, sequence, preserved unknown lines).
///
/// Times: `startDate`/`endDate` are instants. For a floating event (`timeZone == nil`, not
/// all-day) and for all-day events they hold the wall clock read as UTC, so `2026-03-02`
/// all-day is `2026-03-02T00:00:00Z`; the date-predicate query places them in the asked zone.
///
/// ```swift
/// var event = Event(uid: "standup@example.com", title: "Standup",
///                   startDate: start, endDate: start.addingTimeInterval(900))
/// event.timeZone = TimeZone(identifier: "Europe/Berlin")
/// event.recurrenceRules = [RecurrenceRule(frequency: .daily)]
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.1>
public struct Event: Identifiable, Hashable, Sendable, Codable {
    public var id: String { uid }

    public var uid: String
    public var title: String
    public var startDate: Date
    public var endDate: Date
    public var isAllDay: Bool = false
    /// nil means floating (or all-day).
    public var timeZone: TimeZone? = nil
    /// The TZID as the source wrote it ("W. Europe Standard Time"); kept for export.
    public var timeZoneIdentifier: String? = nil
    /// The offsets of a VTIMEZONE that no tz database zone agrees with; then ``timeZone`` is
    /// only the fixed offset at the start, and output takes each date's offset from here.
    public var definedTimeZone: DefinedTimeZone? = nil
    /// The end was given as DURATION rather than DTEND (kept so export writes it back).
    public var duration: ICalDuration? = nil

    public var location: String? = nil
    public var structuredLocation: StructuredLocation? = nil
    public var notes: String? = nil
    public var url: URL? = nil
    public var availability: Availability = .notSupported
    public var status: Status = .none
    public var organizer: Participant? = nil
    public var attendees: [Participant] = []
    public var alarms: [Alarm] = []
    public var recurrenceRules: [RecurrenceRule] = []
    public var exceptionRules: [RecurrenceRule] = []
    public var recurrenceDates: [RecurrenceDate] = []
    public var exceptionDates: [RecurrenceDate] = []
    /// RECURRENCE-ID: the original start of the instance this override replaces.
    public var occurrenceDate: Date? = nil
    /// RECURRENCE-ID was a DATE value.
    public var occurrenceDateIsAllDay: Bool = false
    /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
    public var appliesToFutureOccurrences: Bool = false
    public var categories: [String] = []
    public var privacy: Privacy? = nil
    public var priority: Int = 0
    public var sequence: Int = 0
    public var creationDate: Date? = nil
    public var lastModifiedDate: Date? = nil
    public var timestamp: Date? = nil

    /// Content lines the model does not represent, unfolded, verbatim (`X-VENDOR;A=b:value`).
    public var extraProperties: [String] = []
    /// Subcomponents the model does not represent, as their original text.
    public var extraComponents: [String] = []
    /// The text this event was read from; see ``SourceText``. Not part of equality.
    @NotCompared public var source: SourceText? = nil

    /// True when this is an override of one instance of a series (has a RECURRENCE-ID).
    public var isDetached: Bool { occurrenceDate != nil }
    public var hasRecurrenceRules: Bool { !recurrenceRules.isEmpty || !recurrenceDates.isEmpty }
    /// True for a floating date-time (no zone, not all-day).
    public var isFloating: Bool { timeZone == nil && !isAllDay }

    public init(uid: String, title: String = "", startDate: Date, endDate: Date) {
        self.uid = uid
        self.title = title
        self.startDate = startDate
        self.endDate = endDate
    }

    enum CodingKeys: String, CodingKey {
        case uid, title, startDate, endDate, isAllDay, timeZone, timeZoneIdentifier, duration
        case location, structuredLocation, notes, url, availability, status, organizer, attendees
        case alarms, recurrenceRules, exceptionRules, recurrenceDates, exceptionDates
        case occurrenceDate, occurrenceDateIsAllDay, appliesToFutureOccurrences, categories
        case privacy, priority, sequence, creationDate, lastModifiedDate, timestamp
        case extraProperties, extraComponents, definedTimeZone
    }

    /// EKEventAvailability, from TRANSP and X-MICROSOFT-CDO-BUSYSTATUS.
    public enum Availability: String, Hashable, Sendable, Codable {
        case notSupported, busy, free, tentative, unavailable
    }

    /// STATUS of an event (EKEventStatus).
    public enum Status: String, Hashable, Sendable, Codable {
        case none, confirmed, tentative, canceled
    }

    /// CLASS.
    public enum Privacy: String, Hashable, Sendable, Codable {
        case `public` = "PUBLIC", `private` = "PRIVATE", confidential = "CONFIDENTIAL"
    }
}
