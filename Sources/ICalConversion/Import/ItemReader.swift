import CalendarModel
import Foundation
import ICalCore

/// Reads what VEVENT and VTODO share (UID, text, dates, recurrence, alarms, timestamps) and
/// keeps every line it does not model in `extraProperties`.
struct ItemReader {
    let ctx: ImportContext
    let component: RawComponent
    let uid: String
    /// Lines already consumed into the model (by index into `component.properties`).
    private(set) var consumed: ConsumedLines

    /// A reader for a subcomponent (VALARM) of an item whose UID is known.
    init(ctx: ImportContext, component: RawComponent, uid: String) {
        self.ctx = ctx
        self.component = component
        self.uid = uid
        consumed = ConsumedLines(count: component.properties.count)
    }

    init(ctx: ImportContext, component: RawComponent) {
        self.ctx = ctx
        self.component = component
        consumed = ConsumedLines(count: component.properties.count)
        if let line = component.property("UID"), !line.value.trimmedSpaces.isEmpty {
            uid = TextCodec.unescape(line.value).trimmedSpaces
        } else {
            uid = ItemReader.derivedUID(for: component)
            ctx.note(.warning, line: component.line, uid: uid, property: "UID",
                     "\(component.name) has no UID; using the stable derived UID \(uid)", action: .repaired)
        }
    }

    /// A UID derived from the component's text (FNV-1a 64), so re-importing the same file
    /// gives the same UID.
    static func derivedUID(for component: RawComponent) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in component.text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "icalkit-derived-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The first line named `name`, marked consumed; later duplicates stay unconsumed (kept).
    /// (Lines are compared by name in place, by index: copying each line to compare it
    /// retained and released its four strings, for every name asked.)
    mutating func take(_ name: String) -> ContentLine? {
        takeIndex(name).map { component.properties[$0] }
    }

    /// ``take(_:)`` as the line's index in `component.properties`: the helpers below read the
    /// line there, not a copy of it (a copy retains and releases its four strings).
    mutating func takeIndex(_ name: String) -> Int? {
        let properties = component.properties
        let length = name.utf8.count
        for i in properties.indices where !consumed[i] && properties[i].name.utf8.count == length && properties[i].name == name {
            consumed[i] = true
            return i
        }
        return nil
    }

    /// Every line named `name`, marked consumed.
    mutating func takeAll(_ name: String) -> [ContentLine] {
        var out: [ContentLine] = []
        let properties = component.properties
        let length = name.utf8.count
        for i in properties.indices where properties[i].name.utf8.count == length && properties[i].name == name {
            consumed[i] = true
            out.append(properties[i])
        }
        return out
    }

    /// Marks a line as not consumed after all (its value was bad: keep it verbatim).
    mutating func keep(_ line: ContentLine) {
        if let i = component.properties.firstIndex(of: line) { consumed[i] = false }
    }

    /// Lines made here for the bad part of a line whose good part was modelled.
    private var partialLines: [String] = []

    var extraProperties: [String] {
        component.properties.enumerated().compactMap { consumed[$0.offset] ? nil : $0.element.text } + partialLines
    }

    mutating func text(_ name: String) -> String? {
        takeIndex(name).map { TextCodec.unescape(component.properties[$0].value) }
    }

    mutating func integer(_ name: String, range: ClosedRange<Int>) -> Int? {
        guard let i = takeIndex(name) else { return nil }
        if let v = Int(component.properties[i].value.trimmedSpaces), range.contains(v) { return v }
        ctx.note(.warning, line: component.properties[i].line, uid: uid, property: name,
                 "\"\(component.properties[i].value)\" is not an integer in \(range.lowerBound)...\(range.upperBound); kept verbatim, not used",
                 action: .ignored)
        consumed[i] = false   // kept verbatim
        return nil
    }

    /// A UTC timestamp (CREATED, LAST-MODIFIED, DTSTAMP, COMPLETED).
    mutating func timestamp(_ name: String) -> Date? {
        guard let i = takeIndex(name) else { return nil }
        if let t = ctx.readTime(component.properties[i].value, tzid: component.properties[i].parameter("TZID"),
                                line: component.properties[i].line, uid: uid, property: name, applyCalendarZone: false) {
            return t.date
        }
        ctx.note(.warning, line: component.properties[i].line, uid: uid, property: name,
                 "invalid date-time \"\(component.properties[i].value)\"; kept verbatim, not used", action: .ignored)
        consumed[i] = false   // kept verbatim
        return nil
    }

    mutating func url() -> URL? {
        guard let line = take("URL") else { return nil }
        let v = line.value.trimmedSpaces
        if let u = URL(string: v), u.scheme != nil { return u }
        ctx.note(.warning, line: line.line, uid: uid, property: "URL", "\"\(v)\" is not a URL; kept verbatim", action: .ignored)
        keep(line)
        return nil
    }

