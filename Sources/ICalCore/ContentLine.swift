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
    /// The unfolded line as written (nil for lines built in code).
    public var raw: String?

    public init(name: String, parameters: [ICalParameter] = [], value: String, line: Int = 0, raw: String? = nil) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
        self.raw = raw
    }

    /// The first value of the named parameter (case-insensitive name).
    public func parameter(_ name: String) -> String? {
        let upper = name.uppercased()
        return parameters.first { $0.name == upper }?.values.first
    }

    /// The line as text: the original when there is one, else serialized from the parts.
    public var text: String {
        if let raw { return raw }
        var s = name
        for p in parameters {
            s += ";" + p.name + "=" + p.values.map(ICalParameter.quotedIfNeeded).joined(separator: ",")
        }
        return s + ":" + value
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

    /// Quotes a parameter value when it holds `:`, `;` or `,` (RFC 5545 §3.2).
    public static func quotedIfNeeded(_ v: String) -> String {
        if v.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }) {
            return "\"" + v.replacingQuotes() + "\""
        }
        return v
    }
}

extension String {
    /// DQUOTE cannot appear inside a quoted parameter value; RFC 6868 writes it as ^'.
    fileprivate func replacingQuotes() -> String {
        guard utf8.contains(UInt8(ascii: "\"")) else { return self }
        return split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "^'")
    }
}
