/// Something the scanner noticed in the text itself, with its line, before any value is read.
public struct ScanIssue: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// Input has no BEGIN line at all (HTML page, empty file, binary junk).
        case notICalendar
        /// Text outside any component (ignored).
        case strayText
        /// A line with no `:` or no name (ignored).
        case malformedLine
        /// Bytes that are not UTF-8; the line was read as ISO-8859-1 instead (repaired).
        case invalidUTF8
        /// `END:X` with no open `X` (ignored), or closing an outer component early.
        case unbalancedEnd
        /// The input ended inside a component; it was closed there.
        case unterminatedComponent
        /// A line longer than the `max-line-bytes` limit (dropped).
        case lineTooLong
        /// Components nested deeper than the `max-nesting-depth` limit (dropped).
        case nestingTooDeep
        /// A UTF-16 or UTF-32 byte order mark: not supported (refused).
        case unsupportedEncoding
    }
    public var kind: Kind
    public var line: Int
    public var message: String
    /// The component the issue was inside (e.g. "VEVENT"), when any.
    public var component: String?

    public init(kind: Kind, line: Int, message: String, component: String? = nil) {
        self.kind = kind
        self.line = line
        self.message = message
        self.component = component
    }
    public var description: String { "line \(line): \(message)" }
}
