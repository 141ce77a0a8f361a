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
///
/// Copies are cheap: every field but `startDate`, `endDate` and `source` lives in one shared
/// storage object, copied on the first write to a copy (the occurrences of a series are copies
/// of one event that differ only in their dates).
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.1>
public struct Event: Identifiable, Hashable, Sendable, Codable {
    public var id: String { uid }

    public var uid: String {
        @inlinable get { storage.fields.uid }
        @inlinable _modify { yield &uniqueStorage.fields.uid }
    }
    public var title: String {
        @inlinable get { storage.fields.title }
        @inlinable _modify { yield &uniqueStorage.fields.title }
    }
    public var startDate: Date
    public var endDate: Date
    public var isAllDay: Bool {
        @inlinable get { storage.fields.isAllDay }
        @inlinable _modify { yield &uniqueStorage.fields.isAllDay }
    }
    /// nil means floating (or all-day).
    public var timeZone: TimeZone? {
        @inlinable get { storage.fields.timeZone }
        @inlinable _modify { yield &uniqueStorage.fields.timeZone }
    }
    /// The TZID as the source wrote it ("W. Europe Standard Time"); kept for export.
    public var timeZoneIdentifier: String? {
        @inlinable get { storage.fields.timeZoneIdentifier }
        @inlinable _modify { yield &uniqueStorage.fields.timeZoneIdentifier }
    }
    /// The offsets of a VTIMEZONE that no tz database zone agrees with; then ``timeZone`` is
    /// only the fixed offset at the start, and output takes each date's offset from here.
    public var definedTimeZone: DefinedTimeZone? {
        @inlinable get { storage.fields.definedTimeZone }
        @inlinable _modify { yield &uniqueStorage.fields.definedTimeZone }
    }
    /// The end was given as DURATION rather than DTEND (kept so export writes it back).
    public var duration: ICalDuration? {
        @inlinable get { storage.fields.duration }
        @inlinable _modify { yield &uniqueStorage.fields.duration }
    }

    public var location: String? {
        @inlinable get { storage.fields.location }
        @inlinable _modify { yield &uniqueStorage.fields.location }
    }
    public var structuredLocation: StructuredLocation? {
        @inlinable get { storage.fields.structuredLocation }
        @inlinable _modify { yield &uniqueStorage.fields.structuredLocation }
    }
    public var notes: String? {
        @inlinable get { storage.fields.notes }
        @inlinable _modify { yield &uniqueStorage.fields.notes }
    }
    public var url: URL? {
        @inlinable get { storage.fields.url }
        @inlinable _modify { yield &uniqueStorage.fields.url }
    }
    public var availability: Availability {
        @inlinable get { storage.fields.availability }
        @inlinable _modify { yield &uniqueStorage.fields.availability }
    }
    public var status: Status {
        @inlinable get { storage.fields.status }
        @inlinable _modify { yield &uniqueStorage.fields.status }
    }
    public var organizer: Participant? {
        @inlinable get { storage.fields.organizer }
        @inlinable _modify { yield &uniqueStorage.fields.organizer }
    }
    public var attendees: [Participant] {
        @inlinable get { storage.fields.attendees }
        @inlinable _modify { yield &uniqueStorage.fields.attendees }
    }
    public var alarms: [Alarm] {
        @inlinable get { storage.fields.alarms }
        @inlinable _modify { yield &uniqueStorage.fields.alarms }
    }
    public var recurrenceRules: [RecurrenceRule] {
        @inlinable get { storage.fields.recurrenceRules }
        @inlinable _modify { yield &uniqueStorage.fields.recurrenceRules }
    }
    public var exceptionRules: [RecurrenceRule] {
        @inlinable get { storage.fields.exceptionRules }
        @inlinable _modify { yield &uniqueStorage.fields.exceptionRules }
    }
    public var recurrenceDates: [RecurrenceDate] {
        @inlinable get { storage.fields.recurrenceDates }
        @inlinable _modify { yield &uniqueStorage.fields.recurrenceDates }
    }
    public var exceptionDates: [RecurrenceDate] {
        @inlinable get { storage.fields.exceptionDates }
        @inlinable _modify { yield &uniqueStorage.fields.exceptionDates }
    }
    /// RECURRENCE-ID: the original start of the instance this override replaces.
    public var occurrenceDate: Date? {
        @inlinable get { storage.fields.occurrenceDate }
        @inlinable _modify { yield &uniqueStorage.fields.occurrenceDate }
    }
    /// RECURRENCE-ID was a DATE value.
    public var occurrenceDateIsAllDay: Bool {
        @inlinable get { storage.fields.occurrenceDateIsAllDay }
        @inlinable _modify { yield &uniqueStorage.fields.occurrenceDateIsAllDay }
    }
    /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
    public var appliesToFutureOccurrences: Bool {
        @inlinable get { storage.fields.appliesToFutureOccurrences }
        @inlinable _modify { yield &uniqueStorage.fields.appliesToFutureOccurrences }
    }
    public var categories: [String] {
        @inlinable get { storage.fields.categories }
        @inlinable _modify { yield &uniqueStorage.fields.categories }
    }
    public var privacy: Privacy? {
        @inlinable get { storage.fields.privacy }
        @inlinable _modify { yield &uniqueStorage.fields.privacy }
    }
    public var priority: Int {
        @inlinable get { storage.fields.priority }
        @inlinable _modify { yield &uniqueStorage.fields.priority }
    }
    public var sequence: Int {
        @inlinable get { storage.fields.sequence }
        @inlinable _modify { yield &uniqueStorage.fields.sequence }
    }
    public var creationDate: Date? {
        @inlinable get { storage.fields.creationDate }
        @inlinable _modify { yield &uniqueStorage.fields.creationDate }
    }
    public var lastModifiedDate: Date? {
        @inlinable get { storage.fields.lastModifiedDate }
        @inlinable _modify { yield &uniqueStorage.fields.lastModifiedDate }
    }
    public var timestamp: Date? {
        @inlinable get { storage.fields.timestamp }
        @inlinable _modify { yield &uniqueStorage.fields.timestamp }
    }

