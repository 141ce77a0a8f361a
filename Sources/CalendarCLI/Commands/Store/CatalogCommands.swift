import CalendarFeeds
import CalendarFormats
import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

/// `export`, `calendars list|create|delete` and `changes`.
enum CatalogCommands {
    // MARK: export

    /// `export [--calendar NAME]... [-o FILE] [--format ics|jcal|json]`: one VCALENDAR per
    /// calendar (all when none is named), with its VTIMEZONEs; `-o` replaces FILE atomically.
    /// jCal is the jCal of that iCalendar.
    static func export(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let format = args.value(StoreCommands.exportFormat) ?? "ics"
        let csv = try CSVOptions.writer(invocation, format: format, zone: invocation.timeZone)
        let progress = ProgressBar(io: io, quiet: args.has("quiet"))
        let pieces: [[UInt8]] = try StoreAccess.with(invocation, reading: true) { store in
            let titles = try StoreAccess.calendarTitles(invocation, in: store) ?? store.calendars().map(\.title)
            var seen: Set<String> = []
            let unique = titles.filter { seen.insert($0).inserted }
            if format == "json" {
                let documents = try unique.enumerated().map { index, title in
                    progress.update(done: index, total: unique.count + 1, label: "reading " + title)
                    return try store.document(forCalendar: title)
                }
                progress.update(done: documents.count, total: documents.count + 1, label: "writing")
                return [Array(JSONOutput.calendars(documents).utf8)]
            }
            if let csv {
                var text = csv.header()
                for title in unique { text += try store.document(forCalendar: title).events.map(csv.row).joined() }
                return [Array(text.utf8)]
            }
            var pieces: [[UInt8]] = []
            for (index, title) in unique.enumerated() {
                progress.update(done: index, total: unique.count, label: "exporting " + title)
                pieces += try exportICS(title, from: store)
            }
            if format == "jcal" {
                return [JCalWriter.jcalText(fromICalendar: pieces.flatMap { $0 }) + Array("\n".utf8)]
            }
            return pieces
        }
        progress.finish()
        // Everything was read before anything is written: a store error leaves no partial output.
        if let path = args.value(StoreCommands.exportOut), path != "-" {
            let output = StreamedOutput(path: path, io: io)
            do throws(CLIError) {
                for piece in pieces { try output.write(piece) }
                try output.commit()
            } catch {
                output.discard()
                throw error
            }
        } else {
            for piece in pieces { try io.write(piece) }
        }
        return .ok
    }

    /// The calendar's VCALENDAR, in pieces: as ``ICalendarWriter`` writes the calendar's
    /// document, with unedited items written from the text the store kept (their models are
    /// not decoded).
    private static func exportICS(_ title: String, from store: EventStore) throws -> [[UInt8]] {
        var writer: CalendarTextWriter?
        var events = ByteChunks()
        var reminders = ByteChunks()
        try store.exportCalendar(title, header: { writer = CalendarTextWriter(header: $0) }) { item in
            switch item {
            case .eventText(let text): writer?.event(originalText: text, to: &events.current)
            case .reminderText(let text): writer?.reminder(originalText: text, to: &reminders.current)
            case .event(let event): writer?.event(event, to: &events.current)
            case .reminder(let reminder): writer?.reminder(reminder, to: &reminders.current)
            }
            events.sealIfFull()
            reminders.sealIfFull()
        }
        guard let writer else { return [] }
        var head: [UInt8] = []
        writer.head(to: &head)
        var tail: [UInt8] = []
        writer.tail(to: &tail)
        return [head] + events.pieces + reminders.pieces + [tail]
    }

    // MARK: calendars

    /// `calendars list [--show-urls] [--format table|json]`: each calendar's access, item
    /// counts, colour and source; a subscription's feed (redacted unless `--show-urls`), last
    /// refresh and next due time.
    static func list(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let io = invocation.io
        let showURLs = invocation.arguments.has("show-urls")
        let (calendars, counts, subscriptions) = try StoreAccess.with(invocation, reading: true) { store in
            (try store.calendars(), try store.itemCounts(),
             Dictionary(try store.subscriptions().map { ($0.calendarTitle, $0) }, uniquingKeysWith: { a, _ in a }))
        }
        /// A source that is a URL may carry a token, whether or not it is subscribed.
        func shown(_ source: String?) -> String? {
            guard let source else { return nil }
            return showURLs || !source.contains("://") ? source : FeedLocation.redact(source)
        }
        func count(_ c: EventCalendar) -> (events: Int, reminders: Int) { c.calendarIdentifier.flatMap { counts[$0] } ?? (0, 0) }
        if invocation.arguments.value(StoreCommands.calendarFormat) == "json" {
            try io.print(JSONValue.object([
                ("schemaVersion", .int(JSONOutput.schemaVersion)),
                ("calendars", .array(calendars.map { c in
                    let feed = subscriptions[c.title]
                    return .object([
                        ("title", .string(c.title)),
                        ("color", .nullable(c.color)),
                        ("description", .nullable(c.calendarDescription)),
                        ("readOnly", .bool(!c.allowsContentModifications)),
                        ("access", .string(c.allowsContentModifications ? "writable" : "read-only")),
                        ("source", .nullable(shown(c.sourceName))),
                        ("timeZone", .nullable(c.defaultTimeZoneIdentifier)),
                        ("events", .int(count(c).events)),
                        ("reminders", .int(count(c).reminders)),
                        ("subscription", feed.map { subscriptionJSON($0, url: shown($0.url) ?? "") } ?? .null),
                    ])
                })),
            ]).rendered())
        } else if calendars.isEmpty {
            try io.print("No calendars.\n")
        } else {
            let rows = calendars.map { c -> [String] in
                let feed = subscriptions[c.title]
                let row = [c.title, c.allowsContentModifications ? "writable" : "read-only", String(count(c).events), String(count(c).reminders),
                           c.color ?? "", shown(feed?.url ?? c.sourceName) ?? ""]
                guard !subscriptions.isEmpty else { return row }
                let last = feed.flatMap { s in s.lastRefresh.map { DateText.utc($0) + " " + (s.lastOutcome?.rawValue ?? "") } } ?? ""
                return row + [last, feed.map { s in s.isGone ? "never (gone)" : s.nextDue.map(DateText.utc) ?? "now" } ?? ""]
            }
            // The refresh columns only when some calendar is subscribed.
            let header = ["TITLE", "ACCESS", "EVENTS", "REMINDERS", "COLOR", "SOURCE"] + (subscriptions.isEmpty ? [] : ["LAST REFRESH", "NEXT DUE"])
            try io.print(TableOutput(timeZone: invocation.timeZone, color: io.usesColor).table(header: header, rows: rows))
        }
        return .ok
    }

