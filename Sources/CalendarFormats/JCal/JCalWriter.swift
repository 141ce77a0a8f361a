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
        let roots = ICalScanner().scan(bytes).components.map(component)
        return roots.count == 1 ? roots[0] : .array(roots)
    }

    /// `[name, [properties], [components]]` of one component, names lower-case.
    public static func component(_ raw: RawComponent) -> JSONNode {
        .array([
            .string(raw.name.lowercased()),
            .array(raw.properties.map(property)),
            .array(raw.components.map(component)),
        ])
    }

    /// `[name, {parameters}, type, value...]` of one content line.
    public static func property(_ line: ContentLine) -> JSONNode {
        let kind = JCalPropertyKind(name: line.name)
        let named = line.parameter("VALUE")?.lowercased()
        let type = named ?? kind.inferredType(of: line.value)
        var parameters: [JSONNode.Member] = []
        for p in line.parameters where p.name != "VALUE" {
            // One value is a string, several an array (RFC 7265 §3.5.2); none (a name without
            // `=`, which only broken input has) the empty string.
            let values = p.values.map(JSONNode.string)
            parameters.append(JSONNode.Member(p.name.lowercased(), values.count == 1 ? values[0] : values.isEmpty ? .string("") : .array(values)))
        }
        let name = JSONNode.string(line.name.lowercased())
        if let values = values(of: line.value, kind: kind, type: type) {
            return .array([name, .object(parameters), .string(type)] + values)
        }
        return .array([name, .object(parameters), .string(named ?? "unknown"), .string(line.value)])
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
