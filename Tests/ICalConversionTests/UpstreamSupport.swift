import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// Helpers for the `UpstreamExpectations*` suites: expectations that upstream projects state
/// only in their test code, written out in prose in `../shared/corpus/SOURCES.md` and turned
/// into table cases here. The expected values are the upstream's, copied from SOURCES.md; the
/// dates are built with Foundation's calendar, not with icalkit's date code.
enum Upstream {
    /// A query window, given as local wall-clock text in the case's zone.
    /// Text forms: `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm[:ss]`, or either with a trailing `Z` (UTC).
    struct Window: Sendable, CustomStringConvertible {
        var from: String
        var to: String
        var description: String { "[\(from), \(to))" }

        /// recurring-ical-events' `at(day)`: overlap with that whole day.
        static func day(_ d: String) -> Window { Window(from: d, to: Upstream.nextDay(d)) }
        /// `at((y, m))`: overlap with that month.
        static func month(_ y: Int, _ m: Int) -> Window {
            Window(from: String(format: "%04d-%02d-01", y, m), to: m == 12 ? String(format: "%04d-01-01", y + 1) : String(format: "%04d-%02d-01", y, m + 1))
        }
        /// `at(y)`: overlap with that year.
        static func year(_ y: Int) -> Window { Window(from: String(format: "%04d-01-01", y), to: String(format: "%04d-01-01", y + 1)) }
        /// `at((y, m, d, h))`: overlap with that hour.
        static func hour(_ d: String, _ h: Int) -> Window {
            Window(from: d + String(format: "T%02d:00", h), to: h == 23 ? Upstream.nextDay(d) : d + String(format: "T%02d:00", h + 1))
        }
        /// `between(a, b)`: overlap with [a, b).
        static func between(_ a: String, _ b: String) -> Window { Window(from: a, to: b) }
        /// `after(a)` (and counting "from a on").
        static func after(_ a: String) -> Window { Window(from: a, to: "2200-01-01") }
        /// `all()`: a window wider than any series in the corpus that ends.
        static let all = Window(from: "1900-01-01", to: "2200-01-01")
    }

    enum Problem: Error, CustomStringConvertible {
        case corpusMissing, unreadable(String), badTime(String), badZone(String)
        var description: String {
            switch self {
            case .corpusMissing: return TestFiles.corpusMissingMessage
            case .unreadable(let s): return "corpus file could not be read: \(s)"
            case .badTime(let s): return "bad window text \(s)"
            case .badZone(let s): return "unknown zone \(s)"
            }
        }
    }

    static var gregorianUTC: Foundation.Calendar {
        var c = Foundation.Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(secondsFromGMT: 0) ?? c.timeZone
        return c
    }

    static func zone(_ id: String) throws -> TimeZone {
        guard let z = TimeZone(identifier: id) else { throw Problem.badZone(id) }
        return z
    }

    static func nextDay(_ d: String) -> String {
        let c = gregorianUTC
        guard let date = try? instant(d, in: "UTC"), let next = c.date(byAdding: .day, value: 1, to: date) else { return d }
        let f = c.dateComponents([.year, .month, .day], from: next)
        return String(format: "%04d-%02d-%02d", f.year ?? 0, f.month ?? 0, f.day ?? 0)
    }

    /// The instant of local wall-clock text in `zoneID` (a trailing `Z` means UTC).
    static func instant(_ text: String, in zoneID: String) throws -> Date {
        var t = text
        var zoneID = zoneID
        if t.hasSuffix("Z") { t.removeLast(); zoneID = "UTC" }
        let parts = t.split(separator: "T", omittingEmptySubsequences: false)
        let ymd = parts[0].split(separator: "-").compactMap { Int($0) }
        let hms = parts.count > 1 ? parts[1].split(separator: ":").compactMap { Int($0) } : []
        guard ymd.count == 3, parts.count <= 2, hms.count <= 3 else { throw Problem.badTime(text) }
        var c = Foundation.Calendar(identifier: .gregorian)
        c.timeZone = try zone(zoneID)
        let comps = DateComponents(year: ymd[0], month: ymd[1], day: ymd[2],
                                   hour: hms.count > 0 ? hms[0] : 0, minute: hms.count > 1 ? hms[1] : 0, second: hms.count > 2 ? hms[2] : 0)
        guard let d = c.date(from: comps) else { throw Problem.badTime(text) }
        return d
    }

    /// `yyyy-MM-ddTHH:mm[:ss]` of an occurrence date in `zoneID`; floating and all-day
    /// occurrences hold their wall clock read as UTC (the model convention) and are printed as is.
    static func local(_ date: Date, of event: Event, in zoneID: String) -> String {
        var c = Foundation.Calendar(identifier: .gregorian)
        c.timeZone = event.timeZone == nil ? gregorianUTC.timeZone : (TimeZone(identifier: zoneID) ?? gregorianUTC.timeZone)
        let f = c.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        var s = String(format: "%04d-%02d-%02dT%02d:%02d", f.year ?? 0, f.month ?? 0, f.day ?? 0, f.hour ?? 0, f.minute ?? 0)
        if let sec = f.second, sec != 0 { s += String(format: ":%02d", sec) }
        return s
    }

    /// Reads a corpus file (path relative to the corpus) with ICalendarReader.
    static func documents(_ path: String) throws -> [CalendarDocument] {
        guard let corpus = TestFiles.corpus else { throw Problem.corpusMissing }
        let data = try Data(contentsOf: corpus.appendingPathComponent(path))
        let result = ICalendarReader().read(data, fileName: path)
        if result.refused { throw Problem.unreadable("\(path): \(result.diagnostics)") }
        return result.documents
    }

