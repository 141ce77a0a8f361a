import ICalCore

/// iCalendar to jCal (RFC 7265): every component, property and parameter of the input, in
/// order, with RFC 7265's value types; X- and unknown properties without `VALUE` are of type
/// `unknown` with their text as written.
///
/// A value that does not have its type's shape (`DTSTART:20131210Z`, `X-A;VALUE=INTEGER:foobar`)
/// keeps its text: as type `unknown` when the type was only the property's default (so the
/// iCalendar written back has no `VALUE` either, as the input had none), else as a string of
/// the type `VALUE` named (not valid jCal, but nothing else keeps what the line says).
///
/// ```swift
/// let json = JCalWriter.jcal(fromICalendar: Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8))
/// json.jsonText   // ["vcalendar",[["version",{},"text","2.0"]],[]]
/// ```
/// One VCALENDAR gives its jCal array; several (or none) give an array of them.
/// Related RFC 7265 section: <https://www.rfc-editor.org/rfc/rfc7265#section-3>
public enum JCalWriter {
    /// The jCal of an iCalendar text: one component's array when the text has one top-level
    /// component, else the array of them.
    public static func jcal(fromICalendar bytes: [UInt8]) -> JSONNode {
        // The writer's text is always JSON, so this is never `.null`.
        (try? JSONNode(parsing: jcalText(fromICalendar: bytes))) ?? .null
    }

    /// ``jcal(fromICalendar:)`` as compact JSON text, written without the tree.
    public static func jcalText(fromICalendar bytes: [UInt8]) -> [UInt8] {
        let roots = ICalScanner().scan(bytes).components
        var out: [UInt8] = []
        if roots.count != 1 { out.append(UInt8(ascii: "[")) }
        for (i, root) in roots.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            write(root, to: &out)
        }
        if roots.count != 1 { out.append(UInt8(ascii: "]")) }
        return out
    }

    /// Appends `[name, [properties], [components]]` of one component as compact JSON text,
    /// written straight from the lines (no ``JSONNode`` tree: `convert --format jcal` writes
    /// every item so).
    public static func write(_ raw: RawComponent, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        JSONNode.writeString(raw.name.lowercased(), to: &out)
        out.append(contentsOf: ",[".utf8)
        for (i, line) in raw.properties.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            write(line, to: &out)
        }
        out.append(contentsOf: "],[".utf8)
        for (i, child) in raw.components.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            write(child, to: &out)
        }
        out.append(contentsOf: "]]".utf8)
    }

    /// Appends `[name, {parameters}, type, value...]` of one content line as compact JSON text.
    public static func write(_ line: ContentLine, to out: inout [UInt8]) {
        let kind = JCalPropertyKind(name: line.name)
        let named = line.parameter("VALUE")?.lowercased()
        let type = named ?? kind.inferredType(of: line.value)
        out.append(UInt8(ascii: "["))
        JSONNode.writeString(line.name.lowercased(), to: &out)
        out.append(contentsOf: ",{".utf8)
        var firstParameter = true
        for p in line.parameters where p.name != "VALUE" {
            if !firstParameter { out.append(UInt8(ascii: ",")) }
            firstParameter = false
            JSONNode.writeString(p.name.lowercased(), to: &out)
            out.append(UInt8(ascii: ":"))
            // One value is a string, several an array (RFC 7265 §3.5.2); none (a name without
            // `=`, which only broken input has) the empty string.
            if p.values.count == 1 {
                JSONNode.writeString(p.values[0], to: &out)
            } else if p.values.isEmpty {
                JSONNode.writeString("", to: &out)
            } else {
                out.append(UInt8(ascii: "["))
                for (i, value) in p.values.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    JSONNode.writeString(value, to: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(contentsOf: "},".utf8)
        if let values = values(of: line.value, kind: kind, type: type) {
            JSONNode.writeString(type, to: &out)
            for value in values {
                out.append(UInt8(ascii: ","))
                value.write(to: &out)
            }
        } else {
            JSONNode.writeString(named ?? "unknown", to: &out)
            out.append(UInt8(ascii: ","))
            JSONNode.writeString(line.value, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The JSON values of a property's text: one per element of a comma list, one array for a
    /// structured value, else one; nil when any of them does not have the type's shape.
    static func values(of text: String, kind: JCalPropertyKind, type: String) -> [JSONNode]? {
        func converted(_ pieces: [String]) -> [JSONNode]? {
            var out: [JSONNode] = []
            for piece in pieces {
                guard let value = JCalValueCodec.json(fromICalendar: piece, type: type) else { return nil }
                out.append(value)
            }
            return out
        }
        let separator = UInt8(ascii: kind.isStructured ? ";" : ",")
        let pieces = !kind.isStructured && !kind.isMultiValued ? [text]
            : type == "text" ? splitUnescaped(text, at: separator)
            : text.split(separator: Character(Unicode.Scalar(separator)), omittingEmptySubsequences: false).map(String.init)
        guard let values = converted(pieces) else { return nil }
        return kind.isStructured ? [.array(values)] : values
    }

    /// TEXT split at the separators not escaped by a backslash, each part still escaped.
    static func splitUnescaped(_ text: String, at separator: UInt8) -> [String] {
        let bytes = Array(text.utf8)
        var parts: [String] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == separator {
                parts.append(String(decoding: bytes[start..<i], as: UTF8.self))
                start = i + 1
            }
            i += 1
        }
        parts.append(String(decoding: bytes[min(start, bytes.count)...], as: UTF8.self))
        return parts
    }
}
