/// TEXT value escaping: `\\`, `\;`, `\,`, `\n` (and `\N`). Written here rather than through
/// libical because libical 3.0.16 re-escapes values it does not know (X- properties) and
/// cannot leave them as written.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.11>
public enum TextCodec {
    /// Unescapes one TEXT value. An unknown escape keeps its character (`\x` → `x`).
    public static func unescape(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "\\")) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        var it = s.unicodeScalars.makeIterator()
        while let c = it.next() {
            guard c == "\\" else { out.unicodeScalars.append(c); continue }
            guard let e = it.next() else { out.append("\\"); break }
            switch e {
            case "n", "N": out.append("\n")
            default: out.unicodeScalars.append(e)
            }
        }
        return out
    }

    /// Splits a multi-valued TEXT (CATEGORIES, RESOURCES) at unescaped commas, then unescapes.
    public static func unescapeList(_ s: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for c in s.unicodeScalars {
            if escaped { current.unicodeScalars.append("\\"); current.unicodeScalars.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "," { parts.append(unescape(current)); current = ""; continue }
            current.unicodeScalars.append(c)
        }
        if escaped { current.append("\\") }
        parts.append(unescape(current))
        return parts
    }

    /// Escapes a TEXT value for writing. CR LF and lone CR become `\n`.
    public static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        var previousCR = false
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousCR { out += "\\n" }
            default: out.unicodeScalars.append(c)
            }
            previousCR = c == "\r"
        }
        return out
    }
}
