/// Folds content lines at 75 octets without splitting a UTF-8 character, ending each physical
/// line with CRLF.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.1>
public enum LineFolder {
    public static let maxOctets = 75

    /// Appends `line` (unfolded, without line end) to `out`, folded, with a final CRLF.
    public static func append(_ line: String, to out: inout String) {
        let utf8 = line.utf8
        if utf8.count <= maxOctets {
            out += line
            out += "\r\n"
            return
        }
        var chunkStart = utf8.startIndex
        var chunkOctets = 0
        var limit = maxOctets
        var index = utf8.startIndex
        while index < utf8.endIndex {
            // Octets of the character starting here.
            let lead = utf8[index]
            let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if chunkOctets + width > limit {
                out += String(decoding: utf8[chunkStart..<index], as: UTF8.self)
                out += "\r\n "
                chunkStart = index
                chunkOctets = 0
                limit = maxOctets - 1   // the leading space counts
            }
            chunkOctets += width
            index = utf8.index(index, offsetBy: width, limitedBy: utf8.endIndex) ?? utf8.endIndex
        }
        out += String(decoding: utf8[chunkStart..<utf8.endIndex], as: UTF8.self)
        out += "\r\n"
    }

    public static func fold(_ line: String) -> String {
        var out = ""
        append(line, to: &out)
        return out
    }
}
