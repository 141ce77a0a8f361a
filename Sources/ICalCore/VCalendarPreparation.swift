/// vCalendar 1.0 text made safe for libical's vCal lexer (libicalvcal `vcc.y`) before
/// `Parse_MIME` sees it: quoted-printable values are decoded here, and base64 values dropped, so
/// the lexer never enters its QUOTED-PRINTABLE or BASE64 mode.
///
/// In those modes the lexer never reports the end of the input: a value that ends the file, a
/// `=` not followed by two hex digits, or any syntax error while the mode is on makes the parser
/// discard tokens for ever, allocating a string for each (`Fixtures/fuzz/vcal-quoted-printable-hang.vcs`,
/// a `make fuzz FUZZ_FORMAT=vcal` finding). The
/// lexer turns those modes on for any parameter whose name or value is `QUOTED-PRINTABLE` (or
/// its alias `QP`) or `BASE64` (`;ENCODING=QUOTED-PRINTABLE`, the bare `;QUOTED-PRINTABLE` of
/// vCal 1.0), in any line, and also where a syntax error has made it read a value as parameters
/// (``markingEncodingWords(_:)``).
///
/// ```
/// DESCRIPTION;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Bring the=0D=0Aform =
/// now                                                 →  DESCRIPTION;CHARSET=UTF-8:Bring the⟨U+E000⟩form now
/// ```
///
/// A decoded line break (CR LF, CR or LF) cannot stand in a vCal line, so it becomes
/// ``lineBreakMark``; ``restoringLineBreaks(_:)`` turns each back into iCalendar's `\n` in the
/// converter's output. A `=` without two hex digits after it stays a `=`, as RFC 2045 §6.7 asks
/// of a robust decoder.
/// Related specification: vCalendar 1.0 §2.1.3 (quoted-printable), RFC 2045 §6.7.
enum VCalendarPreparation {
    /// U+E000 (private use) in UTF-8: stands for a decoded line break until the text is iCalendar.
    static let lineBreakMark: [UInt8] = [0xEE, 0x80, 0x80]
    /// U+E001 (private use) in UTF-8: keeps a word of a value from reading as an encoding to the
    /// lexer (``markingEncodingWords(_:)``) until the text is iCalendar.
    static let wordMark: [UInt8] = [0xEE, 0x80, 0x81]

    /// The text for `Parse_MIME`, CRLF line ends, and a note for each base64 value dropped.
    static func prepare(_ bytes: [UInt8]) -> (text: [UInt8], notes: [String]) {
        let lines = physicalLines(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var notes: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            // A folded line (starting with a space or tab) goes on with the value before it: it
            // has no parameters, whatever it says (` use ;BASE64: ...` is text).
            if line.first == 0x20 || line.first == 0x09 {
                out += line
                out += [0x0D, 0x0A]
                i += 1
                continue
            }
            let colon = line.firstIndex(of: UInt8(ascii: ":"))
            let head = Array(line[..<(colon ?? line.endIndex)])
            let (cleanHead, encoding) = withoutEncodingParameters(head)
            guard let encoding else {
                out += line
                out += [0x0D, 0x0A]
                i += 1
                continue
            }
            if encoding == .base64 {
                let name = String(decoding: head.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
                notes.append("line \(i + 1): \(name): a BASE64 value is not read (dropped)")
                i += 1
                // The data goes on in the lines that follow, up to an empty line.
                while i < lines.count, let first = lines[i].first, first == 0x20 || first == 0x09 || isBase64Line(lines[i]) { i += 1 }
                if i < lines.count, lines[i].isEmpty { i += 1 }
                continue
            }
            out += cleanHead
            if let colon {
                // A soft line break (`=` at the end of a line) continues the value on the next line.
                var value = Array(line[(colon + 1)...])
                while value.last == UInt8(ascii: "="), i + 1 < lines.count {
                    value.removeLast()
                    i += 1
                    value += lines[i]
                }
                out.append(UInt8(ascii: ":"))
                out += decodedQuotedPrintable(value)
            }
            out += [0x0D, 0x0A]
            i += 1
        }
        return (markingEncodingWords(out), notes)
    }

    /// The converter's iCalendar text with each ``lineBreakMark`` as `\n` (an escaped line break
    /// in a TEXT value) and each ``wordMark`` taken out, unfolded first so that no mark is split
    /// by a fold.
    static func restoringLineBreaks(_ ics: [UInt8]) -> [UInt8] {
        let unfolded = replacingTriples(ics, with: []) { $0 == 0x0D && $1 == 0x0A && ($2 == 0x20 || $2 == 0x09) }
        let words = replacingTriples(unfolded, with: []) { $0 == wordMark[0] && $1 == wordMark[1] && $2 == wordMark[2] }
        return replacingTriples(words, with: Array("\\n".utf8)) {
            $0 == lineBreakMark[0] && $1 == lineBreakMark[1] && $2 == lineBreakMark[2]
        }
    }

    /// `text` with ``wordMark`` after the first letter of every word the lexer would take for an
    /// encoding (`QUOTED-PRINTABLE`, its alias `QP`, `BASE64`, in any case), wherever it stands.
    ///
    /// The parameters that name an encoding are already gone, but after a syntax error the parser
    /// drops tokens up to the next property name, a dropped `:` among them; the lexer then reads
    /// the rest of that line, a value, as a name and parameters, and a `;QUOTED-PRINTABLE` or
    /// `;ENCODING=QP` there switches its mode all the same (a line that starts with `:`, as in
    /// `:SUMMARY;ENCODING=QUOTED-PRINTABLE`). With no such word left anywhere the lexer never
    /// enters those modes, and the value itself is kept: the mark goes again in
    /// ``restoringLineBreaks(_:)``.
    static func markingEncodingWords(_ text: [UInt8]) -> [UInt8] {
        // The lexer's word ends (vcc.y `lexGetWord`); a NUL ends a word there too.
        func isWordEnd(_ b: UInt8) -> Bool { b == 0x09 || b == 0x0A || b == 0x0D || b == 0x20 || b == 0x00 || b == UInt8(ascii: ";") || b == UInt8(ascii: ":") || b == UInt8(ascii: "=") }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, !isWordEnd(text[end]) { end += 1 }
            if end > start, encodingWord(in: text[start..<end]) != nil {
                out.append(text[start])
                out += wordMark
                out += text[(start + 1)..<end]
            } else {
                out += text[start..<end]
            }
            if end < text.count { out.append(text[end]) }
            start = end + 1
        }
        return out
    }

