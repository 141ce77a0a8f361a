/// One change-log entry: an item (by UID) was added to, updated in, or deleted from a
/// calendar. Tokens grow monotonically; pass the last one seen to
/// ``EventStore/changes(since:)``.
///
/// ```swift
/// let (token, changes) = try store.changes(since: lastToken)
/// for change in changes { print(change.kind, change.calendarTitle, change.uid) }
/// lastToken = token
/// ```
public struct Change: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case added, updated, deleted }

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
