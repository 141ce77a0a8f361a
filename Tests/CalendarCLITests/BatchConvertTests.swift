import Foundation
import Testing
@testable import CalendarCLI

/// Batches: `convert DIR` walks a folder, `--out-dir` mirrors it, `--max-diagnostics` and `-q`
/// cap what is printed, `validate --format json` reports for scripts, `convert --format csv`.
/// Expected values are the inputs written below (UIDs, titles, line numbers counted by hand).
@Suite("Batch conversion")
struct BatchConvertTests {
    /// A calendar of one event at 2026-03-01 09:00 UTC.
    static func calendar(uid: String, title: String) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:\(uid)",
            "DTSTAMP:20260101T000000Z", "DTSTART:20260301T090000Z", "SUMMARY:\(title)", "END:VEVENT", "END:VCALENDAR",
        ].map { $0 + "\r\n" }.joined()
    }

    /// Three rules that break a MUST of RFC 5545 §3.3.10, their RRULE lines at 8, 14 and 20.
    static let threeWarnings = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
        "BEGIN:VEVENT", "UID:e1@x", "DTSTAMP:20260101T000000Z", "DTSTART:20260301T090000Z", "RRULE:FREQ=WEEKLY;BYWEEKNO=3", "END:VEVENT",
        "BEGIN:VEVENT", "UID:e2@x", "DTSTAMP:20260101T000000Z", "DTSTART:20260301T090000Z", "RRULE:FREQ=DAILY;BYYEARDAY=3", "END:VEVENT",
        "BEGIN:VEVENT", "UID:e3@x", "DTSTAMP:20260101T000000Z", "DTSTART:20260301T090000Z", "RRULE:FREQ=WEEKLY;BYMONTHDAY=3", "END:VEVENT",
        "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The UIDs of the events of an icalkit JSON file.
    static func uids(inJSON path: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let calendars = object?["calendars"] as? [[String: Any]] ?? []
        return calendars.flatMap { ($0["events"] as? [[String: Any]] ?? []).compactMap { $0["uid"] as? String } }
    }

    /// Every file under `root`, relative to it, sorted.
    static func files(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue { found.append(name) }
        }
        return found.sorted()
    }

    @Test("convert DIR --out-dir mirrors the tree: same names in two folders, content-sniffed, hidden and other files left, a link loop ends")
    func folderTreeIsMirrored() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("in")
        try Self.write(Self.calendar(uid: "top@x", title: "Top"), input + "/a.ics")
        try Self.write(Self.calendar(uid: "sub@x", title: "Sub"), input + "/sub/a.ics")
        try Self.write(Self.calendar(uid: "deep@x", title: "Deep"), input + "/sub/deeper/b.ical")
        try Self.write(Self.calendar(uid: "noext@x", title: "No extension"), input + "/noext")
        try Self.write(Self.calendar(uid: "hidden@x", title: "Hidden"), input + "/.hidden/h.ics")
        try Self.write("shopping list\n", input + "/notes.txt")
        try FileManager.default.createSymbolicLink(atPath: input + "/sub/deeper/loop", withDestinationPath: "../..")
        let out = dir.path("out")

        let result = runCLI(["convert", input, "--out-dir", out, "--format", "json"])
        #expect(result.status == .ok, "\(result)")
        #expect(Self.files(under: out) == ["a.json", "noext.json", "sub/a.json", "sub/deeper/b.json"])
        #expect(try Self.uids(inJSON: out + "/a.json") == ["top@x"])
        #expect(try Self.uids(inJSON: out + "/sub/a.json") == ["sub@x"])
        #expect(try Self.uids(inJSON: out + "/sub/deeper/b.json") == ["deep@x"])
        #expect(try Self.uids(inJSON: out + "/noext.json") == ["noext@x"])
        // One note for the file that is not a calendar, not one line per file.
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("skipped") }
        #expect(notes.count == 1 && notes[0].contains("notes.txt"), "\(result.stderr)")
    }

    @Test("--out-dir of the input folder itself converts its files; an -o file inside the folder is not read back")
    func outputInsideTheInputFolder() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("in")
        try Self.write(Self.calendar(uid: "a@x", title: "A"), input + "/a.ics")
        let same = runCLI(["convert", input, "--out-dir", input, "--format", "json"])
        #expect(same.status == .ok, "\(same)")
        #expect(try Self.uids(inJSON: input + "/a.json") == ["a@x"])

        // all.json from an earlier run is in the folder; this run writes it again from a.ics only
        // (a.json, the JSON of a.ics, is an input too).
        try Self.write(#"{"calendars": [{"title": "Old", "events": [{"uid": "old@x", "start": "2026-03-01"}]}]}"#, input + "/all.json")
        let merged = runCLI(["convert", input, "-o", input + "/all.json"])
        #expect(merged.status == .ok, "\(merged)")
        #expect(try Self.uids(inJSON: input + "/all.json") == ["a@x", "a@x"])
    }

    @Test("A folder with no calendar file in it is an error (66), not a silent success")
    func folderWithNothingToRead() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("empty"), withIntermediateDirectories: true)
        try Self.write("shopping list\n", dir.path("notes/list.txt"))
        let empty = runCLI(["convert", dir.path("empty"), "-o", dir.path("out.ics")])
        #expect(empty.status == .noInput)
        #expect(empty.stderr.contains("is a directory with nothing to read"), "\(empty.stderr)")
        let notes = runCLI(["validate", dir.path("notes")])
        #expect(notes.status == .noInput)
        #expect(notes.stderr.contains("is a directory with no calendar files"), "\(notes.stderr)")
    }

    @Test("Two inputs of one name given on the command line: the second gets -2, and a note says so")
    func sameNamesDoNotCollide() throws {
        let dir = try TemporaryDirectory()
        try Self.write(Self.calendar(uid: "one@x", title: "One"), dir.path("x/team.ics"))
        try Self.write(Self.calendar(uid: "two@x", title: "Two"), dir.path("y/team.ics"))
        let out = dir.path("out")
        let result = runCLI(["convert", dir.path("x/team.ics"), dir.path("y/team.ics"), "--out-dir", out, "--format", "json"])
        #expect(result.status == .ok, "\(result)")
        #expect(Self.files(under: out) == ["team-2.json", "team.json"])
        #expect(try Self.uids(inJSON: out + "/team.json") == ["one@x"])
        #expect(try Self.uids(inJSON: out + "/team-2.json") == ["two@x"])
        #expect(result.stderr.contains("team-2.json"), "\(result.stderr)")
    }

    @Test("--max-diagnostics caps the lines per file and says how many were left out")
    func diagnosticsAreCapped() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("rules.ics")
        try Self.write(Self.threeWarnings, path)
        let all = runCLI(["validate", path])
        #expect(all.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.count == 3, "\(all)")
        let capped = runCLI(["validate", path, "--max-diagnostics", "1"])
        let lines = capped.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(": warning: ") } == [lines[0]])
        #expect(lines[0].hasPrefix(path + ":8: warning: UID e1@x: RRULE: BYWEEKNO"), "\(capped)")
        #expect(lines.contains("… and 2 more diagnostics in \(path)"), "\(capped)")
        #expect(capped.stdout == all.stdout)
        // Not a count: a usage error.
        #expect(runCLI(["validate", path, "--max-diagnostics", "many"]).status.rawValue == 64)
    }

    @Test("validate -q prints no diagnostic lines")
    func quietValidate() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("rules.ics")
        try Self.write(Self.threeWarnings, path)
        let result = runCLI(["validate", "-q", path])
        #expect(result.status == .ok)
        #expect(!result.stderr.contains("warning"), "\(result)")
    }

    @Test("validate --format json: counts and each diagnostic with line, UID and property")
    func validateReportsJSON() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("rules.ics")
        try Self.write(Self.threeWarnings, path)
        let result = runCLI(["validate", path, "--format", "json"])
        #expect(result.status == .ok, "\(result)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let files = report?["files"] as? [[String: Any]] ?? []
        try #require(files.count == 1)
        let file = files[0]
        #expect(file["file"] as? String == path)
        #expect(file["events"] as? Int == 3)
        #expect(file["reminders"] as? Int == 0)
        #expect(file["warnings"] as? Int == 3)
        #expect(file["errors"] as? Int == 0)
        let diagnostics = file["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.map { $0["line"] as? Int } == [8, 14, 20])
        #expect(diagnostics.map { $0["uid"] as? String } == ["e1@x", "e2@x", "e3@x"])
        #expect(diagnostics.allSatisfy { $0["property"] as? String == "RRULE" && $0["severity"] as? String == "warning" })

        // A missing file is in the report and the exit status says so.
        let missing = runCLI(["validate", dir.path("nope.ics"), "--format", "json"])
        #expect(missing.status.rawValue == 66)
    }

    @Test("convert --format csv writes the columns Google and Outlook import")
    func convertToCSV() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("team.ics")
        try Self.write(Self.calendar(uid: "top@x", title: "Planning"), path)
        let result = runCLI(["convert", path, "--format", "csv", "--tz", "UTC"])
        #expect(result.status == .ok, "\(result)")
        // RFC 4180 rows end with CRLF.
        let rows = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private")
        // No DTEND and no DURATION: the event ends when it starts (RFC 5545 §3.6.1).
        #expect(rows.dropFirst().first == "Planning,03/01/2026,9:00 AM,03/01/2026,9:00 AM,False,,,False")
        let unknown = runCLI(["convert", path, "--format", "xls"])
        #expect(unknown.status.rawValue == 64)
        #expect(unknown.stderr.contains("csv") && unknown.stderr.contains("jcal"), "\(unknown)")
    }
}
