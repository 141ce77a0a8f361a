import CalendarModel
import CalendarStore
import Foundation

/// `icalkit search TEXT [--from WHEN --to WHEN | --day DATE | --week [DATE] | --month [YYYY-MM]]
/// [--calendar NAME]... [--tz ZONE] [--format table|json]`: events and reminders whose title,
/// location or notes contain TEXT, without regard to case. With a window, the matching events'
/// occurrences in it (as `events` lists them); without, the matching items themselves.
enum SearchCommand {
    static let text = ArgumentSpec(name: "TEXT", help: "What to look for in titles, locations and notes (case does not matter).")
    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json"]), default: "table")

    static let spec = CommandSpec(
        name: "search",
        abstract: "Find events and reminders by their title, location or notes.",
        discussion: """
            Without a window every matching event (its series once) and reminder is listed, with its ID; \
            with --from/--to, --day, --week or --month, the occurrences of matching events in that window, \
            as 'events' lists them. Matching ignores case.
            --format json: with a window, the document of 'events --format json'; without, \
            {"schemaVersion": 1, "events": [...], "reminders": [...]} with the event objects of \
            'convert --format json' and the reminder objects of 'reminders --format json'.
            \(StoreCommands.whenHelp)
            """,
        arguments: [text],
        options: [StoreCommands.from, StoreCommands.to, StoreCommands.day, QueryWindow.week, QueryWindow.month,
                  StoreCommands.calendar, StoreCommands.tz, format],
        groups: [OptionGroup(alternatives: [[StoreCommands.from.name, StoreCommands.to.name], [StoreCommands.day.name],
                                            [QueryWindow.week.name], [QueryWindow.month.name]])],
        examples: [
            .init(commandLine: "search dentist", explanation: "Every event and reminder that mentions a dentist."),
            .init(commandLine: "search 'room 4' --month --calendar Work", explanation: "This month's Work occurrences in room 4."),
        ],
        usesStore: true,
        handler: .run(run))

    /// True when the title, location or notes contain `needle`, ignoring case.
    static func matches(_ needle: String, _ fields: String?...) -> Bool {
        fields.contains { $0?.range(of: needle, options: .caseInsensitive) != nil }
    }

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let needle = args.value(text) ?? ""
        guard !needle.isEmpty else { throw invocation.usageError("TEXT must not be empty") }
        let zone = invocation.timeZone
        let json = args.value(format) == "json"
        let window = try QueryWindow.resolve(invocation, otherwise: .none)
        let output: String = try StoreAccess.with(invocation, reading: true) { store in
            let titles = try StoreAccess.calendarTitles(invocation, in: store)
            if let window {
                let predicate = EventPredicate(startDate: window.start, endDate: window.end, calendarTitles: titles, timeZone: zone)
                var found = try store.events(matching: predicate).filter { matches(needle, $0.event.title, $0.event.location, $0.event.notes) }
                if json {
                    return OutputBuffer.collecting { try JSONOutput.writeEvents(found, keepOrder: true, wallClockZone: zone, to: &$0) }
                }
                QueryCommands.toWallClockConvention(&found, zone: zone)
                return try StoreAccess.table(invocation, store: store).events(found, keepOrder: true)
            }
            return try items(matching: needle, calendars: titles ?? store.calendars().map(\.title), json: json, invocation: invocation, store: store)
        }
        try invocation.io.print(output)
        return .ok
    }

    /// The matching items of `calendars`: each event series once (its master, else its first
    /// override), then reminders.
    static func items(matching needle: String, calendars: [String], json: Bool, invocation: Invocation, store: EventStore) throws -> String {
        var events: [(event: Event, calendar: String)] = []
        var reminders: [(reminder: Reminder, calendarTitle: String)] = []
        for title in calendars {
            let document = try store.document(forCalendar: title)
            var seen: Set<String> = []
            for e in document.events where matches(needle, e.title, e.location, e.notes) && seen.insert(e.uid).inserted {
                events.append((e, title))
            }
            for r in document.reminders where matches(needle, r.title, r.location, r.notes) {
                reminders.append((r, title))
            }
        }
        events.sort { ($0.event.startDate, $0.event.uid) < ($1.event.startDate, $1.event.uid) }
        if json {
            return JSONValue.object([
                ("schemaVersion", .int(JSONOutput.schemaVersion)),
                ("events", .array(events.map { JSONOutput.calendarEvent($0.event, calendarTitle: $0.calendar, indent: 2) })),
                ("reminders", .array(JSONOutput.sorted(reminders).map { JSONOutput.reminder($0.reminder, calendarTitle: $0.calendarTitle) })),
            ]).rendered()
        }
        if events.isEmpty && reminders.isEmpty { return "Nothing found.\n" }
        let table = try StoreAccess.table(invocation, store: store)
        let ids = table.shortIDs ?? [:]
        let rows = events.map { item -> [String] in
            let e = item.event
            return [ids[e.uid] ?? "", "event", ItemText.eventDate(e.startDate, of: e), e.title + (e.hasRecurrenceRules ? " ↻" : ""), item.calendar]
        } + JSONOutput.sorted(reminders).map { item -> [String] in
            let r = item.reminder
            return [ids[r.uid] ?? "", "reminder", r.dueDateComponents.flatMap { DateText.components($0) } ?? "-", r.title, item.calendarTitle]
        }
        return table.table(header: ["ID", "KIND", "WHEN", "TITLE", "CALENDAR"], rows: rows, shrinkable: [3, 4])
    }
}
