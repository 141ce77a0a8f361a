import CalendarModel

/// The result of reading one input: the calendars it held and what the reader noticed.
public struct ReadResult: Sendable {
    public var documents: [CalendarDocument]
    public var diagnostics: [ConversionDiagnostic]
    /// Items skipped because they could not be read (each has an `.error` diagnostic).
    public var skippedCount: Int
    /// The input as a whole was not iCalendar (empty, HTML, binary, unsupported encoding).
    public var refused: Bool

    public init(documents: [CalendarDocument] = [], diagnostics: [ConversionDiagnostic] = [], skippedCount: Int = 0, refused: Bool = false) {
        self.documents = documents
        self.diagnostics = diagnostics
        self.skippedCount = skippedCount
        self.refused = refused
    }

    /// Something was skipped or refused: the CLI's exit status 65.
    public var hasDataErrors: Bool { refused || skippedCount > 0 }
    /// The `.error` diagnostics (a skipped item's, or one about the file itself: it ends inside
    /// a component, a rule cannot be read).
    public var errorCount: Int { diagnostics.count(.error) }
    /// An item was skipped or an error was reported: what `--strict` refuses and `validate` fails.
    public var hasErrors: Bool { skippedCount > 0 || errorCount > 0 }
    public var eventCount: Int { documents.reduce(0) { $0 + $1.events.count } }
    public var reminderCount: Int { documents.reduce(0) { $0 + $1.reminders.count } }
}
