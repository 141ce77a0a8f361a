import CalendarModel
import Foundation

/// The result of reading one input: the calendars it held and what the reader noticed.
public struct ReadResult: Sendable {
    public var documents: [CalendarDocument]
    public var diagnostics: [ConversionDiagnostic]
    /// Items skipped because they could not be read (each has an `.error` diagnostic).
    public var skippedCount: Int
    public init(documents: [CalendarDocument] = [], diagnostics: [ConversionDiagnostic] = [], skippedCount: Int = 0) {
        self.documents = documents
        self.diagnostics = diagnostics
        self.skippedCount = skippedCount
    }
}

/// Reads iCalendar text into model values.
///
/// ```swift
/// let result = ICalendarReader().read(data, fileName: "feed.ics")
/// for event in result.documents.flatMap(\.events) { print(event.title) }
/// result.diagnostics.forEach { print($0) }      // feed.ics:12: warning: ...
/// ```
public struct ICalendarReader: Sendable {
    public var options: ConversionOptions
    public init(options: ConversionOptions = ConversionOptions()) { self.options = options }

    /// Never throws and never traps on bad input: what cannot be read is reported.
    public func read(_ data: Data, fileName: String? = nil) -> ReadResult {
        ReadResult()   // implemented by the import work
    }
}