    /// Content lines the model does not represent, unfolded, verbatim (`X-VENDOR;A=b:value`).
    public var extraProperties: [String] {
        @inlinable get { storage.fields.extraProperties }
        @inlinable _modify { yield &uniqueStorage.fields.extraProperties }
    }
    /// Subcomponents the model does not represent, as their original text.
    public var extraComponents: [String] {
        @inlinable get { storage.fields.extraComponents }
        @inlinable _modify { yield &uniqueStorage.fields.extraComponents }
    }
    /// The text this event was read from; see ``SourceText``. Not part of equality.
    ///
    /// Stored beside the dates, not in the shared storage: the snapshot a ``SourceText`` keeps
    /// of the event (without its source) then shares the event's storage, rather than being a
    /// second copy of every field, and cannot hold a reference back to that ``SourceText``.
    public var source: SourceText? = nil

    /// True when this is an override of one instance of a series (has a RECURRENCE-ID).
    public var isDetached: Bool { occurrenceDate != nil }
    public var hasRecurrenceRules: Bool { !recurrenceRules.isEmpty || !recurrenceDates.isEmpty }
    /// True for a floating date-time (no zone, not all-day).
    public var isFloating: Bool { timeZone == nil && !isAllDay }

    public init(uid: String, title: String = "", startDate: Date, endDate: Date) {
        self.startDate = startDate
        self.endDate = endDate
        self.storage = Storage(Fields(uid: uid, title: title))
    }

    /// An event with these fields (see ``Fields``).
    package init(startDate: Date, endDate: Date, fields: Fields) {
        self.startDate = startDate
        self.endDate = endDate
        self.storage = Storage(fields)
    }

    /// True when `other` uses this event's storage: a copy not written to since, apart from
    /// ``startDate``, ``endDate`` and ``source`` (so it equals this event in every other field).
    package func sharesStorage(with other: Event) -> Bool { storage === other.storage }

    /// Names the storage object while this event (or a copy sharing it) is alive: a key for
    /// recognising copies of one event without comparing their fields.
    package var storageIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    // MARK: - Storage

    /// Every field but the dates and the source, in one object that copies share.
    @usableFromInline var storage: Storage

