import CalendarModel
import Foundation

/// The time window a listing command asks for: `--from WHEN --to WHEN`, `--day DATE`,
/// `--week [DATE]` (Monday to Sunday), `--month [YYYY-MM]`, or nothing (the command's default:
/// for `events` the agenda, today and the next 7 days). Days are whole local days in the
/// invocation's zone, so a week across a clock change lasts 167 or 169 hours.
///
/// ```swift
/// try QueryWindow.resolve(invocation, otherwise: .agenda)   // today 00:00 to 00:00 eight days on
/// ```
enum QueryWindow {
    /// What a command does when it is given no window.
    enum Default {
        /// Today and the next 7 days.
        case agenda
        /// No window at all (every item).
        case none
    }

    /// How many days the agenda of `events` without a window covers (today and the next 7).
    static let agendaDays = 8

    /// `--month [YYYY-MM]`: a whole month, this one when no value is given.
    static let month = OptionSpec.option(
        "month", value: "YYYY-MM", help: "The whole month YYYY-MM in --tz (this month when no value is given).",
        optionalValue: true)
    /// `--week [DATE]`: Monday to Sunday, this week when no value is given.
    static let week = OptionSpec.option(
        "week", value: "DATE", help: "The week (Monday to Sunday) that holds DATE in --tz (this week when no value is given).",
        kind: .day, optionalValue: true)

    /// The window as `[start, end)`, or nil when none was asked for and the default is `.none`.
    static func resolve(_ invocation: Invocation, otherwise fallback: Default) throws(CLIError) -> (start: Date, end: Date)? {
        guard let days = try days(invocation) else {
            return try explicit(invocation) ?? agenda(invocation, fallback)
        }
        let zone = invocation.timeZone
        return (WallClock.instant(CalendarPeriod.wall(of: days.lowerBound), in: zone),
                WallClock.instant(CalendarPeriod.wall(of: days.upperBound + 1), in: zone))
    }

    /// The days of `--week` or `--month`, when one was given.
    static func days(_ invocation: Invocation) throws(CLIError) -> ClosedRange<CalendarPeriod.Day>? {
        let args = invocation.arguments
        if args.has(week.name) {
            let date = args.date(week) ?? invocation.io.now()
            return CalendarPeriod.week(holding: day(of: date, in: invocation.timeZone)).days
        }
        if args.has(month.name) {
            let (year, number) = try monthValue(invocation)
            return CalendarPeriod.month(year: year, month: number).days
        }
        return nil
    }

    /// The local day of `date` in `zone`.
    static func day(of date: Date, in zone: TimeZone) -> CalendarPeriod.Day {
        CalendarPeriod.day(ofWall: date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date))))
    }

    /// `--month YYYY-MM`, else (no value) the month of today in the invocation's zone.
    static func monthValue(_ invocation: Invocation) throws(CLIError) -> (year: Int, month: Int) {
        guard let raw = invocation.arguments.value(month), !raw.isEmpty else {
            let f = CalendarPeriod.fields(day(of: invocation.io.now(), in: invocation.timeZone))
            return (f.year, f.month)
        }
        let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let number = Int(parts[1]), (1...12).contains(number) else {
            throw invocation.usageError("Invalid month '\(raw)' for '--month': expected YYYY-MM, e.g. 2026-03")
        }
        return (year, number)
    }

    /// `--from`/`--to` (either may be missing when the default is `.none`) or `--day`.
    private static func explicit(_ invocation: Invocation) throws(CLIError) -> (start: Date, end: Date)? {
        let args = invocation.arguments
        if let day = args.date(StoreCommands.day) {
            return (day, QueryCommands.nextMidnight(after: day, in: invocation.timeZone))
        }
        guard let from = args.date(StoreCommands.from), let to = args.date(StoreCommands.to) else { return nil }
        guard from < to else {
            throw invocation.usageError("'--to' (\(args.value(StoreCommands.to) ?? "")) must be later than '--from' (\(args.value(StoreCommands.from) ?? ""))")
        }
        return (from, to)
    }

    private static func agenda(_ invocation: Invocation, _ fallback: Default) -> (start: Date, end: Date)? {
        guard case .agenda = fallback else { return nil }
        let today = day(of: invocation.io.now(), in: invocation.timeZone)
        let zone = invocation.timeZone
        return (WallClock.instant(CalendarPeriod.wall(of: today), in: zone),
                WallClock.instant(CalendarPeriod.wall(of: today + agendaDays), in: zone))
    }
}
