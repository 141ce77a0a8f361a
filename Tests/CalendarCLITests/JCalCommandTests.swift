import CalendarTestSupport
import Foundation
import Testing

/// jCal (RFC 7265) through the commands: `convert --format jcal`, `export --format jcal`,
/// `events --format jcal`, and jCal read by `convert`, `validate` and `import`.
@Suite("jCal commands")
struct JCalCommandTests {
    static let fixtures = TestFiles.fixtureFiles("import/valid") + ["demo/team.ics"]

    /// The names of the top-level and nested components of a jCal document, depth first.
    static func componentNames(_ node: Any) -> [String] {
        guard let array = node as? [Any] else { return [] }
        if let name = array.first as? String, array.count == 3, let children = array[2] as? [Any] {
            return [name] + children.flatMap(componentNames)
        }
        return array.flatMap(componentNames)
    }

    /// `BEGIN:` names of an iCalendar text, in order, lower case.
    static func beginNames(_ ics: String) -> [String] {
        unfold(ics).filter { $0.hasPrefix("BEGIN:") }.map { String($0.dropFirst(6)).lowercased() }
    }

    /// ics → jCal → ics keeps every property by meaning: the jCal has the components of the
    /// iCalendar `--format ics` writes (RFC 7265 §3: one calendar is its array; several, an
    /// array of them); read back, it gives the same model (icalkit JSON) as the .ics, and the
    /// iCalendar it turns into gives the same jCal again. (Not the same bytes: jCal does not
    /// keep a redundant `VALUE=URI`, parameter order, or quotes a parameter did not need.)
    @Test(arguments: fixtures)
    func roundTripThroughJCal(_ file: String) throws {
        let dir = try TemporaryDirectory()
        let direct = runCLI(["convert", fixture(file), "--format", "ics"])
        let jcalPath = dir.path("out.jcal")
        let written = runCLI(["convert", fixture(file), "-o", jcalPath])   // the format from the extension
        #expect(written.status == direct.status)
        let jcalText = try String(contentsOfFile: jcalPath, encoding: .utf8)
        let jcal = try JSONSerialization.jsonObject(with: Data(jcalText.utf8))
        #expect(Self.componentNames(jcal) == Self.beginNames(direct.stdout))
        let directPath = dir.path("direct.ics")
        try direct.stdout.write(toFile: directPath, atomically: true, encoding: .utf8)
        #expect(Self.withoutSource(runCLI(["convert", jcalPath, "--format", "json"]).stdout)
                == Self.withoutSource(runCLI(["convert", directPath, "--format", "json"]).stdout))
        let backPath = dir.path("back.ics")
        #expect(runCLI(["convert", jcalPath, "--to", "ics", "-o", backPath]).status == direct.status)
        #expect(runCLI(["convert", backPath, "--format", "jcal"]).stdout == jcalText)
    }

    /// icalkit JSON without the `"source"` lines (the input's path).
    static func withoutSource(_ json: String) -> [Substring] {
        json.split(separator: "\n").filter { !$0.contains("\"source\": ") }
    }

    @Test func jsonExtensionWithJCalContentIsJCal() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("cal.json")
        try #"["vcalendar",[["version",{},"text","2.0"]],[["vevent",[["uid",{},"text","a@x"],["dtstart",{},"date","2026-03-02"],["summary",{},"text","Day, off"]],[]]]]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["convert", path, "--format", "ics"])
        #expect(result.status == .ok)
        let lines = unfold(result.stdout)
        #expect(lines.contains("DTSTART;VALUE=DATE:20260302"))
        #expect(lines.contains("SUMMARY:Day\\, off"))
        #expect(runCLI(["validate", path]).stdout == "\(path): 1 event, 0 reminders, 0 warnings, 0 errors\n")
    }

    static let badCases: [BadInputCase] = [
        BadInputCase(id: "not JSON", json: #"["vcalendar",["#, message: "line 1, column 15: not JSON: expected a value"),
        BadInputCase(id: "property not an array", json: #"["vcalendar",[],[["vevent",[["uid",{},"text","a"],7],[]]]]"#,
                message: "[2][0][1][1]: expected an array (a property: [name, {parameters}, type, value...]), found a number"),
        BadInputCase(id: "text value not a string", json: #"["vcalendar",[],[["vevent",[["summary",{},"text",5]],[]]]]"#,
                message: "[2][0][1][0][3]: expected a string"),
        BadInputCase(id: "too short a property", json: #"["vcalendar",[["version",{},"text"]],[]]"#,
                message: "[1][0]: expected a property of at least 4 items ([name, {parameters}, type, value...]), found 3"),
        BadInputCase(id: "parameters not an object", json: #"["vcalendar",[["version",[],"text","2.0"]],[]]"#,
                message: "[1][0][1]: expected an object (the parameters), found an array"),
        BadInputCase(id: "parameter value a number", json: #"["vcalendar",[["x-a",{"p":1},"text","2.0"]],[]]"#,
                message: "[1][0][1].p: expected a string or an array of strings (a parameter value), found a number"),
        BadInputCase(id: "period of one", json: #"["vcalendar",[["freebusy",{},"period",["2026-01-01T00:00:00Z"]]],[]]"#,
                message: "[1][0][3]: expected a period: an array of two strings (start, and end or duration)"),
        BadInputCase(id: "component without subcomponents", json: #"["vcalendar",[]]"#,
                message: "(top level): expected a component of 3 items ([name, [properties], [components]]), found 2"),
    ]

    /// Bad jCal: exit 65, the JSON path and what was expected, and nothing written.
    @Test(arguments: badCases)
    func badJCalIsRefusedWithItsPath(_ c: BadInputCase) throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("bad.jcal")
        try c.json.write(toFile: input, atomically: true, encoding: .utf8)
        let out = dir.path("out.ics")
        let result = runCLI(["convert", input, "-o", out])
        #expect(result.status == .dataError)
        #expect(result.stderr == "Error: \(input): not valid jCal: \(c.message)\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(runCLI(["validate", input]).status == .dataError)
    }

    /// `import` of a bad jCal file next to a good one: the good one is imported, nothing of the
    /// bad one, and the exit status is 65.
    @Test func importTakesNothingOfBadJCal() throws {
        let store = try StoreUnderTest()
        let bad = store.directory.path("bad.jcal")
        try #"["vcalendar",[],[["vevent",[["uid",{},"text","bad@x"],["dtstart",{},"date-time",1]],[]]]]"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let good = store.directory.path("team.jcal")
        #expect(runCLI(["convert", fixture("demo/team.ics"), "--format", "jcal", "-o", good]).status == .ok)
        let result = store.run(["import", good, bad])
        #expect(result.status == .dataError)
        #expect(result.stdout == "team.jcal: 4 added, 0 updated, 0 unchanged, 0 skipped\n".replacingOccurrences(of: "team.jcal", with: good))
        #expect(result.stderr.contains("\(bad): not valid jCal: [2][0][1][1][3]: expected a string"))
        #expect(store.ok(["calendars", "list", "--format", "json"]).contains("\"Platform Team\""))
        #expect(!store.ok(["export"]).contains("bad@x"))
    }

    /// What the reader says of a jCal input names the JSON path of the property, not a line of
    /// the iCalendar it was read as.
    @Test func diagnosticsNameTheJSONPath() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("rule.jcal")
        try #"["vcalendar",[["version",{},"text","2.0"]],[["vevent",[["uid",{},"text","a@x"],["dtstart",{},"date-time","2026-03-02T09:00:00Z"],["rrule",{},"recur",{"freq":"SOMETIMES"}]],[]]]]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["validate", path])
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix("\(path) [2][0][1][2]: error: UID a@x: RRULE: "))
    }

    /// `convert` streams a jCal file (translated into a temporary file as it is read): what
    /// the reader says of the second event still names that event's property by its JSON path.
    @Test func streamedConvertNamesTheJSONPath() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("two.jcal")
        try #"["vcalendar",[["version",{},"text","2.0"]],[["vevent",[["uid",{},"text","a@x"],["dtstart",{},"date","2026-03-02"]],[]],["vevent",[["uid",{},"text","b@x"],["dtstart",{},"date-time","2026-03-02T09:00:00Z"],["rrule",{},"recur",{"freq":"SOMETIMES"}]],[]]]]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["convert", path, "--to", "ics"])
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix("\(path) [2][1][1][2]: error: UID b@x: RRULE: "))
        #expect(unfold(result.stdout).contains("UID:a@x"))
    }

    /// `export --format jcal` and `events --format jcal`: the jCal has the components of the
    /// iCalendar the same command writes with `--format ics`.
    @Test func exportAndEventsWriteJCal() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        let export = try JSONSerialization.jsonObject(with: Data(store.ok(["export", "--to", "jcal"]).utf8))
        #expect(Self.componentNames(export) == Self.beginNames(store.ok(["export"])))
        let window = ["events", "--from", "2026-05-04", "--to", "2026-05-11"]
        let events = try JSONSerialization.jsonObject(with: Data(store.ok(window + ["--format", "jcal"]).utf8))
        let ics = store.ok(window + ["--format", "ics"])
        #expect(Self.componentNames(events) == Self.beginNames(ics))
        #expect(Self.componentNames(events).contains("vevent"))
    }
}
