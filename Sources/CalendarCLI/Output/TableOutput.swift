import CalendarModel
import Foundation

/// Human-readable tables for a terminal: aligned columns, times in the chosen zone, all-day
/// items shown as such, series marked with `↻`. Colour (bold headers, dimmed details) only when
/// asked for; ``CLIIO/usesColor`` says when (stdout is a terminal and `NO_COLOR` is unset).
///
/// ```
/// START             END               TITLE        CALENDAR  LOCATION
/// 2026-03-02        all day           Holiday      Home
/// 2026-03-02 09:00  09:15             Standup ↻    Work      Room 1
/// ```
struct TableOutput {
    /// Zoned and UTC times are shown in this zone; floating and all-day ones as written.
    var timeZone: TimeZone
    var color: Bool

    /// With `keepOrder` the rows are in the given order (the store's).
    func events(_ occurrences: [Occurrence], keepOrder: Bool = false) -> String {
        let rows = (keepOrder ? occurrences : JSONOutput.sorted(occurrences)).map { o -> [String] in
            let e = o.event
            var title = e.title
            if o.isRecurring { title += " ↻" }
            if e.status == .canceled { title += " (cancelled)" }
            let (start, end) = span(o)
            return [start, end, title, o.calendarTitle, e.location ?? ""]
        }
        if rows.isEmpty { return "No events.\n" }
        return table(header: ["START", "END", "TITLE", "CALENDAR", "LOCATION"], rows: rows)
    }

    func reminders(_ reminders: [(reminder: Reminder, calendarTitle: String)]) -> String {
        let rows = JSONOutput.sorted(reminders).map { item -> [String] in
            let r = item.reminder
            return [r.dueDateComponents.flatMap(show) ?? "-", r.isCompleted ? "x" : "", Self.priorityName(r.priority),
                    r.title, item.calendarTitle]
        }
        if rows.isEmpty { return "No reminders.\n" }
        return table(header: ["DUE", "DONE", "PRIORITY", "TITLE", "CALENDAR"], rows: rows)
    }

    // MARK: - Cells

    /// Start and end cells. The end shows only the time when it is on the start's day.
    private func span(_ o: Occurrence) -> (String, String) {
        let e = o.event
        if e.isAllDay {
            let lastDay = o.endDate.addingTimeInterval(-86_400)
            let start = DateText.day(o.startDate)
            return (start, lastDay > o.startDate ? "\(DateText.day(lastDay)) (all day)" : "all day")
        }
        let start = local(o.startDate, of: e)
        let end = local(o.endDate, of: e)
        return (start, end.prefix(10) == start.prefix(10) ? String(end.dropFirst(11)) : end)
    }

    /// `2026-03-02 09:00`: a floating time as written, a zoned one in ``timeZone``.
    private func local(_ date: Date, of e: Event) -> String {
        let wall = e.timeZone == nil ? date : date.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: date)))
        return String(DateText.wallClock(wall).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// A reminder's due date: the day, or the time in ``timeZone`` (floating as written).
    private func show(_ c: DateComponents) -> String? {
        guard let year = c.year, let month = c.month, let day = c.day else { return nil }
        let wall = utcDate(year: year, month: month, day: day, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
        if c.hour == nil { return DateText.day(wall) }
        var shown = wall
        if let zone = c.timeZone {
            let instant = WhenParser.instant(wallClock: wall, in: zone)
            shown = instant.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: instant)))
        }
        return String(DateText.wallClock(shown).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// RFC 5545 §3.8.1.9: 1–4 high, 5 medium, 6–9 low, 0 none.
    static func priorityName(_ p: Int) -> String {
        switch p {
        case 1...4: "high"
        case 5: "medium"
        case 6...9: "low"
        default: ""
        }
    }

    // MARK: - Layout

    /// Columns padded to their widest cell, two spaces apart, no trailing spaces.
    func table(header: [String], rows: [[String]]) -> String {
        // One line per row: line breaks inside a cell (multi-line LOCATIONs) become spaces.
        let rows = rows.map { $0.map { $0.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ") } }
        var widths = header.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String], style: String?) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let padded = i + 1 < cells.count ? cell + String(repeating: " ", count: widths[i] - cell.count) : cell
                parts.append(padded)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            if color, let style { text = "\u{1B}[\(style)m" + text + "\u{1B}[0m" }
            return text + "\n"
        }
        return line(header, style: "1") + rows.map { line($0, style: nil) }.joined()
    }
}