    /// The stored fields of an event other than `startDate`, `endDate` and `source`; documented
    /// at the accessors of ``Event``. A decoder fills one and makes the event with
    /// ``init(startDate:endDate:fields:)``, without an accessor call per field.
    @usableFromInline package struct Fields: Hashable, Sendable {
        @usableFromInline package var uid: String
        @usableFromInline package var title: String
        @usableFromInline package var isAllDay: Bool = false
        @usableFromInline package var timeZone: TimeZone? = nil
        @usableFromInline package var timeZoneIdentifier: String? = nil
        @usableFromInline package var definedTimeZone: DefinedTimeZone? = nil
        @usableFromInline package var duration: ICalDuration? = nil
        @usableFromInline package var location: String? = nil
        @usableFromInline package var structuredLocation: StructuredLocation? = nil
        @usableFromInline package var notes: String? = nil
        @usableFromInline package var url: URL? = nil
        @usableFromInline package var availability: Availability = .notSupported
        @usableFromInline package var status: Status = .none
        @usableFromInline package var organizer: Participant? = nil
        @usableFromInline package var attendees: [Participant] = []
        @usableFromInline package var alarms: [Alarm] = []
        @usableFromInline package var recurrenceRules: [RecurrenceRule] = []
        @usableFromInline package var exceptionRules: [RecurrenceRule] = []
        @usableFromInline package var recurrenceDates: [RecurrenceDate] = []
        @usableFromInline package var exceptionDates: [RecurrenceDate] = []
        @usableFromInline package var occurrenceDate: Date? = nil
        @usableFromInline package var occurrenceDateIsAllDay: Bool = false
        @usableFromInline package var appliesToFutureOccurrences: Bool = false
        @usableFromInline package var categories: [String] = []
        @usableFromInline package var privacy: Privacy? = nil
        @usableFromInline package var priority: Int = 0
        @usableFromInline package var sequence: Int = 0
        @usableFromInline package var creationDate: Date? = nil
        @usableFromInline package var lastModifiedDate: Date? = nil
        @usableFromInline package var timestamp: Date? = nil
        @usableFromInline package var extraProperties: [String] = []
        @usableFromInline package var extraComponents: [String] = []

        package init(uid: String, title: String) {
            self.uid = uid
            self.title = title
        }
    }

