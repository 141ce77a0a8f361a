import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import ICalCore

/// One instance as both sides are compared: UID, start and end in the oracle's string forms
/// (`…Z` for zoned/UTC, `YYYY-MM-DDTHH:MM:SS` for floating, `YYYY-MM-DD` for dates).
struct InstanceKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    var uid: String
    var start: String
    var end: String

    /// Both sides normalized the same way: UIDs without surrounding spaces; times without the
    /// trailing `Z`, since the window is UTC and floating times are read in UTC (the oracle
    /// reports some floating instances of a series as UTC), so they compare as wall clock.
    init(uid: String, start: String, end: String) {
        self.uid = uid.trimmingCharacters(in: .whitespaces)
        self.start = InstanceKey.normalizeTime(start)
        self.end = InstanceKey.normalizeTime(end)
    }

    static func normalizeTime(_ t: String) -> String { t.hasSuffix("Z") ? String(t.dropLast()) : t }
    static func < (a: InstanceKey, b: InstanceKey) -> Bool { (a.start, a.uid, a.end) < (b.start, b.uid, b.end) }
    var description: String { "\(uid) \(start)..\(end)" }
}

enum ReadStatus: String, Sendable {
    case ok = "ok"
    case okWithDiagnostics = "ok with diagnostics"
    case refused = "refused"
}

enum ExpansionStatus: Sendable {
    /// The multisets are equal.
    case agree
    /// Equal once the instants documented in KNOWN_DIFFERENCES.md are set aside.
    case agreeKnown(entries: [String])
    case differ(oracleOnly: [InstanceKey], icalkitOnly: [InstanceKey])
    /// The oracle failed on the file: excluded from the comparison count.
    case oracleError(String)
    /// icalkit's expander threw or hit the budget.
    case icalkitError(String)
    /// No oracle output for the file (oracle unavailable).
    case notCompared(String)
}

struct FileOutcome: Sendable {
    var path: String
    var source: String
    var read: ReadStatus
    var diagnostics: [String]
    var roundTripOK: Bool
    var roundTripProblems: [String]
    var instances: Int
    var expansion: ExpansionStatus
    var seconds: Double
}

/// The comparison window: 1990-01-01T00:00Z ..< 2035-01-01T00:00Z, floating and all-day read in UTC.
enum Window {
    static let start = Date(timeIntervalSince1970: 631_152_000)
    static let end = Date(timeIntervalSince1970: 2_051_222_400)
    /// Occurrences one file may produce before icalkit's expansion is stopped.
    static let budget = 1_000_000
}

struct CorpusCheck: Sendable {
    let root: URL
    let oracle: [String: OracleFile]?
    let known: KnownDifferences

    func check(_ path: String) -> FileOutcome {
        let began = Date()
        let source = String(path.split(separator: "/").first ?? Substring(path))
        var outcome = FileOutcome(path: path, source: source, read: .refused, diagnostics: [], roundTripOK: false,
                                  roundTripProblems: [], instances: 0, expansion: .notCompared("not read"), seconds: 0)
        guard let data = try? Data(contentsOf: root.appendingPathComponent(path)) else {
            outcome.diagnostics = ["\(path): error: cannot read the file"]
            outcome.expansion = .icalkitError("cannot read the file")
            return outcome
        }
        let first = ICalendarReader().read(data, fileName: path)
        outcome.diagnostics = first.diagnostics.map(\.description)
        if first.refused {
            outcome.read = .refused
        } else {
            outcome.read = first.diagnostics.contains { $0.severity != .note } ? .okWithDiagnostics : .ok
        }

        // Round trip: untouched (original text) and rebuilt (from the model).
        if !first.refused {
            let inputText = String(decoding: data, as: UTF8.self)
            var problems: [String] = []
            for (form, docs) in [("untouched", first.documents), ("rebuilt", RoundTrip.strippingSources(first.documents))] {
                let output = ICalendarWriter().write(docs)
                let again = ICalendarReader().read(Data(output.utf8), fileName: path)
                problems += RoundTrip.compare(RoundTrip.normalized(first.documents), RoundTrip.normalized(again.documents), form: form)
                let missing = ICSInspection.propertyNames(inputText).subtracting(ICSInspection.propertyNames(output))
                if !missing.isEmpty { problems.append("\(form): property names lost: \(missing.sorted().joined(separator: ", "))") }
            }
            outcome.roundTripProblems = problems
            outcome.roundTripOK = problems.isEmpty
        }

        // Expansion against the oracle.
        let mine: [InstanceKey]
        switch expand(first.documents) {
        case .failure(let message):
            outcome.expansion = .icalkitError(message.description)
            outcome.seconds = Date().timeIntervalSince(began)
            return outcome
        case .success(let keys):
            mine = keys
        }
        outcome.instances = mine.count
        guard let oracle else {
            outcome.expansion = .notCompared("oracle unavailable")
            outcome.seconds = Date().timeIntervalSince(began)
            return outcome
        }
        guard let theirs = oracle[path] else {
            outcome.expansion = .notCompared("no oracle result for the file")
            outcome.seconds = Date().timeIntervalSince(began)
            return outcome
        }
        if let error = theirs.error {
            outcome.expansion = .oracleError(error)
        } else {
            outcome.expansion = compare(path: path, oracle: theirs.keys, icalkit: mine)
        }
        outcome.seconds = Date().timeIntervalSince(began)
        return outcome
    }

