import ICalCore

/// jCal (RFC 7265) to iCalendar text: the reverse of ``JCalWriter``. The text is what the
/// iCalendar reader then reads, so jCal input gets the same conversion, diagnostics and store
/// import as `.ics`.
///
/// Input that is not jCal is a ``FormatError`` naming the JSON path of the first problem and
/// what was expected there (`[2][0][1][3]: expected an array (a property: [name, {parameters}, type, value...])`).
///
/// ```swift
/// let ics = try JCalReader.iCalendar(fromJSON: Array(#"["vcalendar",[["version",{},"text","2.0"]],[]]"#.utf8))
/// String(decoding: ics.iCalendar, as: UTF8.self)   // "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"
/// ```
/// Related RFC 7265 section: <https://www.rfc-editor.org/rfc/rfc7265#section-4>
public enum JCalReader {
    /// The iCalendar text (folded, CRLF) of a jCal document: one component, or an array of them.
    public static func iCalendar(fromJSON bytes: [UInt8]) throws(FormatError) -> TranslatedInput {
        try InputFormat.jcal.translated(json: bytes)
    }

    public static func iCalendar(from document: JSONNode) throws(FormatError) -> TranslatedInput {
        try iCalendar(fromJSON: Array(document.jsonText.utf8))
    }

    /// Whether `bytes` look like jCal: after white space, `[` then `"vcalendar"` (or `[[` then
    /// it, for a list of calendars); case-insensitive, as names are.
    public static func looksLikeJCal(_ bytes: some Collection<UInt8>) -> Bool {
        var tokens: [UInt8] = []
        var inString = false
        for b in bytes.prefix(256) {
            if !inString, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0xEF || b == 0xBB || b == 0xBF { continue }
            tokens.append(b | (b >= 0x41 && b <= 0x5A ? 0x20 : 0))
            if b == UInt8(ascii: "\"") { inString.toggle() }
            if tokens.count >= 13 { break }
        }
        let text = String(decoding: tokens, as: UTF8.self)
        return text.hasPrefix("[\"vcalendar\"") || text.hasPrefix("[[\"vcalendar\"")
    }

    // MARK: - Components and properties

    static func countError(_ count: Int, at path: JSONPath) -> FormatError {
        path.error("expected a component of 3 items ([name, [properties], [components]]), found \(count)")
    }

    static func propertyCountError(_ count: Int, at path: JSONPath) -> FormatError {
        path.error("expected a property of at least 4 items ([name, {parameters}, type, value...]), found \(count)")
    }

    /// An upper-cased component name.
    static func componentName(_ node: JSONNode, at path: @autoclosure () -> JSONPath) throws(FormatError) -> String {
        try name(node, at: path(), of: "component", forbidding: "")
    }

    /// A property's first three items, checked in this order: the name (upper-cased), the
    /// parameters (each name upper-cased), the value type (lower-cased).
    ///
    /// Here and below, a place is given as an autoclosure: it is written out only for an error.
    static func propertyHead(name nameNode: JSONNode, parameters parametersNode: JSONNode, type typeNode: JSONNode,
                             at path: JSONPath) throws(FormatError) -> (name: String, parameters: [ICalParameter], type: String) {
        let name = try self.name(nameNode, at: path.index(0), of: "property", forbidding: ";:")
        guard let members = parametersNode.members else {
            throw path.index(1).error("expected an object (the parameters), found \(parametersNode.kindName)")
        }
        guard let type = typeNode.string?.lowercased(), !type.isEmpty, isName(type) else {
            throw path.index(2).error("expected a string (the value type, such as \"text\" or \"date-time\")")
        }
        var parameters: [ICalParameter] = []
        for member in members {
            func at() -> JSONPath { path.index(1).key(member.key) }
            guard isWritable(member.key, forbidding: ";:,=\"") else {
                throw at().error("expected a parameter name (not empty; no line break, ';', ':', ',', '=' or '\"')")
            }
            let name = member.key.uppercased()
            guard name != "VALUE" else { throw at().error("the value type goes in the property's third item, not a \"value\" parameter") }
            parameters.append(ICalParameter(name: name, values: try parameterValues(member.value, at: at())))
        }
        return (name, parameters, type)
    }

