import CalendarFeeds
import CalendarStore
import Foundation
import ICalConversion

/// `subscribe`, `refresh` and `unsubscribe`: calendars that mirror a feed (issue 24). The
/// work is ``FeedRefresher``'s; this turns its results into report lines and exit statuses.
///
/// ```
/// $ icalkit subscribe webcal://example.com/cal/holidays.ics --every 12h
/// Holidays: subscribed to https://example.com/cal/holidays.ics: 12 added; next refresh 2026-03-02T21:00:00Z
/// $ icalkit refresh
/// Holidays: not modified
/// ```
enum FeedCommands {
    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "Report format (json: one JSON object per line, one line per feed).",
        kind: .choice(["text", "json"]), default: "text")
    static let location = ArgumentSpec(name: "URL", help: "An http, https, webcal or webcals URL, or a local .ics file.")
    static let subscribeCalendar = OptionSpec.option(
        "calendar", value: "NAME", help: "The calendar's title.", default: "the feed's X-WR-CALNAME or NAME, else the host")
    static let every = OptionSpec.option(
        "every", value: "DURATION", help: "How often `refresh` takes it: 15m, 1h, 12h, 1d, 2w or an RFC 5545 duration.",
        default: "the feed's REFRESH-INTERVAL or X-PUBLISHED-TTL, else 1d")
    static let names = ArgumentSpec(name: "NAME", help: "Subscribed calendars to refresh (none: every one that is due).", arity: .zeroOrMore)
    static let unsubscribeName = ArgumentSpec(name: "NAME", help: "The subscribed calendar.")

    static let exitText = """
        Exit status: 0 every feed refreshed or not modified; 65 a feed was not a complete iCalendar \
        document (an HTML page, empty, cut short, items that could not be read); 69 a feed could not \
        be fetched (DNS, TLS, timeout, an HTTP error, 410 Gone); 67 a NAME is no subscribed calendar; 74 store I/O. A feed that fails \
        leaves its calendar as it was.
        """
    static let redactionText = """
        Feed URLs often carry a private token: messages and reports show them with the query and \
        every path segment of 16 or more characters replaced by '…' ('calendars list --show-urls' \
        shows them whole).
        """

    static let subscribeCommand = CommandSpec(
        name: "subscribe",
        abstract: "Subscribe to an iCalendar feed: a read-only calendar that mirrors it.",
        discussion: """
            Fetches the feed (webcal:// as https://) and creates a read-only calendar holding its items. \
            Nothing is created when the feed cannot be fetched or is not a complete iCalendar document. \
            Prints 'NAME: subscribed to URL: N added; next refresh TIME'.
            \(redactionText)
            \(exitText)
            """,
        arguments: [location],
        options: [subscribeCalendar, every, format],
        examples: [
            .init(commandLine: "subscribe webcal://example.com/cal/holidays.ics", explanation: "Subscribe; the feed names the calendar."),
            .init(commandLine: "subscribe https://example.com/school.ics --calendar School --every 12h",
                  explanation: "Name it and refresh it twice a day."),
        ],
        usesStore: true,
        handler: .run(subscribe))

    static let refreshCommand = CommandSpec(
        name: "refresh",
        abstract: "Refresh subscribed calendars from their feeds.",
        discussion: """
            Without NAME, every subscription that is due (its interval passed, or a server's \
            Retry-After) is refreshed, so '*/15 * * * * icalkit refresh -q' in cron keeps them all. \
            Each feed is fetched with its ETag and Last-Modified (a 304 changes nothing), and its \
            calendar is made to hold exactly the feed's items, in one transaction. \
            Prints one line per feed: 'NAME: N added, N updated, N unchanged, N removed' or \
            'NAME: not modified'; failures go to standard error.
            \(redactionText)
            \(exitText)
            """,
        arguments: [names],
        options: [
            .flag("force", help: "Refresh even when not due, without validators (the whole feed is fetched), and retry a gone feed."),
            .flag("quiet", short: "q", help: "Print failures only."),
            format,
        ],
        examples: [
            .init(commandLine: "refresh -q", explanation: "Refresh what is due; quiet unless a feed fails (for cron)."),
            .init(commandLine: "refresh Holidays --force --format json", explanation: "Fetch one feed whole; a JSON line."),
        ],
        usesStore: true,
        handler: .run(refresh))

    static let unsubscribeCommand = CommandSpec(
        name: "unsubscribe",
        abstract: "End a subscription: delete its calendar, or keep it as an ordinary one.",
        arguments: [unsubscribeName],
        options: [.flag("keep", help: "Keep the calendar and its items as an ordinary, writable calendar.")],
        examples: [.init(commandLine: "unsubscribe Holidays --keep", explanation: "Stop refreshing; keep the events, editable.")],
        usesStore: true,
        handler: .run(unsubscribe))

    // MARK: - Handlers

    static func subscribe(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let text = args.value(location) ?? ""
        let feed: FeedLocation
        do { feed = try FeedLocation(parsing: text) } catch {
            throw invocation.usageError("Invalid URL '\(FeedLocation.redact(text))': \(error)")
        }
        let interval = try parseInterval(invocation)
        if let title = args.value(subscribeCalendar), title.isEmpty { throw invocation.usageError("A calendar needs a non-empty NAME") }
        let result = try StoreAccess.with(invocation) { store in
            refresher(store, invocation).subscribe(to: feed, title: args.value(subscribeCalendar), interval: interval)
        }
        return try report([result], invocation, subscribing: true)
    }

    static func refresh(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let force = args.has("force")
        let titles = args.values(names)
        var missing: [String] = []
        var notDue: [Subscription] = []
        let results: [FeedRefreshResult] = try StoreAccess.with(invocation) { store in
            let refresher = refresher(store, invocation)
            var chosen: [Subscription]
            if titles.isEmpty {
                chosen = force ? try store.subscriptions() : try refresher.dueSubscriptions()
                if chosen.isEmpty { notDue = try store.subscriptions() }
            } else {
                chosen = []
                let known = try store.calendars().map(\.title)
                for name in titles {
                    let title = (try? StoreAccess.calendarTitle(name, among: known)) ?? name
                    if let subscription = try store.subscription(forCalendar: title) { chosen.append(subscription) } else { missing.append(name) }
                }
            }
            return chosen.map { refresher.refresh($0, force: force) }
        }
        var status = ExitStatus.ok
        for title in missing {
            let error = CLIError.noSuchCalendar("no subscribed calendar '\(title)'")
            if args.value(format) == "json" { CLI.reportAsJSON(error, io: invocation.io) } else { invocation.io.printError("Error: \(error.message)\n") }
            status = status.combined(with: error.status)
        }
        if titles.isEmpty, results.isEmpty, invocation.arguments.value(format) != "json", !invocation.arguments.has("quiet") {
            try invocation.io.print(nothingDueLine(notDue) + "\n")
        }
        return try report(results, invocation, subscribing: false).combined(with: status)
    }

    static func unsubscribe(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let name = invocation.arguments.value(unsubscribeName) ?? ""
        let keep = invocation.arguments.has("keep")
        let title: String = try StoreAccess.with(invocation) { store in
            let title = try StoreAccess.calendarTitle(name, in: store)
            try store.unsubscribe(calendar: title, keepingCalendar: keep)
            return title
        }
        try invocation.io.print(keep ? "\(title): unsubscribed; kept as a writable calendar\n" : "\(title): unsubscribed; calendar deleted\n")
        return .ok
    }

    // MARK: - Reporting

    static func refresher(_ store: EventStore, _ invocation: Invocation) -> FeedRefresher {
        FeedRefresher(store: store, fetcher: FeedFetcher(userAgent: "icalkit/\(CommandTable.version)"), now: invocation.io.now)
    }

    static func parseInterval(_ invocation: Invocation) throws(CLIError) -> RefreshInterval? {
        guard let text = invocation.arguments.value(every) else { return nil }
        guard let interval = RefreshInterval(parsing: text) else {
            throw invocation.usageError("Invalid duration '\(text)' for '--every': expected 15m, 1h, 12h, 1d, 2w or PT6H (at least a minute)")
        }
        return interval
    }

    /// Prints each result (text lines or JSON lines) and returns the worst status.
    static func report(_ results: [FeedRefreshResult], _ invocation: Invocation, subscribing: Bool) throws(CLIError) -> ExitStatus {
        let io = invocation.io
        let json = invocation.arguments.value(format) == "json"
        let quiet = invocation.arguments.has("quiet")
        var status = ExitStatus.ok
        for result in results {
            let failure = result.problem.map(exitStatus)
            if let failure { status = status.combined(with: failure) }
            if !result.diagnostics.isEmpty && failure != nil { io.report(result.diagnostics) }
            if json {
                try io.print(jsonLine(result).renderedLine())
                continue
            }
            let title = result.subscription.calendarTitle
            if failure != nil {
                io.printError("Error: \(title) (\(result.redactedURL)): \(result.message ?? "failed")\(subscribing ? "; not subscribed" : "")\n")
            } else if !quiet {
                try io.print(line(result, subscribing: subscribing) + "\n")
            }
        }
        return status
    }

    static func exitStatus(_ problem: FeedRefreshResult.Problem) -> ExitStatus {
        switch problem {
        case .notICalendar: .dataError
        case .unavailable: .unavailable
        case .store(let error): StoreAccess.cliError(error).status
        case .localIO: .ioError
        }
    }

    /// What a `refresh` that found nothing due says: the next subscription due, or how to add one.
    static func nothingDueLine(_ subscriptions: [Subscription]) -> String {
        guard !subscriptions.isEmpty else { return "No subscriptions; add one with 'icalkit subscribe URL'" }
        let next = subscriptions.filter { !$0.isGone }.compactMap { s in s.nextDue.map { (s.calendarTitle, $0) } }.min { $0.1 < $1.1 }
        let count = subscriptions.count == 1 ? "1 subscription" : "\(subscriptions.count) subscriptions"
        guard let next else { return "Nothing due (\(count)); --force refreshes them now" }
        return "Nothing due (\(count)); next: \(next.0) at \(DateText.utc(next.1)); --force refreshes them now"
    }

    /// `Holidays: 3 added, 1 updated, 20 unchanged, 2 removed`, `Holidays: not modified`.
    static func line(_ result: FeedRefreshResult, subscribing: Bool) -> String {
        let title = result.subscription.calendarTitle
        let next = result.subscription.nextDue.map { "; next refresh \(DateText.utc($0))" } ?? ""
        if subscribing { return "\(title): subscribed to \(result.redactedURL): \(result.added) added\(next)" }
        if result.outcome == .notModified { return "\(title): not modified" }
        return "\(title): \(result.added) added, \(result.updated) updated, \(result.unchanged) unchanged, \(result.removed) removed"
    }

    /// One feed as a JSON object (a line of the report).
    static func jsonLine(_ result: FeedRefreshResult) -> JSONValue {
        let s = result.subscription
        let entries = result.reports.flatMap(\.entries)
        return .object([
            ("schemaVersion", .int(JSONOutput.schemaVersion)),
            ("calendar", .string(s.calendarTitle)),
            ("url", .string(result.redactedURL)),
            ("outcome", .string(result.outcome.rawValue)),
            ("ok", .bool(result.problem == nil)),
            ("message", .nullable(result.message)),
            ("added", .int(result.added)),
            ("updated", .int(result.updated)),
            ("unchanged", .int(result.unchanged)),
            ("removed", .int(result.removed)),
            ("nextDue", .nullable(s.nextDue.map(DateText.utc))),
            ("entries", .array(entries.map { e in
                .object([
                    ("uid", .string(e.uid)),
                    ("recurrenceId", .nullable(e.recurrenceId.map(DateText.utc))),
                    ("outcome", .string(e.outcome.rawValue)),
                ])
            })),
        ])
    }
}
