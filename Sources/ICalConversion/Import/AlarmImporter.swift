import CalendarModel
import Foundation
import ICalCore

/// VALARM → ``Alarm``: relative (RELATED=START/END) or absolute TRIGGER, REPEAT/DURATION,
/// Apple location alarms. An alarm with no readable TRIGGER is kept as raw text instead.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.6>
enum AlarmImporter {
    static func read(_ comp: RawComponent, ctx: ImportContext, uid: String) -> Alarm? {
        var r = ItemReader(ctx: ctx, component: comp, uid: uid)
        guard let trigger = r.take("TRIGGER") else {
            ctx.note(.warning, line: comp.line, uid: uid, property: "TRIGGER", "VALARM has no TRIGGER; kept verbatim, not used as an alarm", action: .ignored)
            return nil
        }
        var alarm: Alarm
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" || (!trigger.value.utf8.contains(UInt8(ascii: "P")) && trigger.value.count >= 15) {
            guard let t = ctx.readTime(trigger.value, tzid: trigger.parameter("TZID"), line: trigger.line, uid: uid, property: "TRIGGER", applyCalendarZone: false), !t.isDate else {
                ctx.note(.warning, line: trigger.line, uid: uid, property: "TRIGGER", "invalid TRIGGER \"\(trigger.value)\"; alarm kept verbatim, not used", action: .ignored)
                return nil
            }
            alarm = Alarm(absoluteDate: t.date)
        } else {
            guard let d = DurationValue(parsing: trigger.value) else {
                ctx.note(.warning, line: trigger.line, uid: uid, property: "TRIGGER", "invalid TRIGGER \"\(trigger.value)\"; alarm kept verbatim, not used", action: .ignored)
                return nil
            }
            let duration = ICalDuration(d)
            alarm = Alarm(relativeOffset: duration.timeInterval)
            alarm.relativeDuration = duration
            if trigger.parameter("RELATED")?.uppercased() == "END" { alarm.relatedTo = .end }
        }
        if let action = r.take("ACTION") {
            if let a = Alarm.Action(rawValue: action.value.uppercased().trimmedSpaces) { alarm.action = a } else { r.keep(action) }
        }
        if let repeatCount = r.integer("REPEAT", range: 0...10_000) { alarm.repeatCount = repeatCount }
        if let line = r.take("DURATION") {
            if let d = DurationValue(parsing: line.value) { alarm.repeatInterval = ICalDuration(d).timeInterval } else { r.keep(line) }
        }
        alarm.summary = r.text("SUMMARY")
        alarm.notes = r.text("DESCRIPTION")
        alarm.attendees = r.takeAll("ATTENDEE").map(ParticipantImporter.read)
        if let prox = r.take("X-APPLE-PROXIMITY") {
            switch prox.value.uppercased() {
            case "ARRIVE": alarm.proximity = .enter
            case "DEPART": alarm.proximity = .leave
            default: r.keep(prox)
            }
        }
        if let loc = r.take("X-APPLE-STRUCTURED-LOCATION") {
            if let s = LocationImporter.apple(loc) { alarm.structuredLocation = s } else { r.keep(loc) }
        }
        alarm.extraProperties = r.extraProperties
        // Subcomponents of a VALARM are not expected; keep them as lines of text.
        for child in comp.components { alarm.extraProperties.append(contentsOf: child.text.crlfLines) }
        return alarm
    }
}
