import CalendarModel
import Foundation
import ICalConversion
import ICalCore

/// libical's recurrence test vectors, run through icalkit's path:
/// RRULE text → ``RecurrenceRule`` (ICalendarReader) → `rfc5545String` → libical's iterator.
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

    /// The rule as icalkit reads and writes it, and DTSTART; or why icalkit refuses it.
    static func throughIcalkit(rrule: String, dtstart: String) -> Result<(RecurrenceRule, DateTimeValue), Failure> {
        guard let start = DateTimeValue(parsing: dtstart) else { return .failure(Failure("DTSTART \(dtstart) unreadable")) }
        let dt = start.isDate ? "DTSTART;VALUE=DATE:\(dtstart)" : "DTSTART:\(dtstart)"
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icalkit//conformance//EN\r\nBEGIN:VEVENT\r\nUID:vector\r\n"
            + "DTSTAMP:20260101T000000Z\r\n\(dt)\r\nRRULE:\(rrule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let result = ICalendarReader().read(Data(text.utf8), fileName: "vector")
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
        var passed: Bool { got == expected }
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
                    if found.count != expected {
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
