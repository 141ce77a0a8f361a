import Foundation

/// The `calendar` view for a terminal: a grid of the month (or week), Monday first, each day
/// with `•` when it has events and today in brackets, and the agenda of the period beside the
/// grid when the terminal is wide enough, else below it. Lines never exceed `width` (text is
/// cut with `…`).
///
/// ```
///             March 2026                Monday 2 March 2026 (today)
///  Mo   Tu   We   Th   Fr   Sa   Su       09:00–09:15  Standup ↻ · Work · Room 1
///                                 1
/// [ 2]•  3    4    5•   6    7    8
/// ```
struct TerminalCalendar {
    var period: CalendarPeriod
    var width: Int
    var color: Bool

    /// The grid is 35 columns wide; the agenda goes beside it when it gets at least this many.
    static let gridWidth = 35
    static let besideMinimum = 36
    static let gap = "   "

    func render() -> String {
        let grid = gridLines()
        let agenda = agendaLines(width: width - Self.gridWidth - Self.gap.count)
        var lines: [String]
        if width - Self.gridWidth - Self.gap.count >= Self.besideMinimum {
            lines = (0..<max(grid.count, agenda.count)).map { i in
                let left = i < grid.count ? grid[i] : (plain: "", styled: "")
                let right = i < agenda.count ? agenda[i] : ""
                guard !right.isEmpty else { return left.styled }
                return left.styled + String(repeating: " ", count: max(0, Self.gridWidth - left.plain.count)) + Self.gap + right
            }
        } else {
            lines = grid.map(\.styled) + [""] + agendaLines(width: width)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// The grid's lines, each as plain text (for its width) and as shown (with colour).
    func gridLines() -> [(plain: String, styled: String)] {
        let heading = period.heading
        let pad = String(repeating: " ", count: max(0, (Self.gridWidth - heading.count) / 2))
        var lines: [(String, String)] = [(pad + heading, pad + style(heading, bold: true))]
        let names = " Mo   Tu   We   Th   Fr   Sa   Su"
        lines.append((names, names))
        for week in period.weeks {
            var plain = "", styled = ""
            for day in week {
                let cell = self.cell(day)
                plain += cell.plain
                styled += cell.styled
            }
            lines.append((plain, styled))
        }
        return lines
    }

    /// Five columns: ` 14• ` for a day with events, ` 14  ` without, `[ 2]•` for today (with
    /// events); blank for the days of other months in a month view.
    func cell(_ day: CalendarPeriod.Day) -> (plain: String, styled: String) {
        guard period.days.contains(day) || isWeekView else { return ("     ", "     ") }
        let number = CalendarPeriod.fields(day).day
        let digits = number < 10 ? " \(number)" : "\(number)"
        let isToday = day == period.today
        let mark = period.entries[day]?.isEmpty == false ? "•" : " "
        let (before, after) = isToday ? ("[", "]" + mark) : (" ", mark + " ")
        guard color else { return (before + digits + after, before + digits + after) }
        var shown = digits
        if mark == "•" { shown = "\u{1B}[1m" + shown + "\u{1B}[22m" }
        if isToday { shown = "\u{1B}[7m" + shown + "\u{1B}[27m" }
        return (before + digits + after, before + shown + after)
    }

    var isWeekView: Bool {
        if case .week = period.kind { return true }
        return false
    }

    /// A heading per day with events, then a line per entry: `  09:00–09:15  Title ↻ · Calendar · Location`.
    func agendaLines(width: Int) -> [String] {
        let days = period.agendaDays
        guard !days.isEmpty else { return [fit("No events.", width)] }
        var lines: [String] = []
        for day in days {
            if !lines.isEmpty { lines.append("") }
            let heading = fit(CalendarPeriod.longDate(day) + (day == period.today ? " (today)" : ""), width)
            lines.append(style(heading, bold: true))
            for entry in period.entries[day] ?? [] {
                var text = entry.title + (entry.isRecurring ? " ↻" : "") + " · " + entry.calendarTitle
                if let location = entry.location, !location.isEmpty { text += " · " + location }
                let time = entry.time.padding(toLength: max(entry.time.count, 11), withPad: " ", startingAt: 0)
                lines.append(fit("  " + time + "  " + Self.oneLine(text), width))
            }
        }
        return lines
    }

    /// Third-party text on one line.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// `text` cut to `width` characters with `…`.
    func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        return String(text.prefix(width - 1)) + "…"
    }

    func style(_ text: String, bold: Bool) -> String {
        guard color, bold else { return text }
        return "\u{1B}[1m" + text + "\u{1B}[22m"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
