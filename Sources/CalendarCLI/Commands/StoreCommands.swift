/// The commands that work on the store, described in full so that parsing and help follow
/// DESIGN.md's contract. Their handlers live in `Commands/Store/`.
enum StoreCommands {
    // MARK: Shared options

    static let calendar = OptionSpec.option("calendar", value: "NAME", help: "Only this calendar.", repeatable: true)
    static let tz = OptionSpec.option(
        "tz", value: "ZONE", help: "The zone WHEN values and floating times are read in (an IANA name such as Europe/Berlin).",
        kind: .zone, default: "the system zone")
    static let from = OptionSpec.option("from", value: "WHEN", help: "Start of the window (inclusive).", kind: .when)
    static let maxInstances = OptionSpec.option(
        "max-instances", value: "N",
        help: "Stop with an error when one query would expand more than N recurrence instances (limit max-instances-per-query).",
        default: "1000000")
    static let to = OptionSpec.option("to", value: "WHEN", help: "End of the window (exclusive).", kind: .when)

    static let whenHelp = """
        WHEN is YYYY-MM-DD (midnight in --tz), YYYY-MM-DDTHH:MM[:SS[.fff]] (wall clock in --tz; a space \
        may stand for T, and the basic form 20260302T090000 is read too), a time with Z or an offset such \
        as 2026-03-02T09:00:00+01:00 or 2026-03-02T08:00:00.000Z, or a word: now, today, tomorrow, \
        yesterday, a weekday name (the next such day, today when today is one), or an offset from today \
        such as +3d, -2w, +1m, +1y; a day word may take a time, as in 'tomorrow 09:30'.
        """

    // MARK: import

    static let importInput = ArgumentSpec(
        name: "INPUT", help: "An .ics, .vcs (vCalendar 1.0), .jcal (jCal), .json (icalkit JSON) or .csv (a table of events) file, a directory of .ics files, or - for standard input.",
        arity: .oneOrMore)
    static let importCalendar = OptionSpec.option("calendar", value: "NAME", help: "Import into this calendar instead of the file's own name (an existing calendar matches regardless of case).")
    static let importFormat = OptionSpec.option(
        "format", value: "FORMAT", help: "Report format.", kind: .choice(["text", "json"]), default: "text")
    static let importCommand = CommandSpec(
        name: "import",
        abstract: "Import iCalendar files into the store.",
        discussion: """
            Each input is imported in one transaction. Re-importing the same data changes nothing; \
            items with a newer SEQUENCE, LAST-MODIFIED or DTSTAMP are updated, older ones are skipped. \
            Prints one line per file: 'FILE: N added, N updated, N unchanged, N skipped'; \
            diagnostics go to standard error as FILE:LINE: ....
            Exit status: 65 when some items could not be read, or the file not whole (it ends inside a \
            component, an RRULE cannot be read): what was read is imported unless --strict; 65 too when \
            a jCal, JSON or vCalendar input does not have its format's shape: nothing of it is imported; \
            66 when an input is missing, 1 when the store refuses (a read-only or subscribed calendar).
            With --replace, all inputs go into --calendar in ONE transaction, as a feed's refresh: \
            any change of content updates an item whatever its SEQUENCE (a change of DTSTAMP alone does not), \
            items the inputs lack are removed; an input that is missing or not wholly readable changes nothing.
            """,
        arguments: [importInput],
        options: [
            importCalendar,
            .flag("read-only", help: "Mark the imported calendars read-only."),
            .flag("strict", help: "Import nothing from a file with any error (an unreadable item, RRULE, or a file cut short)."),
            .flag("dry-run", help: "Read and report, but do not change the store."),
            .flag("replace", help: "Mirror the inputs into --calendar: it ends holding exactly their items (others are removed), in one transaction; implies --strict."),
            importFormat, InputFile.csvZone, DiagnosticReporting.maxDiagnostics,
            .flag("quiet", short: "q", help: "No progress bar (it is drawn only when standard error is a terminal)."),
        ],
        examples: [
            .init(commandLine: "import team.ics", explanation: "Import one file; prints 'team.ics: 4 added, 0 updated, 0 unchanged, 0 skipped'."),
            .init(commandLine: "import feeds/", explanation: "Import every .ics file under feeds/, in path order."),
            .init(commandLine: "import holidays.ics --calendar Holidays --read-only", explanation: "Import a feed as a read-only calendar."),
            .init(commandLine: "import new.ics --dry-run --format json", explanation: "Show what an import would do, as JSON."),
            .init(commandLine: "import a.ics b.ics --calendar Team --replace",
                  explanation: "Make Team hold exactly the items of a.ics and b.ics; prints 'Team: N added, N updated, N unchanged, 0 skipped, N removed'."),
        ],
        usesStore: true,
        handler: .run(ImportCommand.run))

