/// A JSON document built in memory and written with a fixed layout: keys in the order they
/// were added, two-space indentation, `"key": value`, a final newline. The same values always
/// give the same bytes, so outputs can be compared and diffed.
///
/// ```swift
/// JSONValue.object([("schemaVersion", 1), ("events", .array([]))]).rendered()
/// // {
/// //   "schemaVersion": 1,
/// //   "events": []
/// // }
/// ```
enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONValue
    }

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An object from `(key, value)` pairs, in order.
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { Member(key: $0.0, value: $0.1) })
    }

    /// `.string(s)` or `.null`.
    static func nullable(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

    /// The document as text, ending with a newline.
    func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.writeString(member.key, to: &out)
                out += ": "
                member.value.write(to: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// RFC 8259 string: `"` and `\` escaped, control characters as `\n`, `\t`... or `\u00XX`;
    /// everything else (including non-ASCII) as UTF-8.
    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
