import Foundation

/// Whether a fetched body is a whole iCalendar document, checked before anything is read from
/// it: a refresh that gets a login page, an error page, zero bytes or a download cut short must
/// leave the calendar as it was.
///
/// Whole means: it begins with `BEGIN:VCALENDAR` (after a byte-order mark and blank lines), its
/// last line is `END:VCALENDAR`, and it has as many `END:VCALENDAR` lines as `BEGIN:VCALENDAR`
/// lines. A body cut inside a component fails the second test.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.4>
public enum FeedBodyCheck {
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        /// The body is an HTML page (a login, consent or error page served with 200).
        case html
        case notICalendar(firstLine: String)
        /// The body stops before the END:VCALENDAR that closes it.
        case incomplete

        public var description: String {
            switch self {
            case .empty: "the response is empty (0 bytes), not an iCalendar document"
            case .html: "the response is an HTML page (a login or error page?), not an iCalendar document"
            case .notICalendar(let first): "the response is not an iCalendar document (it begins \"\(first)\")"
            case .incomplete: "the response ends before END:VCALENDAR (cut short?): not a complete iCalendar document"
            }
        }
    }

    public static func check(_ body: Data) throws(Problem) {
        var bytes = body[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop(while: isSpace)
        guard !bytes.isEmpty else { throw .empty }
        let head = String(decoding: bytes.prefix(while: { $0 != 0x0A && $0 != 0x0D }).prefix(60), as: UTF8.self)
        guard startsCaseInsensitive(bytes, with: "BEGIN:VCALENDAR") else {
            let lower = String(decoding: bytes.prefix(512), as: UTF8.self).lowercased()
            if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") || lower.contains("<html") { throw .html }
            throw .notICalendar(firstLine: head)
        }
        var opened = 0, closed = 0, lastIsEnd = false
        for line in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let trimmed = line.prefix(upTo: (line.lastIndex(where: { !isSpace($0) }) ?? line.startIndex - 1) + 1)
            if trimmed.isEmpty { continue }
            let isBegin = equalsCaseInsensitive(trimmed, "BEGIN:VCALENDAR")
            let isEnd = !isBegin && equalsCaseInsensitive(trimmed, "END:VCALENDAR")
            if isBegin { opened += 1 }
            if isEnd { closed += 1 }
            lastIsEnd = isEnd
        }
        guard lastIsEnd, closed >= opened else { throw .incomplete }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func startsCaseInsensitive(_ bytes: Data.SubSequence, with word: String) -> Bool {
        equalsCaseInsensitive(bytes.prefix(word.utf8.count), word)
    }

    /// ASCII comparison with `word`, which is upper case.
    private static func equalsCaseInsensitive(_ bytes: Data.SubSequence, _ word: String) -> Bool {
        bytes.count == word.utf8.count
            && zip(bytes, word.utf8).allSatisfy { a, b in (a >= 0x61 && a <= 0x7A ? a - 0x20 : a) == b }
    }
}
