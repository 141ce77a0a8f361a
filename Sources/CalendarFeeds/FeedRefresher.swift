import CalendarStore
import Foundation
import ICalConversion

/// Subscribes to feeds and refreshes them: fetches each (conditionally, with the validators
/// of the copy held), checks that what came is a whole iCalendar document, and mirrors it
/// into the feed's read-only calendar through the store's streaming import, the subscription's
/// new state written in the same transaction. A feed that cannot be fetched or read changes no
/// item; its failure is recorded with the subscription and reported.
///
/// ```swift
/// let refresher = FeedRefresher(store: store, fetcher: FeedFetcher(userAgent: "icalkit/0.1.0"))
/// let result = refresher.subscribe(to: try FeedLocation(parsing: "webcal://example.com/h.ics"), title: nil, interval: nil)
/// for due in try refresher.dueSubscriptions() { print(refresher.refresh(due, force: false).summary) }
/// ```
public struct FeedRefresher: Sendable {
    public let store: EventStore
    public var fetcher: FeedFetcher
    public var limits: FetchLimits
    /// The clock (tests set it).
    public var now: @Sendable () -> Date

    public init(store: EventStore, fetcher: FeedFetcher, limits: FetchLimits = FetchLimits(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.fetcher = fetcher
        self.limits = limits
        self.now = now
    }

    /// After a failure (other than one with Retry-After), the feed is due again after its
    /// interval or after this, whichever is sooner: one hour.
    public static let retryAfterFailure: TimeInterval = 3600

    // MARK: - Public API

    /// Subscribes to `location`: fetches it, and when it is a whole iCalendar document creates
    /// the read-only calendar (`title`, else the feed's X-WR-CALNAME or NAME, else the host,
    /// else the file's name) holding its items, with the subscription. Nothing is created when
    /// the feed cannot be fetched or read, or the title is taken.
    public func subscribe(to location: FeedLocation, title: String?, interval: RefreshInterval?) -> FeedRefreshResult {
        let fallback = location.host ?? URL(fileURLWithPath: location.rawValue).deletingPathExtension().lastPathComponent
        let subscription = Subscription(calendarTitle: title ?? fallback, url: location.rawValue,
                                        interval: interval.map { TimeInterval($0.seconds) })
        return run(subscription, location: location, force: true, isNew: true, titleFallback: title == nil ? fallback : nil)
    }

    /// Refreshes one subscription. `force`: without validators (a 200 with the whole feed),
    /// even when it is gone or not due.
    public func refresh(_ subscription: Subscription, force: Bool) -> FeedRefreshResult {
        guard let location = try? FeedLocation(parsing: subscription.url) else {
            return FeedRefreshResult(subscription: subscription, outcome: .failed, problem: .unavailable,
                                     message: "the stored feed location cannot be read")
        }
        return run(subscription, location: location, force: force, isNew: false, titleFallback: nil)
    }

    /// The subscriptions `refresh` without names takes: not gone, and due (never refreshed,
    /// or their next due time has come).
    public func dueSubscriptions() throws -> [Subscription] {
        let now = now()
        return try store.subscriptions().filter { !$0.isGone && ($0.nextDue.map { $0 <= now } ?? true) }
    }

    /// The interval a subscription is refreshed at: its `--every`, else the feed's, else a day.
    public static func interval(of subscription: Subscription) -> TimeInterval {
        subscription.interval ?? subscription.feedInterval ?? TimeInterval(RefreshInterval.oneDay.seconds)
    }

    // MARK: - Refreshing

    /// `isNew`: a subscription not stored yet (a failure then records nothing).
    /// `fallback`: for a new one whose title comes from the feed, the title when it names none.
    private func run(_ subscription: Subscription, location: FeedLocation, force: Bool, isNew: Bool,
                     titleFallback fallback: String?) -> FeedRefreshResult {
        let started = now()
        let request = FetchRequest(location: location, etag: force ? nil : subscription.etag,
                                   lastModified: force ? nil : subscription.lastModified, limits: limits)
        let copy = FeedCopy()
        defer { copy.remove() }
        let response: FetchResponse
        do {
            response = try fetcher.fetch(request) { copy.add($0) }
        } catch let error as FetchError {
            return failed(subscription, isNew: isNew, at: started, error: error)
        } catch {
            return failed(subscription, isNew: isNew, at: started, problem: .unavailable, message: String(describing: error))
        }
        var next = subscription
        next.url = response.permanentLocation.rawValue
        next.etag = response.etag
        next.lastModified = response.lastModified
        next.lastRefresh = started
        next.retryAfter = nil
        next.isGone = false
        next.lastMessage = nil
        if case .notModified = response.content {
            next.lastOutcome = .notModified
            next.nextDue = started.addingTimeInterval(Self.interval(of: next))
            return record(next, outcome: .notModified, problem: nil, message: "not modified")
        }
        // The body came into `copy` (a fetch with a body handler hands it over, never collects it).
        do {
            try copy.checkWhole()
        } catch {
            return failed(subscription, isNew: isNew, at: started, problem: .notICalendar, message: error.description)
        }
        do {
            try copy.close()
        } catch {
            return failed(subscription, isNew: isNew, at: started, problem: .localIO, message: error.description)
        }
        next.feedInterval = RefreshInterval.declared(in: Self.calendarLines(copy.head)).map { TimeInterval($0.seconds) }
        next.lastOutcome = .refreshed
        next.nextDue = started.addingTimeInterval(Self.interval(of: next))
        return mirror(copy.url, into: next, previousURL: subscription.url, isNew: isNew, fallbackTitle: fallback, at: started)
    }

    /// Imports the body's copy as a mirror of the feed, through the store's streaming import
    /// of a file (as `icalkit import` reads one).
    private func mirror(_ file: URL, into subscription: Subscription, previousURL: String, isNew: Bool,
                        fallbackTitle: String?, at started: Date) -> FeedRefreshResult {
        var options = FileImportOptions(strict: true, subscription: subscription, sourceName: isNew ? subscription.url : previousURL)
        options.conversion.fallbackCalendarTitle = fallbackTitle ?? subscription.calendarTitle
        let imported: FileImport
        do {
            imported = try store.importFile(at: file, into: fallbackTitle == nil ? subscription.calendarTitle : nil, options: options)
        } catch {
            let message = (error as? StoreError)?.message ?? String(describing: error)
            let kept = isNew ? "" : "; the calendar keeps its previous copy"
            return failed(subscription, isNew: isNew, at: started, problem: .store(error), message: message + kept)
        }
        guard imported.imported else {
            return failed(subscription, isNew: isNew, at: started, problem: .notICalendar, message: Self.unreadable(imported.read),
                          diagnostics: imported.read.diagnostics)
        }
        var stored = subscription
        stored.calendarTitle = imported.reports.first?.calendarTitle ?? subscription.calendarTitle
        return FeedRefreshResult(subscription: stored, outcome: .refreshed, problem: nil, message: nil,
                                 reports: imported.reports, diagnostics: imported.read.diagnostics)
    }

    /// Records a fetch error: a 410 ends refreshing, a 429 or 503 with Retry-After sets the
    /// next due time to it.
    private func failed(_ subscription: Subscription, isNew: Bool, at started: Date, error: FetchError) -> FeedRefreshResult {
        var next = subscription
        switch error {
        case .gone:
            next.isGone = true
            next.lastOutcome = .gone
        case .http(_, let retryAfter?):
            next.retryAfter = retryAfter
        default:
            break
        }
        let problem: FeedRefreshResult.Problem
        if case .truncated = error { problem = .notICalendar } else { problem = .unavailable }
        return failed(next, isNew: isNew, at: started, problem: problem, message: error.description)
    }

    private func failed(_ subscription: Subscription, isNew: Bool, at started: Date, problem: FeedRefreshResult.Problem,
                        message: String, diagnostics: [ConversionDiagnostic] = []) -> FeedRefreshResult {
        let outcome: Subscription.Outcome = subscription.isGone ? .gone : .failed
        // A subscription that was never made is not recorded: nothing was created.
        guard !isNew else {
            return FeedRefreshResult(subscription: subscription, outcome: outcome, problem: problem, message: message, diagnostics: diagnostics)
        }
        var next = subscription
        next.lastRefresh = started
        next.lastOutcome = outcome
        next.lastMessage = message
        next.nextDue = next.retryAfter ?? started.addingTimeInterval(min(Self.interval(of: next), Self.retryAfterFailure))
        var result = record(next, outcome: outcome, problem: problem, message: message)
        result.diagnostics = diagnostics
        return result
    }

    /// Writes a subscription's state when no item changed; a store failure becomes the result.
    private func record(_ subscription: Subscription, outcome: Subscription.Outcome, problem: FeedRefreshResult.Problem?,
                        message: String) -> FeedRefreshResult {
        do {
            try store.updateSubscription(subscription)
        } catch {
            let text = (error as? StoreError)?.message ?? String(describing: error)
            return FeedRefreshResult(subscription: subscription, outcome: .failed, problem: .store(error), message: message + "; " + text)
        }
        return FeedRefreshResult(subscription: subscription, outcome: outcome, problem: problem, message: message)
    }

    /// Why the reader's result was not imported (strict: a feed is mirrored whole or not at all).
    static func unreadable(_ read: ReadResult) -> String {
        if read.refused { return "not an iCalendar document" }
        let errors = read.diagnostics.filter { $0.severity == .error }
        if read.skippedCount > 0 {
            let first = errors.first.map { ": line \($0.line.map(String.init) ?? "?"): \($0.message)" } ?? ""
            return "\(read.skippedCount) item\(read.skippedCount == 1 ? "" : "s") could not be read\(first); the calendar was left as it was"
        }
        let first = errors.first.map { "line \($0.line.map(String.init) ?? "?"): \($0.message)" } ?? "an error in the feed"
        return "\(first); the calendar was left as it was"
    }

    /// The VCALENDAR's own content lines (unfolded), up to its first component (within the
    /// body's first 64 KiB, ``FeedCopy/headBytes``): where REFRESH-INTERVAL and X-PUBLISHED-TTL are.
    static func calendarLines(_ body: Data) -> [String] {
        var lines: [String] = []
        for raw in body.prefix(FeedCopy.headBytes).split(separator: 0x0A, omittingEmptySubsequences: true).dropFirst() {
            var line = String(decoding: raw, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.hasPrefix(" ") || line.hasPrefix("\t"), !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
                continue
            }
            if line.uppercased().hasPrefix("BEGIN:") { break }
            lines.append(line)
        }
        return lines
    }
}
