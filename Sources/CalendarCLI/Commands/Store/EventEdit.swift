import CalendarModel
import Foundation

/// The changes `icalkit edit` makes to an event (its master, an override, or the new series of
/// a split): every field the command line names, checked when read, applied in a fixed order
/// (texts, zone, all-day, start, end, rule, alarms).
struct EventEdit {
    var text: TextFieldsEdit
    var status: Event.Status?
    /// New start and end as WHEN instants (converted per event), or a new length.
    var start: Date?
    var startIsDay = false
    var end: Date?
    var endIsDay = false
    var duration: ICalDuration?
    /// `--all-day` (true) or `--no-all-day` (false).
    var allDay: Bool?
    /// `--zone`: the event's wall clock stays, read in this zone from now on.
    var zone: TimeZone?
    /// `--rrule` text; `--no-rrule`.
    var rule: String?
    var removesRule = false
    var alarms: [Alarm] = []
    var removesAlarms = false

    var isEmpty: Bool {
        text.isEmpty && status == nil && start == nil && end == nil
            && duration == nil && allDay == nil && zone == nil && rule == nil && !removesRule && alarms.isEmpty && !removesAlarms
    }

    /// True when the edit changes the recurrence, which only an edit of the whole series may.
    var changesRecurrence: Bool { rule != nil || removesRule }

    /// Applies the edit; `invocationZone` reads WHEN values for floating and all-day events and
    /// is the zone of an all-day event made timed.
    func apply(to event: inout Event, invocationZone: TimeZone) throws(CLIError) {
        if let title = text.title { event.title = title }
        if let location = text.location { event.location = location }
        if let notes = text.notes { event.notes = notes }
        if let url = text.url { event.url = url }
        if let status { event.status = status }
        if let zone, !event.isAllDay { move(&event, to: zone) }
        if let allDay, allDay != event.isAllDay { try changeAllDay(&event, to: allDay, invocationZone: invocationZone) }
        let readZone = event.timeZone ?? invocationZone
        // The length a new start keeps: the event's own, or the new default of an all-day change.
        let length = event.endDate.timeIntervalSince(event.startDate)
        if let start {
            if event.isAllDay, !startIsDay { throw CLIError.failure("an all-day event starts on a date: give --start as YYYY-MM-DD") }
            event.startDate = EditCommands.seriesDate(start, of: event, zone: invocationZone)
            event.endDate = event.startDate.addingTimeInterval(length)
            event.duration = nil
        }
        if let end {
            if event.isAllDay, !endIsDay { throw CLIError.failure("an all-day event ends on a date: give --end as YYYY-MM-DD (exclusive)") }
            event.endDate = EditCommands.seriesDate(end, of: event, zone: invocationZone)
            event.duration = nil
        } else if let duration {
            if event.isAllDay, duration.exactSeconds != 0 || duration.nominalDays <= 0 {
                throw CLIError.failure("an all-day event lasts whole days: give --duration as 1d, 2d, ...")
            }
            event.endDate = AddCommands.adding(duration, to: event.startDate, zone: event.isAllDay || event.timeZone == nil ? nil : readZone)
            event.duration = nil
        }
        guard event.endDate >= event.startDate else { throw CLIError.failure("the new end is before the new start") }
        if removesRule {
            event.recurrenceRules = []
            event.exceptionRules = []
            event.recurrenceDates = []
            event.exceptionDates = []
        }
        if let rule {
            switch ValueParsing.recurrenceRule(rule, for: event) {
            case .success(let parsed): event.recurrenceRules = [parsed]
            case .failure(let failure): throw CLIError.failure("Invalid recurrence rule '\(rule)' for '--rrule': \(failure.message)")
            }
        }
        if removesAlarms { event.alarms = [] }
        event.alarms += alarms.map { alarm in
            var alarm = alarm
            alarm.notes = event.title.isEmpty ? "Reminder" : event.title
            return alarm
        }
    }

    /// Keeps the wall clock of start and end and reads it in `zone` (a floating event becomes zoned).
    private func move(_ event: inout Event, to zone: TimeZone) {
        func wall(_ date: Date) -> Date {
            guard let old = event.timeZone else { return date }
            return AddCommands.wallClock(date, in: old)
        }
        let start = wall(event.startDate), end = wall(event.endDate)
        event.startDate = WallClock.instant(start, in: zone)
        event.endDate = WallClock.instant(end, in: zone)
        event.timeZone = zone
        event.timeZoneIdentifier = DateText.isUTC(zone) ? nil : zone.identifier
        event.definedTimeZone = nil
    }

    /// All-day: the local days the event starts on (one day unless --end/--duration say more).
    /// Timed: midnight of its first day in the invocation's zone, one hour, unless --start etc.
    private func changeAllDay(_ event: inout Event, to allDay: Bool, invocationZone: TimeZone) throws(CLIError) {
        if allDay {
            let wall = event.timeZone.map { AddCommands.wallClock(event.startDate, in: $0) } ?? event.startDate
            let day = CalendarPeriod.day(ofWall: wall)
            event.isAllDay = true
            event.startDate = CalendarPeriod.wall(of: day)
            event.endDate = CalendarPeriod.wall(of: day + 1)
            event.timeZone = nil
            event.timeZoneIdentifier = nil
            event.definedTimeZone = nil
        } else {
            let zone = self.zone ?? invocationZone
            event.isAllDay = false
            event.startDate = WallClock.instant(event.startDate, in: zone)
            event.endDate = event.startDate.addingTimeInterval(AddCommands.defaultLength)
            event.timeZone = zone
            event.timeZoneIdentifier = DateText.isUTC(zone) ? nil : zone.identifier
        }
        event.duration = nil
    }
}
