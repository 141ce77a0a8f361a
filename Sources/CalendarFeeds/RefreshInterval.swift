internal import ICalCore
import Foundation

/// How often a subscription is refreshed: `--every 15m|1h|12h|1d|2w`, else the feed's own
/// REFRESH-INTERVAL (RFC 7986) or X-PUBLISHED-TTL, else one day.
///
/// ```swift
/// RefreshInterval(parsing: "12h")?.seconds            // 43200
/// RefreshInterval.declared(in: ["REFRESH-INTERVAL;VALUE=DURATION:P1W"])?.description  // "1w"
/// ```
/// Related RFC 7986 section: <https://www.rfc-editor.org/rfc/rfc7986#section-5.7>
public struct RefreshInterval: Hashable, Sendable, Codable, CustomStringConvertible {
    public var seconds: Int

    public init(seconds: Int) {
        self.seconds = seconds
    }

    public static let oneDay = RefreshInterval(seconds: 86_400)
    /// The shortest interval taken from anywhere: a refresh a minute is already a lot for a feed.
    public static let minimum = RefreshInterval(seconds: 60)

    /// A number and a unit (`m`, `h`, `d`, `w`), or an RFC 5545 duration (`PT6H`, `P1D`). nil for
    /// anything else, zero, negative, or under a minute.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [Character: Int] = ["m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        if let unit = trimmed.last, let scale = units[unit], let count = Int(trimmed.dropLast()), count > 0,
           count <= Int.max / scale {
            self.init(seconds: count * scale)
        } else if let duration = DurationValue(parsing: trimmed.uppercased()), !duration.isNegative {
            let total = ((duration.weeks * 7 + duration.days) * 24 + duration.hours) * 3600 + duration.minutes * 60 + duration.seconds
            self.init(seconds: total)
        } else {
            return nil
        }
        guard seconds >= RefreshInterval.minimum.seconds else { return nil }
    }

    /// The interval a feed asks for in its calendar-level lines (as the reader keeps them,
    /// `NAME;PARAMS:VALUE`): REFRESH-INTERVAL first, then X-PUBLISHED-TTL.
    public static func declared(in calendarLines: [String]) -> RefreshInterval? {
        for name in ["REFRESH-INTERVAL", "X-PUBLISHED-TTL"] {
            for line in calendarLines {
                guard line.count > name.count, line.uppercased().hasPrefix(name),
                      let next = line.dropFirst(name.count).first, next == ":" || next == ";",
                      let value = Self.value(of: line) else { continue }
                if let interval = RefreshInterval(parsing: value), value.uppercased().hasPrefix("P") { return interval }
            }
        }
        return nil
    }

    /// The value of a content line: what follows the first colon outside a quoted parameter.
    private static func value(of line: String) -> String? {
        var quoted = false
        for index in line.indices {
            switch line[index] {
            case "\"": quoted.toggle()
            case ":" where !quoted: return String(line[line.index(after: index)...])
            default: continue
            }
        }
        return nil
    }

    /// The shortest exact form: `90m` stays `90m`, `3600` seconds is `1h`.
    public var description: String {
        for (unit, scale) in [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60)] where seconds % scale == 0 {
            return "\(seconds / scale)\(unit)"
        }
        return "\(seconds)s"
    }
}
