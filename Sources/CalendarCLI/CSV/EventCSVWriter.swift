import CalendarModel
import Foundation

/// Events as CSV rows with ``EventCSVColumn``s: dates as `MM/DD/YYYY` and times as `h:mm AM`
/// in `zone`, the forms Google's and Outlook's importers read; all-day events with empty times
/// and their last day (inclusive) as End Date; `True`/`False` flags. Cells a spreadsheet
/// would take for formulas get a leading `'` (``CSVText/field(_:guardingFormulas:)``).
struct EventCSVWriter {
    var columns: [EventCSVColumn] = EventCSVColumn.importerColumns
    var zone: TimeZone
    /// A UTF-8 byte order mark first, which spreadsheet programs need to read UTF-8.
    var byteOrderMark = false

    func header() -> String {
        (byteOrderMark ? "\u{FEFF}" : "") + CSVText.record(columns.map(\.rawValue), guardingFormulas: false)
    }

    /// One row: the event `event` from `start` to `end` (instants; for all-day and floating
    /// events, already placed in `zone`).
    func row(_ event: Event, start: Date, end: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = event.isAllDay ? TimeZone(identifier: "UTC")! : zone
        // All-day dates are days: the model holds them as midnight UTC of the day; `start`
        // and `end` placed in the zone are converted back.
        let first = event.isAllDay ? event.startDate : start
        var last = event.isAllDay ? event.endDate : end
        if event.isAllDay { last = max(first, last.addingTimeInterval(-86_400)) }
        let fields = columns.map { column -> String in
            switch column {
            case .subject: event.title
            case .startDate: Self.day(first, calendar)
            case .startTime: event.isAllDay ? "" : Self.time(first, calendar)
            case .endDate: Self.day(last, calendar)
            case .endTime: event.isAllDay ? "" : Self.time(last, calendar)
            case .allDayEvent: event.isAllDay ? "True" : "False"
            case .description: event.notes ?? ""
            case .location: event.location ?? ""
            case .private: event.privacy == .private || event.privacy == .confidential ? "True" : "False"
            case .uid: event.uid
            case .timeZone: event.isAllDay || event.timeZone == nil ? "" : (event.timeZone?.identifier ?? "")
            }
        }
        return CSVText.record(fields, guardingFormulas: true)
    }

    static func day(_ date: Date, _ calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return pad(c.month!) + "/" + pad(c.day!) + "/" + String(c.year!)
    }

    static func time(_ date: Date, _ calendar: Calendar) -> String {
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        let hour = c.hour!, twelve = hour % 12 == 0 ? 12 : hour % 12
        let seconds = c.second! == 0 ? "" : ":" + pad(c.second!)
        return "\(twelve):" + pad(c.minute!) + seconds + (hour < 12 ? " AM" : " PM")
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
