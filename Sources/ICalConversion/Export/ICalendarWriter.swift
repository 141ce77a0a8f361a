import CalendarModel
import Foundation
import ICalCore

/// Writes model values as RFC 5545 text: CRLF line ends, folded at 75 octets without splitting
/// a UTF-8 character, VERSION/PRODID, and exactly one VTIMEZONE for every TZID used — the
/// input's own definition when it had one, else generated from the tz database.
///
/// ```swift
/// let text = ICalendarWriter().write(result.documents)
/// ```
public struct ICalendarWriter: Sendable {
    public static let productID = "-//icalkit//icalkit 0.1.0//EN"
    public init() {}

    /// One VCALENDAR per document, concatenated.
    public func write(_ documents: [CalendarDocument]) -> String {
        String(decoding: encoded(documents), as: UTF8.self)
    }

    /// ``write(_:)`` as UTF-8 bytes, ready for a file or a stream.
    public func encoded(_ documents: [CalendarDocument]) -> [UInt8] {
        var out: [UInt8] = []
        for doc in documents { write(doc, to: &out) }
        return out
    }

    public func write(_ doc: CalendarDocument, to out: inout String) {
        var bytes: [UInt8] = []
        write(doc, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    public func write(_ doc: CalendarDocument, to out: inout [UInt8]) {
        var writer = CalendarTextWriter(header: doc)
        var items: [UInt8] = []
        items.reserveCapacity((doc.events.count + doc.reminders.count) * 512)
        for event in doc.events { writer.event(event, to: &items) }
        var reminders: [UInt8] = []
        for reminder in doc.reminders { writer.reminder(reminder, to: &reminders) }
        writer.head(to: &out)
        out += items
        out += reminders
        writer.tail(to: &out)
    }

    /// Calls `body` with each TZID parameter value (quoted or not) of the pieces' lines, read
    /// from the parameter part only (before the first unquoted ':').
    static func forEachTZID(in pieces: ArraySlice<PropertyWriter.Piece>, _ body: (String) -> Void) {
        for piece in pieces {
            var text: String
            switch piece {
            case .line(let line): text = line
            case .block(let block): text = block
            }
            text.withUTF8 { forEachTZID(inLines: $0, body) }
        }
    }

    /// ``forEachTZID(in:_:)`` for lines given as UTF-8 bytes (separated by CRLF or LF).
    static func forEachTZID(inLines text: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
        forEachTZIDBytes(inLines: text) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// Calls `body` with the bytes of each TZID parameter value of the lines of `text`. A line
    /// can have one only if it holds ";TZID=" (in any case), so only such lines are read
    /// parameter by parameter; memchr finds the ';'s.
    static func forEachTZIDBytes(inLines text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        var from = 0
        while from < n, let hit = memchr(base + from, Int32(UInt8(ascii: ";")), n - from) {
            let semicolon = UnsafeRawPointer(base).distance(to: hit)
            guard n - semicolon > 5, isTZIDName(UnsafeBufferPointer(rebasing: text[(semicolon + 1)...])) else {
                from = semicolon + 1
                continue
            }
            var lineStart = semicolon
            while lineStart > 0 && text[lineStart - 1] != 0x0A { lineStart -= 1 }
            let lineEnd = memchr(base + semicolon, 0x0A, n - semicolon).map { UnsafeRawPointer(base).distance(to: $0) } ?? n
            let stop = lineEnd > lineStart && text[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            forEachTZID(inLine: UnsafeBufferPointer(rebasing: text[lineStart..<stop]), body)
            from = lineEnd + 1
        }
    }

    /// Calls `body` with the bytes of each TZID parameter value (quoted or not) of one unfolded
    /// line, read from the parameter part only (before the first unquoted ':').
    private static func forEachTZID(inLine line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let params = parameterPart(of: line) { forEachTZID(inParameters: params, body) }
    }

    /// The bytes between the property name and the first unquoted ':' (the parameters with
    /// their leading ';'), or nil when the line has no parameters.
    private static func parameterPart(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var i = 0
        while i < line.count && line[i] != UInt8(ascii: ":") && line[i] != UInt8(ascii: ";") { i += 1 }
        guard i < line.count, line[i] == UInt8(ascii: ";") else { return nil }
        let semicolon = i
        var inQuotes = false
        while i < line.count {
            let b = line[i]
            if b == UInt8(ascii: "\"") { inQuotes.toggle() } else if b == UInt8(ascii: ":") && !inQuotes { break }
            i += 1
        }
        return UnsafeBufferPointer(rebasing: line[semicolon..<i])
    }

    /// Calls `body` with the value of every `;TZID=` parameter in `params` (each starting with ';').
    private static func forEachTZID(inParameters params: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var inQuotes = false
        var start = 0
        var i = 0
        func finish(_ end: Int) {
            // params[start] is ';'; the parameter is params[start+1..<end].
            let p = UnsafeBufferPointer(rebasing: params[(start + 1)..<end])
            guard p.count >= 5, isTZIDName(p) else { return }
            var value = UnsafeBufferPointer(rebasing: p[5...])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = UnsafeBufferPointer(rebasing: value[1..<(value.count - 1)])
            }
            body(value)
        }
        while i < params.count {
            let b = params[i]
            if b == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if b == UInt8(ascii: ";") && !inQuotes && i > start {
                finish(i)
                start = i
            }
            i += 1
        }
        if params.count > start { finish(params.count) }
    }

    /// True when `p` (at least 5 bytes) starts with `TZID=` (the name in any case).
    private static func isTZIDName(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        p[0] | 0x20 == UInt8(ascii: "t") && p[1] | 0x20 == UInt8(ascii: "z") && p[2] | 0x20 == UInt8(ascii: "i")
            && p[3] | 0x20 == UInt8(ascii: "d") && p[4] == UInt8(ascii: "=")
    }
}
