import CalendarFormats
import Foundation

/// The options of `--format csv` on `events`, `export` and `convert`, and the writer they make.
enum CSVOptions {
    static let columns = OptionSpec.option(
        "columns", value: "LIST",
        help: "With --format csv: the columns, comma-separated, from \(EventCSVColumn.names).",
        default: EventCSVColumn.importerColumns.map(\.rawValue).joined(separator: ","))
    static let bom = OptionSpec.flag("bom", help: "With --format csv: start with a UTF-8 byte order mark (spreadsheet programs need it to read UTF-8).")

    static let discussion = """
        CSV (RFC 4180, UTF-8) has the columns Google Calendar's and Outlook's import screens take: \
        Subject, Start Date (MM/DD/YYYY), Start Time (10:00 AM), End Date, End Time, All Day Event \
        (True/False; an all-day event's End Date is its last day), Description, Location, Private; \
        times in --tz. A cell that begins with =, +, - or @ gets a leading ' so that no spreadsheet \
        runs it as a formula.
        """

    /// The writer `invocation` asks for, in `zone`; nil unless the format is csv. `--columns`
    /// or `--bom` with another format, or an unknown column, is a usage error.
    static func writer(_ invocation: Invocation, format: String, zone: TimeZone) throws(CLIError) -> EventCSVWriter? {
        let args = invocation.arguments
        guard format == "csv" else {
            if args.value(columns) != nil || args.has("bom") {
                throw invocation.usageError("--columns and --bom are for --format csv")
            }
            return nil
        }
        var chosen = EventCSVColumn.importerColumns
        if let list = args.value(columns) {
            chosen = []
            for name in list.split(separator: ",") {
                guard let column = EventCSVColumn(named: name.trimmingCharacters(in: .whitespaces)) else {
                    throw invocation.usageError("Unknown column '\(name)' for '--columns': use \(EventCSVColumn.names)")
                }
                chosen.append(column)
            }
            if chosen.isEmpty { throw invocation.usageError("'--columns' needs at least one column: \(EventCSVColumn.names)") }
        }
        return EventCSVWriter(columns: chosen, zone: zone, byteOrderMark: args.has("bom"))
    }
}
