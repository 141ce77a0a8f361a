import CalendarModel
import Foundation
import ICalCore

/// Builds the unfolded content lines of components: rebuilt from the model line by line, or
/// kept whole as their original text.
struct PropertyWriter {
    /// What was written, in order.
    enum Piece {
        /// One unfolded content line.
        case line(String)
        /// A component's original text: unfolded lines separated by CRLF (kept whole: splitting
        /// every verbatim item into line strings was a large part of an export's time).
        case block(String)
    }

    let resolver: ZoneResolver
    private(set) var pieces: [Piece] = []
    /// TZIDs the rebuilt lines refer to.
    private(set) var tzids: Set<String> = []

    init(resolver: ZoneResolver) { self.resolver = resolver }

    private mutating func add(_ line: String) { pieces.append(.line(line)) }

    mutating func raw(_ line: String) { add(line) }
    mutating func raw<S: Sequence>(_ more: S) where S.Element == String { for line in more { add(line) } }

    mutating func text(_ name: String, _ value: String?) {
        guard let value else { return }
        add(name + ":" + TextCodec.escape(value))
    }

    mutating func integer(_ name: String, _ value: Int, skipZero: Bool = true) {
        if skipZero && value == 0 { return }
        add("\(name):\(value)")
    }

    mutating func utc(_ name: String, _ date: Date?) {
        guard let date else { return }
        add(name + ":" + DateTimeValue(secondsAsUTC: seconds(date), isUTC: true).description)
    }

    /// How a date-time of an item is written: DATE, floating, UTC, or in a TZID.
    enum TimeForm {
        case date
        case floating
        case utc
        case zoned(tzid: String)
    }

    static func form(isAllDay: Bool, timeZone: TimeZone?, tzid: String?) -> TimeForm {
        if isAllDay { return .date }
        if let tzid { return .zoned(tzid: tzid) }
        guard let timeZone else { return .floating }
        if timeZone.identifier == "UTC" || timeZone.identifier == "GMT" { return .utc }
        return .zoned(tzid: timeZone.identifier)
    }

    /// The value text of `date` in `form` (and the TZID parameter it needs).
    mutating func value(_ date: Date, _ form: TimeForm) -> (params: String, value: String) {
        switch form {
        case .date:
            return (";VALUE=DATE", DateTimeValue(secondsAsUTC: seconds(date), isDate: true).description)
        case .floating:
            return ("", DateTimeValue(secondsAsUTC: seconds(date)).description)
        case .utc:
            return ("", DateTimeValue(secondsAsUTC: seconds(date), isUTC: true).description)
        case .zoned(let tzid):
            guard let zone = resolver.resolve(tzid) else {
                return ("", DateTimeValue(secondsAsUTC: seconds(date), isUTC: true).description)
            }
            tzids.insert(tzid)
            return (";TZID=" + ICalParameter.quotedIfNeeded(tzid), zone.local(date).description)
        }
    }

    mutating func time(_ name: String, _ date: Date, _ form: TimeForm, extraParams: String = "") {
        let (params, value) = value(date, form)
        add(name + params + extraParams + ":" + value)
    }

    /// RDATE / EXDATE lines: one per value kind, values comma-separated.
    mutating func dates(_ name: String, _ dates: [RecurrenceDate], seriesForm: TimeForm) {
        guard !dates.isEmpty else { return }
        for d in dates {
            if let end = d.periodEnd {
                let (params, start) = value(d.date, d.isFloating ? .floating : seriesForm.nonDate)
                let (_, stop) = value(end, d.isFloating ? .floating : seriesForm.nonDate)
                add(name + ";VALUE=PERIOD" + params + ":" + start + "/" + stop)
            } else if let duration = d.periodDuration {
                let (params, start) = value(d.date, d.isFloating ? .floating : seriesForm.nonDate)
                add(name + ";VALUE=PERIOD" + params + ":" + start + "/" + duration.description)
            } else if d.isDateOnly {
                time(name, d.date, .date)
            } else {
                time(name, d.date, d.isFloating ? .floating : seriesForm.nonDate)
            }
        }
    }

