import CalendarModel
import Foundation
import ICalConversion

/// `convert --to ics` as it reads: each calendar's events and reminders are written to spool
/// files as they arrive; when the calendar ends, its head (properties and one VTIMEZONE per
/// TZID used, known only then) goes to the output, then the spooled items and the verbatim
/// components. Memory holds one item, whatever the input's size; the text is the same as
/// ``ICalendarWriter`` writes for the whole documents.
final class ICSStreamWriter {
    private let output: StreamedOutput
    private let events: SpoolFile
    private let reminders: SpoolFile
    private var writer: CalendarTextWriter?

    init(output: StreamedOutput) throws(CLIError) {
        self.output = output
        events = try SpoolFile()
        reminders = try SpoolFile()
    }

    func handle(_ event: ReadEvent) throws(CLIError) {
        switch event {
        case .calendarBegan(let header):
            writer = CalendarTextWriter(header: header)
        case .event(let e):
            if let text = writer?.event(e) { try events.write(text) }
        case .reminder(let r):
            if let text = writer?.reminder(r) { try reminders.write(text) }
        case .extraComponent(let text):
            writer?.extraComponent(text)
        case .calendarEnded:
            guard let done = writer else { return }
            writer = nil
            try output.write(done.head())
            try events.drain { data throws(CLIError) in try output.write(data) }
            try reminders.drain { data throws(CLIError) in try output.write(data) }
            try output.write(done.tail())
        }
    }
}
