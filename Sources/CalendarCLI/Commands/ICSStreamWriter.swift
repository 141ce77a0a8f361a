import CalendarModel
import Foundation
import ICalConversion

/// `convert --to ics` as it reads: each calendar's events and reminders are written to spool
/// files as they arrive; when the calendar ends, its head (properties and one VTIMEZONE per
/// TZID used, known only then) goes to the output, then the spooled items and the verbatim
/// components. Memory holds one item, whatever the input's size; the text is the same as
/// ``ICalendarWriter`` writes for the whole documents.
final class ICSStreamWriter: ConvertStreamWriter {
    private let output: StreamedOutput
    private let events: SpoolFile
    private let reminders: SpoolFile
    private var writer: CalendarTextWriter?
    /// One item's text, reused.
    private var scratch: [UInt8] = []

    init(output: StreamedOutput) throws(CLIError) {
        self.output = output
        events = try SpoolFile()
        reminders = try SpoolFile()
    }

    /// Drops the calendar being read (its spooled items and its head), after its file failed
    /// part-way: nothing of it reaches the output, and the next file starts clean.
    func abandonCalendar() {
        writer = nil
        events.discard()
        reminders.discard()
    }

    /// Nothing to close: each calendar is whole when it ends.
    func finish() throws(CLIError) {}

    func handle(_ event: ReadEvent) throws(CLIError) {
        switch event {
        case .calendarBegan(let header):
            writer = CalendarTextWriter(header: header)
        case .event(let e):
            scratch.removeAll(keepingCapacity: true)
            writer?.event(e, to: &scratch)
            try events.write(scratch)
        case .reminder(let r):
            scratch.removeAll(keepingCapacity: true)
            writer?.reminder(r, to: &scratch)
            try reminders.write(scratch)
        case .extraComponent(let text):
            writer?.extraComponent(text)
        case .calendarEnded:
            guard let done = writer else { return }
            writer = nil
            var text: [UInt8] = []
            done.head(to: &text)
            try output.write(text)
            try events.drain { data throws(CLIError) in try output.write(data) }
            try reminders.drain { data throws(CLIError) in try output.write(data) }
            text.removeAll()
            done.tail(to: &text)
            try output.write(text)
        }
    }
}
