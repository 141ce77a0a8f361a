import CalendarModel
import Foundation
import ICalCore

/// Reads iCalendar text into model values.
///
/// Two forms over one reading path: `read(_:fileName:)` returns every calendar in memory;
/// `read(fileAt:fileName:_:)` streams a file of any size, handing each item over as a
/// ``ReadEvent`` as soon as it is read (memory holds one item, not the file). Both read in
/// two passes over the bytes: a cheap outline first (each VCALENDAR's properties and its
/// VTIMEZONEs, which may come after the items that use them), then the items.
///
/// ```swift
/// let result = ICalendarReader().read(data, fileName: "feed.ics")
/// for event in result.documents.flatMap(\.events) { print(event.title) }
/// result.diagnostics.forEach { print($0) }      // feed.ics:12: warning: ...
///
/// let summary = try ICalendarReader().read(fileAt: "big.ics") { event in
///     if case .event(let e) = event { print(e.title) }
/// }
/// ```
public struct ICalendarReader: Sendable {
    public var options: ConversionOptions
    public init(options: ConversionOptions = ConversionOptions()) { self.options = options }

    var scanner: ICalScanner {
        ICalScanner(maxLineBytes: options.limits.maxLineBytes, maxNestingDepth: options.limits.maxNestingDepth)
    }

    /// Never throws and never traps on bad input: what cannot be read is reported.
    public func read(_ data: Data, fileName: String? = nil) -> ReadResult {
        var documents: [CalendarDocument] = []
        var result = data.withUnsafeBytes { raw -> ReadResult in
            let bytes = raw.bindMemory(to: UInt8.self)
            do {
                return try read(bytes, fileName: fileName) { ICalendarReader.collect($0, into: &documents) }
            } catch {
                // Not reached: neither the scan of memory nor the collector throws.
                return ReadResult(refused: true)
            }
        }
        result.documents = documents
        return result
    }

    public func read(contentsOf url: URL) throws -> ReadResult {
        read(try Data(contentsOf: url), fileName: url.path)
    }

    /// Streams bytes held in memory: `handle` gets each calendar and item in order. The
    /// result has the diagnostics, counts and `refused`, and no documents. Throws what
    /// `handle` throws.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String? = nil,
                     _ handle: (ReadEvent) throws -> Void) throws -> ReadResult {
        let scanner = self.scanner
        return try withoutActuallyEscaping(handle) { handle in
            try CalendarStream(options: options, fileName: fileName, handle: handle).run { focus, body in
                try scanner.scan(bytes, focus: focus, body)
            }
        }
    }

    /// Streams a file, read in chunks (see ``ICalScanner/scan(fileAt:focus:_:)``): `handle`
    /// gets each calendar and item in order; memory does not grow with the file. The result
    /// has the diagnostics, counts and `refused`, and no documents. Throws ``ICalError``
    /// (code `.file`) when the file cannot be read, and what `handle` throws.
    public func read(fileAt path: String, fileName: String? = nil,
                     _ handle: (ReadEvent) throws -> Void) throws -> ReadResult {
        let scanner = self.scanner
        return try withoutActuallyEscaping(handle) { handle in
            try CalendarStream(options: options, fileName: fileName ?? path, handle: handle).run { focus, body in
                try scanner.scan(fileAt: path, focus: focus, body)
            }
        }
    }

    /// Adds a streamed event to documents held in memory.
    public static func collect(_ event: ReadEvent, into documents: inout [CalendarDocument]) {
        switch event {
        case .calendarBegan(let document): documents.append(document)
        case .event(let e):
            // The kept text is made now (the scanned component it is made from is let go): a
            // collected document holds its items' texts, not their scanned lines.
            _ = e.source?.text
            documents[documents.count - 1].events.append(e)
        case .reminder(let r):
            _ = r.source?.text
            documents[documents.count - 1].reminders.append(r)
        case .extraComponent(let text): documents[documents.count - 1].extraComponents.append(text)
        case .calendarEnded(let matched):
            for (i, zone) in documents[documents.count - 1].timeZones.enumerated() {
                documents[documents.count - 1].timeZones[i].matchedZone = matched[zone.tzid]
            }
        }
    }
}
