import CalendarFormats
import CalendarModel
import Foundation
import ICalConversion
import ICalCore

/// `convert --format jcal` as it reads: the jCal (RFC 7265) of exactly the iCalendar that
/// `--format ics` writes. Each item's jCal goes to a spool file as it arrives; when the
/// calendar ends, its head (properties and VTIMEZONEs), the spooled items and the verbatim
/// components are written as one `["vcalendar", [...], [...]]`. One calendar in all is written
/// as that array; several (or none) as an array of them, which needs the first calendar held
/// back (in a spool file) until the second arrives.
final class JCalStreamWriter: ConvertStreamWriter {
    private let output: StreamedOutput
    private let spool: CalendarItemSpool
    /// The first calendar, until it is known whether it is the only one.
    private let first: SpoolFile
    private var calendarsWritten = 0

    init(output: StreamedOutput) throws(CLIError) {
        self.output = output
        spool = try CalendarItemSpool { Self.componentsJSON($0, leadingComma: true) }
        first = try SpoolFile()
    }

    func abandonCalendar() { spool.abandonCalendar() }

    func handle(_ event: ReadEvent) throws(CLIError) {
        guard let done = try spool.handle(event) else { return }
        try writeCalendar(done)
    }

    /// `["vcalendar",[properties],[VTIMEZONEs, items, verbatim components]]`.
    private func writeCalendar(_ done: CalendarTextWriter) throws(CLIError) {
        var head: [UInt8] = []
        done.head(to: &head)
        head += Array("END:VCALENDAR\r\n".utf8)
        var tail = Array("BEGIN:VCALENDAR\r\n".utf8)
        done.tail(to: &tail)
        let headCalendar = ICalScanner().scan(head).components.first
        let tailCalendar = ICalScanner().scan(tail).components.first

        try startCalendar()
        var text = Array(#"["vcalendar","#.utf8)
        text.append(UInt8(ascii: "["))
        for (i, line) in (headCalendar?.properties ?? []).enumerated() {
            if i > 0 { text.append(UInt8(ascii: ",")) }
            JCalWriter.write(line, to: &text)
        }
        text += Array("],[".utf8)
        var separated = false
        for component in headCalendar?.components ?? [] {
            if separated { text.append(UInt8(ascii: ",")) }
            JCalWriter.write(component, to: &text)
            separated = true
        }
        try emit(text)
        for items in [spool.events, spool.reminders] where items.size > 0 {
            var dropComma = !separated
            try items.drain { data throws(CLIError) in
                try emit(dropComma ? [UInt8](data.dropFirst()) : [UInt8](data))
                dropComma = false
            }
            separated = true
        }
        text.removeAll()
        for component in tailCalendar?.components ?? [] {
            if separated { text.append(UInt8(ascii: ",")) }
            JCalWriter.write(component, to: &text)
            separated = true
        }
        text += Array("]]".utf8)
        try emit(text)
        calendarsWritten += 1
    }

    /// What goes before a calendar: nothing for the first; for the second, `[`, the first
    /// (held back until now) and `,`; for later ones, `,`.
    private func startCalendar() throws(CLIError) {
        if calendarsWritten == 1 {
            try output.write(Array("[".utf8))
            try first.drain { data throws(CLIError) in try output.write(data) }
        }
        if calendarsWritten >= 1 { try output.write(Array(",".utf8)) }
    }

    /// Writes a calendar's bytes: the first calendar's to ``first``, the others' to the output.
    private func emit(_ bytes: [UInt8]) throws(CLIError) {
        if calendarsWritten == 0 { try first.write(bytes) } else { try output.write(bytes) }
    }

    /// Closes the document: the only calendar as it is, else `[...]` (`[]` for none).
    func finish() throws(CLIError) {
        switch calendarsWritten {
        case 0: try output.write(Array("[]\n".utf8))
        case 1:
            try first.drain { data throws(CLIError) in try output.write(data) }
            try output.write(Array("\n".utf8))
        default: try output.write(Array("]\n".utf8))
        }
    }

    /// The jCal of the components of an iCalendar text (an item's VEVENT or VTODO), each
    /// preceded by a comma when `leadingComma`.
    static func componentsJSON(_ text: [UInt8], leadingComma: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for component in ICalScanner().scan(text).components {
            if leadingComma || !out.isEmpty { out.append(UInt8(ascii: ",")) }
            JCalWriter.write(component, to: &out)
        }
        return out
    }
}
