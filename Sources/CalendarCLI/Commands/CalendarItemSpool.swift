import CalendarModel
import ICalConversion

/// What `convert --format ics` and `--format jcal` share as they read: each calendar's events
/// and reminders are written as iCalendar (``CalendarTextWriter``), encoded (as they are, or as
/// jCal) and spooled as they arrive, since the calendar's head (one VTIMEZONE per TZID used) is
/// known only when it ends.
final class CalendarItemSpool {
    let events: SpoolFile
    let reminders: SpoolFile
    private var writer: CalendarTextWriter?
    /// One item's text, reused.
    private var scratch: [UInt8] = []
    /// An item's iCalendar text to what is spooled.
    private let encode: ([UInt8]) -> [UInt8]

    init(encode: @escaping ([UInt8]) -> [UInt8] = { $0 }) throws(CLIError) {
        events = try SpoolFile()
        reminders = try SpoolFile()
        self.encode = encode
    }

    /// Drops the calendar being read (its spooled items and its head).
    func abandonCalendar() {
        writer = nil
        events.discard()
        reminders.discard()
    }

    /// Takes one reader event; returns the calendar's writer (for its head and tail) when the
    /// event ends a calendar, with its items in ``events`` and ``reminders``.
    func handle(_ event: ReadEvent) throws(CLIError) -> CalendarTextWriter? {
        switch event {
        case .calendarBegan(let header):
            writer = CalendarTextWriter(header: header)
        case .event(let e):
            scratch.removeAll(keepingCapacity: true)
            writer?.event(e, to: &scratch)
            try events.write(encode(scratch))
        case .reminder(let r):
            scratch.removeAll(keepingCapacity: true)
            writer?.reminder(r, to: &scratch)
            try reminders.write(encode(scratch))
        case .extraComponent(let text):
            writer?.extraComponent(text)
        case .calendarEnded:
            defer { writer = nil }
            return writer
        }
        return nil
    }
}
