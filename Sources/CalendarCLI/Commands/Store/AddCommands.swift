import CalendarModel
import CalendarStore
import Foundation

/// `add event ...` and `add reminder ...`: each prints the item it made as `show` does (the
/// JSON of `convert` with `--format json`, the UID alone with `--quiet`).
enum AddCommands {
    /// A new UID: a random UUID at `icalkit`.
    static func newUID() -> String { UUID().uuidString.lowercased() + "@icalkit" }

    /// The invocation's clock, to whole seconds (what iCalendar can write).
    static func now(_ io: CLIIO) -> Date {
        Date(timeIntervalSince1970: io.now().timeIntervalSince1970.rounded(.down))
    }

    /// The wall clock of `instant` in `zone`, read as UTC (the model's floating/all-day convention).
    static func wallClock(_ instant: Date, in zone: TimeZone) -> Date {
        instant.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: instant)))
    }

    /// `start` plus `duration`: nominal days on the wall clock of `zone` (nil: as written), then
    /// the exact part.
    static func adding(_ duration: ICalDuration, to start: Date, zone: TimeZone?) -> Date {
        var date = start
        if duration.nominalDays != 0 {
            if let zone {
                let wall = wallClock(start, in: zone).addingTimeInterval(TimeInterval(duration.nominalDays * 86_400))
                date = WallClock.instant(wall, in: zone)
            } else {
                date = date.addingTimeInterval(TimeInterval(duration.nominalDays * 86_400))
            }
        }
        return date.addingTimeInterval(TimeInterval(duration.exactSeconds))
    }

    /// How long an event lasts when `add event` is given neither `--end` nor `--duration`
    /// (an all-day event: one day).
    static let defaultLength: TimeInterval = 3600

    static func isDateOnly(_ text: String?) -> Bool { text.map(WhenParser.isDay) ?? false }

    // MARK: add event

    static func event(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let zone = invocation.timeZone
        let stamp = now(io)
        guard let startInstant = args.date(StoreCommands.addStart) else {
            throw invocation.usageError("Missing expected option '--start WHEN'")
        }
        var event = Event(uid: newUID(), title: try title(invocation, StoreCommands.addTitle) ?? "", startDate: startInstant,
                          endDate: startInstant.addingTimeInterval(defaultLength))
        let duration: ICalDuration?
        if let text = args.value(StoreCommands.addDuration) {
            guard let parsed = ValueParsing.duration(text), !parsed.isNegative else {
                throw invocation.usageError("Invalid duration '\(text)' for '--duration': expected a length, \(ValueParsing.durationForms)")
            }
            duration = parsed
        } else {
            duration = nil
        }

        if args.has("all-day") {
            guard isDateOnly(args.value(StoreCommands.addStart)) else {
                throw invocation.usageError("With '--all-day', '--start' is a date: expected YYYY-MM-DD, e.g. 2026-03-02")
            }
            event.isAllDay = true
            event.startDate = wallClock(startInstant, in: zone)
            event.endDate = event.startDate.addingTimeInterval(86_400)   // one day unless --end or --duration
            if let end = args.date(StoreCommands.addEnd) {
                guard isDateOnly(args.value(StoreCommands.addEnd)) else {
                    throw invocation.usageError("With '--all-day', '--end' is a date (exclusive): expected YYYY-MM-DD, e.g. 2026-03-03")
                }
                event.endDate = wallClock(end, in: zone)
            } else if let duration {
                guard duration.exactSeconds == 0, duration.nominalDays > 0 else {
                    throw invocation.usageError("With '--all-day', '--duration' is whole days, e.g. 1d or P2D")
                }
                event.endDate = event.startDate.addingTimeInterval(TimeInterval(duration.nominalDays * 86_400))
            }
            guard event.endDate > event.startDate else {
                throw invocation.usageError("'--end' must be after '--start' (the end date of an all-day event is exclusive)")
            }
        } else {
            event.timeZone = zone
            event.timeZoneIdentifier = DateText.isUTC(zone) ? nil : zone.identifier
            if let end = args.date(StoreCommands.addEnd) {
                event.endDate = end
            } else if let duration {
                event.endDate = adding(duration, to: startInstant, zone: zone)
            }
            guard event.endDate >= event.startDate else {
                throw invocation.usageError("'--end' must not be before '--start'")
            }
        }
        event.location = args.value(StoreCommands.addLocation)
        event.notes = args.value(StoreCommands.addNotes)
        if let text = args.value(StoreCommands.addURL) {
            guard let url = URL(string: text), url.scheme != nil else {
                throw invocation.usageError("Invalid URL '\(text)' for '--url': expected an absolute URL such as https://example.com/")
            }
            event.url = url
        }
        event.alarms = try alarms(invocation, title: event.title)
        event.timestamp = stamp
        event.creationDate = stamp
        event.lastModifiedDate = stamp
        if let rule = args.value(StoreCommands.addRRule) {
            switch ValueParsing.recurrenceRule(rule, for: event) {
            case .success(let parsed): event.recurrenceRules = [parsed]
            case .failure(let failure):
                throw invocation.usageError("Invalid recurrence rule '\(rule)' for '--rrule': \(failure.message)")
            }
        }
        let text: String = try StoreAccess.with(invocation) { store in
            let title = try args.value(StoreCommands.addCalendar).map { try StoreAccess.calendarTitle($0, in: store) }
                ?? store.defaultCalendarForNewEvents().title
            try store.save(event, in: title)
            return try made(.event(StoredEvent(event: event, calendarTitle: title)), invocation: invocation, store: store)
        }
        try io.print(text)
        return .ok
    }

    /// What `add` prints of the item it saved: its UID (`--quiet`), its JSON, or its fields.
    static func made(_ item: FoundItem, invocation: Invocation, store: EventStore) throws -> String {
        if invocation.arguments.has(quiet.name) { return item.uid + "\n" }
        let document = try ShowCommand.document(of: item, store: store)
        if invocation.arguments.value(format) == "json" { return JSONOutput.calendars([document]) }
        let shortID = ShortID.shortest(for: try store.allUIDs())[item.uid]
        switch item {
        case .event: return ItemText.event(document.events, calendar: item.calendarTitle, shortID: shortID)
        case .reminder(let r): return ItemText.reminder(r.reminder, calendar: item.calendarTitle, shortID: shortID)
        }
    }

    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "text: the new item's fields, as 'show' prints them; json: its JSON, as 'show --format json'.",
        kind: .choice(["text", "json"]), default: "text")
    static let quiet = OptionSpec.flag("quiet", short: "q", help: "Print only the new item's UID (for scripts).")

    /// The `--alarm` values, each an offset from the start (``ValueParsing/alarmOffset(_:)``).
    static func alarms(_ invocation: Invocation, title: String) throws(CLIError) -> [Alarm] {
        var alarms: [Alarm] = []
        for text in invocation.arguments.values(StoreCommands.addAlarm) {
            guard let offset = ValueParsing.alarmOffset(text) else {
                throw invocation.usageError("Invalid alarm '\(text)' for '--alarm': expected an offset from the start, \(ValueParsing.alarmForms)")
            }
            alarms.append(ValueParsing.alarm(offset, title: title))
        }
        return alarms
    }

    /// The `--title` value, refused when empty or only white space.
    static func title(_ invocation: Invocation, _ option: OptionSpec) throws(CLIError) -> String? {
        guard let title = invocation.arguments.value(option) else { return nil }
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw invocation.usageError("'\(option.displayName)' needs a non-empty title")
        }
        return title
    }

    // MARK: add reminder

    static func reminder(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let zone = invocation.timeZone
        let stamp = now(io)
        var reminder = Reminder(uid: newUID(), title: try title(invocation, StoreCommands.reminderTitle) ?? "")
        if let due = args.date(StoreCommands.reminderDue) {
            reminder.dueDateComponents = components(due, dateOnly: isDateOnly(args.value(StoreCommands.reminderDue)), zone: zone)
            if !isDateOnly(args.value(StoreCommands.reminderDue)), !DateText.isUTC(zone) {
                reminder.timeZoneIdentifier = zone.identifier
            }
        }
        if let text = args.value(StoreCommands.reminderPriority) {
            guard let priority = ValueParsing.priority(text) else {
                throw invocation.usageError("Invalid priority '\(text)' for '--priority': expected high, medium, low, none or a number 0-9")
            }
            reminder.priority = priority
        }
        reminder.notes = args.value(StoreCommands.reminderNotes)
        reminder.status = .needsAction
        reminder.timestamp = stamp
        reminder.creationDate = stamp
        reminder.lastModifiedDate = stamp
        let text: String = try StoreAccess.with(invocation) { store in
            let title = try args.value(StoreCommands.reminderCalendar).map { try StoreAccess.calendarTitle($0, in: store) }
                ?? store.defaultCalendarForNewReminders().title
            try store.save(reminder, in: title)
            return try made(.reminder(StoredReminder(reminder: reminder, calendarTitle: title)), invocation: invocation, store: store)
        }
        try io.print(text)
        return .ok
    }

    /// A due date: the day (date only) or the wall clock in `zone`, with the zone.
    static func components(_ instant: Date, dateOnly: Bool, zone: TimeZone) -> DateComponents {
        let c = utcComponents(wallClock(instant, in: zone))
        if dateOnly { return DateComponents(year: c.year, month: c.month, day: c.day) }
        return DateComponents(timeZone: zone, year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute, second: c.second)
    }
}