    /// The content line of a property whose values' iCalendar texts are joined in `value`.
    /// A value kept as written (not of its type's shape) keeps its VALUE too: without it, the
    /// line would be read as of its property's default type, or of type unknown.
    static func contentLine(name: String, parameters: [ICalParameter], type: String, kind: JCalPropertyKind, value: String) -> ContentLine {
        var parameters = parameters
        let keptAsWritten = !kind.takesAnyText(type) && !readsBack(value, kind: kind, type: type)
        if kind.needsValueParameter(for: type, value: value) || keptAsWritten {
            parameters.insert(ICalParameter("VALUE", type.uppercased()), at: 0)
        }
        return ContentLine(name: name, parameters: parameters, value: value)
    }

    /// Whether a property's iCalendar text is of `type`'s shape as ``JCalWriter`` reads it
    /// (``JCalWriter/values(of:kind:type:)`` is not nil); for a property of one value, checked
    /// without making its jCal value.
    private static func readsBack(_ value: String, kind: JCalPropertyKind, type: String) -> Bool {
        guard kind.isStructured || kind.isMultiValued else { return JCalValueCodec.hasShape(value, type: type) }
        return JCalWriter.values(of: value, kind: kind, type: type) != nil
    }

    /// One JSON value of a property: a structured value's array joined by `;`, else one value.
    static func valueText(_ value: JSONNode, kind: JCalPropertyKind, type: String,
                          at path: @autoclosure () -> JSONPath) throws(FormatError) -> String {
        guard case .array(let parts) = value, type != "period" else {
            return try JCalValueCodec.iCalendar(fromJSON: value, type: type, at: path())
        }
        var texts: [String] = []
        for (i, part) in parts.enumerated() { texts.append(try JCalValueCodec.iCalendar(fromJSON: part, type: type, at: path().index(i))) }
        return texts.joined(separator: ";")
    }

    static func parameterValues(_ node: JSONNode, at path: @autoclosure () -> JSONPath) throws(FormatError) -> [String] {
        switch node {
        case .string(let s): return [s]
        case .array(let items) where !items.isEmpty:
            var values: [String] = []
            for (i, item) in items.enumerated() {
                guard let s = item.string else { throw path().index(i).error("expected a string, found \(item.kindName)") }
                values.append(s)
            }
            return values
        default: throw path().error("expected a string or an array of strings (a parameter value), found \(node.kindName)")
        }
    }

    /// An upper-cased component or property name.
    private static func name(_ node: JSONNode, at path: @autoclosure () -> JSONPath, of what: String, forbidding: String) throws(FormatError) -> String {
        guard let s = node.string else { throw path().error("expected a string (the \(what) name), found \(node.kindName)") }
        guard isWritable(s, forbidding: forbidding) else {
            throw path().error("expected a \(what) name (not empty; no line break\(forbidding.isEmpty ? "" : ", ';' or ':'")), found \"\(s)\"")
        }
        return s.uppercased()
    }

    /// A name that can be written back into a content line. RFC 5545's names are letters,
    /// digits and `-`, but whatever the iCalendar scanner reads as a name (a stray `\;` in a
    /// parameter value makes one of the text after it; fuzzed input has control characters) is
    /// taken too, so that any file the scanner reads goes through jCal and back: only what
    /// would end the name or the line where it stands (`forbidding`, CR, LF) is refused.
    private static func isWritable(_ s: String, forbidding: String) -> Bool {
        // The forbidden bytes are all below `@`, so letters are passed by one comparison.
        var s = s
        return !s.isEmpty && !s.withUTF8 { bytes in
            bytes.contains { $0 == 0x0D || $0 == 0x0A || ($0 < UInt8(ascii: "@") && forbidding.utf8.contains($0)) }
        }
    }

    private static func isName(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in
            bytes.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            }
        }
    }
}
