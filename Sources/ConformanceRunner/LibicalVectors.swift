import CalendarModel
import Foundation
import ICalConversion
import ICalCore

/// libical's recurrence test vectors, run two ways:
/// - bare: RRULE text → ``RecurrenceRule`` (ICalendarReader) → `rfc5545String` → libical's
///   iterator (`ICalCore.RecurrenceIterator`), which shows what libical 3.0.16 does by itself;
/// - expander (what counts): a floating event with the vector's DTSTART (all-day for a DATE) and
///   RRULE, read by ICalendarReader and expanded by ``RecurrenceExpander``, icalkit's real path.
struct VectorCase: Sendable {
    var file: String
    var line: Int
    var description: String
    var rrule: String
    var dtstart: String
    var startAt: String?
    /// nil when the expected result is an error (`INSTANCES: *** ...`).
    var instances: [String]?
    var expectedError: String?
}

struct VectorResult: Sendable {
    var testCase: VectorCase
    var passed: Bool
    /// (c): DTSTART moved to the n-th instance (COUNT lowered by n) gives the rest; nil when not run.
    var restPassed: Bool?
    var detail: String
    /// For a failing case: libical 3.0.16 fed the original RRULE text (not icalkit's) gives
    /// the same wrong result, so the failure is libical's, not icalkit's rule path.
    var sameAsRawLibical: Bool = false
    /// The same case through ``RecurrenceExpander``.
    var expander = ExpanderOutcome(passed: false, byDesign: nil, detail: "not run")
}

/// One vector through the expander.
struct ExpanderOutcome: Sendable {
    var passed: Bool
    /// Non-nil when the case passes only once the expander's by-design DTSTART is set aside: DTSTART
    /// is no instance of the rule (not in INSTANCES), the expander adds it as the first occurrence
    /// (RFC 5545 §3.3.10, DESIGN.md) and, for a COUNT rule, it takes the first COUNT place (K10).
    var byDesign: String?
    var detail: String
}

