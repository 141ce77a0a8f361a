import Foundation

/// A to-do (VTODO), shaped like EventKit's `EKReminder`.
///
/// Start and due are `DateComponents`, as EventKit has them: a DATE value has only
/// year/month/day; a floating date-time has no `timeZone`; a zoned one carries it.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.2>
public struct Reminder: Identifiable, Hashable, Sendable, Codable {
    public var id: String { uid }

    public var uid: String
    public var title: String
    public var notes: String? = nil
    public var url: URL? = nil
    public var location: String? = nil
    public var startDateComponents: DateComponents? = nil
    public var dueDateComponents: DateComponents? = nil
    /// The TZID as the source wrote it, for DUE/DTSTART.
    public var timeZoneIdentifier: String? = nil
    /// The offsets of a VTIMEZONE that no tz database zone agrees with; then the zone of
    /// ``startDateComponents`` and ``dueDateComponents`` is only the fixed offset that gives
    /// each its instant, and output takes the offset at that instant from here.
    public var definedTimeZone: DefinedTimeZone? = nil
    public var isCompleted: Bool = false
    public var completionDate: Date? = nil
    /// 0 (none), 1 (highest) ... 9 (lowest), as PRIORITY.
    public var priority: Int = 0
    public var percentComplete: Int? = nil
    public var status: Status = .none
    /// RELATED-TO (parent) UID.
    public var parentUID: String? = nil
    public var alarms: [Alarm] = []
    public var recurrenceRules: [RecurrenceRule] = []
    public var recurrenceDates: [RecurrenceDate] = []
    public var exceptionDates: [RecurrenceDate] = []
    public var occurrenceDate: Date? = nil
    public var categories: [String] = []
    public var privacy: Event.Privacy? = nil
    public var sequence: Int = 0
    public var creationDate: Date? = nil
    public var lastModifiedDate: Date? = nil
    public var timestamp: Date? = nil
    public var extraProperties: [String] = []
    public var extraComponents: [String] = []
    /// The text this reminder was read from; see ``SourceText``. Not part of equality.
    @NotCompared public var source: SourceText? = nil

    public init(uid: String, title: String = "") {
        self.uid = uid
        self.title = title
    }

    enum CodingKeys: String, CodingKey {
        case uid, title, notes, url, location, startDateComponents, dueDateComponents, timeZoneIdentifier
        case isCompleted, completionDate, priority, percentComplete, status, parentUID, alarms
        case recurrenceRules, recurrenceDates, exceptionDates, occurrenceDate, categories, privacy
        case sequence, creationDate, lastModifiedDate, timestamp, extraProperties, extraComponents, definedTimeZone
    }

    /// STATUS of a VTODO.
    public enum Status: String, Hashable, Sendable, Codable {
        case none, needsAction, inProcess, completed, canceled
    }
}
