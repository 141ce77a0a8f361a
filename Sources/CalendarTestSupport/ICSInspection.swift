import Foundation

/// Simple, independent views of iCalendar text for tests: written here without the project's
/// scanner, so a test can check the scanner and writer against them.
public enum ICSInspection {
    /// Physical lines (split at CRLF, LF or CR), without their line ends.
    public static func physicalLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }

    /// Logical lines: physical lines with folds (a leading space or tab) joined.
    public static func unfoldedLines(_ text: String) -> [String] {
        var out: [String] = []
        for line in physicalLines(text) {
            if let first = line.first, first == " " || first == "\t", !out.isEmpty {
                out[out.count - 1] += line.dropFirst()
            } else {
                out.append(String(line))
            }
        }
        return out
    }

    /// Upper-cased names of the content lines inside components (`NAME[;...]:value`), plus
    /// `BEGIN:X` for each component begun. Lines outside any component and lines with no ':'
    /// are not content lines and are left out.
    public static func propertyNames(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var depth = 0
        for line in unfoldedLines(text) {
            guard line.contains(":") else { continue }
            let name = line.prefix { $0 != ";" && $0 != ":" }.uppercased()
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { continue }
            if name == "BEGIN" {
                depth += 1
                names.insert("BEGIN:" + line.drop { $0 != ":" }.dropFirst().uppercased())
            } else if name == "END" {
                depth = max(0, depth - 1)
            } else if depth > 0 {
                names.insert(name)
            }
        }
        return names
    }

    /// Per VCALENDAR: TZID parameter values used on properties, and TZIDs of VTIMEZONE blocks
    /// (with counts).
    public static func timeZoneUsePerCalendar(_ text: String) -> [(used: Set<String>, defined: [String: Int])] {
        var out: [(used: Set<String>, defined: [String: Int])] = []
        var current = ""
        for line in unfoldedLines(text) {
            current += line + "\r\n"
            if line == "END:VCALENDAR" { out.append(timeZoneUse(current)); current = "" }
        }
        if !current.isEmpty { out.append(timeZoneUse(current)) }
        return out
    }

    /// TZID parameter values used on properties, and TZIDs of VTIMEZONE blocks (with counts).
    public static func timeZoneUse(_ text: String) -> (used: Set<String>, defined: [String: Int]) {
        var used: Set<String> = []
        var defined: [String: Int] = [:]
        var inTimeZone = false
        for line in unfoldedLines(text) {
            if line == "BEGIN:VTIMEZONE" { inTimeZone = true; continue }
            if line == "END:VTIMEZONE" { inTimeZone = false; continue }
            if inTimeZone, line.hasPrefix("TZID:") {
                // TZID is TEXT: undo its escapes (\, \; \\).
                let value = line.dropFirst(5).replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\;", with: ";").replacingOccurrences(of: "\\\\", with: "\\")
                defined[value, default: 0] += 1
                continue
            }
            guard let r = line.range(of: ";TZID=") else { continue }
            var rest = line[r.upperBound...]
            if rest.first == "\"" {
                rest = rest.dropFirst()
                used.insert(String(rest.prefix { $0 != "\"" }))
            } else {
                used.insert(String(rest.prefix { $0 != ";" && $0 != ":" }))
            }
        }
        return (used, defined)
    }
}
