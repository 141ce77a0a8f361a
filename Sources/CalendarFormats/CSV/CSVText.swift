/// RFC 4180 text: records of fields separated by commas, ended by CRLF; a field holding a
/// comma, a quote, a line break or edge spaces is quoted, its quotes doubled.
public enum CSVText {
    /// A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab or CR,
    /// which some programs strip before looking) gets a leading `'`, which spreadsheets show
    /// as text. Applied to output only when asked for (`guardingFormulas`).
    public static func field(_ value: String, guardingFormulas: Bool) -> String {
        var text = value
        if guardingFormulas, let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            text = "'" + text
        }
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One record, CRLF-terminated.
    public static func record(_ fields: [String], guardingFormulas: Bool) -> String {
        fields.map { field($0, guardingFormulas: guardingFormulas) }.joined(separator: ",") + "\r\n"
    }

    /// A CSV parse failure, at a 1-based line of the text.
    public struct Failure: Error, Equatable {
        public var line: Int
        public var message: String
    }

    /// The records of `text` (a leading UTF-8 byte order mark is skipped), each with the line
    /// it starts on. CRLF and LF both end records; quoted fields may hold line breaks. A record
    /// with no fields at all (an empty line) is dropped.
    public static func records(_ text: String) throws(Failure) -> [(line: Int, fields: [String])] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1, recordLine = 1
        var quoted = false, wasQuoted = false, quoteLine = 1
        var index = scalars.startIndex
        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            wasQuoted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
            fields = []
        }
        while index < scalars.endIndex {
            let c = scalars[index]
            index = scalars.index(after: index)
            if quoted {
                if c == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        field.append("\"")
                        index = scalars.index(after: index)
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !wasQuoted:
                quoted = true
                quoteLine = line
            case "\"":
                throw Failure(line: line, message: "a quote inside an unquoted field (field \(fields.count + 1)); quote the field and double its quotes")
            case ",":
                endField()
            case "\r" where index < scalars.endIndex && scalars[index] == "\n":
                break
            case "\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default:
                if wasQuoted {
                    throw Failure(line: line, message: "text after the closing quote of field \(fields.count + 1)")
                }
                field.append(c)
            }
        }
        if quoted { throw Failure(line: quoteLine, message: "a quoted field that is never closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