    // MARK: events

    static let day = OptionSpec.option("day", value: "DATE", help: "The whole day DATE (YYYY-MM-DD, or a word such as today or friday) in --tz.", kind: .day)
    static let eventsFormat = OptionSpec.option(
        "format", value: "FORMAT", help: "Output format (ics and jcal: the whole series of each listed event; csv: a row per occurrence).",
        kind: .choice(["table", "json", "ics", "jcal", "csv"]), default: "table")
    static let eventsCommand = CommandSpec(
        name: "events",
        abstract: "List event occurrences in a window, with recurrences expanded.",
        discussion: """
            An occurrence is listed when it starts before --to and ends after --from. Without a window \
            (--from/--to, --day, --week or --month) the agenda is listed: today and the next 7 days. \
            Cancelled occurrences are left out unless --include-cancelled.
            \(whenHelp)
            \(CSVOptions.discussion)
            """,
        options: [
            from, to, day, QueryWindow.week, QueryWindow.month, calendar, tz,
            eventsFormat, CSVOptions.columns, CSVOptions.bom,
            .flag("include-cancelled", help: "Also list cancelled occurrences (STATUS:CANCELLED)."),
            maxInstances,
        ],
        groups: [OptionGroup(alternatives: [[from.name, to.name], [day.name], [QueryWindow.week.name], [QueryWindow.month.name]])],
        examples: [
            .init(commandLine: "events", explanation: "The agenda: today and the next 7 days."),
            .init(commandLine: "events --day tomorrow", explanation: "Everything tomorrow, in the system zone."),
            .init(commandLine: "events --week", explanation: "This week, Monday to Sunday."),
            .init(commandLine: "events --day 2026-03-02", explanation: "Everything on 2 March 2026, in the system zone."),
            .init(commandLine: "events --from 2026-03-01 --to 2026-04-01 --tz Europe/Berlin --format json",
                  explanation: "March 2026 in Berlin as JSON."),
            .init(commandLine: "events --month 2026-04 --format csv --bom > april.csv",
                  explanation: "April's occurrences as a table for a spreadsheet or a calendar's CSV import."),
            .init(commandLine: "events --day 2026-03-02 --calendar Work --format ics > day.ics",
                  explanation: "The series with an occurrence that day, as iCalendar."),
        ],
        usesStore: true,
        handler: .run(QueryCommands.events))

    // MARK: reminders

