import CalendarModel
import Foundation

/// The options of `icalkit edit` and how they become an ``EventEdit`` or a ``ReminderEdit``.
/// An empty value clears a text field (`--location ''`).
enum EditOptions {
    static let title = OptionSpec.option("title", value: "T", help: "The new title (not empty).")
    static let start = OptionSpec.option(
        "start", value: "WHEN", help: "The new start (an event keeps its length unless --end or --duration is given; a reminder's start date).",
        kind: .when)
    static let end = OptionSpec.option("end", value: "WHEN", help: "The new end of an event.", kind: .when)
    static let duration = OptionSpec.option("duration", value: "DUR", help: "The new length of an event instead of --end, e.g. 45m or 1h30m.")
    static let allDay = OptionSpec.flag("all-day", help: "Make the event all-day: the day it starts on (one day unless --end or --duration).")
    static let notAllDay = OptionSpec.flag("no-all-day", help: "Make an all-day event timed: one hour from midnight in --tz, unless --start etc.")
    static let zone = OptionSpec.option(
        "zone", value: "ZONE", help: "Keep the event's wall clock and read it in ZONE from now on (an IANA name).", kind: .zone)
    static let location = OptionSpec.option("location", value: "L", help: "The new location ('' clears it).")
    static let notes = OptionSpec.option("notes", value: "N", help: "The new notes ('' clears them).")
    static let url = OptionSpec.option("url", value: "U", help: "The new URL ('' clears it).")
    static let status = OptionSpec.option(
        "status", value: "STATUS", help: "The event's status.", kind: .choice(["confirmed", "tentative", "cancelled", "none"]))
    static let rrule = OptionSpec.option("rrule", value: "RULE", help: "A new RFC 5545 recurrence rule, e.g. FREQ=WEEKLY;BYDAY=MO.")
    static let noRRule = OptionSpec.flag("no-rrule", help: "Make the event not repeat (removes its rules and dates).")
    static let alarm = OptionSpec.option(
        "alarm", value: "OFFSET", help: "Add an alarm: 15m or -15m before the start, +15m after it.", repeatable: true)
    static let noAlarms = OptionSpec.flag("no-alarms", help: "Remove the event's alarms (before any --alarm is added).")
    static let due = OptionSpec.option("due", value: "WHEN", help: "A reminder's new due date (a day, or a time in --tz).", kind: .when)
    static let noDue = OptionSpec.flag("no-due", help: "Remove a reminder's due date.")
    static let priority = OptionSpec.option(
        "priority", value: "high|medium|low|none|0-9", help: "A reminder's priority: high 1, medium 5, low 9, none 0, or 0-9.")
    static let completed = OptionSpec.flag("completed", help: "Mark a reminder completed (now).")
    static let incomplete = OptionSpec.flag("incomplete", help: "Mark a reminder not completed.")
    static let moveTo = OptionSpec.option("move-to", value: "CALENDAR", help: "Move the item (a whole series) to another calendar.")

    /// Every field option, in help order.
    static let fields: [OptionSpec] = [
        title, start, end, duration, allDay, notAllDay, zone, location, notes, url, status, rrule, noRRule, alarm, noAlarms,
        due, noDue, priority, completed, incomplete, moveTo,
    ]
    static let groups: [OptionGroup] = [
        OptionGroup(alternatives: [[end.name], [duration.name]]),
        OptionGroup(alternatives: [[allDay.name], [notAllDay.name]]),
        OptionGroup(alternatives: [[rrule.name], [noRRule.name]]),
        OptionGroup(alternatives: [[due.name], [noDue.name]]),
        OptionGroup(alternatives: [[completed.name], [incomplete.name]]),
    ]
    static let eventOnly = [end, duration, allDay, notAllDay, zone, status, rrule, noRRule, alarm, noAlarms]
    static let reminderOnly = [due, noDue, priority, completed, incomplete]

