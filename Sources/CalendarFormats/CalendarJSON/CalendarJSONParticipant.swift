import ICalCore

/// The people and alarms of icalkit's JSON events: participants (`{"name", "email", "url",
/// "role", "status", "type", "rsvp"}`) as ORGANIZER/ATTENDEE lines with RFC 5545's parameter
/// values, alarms (`{"action", "offset", "relatedTo", "date"}`) as VALARMs.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.4.1>
enum CalendarJSONParticipant {
    /// EventKit's words (the JSON's) to RFC 5545's; `unknown` writes no parameter.
    static let roles = ["unknown": nil, "required": "REQ-PARTICIPANT", "optional": "OPT-PARTICIPANT", "chair": "CHAIR",
                        "nonParticipant": "NON-PARTICIPANT"]
    static let statuses = ["unknown": nil, "pending": "NEEDS-ACTION", "accepted": "ACCEPTED", "declined": "DECLINED",
                           "tentative": "TENTATIVE", "delegated": "DELEGATED", "completed": "COMPLETED", "inProcess": "IN-PROCESS"]
    static let types = ["unknown": nil, "person": "INDIVIDUAL", "room": "ROOM", "resource": "RESOURCE", "group": "GROUP"]
    static let actions = ["display", "audio", "email", "none", "procedure"]
    /// The parameters read from words, with the words each takes as errors list them (sorted
    /// once: every participant asks).
    static let wordParameters = [("role", "ROLE", roles), ("status", "PARTSTAT", statuses), ("type", "CUTYPE", types)]
        .map { key, parameter, table in (key, parameter, table, table.keys.sorted()) }

    static func line(_ name: String, _ node: JSONNode, at path: JSONPath) throws(FormatError) -> String {
        let p = try JSONField.object(node, at: path, "an object (a participant) or null")
        let address: String
        if let url = try JSONField.string(p["url"], at: path.key("url")) {
            address = url
        } else if let email = try JSONField.string(p["email"], at: path.key("email")) {
            address = "mailto:" + email
        } else {
            throw path.key("url").error("expected a string (the participant's address), or an email")
        }
        var parameters: [ICalParameter] = []
        if let cn = try JSONField.string(p["name"], at: path.key("name")) { parameters.append(ICalParameter("CN", cn)) }
        for (key, parameter, table, words) in wordParameters {
            if let word = try JSONField.choice(p[key], at: path.key(key), words), let value = table[word] ?? nil {
                parameters.append(ICalParameter(parameter, value))
            }
        }
        if let rsvp = try JSONField.bool(p["rsvp"], at: path.key("rsvp")) { parameters.append(ICalParameter("RSVP", rsvp ? "TRUE" : "FALSE")) }
        return ContentLine(name: name, parameters: parameters, value: address).text
    }

    static func writeAlarm(_ node: JSONNode, at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        let a = try JSONField.object(node, at: path, "an object (an alarm)")
        let action = try JSONField.choice(a["action"], at: path.key("action"), actions) ?? "display"
        let trigger: String
        if let offset = try JSONField.string(a["offset"], at: path.key("offset")) {
            let related = try JSONField.choice(a["relatedTo"], at: path.key("relatedTo"), ["start", "end"])
            trigger = "TRIGGER" + (related == "end" ? ";RELATED=END" : "") + ":" + offset
        } else if let dateText = try JSONField.string(a["date"], at: path.key("date")) {
            let date = try CalendarJSONDate(dateText, at: path.key("date"))
            guard date.kind == .instant else { throw path.key("date").error("expected RFC 3339 with Z or an offset (an instant)") }
            trigger = date.line("TRIGGER;VALUE=DATE-TIME", inZone: nil)
        } else {
            throw path.key("offset").error("expected an offset (an RFC 5545 duration such as -PT15M) or a date")
        }
        out.append(line: "BEGIN:VALARM", from: path)
        out.append(line: "ACTION:" + action.uppercased(), from: path.key("action"))
        out.append(line: trigger, from: path)
        out.append(line: "END:VALARM", from: path)
    }
}
