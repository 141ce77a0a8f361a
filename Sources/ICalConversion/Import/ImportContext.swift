import CalendarModel
import Foundation
import ICalCore

/// What every importer of one VCALENDAR needs: options, the zone resolver for the file's
/// VTIMEZONEs, the calendar's X-WR-TIMEZONE, and the diagnostics sink.
final class ImportContext {
    /// The UTC zone, made once.
    static let utc = TimeZone(identifier: "UTC")
    let options: ConversionOptions
    let fileName: String?
    let resolver: ZoneResolver
    /// X-WR-TIMEZONE resolved, when floating times are to be read in it.
    let calendarZone: ResolvedZone?
    let calendarZoneID: String?
    private(set) var diagnostics: [ConversionDiagnostic] = []
    private(set) var skipped = 0
    /// TZIDs already reported as unknown (one warning per TZID per file).
    private var reportedZones: Set<String> = []
    /// TZIDs whose match by rules was reported, or whose VTIMEZONE was found to disagree with
    /// the tz database zone used for it (one diagnostic of each per TZID per file).
    private var reportedMatches: Set<String> = []
    private var reportedDisagreements: Set<String> = []
    /// The years in which each TZID's VTIMEZONE was compared with its tz database zone.
    private var comparedYears: [String: Set<Int>] = [:]
    /// The offset tables of the VTIMEZONEs no tz database zone agrees with, made once per TZID.
    private var definedZones: [String: DefinedTimeZone] = [:]

    init(options: ConversionOptions, fileName: String?, resolver: ZoneResolver, calendarZoneID: String?) {
        self.options = options
        self.fileName = fileName
        self.resolver = resolver
        self.calendarZoneID = calendarZoneID
        self.calendarZone = calendarZoneID.flatMap { options.applyCalendarTimeZone ? resolver.resolve($0) : nil }
    }

    func note(_ severity: ConversionDiagnostic.Severity, line: Int?, uid: String?, property: String?, _ message: String, action: ConversionDiagnostic.Action) {
        diagnostics.append(ConversionDiagnostic(severity: severity, file: fileName, line: line, uid: uid, property: property, message: message, action: action))
        if action == .skipped { skipped += 1 }
    }

    func append(_ more: [ConversionDiagnostic]) { diagnostics += more }

    /// The diagnostics noted so far, handed over once (a streaming read does not keep them here).
    func takeDiagnostics() -> [ConversionDiagnostic] {
        defer { diagnostics.removeAll(keepingCapacity: true) }
        return diagnostics
    }

    func reportUnknownZone(_ tzid: String, line: Int, uid: String?, property: String) {
        guard reportedZones.insert(tzid).inserted else { return }
        note(.warning, line: line, uid: uid, property: property,
             "unknown TZID \"\(tzid)\" (no VTIMEZONE in the file, not a tz database or Windows zone name); times read as floating",
             action: .repaired)
    }
}

/// A DATE or DATE-TIME read from a property, placed on the time line.
struct TimeReading {
    /// The instant (for DATE and floating values: the wall clock read as UTC).
    var date: Date
    var wall: DateTimeValue
    var isDate: Bool { wall.isDate }
    var isUTC: Bool { wall.isUTC }
    /// nil for DATE, floating and UTC values.
    var zone: ResolvedZone?
    /// The TZID as written (or the X-WR-TIMEZONE applied to a floating value).
    var tzid: String?
    var isFloating: Bool { !wall.isDate && !wall.isUTC && zone == nil }
}

extension ImportContext {
    /// Reads one DATE/DATE-TIME text with the TZID of its property. nil when the text is bad.
    func readTime(_ text: String, tzid: String?, line: Int, uid: String?, property: String, applyCalendarZone: Bool = true) -> TimeReading? {
        guard let wall = DateTimeValue(parsing: text) else { return nil }
        return place(wall, tzid: tzid, line: line, uid: uid, property: property, applyCalendarZone: applyCalendarZone)
    }

