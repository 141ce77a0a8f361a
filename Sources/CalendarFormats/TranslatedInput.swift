#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICalCore

/// An input in another format (jCal, icalkit JSON) as the iCalendar text icalkit's reader
/// reads, with where each line came from, so that what the reader says of a line can name the
/// place in the original input instead (`[2][0][1][3]`).
public struct TranslatedInput: Sendable {
    /// Folded content lines, CRLF-ended.
    public var iCalendar: [UInt8] = []
    /// The place in the original input of each physical line of ``iCalendar``, in order, each
    /// ended by LF (a place, a JSON path or `line N`, holds no line break).
    public var placeLines: [UInt8] = []
    /// What the translation could not carry over (warnings for the reader's diagnostics).
    public var notes: [String] = []

    public init() {}

    /// The pieces a translation hands over (``TranslationWriter``), joined.
    init(collecting translate: (_ deliver: @escaping (TranslatedInput) throws -> Void) throws -> Void) rethrows {
        var whole = TranslatedInput()
        try translate { piece in
            whole.iCalendar += piece.iCalendar
            whole.placeLines += piece.placeLines
            whole.notes += piece.notes
        }
        self = whole
    }

    /// The place of each physical line (element 0 is line 1).
    public var places: [String] {
        placeLines.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The places of these lines (1-based) of ``iCalendar``, found in one pass.
    public func places(ofLines wanted: Set<Int>) -> [Int: String] {
        var found: [Int: String] = [:]
        var line = 1, start = 0
        let last = wanted.max() ?? 0
        while line <= last, let end = placeLines[start...].firstIndex(of: 0x0A) {
            if wanted.contains(line) { found[line] = String(decoding: placeLines[start..<end], as: UTF8.self) }
            line += 1
            start = end + 1
        }
        return found
    }

    /// Notes `place` as the place of the next physical line.
    mutating func appendPlace(_ place: String) {
        placeLines.append(contentsOf: place.utf8)
        placeLines.append(0x0A)
    }

    /// Appends an unfolded content line, folded, and notes its place for each physical line.
    mutating func append(line: String, from place: JSONPath) {
        let start = iCalendar.count
        LineFolder.append(line, to: &iCalendar)
        notePlace(place, ofLinesFrom: start)
    }

    /// ``append(line:from:)`` of a line given in parts: its bytes are written in place, and
    /// moved out to be folded only when it is longer than a physical line.
    mutating func append(_ line: ContentLine, from place: JSONPath) {
        let start = iCalendar.count
        line.write(to: &iCalendar)
        if iCalendar.count - start > LineFolder.maxOctets {
            let unfolded = Array(iCalendar[start...])
            iCalendar.removeSubrange(start...)
            unfolded.withUnsafeBufferPointer { LineFolder.append(bytes: $0, to: &iCalendar) }
        } else {
            iCalendar.append(0x0D)
            iCalendar.append(0x0A)
        }
        notePlace(place, ofLinesFrom: start)
    }

    /// Notes `place` for each physical line written from `start` of ``iCalendar`` on.
    private mutating func notePlace(_ place: JSONPath, ofLinesFrom start: Int) {
        let physical = iCalendar.withUnsafeBufferPointer { bytes in
            var count = 0
            var from = start
            while from < bytes.count, let newline = memchr(bytes.baseAddress! + from, 0x0A, bytes.count - from) {
                count += 1
                from = UnsafeRawPointer(bytes.baseAddress!).distance(to: newline) + 1
            }
            return count
        }
        for _ in 0..<physical {
            let placeStart = placeLines.count
            place.write(to: &placeLines)
            if placeLines.count == placeStart { placeLines.append(contentsOf: "(top level)".utf8) }
            placeLines.append(0x0A)
        }
    }
}
