import ICalCore

/// An input in another format (jCal, icalkit JSON) as the iCalendar text icalkit's reader
/// reads, with where each line came from, so that what the reader says of a line can name the
/// place in the original input instead (`[2][0][1][3]`).
public struct TranslatedInput: Sendable {
    /// Folded content lines, CRLF-ended.
    public var iCalendar: [UInt8] = []
    /// The place in the original input of each physical line of ``iCalendar`` (element 0 is line 1).
    public var places: [String] = []
    /// What the translation could not carry over (warnings for the reader's diagnostics).
    public var notes: [String] = []

    public init() {}

    /// The pieces a translation hands over (``TranslationWriter``), joined.
    init(collecting translate: (_ deliver: @escaping (TranslatedInput) throws -> Void) throws -> Void) rethrows {
        var whole = TranslatedInput()
        try translate { piece in
            whole.iCalendar += piece.iCalendar
            whole.places += piece.places
            whole.notes += piece.notes
        }
        self = whole
    }

    /// The place line `line` (1-based) of ``iCalendar`` came from, when known.
    public func place(ofLine line: Int) -> String? {
        line >= 1 && line <= places.count ? places[line - 1] : nil
    }

    /// Appends an unfolded content line, folded, and notes its place for each physical line.
    mutating func append(line: String, from place: JSONPath) {
        let before = iCalendar.count
        LineFolder.append(line, to: &iCalendar)
        let physical = iCalendar.withUnsafeBufferPointer { bytes in
            var count = 0
            for i in before..<bytes.count where bytes[i] == 0x0A { count += 1 }
            return count
        }
        let written = place.description
        let name = written.isEmpty ? "(top level)" : written
        for _ in 0..<physical { places.append(name) }
    }
}