    /// CATEGORIES lines, merged. A line with no category in it stays verbatim.
    mutating func categories() -> [String] {
        var out: [String] = []
        for line in takeAll("CATEGORIES") {
            let names = TextCodec.unescapeList(line.value).filter { !$0.isEmpty }
            if names.isEmpty { keep(line) } else { out += names }
        }
        return out
    }

    mutating func privacy() -> Event.Privacy? {
        guard let line = take("CLASS") else { return nil }
        if let p = Event.Privacy(rawValue: line.value.uppercased().trimmedSpaces) { return p }
        keep(line)   // x-name or iana-token class: verbatim
        return nil
    }

    /// Reads a DATE/DATE-TIME property; a bad value is reported (the caller decides).
    mutating func time(_ name: String) -> (line: ContentLine, reading: TimeReading?)? {
        guard let line = take(name) else { return nil }
        let reading = ctx.readTime(line.value, tzid: line.parameter("TZID"), line: line.line, uid: uid, property: name)
        return (line, reading)
    }

    /// RRULE lines (and EXRULE with `name`) → rules; a rule libical cannot read is kept verbatim.
    mutating func rules(_ name: String, start: TimeReading) -> [RecurrenceRule] {
        var out: [RecurrenceRule] = []
        for line in takeAll(name) {
            switch RecurrenceRuleImporter.read(line.value, seriesStart: start) {
            case .success(let (rule, warnings)):
                if out.contains(rule) {
                    ctx.note(.note, line: line.line, uid: uid, property: name, "duplicate \(name) ignored", action: .ignored)
                    continue
                }
                for w in warnings { ctx.note(.warning, line: line.line, uid: uid, property: name, w, action: .repaired) }
                for v in RecurrenceRuleImporter.violations(rule) {
                    ctx.note(.warning, line: line.line, uid: uid, property: name,
                             "\(v); the rule is kept as written and may give no instance besides DTSTART", action: .none)
                }
                out.append(rule)
            case .failure(let e):
                // A rule libical cannot read (or would iterate wrongly) loses the series' other
                // instances: an error (exit 65). One in a calendar system icalkit does not model
                // (RFC 7529 leap months) is a warning.
                ctx.note(e.code == .unimplemented ? .warning : .error, line: line.line, uid: uid, property: name,
                         "\(e.message); the rule is kept verbatim for export but not expanded", action: .ignored)
                keep(line)
            }
        }
        return out
    }

    /// RDATE / EXDATE lines (DATE, DATE-TIME, PERIOD; comma lists; TZID). Bad values are kept
    /// verbatim: the whole line when nothing in it could be read, else a line of the bad ones.
    mutating func dates(_ name: String) -> [RecurrenceDate] {
        var out: [RecurrenceDate] = []
        for line in takeAll(name) {
            if line.value.trimmedSpaces.isEmpty { keep(line); continue }   // no value: verbatim
            let tzid = line.parameter("TZID")
            let isPeriod = line.parameter("VALUE")?.uppercased() == "PERIOD"
            var good: [RecurrenceDate] = []
            var bad: [String] = []
            for piece in line.value.split(separator: ",") {
                let text = piece.trimmedSpaces
                if text.isEmpty { continue }
                if isPeriod || text.utf8.contains(UInt8(ascii: "/")) {
                    guard let period = PeriodValue(parsing: text) else { bad.append(text); continue }
                    let start = ctx.place(period.start, tzid: tzid, line: line.line, uid: uid, property: name)
                    var rd = RecurrenceDate(date: start.date, isFloating: start.isFloating)
                    if let end = period.end {
                        rd.periodEnd = ctx.place(end, tzid: tzid, line: line.line, uid: uid, property: name).date
                    } else if let d = period.duration {
                        rd.periodDuration = ICalDuration(d)
                    }
                    good.append(rd)
                } else if let t = ctx.readTime(text, tzid: tzid, line: line.line, uid: uid, property: name) {
                    good.append(RecurrenceDate(date: t.date, isDateOnly: t.isDate, isFloating: t.isFloating))
                } else {
                    bad.append(text)
                }
            }
            guard !bad.isEmpty else { out += good; continue }
            ctx.note(.warning, line: line.line, uid: uid, property: name,
                     "\(bad.map { "\"\($0)\"" }.joined(separator: ", ")) not a date, date-time or period; kept verbatim, not used", action: .ignored)
            if good.isEmpty {
                keep(line)
            } else {
                out += good
                var partial = line
                partial.raw = nil
                partial.value = bad.joined(separator: ",")
                partialLines.append(partial.text)
            }
        }
        return out
    }

    /// VALARMs → alarms; other subcomponents (and alarms that cannot be read) → raw text.
    func subcomponents() -> (alarms: [Alarm], extra: [String]) {
        var alarms: [Alarm] = []
        var extra: [String] = []
        for child in component.components {
            if child.name == "VALARM", let alarm = AlarmImporter.read(child, ctx: ctx, uid: uid) {
                alarms.append(alarm)
            } else {
                extra.append(child.text)
            }
        }
        return (alarms, extra)
    }
}
