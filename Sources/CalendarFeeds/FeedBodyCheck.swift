import Foundation

/// Whether a fetched body is a whole iCalendar document, checked before anything is read from
/// it: a refresh that gets a login page, an error page, zero bytes or a download cut short must
/// leave the calendar as it was.
///
/// Whole means: it begins with `BEGIN:VCALENDAR` (after a byte-order mark and blank lines), its
/// last line is `END:VCALENDAR`, and it has as many `END:VCALENDAR` lines as `BEGIN:VCALENDAR`
/// lines. A body cut inside a component fails the second test.
///
/// The body is checked as it arrives, in pieces of any size (``add(_:)``, then ``finish()``),
/// so it never has to be held whole; ``check(_:)`` checks one held in memory.
///
/// ```swift
/// var check = FeedBodyCheck()
/// for piece in pieces { piece.withUnsafeBytes { check.add($0) } }
/// try check.finish()
/// ```
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.4>
public struct FeedBodyCheck: Sendable {
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

    private enum Phase: Sendable {
        /// At the start: `matched` bytes of a byte-order mark seen.
        case byteOrderMark(matched: Int)
        /// Past the byte-order mark, skipping white space and blank lines.
        case leading
        /// From the first byte that is not white space on.
        case document
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let begin = Array("BEGIN:VCALENDAR".utf8)
    private static let end = Array("END:VCALENDAR".utf8)
    /// Bytes of the document's start kept to tell what it is (an HTML page is looked for in them).
    private static let openingBytes = 512

    private var phase = Phase.byteOrderMark(matched: 0)
    /// The first ``openingBytes`` of the document (from its first byte that is not white space).
    private var opening: [UInt8] = []
    /// The line begun in an earlier piece: its first bytes, upper-cased (enough to compare with
    /// `BEGIN:VCALENDAR`).
    private var word: [UInt8] = []
    /// Its length so far (0: no line is carried over), and its length without trailing spaces
    /// and tabs.
    private var lineLength = 0
    private var trimmedLength = 0
    private var opened = 0
    private var closed = 0
    private var lastIsEnd = false

    public init() {
        word.reserveCapacity(Self.begin.count)
    }

    // MARK: - Public API

    /// Checks a body held in memory.
    public static func check(_ body: Data) throws(Problem) {
        var check = FeedBodyCheck()
        body.withUnsafeBytes { check.add($0) }
        try check.finish()
    }

    /// Takes the next piece of the body.
    public mutating func add(_ piece: UnsafeRawBufferPointer) {
        guard let base = piece.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let bytes = UnsafeBufferPointer(start: base, count: piece.count)
        var i = 0
        while i < bytes.count, case .byteOrderMark(let matched) = phase {
            if bytes[i] == Self.byteOrderMark[matched] {
                phase = matched + 1 == Self.byteOrderMark.count ? .leading : .byteOrderMark(matched: matched + 1)
                i += 1
            } else {
                replayByteOrderMark(matched)
            }
        }
        if case .leading = phase {
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            if i < bytes.count { phase = .document }
        }
        if case .document = phase, i < bytes.count { addToDocument(UnsafeBufferPointer(rebasing: bytes[i...])) }
    }

    /// Ends the body: throws what makes it no whole iCalendar document.
    public mutating func finish() throws(Problem) {
        if case .byteOrderMark(let matched) = phase { replayByteOrderMark(matched) }
        guard case .document = phase else { throw .empty }
        endLine()
        let head = String(decoding: opening.prefix(while: { $0 != 0x0A && $0 != 0x0D }).prefix(60), as: UTF8.self)
        guard Self.equalsCaseInsensitive(opening.prefix(Self.begin.count), Self.begin) else {
            let lower = String(decoding: opening, as: UTF8.self).lowercased()
            if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") || lower.contains("<html") { throw .html }
            throw .notICalendar(firstLine: head)
        }
        guard lastIsEnd, closed >= opened else { throw .incomplete }
    }

