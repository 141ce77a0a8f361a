/// One unfolded content line, `NAME;PARAM=value:VALUE`, with where it started in its input.
///
/// The name is upper-cased; parameter values are unquoted; the value is kept exactly as
/// written (still escaped), so unknown properties can be written back byte for byte.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.1>
public struct ContentLine: Hashable, Sendable {
    public var name: String
    public var parameters: [ICalParameter]
    public var value: String
    /// 1-based line number of the first physical line in the input (0 when built in code).
    public var line: Int
    /// The unfolded line as written, when it differs from what its parts write (``text``):
    /// a scanned line of valid UTF-8 with upper-case names and parameter values quoted exactly
    /// where they must be (``ContentLineParser``) has none, as have lines built in code.
    ///
    /// Spelled `Optional<String>`, not `String?`: a stored `T?` property is given an implicit
    /// `= nil`, and with one this toolchain's optimizer copied the finished struct out of its
    /// initializer (every reference retained, and released again): 5 M instructions of a
    /// 2,000-item import in the parser alone. ItemRow and ImportReport.Entry are spelled so too.
    public var raw: Optional<String>

    public init(name: String, parameters: [ICalParameter] = [], value: String, line: Int = 0, raw: String? = nil) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
        self.raw = raw
    }

    /// The first value of the named parameter (case-insensitive name; parameter names are
    /// expected upper case as stored, which the parser does: a line built in code with a
    /// lower-case parameter name is found by that exact name too).
    public func parameter(_ name: String) -> String? {
        guard !parameters.isEmpty else { return nil }
        // Callers pass upper-case names: the name as given is tried first (upper-casing it on
        // every call was most of the time asking took).
        if let found = parameters.first(where: { $0.name == name }) { return found.values.first }
        let upper = ContentLineParser.asciiUppercased(name)
        return upper == name ? nil : parameters.first { $0.name == upper }?.values.first
    }

    /// The line as text: the original when there is one, else serialized from the parts
    /// (for a scanned line, the same bytes as written).
    public var text: String {
        if let raw { return raw }
        if parameters.isEmpty { return name + ":" + value }
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count + value.utf8.count + 32 * parameters.count)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``text``'s UTF-8 bytes (unfolded, no line end) to `out`: the pieces go into one
    /// buffer, as `String.append` checks and grows the string for each of them.
    public func write(to out: inout [UInt8]) {
        func add(_ s: String) {
            var s = s
            s.withUTF8 { out.append(contentsOf: $0) }
        }
        if let raw {
            add(raw)
            return
        }
        add(name)
        for p in parameters {
            out.append(UInt8(ascii: ";"))
            add(p.name)
            out.append(UInt8(ascii: "="))
            for (i, v) in p.values.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                add(ICalParameter.quotedIfNeeded(v))
            }
        }
        out.append(UInt8(ascii: ":"))
        add(value)
    }
}

/// A property parameter: `NAME=v1,v2` (values unquoted).
public struct ICalParameter: Hashable, Sendable {
    public var name: String
    public var values: [String]
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
    public init(_ name: String, _ value: String) {
        self.init(name: name, values: [value])
    }

    /// Writes a parameter value: RFC 6868 caret encoding (`^` → `^^`, newline → `^n`,
    /// `"` → `^'`), then double quotes when it holds `:`, `;` or `,` (RFC 5545 §3.2).
    ///
    /// ```swift
    /// ICalParameter.quotedIfNeeded("Doe, John")   // "\"Doe, John\""
    /// ICalParameter.quotedIfNeeded("say \"hi\"")   // "say ^'hi^'"
    /// ```
    /// Related RFC 6868 section: <https://www.rfc-editor.org/rfc/rfc6868#section-3.1>
    public static func quotedIfNeeded(_ v: String) -> String {
        let encoded = caretEncoded(v)
        if encoded.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }) {
            return "\"" + encoded + "\""
        }
        return encoded
    }

    /// RFC 6868 encoding. CR LF and a lone CR become `^n` like LF.
    static func caretEncoded(_ v: String) -> String {
        guard v.utf8.contains(where: { $0 == UInt8(ascii: "^") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else { return v }
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in v.unicodeScalars {
            switch scalar {
            case "^": out.append(contentsOf: "^^".unicodeScalars)
            case "\"": out.append(contentsOf: "^'".unicodeScalars)
            case "\r": out.append(contentsOf: "^n".unicodeScalars)
            case "\n": if !previousCR { out.append(contentsOf: "^n".unicodeScalars) }
            default: out.append(scalar)
            }
            previousCR = scalar == "\r"
        }
        return String(out)
    }
}
