import Foundation

public extension RecurrenceRule {
    /// The RRULE value in RFC 5545 syntax, parts in a fixed order. UNTIL is written in UTC
    /// (`Z`) unless the rule says it was a DATE or floating.
    var rfc5545String: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if let until = end.until {
            parts.append("UNTIL=" + RecurrenceRule.formatUntil(until, isDate: end.untilIsDate, isFloating: end.untilIsFloating))
        }
        if let count = end.count { parts.append("COUNT=\(count)") }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ values: [Int]) {
            if !values.isEmpty { parts.append("\(name)=" + values.map(String.init).joined(separator: ",")) }
        }
        list("BYSECOND", seconds)
        list("BYMINUTE", minutes)
        list("BYHOUR", hours)
        if !daysOfTheWeek.isEmpty {
            parts.append("BYDAY=" + daysOfTheWeek.map { ($0.weekNumber != 0 ? String($0.weekNumber) : "") + $0.weekday.rawValue }.joined(separator: ","))
        }
        list("BYMONTHDAY", daysOfTheMonth)
        list("BYYEARDAY", daysOfTheYear)
        list("BYWEEKNO", weeksOfTheYear)
        list("BYMONTH", monthsOfTheYear)
        list("BYSETPOS", setPositions)
        if let wkst = firstDayOfTheWeek { parts.append("WKST=\(wkst.rawValue)") }
        parts.append(contentsOf: extraParts)
        return parts.joined(separator: ";")
    }

    internal static func formatUntil(_ date: Date, isDate: Bool, isFloating: Bool) -> String {
        let c = utcComponents(date)
        let day = String(format: "%04d%02d%02d", c.year, c.month, c.day)
        if isDate { return day }
        return day + String(format: "T%02d%02d%02d", c.hour, c.minute, c.second) + (isFloating ? "" : "Z")
    }
}

/// Wall-clock fields of a date read in UTC, without Foundation's Calendar overhead.
@inlinable
package func utcComponents(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    let t = Int(date.timeIntervalSince1970.rounded(.down))
    var days = t / 86_400
    var secs = t % 86_400
    if secs < 0 { secs += 86_400; days -= 1 }
    // Civil-from-days (proleptic Gregorian), Howard Hinnant's public-domain algorithm.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let y = yoe + era * 400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (m <= 2 ? y + 1 : y, m, d, secs / 3600, (secs % 3600) / 60, secs % 60)
}

/// The instant whose UTC wall clock is the given fields (inverse of `utcComponents`).
@inlinable
package func utcDate(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
}
