import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

extension CalendarTools {
    static let eventFields: [String: JSON] = [
        "title": ToolSchemas.string("Title."),
        "startDate": ToolSchemas.string("Start. " + ToolSchemas.date),
        "endDate": ToolSchemas.string("End (for an all-day event, the last day, included). " + ToolSchemas.date),
        "location": ToolSchemas.string("Location."),
        "notes": ToolSchemas.string("Notes."),
        "calendarIdentifier": ToolSchemas.string("Calendar id from list_calendars (default: the first writable calendar)."),
        "timeZone": ToolSchemas.string("IANA zone the local dates are in (default: the server's), e.g. America/New_York."),
        "isAllDay": ToolSchemas.boolean("An all-day event: startDate and endDate are dates."),
        "recurrenceRule": ToolSchemas.string("An RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10."),
        "alarms": ToolSchemas.array(of: ToolSchemas.object(["minutesBefore": ToolSchemas.integer("Minutes before the start (negative: after).")],
                                                          required: ["minutesBefore"]), "Alarms."),
    ]

    var createEvent: Tool {
        Tool(name: "create_event", title: "Create an event",
             description: "Creates an event and returns it as list_events shows it. Dates: " + ToolSchemas.date
                + " New events go to calendarIdentifier, else the first writable calendar; read-only calendars are refused.",
             inputSchema: ToolSchemas.object(Self.eventFields, required: ["title", "startDate", "endDate"]),
             outputSchema: ToolSchemas.occurrence,
             readOnly: false) { arguments in
            try arguments.allowOnly(Set(Self.eventFields.keys))
            let calendar = try writableCalendar(try arguments.string("calendarIdentifier"), forReminders: false)
            let now = stamp()
            var event = Event(uid: UUID().uuidString.lowercased() + "@icalkit", startDate: now, endDate: now)
            try apply(arguments, to: &event, requireAll: true)
            event.timestamp = now
            event.creationDate = now
            event.lastModifiedDate = now
            try store.save(event, in: calendar.title)
            return created(event, calendar: calendar)
        }
    }

    /// The answer of a tool that wrote `event`: its first instance, as `list_events` shows it.
    func created(_ event: Event, calendar: EventCalendar) -> ToolResult {
        let occurrence = Occurrence(event: event, calendarTitle: calendar.title,
                                    startDate: ToolDates.instant(event.startDate, of: event, in: zone),
                                    endDate: ToolDates.instant(event.endDate, of: event, in: zone),
                                    occurrenceDate: event.hasRecurrenceRules ? event.startDate : event.occurrenceDate,
                                    isRecurring: event.hasRecurrenceRules || event.isDetached, isDetached: event.isDetached)
        return ToolResult(structured: occurrenceJSON(occurrence, calendar: calendar), text: "Saved: " + occurrenceText(occurrence))
    }

    func stamp() -> Date { Date(timeIntervalSince1970: configuration.now().timeIntervalSince1970.rounded(.down)) }

