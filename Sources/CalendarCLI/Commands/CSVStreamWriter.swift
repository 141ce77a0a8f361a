import CalendarFormats
import CalendarModel
import Foundation
import ICalConversion

/// `convert --format csv` as it reads: the header row first, then a row per event
/// (``EventCSVWriter``, as `export --format csv` writes them: a series is its first occurrence),
/// in the order read. A calendar's rows wait in a spool file until it ends, so a calendar its
/// file failed in the middle of leaves no rows. Reminders and verbatim components have no row.
final class CSVStreamWriter: ConvertStreamWriter {
    private let output: StreamedOutput
    private let writer: EventCSVWriter
    private let rows: SpoolFile

    init(output: StreamedOutput, writer: EventCSVWriter) throws(CLIError) {
        self.output = output
        self.writer = writer
        rows = try SpoolFile()
        try output.write(Array(writer.header().utf8))
    }

    func abandonCalendar() { rows.discard() }

    /// Nothing to close: a table has no end mark.
    func finish() throws(CLIError) {}

    func handle(_ event: ReadEvent) throws(CLIError) {
        switch event {
        case .calendarBegan: rows.discard()
        case .event(let e): try rows.write(Array(writer.row(e).utf8))
        case .reminder, .extraComponent: break
        case .calendarEnded:
            let output = self.output
            try rows.drain { data throws(CLIError) in try output.write(data) }
        }
    }
}
