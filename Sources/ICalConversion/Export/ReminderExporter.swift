import CalendarModel
import Foundation
import ICalCore

/// ``Reminder`` → VTODO lines (original text when not edited).
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.2>
enum ReminderExporter {
    /// Writes the reminder; true when it was written from its original text (not edited).
    @discardableResult
    static func write(_ reminder: Reminder, into w: inout PropertyWriter) -> Bool {
        if let source = reminder.source, source.isUnchanged(reminder) {
            w.component(source.text)
            return true
        }
        w.raw("BEGIN:VTODO")
        w.text("UID", reminder.uid)
        w.utc("DTSTAMP", reminder.timestamp)
        var seriesForm: PropertyWriter.TimeForm = .floating
        if let c = reminder.startDateComponents { seriesForm = write("DTSTART", c, tzid: reminder.timeZoneIdentifier, into: &w) }
        if let c = reminder.dueDateComponents {
            let form = write("DUE", c, tzid: reminder.timeZoneIdentifier, into: &w)
            if reminder.startDateComponents == nil { seriesForm = form }
        }
        if let rid = reminder.occurrenceDate { w.time("RECURRENCE-ID", rid, seriesForm) }
        w.text("SUMMARY", reminder.title.isEmpty ? nil : reminder.title)
        w.text("DESCRIPTION", reminder.notes)
        w.text("LOCATION", reminder.location)
        if let url = reminder.url { w.raw("URL:" + url.absoluteString) }
        switch reminder.status {
        case .none: if reminder.isCompleted { w.raw("STATUS:COMPLETED") }
        case .needsAction: w.raw("STATUS:NEEDS-ACTION")
        case .inProcess: w.raw("STATUS:IN-PROCESS")
        case .completed: w.raw("STATUS:COMPLETED")
        case .canceled: w.raw("STATUS:CANCELLED")
        }
        w.utc("COMPLETED", reminder.completionDate)
        if let p = reminder.percentComplete { w.integer("PERCENT-COMPLETE", p, skipZero: false) }
        w.integer("PRIORITY", reminder.priority)
        w.integer("SEQUENCE", reminder.sequence, skipZero: false)
        if let privacy = reminder.privacy { w.raw("CLASS:" + privacy.rawValue) }
        w.utc("CREATED", reminder.creationDate)
        w.utc("LAST-MODIFIED", reminder.lastModifiedDate)
        if !reminder.categories.isEmpty { w.raw("CATEGORIES:" + reminder.categories.map(TextCodec.escape).joined(separator: ",")) }
        w.text("RELATED-TO", reminder.parentUID)
        for rule in reminder.recurrenceRules { w.rule("RRULE", rule, seriesForm: seriesForm) }
        w.dates("RDATE", reminder.recurrenceDates, seriesForm: seriesForm)
        w.dates("EXDATE", reminder.exceptionDates, seriesForm: seriesForm)
        w.raw(reminder.extraProperties)
        for alarm in reminder.alarms { w.alarm(alarm) }
        for c in reminder.extraComponents { w.component(c) }
        w.raw("END:VTODO")
        return false
    }

    /// Writes DateComponents as DATE, floating, UTC or zoned, and returns the form used.
    private static func write(_ name: String, _ c: DateComponents, tzid: String?, into w: inout PropertyWriter) -> PropertyWriter.TimeForm {
        let wall = DateTimeValue(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1,
                                 hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0, isDate: c.hour == nil)
        if wall.isDate { w.raw(name + ";VALUE=DATE:" + wall.description); return .date }
        guard let zone = c.timeZone else { w.raw(name + ":" + wall.description); return .floating }
        if zone.identifier == "UTC" || zone.identifier == "GMT", tzid == nil {
            var utc = wall
            utc.isUTC = true
            w.raw(name + ":" + utc.description)
            return .utc
        }
        let id = tzid ?? zone.identifier
        let form = PropertyWriter.TimeForm.zoned(tzid: id)
        if let resolved = w.resolver.resolve(id) {
            w.time(name, resolved.date(forLocal: wall), form)
        } else {
            w.raw(name + ":" + wall.description)
            return .floating
        }
        return form
    }
}
