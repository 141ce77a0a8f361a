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
    /// Bytes already laid out for where they are written (an occurrence object of
    /// ``OccurrenceJSONWriter``, made for its indentation).
    case raw([UInt8])

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

    /// The document as text, ending with a newline. Written as UTF-8 bytes (appending to a
    /// `String` scalar by scalar was most of the time of a large `events --format json`).
    func rendered() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `members` as the lines of an object at `indent` (each `"key": value`), the last
    /// one ending without a comma when `closesObject`. Used to write parts of an object.
    static func writeMembers(_ members: [(String, JSONValue)], indent: Int, closesObject: Bool, to out: inout [UInt8]) {
        for (i, member) in members.enumerated() {
            indentation(indent, to: &out)
            writeString(member.0, to: &out)
            out.append(": ")
            member.1.write(to: &out, indent: indent)
            out.append(contentsOf: (closesObject && i + 1 == members.count ? "\n" : ",\n").utf8)
        }
    }

    /// Two spaces per level, copied from a run of spaces.
    static func indentation(_ level: Int, to out: inout [UInt8]) {
        var count = 2 * level
        while count > 0 {
            let n = min(count, spaces.count)
            spaces.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<n])) }
            count -= n
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

    func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .raw(let bytes): out.append(contentsOf: bytes)
        case .array(let items):
            guard !items.isEmpty else { out.append("[]"); return }
            out.append("[\n")
            for (i, item) in items.enumerated() {
                Self.indentation(indent + 1, to: &out)
                item.write(to: &out, indent: indent + 1)
                out.append(i + 1 < items.count ? ",\n" : "\n")
            }
            Self.indentation(indent, to: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out.append("{}"); return }
            out.append("{\n")
            for (i, member) in members.enumerated() {
                Self.indentation(indent + 1, to: &out)
                Self.writeString(member.key, to: &out)
                out.append(": ")
                member.value.write(to: &out, indent: indent + 1)
                out.append(contentsOf: (i + 1 < members.count ? ",\n" : "\n").utf8)
            }
            Self.indentation(indent, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// RFC 8259 string: `"` and `\` escaped, control characters as `\n`, `\t`... or `\u00XX`,
    /// U+2028/U+2029 as `\u2028`/`\u2029`; everything else (including non-ASCII) as UTF-8.
    /// Runs of bytes that need no escape are copied whole.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            mayNeedEscape.withUnsafeBufferPointer { mayNeedEscape in
                var runStart = 0
                var i = 0
                let n = bytes.count
                while i < n {
                    let b = bytes[i]
                    guard mayNeedEscape[Int(b)] else {
                        i += 1
                        continue
                    }
                    // 0xE2 starts U+2028/U+2029 (E2 80 A8/A9) and other characters, kept as they are.
                    let isSeparator = b == 0xE2 && i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
                    if b == 0xE2 && !isSeparator {
                        i += 1
                        continue
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    switch b {
                    case UInt8(ascii: "\""): out.append("\\\"")
                    case UInt8(ascii: "\\"): out.append("\\\\")
                    case 0x0A: out.append("\\n")
                    case 0x0D: out.append("\\r")
                    case 0x09: out.append("\\t")
                    case 0x08: out.append("\\b")
                    case 0x0C: out.append("\\f")
                    case 0xE2: writeHexEscape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                    default: writeHexEscape(UInt16(b), to: &out)
                    }
                    i += isSeparator ? 3 : 1
                    runStart = i
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<n]))
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes ``writeString(_:to:)`` looks at: controls, `"`, `\`, DEL and 0xE2 (which may
    /// start U+2028 or U+2029); every other byte is copied as it is.
    private static let mayNeedEscape: [Bool] = (0...255).map { b in
        b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xE2
    }

    /// `\uXXXX` in lowercase hexadecimal.
    private static func writeHexEscape(_ value: UInt16, to out: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        out.append("\\u")
        digits.withUTF8Buffer { digits in
            for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((value >> UInt16(shift)) & 0xF)]) }
        }
    }
}
