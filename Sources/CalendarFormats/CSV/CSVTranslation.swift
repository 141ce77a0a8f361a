import CalendarModel
import Foundation
import ICalConversion

/// A CSV table of events (``EventCSVReader``) as the iCalendar text icalkit's reader reads:
/// one VCALENDAR of the rows' VEVENTs, each line placed at its row (`line 3`).
enum CSVTranslation {
    static func iCalendar(fromCSV bytes: [UInt8], zone: TimeZone) throws(FormatError) -> TranslatedInput {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FormatError(path: "", message: "not UTF-8 text (save the table as CSV UTF-8)")
        }
        let result: EventCSVReader.Result
        do { result = try EventCSVReader(zone: zone).read(text) } catch {
            throw FormatError(path: "line \(error.line)" + (error.column.map { ", column \"\($0)\"" } ?? ""), message: error.message)
        }
        var document = CalendarDocument(calendar: EventCalendar(title: ""))
        document.events = result.events
        var translated = TranslatedInput()
        translated.iCalendar = Array(ICalendarWriter().write([document]).utf8)
        // Lines before the first VEVENT are the calendar's; each VEVENT's are its row's.
        var row = -1
        let rowLines = result.lines
        for line in translated.iCalendar.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            if line.starts(with: Array("BEGIN:VEVENT".utf8)) { row += 1 }
            translated.appendPlace(row >= 0 && row < rowLines.count ? "line \(rowLines[row])" : "(header)")
        }
        if !result.ignoredColumns.isEmpty {
            translated.notes.append("columns not read: " + result.ignoredColumns.map { "\"\($0)\"" }.joined(separator: ", ")
                                    + " (icalkit reads " + EventCSVColumn.names + ")")
        }
        return translated
    }
}
