import CalendarModel
import Foundation
import ICalConversion

/// `convert --format ics` as it reads: each calendar's events and reminders are written to spool
/// files as they arrive; when the calendar ends, its head (properties and one VTIMEZONE per
/// TZID used, known only then) goes to the output, then the spooled items and the verbatim
/// components. Memory holds one item, whatever the input's size; the text is the same as
/// ``ICalendarWriter`` writes for the whole documents.
final class ICSStreamWriter: ConvertStreamWriter {
    private let output: StreamedOutput
    private let spool: CalendarItemSpool

    init(output: StreamedOutput) throws(CLIError) {
        self.output = output
        spool = try CalendarItemSpool()
    }

    /// Drops the calendar being read (its spooled items and its head), after its file failed
    /// part-way: nothing of it reaches the output, and the next file starts clean.
    func abandonCalendar() { spool.abandonCalendar() }

    /// Nothing to close: each calendar is whole when it ends.
    func finish() throws(CLIError) {}

    func handle(_ event: ReadEvent) throws(CLIError) {
        guard let done = try spool.handle(event) else { return }
        var text: [UInt8] = []
        done.head(to: &text)
        try output.write(text)
        try spool.events.drain { data throws(CLIError) in try output.write(data) }
        try spool.reminders.drain { data throws(CLIError) in try output.write(data) }
        text.removeAll()
        done.tail(to: &text)
        try output.write(text)
    }
}
