import CalendarModel
import Foundation
import ICalCore

/// VTODO → ``Reminder``. DUE and DTSTART become `DateComponents` as EventKit keeps them: a
/// DATE has only year/month/day; a floating date-time has no zone; a zoned one carries it.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.2>
enum ReminderImporter {
    static func read(_ comp: RawComponent, ctx: ImportContext) -> Reminder? {
        var r = ItemReader(ctx: ctx, component: comp)
        var reminder = Reminder(uid: r.uid)
        _ = r.take("UID")
        var seriesStart: TimeReading?
        for name in ["DTSTART", "DUE"] {
            guard let (line, reading) = r.time(name) else { continue }
            guard let reading else {
                ctx.note(.warning, line: line.line, uid: r.uid, property: name,
                         "invalid date or date-time \"\(line.value)\"; kept verbatim, not used", action: .ignored)
                r.keep(line)
                continue
            }
            let components = dateComponents(reading)
            if name == "DTSTART" { reminder.startDateComponents = components; seriesStart = reading }
            else { reminder.dueDateComponents = components; if seriesStart == nil { seriesStart = reading } }
            if let tzid = reading.tzid { reminder.timeZoneIdentifier = tzid }
            if let defined = ctx.definedTimeZone(of: reading.zone) { reminder.definedTimeZone = defined }
        }
        // A VTODO's DURATION (with DTSTART) stays verbatim: the model has no field for it.
        reminder.title = r.text("SUMMARY") ?? ""
        reminder.notes = r.text("DESCRIPTION")
        reminder.location = r.text("LOCATION")
        reminder.url = r.url()
        reminder.completionDate = r.timestamp("COMPLETED")
        reminder.percentComplete = r.integer("PERCENT-COMPLETE", range: 0...100)
        if let status = r.take("STATUS") {
            switch status.value.uppercased().trimmedSpaces {
            case "NEEDS-ACTION": reminder.status = .needsAction
            case "IN-PROCESS": reminder.status = .inProcess
            case "COMPLETED": reminder.status = .completed
            case "CANCELLED": reminder.status = .canceled
            default: r.keep(status)
            }
        }
        reminder.isCompleted = reminder.status == .completed || reminder.completionDate != nil
        reminder.priority = r.integer("PRIORITY", range: 0...9) ?? 0
        reminder.sequence = r.integer("SEQUENCE", range: 0...Int(Int32.max)) ?? 0
        reminder.creationDate = r.timestamp("CREATED")
        reminder.lastModifiedDate = r.timestamp("LAST-MODIFIED")
        reminder.timestamp = r.timestamp("DTSTAMP")
        reminder.categories = r.categories()
        reminder.privacy = r.privacy()
        if let related = r.take("RELATED-TO") {
            let reltype = related.parameter("RELTYPE")?.uppercased() ?? "PARENT"
            if reltype == "PARENT" && related.parameters.allSatisfy({ $0.name == "RELTYPE" }) {
                reminder.parentUID = TextCodec.unescape(related.value).trimmedSpaces
            } else {
                r.keep(related)
            }
        }
        if let start = seriesStart {
            reminder.recurrenceRules = r.rules("RRULE", start: start)
            reminder.recurrenceDates = r.dates("RDATE")
            reminder.exceptionDates = r.dates("EXDATE")
        }
        if let (ridLine, rid) = r.time("RECURRENCE-ID") {
            if let rid { reminder.occurrenceDate = rid.date } else { r.keep(ridLine) }
        }
        let (alarms, extra) = r.subcomponents()
        reminder.alarms = alarms
        reminder.extraComponents = extra
        reminder.extraProperties = r.extraProperties
        reminder.source = SourceText(makingUTF8: comp.utf8TextMaker, reminder: reminder)
        return reminder
    }

    static func dateComponents(_ t: TimeReading) -> DateComponents {
        var c = DateComponents(year: t.wall.year, month: t.wall.month, day: t.wall.day)
        guard !t.isDate else { return c }
        c.hour = t.wall.hour
        c.minute = t.wall.minute
        c.second = t.wall.second
        if t.isUTC { c.timeZone = ImportContext.utc }
        else if let zone = t.zone, zone.origin == .definition {
            // A VTIMEZONE's own rules: the fixed offset that takes this wall clock to the instant
            // libical gives it (in a gap, the offset before the gap, RFC 5545 §3.3.5), which is
            // not always the offset at that instant (``Reminder/definedTimeZone`` has that).
            c.timeZone = TimeZone(secondsFromGMT: t.wall.secondsAsUTC - Int(t.date.timeIntervalSince1970.rounded(.down)))
        } else if let zone = t.zone { c.timeZone = zone.foundationZone(near: t.date) }
        return c
    }
}
