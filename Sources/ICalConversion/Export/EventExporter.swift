import CalendarModel
import Foundation
import ICalCore

/// ``Event`` → VEVENT lines: the original text when the event was not edited, else rebuilt
/// from the model plus the lines and subcomponents it kept verbatim.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.1>
enum EventExporter {
    /// Writes the event; true when it was written from its original text (not edited).
    @discardableResult
    static func write(_ event: Event, into w: inout PropertyWriter) -> Bool {
        if let source = event.source, source.isUnchanged(event) {
            w.component(source.text)
            return true
        }
        let form = PropertyWriter.form(isAllDay: event.isAllDay, timeZone: event.timeZone, tzid: event.timeZoneIdentifier)
        w.raw("BEGIN:VEVENT")
        w.text("UID", event.uid)
        w.utc("DTSTAMP", event.timestamp)
        w.time("DTSTART", event.startDate, form)
        if let duration = event.duration {
            w.raw("DURATION:" + duration.description)
        } else {
            // An all-day event whose end is not a midnight had a date-time DTEND: keep the instant.
            let endIsDate = Int(event.endDate.timeIntervalSince1970) % 86_400 == 0
            w.time("DTEND", event.endDate, event.isAllDay && !endIsDate ? .utc : form)
        }
        if let rid = event.occurrenceDate {
            // A date-time RECURRENCE-ID of an all-day event is written in UTC: same instant.
            let ridForm: PropertyWriter.TimeForm = event.occurrenceDateIsAllDay ? .date : (event.isAllDay ? .utc : form)
            w.time("RECURRENCE-ID", rid, ridForm,
                   extraParams: event.appliesToFutureOccurrences ? ";RANGE=THISANDFUTURE" : "")
        }
        w.text("SUMMARY", event.title.isEmpty ? nil : event.title)
        w.text("DESCRIPTION", event.notes)
        w.text("LOCATION", event.location)
        if let url = event.url { w.raw("URL:" + url.absoluteString) }
        switch event.status {
        case .none: break
        case .confirmed: w.raw("STATUS:CONFIRMED")
        case .tentative: w.raw("STATUS:TENTATIVE")
        case .canceled: w.raw("STATUS:CANCELLED")
        }
        switch event.availability {
        case .notSupported: break
        case .free: w.raw("TRANSP:TRANSPARENT")
        case .busy, .tentative, .unavailable: w.raw("TRANSP:OPAQUE")
        }
        if let privacy = event.privacy { w.raw("CLASS:" + privacy.rawValue) }
        w.integer("PRIORITY", event.priority)
        w.integer("SEQUENCE", event.sequence, skipZero: false)
        w.utc("CREATED", event.creationDate)
        w.utc("LAST-MODIFIED", event.lastModifiedDate)
        if !event.categories.isEmpty { w.raw("CATEGORIES:" + event.categories.map(TextCodec.escape).joined(separator: ",")) }
        if let org = event.organizer { w.participant("ORGANIZER", org) }
        for a in event.attendees { w.participant("ATTENDEE", a) }
        if let loc = event.structuredLocation { w.structuredLocation(loc) }
        for rule in event.recurrenceRules { w.rule("RRULE", rule, seriesForm: form) }
        for rule in event.exceptionRules { w.rule("EXRULE", rule, seriesForm: form) }
        w.dates("RDATE", event.recurrenceDates, seriesForm: form)
        w.dates("EXDATE", event.exceptionDates, seriesForm: form)
        w.raw(event.extraProperties)
        for alarm in event.alarms { w.alarm(alarm) }
        for c in event.extraComponents { w.component(c) }
        w.raw("END:VEVENT")
        return false
    }
}
