import CalendarModel
import Foundation
import ICalConversion

/// `convert --format json` as it reads: each event and reminder object is rendered when it
/// arrives and goes to a spool file, with only its sort key and its place in the spool kept in
/// memory; when the calendar ends, its head goes to the output, then the spooled objects in
/// sorted order. Memory holds one item and the keys, whatever the input's size; the bytes are
/// those of ``JSONOutput/calendars(_:)`` for the whole documents.
final class JSONStreamWriter: ConvertStreamWriter {
    private let output: StreamedOutput
    private let events: SpoolFile
    private let reminders: SpoolFile
    /// The calendar being read (its head), and its items' keys and places in the spools.
    private var calendar: EventCalendar?
    private var eventPlaces = SpoolOrder<JSONOutput.EventOrder>()
    private var reminderPlaces = SpoolOrder<JSONOutput.ReminderOrder>()
    private var calendarsWritten = 0
    private var scratch: [UInt8] = []

    /// Indentation of a calendar object in `calendars`, and of an item in its `events`.
    private static let calendarIndent = 2
    private static let itemIndent = 4

    init(output: StreamedOutput) throws(CLIError) {
        self.output = output
        events = try SpoolFile()
        reminders = try SpoolFile()
        try output.write(Array("{\n  \"schemaVersion\": \(JSONOutput.schemaVersion),\n  \"calendars\": ".utf8))
    }

    func abandonCalendar() {
        calendar = nil
        eventPlaces.reset()
        reminderPlaces.reset()
        events.discard()
        reminders.discard()
    }

    func handle(_ event: ReadEvent) throws(CLIError) {
        switch event {
        case .calendarBegan(let header):
            abandonCalendar()
            calendar = header.calendar
        case .event(let e):
            guard let title = calendar?.title else { return }
            let offset = events.size
            try events.write(Self.item(JSONOutput.calendarEvent(e, calendarTitle: title, indent: Self.itemIndent)))
            try eventPlaces.append(JSONOutput.EventOrder(e, position: eventPlaces.count), offset: offset, length: events.size - offset)
        case .reminder(let r):
            guard let title = calendar?.title else { return }
            let offset = reminders.size
            try reminders.write(Self.item(JSONOutput.reminder(r, calendarTitle: title)))
            try reminderPlaces.append(JSONOutput.ReminderOrder(r, calendarTitle: title, position: reminderPlaces.count),
                                      offset: offset, length: reminders.size - offset)
        case .extraComponent:
            break    // not part of the JSON form
        case .calendarEnded:
            guard let done = calendar else { return }
            try writeCalendar(done)
        }
    }

    /// Closes the document: `]` after the last calendar (`[]` when there was none).
    func finish() throws(CLIError) {
        try output.write(Array((calendarsWritten == 0 ? "[]\n}\n" : "\n  ]\n}\n").utf8))
    }

    private func writeCalendar(_ c: EventCalendar) throws(CLIError) {
        scratch.removeAll(keepingCapacity: true)
        if calendarsWritten > 0 { scratch.append(contentsOf: ",\n".utf8) } else { scratch.append(contentsOf: "[\n".utf8) }
        JSONValue.indentation(Self.calendarIndent, to: &scratch)
        scratch.append(contentsOf: "{\n".utf8)
        JSONValue.writeMembers(JSONOutput.calendarHead(c), indent: Self.calendarIndent + 1, closesObject: false, to: &scratch)
        try output.write(scratch)
        try writeArray("events", events, places: &eventPlaces, last: false)
        try writeArray("reminders", reminders, places: &reminderPlaces, last: true)
        scratch.removeAll(keepingCapacity: true)
        JSONValue.indentation(Self.calendarIndent, to: &scratch)
        scratch.append(UInt8(ascii: "}"))
        try output.write(scratch)
        calendarsWritten += 1
        calendar = nil
    }

    /// `"name": [` the spooled items in `places` order `]`, laid out as ``JSONValue`` writes an
    /// array member at the calendar's member indentation.
    private func writeArray<Key>(_ name: String, _ spool: SpoolFile, places: inout SpoolOrder<Key>, last: Bool) throws(CLIError) {
        var head: [UInt8] = []
        JSONValue.indentation(Self.calendarIndent + 1, to: &head)
        JSONValue.writeString(name, to: &head)
        let count = places.count
        head.append(contentsOf: (count == 0 ? ": []" : ": [\n").utf8)
        try output.write(head)
        var written = 0
        let output = self.output
        try places.drain { offset, length throws(CLIError) in
            written += 1
            try output.write(try spool.read(at: offset, count: length))
            try output.write(Array((written < count ? ",\n" : "\n").utf8))
        }
        spool.discard()
        var tail: [UInt8] = []
        if count > 0 {
            JSONValue.indentation(Self.calendarIndent + 1, to: &tail)
            tail.append(UInt8(ascii: "]"))
        }
        tail.append(contentsOf: (last ? "\n" : ",\n").utf8)
        try output.write(tail)
    }

    /// One item object as it stands in its array: indented, no separator.
    private static func item(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONValue.indentation(itemIndent, to: &bytes)
        value.write(to: &bytes, indent: itemIndent)
        return bytes
    }
}
