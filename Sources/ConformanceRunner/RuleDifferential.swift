import CalendarModel
import Foundation
import ICalConversion
import ICalCore

/// The differential test of icalkit's expander against python-dateutil: the generated rules of
/// `Conformance/oracle/rules.py` (seeded; each rule's DTSTART is its own first dateutil
/// instance), each expanded by ``RecurrenceExpander`` as a floating event (all-day for a DATE
/// DTSTART) from DTSTART up to the case's `to`, compared instance by instance.
///
/// A disagreement is set aside only by a line of KNOWN_DIFFERENCES.md's block with file
/// ``knownFile``, uid `DTSTART RRULE` and the instance (iCalendar form) as start, and a
/// reason whose section cites the RFC; `side` is `oracle` for an instance only dateutil has.
enum RuleDifferential {
    static let knownFile = "dateutil-rules"

    struct Case: Decodable, Sendable {
        var id: String
        var dtstart: String
        var rrule: String
        var to: String
        var instances: [String]
    }

    struct Outcome: Sendable {
        var testCase: Case
        /// Instances only one side has, not set aside by KNOWN_DIFFERENCES.
        var onlyDateutil: [String] = []
        var onlyIcalkit: [String] = []
        /// Instances set aside by a KNOWN_DIFFERENCES line.
        var known = 0
        var error: String?

        var agrees: Bool { error == nil && onlyDateutil.isEmpty && onlyIcalkit.isEmpty }
        var line: String {
            if let error { return "\(testCase.id) DTSTART \(testCase.dtstart) \(testCase.rrule): \(error)" }
            return "\(testCase.id) DTSTART \(testCase.dtstart) \(testCase.rrule): only dateutil \(onlyDateutil.prefix(4))"
                + "\(onlyDateutil.count > 4 ? "…" : ""), only icalkit \(onlyIcalkit.prefix(4))\(onlyIcalkit.count > 4 ? "…" : "")"
        }
    }

    private struct File: Decodable {
        var seed: Int
        var dateutil: String
        var cases: [Case]
    }

    static func load(_ url: URL) throws -> (cases: [Case], source: String) {
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        return (file.cases, "python-dateutil \(file.dateutil), seed \(file.seed)")
    }

    static func run(_ c: Case, known: KnownDifferences) -> Outcome {
        var outcome = Outcome(testCase: c)
        guard let start = DateTimeValue(parsing: c.dtstart), let end = DateTimeValue(parsing: c.to) else {
            outcome.error = "unreadable DTSTART or end"
            return outcome
        }
        let read = ICalendarReader().read(Data(LibicalVectors.eventText(rrule: c.rrule, dtstart: start).utf8), fileName: "rule")
        guard let doc = read.documents.first, let event = doc.events.first, !event.recurrenceRules.isEmpty else {
            outcome.error = "rule not read: " + read.diagnostics.map(\.message).joined(separator: "; ")
            return outcome
        }
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        let from = start.secondsAsUTC, to = end.isDate ? end.secondsAsUTC + 86_399 : end.secondsAsUTC
        let predicate = EventPredicate(startDate: Date(timeIntervalSince1970: TimeInterval(from)),
                                       endDate: Date(timeIntervalSince1970: TimeInterval(to + 1)), timeZone: utc, includesCancelled: true)
        let got: [String]
        do {
            got = try RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
                .occurrences(master: event, overrides: [], calendarTitle: "", matching: predicate)
                .map { Int($0.startDate.timeIntervalSince1970.rounded(.down)) }
                .filter { $0 >= from && $0 <= to }
                .map { DateTimeValue(secondsAsUTC: $0, isDate: start.isDate).description }
        } catch {
            outcome.error = "expander threw: \(error)"
            return outcome
        }
        let uid = "\(c.dtstart) \(c.rrule)"
        let entries = known.entries(for: knownFile).filter { $0.uid == uid }
        func setAside(_ instance: String, _ side: KnownDifferences.Side) -> Bool {
            entries.contains { $0.side == side && $0.matches(InstanceKey(uid: uid, start: instance, end: "*")) }
        }
        let mine = Set(got), theirs = Set(c.instances)
        for i in c.instances where !mine.contains(i) {
            if setAside(i, .oracle) { outcome.known += 1 } else { outcome.onlyDateutil.append(i) }
        }
        for i in got where !theirs.contains(i) {
            if setAside(i, .icalkit) { outcome.known += 1 } else { outcome.onlyIcalkit.append(i) }
        }
        return outcome
    }

    /// Prints the summary and the disagreements; returns 1 when any rule disagrees.
    static func report(_ outcomes: [Outcome], source: String, seconds: Double, detailsPath: String) -> Int32 {
        let differ = outcomes.filter { !$0.agrees }
        try? differ.map(\.line).joined(separator: "\n").write(toFile: detailsPath, atomically: true, encoding: .utf8)
        let known = outcomes.filter { $0.agrees && $0.known > 0 }
        print("\nrecurrence rules against \(source): \(outcomes.count - differ.count)/\(outcomes.count) agree"
              + " (\(known.count) with known differences), \(differ.count) differ"
              + String(format: " (%.1f s)", seconds))
        for o in differ.prefix(40) { print("  " + o.line) }
        if differ.count > 40 { print("  … and \(differ.count - 40) more (all in \(detailsPath))") }
        print("conformance: \(outcomes.count - differ.count)/\(outcomes.count) generated recurrence rules agree with python-dateutil")
        return differ.isEmpty ? 0 : 1
    }
}
