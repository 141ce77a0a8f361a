import CalendarFormats
import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

/// `icalkit events` and `icalkit reminders`: date-window queries over the store.
enum QueryCommands {
    // MARK: events

    /// `events [--from WHEN --to WHEN | --day DATE | --week [DATE] | --month [YYYY-MM]]
    /// [--calendar NAME]... [--tz ZONE] [--format table|json|ics|jcal] [--include-cancelled]`; with no
    /// window, the agenda: today and the next 7 days.
    static func events(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let zone = invocation.timeZone
        guard let (start, end) = try QueryWindow.resolve(invocation, otherwise: .agenda) else { return .ok }
        if let raw = args.value(StoreCommands.maxInstances), (Int(raw) ?? 0) <= 0 {
            throw CLIError.usage("--max-instances needs a positive whole number, e.g. --max-instances 5000000 (got '\(raw)')",
                                 command: ["events"])
        }
        let format = args.value(StoreCommands.eventsFormat) ?? "table"
        let csv = try CSVOptions.writer(invocation, format: format, zone: zone)
        func predicate(_ store: EventStore) throws -> EventPredicate {
            EventPredicate(startDate: start, endDate: end, calendarTitles: try StoreAccess.calendarTitles(invocation, in: store),
                           timeZone: zone, includesCancelled: args.has("include-cancelled"))
        }
        if format == "json" {
            // Written as it is made: a long window gives a document of hundreds of MB.
            try StoreAccess.read(invocation, { store in try store.events(matching: predicate(store)) }, thenWrite: { occurrences in
                var out = io.stdoutBuffer()
                try JSONOutput.writeEvents(occurrences, keepOrder: true, wallClockZone: zone, to: &out)
                io.keepUntilExit(occurrences)
            })
            return .ok
        }
        let text: String? = try StoreAccess.with(invocation, reading: true) { store in
            var occurrences = try store.events(matching: predicate(store))
            switch format {
            case "ics":
                return ICalendarWriter().write(try documents(for: occurrences, store: store))
            case "jcal":
                let text = ICalendarWriter().write(try documents(for: occurrences, store: store))
                return String(decoding: JCalWriter.jcalText(fromICalendar: Array(text.utf8)), as: UTF8.self) + "\n"
            case "csv":
                guard let csv else { return nil }
                return csv.header() + occurrences.map { csv.row($0.event, start: $0.startDate, end: $0.endDate) }.joined()
            default:
                toWallClockConvention(&occurrences, zone: zone)
                return try StoreAccess.table(invocation, store: store).events(occurrences, keepOrder: true)
            }
        }
        if let text { try io.print(text) }
        return .ok
    }

    /// Midnight of the day after the local day that starts at `midnight`, in `zone`.
    static func nextMidnight(after midnight: Date, in zone: TimeZone) -> Date {
        let wall = midnight.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: midnight)))
        return WallClock.instant(wall.addingTimeInterval(86_400), in: zone)
    }

    /// The store places floating and all-day occurrences on the time line in the query's zone;
    /// JSON and tables write them as their wall clock, so this turns them back (in place: the
    /// occurrences are large and a query can return hundreds of thousands).
    static func toWallClockConvention(_ list: inout [Occurrence], zone: TimeZone) {
        for i in list.indices where list[i].event.isAllDay || list[i].event.timeZone == nil {
            let start = list[i].startDate, end = list[i].endDate
            list[i].startDate = start.addingTimeInterval(TimeInterval(ZoneOffsets.shared.secondsFromGMT(zone, at: start)))
            list[i].endDate = end.addingTimeInterval(TimeInterval(ZoneOffsets.shared.secondsFromGMT(zone, at: end)))
        }
    }

    /// One VCALENDAR per calendar with a matching occurrence: the whole series (master and
    /// overrides) of each matching UID, with the calendar's VTIMEZONEs and its own lines.
    static func documents(for occurrences: [Occurrence], store: EventStore) throws -> [CalendarDocument] {
        var uidsByCalendar: [String: Set<String>] = [:]
        var order: [String] = []
        for o in occurrences {
            if uidsByCalendar[o.calendarTitle] == nil { order.append(o.calendarTitle) }
            uidsByCalendar[o.calendarTitle, default: []].insert(o.event.uid)
        }
        return try order.sorted().map { title in
            var document = try store.document(forCalendar: title)
            let uids = uidsByCalendar[title] ?? []
            document.events = document.events.filter { uids.contains($0.uid) }
            document.reminders = []
            document.extraComponents = []
            return document
        }
    }

    // MARK: reminders

    /// `reminders [--incomplete|--completed] [--from WHEN] [--to WHEN] [--week [DATE] | --month [YYYY-MM]]
    /// [--calendar NAME]... [--format table|json]`. The window filters by due date, or by completion date with
    /// `--completed`; without a window every matching reminder is listed.
    static func reminders(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let zone = invocation.timeZone
        var from = args.date(StoreCommands.from)
        var to = args.date(StoreCommands.to)
        if let from, let to, from >= to {
            throw invocation.usageError("'--to' (\(args.value(StoreCommands.to) ?? "")) must be later than '--from' (\(args.value(StoreCommands.from) ?? ""))")
        }
        if args.has(QueryWindow.week.name) || args.has(QueryWindow.month.name) {
            let period = args.has(QueryWindow.week.name) ? QueryWindow.week : QueryWindow.month
            if let bound = [StoreCommands.from, StoreCommands.to].first(where: { args.has($0.name) }) {
                throw invocation.usageError("'\(bound.displayName)' and '\(period.displayName)' cannot be used together")
            }
            (from, to) = try QueryWindow.resolve(invocation, otherwise: .none).map { ($0.start, $0.end) } ?? (nil, nil)
        }
        let kind: ReminderPredicate.Kind
        if args.has("incomplete") {
            kind = .incomplete(dueStarting: from, ending: to)
        } else if args.has("completed") {
            kind = .completed(completionStarting: from, ending: to)
        } else {
            kind = .all
        }
        let (found, table): ([StoredReminder], TableOutput) = try StoreAccess.with(invocation, reading: true) { store in
            let predicate = ReminderPredicate(kind: kind, calendarTitles: try StoreAccess.calendarTitles(invocation, in: store), timeZone: zone)
            var found = try store.reminders(matching: predicate)
            if case .all = kind, from != nil || to != nil {
                found = found.filter { item in
                    guard let due = item.reminder.dueDateComponents.flatMap({ instant(of: $0, zone: zone) }) else { return false }
                    return (from.map { due >= $0 } ?? true) && (to.map { due < $0 } ?? true)
                }
            }
            let json = args.value(StoreCommands.remindersFormat) == "json"
            return (found, json ? TableOutput(timeZone: zone, color: false) : try StoreAccess.table(invocation, store: store))
        }
        let pairs = found.map { (reminder: $0.reminder, calendarTitle: $0.calendarTitle) }
        switch args.value(StoreCommands.remindersFormat) ?? "table" {
        case "json": try io.print(JSONOutput.reminders(pairs))
        default: try io.print(table.reminders(pairs))
        }
        return .ok
    }

    /// A due date as an instant: zoned in its zone, floating and date-only in `zone`.
    static func instant(of c: DateComponents, zone: TimeZone) -> Date? {
        guard let year = c.year, let month = c.month, let day = c.day else { return nil }
        let wall = utcDate(year: year, month: month, day: day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
        if c.hour != nil, let own = c.timeZone { return WallClock.instant(wall, in: own) }
        return WallClock.instant(wall, in: zone)
    }
}
