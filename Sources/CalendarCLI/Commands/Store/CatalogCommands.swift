import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

/// `export`, `calendars list|create|delete` and `changes`.
enum CatalogCommands {
    // MARK: export

    /// `export [--calendar NAME]... [-o FILE] [--format ics|json]`: one VCALENDAR per
    /// calendar (all when none is named), with its VTIMEZONEs; `-o` replaces FILE atomically.
    static func export(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let format = args.value(StoreCommands.exportFormat) ?? "ics"
        let progress = ProgressBar(io: io, quiet: args.has("quiet"))
        let pieces: [[UInt8]] = try StoreAccess.with(invocation, reading: true) { store in
            let titles = try StoreAccess.calendarTitles(invocation) ?? store.calendars().map(\.title)
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
            var pieces: [[UInt8]] = []
            for (index, title) in unique.enumerated() {
                progress.update(done: index, total: unique.count, label: "exporting " + title)
                pieces += try exportICS(title, from: store)
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

    static func list(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let io = invocation.io
        let calendars: [EventCalendar] = try StoreAccess.with(invocation, reading: true) { try $0.calendars() }
        if invocation.arguments.value(StoreCommands.calendarFormat) == "json" {
            try io.print(JSONValue.object([
                ("schemaVersion", .int(JSONOutput.schemaVersion)),
                ("calendars", .array(calendars.map { c in
                    .object([
                        ("title", .string(c.title)),
                        ("color", .nullable(c.color)),
                        ("description", .nullable(c.calendarDescription)),
                        ("readOnly", .bool(!c.allowsContentModifications)),
                        ("source", .nullable(c.sourceName)),
                        ("timeZone", .nullable(c.defaultTimeZoneIdentifier)),
                    ])
                })),
            ]).rendered())
        } else if calendars.isEmpty {
            try io.print("No calendars.\n")
        } else {
            let rows = calendars.map { c in
                [c.title, c.allowsContentModifications ? "" : "read-only", c.color ?? "", c.sourceName ?? ""]
            }
            try io.print(TableOutput(timeZone: invocation.timeZone, color: io.usesColor)
                .table(header: ["TITLE", "ACCESS", "COLOR", "SOURCE"], rows: rows))
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
        let title = invocation.arguments.value(StoreCommands.calendarName) ?? ""
        try StoreAccess.with(invocation) { store in try store.removeCalendar(titled: title) }
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
