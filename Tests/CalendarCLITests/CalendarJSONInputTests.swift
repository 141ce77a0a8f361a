import CalendarTestSupport
import Foundation
import Testing

/// icalkit's JSON read back: `convert cal.json` and `import cal.json` read what
/// `convert --format json` writes, so ics → json → ics keeps every instant and every field
/// JSON carries; a JSON error names its path and what was expected, exit 65.
@Suite("icalkit JSON input")
struct CalendarJSONInputTests {
    static let fixtures = TestFiles.fixtureFiles("import/valid") + ["demo/team.ics"]

    /// The JSON of a document with every `"source"` member dropped (it names the input file) and
    /// every date member that is RFC 3339 turned into its instant (JSON gives a reminder's zoned
    /// dates as an instant only, and those come back in UTC).
    static func comparable(_ json: String, without dropped: Set<String> = ["source"]) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        func walk(_ node: Any, key: String?) -> Any {
            if let d = node as? [String: Any] {
                var out: [String: Any] = [:]
                for (k, v) in d where !dropped.contains(k) { out[k] = walk(v, key: k) }
                return out
            }
            if let a = node as? [Any] { return a.map { walk($0, key: key) } }
            if let s = node as? String, key == "due" || key == "start", s.count > 19,
               let date = ISO8601DateFormatter().date(from: s) {
                return date.timeIntervalSince1970
            }
            return node
        }
        return try #require(walk(object, key: nil) as? [String: Any]) as NSDictionary
    }

    @Test(arguments: fixtures)
    func roundTripThroughJSON(_ file: String) throws {
        let dir = try TemporaryDirectory()
        let jsonPath = dir.path("cal.json")
        let first = runCLI(["convert", fixture(file), "-o", jsonPath])   // JSON is the default
        let text = try String(contentsOfFile: jsonPath, encoding: .utf8)
        let again = runCLI(["convert", jsonPath, "--format", "json"])
        #expect(again.status == .ok || again.status == first.status, "\(again.stderr)")
        #expect(try Self.comparable(again.stdout) == Self.comparable(text))
        // ... and the iCalendar written from the JSON reads back to the same JSON too, but for
        // its PRODID: iCalendar that icalkit writes names icalkit as its product (RFC 5545 §3.7.3).
        let icsPath = dir.path("cal.ics")
        #expect(runCLI(["convert", jsonPath, "--format", "ics", "-o", icsPath]).status != .usage)
        let reread = runCLI(["convert", icsPath, "--format", "json"]).stdout
        #expect(try Self.comparable(reread, without: ["source", "productID"]) == Self.comparable(text, without: ["source", "productID"]))
    }

    /// JSON written by hand, with the least a script needs.
    @Test func handWrittenJSON() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("plan.json")
        try #"""
            {"calendars": [{"title": "Plan", "events": [
              {"uid": "a@x", "title": "Kick-off", "start": "2026-03-02T09:00:00", "end": "2026-03-02T10:00:00", "timeZone": "Europe/Berlin"},
              {"uid": "b@x", "title": "Holiday", "start": "2026-03-05", "end": "2026-03-06"},
              {"uid": "c@x", "title": "Call", "start": "2026-03-03T08:00:00.000Z", "end": "2026-03-03T08:30:00Z",
               "recurrenceRules": ["FREQ=WEEKLY;COUNT=2"], "alarms": [{"offset": "-PT15M"}]}
            ], "reminders": [{"uid": "r@x", "title": "Send notes", "due": "2026-03-04"}]}]}
            """#.write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["convert", path, "--format", "ics"])
        #expect(result.status == .ok, "\(result.stderr)")
        let lines = unfold(result.stdout)
        #expect(lines.contains("X-WR-CALNAME:Plan"))
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20260302T090000"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20260305"))
        #expect(lines.contains("DTSTART:20260303T080000Z"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;COUNT=2"))
        #expect(lines.contains("TRIGGER:-PT15M"))
        #expect(lines.contains("DUE;VALUE=DATE:20260304"))
        #expect(lines.contains("BEGIN:VTIMEZONE"))
        #expect(runCLI(["validate", path]).stdout == "\(path): 3 events, 1 reminder, 0 warnings, 0 errors\n")
    }

    static let badCases: [BadInputCase] = [
        BadInputCase(id: "date not a date", json: #"{"calendars":[{"title":"T","events":[{"uid":"a","start":"2026-03-02"},{"uid":"b","start":"2026-03-02"},{"uid":"c","start":"2026-03-02"},{"uid":"d","start":"next tuesday"}]}]}"#,
                message: #"calendars[0].events[3].start: expected RFC 3339 or YYYY-MM-DD, found "next tuesday""#),
        BadInputCase(id: "no such day", json: #"{"calendars":[{"events":[{"uid":"a","start":"2026-02-30"}]}]}"#,
                message: #"calendars[0].events[0].start: expected RFC 3339 or YYYY-MM-DD (no such date), found "2026-02-30""#),
        BadInputCase(id: "no calendars", json: #"{"schemaVersion":1}"#, message: "calendars: expected an array, found nothing"),
        BadInputCase(id: "uid a number", json: #"{"calendars":[{"events":[{"uid":7,"start":"2026-03-02"}]}]}"#,
                message: "calendars[0].events[0].uid: expected a string or null, found a number"),
        BadInputCase(id: "unknown status", json: #"{"calendars":[{"events":[{"uid":"a","start":"2026-03-02","status":"maybe"}]}]}"#,
                message: #"calendars[0].events[0].status: expected one of canceled, confirmed, none, tentative, found "maybe""#),
        BadInputCase(id: "all-day with a time", json: #"{"calendars":[{"events":[{"uid":"a","start":"2026-03-02T09:00:00Z","isAllDay":true}]}]}"#,
                message: "calendars[0].events[0].start: expected YYYY-MM-DD (isAllDay is true)"),
        BadInputCase(id: "priority out of range", json: #"{"calendars":[{"reminders":[{"uid":"r","priority":12}]}]}"#,
                message: "calendars[0].reminders[0].priority: expected a whole number from 0 to 9, found a number"),
        BadInputCase(id: "another schema version", json: #"{"schemaVersion":2,"calendars":[]}"#,
                message: "schemaVersion: expected 1 (the version of icalkit's JSON this icalkit reads)"),
        BadInputCase(id: "not JSON", json: #"{"calendars": [}"#, message: "line 1, column 16: not JSON: expected a value"),
    ]

    /// Bad JSON: exit 65, the path and what was expected, nothing written, nothing imported.
    @Test(arguments: badCases)
    func badJSONIsRefusedWithItsPath(_ c: BadInputCase) throws {
        let store = try StoreUnderTest()
        let input = store.directory.path("bad.json")
        try c.json.write(toFile: input, atomically: true, encoding: .utf8)
        let out = store.directory.path("out.ics")
        let result = runCLI(["convert", input, "-o", out])
        #expect(result.status == .dataError)
        #expect(result.stderr == "Error: \(input): not valid icalkit JSON: \(c.message)\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        let imported = store.run(["import", input])
        #expect(imported.status == .dataError)
        #expect(imported.stdout.isEmpty)
        #expect(store.run(["calendars", "list", "--format", "json"]).stdout.contains("\"calendars\": []"))
    }

    /// What the reader says of a JSON input names the JSON path of the member it came from.
    @Test func diagnosticsNameTheJSONPath() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("rule.json")
        try #"{"calendars":[{"events":[{"uid":"a@x","start":"2026-03-02T09:00:00Z","recurrenceRules":["FREQ=SOMETIMES"]}]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["validate", path])
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix("\(path) calendars[0].events[0].recurrenceRules[0]: error: UID a@x: RRULE: "))
    }

    /// The hand-written fixtures of both JSON formats read without a diagnostic.
    @Test func handWrittenFixturesAreClean() {
        #expect(runCLI(["validate", fixture("formats/planning.jcal"), fixture("formats/planning.json")]) == CLIResult(
            stdout: "\(fixture("formats/planning.jcal")): 1 event, 1 reminder, 0 warnings, 0 errors\n"
                + "\(fixture("formats/planning.json")): 2 events, 1 reminder, 0 warnings, 0 errors\n",
            stderr: "", status: .ok))
    }

    @Test func importReadsJSON() throws {
        let store = try StoreUnderTest()
        let json = store.directory.path("team.json")
        #expect(runCLI(["convert", fixture("demo/team.ics"), "-o", json]).status == .ok)
        #expect(store.run(["import", json]).stdout == "\(json): 4 added, 0 updated, 0 unchanged, 0 skipped\n")
        let window = ["events", "--from", "2026-05-04", "--to", "2026-05-11", "--tz", "Europe/London", "--format", "json"]
        let fromJSON = store.ok(window)
        let other = try StoreUnderTest()
        other.ok(["import", fixture("demo/team.ics")])
        #expect(fromJSON == other.ok(window))
    }
}
