import CalendarModel
import CalendarStore
import Foundation

/// `icalkit calendar [--month YYYY-MM | --week DATE] [--calendar NAME]... [--tz ZONE]
/// [--format text|html] [-o FILE]`: a month or week to look at, in the terminal or as a web page.
enum CalendarViewCommand {
    static let month = OptionSpec.option("month", value: "YYYY-MM", help: "The month to show (default: this month in --tz).")
    static let week = OptionSpec.option("week", value: "DATE", help: "The week (Monday to Sunday) that holds DATE (YYYY-MM-DD).", kind: .day)
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
        let today = CalendarPeriod.day(ofWall: now.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: now))))
        let kind: CalendarPeriod.Kind
        let layout: (days: ClosedRange<CalendarPeriod.Day>, weeks: [[CalendarPeriod.Day]])
        if let date = args.date(week) {
            kind = .week
            layout = CalendarPeriod.week(holding: CalendarPeriod.day(ofWall: date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date)))))
        } else {
            let (year, number) = try monthArgument(invocation, today: today)
            kind = .month(year: year, month: number)
            layout = CalendarPeriod.month(year: year, month: number)
        }
        guard let first = layout.weeks.first?.first, let last = layout.weeks.last?.last else { return .ok }
        let start = WhenParser.instant(wallClock: CalendarPeriod.wall(of: first), in: zone)
        let end = WhenParser.instant(wallClock: CalendarPeriod.wall(of: last + 1), in: zone)
        let predicate = EventPredicate(startDate: start, endDate: end, calendarTitles: StoreAccess.calendarTitles(invocation),
                                       timeZone: zone, includesCancelled: args.has("include-cancelled"))
        let text: String = try StoreAccess.with(invocation, reading: true) { store in
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

    /// `--month YYYY-MM`, else the month of `today`.
    static func monthArgument(_ invocation: Invocation, today: CalendarPeriod.Day) throws(CLIError) -> (Int, Int) {
        guard let raw = invocation.arguments.value(month) else {
            let f = CalendarPeriod.fields(today)
            return (f.year, f.month)
        }
        let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let number = Int(parts[1]), (1...12).contains(number) else {
            throw invocation.usageError("Invalid month '\(raw)' for '--month': expected YYYY-MM, e.g. 2026-03")
        }
        return (year, number)
    }
}
