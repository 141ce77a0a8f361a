#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses one unfolded content line's bytes into a ``ContentLine``.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.1>
enum ContentLineParser {
    /// nil when the bytes are not `NAME[;PARAM...]:VALUE`. `invalidUTF8` is set when some text
    /// was not UTF-8 (read as ISO-8859-1). The line is returned bare, not in a struct with the
    /// flag, which the caller copied it out of (every string retained and released again).
    static func parse(_ b: UnsafeBufferPointer<UInt8>, line: Int, invalidUTF8: inout Bool) -> ContentLine? {
        let n = b.count
        var i = 0
        // Name: letters, digits, '-', and '.' for a group prefix ("item1.X-ABLABEL"); ASCII
        // with nothing to trim, so it reads as written unless it has a lower-case letter.
        var lowerCase = false
        while i < n {
            let c = b[i]
            guard isNameByte(c) else { break }
            if c >= 0x61 && c <= 0x7A { lowerCase = true }
            i += 1
        }
        guard i > 0, i < n, b[i] == UInt8(ascii: ":") || b[i] == UInt8(ascii: ";") else { return nil }
        var invalid = false
        let nameBytes = UnsafeBufferPointer(rebasing: b[0..<i])
        let name = lowerCase ? String(decoding: nameBytes, as: UTF8.self).uppercased()
            : KnownTokens.string(for: nameBytes) ?? String(decoding: nameBytes, as: UTF8.self)
        // A line written as its parts write it (``ContentLine/text``) keeps no `raw` copy: that
        // text rebuilds the same bytes when asked, instead of every such line being kept twice.
        // The parts write a line when its name is upper case and each parameter is an upper-case
        // name, `=`, and values quoted exactly when they hold `:`, `;` or `,`, with no `^` or `"`
        // (which RFC 6868 encoding would change) and nothing between a closing quote and what
        // follows it.
        var readsBackFromParts = !lowerCase
        var parameters: [ICalParameter] = []
        while i < n, b[i] == UInt8(ascii: ";") {
            i += 1
            let nameStart = i
            while i < n, b[i] != UInt8(ascii: "="), b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ";") { i += 1 }
            let plain = isPlainName(b, nameStart..<i)
            if i == nameStart || !plain { readsBackFromParts = false }
            let pname = decodeName(b, nameStart..<i, plain: plain, invalid: &invalid)
            var values: [String] = []
            if i < n, b[i] == UInt8(ascii: "=") {
                i += 1
                while true {
                    if i < n, b[i] == UInt8(ascii: "\"") {
                        i += 1
                        let start = i
                        var needsQuotes = false
                        while i < n, b[i] != UInt8(ascii: "\"") {
                            let c = b[i]
                            if c == UInt8(ascii: ":") || c == UInt8(ascii: ";") || c == UInt8(ascii: ",") { needsQuotes = true }
                            else if c == UInt8(ascii: "^") { readsBackFromParts = false }
                            i += 1
                        }
                        if !needsQuotes { readsBackFromParts = false }
                        values.append(decodeParameterValue(b, start..<i, invalid: &invalid))
                        if i < n { i += 1 } else { readsBackFromParts = false }   // closing quote
                        // Tolerate junk between a closing quote and the next delimiter.
                        let afterQuote = i
                        while i < n, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ";") { i += 1 }
                        if i != afterQuote { readsBackFromParts = false }
                    } else {
                        let start = i
                        while i < n, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ";") {
                            if b[i] == UInt8(ascii: "^") || b[i] == UInt8(ascii: "\"") { readsBackFromParts = false }
                            i += 1
                        }
                        values.append(decodeParameterValue(b, start..<i, invalid: &invalid))
                    }
                    // A comma starts the next value, which may be empty (`X=a,,b`, `X=,b`).
                    guard i < n, b[i] == UInt8(ascii: ",") else { break }
                    i += 1
                }
            } else {
                readsBackFromParts = false   // a name without `=` is written back with one
            }
            if !pname.isEmpty { parameters.append(ICalParameter(name: pname, values: values)) }
        }
        guard i < n, b[i] == UInt8(ascii: ":") else { return nil }
        let value = decode(b, (i + 1)..<n, invalid: &invalid)
        let raw = readsBackFromParts && !invalid ? nil : decode(b, 0..<n, invalid: &invalid)
        invalidUTF8 = invalid
        return ContentLine(name: name, parameters: parameters, value: value, line: line, raw: raw)
    }

    /// `uppercased()`, skipped when there is no lower-case ASCII letter (names usually are
    /// upper case already). Non-ASCII text goes through `uppercased()` as before.
    static func asciiUppercased(_ s: String) -> String {
        for c in s.utf8 where (c >= 0x61 && c <= 0x7A) || c >= 0x80 { return s.uppercased() }
        return s
    }

    /// A property or parameter name: spaces and tabs around it trimmed, upper-cased
    /// (``asciiUppercased(_:)``). The common case, upper-case ASCII with nothing to trim, is
    /// decided on the bytes, before any String is made.
    /// `plain`: ``isPlainName(_:_:)`` of the range, which the caller has asked already.
    static func decodeName(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: Bool, invalid: inout Bool) -> String {
        if plain {
            let bytes = UnsafeBufferPointer(rebasing: b[range])
            return KnownTokens.string(for: bytes) ?? String(decoding: bytes, as: UTF8.self)
        }
        return asciiUppercased(decode(b, range, invalid: &invalid).trimmingSpaces())
    }

    /// No lower-case letter, space, tab or non-ASCII byte: the name reads as written.
    static func isPlainName(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for i in range {
            let c = b[i]
            if (c >= 0x61 && c <= 0x7A) || c >= 0x80 || c == 0x20 || c == 0x09 { return false }
        }
        return true
    }

    /// A parameter value, RFC 6868 caret-decoded (``caretDecoded(_:)``) only when it holds a `^`.
    static func decodeParameterValue(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, invalid: inout Bool) -> String {
        let value = decode(b, range, invalid: &invalid)
        return UnsafeBufferPointer(rebasing: b[range]).contains(UInt8(ascii: "^")) ? caretDecoded(value) : value
    }

    @inline(__always)
    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E || c == 0x5F
    }

    /// UTF-8 when valid; otherwise ISO-8859-1 (every byte one scalar), so nothing is lost.
    ///
    /// The text is decoded with `String(decoding:as:)`, which repairs what is not UTF-8, and is
    /// valid when its bytes are the input's (`memcmp`). `String(validating:as:)` says the same
    /// through the standard library's generic (unspecialized) path: about 2,000 instructions a
    /// line of non-ASCII text, 7.8 million on a 2,000-item feed with non-ASCII summaries; and an
    /// ASCII check here first went over every byte once more.
    static func decode(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, invalid: inout Bool) -> String {
        let slice = UnsafeBufferPointer(rebasing: b[range])
        guard !slice.isEmpty else { return "" }
        if let known = KnownTokens.string(for: slice) { return known }
        var decoded = String(decoding: slice, as: UTF8.self)
        if decoded.withUTF8({ $0.count == slice.count && memcmp($0.baseAddress!, slice.baseAddress!, slice.count) == 0 }) { return decoded }
        invalid = true
        return String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))
    }

    /// RFC 6868: `^n` newline, `^^` caret, `^'` double quote, in quoted and unquoted values.
    static func caretDecoded(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "^")) else { return s }
        var out = ""
        var it = s.makeIterator()
        while let c = it.next() {
            guard c == "^" else { out.append(c); continue }
            switch it.next() {
            case "n"?, "N"?: out.append("\n")
            case "^"?: out.append("^")
            case "'"?: out.append("\"")
            case let other?: out.append("^"); out.append(other)
            case nil: out.append("^")
            }
        }
        return out
    }
}

extension String {
    func trimmingSpaces() -> String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return self }
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
