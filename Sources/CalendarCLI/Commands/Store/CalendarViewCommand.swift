import CalendarModel
import CalendarStore
import Foundation

/// `icalkit calendar [--month YYYY-MM | --week DATE] [--calendar NAME]... [--tz ZONE]
/// [--format text|html] [-o FILE]`: a month or week to look at, in the terminal or as a web page.
enum CalendarViewCommand {
    static let month = QueryWindow.month
    static let week = QueryWindow.week
    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "text: a grid and agenda fitted to the terminal; html: one self-contained page.",
        kind: .choice(["text", "html"]), default: "text")
    static let out = OptionSpec.option(
        "out", short: "o", value: "FILE", help: "Write to FILE instead of standard output (replaced whole or not at all).")

    static let spec = CommandSpec(
        name: "calendar",
        abstract: "Show a month or a week as a grid, with its agenda.",
        discussion: """
            The grid starts on Monday; days with events are marked with •, today is in brackets. The agenda of \
            the period goes beside the grid when the terminal is wide enough (the COLUMNS variable, else the \
            terminal's width, else 80), below it otherwise. Zoned events are shown in --tz; floating and all-day \
            ones as written. --format html writes one page with no external assets, readable offline and on a \
            phone: the grid with each day's events, and the agenda below.
            """,
        options: [month, week, StoreCommands.calendar, StoreCommands.tz, format, out,
                  .flag("include-cancelled", help: "Also show cancelled occurrences (STATUS:CANCELLED).")],
        groups: [OptionGroup(alternatives: [[month.name], [week.name]])],
        examples: [
            .init(commandLine: "calendar", explanation: "This month, with its agenda."),
            .init(commandLine: "calendar --week 2026-03-04 --calendar Work", explanation: "The week of 2 March 2026 in the Work calendar."),
            .init(commandLine: "calendar --month 2026-03 --format html -o march.html", explanation: "March 2026 as a web page."),
        ],
        usesStore: true,
        handler: .run(run))

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let zone = invocation.timeZone
        let now = io.now()
        let today = QueryWindow.day(of: now, in: zone)
        let kind: CalendarPeriod.Kind
        let layout: (days: ClosedRange<CalendarPeriod.Day>, weeks: [[CalendarPeriod.Day]])
        if args.has(week.name) {
            kind = .week
            layout = CalendarPeriod.week(holding: QueryWindow.day(of: args.date(week) ?? now, in: zone))
        } else {
            let (year, number) = try QueryWindow.monthValue(invocation)
            kind = .month(year: year, month: number)
            layout = CalendarPeriod.month(year: year, month: number)
        }
        guard let first = layout.weeks.first?.first, let last = layout.weeks.last?.last else { return .ok }
        let start = WallClock.instant(CalendarPeriod.wall(of: first), in: zone)
        let end = WallClock.instant(CalendarPeriod.wall(of: last + 1), in: zone)
        let text: String = try StoreAccess.with(invocation, reading: true) { store in
            let predicate = EventPredicate(startDate: start, endDate: end, calendarTitles: try StoreAccess.calendarTitles(invocation, in: store),
                                           timeZone: zone, includesCancelled: args.has("include-cancelled"))
            var occurrences = try store.events(matching: predicate)
            QueryCommands.toWallClockConvention(&occurrences, zone: zone)
            let period = CalendarPeriod(kind: kind, days: layout.days, weeks: layout.weeks, today: today,
                                        occurrences: occurrences, timeZone: zone)
            if args.value(format) == "html" { return CalendarPage(period: period).render() }
            return TerminalCalendar(period: period, width: io.terminalColumns, color: io.usesColor).render()
        }
        if let path = args.value(out), path != "-" {
            try OutputFile.write(Data(text.utf8), to: path)
        } else {
            try io.print(text)
        }
        return .ok
    }
}
