import Foundation

/// A subscribed calendar's feed, as the store keeps it: where the feed is, the validators of
/// the copy held, the refresh interval, and how the last refresh went. The calendar itself is
/// read-only; only a refresh (``FileImportOptions/subscription``) writes its items.
///
/// ```swift
/// var feed = Subscription(calendarTitle: "Holidays", url: "https://example.com/holidays.ics")
/// feed.interval = 12 * 3600          // --every 12h
/// ```
public struct Subscription: Hashable, Sendable {
    /// How a refresh ended.
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// A new copy was read and mirrored.
        case refreshed
        /// 304 (or a local file with the same size and time): nothing read, nothing changed.
        case notModified = "not-modified"
        /// The feed could not be fetched or was not a complete iCalendar document.
        case failed
        /// 410 Gone: the publisher removed the feed; it is not refreshed again unless forced.
        case gone
    }

    public var calendarTitle: String
    /// The URL (or absolute file path) fetched. A secret: show it redacted.
    public var url: String
    public var etag: String?
    /// The Last-Modified header of the copy held, as the server sent it.
    public var lastModified: String?
    /// The interval chosen with `--every`, in seconds; nil: the feed's, else a day.
    public var interval: TimeInterval?
    /// The interval the feed declares (REFRESH-INTERVAL, X-PUBLISHED-TTL), in seconds.
    public var feedInterval: TimeInterval?
    public var lastRefresh: Date?
    public var lastOutcome: Outcome?
    /// What the last refresh did or why it failed (with the URL redacted).
    public var lastMessage: String?
    /// When the next `refresh` without names takes it.
    public var nextDue: Date?
    /// The time a 429 or 503 asked to wait until.
    public var retryAfter: Date?
    /// The feed answered 410 Gone.
    public var isGone: Bool

    public init(calendarTitle: String, url: String, etag: String? = nil, lastModified: String? = nil,
                interval: TimeInterval? = nil, feedInterval: TimeInterval? = nil, lastRefresh: Date? = nil,
                lastOutcome: Outcome? = nil, lastMessage: String? = nil, nextDue: Date? = nil,
                retryAfter: Date? = nil, isGone: Bool = false) {
        self.calendarTitle = calendarTitle
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.interval = interval
        self.feedInterval = feedInterval
        self.lastRefresh = lastRefresh
        self.lastOutcome = lastOutcome
        self.lastMessage = lastMessage
        self.nextDue = nextDue
        self.retryAfter = retryAfter
        self.isGone = isGone
    }
}
