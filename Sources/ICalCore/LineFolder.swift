/// Folds content lines at 75 octets without splitting a UTF-8 character, ending each physical
/// line with CRLF.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.1>
public enum LineFolder {
    public static let maxOctets = 75

    /// Appends `line` (unfolded, without line end) to `out`, folded, with a final CRLF.
    public static func append(_ line: String, to out: inout String) {
        var bytes: [UInt8] = []
        append(line, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `line` (unfolded, without line end) to `out` as UTF-8, folded, with a final CRLF.
    public static func append(_ line: String, to out: inout [UInt8]) {
        var line = line
        line.withUTF8 { append(bytes: $0, to: &out) }
    }

    /// Appends every line of `text` (unfolded lines separated by CRLF or LF; empty lines are
    /// skipped), each folded and ended with CRLF. Used for component texts kept verbatim.
    public static func appendLines(of text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { all in
            forEachLine(in: all) { append(bytes: $0, to: &out) }
        }
    }

    /// Calls `body` with each non-empty line of `text` (split at LF, a CR before it dropped).
    public static func forEachLine(in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        let n = text.count
        while start < n {
            var end = start
            while end < n && text[end] != 0x0A { end += 1 }
            var stop = end
            if stop > start && text[stop - 1] == 0x0D { stop -= 1 }
            if stop > start { body(UnsafeBufferPointer(rebasing: text[start..<stop])) }
            start = end + 1
        }
    }

    /// Appends one unfolded line's bytes, folded, with a final CRLF.
    public static func append(bytes line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if line.count <= maxOctets {
            out.append(contentsOf: line)
            out.append(0x0D); out.append(0x0A)
            return
        }
        var chunkStart = 0
        var chunkOctets = 0
        var limit = maxOctets
        var index = 0
        let n = line.count
        while index < n {
            // Octets of the character starting here.
            let lead = line[index]
            let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if chunkOctets + width > limit {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: line[chunkStart..<index]))
                out.append(0x0D); out.append(0x0A); out.append(0x20)
                chunkStart = index
                chunkOctets = 0
                limit = maxOctets - 1   // the leading space counts
            }
            chunkOctets += width
            index = min(index + width, n)
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: line[chunkStart..<n]))
        out.append(0x0D); out.append(0x0A)
    }

    public static func fold(_ line: String) -> String {
        var out = ""
        append(line, to: &out)
        return out
    }
}