    static let remindersFormat = OptionSpec.option(
        "format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json"]), default: "table")
    static let remindersCommand = CommandSpec(
        name: "reminders",
        abstract: "List reminders (to-dos).",
        discussion: "--from and --to (or --week, --month) filter by due date (by completion date with --completed).\n" + whenHelp,
        options: [
            .flag("incomplete", help: "Only reminders not completed."),
            .flag("completed", help: "Only completed reminders."),
            from, to, QueryWindow.week, QueryWindow.month, calendar, tz,
            remindersFormat,
        ],
        groups: [OptionGroup(alternatives: [["incomplete"], ["completed"]]),
                 OptionGroup(alternatives: [[QueryWindow.week.name], [QueryWindow.month.name]])],
        examples: [
            .init(commandLine: "reminders --incomplete --format json", explanation: "Open reminders as JSON."),
            .init(commandLine: "reminders --incomplete --to 2026-04-01", explanation: "Open reminders due before April 2026."),
            .init(commandLine: "reminders --incomplete --week", explanation: "Open reminders due this week."),
        ],
        usesStore: true,
        handler: .run(QueryCommands.reminders))

    // MARK: export

    static let exportOut = OptionSpec.option(
        "out", short: "o", value: "FILE", help: "Write to FILE instead of standard output (replaced whole or not at all; a device or FIFO is written in place).")
    static let exportFormat = OptionSpec.option(
        "format", value: "FORMAT", help: "Output format: ics (iCalendar), jcal (RFC 7265 jCal, the same content), json (the shape of 'convert --format json') or csv (a row per event; a series is its first occurrence; no reminders).",
        kind: .choice(["ics", "jcal", "json", "csv"]), default: "ics").aliased("to")
    static let exportCommand = CommandSpec(
        name: "export",
        abstract: "Export calendars from the store.",
        discussion: """
            One VCALENDAR per calendar, each with its VTIMEZONEs. Items never edited are written from \
            their original text; time zones keep their original TZIDs.
            \(CSVOptions.discussion)
            """,
        options: [calendar, exportOut, exportFormat, CSVOptions.columns, CSVOptions.bom, tz,
                  .flag("quiet", short: "q", help: "No progress bar (it is drawn only when standard error is a terminal).")],
        examples: [
            .init(commandLine: "export --calendar Work -o work.ics", explanation: "Export one calendar."),
            .init(commandLine: "export > everything.ics", explanation: "Every calendar, one VCALENDAR each."),
            .init(commandLine: "export --format jcal -o everything.jcal", explanation: "The same as jCal (one calendar, or an array of them)."),
            .init(commandLine: "export --calendar Work --format csv --bom -o work.csv", explanation: "A table for a spreadsheet or Google's and Outlook's CSV import."),
        ],
        usesStore: true,
        handler: .run(CatalogCommands.export))

    // MARK: calendars

    static let calendarFormat = OptionSpec.option(
        "format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json"]), default: "table")
    static let calendarName = ArgumentSpec(name: "NAME", help: "The calendar's title.")
    static let calendarColor = OptionSpec.option("color", value: "C", help: "Its colour, e.g. #FF2968.")
    static let calendarNewTitle = OptionSpec.option("title", value: "T", help: "Its new title.")
    static let calendarsCommand = CommandSpec(
        name: "calendars",
        abstract: "List, create, change or delete calendars.",
        subcommands: [
            CommandSpec(name: "list", abstract: "List calendars.",
                        discussion: """
                            For each calendar: its access (writable or read-only), how many events and reminders it \
                            holds, its colour and source; for a subscription, its feed URL (redacted unless \
                            --show-urls), the last refresh (time and outcome) and when it is next due.
                            """,
                        options: [calendarFormat, .flag("show-urls", help: "Show feed URLs whole (they may carry a private token).")],
                        usesStore: true, handler: .run(CatalogCommands.list)),
            CommandSpec(name: "create", abstract: "Create an empty calendar.", arguments: [calendarName],
                        options: [.flag("read-only", help: "Refuse changes to its content."), calendarColor],
                        examples: [.init(commandLine: "calendars create Work --color '#1BADF8'", explanation: "A new calendar.")],
                        usesStore: true, handler: .run(CatalogCommands.create)),
            CommandSpec(name: "delete", abstract: "Delete a calendar and everything in it (read-only ones too).",
                        arguments: [calendarName], usesStore: true, handler: .run(CatalogCommands.delete)),
            CommandSpec(name: "set", abstract: "Change a calendar's title, colour or access.",
                        discussion: "A subscribed calendar stays read-only: 'unsubscribe NAME --keep' makes it writable.",
                        arguments: [calendarName],
                        options: [calendarNewTitle, calendarColor,
                                  .flag("read-only", help: "Refuse changes to its content."),
                                  .flag("writable", help: "Allow changes to its content again.")],
                        groups: [OptionGroup(alternatives: [["read-only"], ["writable"]])],
                        examples: [.init(commandLine: "calendars set Work --title Office --color '#1BADF8'", explanation: "Rename and recolour.")],
                        usesStore: true, handler: .run(CatalogCommands.set)),
        ],
        defaultSubcommand: "list",
        usesStore: true,
        handler: .group)

    // MARK: add

    static let addTitle = OptionSpec.option("title", value: "T", help: "The title.", required: true)
    static let addStart = OptionSpec.option("start", value: "WHEN", help: "The start (a DATE with --all-day).", kind: .when, required: true)
    static let addEnd = OptionSpec.option("end", value: "WHEN", help: "The end (exclusive).", kind: .when)
    static let addDuration = OptionSpec.option("duration", value: "DUR", help: "The length instead of --end, e.g. 45m or 1h30m.")
    static let addLocation = OptionSpec.option("location", value: "L", help: "The location.")
    static let addNotes = OptionSpec.option("notes", value: "N", help: "Notes.")
    static let addURL = OptionSpec.option("url", value: "U", help: "A URL.")
    static let addCalendar = OptionSpec.option("calendar", value: "NAME", help: "The calendar to add to.", default: "the default calendar")
    static let addRRule = OptionSpec.option("rrule", value: "RULE", help: "An RFC 5545 recurrence rule, e.g. FREQ=WEEKLY;BYDAY=MO.")
    static let addAlarm = OptionSpec.option(
        "alarm", value: "OFFSET",
        help: "An alarm relative to the start: 15m or -15m is 15 minutes before it, +15m after it (also 1h, 2d, -PT15M).",
        repeatable: true)
    static let addEvent = CommandSpec(
        name: "event",
        abstract: "Add an event.",
        discussion: whenHelp + "\nDUR is a length such as 45m, 1h30m or PT1H30M. Without --end or --duration an event "
            + "lasts one hour, an all-day event one day. An alarm offset without a sign, or with -, is before the start; "
            + "with + after it.\nPrints the new event as 'show' does (--format json: its JSON; --quiet: its UID only).",
        options: [
            addTitle, addStart, addEnd, addDuration,
            .flag("all-day", help: "An all-day event: --start and --end are dates."),
            tz, addLocation, addNotes, addURL, addCalendar, addRRule, addAlarm, AddCommands.format, AddCommands.quiet,
        ],
        groups: [OptionGroup(alternatives: [["end"], ["duration"]])],
        examples: [
            .init(commandLine: "add event --title Lunch --start 'tomorrow 12:30'", explanation: "One hour from 12:30 tomorrow."),
            .init(commandLine: "add event --title Standup --start 2026-03-02T09:00 --duration 15m --rrule 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR' --alarm 5m",
                  explanation: "A weekday standup with an alarm five minutes before."),
            .init(commandLine: "add event --title Offsite --start 2026-06-17 --end 2026-06-19 --all-day",
                  explanation: "A two-day all-day event (the end date is exclusive)."),
        ],
        usesStore: true,
        handler: .run(AddCommands.event))

    static let reminderTitle = OptionSpec.option("title", value: "T", help: "The title.", required: true)
    static let reminderDue = OptionSpec.option("due", value: "WHEN", help: "When it is due (a date, or a time in --tz).", kind: .when)
    static let reminderPriority = OptionSpec.option(
        "priority", value: "high|medium|low|none|0-9", help: "Priority: high 1, medium 5, low 9, none 0, or 0-9 (1 highest).")
    static let reminderNotes = OptionSpec.option("notes", value: "N", help: "Notes.")
    static let reminderCalendar = OptionSpec.option("calendar", value: "NAME", help: "The calendar to add to.", default: "the default reminders calendar")
    static let addReminder = CommandSpec(
        name: "reminder",
        abstract: "Add a reminder.",
        discussion: whenHelp + "\nPrints the new reminder as 'show' does (--format json: its JSON; --quiet: its UID only).",
        options: [reminderTitle, reminderDue, reminderPriority, reminderNotes, reminderCalendar, tz, AddCommands.format, AddCommands.quiet],
        examples: [.init(commandLine: "add reminder --title 'Pay rent' --due 2026-04-01 --priority high", explanation: "A dated reminder.")],
        usesStore: true,
        handler: .run(AddCommands.reminder))

    static let addCommand = CommandSpec(
        name: "add",
        abstract: "Add an event or a reminder.",
        subcommands: [addEvent, addReminder],
        usesStore: true,
        handler: .group)

    // MARK: complete, delete, edit, changes

    static let occurrence = OptionSpec.option(
        "occurrence", value: "WHEN",
        help: "Only the occurrence that starts (or started, before an override) at WHEN, read in the event's own zone "
            + "(for a floating or all-day event, in --tz).",
        kind: .when)
    static let future = OptionSpec.flag("future", help: "That occurrence and all later ones.", requires: ["occurrence"])

    static let completeCommand = CommandSpec(
        name: "complete",
        abstract: "Mark a reminder completed.",
        discussion: ItemReference.idHelp,
        arguments: [ItemReference.id],
        options: [.flag("undo", help: "Mark it not completed again."), ItemReference.calendar],
        examples: [.init(commandLine: "complete 3F6A9C2E-71B4-4D08-95E3-B2C7A0D14F86", explanation: "Mark a reminder done.")],
        usesStore: true,
        handler: .run(EditCommands.complete))

    static let deleteCommand = CommandSpec(
        name: "delete",
        abstract: "Delete an event or reminder, or some occurrences of a series.",
        discussion: """
            Without --occurrence the whole item goes. With it, one occurrence of a series is removed \
            (an EXDATE); with --future as well, the series ends before it. When the event has no occurrence \
            at WHEN, the error lists that day's occurrences.
            \(ItemReference.idHelp)
            \(whenHelp)
            """,
        arguments: [ItemReference.id],
        options: [occurrence, future, ItemReference.calendar, tz],
        examples: [
            .init(commandLine: "delete standup@example.com --occurrence 2026-03-04T09:00", explanation: "Remove one occurrence (adds an EXDATE)."),
            .init(commandLine: "delete standup@example.com --occurrence 2026-03-04T09:00 --future",
                  explanation: "End a series before 4 March 2026."),
        ],
        usesStore: true,
        handler: .run(EditCommands.delete))

    static let editCommand = CommandSpec(
        name: "edit",
        abstract: "Change an event or reminder, or some occurrences of a series.",
        discussion: """
            With --occurrence, only that occurrence changes (an override with RECURRENCE-ID WHEN); with \
            --future as well, the series is split: it ends before WHEN and a new series (new UID, printed) \
            starts there with the changes. Every edit bumps SEQUENCE and LAST-MODIFIED. \
            Events take --start, --end or --duration, --all-day or --no-all-day, --zone, --location, --url, --notes, \
            --status, --rrule or --no-rrule, --alarm and --no-alarms; reminders take --title, --notes, --due or \
            --no-due, --start, --priority, --completed or --incomplete. --move-to moves the whole item.
            \(ItemReference.idHelp)
            \(whenHelp)
            """,
        arguments: [ItemReference.id],
        options: [occurrence, future] + EditOptions.fields + [ItemReference.calendar, tz],
        groups: EditOptions.groups,
        examples: [
            .init(commandLine: "edit standup@example.com --occurrence 2026-03-04T09:00 --start 2026-03-04T10:00",
                  explanation: "Move one occurrence (creates an override)."),
            .init(commandLine: "edit standup@example.com --occurrence 2026-03-16T09:00 --future --title 'Sync'",
                  explanation: "Rename the series from 16 March on (prints the new series' UID)."),
            .init(commandLine: "edit standup@example.com --no-alarms --alarm 10m --zone Europe/London",
                  explanation: "One alarm 10 minutes before; the same wall clock, in London."),
            .init(commandLine: "edit 3f9a1c --due friday --priority high", explanation: "A reminder by its short ID."),
            .init(commandLine: "edit standup@example.com --calendar Work --move-to Team", explanation: "Move the Work copy to Team."),
        ],
        usesStore: true,
        handler: .run(EditCommands.edit))

    static let changesSince = OptionSpec.option("since", value: "TOKEN", help: "A token from an earlier `changes` output.", required: true)
    static let changesFormat = OptionSpec.option(
        "format", value: "FORMAT", help: "Output format.", kind: .choice(["table", "json"]), default: "table")
    static let changesCommand = CommandSpec(
        name: "changes",
        abstract: "List what changed in the store since a token.",
        discussion: """
            --since 0 lists every logged change. The output ends with the current token; pass it to the \
            next call to see only what changed after it (a token beyond it is an error). A change is added, \
            updated or deleted (an item, by UID), or calendar-created or calendar-deleted (with an empty UID; \
            a calendar's deletion comes after the deletion of each item it held).
            """,
        options: [changesSince, changesFormat],
        examples: [.init(commandLine: "changes --since 0 --format json", explanation: "Everything, and the token to use next time.")],
        usesStore: true,
        handler: .run(CatalogCommands.changes))
}
