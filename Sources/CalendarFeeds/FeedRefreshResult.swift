import CalendarStore
import Foundation
import ICalConversion

/// What one subscribe or refresh did, for the report (one line, or one JSON object, per feed).
public struct FeedRefreshResult: Sendable {
    /// Why a feed failed, which decides the exit status.
    public enum Problem: Sendable {
        /// Not a complete iCalendar document (HTML, empty, cut short, unreadable items): 65.
        case notICalendar
        /// Could not be fetched (DNS, TLS, timeout, an HTTP error, 410): 69.
        case unavailable
        /// The store refused or failed: 74 for I/O, else as the store's error.
        case store(any Error)
        /// A local file could not be written (the private temporary copy of the body): 74.
        case localIO
    }

    /// The subscription as it stands after this refresh (for a new one that failed: as asked).
    public var subscription: Subscription
    public var outcome: Subscription.Outcome
    public var problem: Problem?
    /// Why it failed, or "not modified"; nil for a refresh that read the feed.
    public var message: String?
    /// The mirror's report (added, updated, unchanged, removed), when the feed was read.
    public var reports: [ImportReport] = []
    /// What the reader said about the feed.
    public var diagnostics: [ConversionDiagnostic] = []

    /// The feed's location, redacted.
    public var redactedURL: String {
        (try? FeedLocation(parsing: subscription.url))?.redacted ?? FeedLocation.redact(subscription.url)
    }

    public var added: Int { reports.reduce(0) { $0 + $1.added } }
    public var updated: Int { reports.reduce(0) { $0 + $1.updated } }
    public var unchanged: Int { reports.reduce(0) { $0 + $1.unchanged } }
    public var removed: Int { reports.reduce(0) { $0 + $1.removed } }
}
