import CalendarModel
import Foundation

/// Events as CSV rows with ``EventCSVColumn``s: dates as `MM/DD/YYYY` and times as `h:mm AM`
/// in `zone`, the forms Google's and Outlook's importers read; all-day events with empty times
/// and their last day (inclusive) as End Date; `True`/`False` flags. Cells a spreadsheet
/// would take for formulas get a leading `'` (``CSVText/field(_:guardingFormulas:)``).
public struct EventCSVWriter {
    public var columns: [EventCSVColumn] = EventCSVColumn.importerColumns
    public var zone: TimeZone
    /// A UTF-8 byte order mark first, which spreadsheet programs need to read UTF-8.
    public var byteOrderMark = false

    public init(columns: [EventCSVColumn] = EventCSVColumn.importerColumns, zone: TimeZone, byteOrderMark: Bool = false) {
        self.columns = columns
        self.zone = zone
        self.byteOrderMark = byteOrderMark
    }

    public func header() -> String {
        (byteOrderMark ? "\u{FEFF}" : "") + CSVText.record(columns.map(\.rawValue), guardingFormulas: false)
    }

    /// One row for a stored event (its own start and end; a recurring series is its first
    /// occurrence). Floating and all-day dates, wall clocks in the model, are read in ``zone``.
    public func row(_ event: Event) -> String {
        let placed = event.isAllDay || event.timeZone == nil
        return row(event, start: placed ? WallClock.instant(event.startDate, in: zone) : event.startDate,
                   end: placed ? WallClock.instant(event.endDate, in: zone) : event.endDate)
    }

    /// One row: the event `event` from `start` to `end`, instants (an occurrence's, floating
    /// and all-day ones already placed in ``zone``).
    public func row(_ event: Event, start: Date, end: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // An all-day event's end is the start of the day after its last (RFC 5545 §3.6.1);
        // the importers want the last day itself.
        var last = end
        if event.isAllDay, let dayBefore = calendar.date(byAdding: .day, value: -1, to: end), dayBefore >= start { last = dayBefore }
        let fields = columns.map { column -> String in
            switch column {
            case .subject: event.title
            case .startDate: Self.day(start, calendar)
            case .startTime: event.isAllDay ? "" : Self.time(start, calendar)
            case .endDate: Self.day(last, calendar)
            case .endTime: event.isAllDay ? "" : Self.time(last, calendar)
            case .allDayEvent: event.isAllDay ? "True" : "False"
            case .description: event.notes ?? ""
            case .location: event.location ?? ""
            case .private: event.privacy == .private || event.privacy == .confidential ? "True" : "False"
            case .uid: event.uid
            case .timeZone: event.isAllDay ? "" : (event.timeZone?.identifier ?? "")
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