    static func subscriptionJSON(_ s: Subscription, url: String) -> JSONValue {
        .object([
            ("url", .string(url)),
            ("interval", s.interval.map { .int(Int($0)) } ?? .null),
            ("feedInterval", s.feedInterval.map { .int(Int($0)) } ?? .null),
            ("lastRefresh", .nullable(s.lastRefresh.map(DateText.utc))),
            ("lastOutcome", .nullable(s.lastOutcome?.rawValue)),
            ("lastMessage", .nullable(s.lastMessage)),
            ("nextDue", .nullable(s.nextDue.map(DateText.utc))),
            ("retryAfter", .nullable(s.retryAfter.map(DateText.utc))),
            ("gone", .bool(s.isGone)),
            ("etag", .bool(s.etag != nil)),
            ("lastModified", .bool(s.lastModified != nil)),
        ])
    }

    /// `calendars set NAME [--title T] [--color C] [--read-only | --writable]`.
    static func set(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let name = args.value(StoreCommands.calendarName) ?? ""
        if let newTitle = args.value(StoreCommands.calendarNewTitle), newTitle.isEmpty {
            throw invocation.usageError("A calendar needs a non-empty title")
        }
        try StoreAccess.with(invocation) { store in
            let title = try StoreAccess.calendarTitle(name, in: store)
            guard var calendar = try store.calendar(titled: title) else { throw CLIError.noSuchCalendar("no calendar titled '\(title)'") }
            if args.has("writable") {
                if try store.subscription(forCalendar: title) != nil {
                    throw CLIError.failure("calendar '\(title)' is a subscribed feed and stays read-only; "
                                           + "'icalkit unsubscribe \(title) --keep' makes it an ordinary, writable calendar")
                }
                calendar.allowsContentModifications = true
            }
            if args.has("read-only") { calendar.allowsContentModifications = false }
            if let color = args.value(StoreCommands.calendarColor) { calendar.color = color }
            if let newTitle = args.value(StoreCommands.calendarNewTitle) { calendar.title = newTitle }
            try store.saveCalendar(calendar)
        }
        return .ok
    }

    static func create(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        guard let title = args.value(StoreCommands.calendarName), !title.isEmpty else {
            throw invocation.usageError("A calendar needs a non-empty NAME")
        }
        try StoreAccess.with(invocation) { store in
            if try store.calendar(titled: title) != nil {
                throw CLIError.failure("calendar '\(title)' already exists")
            }
            var calendar = EventCalendar(title: title)
            calendar.color = args.value(StoreCommands.calendarColor)
            calendar.allowsContentModifications = !args.has("read-only")
            try store.saveCalendar(calendar)
        }
        return .ok
    }

    static func delete(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let name = invocation.arguments.value(StoreCommands.calendarName) ?? ""
        try StoreAccess.with(invocation) { store in try store.removeCalendar(titled: StoreAccess.calendarTitle(name, in: store)) }
        return .ok
    }

    // MARK: changes

    /// `changes --since TOKEN [--format table|json]` →
    /// `{"schemaVersion": 1, "token": N, "changes": [{"token", "uid", "calendar", "change"}]}`.
    static func changes(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let text = args.value(StoreCommands.changesSince) ?? ""
        guard let since = Int64(text), since >= 0 else {
            throw invocation.usageError("Invalid token '\(text)' for '--since': expected a whole number such as 0 or the token of an earlier `changes` output")
        }
        let (token, changes) = try StoreAccess.with(invocation, reading: true) { try $0.changes(since: since) }
        guard since <= token else {
            throw CLIError.failure("token \(since) is beyond the store's last change (token \(token)); "
                                   + "pass a token an earlier `changes` printed, or 0 for everything")
        }
        if args.value(StoreCommands.changesFormat) == "json" {
            try io.print(JSONValue.object([
                ("schemaVersion", .int(JSONOutput.schemaVersion)),
                ("token", .int(Int(token))),
                ("changes", .array(changes.map { c in
                    .object([
                        ("token", .int(Int(c.token))),
                        ("uid", .string(c.uid)),
                        ("calendar", .string(c.calendarTitle)),
                        ("change", .string(c.kind.rawValue)),
                    ])
                })),
            ]).rendered())
        } else {
            let rows = changes.map { [String($0.token), $0.kind.rawValue, $0.calendarTitle, $0.uid] }
            var out = rows.isEmpty ? "No changes.\n"
                : TableOutput(timeZone: invocation.timeZone, color: io.usesColor).table(header: ["TOKEN", "CHANGE", "CALENDAR", "UID"], rows: rows)
            out += "Token: \(token)\n"
            try io.print(out)
        }
        return .ok
    }
}
