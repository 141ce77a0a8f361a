import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

/// `export`, `calendars list|create|delete` and `changes`.
enum CatalogCommands {
    // MARK: export

    /// `export [--calendar NAME]... [-o FILE] [--format ics|jcal|json]`: one VCALENDAR per
    /// calendar (all when none is named), with its VTIMEZONEs; `-o` replaces FILE atomically.
    static func export(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let format = args.value(StoreCommands.exportFormat) ?? "ics"
        if format == "jcal" {
            throw CLIError.failure("jCal output (--format jcal) is not implemented yet")
        }
        let progress = ProgressBar(io: io, quiet: args.has("quiet"))
        let documents: [CalendarDocument] = try StoreAccess.with(invocation) { store in
            let titles = try StoreAccess.calendarTitles(invocation) ?? store.calendars().map(\.title)
            var seen: Set<String> = []
            let unique = titles.filter { seen.insert($0).inserted }
            return try unique.enumerated().map { index, title in
                progress.update(done: index, total: unique.count + 1, label: "reading " + title)
                return try store.document(forCalendar: title)
            }
        }
        progress.update(done: documents.count, total: documents.count + 1, label: "writing")
        let bytes = format == "json" ? Data(JSONOutput.calendars(documents).utf8) : Data(ICalendarWriter().encoded(documents))
        progress.finish()
        if let out = args.value(StoreCommands.exportOut), out != "-" {
            try OutputFile.write(bytes, to: out)
        } else {
            try io.write(bytes)
        }
        return .ok
    }

    // MARK: calendars

    static func list(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let io = invocation.io
        let calendars: [EventCalendar] = try StoreAccess.with(invocation) { try $0.calendars() }
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
        let (token, changes) = try StoreAccess.with(invocation) { try $0.changes(since: since) }
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
