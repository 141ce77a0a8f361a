import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing
@testable import CalendarCLI

/// `convert --to ics` writes as it reads (items spooled until the calendar's VTIMEZONEs are
/// known): its output must be the text ICalendarWriter makes from the whole documents, and the
/// structure below, counted by hand from the input.
@Suite("convert --to ics streaming")
struct ConvertStreamTests {
    static let interleaved = [
        "BEGIN:VCALENDAR", "X-WR-CALNAME:One",
        "BEGIN:VTODO", "UID:todo@x", "DUE;TZID=Europe/Paris:20260305T170000", "END:VTODO",
        "BEGIN:VEVENT", "UID:ev@x", "DTSTART;TZID=Custom:20260301T090000", "END:VEVENT",
        "BEGIN:X-VENDOR", "X-AT;TZID=America/New_York:20260301T090000", "END:X-VENDOR",
        "BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
        "END:VCALENDAR",
        "BEGIN:VCALENDAR", "X-WR-CALNAME:Two",
        "BEGIN:VEVENT", "UID:two@x", "DTSTART:20260302T090000Z", "END:VEVENT",
        "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    @Test func interleavedItemsComeOutEventsFirstWithOneZoneEach() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("mixed.ics")
        try Data(Self.interleaved.utf8).write(to: URL(fileURLWithPath: path))
        let result = runCLI(["convert", path, "--to", "ics"])
        #expect(result.status == .ok, "\(result)")
        let outline = result.stdout.components(separatedBy: "\r\n").filter {
            $0 == "BEGIN:VCALENDAR" || $0.hasPrefix("TZID:") || $0 == "BEGIN:VEVENT" || $0 == "BEGIN:VTODO" || $0 == "BEGIN:X-VENDOR"
        }
        // Calendar One: the file's own zone (defined after its user), then one generated zone
        // per other TZID used, in the writer's order (events', reminders', verbatim
        // components'); then the event before the reminder that preceded it in the input.
        #expect(outline == [
            "BEGIN:VCALENDAR", "TZID:Custom", "TZID:Europe/Paris", "TZID:America/New_York",
            "BEGIN:VEVENT", "BEGIN:VTODO", "BEGIN:X-VENDOR",
            "BEGIN:VCALENDAR", "BEGIN:VEVENT",
        ], "\(result.stdout)")
        let documents = ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: "mixed"))
            .read(Data(Self.interleaved.utf8), fileName: path).documents
        #expect(result.stdout == ICalendarWriter().write(documents))
    }

    /// The file read whole, as `convert` names its calendars (after the file's stem).
    static func wholeDocuments(_ path: String) throws -> [CalendarDocument] {
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: stem))
            .read(try Data(contentsOf: URL(fileURLWithPath: path)), fileName: path).documents
    }

    @Test(arguments: TestFiles.fixtureFiles("import/valid").map(fixture) + [fixture("demo/team.ics")])
    func sameTextAsTheWholeDocumentWriter(_ path: String) throws {
        let result = runCLI(["convert", path, "--to", "ics"])
        #expect(result.stdout == ICalendarWriter().write(try Self.wholeDocuments(path)))
    }

    /// A pipe can be read once: an input such as `/dev/stdin` or a shell's `<(…)` (a
    /// `/dev/fd/N` path to a pipe) is read whole, not streamed in several passes. The pipe here
    /// holds the whole feed and its writing end is closed, so a second pass would read an
    /// empty input and the check fails.
    @Test func pipeIsReadWhole() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let bytes = Array(Self.interleaved.utf8)
        #expect(bytes.count < 16_384, "fits in the pipe's buffer")
        let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        #expect(written == bytes.count)
        let result = runCLI(["convert", "/dev/fd/\(fds[0])", "--to", "ics"])
        #expect(result.status == .ok, "\(result)")
        #expect(result.stdout.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2, "\(result.stdout)")
        #expect(result.stdout.contains("UID:two@x"))
    }

    // MARK: --to json

    /// The JSON of every fixture, and of several files into one output, as
    /// `JSONOutput.calendars` writes the whole documents.
    @Test(arguments: TestFiles.fixtureFiles("import/valid").map(fixture) + [fixture("demo/team.ics")])
    func sameJSONAsTheWholeDocumentWriter(_ path: String) throws {
        let result = runCLI(["convert", path, "--to", "json"])
        #expect(result.stdout == JSONOutput.calendars(try Self.wholeDocuments(path)))
    }

    @Test func severalFilesAndNoCalendarInJSON() throws {
        let dir = try TemporaryDirectory()
        let mixed = dir.path("mixed.ics")
        try Data(Self.interleaved.utf8).write(to: URL(fileURLWithPath: mixed))
        let team = fixture("demo/team.ics")
        let result = runCLI(["convert", mixed, team, "--to", "json"])
        #expect(result.status == .ok, "\(result)")
        let documents = ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: "mixed"))
            .read(Data(Self.interleaved.utf8), fileName: mixed).documents
            + ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: "team"))
            .read(try Data(contentsOf: URL(fileURLWithPath: team)), fileName: team).documents
        #expect(documents.count == 3)
        #expect(result.stdout == JSONOutput.calendars(documents))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["calendars"] as? [Any])?.count == 3)

        // A missing input alone: an error and no output file. An empty input: refused (65),
        // and a document with no calendar.
        let none = runCLI(["convert", dir.path("missing.ics"), "--to", "json", "-o", dir.path("out.json")])
        #expect(none.status == .noInput)
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.json")))
        let empty = dir.path("empty.ics")
        try Data().write(to: URL(fileURLWithPath: empty))
        let emptyResult = runCLI(["convert", empty, "--to", "json"])
        #expect(emptyResult.status == .dataError)
        #expect(emptyResult.stdout == "{\n  \"schemaVersion\": 1,\n  \"calendars\": []\n}\n")
    }

    /// With --out-dir each file gets its own JSON document, the same as for the file alone.
    @Test func outDirWritesOneJSONDocumentPerFile() throws {
        let dir = try TemporaryDirectory()
        let files = [fixture("demo/team.ics"), fixture("import/valid/outlook-windows-zones-overrides.ics")]
        let result = runCLI(["convert"] + files + ["--to", "json", "--out-dir", dir.path("out")])
        #expect(result.status == .ok, "\(result)")
        for file in files {
            let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let written = try String(contentsOfFile: dir.path("out/\(stem).json"), encoding: .utf8)
            #expect(written == runCLI(["convert", file, "--to", "json"]).stdout)
        }
    }
}