    func compare(path: String, oracle: [InstanceKey], icalkit: [InstanceKey]) -> ExpansionStatus {
        var counts: [InstanceKey: Int] = [:]
        for k in oracle { counts[k, default: 0] += 1 }
        for k in icalkit { counts[k, default: 0] -= 1 }
        var oracleOnly: [InstanceKey] = []
        var icalkitOnly: [InstanceKey] = []
        for (k, n) in counts where n != 0 {
            if n > 0 { oracleOnly += Array(repeating: k, count: n) } else { icalkitOnly += Array(repeating: k, count: -n) }
        }
        if oracleOnly.isEmpty && icalkitOnly.isEmpty { return .agree }
        // Set aside the instants KNOWN_DIFFERENCES.md explains; only those.
        var used: Set<String> = []
        let entries = known.entries(for: path)
        func explained(_ k: InstanceKey, side: KnownDifferences.Side) -> Bool {
            guard let e = entries.first(where: { $0.side == side && $0.matches(k) }) else { return false }
            used.insert(e.reason)
            return true
        }
        let oracleLeft = oracleOnly.filter { !explained($0, side: .oracle) }
        let icalkitLeft = icalkitOnly.filter { !explained($0, side: .icalkit) }
        if oracleLeft.isEmpty && icalkitLeft.isEmpty { return .agreeKnown(entries: used.sorted()) }
        return .differ(oracleOnly: oracleLeft.sorted(), icalkitOnly: icalkitLeft.sorted())
    }

    /// Every VEVENT instance icalkit finds in the window, in the oracle's string forms.
    func expand(_ documents: [CalendarDocument]) -> Result<[InstanceKey], Failure> {
        var keys: [InstanceKey] = []
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        for doc in documents {
            let expander = RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
            // Series by UID, in file order: the masters (normally one) and the overrides.
            var order: [String] = []
            var masters: [String: [Event]] = [:]
            var overrides: [String: [Event]] = [:]
            for e in doc.events {
                if masters[e.uid] == nil && overrides[e.uid] == nil { order.append(e.uid) }
                if e.isDetached { overrides[e.uid, default: []].append(e) } else { masters[e.uid, default: []].append(e) }
            }
            for uid in order {
                // As the store keeps them (identity = UID + RECURRENCE-ID): of repeated copies the
                // one with the highest SEQUENCE, the later one on a tie (RFC 5546 §2.1.5).
                let ms = (masters[uid] ?? []).reversed().max { $0.sequence < $1.sequence }.map { [$0] } ?? []
                var byRecurrenceID: [Date: Event] = [:]
                var ridOrder: [Date] = []
                for o in overrides[uid] ?? [] {
                    guard let rid = o.occurrenceDate else { continue }
                    if let old = byRecurrenceID[rid] {
                        if o.sequence >= old.sequence { byRecurrenceID[rid] = o }
                    } else {
                        byRecurrenceID[rid] = o
                        ridOrder.append(rid)
                    }
                }
                let os = ridOrder.compactMap { byRecurrenceID[$0] }
                let groups: [(Event?, [Event])] = ms.isEmpty ? [(nil, os)] : ms.enumerated().map { ($0.element, $0.offset == 0 ? os : []) }
                for (master, ovs) in groups {
                    let dense = master?.recurrenceRules.contains { [.secondly, .minutely, .hourly].contains($0.frequency) } ?? false
                    // Dense rules are expanded a month at a time so the budget can stop them.
                    let step: TimeInterval = dense ? 30 * 86_400 : Window.end.timeIntervalSince(Window.start)
                    var from = Window.start
                    while from < Window.end {
                        let to = min(from + step, Window.end)
                        let predicate = EventPredicate(startDate: from, endDate: to, timeZone: utc, includesCancelled: true)
                        let found: [Occurrence]
                        do {
                            found = try expander.occurrences(master: master, overrides: ovs, calendarTitle: doc.calendar.title, matching: predicate)
                        } catch {
                            return .failure(Failure("UID \(uid): expander threw: \(error)"))
                        }
                        for o in found where from == Window.start || o.startDate >= from {
                            keys.append(InstanceKey(uid: uid.hasPrefix("icalkit-derived-") ? "" : uid, start: Stamp.format(o.startDate, of: o.event), end: Stamp.format(o.endDate, of: o.event)))
                        }
                        if keys.count > Window.budget {
                            return .failure(Failure("UID \(uid): more than \(Window.budget) instances in the window; expansion stopped"))
                        }
                        from = to
                    }
                }
            }
        }
        return .success(keys)
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The oracle's string forms for an instant of an occurrence (placed in UTC).
enum Stamp {
    static func format(_ date: Date, of event: Event) -> String {
        let t = Int(date.timeIntervalSince1970.rounded(.down))
        let v = DateTimeValue(secondsAsUTC: t)
        let day = pad(v.year, 4) + "-" + pad(v.month, 2) + "-" + pad(v.day, 2)
        if event.isAllDay { return day }
        return day + "T" + pad(v.hour, 2) + ":" + pad(v.minute, 2) + ":" + pad(v.second, 2) + (event.isFloating ? "" : "Z")
    }

    static func pad(_ v: Int, _ w: Int) -> String {
        let s = String(v)
        return s.count >= w ? s : String(repeating: "0", count: w - s.count) + s
    }
}

