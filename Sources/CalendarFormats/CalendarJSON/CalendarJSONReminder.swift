import ICalCore

/// One reminder of icalkit's JSON (`uid`, `title`, `due`, `start`, `completed`,
/// `completionDate`, `priority`, `notes`, `parent`) as a VTODO. JSON gives a zoned due or start
/// date as an instant only, so it is written in UTC.
enum CalendarJSONReminder {
    static func write(_ node: JSONNode, at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        let r = try JSONField.object(node, at: path, "an object (a reminder)")
        let uid = try JSONField.requiredString(r["uid"], at: path.key("uid"))
        out.append(line: "BEGIN:VTODO", from: path)
        out.append(line: "UID:" + TextCodec.escape(uid), from: path.key("uid"))
        try CalendarJSONReader.text("SUMMARY", r["title"], at: path.key("title"), to: &out)
        for (name, key) in [("DTSTART", "start"), ("DUE", "due")] {
            if let text = try JSONField.string(r[key], at: path.key(key)) {
                out.append(line: try CalendarJSONDate(text, at: path.key(key)).line(name, inZone: nil), from: path.key(key))
            }
        }
        if try JSONField.bool(r["completed"], at: path.key("completed")) == true {
            out.append(line: "STATUS:COMPLETED", from: path.key("completed"))
        }
        if let text = try JSONField.string(r["completionDate"], at: path.key("completionDate")) {
            let date = try CalendarJSONDate(text, at: path.key("completionDate"))
            guard date.kind == .instant else { throw path.key("completionDate").error("expected RFC 3339 with Z or an offset (an instant)") }
            out.append(line: date.line("COMPLETED", inZone: nil), from: path.key("completionDate"))
        }
        if let priority = try JSONField.integer(r["priority"], at: path.key("priority"), in: 0...9), priority > 0 {
            out.append(line: "PRIORITY:\(priority)", from: path.key("priority"))
        }
        try CalendarJSONReader.text("DESCRIPTION", r["notes"], at: path.key("notes"), to: &out)
        if let parent = try JSONField.string(r["parent"], at: path.key("parent")) {
            out.append(line: "RELATED-TO:" + TextCodec.escape(parent), from: path.key("parent"))
        }
        out.append(line: "END:VTODO", from: path)
    }
}