    mutating func rule(_ name: String, _ rule: RecurrenceRule, seriesForm: TimeForm) {
        var text = rule.rfc5545String
        if let until = rule.end.until, rule.end.untilIsFloating, case .zoned(let tzid) = seriesForm, let zone = resolver.resolve(tzid) {
            let local = zone.local(until).description
            text = text.replacingOccurrences(of: "UNTIL=" + DateTimeValue(secondsAsUTC: seconds(until)).description, with: "UNTIL=" + local)
        }
        add(name + ":" + text)
    }

    mutating func participant(_ name: String, _ p: Participant) {
        var s = name
        if let cn = p.name { s += ";CN=" + ICalParameter.quotedIfNeeded(cn) }
        if let code = ParticipantCodes.code(p.role) { s += ";ROLE=" + code }
        if let code = ParticipantCodes.code(p.status) { s += ";PARTSTAT=" + code }
        if let code = ParticipantCodes.code(p.type) { s += ";CUTYPE=" + code }
        if let rsvp = p.rsvp { s += rsvp ? ";RSVP=TRUE" : ";RSVP=FALSE" }
        for extra in p.extraParameters { s += ";" + extra }
        add(s + ":" + p.url)
    }

    mutating func structuredLocation(_ loc: StructuredLocation) {
        switch loc.origin {
        case .geo:
            if let lat = loc.latitude, let lon = loc.longitude { add("GEO:\(format(lat));\(format(lon))") }
        case .appleStructuredLocation:
            var s = "X-APPLE-STRUCTURED-LOCATION"
            for extra in loc.extraParameters { s += ";" + extra }
            if loc.radius != 0 { s += ";X-APPLE-RADIUS=" + format(loc.radius) }
            if let title = loc.title { s += ";X-TITLE=" + ICalParameter.quotedIfNeeded(title) }
            var value = ""
            if let lat = loc.latitude, let lon = loc.longitude { value = "geo:\(format(lat)),\(format(lon))" }
            add(s + ":" + value)
        }
    }

    mutating func alarm(_ alarm: Alarm) {
        add("BEGIN:VALARM")
        add("ACTION:" + alarm.action.rawValue)
        if let date = alarm.absoluteDate {
            utc("TRIGGER;VALUE=DATE-TIME", date)
        } else {
            let duration = alarm.relativeDuration ?? ICalDuration(exactly: alarm.relativeOffset ?? 0)
            add("TRIGGER" + (alarm.relatedTo == .end ? ";RELATED=END" : "") + ":" + duration.description)
        }
        if alarm.repeatCount != 0 {
            add("REPEAT:\(alarm.repeatCount)")
            add("DURATION:" + ICalDuration(exactly: alarm.repeatInterval).description)
        }
        text("SUMMARY", alarm.summary)
        text("DESCRIPTION", alarm.notes)
        for a in alarm.attendees { participant("ATTENDEE", a) }
        switch alarm.proximity {
        case .none: break
        case .enter: add("X-APPLE-PROXIMITY:ARRIVE")
        case .leave: add("X-APPLE-PROXIMITY:DEPART")
        }
        if let loc = alarm.structuredLocation { structuredLocation(loc) }
        raw(alarm.extraProperties)
        add("END:VALARM")
    }

    /// Adds a component's text (CRLF-separated unfolded lines) as it is.
    mutating func component(_ text: String) {
        pieces.append(.block(text))
    }

    private func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

    private func format(_ d: Double) -> String {
        var s = String(d)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}

extension PropertyWriter.TimeForm {
    /// The form for a date-time RDATE/EXDATE that is not floating, in a series of this form: a
    /// DATE or floating series has no zone to write it in, so it is written in UTC (same instant).
    var nonDate: PropertyWriter.TimeForm {
        switch self {
        case .date, .floating: return .utc
        default: return self
        }
    }
}
