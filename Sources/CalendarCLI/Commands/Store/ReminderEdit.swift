import CalendarModel
import Foundation

/// The changes `icalkit edit` makes to a reminder: title, notes, location, URL, due and start
/// dates (a day, or a wall clock in --tz), priority and completion.
struct ReminderEdit {
    var text: TextFieldsEdit
    /// New due date; `.some(nil)` removes it (`--no-due`).
    var due: DateComponents??
    var start: DateComponents?
    var priority: Int?
    /// `--completed` (true) or `--incomplete` (false).
    var completed: Bool?

    var isEmpty: Bool {
        text.isEmpty && due == nil && start == nil && priority == nil && completed == nil
    }

    /// Applies the edit; `now` is the completion date of a reminder marked completed.
    func apply(to reminder: inout Reminder, zone: TimeZone, now: Date) {
        if let title = text.title { reminder.title = title }
        if let notes = text.notes { reminder.notes = notes }
        if let location = text.location { reminder.location = location }
        if let url = text.url { reminder.url = url }
        if let due {
            reminder.dueDateComponents = due
            if let due, due.hour != nil, !DateText.isUTC(zone) { reminder.timeZoneIdentifier = zone.identifier }
        }
        if let start {
            reminder.startDateComponents = start
            if start.hour != nil, !DateText.isUTC(zone) { reminder.timeZoneIdentifier = zone.identifier }
        }
        if let priority { reminder.priority = priority }
        if let completed { EditCommands.setCompleted(&reminder, completed, now: now) }
    }
}
