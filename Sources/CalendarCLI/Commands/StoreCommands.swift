/// The commands that work on the store, described in full so that parsing and help already
/// follow DESIGN.md's contract. Their handlers are `.notImplemented` until `CalendarStore` lands;
/// wiring one is replacing its handler with `.run { invocation in ... }`.
enum StoreCommands {
    static let notImplemented = CommandSpec.Handler.notImplemented(reason: "it needs the calendar store")

    // MARK: Shared options

    static let calendar = OptionSpec.option("calendar", value: "NAME", help: "Only this calendar.", repeatable: true)
    static let tz = OptionSpec.option(
        "tz", value: "ZONE", help: "The zone WHEN values and floating times are read in (an IANA name such as Europe/Berlin).",
        kind: .zone, default: "the system zone")
    static let from = OptionSpec.option("from", value: "WHEN", help: "Start of the window (inclusive).", kind: .when)
    static let to = OptionSpec.option("to", value: "WHEN", help: "End of the window (exclusive).", kind: .when)

    static let whenHelp = """
        WHEN is YYYY-MM-DD (midnight in --tz), YYYY-MM-DDTHH:MM[:SS] (wall clock in --tz), or a time \
        with Z or an offset such as 2026-03-02T09:00:00+01:00.
        """

    // MARK: import

    static let importInput = ArgumentSpec(
        name: "INPUT", help: "An .ics file, a directory of them, or - for standard input.", arity: .oneOrMore)
    static let importCommand = CommandSpec(
        name: "import",
        abstract: "Import iCalendar files into the store.",
        discussion: """
            Each input is imported in one transaction. Re-importing the same data changes nothing; \
            items with a newer SEQUENCE, LAST-MODIFIED or DTSTAMP are updated.
            Exit status: 65 when some items could not be read (the rest is imported unless --strict).
            """,
        arguments: [importInput],
        options: [
            .option("calendar", value: "NAME", help: "Import into this calendar instead of the file's own name."),
            .flag("read-only", help: "Mark the imported calendars read-only."),
            .flag("strict", help: "Import nothing from a file with any unreadable item."),
            .flag("dry-run", help: "Read and report, but do not change the store."),
        ],
        examples: [
            .init(commandLine: "import team.ics", explanation: "Import one file."),
            .init(commandLine: "import holidays.ics --calendar Holidays --read-only", explanation: "Import a feed as a read-only calendar."),
        ],
        usesStore: true,
        handler: notImplemented)

    // MARK: events

