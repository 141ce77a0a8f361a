import Foundation

/// The `calendar --format html` page: one self-contained HTML document (no scripts, no external
/// assets) with the month (or week) grid, each day's events in it, and the agenda below. On a
/// narrow screen (a phone) the grid shows a dot per day with events and the agenda carries the
/// detail. All text from calendars is escaped.
struct CalendarPage {
    var period: CalendarPeriod

    func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escaped(period.heading))</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <header><h1>\(Self.escaped(period.heading))</h1><p class="zone">Times in \(Self.escaped(period.timeZone.identifier))</p></header>
            <table class="grid">
            <thead><tr>
            """
        for name in CalendarPeriod.weekdayNames {
            html += "<th scope=\"col\"><abbr title=\"\(name)\">\(name.prefix(3))</abbr></th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for week in period.weeks {
            html += "<tr>"
            for day in week { html += cell(day) }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n<section class=\"agenda\">\n<h2>Agenda</h2>\n"
        let days = period.agendaDays
        if days.isEmpty { html += "<p>No events.</p>\n" }
        for day in days {
            let today = day == period.today ? " today" : ""
            html += "<section class=\"agenda-day\(today)\" id=\"day-\(Self.isoDay(day))\">\n<h3>\(Self.escaped(CalendarPeriod.longDate(day)))</h3>\n<ul>\n"
            for entry in period.entries[day] ?? [] {
                var meta = entry.calendarTitle
                if let location = entry.location, !location.isEmpty { meta += " · " + location }
                html += "<li class=\"event\"><span class=\"time\">\(Self.escaped(entry.time))</span> "
                    + "<span class=\"title\">\(Self.escaped(entry.title))\(entry.isRecurring ? " ↻" : "")</span> "
                    + "<span class=\"meta\">\(Self.escaped(meta))</span></li>\n"
            }
            html += "</ul>\n</section>\n"
        }
        html += "</section>\n</body>\n</html>\n"
        return html
    }

    /// A grid cell: the day's number, then its events (time and title) as a list.
    func cell(_ day: CalendarPeriod.Day) -> String {
        var classes: [String] = []
        if !period.days.contains(day) { classes.append("other") }
        if day == period.today { classes.append("today") }
        let entries = period.entries[day] ?? []
        if !entries.isEmpty { classes.append("has-events") }
        var html = "<td class=\"\(classes.joined(separator: " "))\"><div class=\"number\">\(CalendarPeriod.fields(day).day)</div>"
        if !entries.isEmpty {
            html += "<ul>"
            for entry in entries {
                let time = entry.time == "all day" || entry.time == "(continues)" ? "" : String(entry.time.prefix(5)) + " "
                html += "<li><span class=\"time\">\(Self.escaped(time))</span>\(Self.escaped(entry.title))</li>"
            }
            html += "</ul>"
        }
        return html + "</td>"
    }

    static func isoDay(_ day: CalendarPeriod.Day) -> String {
        let f = CalendarPeriod.fields(day)
        return "\(f.year)-\(CalendarPeriod.twoDigits(f.month))-\(CalendarPeriod.twoDigits(f.day))"
    }

    /// Text as HTML character data or a quoted attribute value.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    static let style = """
        :root { color-scheme: light dark; --line: #8884; --muted: #888; --accent: #1e88e5; }
        * { box-sizing: border-box; }
        body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; padding: 12px; max-width: 1100px; }
        h1 { font-size: 1.5em; margin: 0; }
        .zone { color: var(--muted); margin: 2px 0 12px; }
        .grid { width: 100%; border-collapse: collapse; table-layout: fixed; }
        .grid th { font-weight: 600; padding: 4px; border-bottom: 1px solid var(--line); }
        .grid td { vertical-align: top; height: 5.5em; padding: 4px; border: 1px solid var(--line);
                   overflow-wrap: anywhere; word-break: break-word; }
        .grid td.other { color: var(--muted); }
        .grid td.today .number { background: var(--accent); color: #fff; border-radius: 999px; display: inline-block;
                                 min-width: 1.8em; text-align: center; }
        .grid ul { list-style: none; margin: 2px 0 0; padding: 0; font-size: 0.85em; }
        .grid li { margin: 1px 0; }
        .time { color: var(--muted); font-variant-numeric: tabular-nums; }
        .agenda h2 { font-size: 1.2em; margin: 20px 0 4px; }
        .agenda h3 { font-size: 1em; margin: 12px 0 2px; }
        .agenda-day.today h3 { color: var(--accent); }
        .agenda ul { list-style: none; margin: 0; padding: 0; }
        .agenda li { padding: 3px 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
        .agenda .time { display: inline-block; min-width: 7.5em; }
        .meta { color: var(--muted); }
        @media (max-width: 640px) {
          body { padding: 8px; font-size: 14px; }
          .grid td { height: 2.6em; text-align: center; padding: 2px; }
          .grid ul { display: none; }
          .grid td.has-events::after { content: "•"; display: block; color: var(--accent); line-height: 1; }
          .agenda .time { display: block; min-width: 0; }
        }
        """
}