    /// Written only through ``uniqueStorage``, that is while no other event holds it, which is
    /// what makes sharing it between threads safe.
    ///
    /// Its accesses are not checked for exclusivity at run time (a check on every field read and
    /// write, as for any class property): a write happens only through ``uniqueStorage``, by
    /// the one event holding the object, so no other access can overlap it.
    @usableFromInline final class Storage: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var fields: Fields
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    /// The storage, first copied when another event shares it, for a write that changes only
    /// this event. Accessors write through it in place (`_modify`), so
    /// `event.attendees.append(p)` appends to the array without copying it.
    @usableFromInline var uniqueStorage: Storage {
        @inlinable mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    // MARK: - Equality and coding

    /// Equal when the dates and all other fields but ``source`` are; events sharing storage
    /// skip the field-by-field comparison.
    public static func == (lhs: Event, rhs: Event) -> Bool {
        lhs.startDate == rhs.startDate && lhs.endDate == rhs.endDate
            && (lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(startDate)
        hasher.combine(endDate)
        hasher.combine(storage.fields)
    }

    /// The JSON keys are the property names (``source`` is not encoded); an optional that is nil
    /// is left out, and decoding requires every non-optional key.
    enum CodingKeys: String, CodingKey {
        case uid, title, startDate, endDate, isAllDay, timeZone, timeZoneIdentifier, duration
        case location, structuredLocation, notes, url, availability, status, organizer, attendees
        case alarms, recurrenceRules, exceptionRules, recurrenceDates, exceptionDates
        case occurrenceDate, occurrenceDateIsAllDay, appliesToFutureOccurrences, categories
        case privacy, priority, sequence, creationDate, lastModifiedDate, timestamp
        case extraProperties, extraComponents, definedTimeZone
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let f = storage.fields
        try c.encode(f.uid, forKey: .uid)
        try c.encode(f.title, forKey: .title)
        try c.encode(startDate, forKey: .startDate)
        try c.encode(endDate, forKey: .endDate)
        try c.encode(f.isAllDay, forKey: .isAllDay)
        try c.encodeIfPresent(f.timeZone, forKey: .timeZone)
        try c.encodeIfPresent(f.timeZoneIdentifier, forKey: .timeZoneIdentifier)
        try c.encodeIfPresent(f.duration, forKey: .duration)
        try c.encodeIfPresent(f.location, forKey: .location)
        try c.encodeIfPresent(f.structuredLocation, forKey: .structuredLocation)
        try c.encodeIfPresent(f.notes, forKey: .notes)
        try c.encodeIfPresent(f.url, forKey: .url)
        try c.encode(f.availability, forKey: .availability)
        try c.encode(f.status, forKey: .status)
        try c.encodeIfPresent(f.organizer, forKey: .organizer)
        try c.encode(f.attendees, forKey: .attendees)
        try c.encode(f.alarms, forKey: .alarms)
        try c.encode(f.recurrenceRules, forKey: .recurrenceRules)
        try c.encode(f.exceptionRules, forKey: .exceptionRules)
        try c.encode(f.recurrenceDates, forKey: .recurrenceDates)
        try c.encode(f.exceptionDates, forKey: .exceptionDates)
        try c.encodeIfPresent(f.occurrenceDate, forKey: .occurrenceDate)
        try c.encode(f.occurrenceDateIsAllDay, forKey: .occurrenceDateIsAllDay)
        try c.encode(f.appliesToFutureOccurrences, forKey: .appliesToFutureOccurrences)
        try c.encode(f.categories, forKey: .categories)
        try c.encodeIfPresent(f.privacy, forKey: .privacy)
        try c.encode(f.priority, forKey: .priority)
        try c.encode(f.sequence, forKey: .sequence)
        try c.encodeIfPresent(f.creationDate, forKey: .creationDate)
        try c.encodeIfPresent(f.lastModifiedDate, forKey: .lastModifiedDate)
        try c.encodeIfPresent(f.timestamp, forKey: .timestamp)
        try c.encode(f.extraProperties, forKey: .extraProperties)
        try c.encode(f.extraComponents, forKey: .extraComponents)
        try c.encodeIfPresent(f.definedTimeZone, forKey: .definedTimeZone)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let uid = try c.decode(String.self, forKey: .uid)
        let title = try c.decode(String.self, forKey: .title)
        let startDate = try c.decode(Date.self, forKey: .startDate)
        let endDate = try c.decode(Date.self, forKey: .endDate)
        var f = Fields(uid: uid, title: title)
        f.isAllDay = try c.decode(Bool.self, forKey: .isAllDay)
        f.timeZone = try c.decodeIfPresent(TimeZone.self, forKey: .timeZone)
        f.timeZoneIdentifier = try c.decodeIfPresent(String.self, forKey: .timeZoneIdentifier)
        f.duration = try c.decodeIfPresent(ICalDuration.self, forKey: .duration)
        f.location = try c.decodeIfPresent(String.self, forKey: .location)
        f.structuredLocation = try c.decodeIfPresent(StructuredLocation.self, forKey: .structuredLocation)
        f.notes = try c.decodeIfPresent(String.self, forKey: .notes)
        f.url = try c.decodeIfPresent(URL.self, forKey: .url)
        f.availability = try c.decode(Availability.self, forKey: .availability)
        f.status = try c.decode(Status.self, forKey: .status)
        f.organizer = try c.decodeIfPresent(Participant.self, forKey: .organizer)
        f.attendees = try c.decode([Participant].self, forKey: .attendees)
        f.alarms = try c.decode([Alarm].self, forKey: .alarms)
        f.recurrenceRules = try c.decode([RecurrenceRule].self, forKey: .recurrenceRules)
        f.exceptionRules = try c.decode([RecurrenceRule].self, forKey: .exceptionRules)
        f.recurrenceDates = try c.decode([RecurrenceDate].self, forKey: .recurrenceDates)
        f.exceptionDates = try c.decode([RecurrenceDate].self, forKey: .exceptionDates)
        f.occurrenceDate = try c.decodeIfPresent(Date.self, forKey: .occurrenceDate)
        f.occurrenceDateIsAllDay = try c.decode(Bool.self, forKey: .occurrenceDateIsAllDay)
        f.appliesToFutureOccurrences = try c.decode(Bool.self, forKey: .appliesToFutureOccurrences)
        f.categories = try c.decode([String].self, forKey: .categories)
        f.privacy = try c.decodeIfPresent(Privacy.self, forKey: .privacy)
        f.priority = try c.decode(Int.self, forKey: .priority)
        f.sequence = try c.decode(Int.self, forKey: .sequence)
        f.creationDate = try c.decodeIfPresent(Date.self, forKey: .creationDate)
        f.lastModifiedDate = try c.decodeIfPresent(Date.self, forKey: .lastModifiedDate)
        f.timestamp = try c.decodeIfPresent(Date.self, forKey: .timestamp)
        f.extraProperties = try c.decode([String].self, forKey: .extraProperties)
        f.extraComponents = try c.decode([String].self, forKey: .extraComponents)
        f.definedTimeZone = try c.decodeIfPresent(DefinedTimeZone.self, forKey: .definedTimeZone)
        self.startDate = startDate
        self.endDate = endDate
        self.storage = Storage(f)
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

/// Reflection (`dump`, `String(describing:)`, `Mirror`) shows the fields as if each were stored in
/// the event, in declaration order, rather than the storage object holding them.
extension Event: CustomReflectable {
    public var customMirror: Mirror {
        var children = Array(Mirror(reflecting: storage.fields).children)
        // The dates come after `uid` and `title`, where the properties declare them.
        let dates: [Mirror.Child] = [("startDate", startDate), ("endDate", endDate)]
        children.insert(contentsOf: dates, at: 2)
        children.append(("source", source as Any))
        return Mirror(self, children: children, displayStyle: .struct)
    }
}
