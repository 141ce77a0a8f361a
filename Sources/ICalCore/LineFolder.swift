#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        text.withUTF8 { appendLines(of: $0, to: &out) }
    }

    /// ``appendLines(of:to:)-(String,_)`` for text given as UTF-8 bytes. Lines that come out
    /// as they are (CRLF-ended, not empty, at most 75 octets: most lines of most items) are
    /// copied a run at a time rather than one by one.
    public static func appendLines(of text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        var runStart = 0   // text[runStart..<start] is already in its written form
        var start = 0
        while start < n {
            let end = memchr(base + start, 0x0A, n - start).map { UnsafeRawPointer(base).distance(to: $0) } ?? n
            let stop = end > start && text[end - 1] == 0x0D ? end - 1 : end
            if end < n && stop == end - 1 && stop > start && stop - start <= maxOctets {
                start = end + 1
                continue
            }
            if start > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<start])) }
            if stop > start { append(bytes: UnsafeBufferPointer(rebasing: text[start..<stop]), to: &out) }
            start = end + 1
            runStart = start
        }
        if runStart < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<n])) }
    }

    /// Calls `body` with each non-empty line of `text` (split at LF, a CR before it dropped).
    public static func forEachLine(in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = text.baseAddress else { return }
        var start = 0
        let n = text.count
        while start < n {
            // memchr: most of an export's bytes are only looked at here and when folded.
            let end = memchr(base + start, 0x0A, n - start).map { UnsafeRawPointer(base).distance(to: $0) } ?? n
            var stop = end
            if stop > start && text[stop - 1] == 0x0D { stop -= 1 }
            if stop > start { body(UnsafeBufferPointer(rebasing: text[start..<stop])) }
            start = end + 1
        }
    }

    /// Appends one unfolded line's bytes, folded, with a final CRLF. Each physical line is as
    /// long as it can be without splitting a UTF-8 character (a fold never starts at a
    /// continuation byte, 10xxxxxx); bytes that are not UTF-8 are cut at the limit.
    public static func append(bytes line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let n = line.count
        var chunkStart = 0
        var limit = maxOctets
        while n - chunkStart > limit {
            var cut = chunkStart + limit
            while cut > chunkStart && line[cut] & 0xC0 == 0x80 { cut -= 1 }
            if cut == chunkStart { cut = chunkStart + limit }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[chunkStart..<cut]))
            out.append(0x0D); out.append(0x0A); out.append(0x20)
            chunkStart = cut
            limit = maxOctets - 1   // the leading space counts
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
