import CalendarFormats
import ICalConversion

/// A `convert` output written as the input is read (``ICSStreamWriter``, ``JSONStreamWriter``):
/// it is handed the reader's events in order, and ``finish()`` once after the last file.
protocol ConvertStreamWriter: AnyObject {
    func handle(_ event: ReadEvent) throws(CLIError)
    /// Drops the calendar being read, after its file failed part-way: nothing of it reaches the
    /// output, and the next file starts clean. Calendars that ended before stay.
    func abandonCalendar()
    /// Writes what closes the output.
    func finish() throws(CLIError)
}

extension ConvertCommand.Format {
    /// The writer of this format over `output`; CSV rows as `csv` writes them (the importer
    /// columns in UTC when nil).
    func streamWriter(_ output: StreamedOutput, csv: EventCSVWriter? = nil) throws(CLIError) -> any ConvertStreamWriter {
        switch self {
        case .ics: try ICSStreamWriter(output: output)
        case .json: try JSONStreamWriter(output: output)
        case .jcal: try JCalStreamWriter(output: output)
        case .csv: try CSVStreamWriter(output: output, writer: csv ?? EventCSVWriter(zone: .gmt))
        }
    }
}
