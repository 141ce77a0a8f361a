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

    /// Writes one component (BEGIN, its folded content lines, its subcomponents, END).
    static func component(_ node: JSONNode, at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) {
        guard let items = node.array else {
            throw path.error("expected an array (a component: [name, [properties], [components]]), found \(node.kindName)")
        }
        guard items.count == 3 else { throw countError(items.count, at: path) }
        let name = try begin(name: items[0], properties: items[1], children: items[2], at: path, to: &out)
        for (i, c) in (items[2].array ?? []).enumerated() { try component(c, at: path.index(2).index(i).folded, to: &out) }
        out.append(line: "END:" + name, from: path)
    }

    static func countError(_ count: Int, at path: JSONPath) -> FormatError {
        path.error("expected a component of 3 items ([name, [properties], [components]]), found \(count)")
    }

    /// The BEGIN line and the properties of a component of three items; `children` is only
    /// checked to be an array. Returns the upper-cased name, for END.
    static func begin(name nameNode: JSONNode, properties propertiesNode: JSONNode, children: JSONNode,
                      at path: JSONPath, to out: inout TranslatedInput) throws(FormatError) -> String {
        let name = try self.name(nameNode, at: path.index(0), of: "component", forbidding: "")
        guard let properties = propertiesNode.array else { throw path.index(1).error("expected an array (the properties), found \(propertiesNode.kindName)") }
        guard children.array != nil else { throw path.index(2).error("expected an array (the subcomponents), found \(children.kindName)") }
        out.append(line: "BEGIN:" + name, from: path)
        let propertiesPath = path.index(1)
        for (i, p) in properties.enumerated() {
            let at = propertiesPath.index(i).folded
            out.append(line: try property(p, at: at).text, from: at)
        }
        return name
    }

    static func property(_ node: JSONNode, at path: JSONPath) throws(FormatError) -> ContentLine {
        guard let items = node.array else {
            throw path.error("expected an array (a property: [name, {parameters}, type, value...]), found \(node.kindName)")
        }
        guard items.count >= 4 else {
            throw path.error("expected a property of at least 4 items ([name, {parameters}, type, value...]), found \(items.count)")
        }
        let name = try self.name(items[0], at: path.index(0), of: "property", forbidding: ";:")
        guard let members = items[1].members else { throw path.index(1).error("expected an object (the parameters), found \(items[1].kindName)") }
        guard let type = items[2].string?.lowercased(), !type.isEmpty, isName(type) else {
            throw path.index(2).error("expected a string (the value type, such as \"text\" or \"date-time\")")
        }
        var parameters: [ICalParameter] = []
        for member in members {
            let at = path.index(1).key(member.key)
            guard isWritable(member.key, forbidding: ";:,=\"") else {
                throw at.error("expected a parameter name (not empty; no line break, ';', ':', ',', '=' or '\"')")
            }
            guard member.key.uppercased() != "VALUE" else { throw at.error("the value type goes in the property's third item, not a \"value\" parameter") }
            parameters.append(ICalParameter(name: member.key.uppercased(), values: try parameterValues(member.value, at: at)))
        }
        let kind = JCalPropertyKind(name: name)
        var texts: [String] = []
        for (i, value) in items.dropFirst(3).enumerated() {
            texts.append(try valueText(value, kind: kind, type: type, at: path.index(3 + i)))
        }
        let value = texts.joined(separator: ",")
        // A value kept as written (not of its type's shape) keeps its VALUE too: without it,
        // the line would be read as of type unknown.
        let keptAsWritten = type != "unknown" && !JCalValueCodec.takesAnyText(type) && JCalWriter.values(of: value, kind: kind, type: type) == nil
        if kind.needsValueParameter(for: type, value: value) || keptAsWritten {
            parameters.insert(ICalParameter("VALUE", type.uppercased()), at: 0)
        }
        return ContentLine(name: name, parameters: parameters, value: value)
    }

    /// One JSON value of a property: a structured value's array joined by `;`, else one value.
    static func valueText(_ value: JSONNode, kind: JCalPropertyKind, type: String, at path: JSONPath) throws(FormatError) -> String {
        guard case .array(let parts) = value, type != "period" else {
            return try JCalValueCodec.iCalendar(fromJSON: value, type: type, at: path)
        }
        var texts: [String] = []
        for (i, part) in parts.enumerated() { texts.append(try JCalValueCodec.iCalendar(fromJSON: part, type: type, at: path.index(i))) }
        return texts.joined(separator: ";")
    }

    static func parameterValues(_ node: JSONNode, at path: JSONPath) throws(FormatError) -> [String] {
        switch node {
        case .string(let s): return [s]
        case .array(let items) where !items.isEmpty:
            var values: [String] = []
            for (i, item) in items.enumerated() {
                guard let s = item.string else { throw path.index(i).error("expected a string, found \(item.kindName)") }
                values.append(s)
            }
            return values
        default: throw path.error("expected a string or an array of strings (a parameter value), found \(node.kindName)")
        }
    }

    /// An upper-cased component or property name.
    private static func name(_ node: JSONNode, at path: JSONPath, of what: String, forbidding: String) throws(FormatError) -> String {
        guard let s = node.string else { throw path.error("expected a string (the \(what) name), found \(node.kindName)") }
        guard isWritable(s, forbidding: forbidding) else {
            throw path.error("expected a \(what) name (not empty; no line break\(forbidding.isEmpty ? "" : ", ';' or ':'")), found \"\(s)\"")
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
        !s.isEmpty && !s.utf8.contains { $0 == 0x0D || $0 == 0x0A || ($0 < UInt8(ascii: "@") && forbidding.utf8.contains($0)) }
    }

    private static func isName(_ s: String) -> Bool {
        s.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
        }
    }
}
