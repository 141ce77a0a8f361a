import CalendarModel
import Foundation
import ICalCore

/// VEVENT → ``Event``. An event whose DTSTART cannot be read is skipped (with an error that
/// names file, line, UID and property); every other problem is repaired or the line kept
/// verbatim, and said so.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.1>
enum EventImporter {
    static func read(_ comp: RawComponent, ctx: ImportContext) -> Event? {
        var r = ItemReader(ctx: ctx, component: comp)
        let uid = r.uid
        guard let (startLine, startReading) = r.time("DTSTART") else {
            // RFC 5545 lets iTIP messages (METHOD) leave DTSTART out; such an event has no place
            // on a calendar, but it is kept verbatim so export loses nothing.
            ctx.note(.warning, line: comp.line, uid: uid, property: "DTSTART",
                     "VEVENT has no DTSTART; kept verbatim for export, not placed on the calendar", action: .ignored)
            return nil
        }
        guard let start = startReading else {
            ctx.note(.error, line: startLine.line, uid: uid, property: "DTSTART", "invalid date or date-time \"\(startLine.value)\"; the event is kept verbatim for export but not read", action: .skipped)
            return nil
        }
        var event = Event(uid: uid, startDate: start.date, endDate: start.date)
        event.isAllDay = start.isDate
        event.timeZoneIdentifier = start.tzid
        event.timeZone = start.zone?.foundationZone(near: start.date)
        event.definedTimeZone = ctx.definedTimeZone(of: start.zone)
        if start.isUTC { event.timeZone = ImportContext.utc }
        _ = r.take("UID")

        // End: DTEND, else DURATION, else RFC 5545's defaults (one day for a DATE, zero length).
        var end: Date?
        if let (endLine, endReading) = r.time("DTEND") {
            if let e = endReading {
                end = e.date
                if e.isDate != start.isDate {
                    ctx.note(.note, line: endLine.line, uid: uid, property: "DTEND",
                             "DTEND is a \(e.isDate ? "DATE" : "DATE-TIME") but DTSTART is not; used as written", action: .none)
                }
            } else {
                ctx.note(.warning, line: endLine.line, uid: uid, property: "DTEND",
                         "invalid date or date-time \"\(endLine.value)\"; ignored, default length used", action: .repaired)
                r.keep(endLine)
            }
        }
        if end == nil, let durLine = r.take("DURATION") {
            if let d = DurationValue(parsing: durLine.value) {
                let duration = ICalDuration(d)
                event.duration = duration
                end = ctx.add(duration, to: start)
            } else {
                ctx.note(.warning, line: durLine.line, uid: uid, property: "DURATION",
                         "invalid duration \"\(durLine.value)\"; ignored, default length used", action: .repaired)
                r.keep(durLine)
            }
        }
        let defaultEnd = start.isDate ? start.date + 86_400 : start.date
        event.endDate = end ?? defaultEnd
        if event.endDate < event.startDate {
            ctx.note(.warning, line: startLine.line, uid: uid, property: "DTEND",
                     "end is before DTSTART; start and end swapped", action: .repaired)
            swap(&event.startDate, &event.endDate)
            event.duration = nil
        }

        event.title = r.text("SUMMARY") ?? ""
        event.notes = r.text("DESCRIPTION")
        event.location = r.text("LOCATION")
        event.url = r.url()
        if let status = r.take("STATUS") {
            switch status.value.uppercased().trimmedSpaces {
            case "CONFIRMED": event.status = .confirmed
            case "TENTATIVE": event.status = .tentative
            case "CANCELLED": event.status = .canceled
            default: r.keep(status)
            }
        }
        if let transp = r.take("TRANSP") {
            switch transp.value.uppercased().trimmedSpaces {
            case "OPAQUE": event.availability = .busy
            case "TRANSPARENT": event.availability = .free
            default: r.keep(transp)
            }
        }
        // Outlook's busy status refines TRANSP; the line itself stays verbatim for export.
        if let busy = comp.property("X-MICROSOFT-CDO-BUSYSTATUS") {
            switch busy.value.uppercased().trimmedSpaces {
            case "TENTATIVE": event.availability = .tentative
            case "OOF": event.availability = .unavailable
            case "FREE": if event.availability == .notSupported { event.availability = .free }
            case "BUSY": if event.availability == .notSupported { event.availability = .busy }
            default: break
            }
        }
        event.privacy = r.privacy()
        event.priority = r.integer("PRIORITY", range: 0...9) ?? 0
        event.sequence = r.integer("SEQUENCE", range: 0...Int(Int32.max)) ?? 0
        event.creationDate = r.timestamp("CREATED")
        event.lastModifiedDate = r.timestamp("LAST-MODIFIED")
        event.timestamp = r.timestamp("DTSTAMP")
        event.categories = r.categories()
        if let org = r.take("ORGANIZER") { event.organizer = ParticipantImporter.read(org) }
        event.attendees = r.takeAll("ATTENDEE").map(ParticipantImporter.read)
        if let apple = r.take("X-APPLE-STRUCTURED-LOCATION") {
            if let loc = LocationImporter.apple(apple) { event.structuredLocation = loc } else { r.keep(apple) }
        }
        if event.structuredLocation == nil, let geo = r.take("GEO") {
            if let loc = LocationImporter.geo(geo) {
                event.structuredLocation = loc
            } else {
                ctx.note(.warning, line: geo.line, uid: uid, property: "GEO", "\"\(geo.value)\" is not latitude;longitude; kept verbatim", action: .ignored)
                r.keep(geo)
            }
        }

        event.recurrenceRules = r.rules("RRULE", start: start)
        event.exceptionRules = r.rules("EXRULE", start: start)
        event.recurrenceDates = r.dates("RDATE")
        event.exceptionDates = r.dates("EXDATE")
        if let (ridLine, rid) = r.time("RECURRENCE-ID") {
            if let rid {
                event.occurrenceDate = rid.date
                if event.isAllDay && !rid.isDate && rid.zone != nil {
                    // An all-day override whose RECURRENCE-ID is a zoned date-time (Outlook:
                    // `RECURRENCE-ID;TZID=GMT Standard Time:20200416T000000` with a DATE DTSTART)
                    // keeps the RECURRENCE-ID's wall clock, the model convention for all-day items:
                    // it names the instance of that local date, not of the UTC instant's date.
                    event.occurrenceDate = Date(timeIntervalSince1970: TimeInterval(rid.wall.secondsAsUTC))
                }
                event.occurrenceDateIsAllDay = rid.isDate
                event.appliesToFutureOccurrences = ridLine.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
            } else {
                ctx.note(.error, line: ridLine.line, uid: uid, property: "RECURRENCE-ID",
                         "invalid date or date-time \"\(ridLine.value)\"; the event is kept verbatim for export but not read", action: .skipped)
                return nil
            }
        }

        let (alarms, extraComponents) = r.subcomponents()
        event.alarms = alarms
        event.extraComponents = extraComponents
        event.extraProperties = r.extraProperties
        event.source = SourceText(makingUTF8: comp.utf8TextMaker, event: event)
        return event
    }
}