    /// Sets the fields given in `arguments` on `event`. `requireAll`: a new event, whose title
    /// and dates must be given.
    func apply(_ arguments: ToolArguments, to event: inout Event, requireAll: Bool) throws {
        if let title = try arguments.string("title") {
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw ToolError("title must not be empty") }
            event.title = title
        } else if requireAll {
            throw ToolError("title is required")
        }
        let zone: TimeZone
        if let name = try arguments.string("timeZone") {
            guard let named = TimeZone(identifier: name), name.contains("/") || ToolDates.isUTC(named) else {
                throw ToolError("timeZone \"\(name)\" is not an IANA zone; use e.g. Europe/Berlin or America/New_York")
            }
            zone = named
        } else {
            zone = event.timeZone ?? self.zone
        }
        let startText = try arguments.string("startDate")
        let endText = try arguments.string("endDate")
        if requireAll && (startText == nil || endText == nil) { throw ToolError("startDate and endDate are required") }
        if startText != nil || endText != nil || arguments.has("isAllDay") || arguments.has("timeZone") {
            let start = try startText.map { try DateArgument(parsing: $0, argument: "startDate") }
            let end = try endText.map { try DateArgument(parsing: $0, argument: "endDate") }
            let allDay = try arguments.bool("isAllDay") ?? (start.map(\.isDateOnly) ?? event.isAllDay)
            if allDay {
                guard start?.isDateOnly ?? true, end?.isDateOnly ?? true else {
                    throw ToolError("for an all-day event startDate and endDate are dates, e.g. 2026-03-02")
                }
                if !event.isAllDay && start == nil { throw ToolError("give startDate and endDate as dates to make the event all-day") }
                let utc = TimeZone(identifier: "UTC")!
                let length = event.endDate.timeIntervalSince(event.startDate)
                if let start { event.startDate = start.instant(in: utc) }
                if let end {
                    event.endDate = end.nextDay().instant(in: utc)
                } else if start != nil {
                    event.endDate = event.startDate.addingTimeInterval(event.isAllDay ? max(length, 86_400) : 86_400)
                }
                event.isAllDay = true
                event.timeZone = nil
                event.timeZoneIdentifier = nil
            } else {
                let length = event.endDate.timeIntervalSince(event.startDate)
                if event.isAllDay && start == nil { throw ToolError("give startDate and endDate with times to make the event timed") }
                if let start { event.startDate = start.instant(in: zone) }
                if let end {
                    event.endDate = end.instant(in: zone)
                } else if start != nil {
                    event.endDate = event.startDate.addingTimeInterval(event.isAllDay ? 3600 : length)
                }
                event.isAllDay = false
                event.timeZone = zone
                event.timeZoneIdentifier = ToolDates.isUTC(zone) ? nil : zone.identifier
                event.definedTimeZone = nil
            }
            guard event.endDate >= event.startDate else { throw ToolError("endDate must not be before startDate") }
            event.duration = nil
        }
        if arguments.has("location") { event.location = try arguments.string("location") }
        if arguments.has("notes") { event.notes = try arguments.string("notes") }
        if let rule = try arguments.string("recurrenceRule") {
            switch RecurrenceRuleText.parse(rule, for: event) {
            case .success(let parsed): event.recurrenceRules = [parsed]
            case .failure(let failure): throw ToolError("recurrenceRule \"\(rule)\" cannot be read: \(failure.message); e.g. FREQ=WEEKLY;BYDAY=MO;COUNT=10")
            }
        }
        if let alarms = arguments.values["alarms"], !alarms.isNull {
            guard let list = alarms.array else { throw ToolError("alarms must be an array of {\"minutesBefore\": N}") }
            event.alarms = try list.map { item in
                guard let minutes = item["minutesBefore"]?.integer, item.object?.count == 1 else {
                    throw ToolError("each alarm is {\"minutesBefore\": N}, e.g. {\"minutesBefore\": 15}")
                }
                var alarm = Alarm(relativeOffset: TimeInterval(-minutes * 60))
                alarm.action = .display
                alarm.notes = event.title
                return alarm
            }
        }
    }

    // MARK: - Reminders

    var createReminder: Tool {
        Tool(name: "create_reminder", title: "Create a reminder",
             description: "Creates a reminder. priority: 0-9 (1 high, 5 medium, 9 low, 0 none) or high/medium/low/none. dueDate: " + ToolSchemas.date,
             inputSchema: ToolSchemas.object([
                "title": ToolSchemas.string("Title."),
                "notes": ToolSchemas.string("Notes."),
                "dueDate": ToolSchemas.string("Due date or date-time. " + ToolSchemas.date),
                "priority": ["type": ["integer", "string"], "description": "0-9, or high, medium, low, none."],
                "calendarIdentifier": ToolSchemas.string("Calendar id (default: the first writable calendar)."),
             ], required: ["title"]),
             outputSchema: ToolSchemas.reminder,
             readOnly: false) { arguments in
            try arguments.allowOnly(["title", "notes", "dueDate", "priority", "calendarIdentifier"])
            let title = try arguments.requiredString("title")
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw ToolError("title must not be empty") }
            let calendar = try writableCalendar(try arguments.string("calendarIdentifier"), forReminders: true)
            var reminder = Reminder(uid: UUID().uuidString.lowercased() + "@icalkit", title: title)
            reminder.notes = try arguments.string("notes")
            if let due = try arguments.string("dueDate") {
                let value = try DateArgument(parsing: due, argument: "dueDate")
                reminder.dueDateComponents = dueComponents(value)
                if !value.isDateOnly, value.time?.utcOffset == nil, !ToolDates.isUTC(zone) { reminder.timeZoneIdentifier = zone.identifier }
            }
            reminder.priority = try priority(arguments.values["priority"])
            reminder.status = .needsAction
            let now = stamp()
            reminder.timestamp = now
            reminder.creationDate = now
            reminder.lastModifiedDate = now
            try store.save(reminder, in: calendar.title)
            return ToolResult(structured: reminderJSON(reminder, calendar: calendar, title: calendar.title),
                              text: "Saved reminder \(Self.quoted(reminder.title)) [\(calendar.title); uid \(reminder.uid)]")
        }
    }

    /// A due date: the day, the wall clock in the server's zone, or the instant in UTC when the
    /// value carried an offset.
    func dueComponents(_ value: DateArgument) -> DateComponents {
        guard let time = value.time else { return DateComponents(year: value.year, month: value.month, day: value.day) }
        if time.utcOffset != nil {
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            var c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: value.instant(in: zone))
            c.timeZone = TimeZone(identifier: "UTC")
            return c
        }
        return DateComponents(timeZone: zone, year: value.year, month: value.month, day: value.day,
                              hour: time.hour, minute: time.minute, second: time.second)
    }

    func priority(_ value: JSON?) throws -> Int {
        guard let value, !value.isNull else { return 0 }
        if let number = value.integer, (0...9).contains(number) { return number }
        switch value.string?.lowercased() {
        case "high": return 1
        case "medium": return 5
        case "low": return 9
        case "none": return 0
        case let text? where text.count == 1 && Int(text) != nil: return Int(text)!
        default: throw ToolError("priority must be 0-9 or one of high, medium, low, none (got \(value.text))")
        }
    }

    var completeReminder: Tool {
        Tool(name: "complete_reminder", title: "Complete a reminder",
             description: "Marks a reminder done (completed: false marks it not done again).",
             inputSchema: ToolSchemas.object([
                "uid": ToolSchemas.string("The reminder's uid from list_reminders."),
                "completed": ToolSchemas.boolean("Default true."),
             ], required: ["uid"]),
             outputSchema: ToolSchemas.reminder,
             readOnly: false) { arguments in
            try arguments.allowOnly(["uid", "completed"])
            let uid = try arguments.requiredString("uid")
            let done = try arguments.bool("completed") ?? true
            let visible = try visibleCalendars()
            guard let stored = try store.reminder(withUID: uid), let calendar = visible.first(where: { $0.title == stored.calendarTitle }) else {
                throw ToolError("no reminder with uid \"\(uid)\"; list_reminders shows the uids")
            }
            guard calendar.allowsContentModifications else {
                throw ToolError("calendar \"\(calendar.title)\" is read-only; its reminders cannot be changed")
            }
            var reminder = stored.reminder
            let now = stamp()
            reminder.isCompleted = done
            reminder.completionDate = done ? now : nil
            reminder.status = done ? .completed : .needsAction
            if done { reminder.percentComplete = 100 } else if reminder.percentComplete == 100 { reminder.percentComplete = nil }
            reminder.lastModifiedDate = now
            reminder.timestamp = now
            reminder.sequence += 1
            try store.save(reminder, in: calendar.title)
            return ToolResult(structured: reminderJSON(reminder, calendar: calendar, title: calendar.title),
                              text: "\(done ? "Completed" : "Reopened") \(Self.quoted(reminder.title))")
        }
    }
}