    // MARK: - Reading

    /// The start was not a whole byte-order mark: its `matched` bytes are the document's first.
    private mutating func replayByteOrderMark(_ matched: Int) {
        phase = .leading
        if matched > 0 {
            phase = .document
            Self.byteOrderMark.prefix(matched).withUnsafeBufferPointer { addToDocument($0) }
        }
    }

    private mutating func addToDocument(_ bytes: UnsafeBufferPointer<UInt8>) {
        if opening.count < Self.openingBytes { opening += bytes.prefix(Self.openingBytes - opening.count) }
        guard let base = bytes.baseAddress else { return }
        var i = 0
        while i < bytes.count {
            let lineEnd = Self.nextLineEnd(base, from: i, count: bytes.count)
            if lineEnd == bytes.count {
                carry(UnsafeBufferPointer(rebasing: bytes[i...]))   // the line goes on in the next piece
                return
            }
            if lineLength > 0 {
                carry(UnsafeBufferPointer(rebasing: bytes[i..<lineEnd]))
                endLine()
            } else {
                var last = lineEnd
                while last > i, base[last - 1] == 0x20 || base[last - 1] == 0x09 { last -= 1 }
                count(UnsafeBufferPointer(start: base + i, count: last - i))
            }
            // A CR LF is one line end (the empty line between them would count for nothing).
            i = lineEnd + (base[lineEnd] == 0x0D && lineEnd + 1 < bytes.count && base[lineEnd + 1] == 0x0A ? 2 : 1)
        }
    }

    /// Where the line starting at `start` ends: its CR or LF, or `count`.
    private static func nextLineEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let origin = UnsafeRawPointer(base)
        let lf = memchr(base + start, 0x0A, count - start).map { origin.distance(to: $0) } ?? count
        return memchr(base + start, 0x0D, lf - start).map { origin.distance(to: $0) } ?? lf
    }

    /// Part of a line that does not end in the piece being read: its first bytes kept in
    /// ``word``, upper-cased, and its lengths counted.
    private mutating func carry(_ part: UnsafeBufferPointer<UInt8>) {
        for byte in part.prefix(Self.begin.count - word.count) { word.append(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte) }
        var last = part.count
        while last > 0, part[last - 1] == 0x20 || part[last - 1] == 0x09 { last -= 1 }
        if last > 0 { trimmedLength = lineLength + last }
        lineLength += part.count
    }

    /// The line carried over from earlier pieces ended (see ``count(_:)``).
    private mutating func endLine() {
        defer {
            word.removeAll(keepingCapacity: true)
            lineLength = 0
            trimmedLength = 0
        }
        if trimmedLength <= word.count {
            word.withUnsafeBufferPointer { count(UnsafeBufferPointer(rebasing: $0.prefix(trimmedLength))) }
        } else if trimmedLength > 0 {
            lastIsEnd = false   // longer than either word
        }
    }

    /// A whole line, without its trailing spaces and tabs: counted when it is `BEGIN:VCALENDAR`
    /// or `END:VCALENDAR`; a blank one leaves the last line as it was.
    private mutating func count(_ trimmed: UnsafeBufferPointer<UInt8>) {
        guard !trimmed.isEmpty else { return }
        let isBegin = Self.equalsCaseInsensitive(trimmed, Self.begin)
        let isEnd = !isBegin && Self.equalsCaseInsensitive(trimmed, Self.end)
        if isBegin { opened += 1 }
        if isEnd { closed += 1 }
        lastIsEnd = isEnd
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// ASCII comparison with `word`, which is upper case.
    private static func equalsCaseInsensitive<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ word: [UInt8]) -> Bool {
        bytes.count == word.count && zip(bytes, word).allSatisfy { a, b in (a >= 0x61 && a <= 0x7A ? a - 0x20 : a) == b }
    }
}
