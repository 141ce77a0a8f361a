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
        var s = s
        s.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxQuotedCount(bytes.count)) { buffer in
                let n = writeQuoted(bytes, into: buffer.baseAddress!)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
            }
        }
    }

    /// The most bytes ``writeQuoted(_:into:)`` writes for `count` bytes of text: each byte may
    /// become a six-byte `\u00XX`, and the quotes.
    static func maxQuotedCount(_ count: Int) -> Int { 6 * count + 2 }

    /// ``writeString(_:to:)``'s text for the UTF-8 `bytes`, written at `p` (room for
    /// ``maxQuotedCount(_:)`` bytes); returns the count written.
    static func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, into p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: "\"")
        var n = 1
        var runStart = 0
        var i = 0
        let count = bytes.count
        func copyRun(to end: Int) {
            if end > runStart { (p + n).update(from: bytes.baseAddress! + runStart, count: end - runStart) }
            n += end - runStart
        }
        let base = bytes.baseAddress
        while i < count {
            // Eight bytes at a time while none of them needs a look.
            if count - i >= 8, !anyNeedsLook(UnsafeRawPointer(base! + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let b = bytes[i]
            guard needsLook(b) else {
                i += 1
                continue
            }
            // 0xE2 starts U+2028/U+2029 (E2 80 A8/A9) and other characters, kept as they are.
            let isSeparator = b == 0xE2 && i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
            if b == 0xE2 && !isSeparator {
                i += 1
                continue
            }
            copyRun(to: i)
            let escape: UInt8
            switch b {
            case UInt8(ascii: "\""): escape = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            case 0x0A: escape = UInt8(ascii: "n")
            case 0x0D: escape = UInt8(ascii: "r")
            case 0x09: escape = UInt8(ascii: "t")
            case 0x08: escape = UInt8(ascii: "b")
            case 0x0C: escape = UInt8(ascii: "f")
            default: escape = 0
            }
            if escape != 0 {
                p[n] = UInt8(ascii: "\\")
                p[n + 1] = escape
                n += 2
            } else {
                n += writeHexEscape(isSeparator ? (bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029) : UInt16(b), into: p + n)
            }
            i += isSeparator ? 3 : 1
            runStart = i
        }
        copyRun(to: count)
        p[n] = UInt8(ascii: "\"")
        return n + 1
    }

    /// True for the bytes ``writeQuoted(_:into:)`` looks at: controls, `"`, `\`, DEL and 0xE2
    /// (which may start U+2028 or U+2029); every other byte is copied as it is.
    @inline(__always)
    private static func needsLook(_ b: UInt8) -> Bool {
        b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xE2
    }

    /// True when one of the eight bytes of `w` is a byte ``needsLook(_:)`` is true for, by the
    /// word-wide "has a zero byte" and "has a byte below n" tests (exact as a whole: a borrow can
    /// mark bytes above the first one found, never a word without one).
    @inline(__always)
    private static func anyNeedsLook(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let below20 = (w &- ones &* 0x20) & ~w & highs
        let quote = hasZeroByte(w ^ (ones &* 0x22)), backslash = hasZeroByte(w ^ (ones &* 0x5C))
        let delete = hasZeroByte(w ^ (ones &* 0x7F)), e2 = hasZeroByte(w ^ (ones &* 0xE2))
        return (below20 | quote | backslash | delete | e2) != 0
    }

    /// `\uXXXX` in lowercase hexadecimal at `p`; returns 6.
    private static func writeHexEscape(_ value: UInt16, into p: UnsafeMutablePointer<UInt8>) -> Int {
        let digits: StaticString = "0123456789abcdef"
        p[0] = UInt8(ascii: "\\")
        p[1] = UInt8(ascii: "u")
        digits.withUTF8Buffer { digits in
            for k in 0..<4 { p[2 + k] = digits[Int((value >> UInt16(12 - 4 * k)) & 0xF)] }
        }
        return 6
    }
}