extension CalendarTools {
    static let spanSchema: JSON = ["type": "string", "enum": ["thisEvent", "futureEvents"],
                                   "description": "With occurrenceDate: thisEvent changes that occurrence only, futureEvents it and every later one."]

    /// The event `uid` as the tools may change it: visible, in a writable calendar.
    func writableSeries(_ uid: String) throws -> (EventCalendar, Event) {
        let visible = try visibleCalendars()
        guard let stored = try store.event(withUID: uid), let calendar = visible.first(where: { $0.title == stored.calendarTitle }) else {
            throw ToolError("no event with uid \"\(uid)\"; list_events shows the uids")
        }
        guard calendar.allowsContentModifications else {
            let writable = visible.filter(\.allowsContentModifications)
            throw ToolError("calendar \"\(calendar.title)\" is read-only (a subscription or a read-only import); its events cannot be changed. "
                + "Writable calendars: \(Self.describe(writable))")
        }
        return (calendar, stored.event)
    }

    /// The RECURRENCE-ID an `occurrenceDate` argument names, in the series' convention: the
    /// instant for a zoned series, the wall clock read as UTC for floating and all-day ones.
    func recurrenceID(_ arguments: ToolArguments, of event: Event) throws -> Date? {
        guard let text = try arguments.string("occurrenceDate") else { return nil }
        let value = try DateArgument(parsing: text, argument: "occurrenceDate")
        if event.isAllDay || (event.timeZone == nil && event.definedTimeZone == nil) {
            return DateArgument(year: value.year, month: value.month, day: value.day,
                                time: value.time.map { DateArgument.Time(hour: $0.hour, minute: $0.minute, second: $0.second, nanoseconds: 0, utcOffset: nil) })
                .instant(in: TimeZone(identifier: "UTC")!)
        }
        return value.instant(in: event.timeZone ?? zone)
    }

