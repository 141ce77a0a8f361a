/// TEXT value escaping: `\\`, `\;`, `\,`, `\n` (and `\N`). Written here rather than through
/// libical because libical 3.0.16 re-escapes values it does not know (X- properties) and
/// cannot leave them as written. Works on UTF-8 bytes and copies unescaped runs whole.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.11>
public enum TextCodec {
    private static let backslash = UInt8(ascii: "\\")

    /// Unescapes one TEXT value. An unknown escape keeps its character (`\x` → `x`).
    public static func unescape(_ s: String) -> String {
        guard s.containsUTF8Byte(backslash) else { return s }
        var s = s
        return s.withUTF8 { unescape(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var runStart = 0
        let n = bytes.count
        while i < n {
            guard let next = bytes.firstIndex(ofByte: backslash, from: i) else { break }
            i = next
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            if i + 1 < n {
                let e = bytes[i + 1]
                out.append(e == UInt8(ascii: "n") || e == UInt8(ascii: "N") ? 0x0A : e)
                i += 2
            } else {
                out.append(backslash)
                i += 1
            }
            runStart = i
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<n]))
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits a multi-valued TEXT (CATEGORIES, RESOURCES) at unescaped commas, then unescapes.
    public static func unescapeList(_ s: String) -> [String] {
        var s = s
        return s.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0
            var i = 0
            while i < bytes.count {
                if bytes[i] == backslash { i += 2; continue }
                if bytes[i] == UInt8(ascii: ",") {
                    parts.append(unescape(UnsafeBufferPointer(rebasing: bytes[start..<i])))
                    start = i + 1
                }
                i += 1
            }
            parts.append(unescape(UnsafeBufferPointer(rebasing: bytes[min(start, bytes.count)..<bytes.count])))
            return parts
        }
    }

    /// Escapes a TEXT value for writing. CR LF and lone CR become `\n`. The runs between the
    /// bytes to escape are copied whole.
    public static func escape(_ s: String) -> String {
        var s = s
        return s.withUTF8 { text in
            var out: [UInt8] = []
            var runStart = 0   // text[runStart..<i] has nothing to escape and is not copied yet
            var previousCR = false
            for (i, b) in text.enumerated() {
                defer { previousCR = b == 0x0D }
                let escaped: UInt8?
                switch b {
                case 0x5C, 0x3B, 0x2C: escaped = b
                case 0x0D: escaped = UInt8(ascii: "n")
                case 0x0A: escaped = previousCR ? nil : UInt8(ascii: "n")
                default: continue
                }
                if out.isEmpty { out.reserveCapacity(text.count + 8) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
                runStart = i + 1
                if let escaped {
                    out.append(backslash)
                    out.append(escaped)
                }
            }
            guard runStart > 0 else { return nil as String? }   // nothing escaped: the text as it is
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
            return String(decoding: out, as: UTF8.self)
        } ?? s
    }
}
