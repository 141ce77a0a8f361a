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
    /// Short IDs by UID (``ShortID``): when given, an ID column comes first.
    var shortIDs: [String: String]? = nil
    /// Calendar colours (`#RRGGBB`) by title: with ``color``, each CALENDAR cell is in its colour.
    var calendarColors: [String: String] = [:]
    /// The columns the table must fit in: the widest texts (title, location, calendar) are cut
    /// and end in `…`. nil: no limit (output that is not a terminal).
    var width: Int? = nil

    /// With `keepOrder` the rows are in the given order (the store's). A ZONE column (each
    /// event's own zone) is added when the events are in more than one zone. Short of room, the
    /// table is first drawn compact (``compactSpan(_:)``, zones by their city), then cut with the
    /// title kept longest (``ColumnFit``).
    func events(_ occurrences: [Occurrence], keepOrder: Bool = false) -> String {
        let ordered = keepOrder ? occurrences : JSONOutput.sorted(occurrences)
        let zones = Set(ordered.compactMap { $0.event.isAllDay ? nil : JSONOutput.zoneName(of: $0.event) })
        let showsZone = zones.count > 1
        var calendars: [String] = []
        var compact: [[String]] = []
        let rows = ordered.map { o -> [String] in
            let e = o.event
            var title = e.title
            if o.isRecurring { title += " ↻" }
            if e.status == .canceled { title += " (cancelled)" }
            let (start, end) = span(o)
            calendars.append(o.calendarTitle)
            var row = [start, end, title, o.calendarTitle, e.location ?? ""]
            var short = [start, compactSpan(o) ?? end, title, o.calendarTitle, e.location ?? ""]
            if showsZone {
                let zone = e.isAllDay ? "" : JSONOutput.zoneName(of: e) ?? "floating"
                row.append(zone)
                short.append(Self.city(zone))
            }
            compact.append(idCell(e.uid) + short)
            return idCell(e.uid) + row
        }
        if rows.isEmpty { return "No events.\n" }
        let header = ["START", "END", "TITLE", "CALENDAR", "LOCATION"] + (showsZone ? ["ZONE"] : [])
        return laidOut(header: header, rows: rows, compact: compact, calendars: calendars,
                       shrinkable: ["TITLE", "LOCATION", "CALENDAR", "ZONE"])
    }

    /// Dated reminders by due date; undated ones after them by priority (highest first, none
    /// last), then title.
    func reminders(_ reminders: [(reminder: Reminder, calendarTitle: String)]) -> String {
        let sorted = JSONOutput.sorted(reminders)
        let dated = sorted.filter { $0.reminder.dueDateComponents?.day != nil }
        let undated = sorted.filter { $0.reminder.dueDateComponents?.day == nil }.sorted { a, b in
            let pa = a.reminder.priority == 0 ? 10 : a.reminder.priority, pb = b.reminder.priority == 0 ? 10 : b.reminder.priority
            if pa != pb { return pa < pb }
            return a.reminder.title.localizedStandardCompare(b.reminder.title) == .orderedAscending
        }
        var calendars: [String] = []
        let rows = (dated + undated).map { item -> [String] in
            let r = item.reminder
            calendars.append(item.calendarTitle)
            return idCell(r.uid) + [r.dueDateComponents.flatMap(show) ?? "-", r.isCompleted ? "x" : "", Self.priorityName(r.priority),
                                    r.title, item.calendarTitle]
        }
        if rows.isEmpty { return "No reminders.\n" }
        return laidOut(header: ["DUE", "DONE", "PRIORITY", "TITLE", "CALENDAR"], rows: rows, calendars: calendars,
                       shrinkable: ["TITLE", "CALENDAR"])
    }

    private func idCell(_ uid: String) -> [String] {
        shortIDs.map { [$0[uid] ?? ""] } ?? []
    }

    /// The table with the ID column when there are IDs, fitted to ``width``, CALENDAR cells in
    /// their calendar's colour; `shrinkable` names the columns that may be cut, the one kept
    /// longest first.
    private func laidOut(header: [String], rows: [[String]], compact: [[String]]? = nil, calendars: [String],
                         shrinkable: [String]) -> String {
        let header = (shortIDs == nil ? [] : ["ID"]) + header
        let calendarColumn = header.firstIndex(of: "CALENDAR")
        return table(header: header, rows: rows, compact: compact, shrinkable: shrinkable.compactMap { header.firstIndex(of: $0) }) { row, column in
            guard color, column == calendarColumn, let hex = calendarColors[calendars[row]] else { return nil }
            return Self.ansiColor(hex)
        }
    }

    /// The SGR code of a 24-bit foreground colour for `#RRGGBB` (or `#RRGGBBAA`), nil otherwise.
    static func ansiColor(_ hex: String) -> String? {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits.prefix(6), radix: 16) else { return nil }
        return "38;2;\((value >> 16) & 0xFF);\((value >> 8) & 0xFF);\(value & 0xFF)"
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

    /// The end cell when room is short, nil when it is short already: an end on a later day of
    /// the same year without the year (`03-21 00:30`); the last day of an all-day event of
    /// several days as `until 03-13` (`until 2027-01-02` in another year).
    private func compactSpan(_ o: Occurrence) -> String? {
        let (start, end) = span(o)
        let sameYear = { (day: String) in day.prefix(5) == start.prefix(5) ? String(day.dropFirst(5)) : day }
        if o.event.isAllDay {
            guard end.hasSuffix(" (all day)") else { return nil }
            return "until " + sameYear(String(end.prefix(10)))
        }
        return end.count > 5 ? sameYear(end) : nil
    }

    /// A zone by its last part, `Berlin` for `Europe/Berlin`, `New_York` for
    /// `America/New_York`; `UTC`, `floating` and names without `/` as they are.
    static func city(_ zone: String) -> String {
        zone.split(separator: "/").last.map(String.init) ?? zone
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
            let instant = WallClock.instant(wall, in: zone)
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

    /// Columns padded to their widest cell, two spaces apart, no trailing spaces. With ``width``,
    /// a table too wide is drawn from the `compact` rows when given, and the `shrinkable`
    /// columns (the one kept longest first) give up characters until it fits (``ColumnFit``);
    /// cut cells end in `…`. `cellStyle(row, column)` is an SGR code a cell is drawn in (with
    /// ``color``).
    func table(header: [String], rows: [[String]], compact: [[String]]? = nil, shrinkable: [Int] = [],
               cellStyle: (Int, Int) -> String? = { _, _ in nil }) -> String {
        func natural(_ rows: [[String]]) -> [Int] {
            var widths = header.map(\.count)
            for row in rows {
                for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
            }
            return widths
        }
        // One line per row: line breaks inside a cell (multi-line LOCATIONs) become spaces.
        func oneLine(_ rows: [[String]]) -> [[String]] {
            rows.map { $0.map { $0.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ") } }
        }
        var rows = oneLine(rows)
        var widths = natural(rows)
        if let width, !ColumnFit.fits(widths, limit: width) {
            if let compact {
                rows = oneLine(compact)
                widths = natural(rows)
            }
            widths = ColumnFit.widths(widths, cut: shrinkable, limit: width)
        }
        func fitted(_ cell: String, _ i: Int) -> String {
            cell.count > widths[i] ? String(cell.prefix(max(0, widths[i] - 1))) + "…" : cell
        }
        func line(_ cells: [String], row: Int?) -> String {
            var parts: [String] = []
            for (i, raw) in cells.enumerated() {
                let cell = i < widths.count ? fitted(raw, i) : raw
                var padded = i + 1 < cells.count ? cell + String(repeating: " ", count: widths[i] - cell.count) : cell
                if color, let row, let style = cellStyle(row, i) { padded = "\u{1B}[\(style)m" + cell + "\u{1B}[0m" + padded.dropFirst(cell.count) }
                parts.append(padded)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            if color, row == nil { text = "\u{1B}[1m" + text + "\u{1B}[0m" }
            return text + "\n"
        }
        return line(header, row: nil) + rows.enumerated().map { line($1, row: $0) }.joined()
    }
}