    func span(_ arguments: ToolArguments) throws -> Span {
        guard let text = try arguments.string("span") else { return .thisEvent }
        guard let span = Span(rawValue: text) else { throw ToolError("span must be thisEvent or futureEvents (got \"\(text)\")") }
        return span
    }

    /// A store refusal as a message for the model.
    func refusal(_ error: StoreError, uid: String) -> ToolError {
        switch error.reason {
        case .itemNotFound: ToolError("event \"\(uid)\" has no occurrence at that occurrenceDate; use an occurrenceDate list_events returned")
        case .readOnlyCalendar: ToolError(error.message)
        default: ToolError(error.message)
        }
    }

    var updateEvent: Tool {
        var schema = Self.eventFields
        schema["uid"] = ToolSchemas.string("The event's uid from list_events.")
        schema["occurrenceDate"] = ToolSchemas.string("For one occurrence of a series: its occurrenceDate from list_events.")
        schema["span"] = Self.spanSchema
        let fields = schema
        return Tool(name: "update_event", title: "Change an event",
                    description: "Changes the fields given of an event, of one occurrence (occurrenceDate, span thisEvent), or of it and the later ones (span futureEvents, which starts a new series). Returns the changed event.",
                    inputSchema: ToolSchemas.object(fields, required: ["uid"]),
                    outputSchema: ToolSchemas.occurrence,
                    readOnly: false, destructive: true) { arguments in
            try arguments.allowOnly(Set(fields.keys))
            let uid = try arguments.requiredString("uid")
            if arguments.has("calendarIdentifier") { throw ToolError("calendarIdentifier cannot be changed by update_event") }
            let (calendar, event) = try writableSeries(uid)
            let occurrence = try recurrenceID(arguments, of: event)
            var written: Event?
            do {
                let writtenUID = try store.saveEvent(uid: uid, occurrenceDate: occurrence, span: span(arguments), timeZone: zone, now: stamp()) { event in
                    try apply(arguments, to: &event, requireAll: false)
                    written = event
                }
                if var shown = written {
                    shown.uid = writtenUID
                    return created(shown, calendar: calendar)
                }
            } catch let error as StoreError {
                throw refusal(error, uid: uid)
            }
            throw ToolError("nothing was changed")
        }
    }

    var deleteEvent: Tool {
        Tool(name: "delete_event", title: "Delete an event",
             description: "Deletes an event, one occurrence of a series (occurrenceDate, span thisEvent), or it and every later one (span futureEvents).",
             inputSchema: ToolSchemas.object([
                "uid": ToolSchemas.string("The event's uid from list_events."),
                "occurrenceDate": ToolSchemas.string("For one occurrence of a series: its occurrenceDate from list_events."),
                "span": Self.spanSchema,
             ], required: ["uid"]),
             outputSchema: ToolSchemas.object([
                "uid": ToolSchemas.string("The event's uid."),
                "calendar": ToolSchemas.string("Its calendar."),
                "removed": ToolSchemas.string("What was removed: event, occurrence or futureOccurrences."),
             ], required: ["uid", "calendar", "removed"]),
             readOnly: false, destructive: true) { arguments in
            try arguments.allowOnly(["uid", "occurrenceDate", "span"])
            let uid = try arguments.requiredString("uid")
            let (calendar, event) = try writableSeries(uid)
            let occurrence = try recurrenceID(arguments, of: event)
            let span = try span(arguments)
            do {
                try store.removeEvent(uid: uid, occurrenceDate: occurrence, span: span, timeZone: zone, now: stamp())
            } catch let error as StoreError {
                throw refusal(error, uid: uid)
            }
            let removed = occurrence == nil ? "event" : (span == .futureEvents ? "futureOccurrences" : "occurrence")
            return ToolResult(structured: ["uid": .string(uid), "calendar": .string(calendar.title), "removed": .string(removed)],
                              text: "Removed \(removed == "event" ? "the event" : removed == "occurrence" ? "one occurrence of" : "this and later occurrences of") \(Self.quoted(event.title))")
        }
    }
}
