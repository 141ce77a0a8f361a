/// ``JSONNode`` to compact JSON text (RFC 8259): members in their order, numbers as their
/// literal text, strings escaping `"`, `\` and the control characters only.
extension JSONNode {
    /// The value as compact UTF-8 JSON text.
    public var jsonText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value as compact UTF-8 JSON text.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            Self.writeList(items, open: "[", close: "]", to: &out) { item, out in item.write(to: &out) }
        case .object(let members):
            Self.writeList(members, open: "{", close: "}", to: &out) { member, out in
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
        }
    }

    /// `open`, the elements separated by commas, `close`.
    private static func writeList<T>(_ elements: [T], open: Unicode.Scalar, close: Unicode.Scalar, to out: inout [UInt8],
                                     _ writeElement: (T, inout [UInt8]) -> Void) {
        out.append(UInt8(ascii: open))
        for (i, element) in elements.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            writeElement(element, &out)
        }
        out.append(UInt8(ascii: close))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal: `"`, `\` and U+0000–U+001F escaped (short forms where JSON has
    /// them). The runs between escapes are appended whole (jCal output writes every name and
    /// value through here).
    static func writeString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            out.append(UInt8(ascii: "\""))
            var runStart = 0
            for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                runStart = i + 1
                out.append(UInt8(ascii: "\\"))
                switch b {
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x00..<0x20:
                    out.append(contentsOf: "u00".utf8)
                    out.append(hexDigits[Int(b >> 4)])
                    out.append(hexDigits[Int(b & 0x0F)])
                default: out.append(b)   // " and \
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            out.append(UInt8(ascii: "\""))
        }
    }
}
