import Foundation

/// VTIMEZONE texts in the shapes Outlook and web producers write, for the time-zone tests.
/// Each is written from the zone's rules as RFC 5545 §3.6.5 states them (DTSTART, RRULE or
/// RDATE, TZOFFSETFROM, TZOFFSETTO); the comment of each says which rules.
public enum OutlookZones {
    /// One STANDARD or DAYLIGHT observance.
    public struct Observance: Sendable {
        public var daylight: Bool
        public var start: String
        public var rule: String?
        public var from: String
        public var to: String
        public init(daylight: Bool, start: String, rule: String? = nil, from: String, to: String) {
            self.daylight = daylight
            self.start = start
            self.rule = rule
            self.from = from
            self.to = to
        }
    }

    public static func vtimezone(_ tzid: String, _ observances: [Observance]) -> String {
        // TZID is TEXT: a comma in it is escaped (RFC 5545 §3.3.11), as Outlook writes it.
        var text = "BEGIN:VTIMEZONE\r\nTZID:\(tzid.replacingOccurrences(of: ",", with: "\\,"))\r\n"
        for o in observances {
            let kind = o.daylight ? "DAYLIGHT" : "STANDARD"
            text += "BEGIN:\(kind)\r\nDTSTART:\(o.start)\r\n"
            if let rule = o.rule { text += "RRULE:\(rule)\r\n" }
            text += "TZOFFSETFROM:\(o.from)\r\nTZOFFSETTO:\(o.to)\r\nEND:\(kind)\r\n"
        }
        return text + "END:VTIMEZONE\r\n"
    }

    /// A VCALENDAR with one VTIMEZONE and one VEVENT per start (`20260105T160000`, one hour
    /// long, in `tzid`, UID `e<n>@example.com`), `rrule` on each when given.
    public static func calendar(_ zone: String, tzid: String, starts: [String], rrule: String? = nil) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r\n" + zone
        // A parameter value with a comma, colon or semicolon is quoted (RFC 5545 §3.2).
        let param = tzid.contains(where: { ",:;".contains($0) }) ? "\"\(tzid)\"" : tzid
        for (n, start) in starts.enumerated() {
            let hour = Int(start.dropFirst(9).prefix(2))!
            let end = start.prefix(9) + String(format2(hour + 1)) + start.dropFirst(11)
            text += "BEGIN:VEVENT\r\nUID:e\(n)@example.com\r\nSUMMARY:Meeting \(n)\r\nDTSTAMP:20260101T000000Z\r\n"
            text += "DTSTART;TZID=\(param):\(start)\r\nDTEND;TZID=\(param):\(end)\r\n"
            if let rrule { text += "RRULE:\(rrule)\r\n" }
            text += "END:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    private static func format2(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// A zone of two yearly rules: standard time at `standard` from each onset of
    /// `standardRule` (from `standardStart`), summer time at `daylight` likewise.
    public struct YearlyRules: Sendable {
        var standard, daylight, standardStart, standardRule, daylightStart, daylightRule: String
    }

    public static func vtimezone(_ tzid: String, _ r: YearlyRules) -> String {
        vtimezone(tzid, [
            Observance(daylight: false, start: r.standardStart, rule: "FREQ=YEARLY;" + r.standardRule, from: r.daylight, to: r.standard),
            Observance(daylight: true, start: r.daylightStart, rule: "FREQ=YEARLY;" + r.daylightRule, from: r.standard, to: r.daylight),
        ])
    }

    /// The US Eastern rules in force since 2007 (second Sunday of March, first Sunday of
    /// November, 02:00 local), from 1601 as Outlook writes them.
    public static let usEastern = YearlyRules(standard: "-0500", daylight: "-0400", standardStart: "16011104T020000",
        standardRule: "BYDAY=1SU;BYMONTH=11", daylightStart: "16010311T020000", daylightRule: "BYDAY=2SU;BYMONTH=3")
    /// New South Wales / Victoria since 2008: summer time from the first Sunday of October
    /// 02:00 to the first Sunday of April 03:00, +10:00 / +11:00.
    public static let australiaEastern = YearlyRules(standard: "+1000", daylight: "+1100", standardStart: "16010405T030000",
        standardRule: "BYDAY=1SU;BYMONTH=4", daylightStart: "16011004T020000", daylightRule: "BYDAY=1SU;BYMONTH=10")
    /// The EU rules at +01:00 (last Sunday of March 01:00 UTC, last Sunday of October 01:00 UTC).
    public static let centralEurope = YearlyRules(standard: "+0100", daylight: "+0200", standardStart: "16011028T030000",
        standardRule: "BYDAY=-1SU;BYMONTH=10", daylightStart: "16010325T020000", daylightRule: "BYDAY=-1SU;BYMONTH=3")
    /// Rules no tz database zone has: +03:00, +04:00 from the first Sunday of May to the first
    /// Sunday of September (02:00 local).
    public static let fictitious = YearlyRules(standard: "+0300", daylight: "+0400", standardStart: "19700906T020000",
        standardRule: "BYDAY=1SU;BYMONTH=9", daylightStart: "19700503T020000", daylightRule: "BYDAY=1SU;BYMONTH=5")
    /// Disagrees with the tz database for Europe/Berlin: +01:00 / +02:00 but with the US dates
    /// (second Sunday of March, first Sunday of November), from 1970 on.
    public static let berlinWithUSDates = YearlyRules(standard: "+0100", daylight: "+0200", standardStart: "19701101T030000",
        standardRule: "BYDAY=1SU;BYMONTH=11", daylightStart: "19700308T020000", daylightRule: "BYDAY=2SU;BYMONTH=3")

    /// Europe/Berlin as a web producer writes it: only the four onsets of 2024 and 2025.
    public static func berlinTruncated(_ tzid: String = "Europe/Berlin") -> String {
        vtimezone(tzid, [
            Observance(daylight: true, start: "20240331T020000", from: "+0100", to: "+0200"),
            Observance(daylight: false, start: "20241027T030000", from: "+0200", to: "+0100"),
            Observance(daylight: true, start: "20250330T020000", from: "+0100", to: "+0200"),
            Observance(daylight: false, start: "20251026T030000", from: "+0200", to: "+0100"),
        ])
    }
}
