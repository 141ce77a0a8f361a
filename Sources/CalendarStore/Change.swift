/// One change-log entry: an item (by UID) was added to, updated in, or deleted from a
/// calendar, or a calendar was created or deleted (``Kind/calendarCreated``,
/// ``Kind/calendarDeleted``, with an empty UID). Tokens grow monotonically; pass the last one seen to
/// ``EventStore/changes(since:)``.
///
/// ```swift
/// let (token, changes) = try store.changes(since: lastToken)
/// for change in changes { print(change.kind, change.calendarTitle, change.uid) }
/// lastToken = token
/// ```
public struct Change: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case added, updated, deleted
        /// The calendar `calendarTitle` was made by ``EventStore/saveCalendar(_:)`` (`calendars
        /// create`); `uid` is empty. A calendar an import makes shows by its items' `added`.
        case calendarCreated = "calendar-created"
        /// The calendar `calendarTitle` was removed with everything in it (each item's
        /// `deleted` comes before it); `uid` is empty.
        case calendarDeleted = "calendar-deleted"
    }

    public var token: Int64
    public var uid: String
    public var calendarTitle: String
    public var kind: Kind

    public init(token: Int64, uid: String, calendarTitle: String, kind: Kind) {
        self.token = token
        self.uid = uid
        self.calendarTitle = calendarTitle
        self.kind = kind
    }
}