    func place(_ wall: DateTimeValue, tzid: String?, line: Int, uid: String?, property: String, applyCalendarZone: Bool = true) -> TimeReading {
        if wall.isDate {
            return TimeReading(date: Date(timeIntervalSince1970: TimeInterval(wall.secondsAsUTC)), wall: wall)
        }
        if wall.isUTC {
            return TimeReading(date: Date(timeIntervalSince1970: TimeInterval(wall.secondsAsUTC)), wall: wall)
        }
        if let tzid, !tzid.isEmpty {
            if let zone = resolver.resolve(tzid) {
                check(zone, year: wall.year, line: line, uid: uid, property: property)
                return TimeReading(date: zone.date(forLocal: wall), wall: wall, zone: zone, tzid: tzid)
            }
            reportUnknownZone(tzid, line: line, uid: uid, property: property)
        } else if applyCalendarZone, let zone = calendarZone {
            return TimeReading(date: zone.date(forLocal: wall), wall: wall, zone: zone, tzid: calendarZoneID)
        }
        return TimeReading(date: Date(timeIntervalSince1970: TimeInterval(wall.secondsAsUTC)), wall: wall)
    }

    /// The offsets an event in `zone` shows: the VTIMEZONE's own when it is a definition no tz
    /// database zone agrees with (see ``DefinedTimeZone``), else nil (its Foundation zone says).
    func definedTimeZone(of zone: ResolvedZone?) -> DefinedTimeZone? {
        guard let zone, zone.origin == .definition, case .vtimezone(let vtz) = zone.rules else { return nil }
        if let made = definedZones[zone.tzid] { return made }
        let made = DefinedTimeZone(vtz, tzid: zone.tzid)
        definedZones[zone.tzid] = made
        return made
    }

    /// Says once per TZID that its VTIMEZONE was matched to a tz database zone, and compares
    /// the file's VTIMEZONE with the tz database zone used instead of it in each year that an
    /// item is in (inside the definition's span): the first disagreement gets a warning.
    private func check(_ zone: ResolvedZone, year: Int, line: Int, uid: String?, property: String) {
        guard case .tzdb(let tz) = zone.rules, comparedYears[zone.tzid]?.contains(year) != true else { return }
        comparedYears[zone.tzid, default: []].insert(year)
        if zone.origin == .matchedByRules, let id = zone.ianaID, reportedMatches.insert(zone.tzid).inserted {
            note(.note, line: line, uid: uid, property: property, "TZID \"\(zone.tzid)\" matched to \(id) by its rules", action: .none)
        }
        guard !reportedDisagreements.contains(zone.tzid), let vtz = resolver.definition(zone.tzid),
              let d = ZoneMatcher.firstDisagreement(vtz, tz, within: ZoneMatcher.year(year)) else { return }
        reportedDisagreements.insert(zone.tzid)
        let at = DateTimeValue(secondsAsUTC: d.instant, isUTC: true)
        note(.warning, line: line, uid: uid, property: property,
             "the VTIMEZONE of TZID \"\(zone.tzid)\" disagrees with the tz database zone \(tz.identifier) at \(at) "
                + "(\(Self.offsetText(d.file)) in the file, \(Self.offsetText(d.tzdb)) in the tz database); the tz database zone is used",
             action: .none)
    }

    /// `+0100`, `-0430`.
    static func offsetText(_ seconds: Int) -> String {
        let m = abs(seconds) / 60
        let digits = String(m / 60 * 100 + m % 60)
        return (seconds < 0 ? "-" : "+") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Adds a DURATION to a start per RFC 5545 §3.8.5.3 / §3.3.6: weeks and days on the wall
    /// clock of the start's zone, hours/minutes/seconds exactly.
    func add(_ d: ICalDuration, to start: TimeReading) -> Date {
        let days = d.nominalDays
        let exact = TimeInterval(d.exactSeconds)
        guard days != 0 else { return start.date + exact }
        if let zone = start.zone {
            let wall = zone.local(start.date).secondsAsUTC + days * 86_400
            return Date(timeIntervalSince1970: TimeInterval(zone.utcSeconds(forLocal: wall))) + exact
        }
        return start.date + TimeInterval(days * 86_400) + exact
    }
}

extension ICalDuration {
    /// From libical's reading. RFC 5545 allows weeks only on their own (`P2W`); a mixed form
    /// some producers write (`P1W6DT15H`) is read as days, which is how it is written back.
    init(_ d: DurationValue) {
        let mixed = d.weeks != 0 && (d.days != 0 || d.hours != 0 || d.minutes != 0 || d.seconds != 0)
        self.init(isNegative: d.isNegative, weeks: mixed ? 0 : d.weeks, days: mixed ? d.days + 7 * d.weeks : d.days,
                  hours: d.hours, minutes: d.minutes, seconds: d.seconds)
    }
}