    static let day = OptionSpec.option("day", value: "DATE", help: "The whole day DATE (YYYY-MM-DD) in --tz.", kind: .day)
    static let eventsCommand = CommandSpec(
        name: "events",
        abstract: "List event occurrences in a window, with recurrences expanded.",
        discussion: """
            An occurrence is listed when it starts before --to and ends after --from. \
            Cancelled occurrences are left out unless --include-cancelled.
            \(whenHelp)
            """,
        options: [
            from, to, day, calendar, tz,
            .option("format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json", "ics"]), default: "table"),
            .flag("include-cancelled", help: "Also list cancelled occurrences (STATUS:CANCELLED)."),
        ],
        groups: [OptionGroup(alternatives: [[from.name, to.name], [day.name]], required: true)],
        examples: [
            .init(commandLine: "events --day 2026-03-02", explanation: "Everything on 2 March 2026, in the system zone."),
            .init(commandLine: "events --from 2026-03-01 --to 2026-04-01 --tz Europe/Berlin --format json",
                  explanation: "March 2026 in Berlin as JSON."),
        ],
        usesStore: true,
        handler: notImplemented)

    // MARK: reminders

    static let remindersCommand = CommandSpec(
        name: "reminders",
        abstract: "List reminders (to-dos).",
        discussion: "--from and --to filter by due date (by completion date with --completed).\n" + whenHelp,
        options: [
            .flag("incomplete", help: "Only reminders not completed."),
            .flag("completed", help: "Only completed reminders."),
            from, to, calendar, tz,
            .option("format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json"]), default: "table"),
        ],
        groups: [OptionGroup(alternatives: [["incomplete"], ["completed"]])],
        examples: [.init(commandLine: "reminders --incomplete --format json", explanation: "Open reminders as JSON.")],
        usesStore: true,
        handler: notImplemented)

    // MARK: export

    static let exportCommand = CommandSpec(
        name: "export",
        abstract: "Export calendars from the store.",
        discussion: "Items never edited are written from their original text; time zones keep their original TZIDs.",
        options: [
            calendar,
            .option("out", short: "o", value: "FILE", help: "Write to FILE instead of standard output (replaced whole or not at all)."),
            .option("format", value: "FORMAT", help: "Output format.", kind: .choice(["ics", "jcal", "json"]), default: "ics"),
        ],
        examples: [.init(commandLine: "export --calendar Work -o work.ics", explanation: "Export one calendar.")],
        usesStore: true,
        handler: notImplemented)

    // MARK: calendars

    static let calendarFormat = OptionSpec.option(
        "format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json"]), default: "table")
    static let calendarName = ArgumentSpec(name: "NAME", help: "The calendar's title.")
    static let calendarsCommand = CommandSpec(
        name: "calendars",
        abstract: "List, create or delete calendars.",
        subcommands: [
            CommandSpec(name: "list", abstract: "List calendars.", options: [calendarFormat], usesStore: true, handler: notImplemented),
            CommandSpec(name: "create", abstract: "Create an empty calendar.", arguments: [calendarName], usesStore: true, handler: notImplemented),
            CommandSpec(name: "delete", abstract: "Delete a calendar and everything in it.", arguments: [calendarName], usesStore: true,
                        handler: notImplemented),
        ],
        defaultSubcommand: "list",
        usesStore: true,
        handler: .group)

    // MARK: add

    static let addEvent = CommandSpec(
        name: "event",
        abstract: "Add an event.",
        discussion: whenHelp + "\nDUR is a length such as 45m, 1h30m or PT1H30M; an alarm offset such as -15m is before the start.",
        options: [
            .option("title", value: "T", help: "The title.", required: true),
            .option("start", value: "WHEN", help: "The start (a DATE with --all-day).", kind: .when, required: true),
            .option("end", value: "WHEN", help: "The end (exclusive).", kind: .when),
            .option("duration", value: "DUR", help: "The length instead of --end."),
            .flag("all-day", help: "An all-day event: --start and --end are dates."),
            tz,
            .option("location", value: "L", help: "The location."),
            .option("notes", value: "N", help: "Notes."),
            .option("url", value: "U", help: "A URL."),
            .option("calendar", value: "NAME", help: "The calendar to add to."),
            .option("rrule", value: "RULE", help: "An RFC 5545 recurrence rule, e.g. FREQ=WEEKLY;BYDAY=MO."),
            .option("alarm", value: "OFFSET", help: "An alarm relative to the start, e.g. -15m.", repeatable: true),
        ],
        groups: [OptionGroup(alternatives: [["end"], ["duration"]], required: true)],
        examples: [
            .init(commandLine: "add event --title Standup --start 2026-03-02T09:00 --duration 15m --rrule 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR' --alarm -5m",
                  explanation: "A weekday standup with an alarm five minutes before."),
        ],
        usesStore: true,
        handler: notImplemented)

    static let addReminder = CommandSpec(
        name: "reminder",
        abstract: "Add a reminder.",
        discussion: whenHelp,
        options: [
            .option("title", value: "T", help: "The title.", required: true),
            .option("due", value: "WHEN", help: "When it is due.", kind: .when),
            .option("priority", value: "high|medium|low|none|0-9", help: "Priority (1 highest, 9 lowest, 0 none)."),
            .option("notes", value: "N", help: "Notes."),
            .option("calendar", value: "NAME", help: "The calendar to add to."),
            tz,
        ],
        examples: [.init(commandLine: "add reminder --title 'Pay rent' --due 2026-04-01 --priority high", explanation: "A dated reminder.")],
        usesStore: true,
        handler: notImplemented)

    static let addCommand = CommandSpec(
        name: "add",
        abstract: "Add an event or a reminder.",
        subcommands: [addEvent, addReminder],
        usesStore: true,
        handler: .group)

    // MARK: complete, delete, edit, changes

    static let uid = ArgumentSpec(name: "UID", help: "The item's UID.")
    static let occurrence = OptionSpec.option(
        "occurrence", value: "WHEN", help: "Only the occurrence that starts (or started, before an override) at WHEN.", kind: .when)
    static let future = OptionSpec.flag("future", help: "That occurrence and all later ones.", requires: ["occurrence"])

    static let completeCommand = CommandSpec(
        name: "complete",
        abstract: "Mark a reminder completed.",
        arguments: [uid],
        options: [.flag("undo", help: "Mark it not completed again.")],
        usesStore: true,
        handler: notImplemented)

    static let deleteCommand = CommandSpec(
        name: "delete",
        abstract: "Delete an event or reminder, or some occurrences of a series.",
        discussion: whenHelp,
        arguments: [uid],
        options: [occurrence, future, tz],
        examples: [.init(commandLine: "delete standup@example.com --occurrence 2026-03-04T09:00 --future",
                         explanation: "End a series before 4 March 2026.")],
        usesStore: true,
        handler: notImplemented)

    static let editCommand = CommandSpec(
        name: "edit",
        abstract: "Change an event or reminder, or some occurrences of a series.",
        discussion: whenHelp,
        arguments: [uid],
        options: [
            occurrence, future,
            .option("title", value: "T", help: "The new title."),
            .option("start", value: "WHEN", help: "The new start.", kind: .when),
            .option("end", value: "WHEN", help: "The new end.", kind: .when),
            .option("location", value: "L", help: "The new location."),
            .option("notes", value: "N", help: "The new notes."),
            .option("url", value: "U", help: "The new URL."),
            tz,
        ],
        usesStore: true,
        handler: notImplemented)

    static let changesCommand = CommandSpec(
        name: "changes",
        abstract: "List what changed in the store since a token.",
        options: [
            .option("since", value: "TOKEN", help: "A token from an earlier `changes` output.", required: true),
            .option("format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json"]), default: "table"),
        ],
        usesStore: true,
        handler: notImplemented)
}