    /// `bytes` with each run of three bytes that `isRun` takes replaced by `replacement`.
    private static func replacingTriples(_ bytes: [UInt8], with replacement: [UInt8], where isRun: (UInt8, UInt8, UInt8) -> Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + 2 < bytes.count, isRun(bytes[i], bytes[i + 1], bytes[i + 2]) {
                out += replacement
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    // MARK: - Lines and parameters

    enum Encoding { case quotedPrintable, base64 }

    /// The lines of `bytes`, split at CR LF, LF or a lone CR (as the lexer splits them), without
    /// their ends.
    static func physicalLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                lines.append(bytes[start..<i])
                if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// The part of a line before its first `:` without the parameters that name an encoding
    /// (any `;`-separated piece in which a word, between `=` and white space, is
    /// `QUOTED-PRINTABLE`, its alias `QP` (vobject.c's property table), or `BASE64`, in any case),
    /// and the encoding they named (base64 wins).
    /// A property name that is such a word (a line of junk) becomes `X-ICALKIT-ENCODING`.
    static func withoutEncodingParameters(_ head: [UInt8]) -> (head: [UInt8], encoding: Encoding?) {
        var encoding: Encoding?
        var kept: [ArraySlice<UInt8>] = []
        for (index, piece) in head.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).enumerated() {
            guard let found = encodingWord(in: piece) else {
                kept.append(piece)
                continue
            }
            if encoding != .base64 { encoding = found }
            if index == 0 { kept.append(ArraySlice("X-ICALKIT-ENCODING".utf8)) }
        }
        guard encoding != nil else { return (head, nil) }
        return (Array(kept.joined(separator: [UInt8(ascii: ";")])), encoding)
    }

    private static func encodingWord(in piece: ArraySlice<UInt8>) -> Encoding? {
        var found: Encoding?
        for word in piece.split(whereSeparator: { $0 == UInt8(ascii: "=") || $0 == 0x20 || $0 == 0x09 }) {
            switch String(decoding: word, as: UTF8.self).uppercased() {
            case "BASE64": return .base64
            case "QUOTED-PRINTABLE", "QP": found = .quotedPrintable
            default: continue
            }
        }
        return found
    }

    private static func isBase64Line(_ line: ArraySlice<UInt8>) -> Bool {
        !line.isEmpty && !line.contains(UInt8(ascii: ":")) && line.allSatisfy {
            ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39)
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=")
        }
    }

    /// `=XY` (hex, either case) as its byte, any other `=` as itself; line breaks in the result
    /// as ``lineBreakMark``, NUL bytes dropped.
    static func decodedQuotedPrintable(_ value: [UInt8]) -> [UInt8] {
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: b - 0x30
            case 0x41...0x46: b - 0x41 + 10
            case 0x61...0x66: b - 0x61 + 10
            default: nil
            }
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(value.count)
        var i = 0
        while i < value.count {
            if value[i] == UInt8(ascii: "="), i + 2 < value.count, let high = hex(value[i + 1]), let low = hex(value[i + 2]) {
                decoded.append(high << 4 | low)
                i += 3
            } else {
                decoded.append(value[i])
                i += 1
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(decoded.count)
        i = 0
        while i < decoded.count {
            switch decoded[i] {
            case 0x00: break
            case 0x0D:
                out += lineBreakMark
                if i + 1 < decoded.count, decoded[i + 1] == 0x0A { i += 1 }
            case 0x0A: out += lineBreakMark
            default: out.append(decoded[i])
            }
            i += 1
        }
        return out
    }
}
