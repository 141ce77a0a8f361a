import Foundation
import ICalCore

/// One event of icalkit's JSON (an occurrence object of `convert --format json`: `uid`,
/// `title`, `start`, `end`, `isAllDay`, `timeZone`, `location`, `notes`, `url`, `status`,
/// `occurrenceDate`, `alarms`, `organizer`, `attendees`, `recurrenceRules`, `recurrenceDates`,
/// `exceptionDates`) as a VEVENT. `calendar`, `recurring` and `isDetached` follow from the rest
/// and are not read.
enum CalendarJSONEvent {
    static let statuses = ["none": nil, "confirmed": "CONFIRMED", "tentative": "TENTATIVE", "canceled": "CANCELLED"]
    /// The words `status` takes, as errors list them (made once: every event asks).
    static let statusWords = statuses.keys.sorted()

    static func write(_ node: JSONNode, at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        let e = try JSONField.object(node, at: path, "an object (an event)")
        let uid = try JSONField.requiredString(e["uid"], at: path.key("uid"))
        let zone = try JSONField.string(e["timeZone"], at: path.key("timeZone"))
        let startText = try JSONField.requiredString(e["start"], at: path.key("start"))
        let start = try CalendarJSONDate(startText, at: path.key("start"))
        let isAllDay = try JSONField.bool(e["isAllDay"], at: path.key("isAllDay")) ?? (start.kind == .day)
        if isAllDay != (start.kind == .day) {
            throw path.key("start").error(isAllDay ? "expected YYYY-MM-DD (isAllDay is true)" : "expected a date and time (isAllDay is false)")
        }
        out.append(line: "BEGIN:VEVENT", from: path)
        out.append(line: "UID:" + TextCodec.escape(uid), from: path.key("uid"))
        try CalendarJSONReader.text("SUMMARY", e["title"], at: path.key("title"), to: &out)
        out.append(line: start.line("DTSTART", inZone: zone), from: path.key("start"))
        if let endText = try JSONField.string(e["end"], at: path.key("end")) {
            let end = try CalendarJSONDate(endText, at: path.key("end"))
            guard (end.kind == .day) == isAllDay else {
                throw path.key("end").error(isAllDay ? "expected YYYY-MM-DD, as start is" : "expected a date and time, as start is")
            }
            out.append(line: end.line("DTEND", inZone: zone), from: path.key("end"))
        }
        if let occurrence = try JSONField.string(e["occurrenceDate"], at: path.key("occurrenceDate")) {
            let date = try CalendarJSONDate(occurrence, at: path.key("occurrenceDate"))
            out.append(line: date.line("RECURRENCE-ID", inZone: zone), from: path.key("occurrenceDate"))
        }
        try CalendarJSONReader.text("LOCATION", e["location"], at: path.key("location"), to: &out)
        try CalendarJSONReader.text("DESCRIPTION", e["notes"], at: path.key("notes"), to: &out)
        if let url = try JSONField.string(e["url"], at: path.key("url")) {
            out.append(line: "URL:" + url, from: path.key("url"))
        }
        if let status = try JSONField.choice(e["status"], at: path.key("status"), statusWords), let text = statuses[status] ?? nil {
            out.append(line: "STATUS:" + text, from: path.key("status"))
        }
        for (i, rule) in try JSONField.array(e["recurrenceRules"], at: path.key("recurrenceRules"), required: false).enumerated() {
            let at = path.key("recurrenceRules").index(i).folded
            out.append(line: "RRULE:" + (try JSONField.requiredString(rule, at: at)), from: at)
        }
        for (name, key) in [("RDATE", "recurrenceDates"), ("EXDATE", "exceptionDates")] {
            for (i, item) in try JSONField.array(e[key], at: path.key(key), required: false).enumerated() {
                let at = path.key(key).index(i).folded
                let date = try CalendarJSONDate(try JSONField.requiredString(item, at: at), at: at)
                out.append(line: date.line(name, inZone: zone), from: at)
            }
        }
        if let organizer = e["organizer"], organizer != .null {
            out.append(line: try CalendarJSONParticipant.line("ORGANIZER", organizer, at: path.key("organizer")), from: path.key("organizer"))
        }
        for (i, attendee) in try JSONField.array(e["attendees"], at: path.key("attendees"), required: false).enumerated() {
            let at = path.key("attendees").index(i).folded
            out.append(line: try CalendarJSONParticipant.line("ATTENDEE", attendee, at: at), from: at)
        }
        for (i, alarm) in try JSONField.array(e["alarms"], at: path.key("alarms"), required: false).enumerated() {
            try CalendarJSONParticipant.writeAlarm(alarm, at: path.key("alarms").index(i).folded, to: &out)
        }
        out.append(line: "END:VEVENT", from: path)
    }
}