enum LibicalVectors {
    /// Cases of one `icalrecur_test*.txt` file: blank lines separate cases, `#` lines describe them.
    static func parse(_ text: String, file: String) -> [VectorCase] {
        var out: [VectorCase] = []
        var description: [String] = []
        var current: VectorCase?
        var lineNumber = 0
        func flush() {
            if let c = current, !c.rrule.isEmpty { out.append(c) }
            current = nil
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            if line.trimmingCharacters(in: .whitespaces).isEmpty { flush(); description = []; continue }
            if line.hasPrefix("#") { description.append(line.dropFirst().trimmingCharacters(in: .whitespaces)); continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].uppercased()
            let value = String(line[line.index(after: colon)...])
            if current == nil {
                current = VectorCase(file: file, line: lineNumber, description: description.joined(separator: " "), rrule: "", dtstart: "")
            }
            switch name {
            case "RRULE": current?.rrule = value
            case "DTSTART": current?.dtstart = value.trimmingCharacters(in: .whitespaces)
            case "START-AT": current?.startAt = value.trimmingCharacters(in: .whitespaces)
            case "INSTANCES":
                let v = value.trimmingCharacters(in: .whitespaces)
                if v.hasPrefix("***") {
                    current?.expectedError = String(v.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                } else {
                    current?.instances = v.isEmpty ? [] : v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                }
            default: break
            }
        }
        flush()
        return out
    }

    /// A calendar with one floating event (all-day for a DATE DTSTART) recurring by `rrule`.
    static func eventText(rrule: String, dtstart: DateTimeValue) -> String {
        let dt = dtstart.isDate ? "DTSTART;VALUE=DATE:\(dtstart)" : "DTSTART:\(dtstart)"
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icalkit//conformance//EN\r\nBEGIN:VEVENT\r\nUID:vector\r\n"
            + "DTSTAMP:20260101T000000Z\r\n\(dt)\r\nRRULE:\(rrule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// The rule as icalkit reads and writes it, and DTSTART; or why icalkit refuses it.
    static func throughIcalkit(rrule: String, dtstart: String) -> Result<(RecurrenceRule, DateTimeValue), Failure> {
        guard let start = DateTimeValue(parsing: dtstart) else { return .failure(Failure("DTSTART \(dtstart) unreadable")) }
        let result = ICalendarReader().read(Data(eventText(rrule: rrule, dtstart: start).utf8), fileName: "vector")
        guard let event = result.documents.first?.events.first else {
            return .failure(Failure("no event read: " + result.diagnostics.map(\.message).joined(separator: "; ")))
        }
        guard let rule = event.recurrenceRules.first else {
            let why = result.diagnostics.filter { $0.property == "RRULE" }.map(\.message).joined(separator: "; ")
            return .failure(Failure("rule refused: " + why))
        }
        return .success((rule, start))
    }

    static func instances(rule: String, start: DateTimeValue, startAt: DateTimeValue?, limit: Int) -> Result<[String], Failure> {
        let it: RecurrenceIterator
        do {
            it = try RecurrenceIterator(rule: rule, start: start)
        } catch {
            return .failure(Failure("\(error.message)"))
        }
        var jumped = false
        if let startAt { jumped = it.jump(to: startAt) }
        var out: [String] = []
        while out.count < limit, let t = it.next() {
            if let startAt, !jumped, t < startAt { continue }   // COUNT rule: libical cannot jump; skip instead
            var v = t
            v.isUTC = start.isUTC   // the iterator works on wall clock; instances are in DTSTART's zone
            out.append(v.description)
        }
        return .success(out)
    }

    static func run(_ c: VectorCase) -> VectorResult {
        var r = runBare(c)
        r.expander = throughExpander(c, bare: r)
        return r
    }

    /// The case through icalkit's expander: a floating event (all-day when DTSTART is a DATE).
    static func throughExpander(_ c: VectorCase, bare: VectorResult) -> ExpanderOutcome {
        guard let start = DateTimeValue(parsing: c.dtstart) else { return ExpanderOutcome(passed: false, byDesign: nil, detail: "DTSTART unreadable") }
        let read = ICalendarReader().read(Data(eventText(rrule: c.rrule, dtstart: start).utf8), fileName: "vector")
        if let expectedError = c.expectedError {
            // The rule path is the bare one: refused by the reader, or by libical (the expander
            // then leaves the rule out and reports DTSTART alone).
            return ExpanderOutcome(passed: bare.passed, byDesign: nil,
                                   detail: bare.passed ? bare.detail : "expected error \"\(expectedError)\": \(bare.detail)")
        }
        guard let doc = read.documents.first, let event = doc.events.first else {
            return ExpanderOutcome(passed: false, byDesign: nil, detail: "no event read: " + read.diagnostics.map(\.message).joined(separator: "; "))
        }
        guard let rule = event.recurrenceRules.first else {
            let why = read.diagnostics.filter { $0.property == "RRULE" }.map(\.message).joined(separator: "; ")
            return ExpanderOutcome(passed: false, byDesign: nil, detail: "rule refused: " + why)
        }
        let all = c.instances ?? []
        let startAt = c.startAt.flatMap { DateTimeValue(parsing: $0) }
        var expected = startAt.map { s in all.filter { v in DateTimeValue(parsing: v).map { !($0 < s) } ?? true } } ?? all
        let from = max(start.secondsAsUTC, startAt?.secondsAsUTC ?? Int.min)
        let lastExpected = expected.last.flatMap { DateTimeValue(parsing: $0)?.secondsAsUTC } ?? from
        let bounded = rule.end.count.map { $0 > 0 } ?? false || rule.end.until != nil
        // A bounded rule stops by itself: look far past the last expected instance for extra
        // ones. An endless one: exactly up to the last expected instance (its first N instances).
        let to = bounded ? max(lastExpected, from) + 50 * 366 * 86_400
            : (expected.isEmpty ? from + 10 * 366 * 86_400 : lastExpected)
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        let predicate = EventPredicate(startDate: Date(timeIntervalSince1970: TimeInterval(from)),
                                       endDate: Date(timeIntervalSince1970: TimeInterval(to + 1)), timeZone: utc, includesCancelled: true)
        let expander = RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
        var got: [String]
        do {
            got = try expander.occurrences(master: event, overrides: [], calendarTitle: "", matching: predicate)
                .map { Int($0.startDate.timeIntervalSince1970.rounded(.down)) }
                .filter { $0 >= from && $0 <= to }
                .map { DateTimeValue(secondsAsUTC: $0, isDate: start.isDate, isUTC: start.isUTC).description }
        } catch {
            return ExpanderOutcome(passed: false, byDesign: nil, detail: "expander threw: \(error)")
        }
        if got == expected { return ExpanderOutcome(passed: true, byDesign: nil, detail: "") }
        // DTSTART added by design: DTSTART is no instance of the rule (INSTANCES, libical's
        // expected data, lists every instance from DTSTART on and does not list it).
        let dtstartText = start.description
        if !all.contains(dtstartText) {
            var notes: [String] = []
            var mine = got
            if mine.first == dtstartText {
                mine.removeFirst()
                notes.append("DTSTART \(dtstartText) added as the first occurrence")
            }
            if let count = rule.end.count, count > 0, all.count == count, let last = all.last, expected.last == last {
                // DTSTART took the first of the COUNT places; the rule's last instance is not in the set.
                expected.removeLast()
                notes.append("it takes one COUNT place (K10), so the rule's \(count)th instance is not in the set")
            }
            if !notes.isEmpty && mine == expected {
                return ExpanderOutcome(passed: true, byDesign: notes.joined(separator: "; "), detail: "")
            }
            if !notes.isEmpty {
                return ExpanderOutcome(passed: false, byDesign: nil,
                                       detail: "(DTSTART set aside) " + firstDifference(expected: expected, got: mine))
            }
        }
        return ExpanderOutcome(passed: false, byDesign: nil, detail: firstDifference(expected: expected, got: got))
    }

    static func runBare(_ c: VectorCase) -> VectorResult {
        let through = throughIcalkit(rrule: c.rrule, dtstart: c.dtstart)
        if let expectedError = c.expectedError {
            switch through {
            case .failure(let f):
                return VectorResult(testCase: c, passed: true, restPassed: nil, detail: "refused as expected (\(f.description))")
            case .success(let (rule, start)):
                switch instances(rule: rule.rfc5545String, start: start, startAt: nil, limit: 5) {
                case .failure(let f):
                    return VectorResult(testCase: c, passed: true, restPassed: nil, detail: "refused as expected (\(f.description))")
                case .success(let got):
                    return VectorResult(testCase: c, passed: false, restPassed: nil,
                                        detail: "expected error \"\(expectedError)\", icalkit accepted \(rule.rfc5545String) and gave \(got.prefix(3).joined(separator: ","))")
                }
            }
        }
        let expectedAll = c.instances ?? []
        let startAt = c.startAt.flatMap { DateTimeValue(parsing: $0) }
        let expected = startAt.map { s in expectedAll.filter { v in DateTimeValue(parsing: v).map { !($0 < s) } ?? true } } ?? expectedAll
        switch through {
        case .failure(let f):
            return VectorResult(testCase: c, passed: false, restPassed: nil, detail: "icalkit refused the rule: \(f.description)")
        case .success(let (rule, start)):
            let text = rule.rfc5545String
            switch instances(rule: text, start: start, startAt: startAt, limit: expected.count + 50) {
            case .failure(let f):
                let rawRefuses: Bool
                if case .failure = instances(rule: c.rrule, start: start, startAt: startAt, limit: 1) { rawRefuses = true } else { rawRefuses = false }
                return VectorResult(testCase: c, passed: false, restPassed: nil, detail: "libical refused \(text): \(f.description)",
                                    sameAsRawLibical: rawRefuses)
            case .success(let got):
                guard got == expected else {
                    let raw = instances(rule: c.rrule, start: start, startAt: startAt, limit: expected.count + 50)
                    let same: Bool
                    if case .success(let rawGot) = raw { same = rawGot == got } else { same = false }
                    return VectorResult(testCase: c, passed: false, restPassed: nil,
                                        detail: "\(text): " + firstDifference(expected: expected, got: got), sameAsRawLibical: same)
                }
                let rest = startAt == nil ? restProperty(rule: rule, expected: expected) : nil
                return VectorResult(testCase: c, passed: true, restPassed: rest?.isEmpty, detail: rest.flatMap { $0.isEmpty ? nil : $0 } ?? "")
            }
        }
    }

    /// (c): for a few n, DTSTART = instance n and COUNT − n give instances n... Empty when it holds.
    static func restProperty(rule: RecurrenceRule, expected: [String]) -> String {
        guard expected.count > 1 else { return "" }
        let picks = Set([1, expected.count / 2, expected.count - 1]).filter { $0 > 0 && $0 < expected.count }.sorted()
        for n in picks {
            guard let start = DateTimeValue(parsing: expected[n]) else { continue }
            var moved = rule
            if let count = rule.end.count { moved.end = .afterOccurrences(count - n) }
            let want = Array(expected[n...])
            switch instances(rule: moved.rfc5545String, start: start, startAt: nil, limit: want.count + 50) {
            case .failure(let f): return "(c) n=\(n): \(f.description)"
            case .success(let got) where got != want:
                return "(c) n=\(n) \(moved.rfc5545String) from \(expected[n]): " + firstDifference(expected: want, got: got)
            default: continue
            }
        }
        return ""
    }

    static func firstDifference(expected: [String], got: [String]) -> String {
        let i = Array(zip(expected, got)).firstIndex { $0.0 != $0.1 } ?? min(expected.count, got.count)
        let e = i < expected.count ? expected[i] : "(end)"
        let g = i < got.count ? got[i] : "(end)"
        return "instance \(i + 1): expected \(e), got \(g) (expected \(expected.count), got \(got.count))"
    }

    // MARK: recur.txt

    struct CountCase: Sendable {
        var uid: String
        var line: Int
        var description: String
        var expected: Int
        var got: Int?
        var detail: String
        /// The count without DTSTART, set when icalkit added DTSTART by design (DESIGN.md
        /// "Recurrence"; RFC 5545 §3.3.10: DTSTART is the first occurrence): no rule of the event
        /// gives DTSTART and none has COUNT (with COUNT, DTSTART takes a COUNT place, K10, and
        /// the count stays). libical's expected count is the rule's instances only.
        var withoutDtstart: Int?
        var passed: Bool { got == expected || withoutDtstart == expected }
        /// Passes only once DTSTART, added by design, is set aside.
        var passedByDesign: Bool { got != expected && withoutDtstart == expected }
    }

    /// The bare libical 3.0.16 iterator, walking `rule` without COUNT/UNTIL from the event's
    /// DTSTART wall clock (in its zone; UTC for a floating event), gives DTSTART first. On a
    /// refused rule: true (nothing is set aside).
    static func firstInstanceIsDtstart(_ rule: RecurrenceRule, of event: Event) -> Bool {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = event.timeZone ?? TimeZone(identifier: "UTC") ?? .current
        let f = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: event.startDate)
        guard let y = f.year, let mo = f.month, let d = f.day else { return true }
        let start = DateTimeValue(year: y, month: mo, day: d, hour: f.hour ?? 0, minute: f.minute ?? 0, second: f.second ?? 0,
                                  isDate: event.isAllDay)
        var endless = rule
        endless.end = .never
        guard case .success(let first) = instances(rule: endless.rfc5545String, start: start, startAt: nil, limit: 1) else { return true }
        return first.first == start.description
    }

    /// `test-data/recur.txt`: bare VEVENTs with `X-EXPECT-NUMEVENTS`, counted between Unix time 1
    /// and 1748497476 with icalkit's reader and expander.
    static func runCounts(_ data: Data, fileName: String) -> [CountCase] {
        let result = ICalendarReader().read(data, fileName: fileName)
        var out: [CountCase] = []
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        let predicate = EventPredicate(startDate: Date(timeIntervalSince1970: 1), endDate: Date(timeIntervalSince1970: 1_748_497_476),
                                       timeZone: utc, includesCancelled: true)
        for doc in result.documents {
            let expander = RecurrenceExpander(resolver: ZoneResolver(timeZones: doc.timeZones))
            for event in doc.events {
                guard let expectLine = event.extraProperties.first(where: { $0.uppercased().hasPrefix("X-EXPECT-NUMEVENTS") }),
                      let colon = expectLine.firstIndex(of: ":"),
                      let expected = Int(expectLine[expectLine.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                else { continue }
                var c = CountCase(uid: event.uid, line: 0, description: event.notes ?? "", expected: expected, got: nil, detail: "")
                do {
                    let found = try expander.occurrences(master: event, overrides: [], calendarTitle: doc.calendar.title, matching: predicate)
                    c.got = found.count
                    if found.first?.startDate == event.startDate, !event.recurrenceRules.isEmpty,
                       !event.recurrenceRules.contains(where: { ($0.end.count ?? 0) > 0 }),
                       !event.recurrenceRules.contains(where: { firstInstanceIsDtstart($0, of: event) }) {
                        c.withoutDtstart = found.count - 1
                    }
                    if c.passedByDesign {
                        c.detail = "DTSTART \(event.startDate) is no instance of \(event.recurrenceRules.map(\.rfc5545String)) (bare libical 3.0.16"
                            + " iterator from DTSTART) and is added as the first occurrence by design; \(found.count - 1) without it"
                    } else if found.count != expected {
                        c.detail = "rules \(event.recurrenceRules.map(\.rfc5545String)) from \(event.startDate): first "
                            + found.prefix(3).map { "\($0.startDate)" }.joined(separator: ", ")
                    }
                } catch {
                    c.detail = "expander threw: \(error)"
                }
                out.append(c)
            }
            // Events the reader could not read count as failures.
            let missing = result.diagnostics.filter { $0.action == .skipped }
            for d in missing {
                out.append(CountCase(uid: d.uid ?? "?", line: d.line ?? 0, description: d.message, expected: 0, got: nil, detail: "not read: \(d)"))
            }
        }
        return out
    }
}