    static func eventOnlyOptionGiven(_ invocation: Invocation) -> String? {
        eventOnly.first { invocation.arguments.has($0.name) }?.displayName
    }

    static func reminderOnlyOptionGiven(_ invocation: Invocation) -> String? {
        reminderOnly.first { invocation.arguments.has($0.name) }?.displayName
    }

    /// An optional text: nil when not given, `.some(nil)` when given empty.
    private static func clearable(_ invocation: Invocation, _ option: OptionSpec) -> String?? {
        guard let text = invocation.arguments.value(option) else { return nil }
        return .some(text.isEmpty ? nil : text)
    }

    private static func url(_ invocation: Invocation) throws(CLIError) -> URL?? {
        guard let text = invocation.arguments.value(url) else { return nil }
        if text.isEmpty { return .some(nil) }
        guard let parsed = URL(string: text), parsed.scheme != nil else {
            throw invocation.usageError("Invalid URL '\(text)' for '--url': expected an absolute URL such as https://example.com/")
        }
        return .some(parsed)
    }

    /// The fields events and reminders share.
    static func textFields(_ invocation: Invocation) throws(CLIError) -> TextFieldsEdit {
        TextFieldsEdit(title: try AddCommands.title(invocation, title), location: clearable(invocation, location),
                       notes: clearable(invocation, notes), url: try url(invocation))
    }

    static func eventEdit(_ invocation: Invocation) throws(CLIError) -> EventEdit {
        let args = invocation.arguments
        var edit = EventEdit(text: try textFields(invocation))
        edit.status = args.value(status).flatMap(ValueParsing.eventStatus)
        edit.start = args.date(start)
        edit.startIsDay = AddCommands.isDateOnly(args.value(start))
        edit.end = args.date(end)
        edit.endIsDay = AddCommands.isDateOnly(args.value(end))
        if let text = args.value(duration) {
            guard let parsed = ValueParsing.duration(text), !parsed.isNegative else {
                throw invocation.usageError("Invalid duration '\(text)' for '--duration': expected a length, \(ValueParsing.durationForms)")
            }
            edit.duration = parsed
        }
        if args.has(allDay.name) { edit.allDay = true }
        if args.has(notAllDay.name) { edit.allDay = false }
        if let text = args.value(zone) {
            do { edit.zone = try TimeZoneArgument.parse(text) } catch { throw invocation.usageError(error.description) }
        }
        edit.rule = args.value(rrule)
        edit.removesRule = args.has(noRRule.name)
        edit.removesAlarms = args.has(noAlarms.name)
        for text in args.values(alarm) {
            guard let offset = ValueParsing.alarmOffset(text) else {
                throw invocation.usageError("Invalid alarm '\(text)' for '--alarm': expected an offset from the start, \(ValueParsing.alarmForms)")
            }
            edit.alarms.append(ValueParsing.alarm(offset, title: ""))
        }
        return edit
    }

    static func reminderEdit(_ invocation: Invocation) throws(CLIError) -> ReminderEdit {
        let args = invocation.arguments
        let zone = invocation.timeZone
        var edit = ReminderEdit(text: try textFields(invocation))
        if let date = args.date(due) {
            edit.due = .some(AddCommands.components(date, dateOnly: AddCommands.isDateOnly(args.value(due)), zone: zone))
        }
        if args.has(noDue.name) { edit.due = .some(nil) }
        if let date = args.date(start) {
            edit.start = AddCommands.components(date, dateOnly: AddCommands.isDateOnly(args.value(start)), zone: zone)
        }
        if let text = args.value(priority) {
            guard let parsed = ValueParsing.priority(text) else {
                throw invocation.usageError("Invalid priority '\(text)' for '--priority': expected high, medium, low, none or a number 0-9")
            }
            edit.priority = parsed
        }
        if args.has(completed.name) { edit.completed = true }
        if args.has(incomplete.name) { edit.completed = false }
        return edit
    }
}