    /// The occurrences of every VEVENT series of `path` overlapping `window` (its edges local
    /// to `zoneID`, which also places floating and all-day times), cancelled ones included (the
    /// upstream libraries return them). Events are grouped by UID: the master is the one without
    /// RECURRENCE-ID (of several, the highest SEQUENCE; the later on a tie), the overrides are
    /// the rest (of repeated RECURRENCE-IDs, the highest SEQUENCE). With `reversed`, the
    /// components are taken in reverse file order, as the upstream tests also do.
    static func occurrences(_ path: String, _ window: Window, in zoneID: String, reversed: Bool = false) throws -> [Occurrence] {
        try occurrences(of: try documents(path), window, in: zoneID, reversed: reversed)
    }

    /// As `occurrences(_:_:in:reversed:)`, for documents already read.
    static func occurrences(of documents: [CalendarDocument], _ window: Window, in zoneID: String, reversed: Bool = false) throws -> [Occurrence] {
        let zone = try zone(zoneID)
        let predicate = EventPredicate(startDate: try instant(window.from, in: zoneID), endDate: try instant(window.to, in: zoneID),
                                       timeZone: zone, includesCancelled: true)
        var out: [Occurrence] = []
        for doc in documents {
            let expander = RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
            let events = reversed ? Array(doc.events.reversed()) : doc.events
            var order: [String] = []
            var masters: [String: Event] = [:]
            var overrides: [String: [Date: Event]] = [:]
            var ridOrder: [String: [Date]] = [:]
            for e in events {
                if masters[e.uid] == nil && overrides[e.uid] == nil { order.append(e.uid) }
                if let rid = e.occurrenceDate {
                    if let old = overrides[e.uid]?[rid] {
                        if e.sequence >= old.sequence { overrides[e.uid]?[rid] = e }
                    } else {
                        overrides[e.uid, default: [:]][rid] = e
                        ridOrder[e.uid, default: []].append(rid)
                    }
                } else if let old = masters[e.uid] {
                    if e.sequence >= old.sequence { masters[e.uid] = e }
                } else {
                    masters[e.uid] = e
                }
            }
            for uid in order {
                let os = (ridOrder[uid] ?? []).compactMap { overrides[uid]?[$0] }
                out += try expander.occurrences(master: masters[uid], overrides: os, calendarTitle: doc.calendar.title, matching: predicate)
            }
        }
        // Sorted on the time line as the query places them (floating/all-day read in the zone).
        func placed(_ o: Occurrence) -> Date {
            guard o.event.timeZone == nil else { return o.startDate }
            return o.startDate.addingTimeInterval(-TimeInterval(zone.secondsFromGMT(for: o.startDate)))
        }
        return out.sorted { (placed($0), $0.event.uid) < (placed($1), $1.event.uid) }
    }
}

/// One upstream expectation: a file, a window in a zone, and what the upstream says is found.
struct UpstreamCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Path relative to the corpus.
    var file: String
    var window: Upstream.Window
    /// The zone the expectation's window (and "at day X") is local to.
    var zone: String
    var count: Int?
    /// Expected starts in order, local to `zone` (`yyyy-MM-dd` compares the day only).
    var starts: [String]? = nil
    var ends: [String]? = nil
    var summaries: [String]? = nil
    /// Expected lengths in seconds, in order.
    var durations: [Int]? = nil
    /// The SOURCES.md row this case comes from.
    var row: String
    /// Set when icalkit does not (yet) meet the expectation: the reason, for `withKnownIssue`.
    var knownIssue: String? = nil
    /// Further checks on the occurrences found (properties the table columns do not cover).
    var extra: (@Sendable ([Occurrence]) -> Void)? = nil

    var testDescription: String { name }

    /// Runs the case (in file order, or reversed), recording issues.
    func check(reversed: Bool) throws {
        let found = try Upstream.occurrences(file, window, in: zone, reversed: reversed)
        let listing = found.map { "\(Upstream.local($0.startDate, of: $0.event, in: zone))–\(Upstream.local($0.endDate, of: $0.event, in: zone)) \($0.event.title)" }
        let where_ = "\(row) — \(window) in \(zone)\(reversed ? " (reversed)" : ""); found \(listing)"
        if let count { #expect(found.count == count, "count: \(where_)") }
        if let starts {
            let got = zip(starts, found).map { e, o in
                let l = Upstream.local(o.startDate, of: o.event, in: zone)
                return e.count == 10 ? String(l.prefix(10)) : l
            }
            #expect(got == Array(starts.prefix(got.count)) && found.count >= starts.count, "starts \(starts): \(where_)")
        }
        if let ends {
            let got = zip(ends, found).map { e, o in
                let l = Upstream.local(o.endDate, of: o.event, in: zone)
                return e.count == 10 ? String(l.prefix(10)) : l
            }
            #expect(got == Array(ends.prefix(got.count)) && found.count >= ends.count, "ends \(ends): \(where_)")
        }
        if let summaries { #expect(found.map(\.event.title) == summaries, "summaries: \(where_)") }
        if let durations {
            #expect(found.map { Int($0.endDate.timeIntervalSince($0.startDate)) } == durations, "durations (s): \(where_)")
        }
        extra?(found)
    }

    /// Runs the case, inside `withKnownIssue` when one is recorded for it.
    func run(reversed: Bool) throws {
        if let knownIssue {
            withKnownIssue(Comment(rawValue: knownIssue)) { try check(reversed: reversed) }
        } else {
            try check(reversed: reversed)
        }
    }
}

/// Constants shared by the upstream tables.
enum Hours {
    static let h = 3600
    static let d = 86_400
}
