import Foundation
import ICalCore

/// The formats icalkit reads, told apart by a file's first bytes and its extension.
///
/// ```swift
/// InputFormat.detect(prefix: Array(#"["vcalendar",[],[]]"#.utf8), fileExtension: "json")   // .jcal
/// InputFormat.detect(prefix: Array("BEGIN:VCALENDAR".utf8), fileExtension: "ics")         // .iCalendar
/// ```
public enum InputFormat: String, Sendable, CaseIterable {
    /// RFC 5545 text (`.ics`, `.ical`, `.ifb`), and anything not recognised as another format.
    case iCalendar = "ics"
    /// RFC 7265 jCal (`.jcal`, or JSON that starts `["vcalendar"`).
    case jcal
    /// icalkit's own JSON (what `convert --format json` writes): a JSON object.
    case calendarJSON = "json"
    /// vCalendar 1.0 (`.vcs`, or a VCALENDAR whose VERSION is 1.0), read through libical's vCal converter.
    case vCalendar = "vcs"
    /// A CSV table of events (`.csv`) with Google's and Outlook's import columns (``EventCSVReader``).
    case csv

    /// How many leading bytes ``detect(prefix:fileExtension:)`` looks at.
    public static let prefixLength = 2048

    /// The format of an input from its first ``prefixLength`` bytes and its file extension
    /// (lower case, without the dot; empty for standard input). Content decides where it can:
    /// a `.json` file that holds jCal is jCal; a `.jcal` file is read as jCal whatever it holds,
    /// so that what is wrong with it is said in jCal's terms; a `.json` file or any input that
    /// starts with `{` is icalkit's JSON; a `.vcs` file, or a VCALENDAR with `VERSION:1.0` in a
    /// file not named as iCalendar (standard input, `.txt`), is vCalendar 1.0.
    public static func detect(prefix: some Collection<UInt8>, fileExtension: String) -> InputFormat {
        if fileExtension == "csv" { return .csv }
        if fileExtension == "jcal" || JCalReader.looksLikeJCal(prefix) { return .jcal }
        // An .ics file that says VERSION:1.0 is read as iCalendar, as before: such files are most
        // often iCalendar 2.0 with a wrong VERSION, which the vCal parser would mangle.
        let iCalendarExtension = ["ics", "ical", "icalendar", "ifb"].contains(fileExtension)
        if fileExtension == "vcs" || (!iCalendarExtension && VCalendarConverter.looksLikeVCalendar(prefix)) { return .vCalendar }
        switch firstSignificantByte(prefix) {
        case UInt8(ascii: "[")?: return .jcal
        case UInt8(ascii: "{")?: return .calendarJSON
        default: return fileExtension == "json" ? .calendarJSON : .iCalendar
        }
    }

    /// The extensions of calendar files (lower case, without the dot): what a folder walk takes
    /// as an input without looking inside.
    public static let calendarExtensions: Set<String> = ["ics", "ical", "icalendar", "ifb", "vcs", "json", "jcal", "csv"]

    /// The format a file's first bytes show, for a file whose name does not say
    /// (``calendarExtensions``): `BEGIN:VCALENDAR` (any case; vCalendar 1.0 when it says
    /// `VERSION:1.0`), jCal's `["vcalendar"`, or `{` (icalkit JSON), after a byte order mark and
    /// white space; nil for anything else.
    ///
    /// ```swift
    /// InputFormat.sniff(Array("\u{FEFF}BEGIN:VCALENDAR\r\n".utf8))   // .iCalendar
    /// InputFormat.sniff(Array("Dear all,".utf8))                       // nil
    /// ```
    public static func sniff(_ prefix: some Collection<UInt8>) -> InputFormat? {
        if JCalReader.looksLikeJCal(prefix) { return .jcal }
        switch firstSignificantByte(prefix) {
        case UInt8(ascii: "{")?: return .calendarJSON
        case UInt8(ascii: "B")?, UInt8(ascii: "b")?:
            var rest = prefix[...]
            if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
            let text = String(decoding: rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.prefix(15), as: UTF8.self)
            guard text.uppercased() == "BEGIN:VCALENDAR" else { return nil }
            return VCalendarConverter.looksLikeVCalendar(prefix) ? .vCalendar : .iCalendar
        default: return nil
        }
    }

    /// The first byte that is not white space or a UTF-8 byte order mark.
    static func firstSignificantByte(_ bytes: some Collection<UInt8>) -> UInt8? {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
    }

    /// The input as iCalendar text, for a format other than ``iCalendar``; nil for iCalendar
    /// itself (read as it is). CSV times are read in `zone`.
    public func translate(_ bytes: [UInt8], zone: TimeZone = .current) throws(FormatError) -> TranslatedInput? {
        switch self {
        case .iCalendar: return nil
        case .csv: return try CSVTranslation.iCalendar(fromCSV: bytes, zone: zone)
        case .jcal: return try JCalReader.iCalendar(fromJSON: bytes)
        case .calendarJSON: return try CalendarJSONReader.iCalendar(fromJSON: bytes)
        case .vCalendar:
            do {
                let converted = try VCalendarConverter.iCalendar(fromVCalendar: bytes)
                var translated = TranslatedInput()
                translated.iCalendar = converted.iCalendar
                translated.notes = converted.notes
                return translated
            } catch {
                throw FormatError(path: "", message: error.message)
            }
        }
    }
}

extension InputFormat {
    /// jCal and icalkit JSON can be translated as they are read (``translate(chunks:_:)``).
    public var translatesInPieces: Bool { self == .jcal || self == .calendarJSON }

    /// Translates a jCal or icalkit JSON input read in chunks (`nextChunk` returns nil at the
    /// end): `deliver` gets the iCalendar text in pieces, each about 256 KiB of whole items with
    /// their lines' places, so that memory holds one piece and one item, whatever the input's
    /// size. Throws ``FormatError`` for input that is not of the format (after some pieces may
    /// have been delivered: a caller that must write nothing of such input keeps the pieces
    /// aside until this returns), and what `nextChunk` and `deliver` throw.
    public func translate(chunks nextChunk: @escaping () throws -> [UInt8]?, _ deliver: @escaping (TranslatedInput) throws -> Void) throws {
        var json = JSONTokenizer(nextChunk: nextChunk)
        var out = TranslationWriter(deliver: deliver)
        switch self {
        case .jcal: try JCalReader.translate(&json, to: &out)
        case .calendarJSON: try CalendarJSONReader.translate(&json, to: &out)
        case .iCalendar, .vCalendar, .csv: preconditionFailure("\(self) is not translated in pieces")
        }
    }

    /// ``translate(chunks:_:)`` of an input held in memory, the pieces joined.
    func translated(json bytes: [UInt8]) throws(FormatError) -> TranslatedInput {
        do {
            var chunks = [bytes][...]
            return try TranslatedInput(collecting: { deliver in try translate(chunks: { chunks.popFirst() }, deliver) })
        } catch {
            throw error as? FormatError ?? FormatError(path: "", message: "\(error)")   // only FormatError: the chunk is in memory
        }
    }

    /// The format's name in messages (`jCal`).
    public var displayName: String {
        switch self {
        case .iCalendar: "iCalendar"
        case .jcal: "jCal"
        case .calendarJSON: "icalkit JSON"
        case .vCalendar: "vCalendar 1.0"
        case .csv: "CSV"
        }
    }
}
