@testable import CalendarCLI
import Foundation
import Testing

@Suite("import")
struct ImportCommandTests {
    /// team.ics holds the stand-up master, its override (RECURRENCE-ID 2026-05-04), the offsite
    /// and one VTODO: 4 items.
    @Test func reportThenIdempotentReimport() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        #expect(store.run(["import", team]) == CLIResult(
            stdout: "\(team): 4 added, 0 updated, 0 unchanged, 0 skipped\n", stderr: "", status: .ok))
        #expect(store.run(["import", team]) == CLIResult(
            stdout: "\(team): 0 added, 0 updated, 4 unchanged, 0 skipped\n", stderr: "", status: .ok))
        // One change per UID (master and override share one), and the re-import logged nothing.
        let changes = try jsonObject(store.ok(["changes", "--since", "0", "--format", "json"]))
        #expect((changes["changes"] as? [Any])?.count == 3)
    }

    /// `--calendar` names an existing calendar regardless of case, as other commands do; a
    /// name no calendar has, in any case, makes a new one.
    @Test func importCalendarMatchesRegardlessOfCase() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        store.ok(["import", team, "--calendar", "Work"])
        #expect(store.run(["import", team, "--calendar", "work"]) == CLIResult(
            stdout: "\(team): 0 added, 0 updated, 4 unchanged, 0 skipped\n", stderr: "", status: .ok))
        store.ok(["import", team, "--calendar", "Home"])
        let titles = try jsonObject(store.ok(["calendars", "list", "--format", "json"]))["calendars"] as? [[String: Any]]
        #expect(titles?.compactMap { $0["title"] as? String }.sorted() == ["Home", "Work"])
    }

    /// A first import writes the new store aside and moves it into place: afterwards the
    /// directory holds the store alone, in WAL mode, with what was imported; a refused file
    /// leaves a new, empty store, as opening one would.
    @Test func firstImportMakesTheStoreWhole() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        #expect(store.ok(["import", team]) == "\(team): 4 added, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.url.path) == ["store.sqlite"])
        let header = try Data(contentsOf: URL(fileURLWithPath: store.path)).prefix(20)
        #expect(Array(header.suffix(2)) == [2, 2])
        #expect(store.ok(["calendars", "list", "--format", "json"]).contains("\"Platform Team\""))

        let other = try StoreUnderTest()
        let notICS = other.directory.path("notes.ics")
        try "hello\n".write(toFile: notICS, atomically: false, encoding: .utf8)
        let refused = other.run(["import", notICS])
        #expect(refused.stderr.hasSuffix("\(notICS): not imported: not an iCalendar file\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.directory.url.path).sorted() == ["notes.ics", "store.sqlite"])
        #expect(other.ok(["calendars", "list"]) == "No calendars.\n")
    }

    @Test func jsonReportHasSchemaVersionAndEntries() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        let report = try jsonObject(store.ok(["import", team, "--format", "json"]))
        #expect(report["schemaVersion"] as? Int == 1)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files[0]["file"] as? String == team)
        #expect(files[0]["imported"] as? Bool == true)
        let calendars = try #require(files[0]["calendars"] as? [[String: Any]])
        #expect(calendars.first?["calendar"] as? String == "Platform Team")
        #expect(calendars.first?["added"] as? Int == 4)
        // Added items are counted, not listed (entries list updated, skipped and removed ones).
        #expect((calendars.first?["entries"] as? [Any])?.count == 0)
    }

    @Test func dryRunLeavesTheStoreUnchanged() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        #expect(store.run(["import", team, "--dry-run"]) == CLIResult(
            stdout: "\(team): 4 added, 0 updated, 0 unchanged, 0 skipped (dry run)\n", stderr: "", status: .ok))
        #expect(store.ok(["calendars", "list"]) == "No calendars.\n")
        #expect(store.ok(["changes", "--since", "0", "--format", "json"]) == """
            {
              "schemaVersion": 1,
              "token": 0,
              "changes": []
            }

            """)
        // And a real import afterwards still adds everything.
        #expect(store.ok(["import", team]) == "\(team): 4 added, 0 updated, 0 unchanged, 0 skipped\n")
    }

    /// bad-dtstart.ics: `DTSTART:2026-13-45T25:00` (line 32) between two good Berlin events.
    @Test func skippedItemImportsTheRestAndExits65() throws {
        let store = try StoreUnderTest()
        let file = fixture("import/invalid/bad-dtstart.ics")
        let result = store.run(["import", file])
        #expect(result.status == .dataError)
        #expect(result.stdout == "\(file): 2 added, 0 updated, 0 unchanged, 1 skipped\n")
        #expect(result.stderr == "\(file):32: error: UID bad-dtstart-2@sync.example.com: DTSTART: invalid date or date-time \"2026-13-45T25:00\"; the event is kept verbatim for export but not read (item skipped)\n")
        #expect(titles(try store.events(["--from", "2026-03-01", "--to", "2026-04-01"])) == ["Customer call", "Lunch with Priya"])
    }

    @Test func strictRefusesAFileWithABadItem() throws {
        let store = try StoreUnderTest()
        let file = fixture("import/invalid/bad-dtstart.ics")
        let result = store.run(["import", file, "--strict"])
        #expect(result.status == .dataError)
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix("\(file): not imported: 1 item could not be read (--strict)\n"))
        #expect(store.ok(["calendars"]) == "No calendars.\n")
        #expect(try store.events(["--from", "2026-03-01", "--to", "2026-04-01"]).isEmpty)
    }

    @Test func strictImportsACleanFile() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        #expect(store.run(["import", team, "--strict"]).status == .ok)
    }

    @Test func refusedInputIsReportedAndTheOthersImported() throws {
        let store = try StoreUnderTest()
        let html = fixture("import/invalid/html-error-page.ics")
        let team = fixture("demo/team.ics")
        let result = store.run(["import", html, team])
        #expect(result.status == .dataError)
        #expect(result.stdout == "\(team): 4 added, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(result.stderr.contains("\(html): not imported: not an iCalendar file\n"))
    }

    @Test func missingInputExits66() throws {
        let store = try StoreUnderTest()
        let missing = store.directory.path("nope.ics")
        #expect(store.run(["import", missing]) == CLIResult(stdout: "", stderr: "Error: No such file: '\(missing)'\n", status: .noInput))
        // The other inputs are still imported.
        let team = fixture("demo/team.ics")
        let both = store.run(["import", missing, team])
        #expect(both.status == .noInput)
        #expect(both.stdout == "\(team): 4 added, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test func directoryMeansItsIcsFilesSorted() throws {
        let store = try StoreUnderTest()
        let dir = store.directory.path("feeds")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("demo/team.ics"), toPath: dir + "/sub/b.ics")
        try FileManager.default.copyItem(atPath: fixture("import/valid/unknown-x-components.ics"), toPath: dir + "/a.ics")
        try Data("not a calendar".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        #expect(store.run(["import", dir]) == CLIResult(stdout: """
            \(dir)/a.ics: 2 added, 0 updated, 0 unchanged, 0 skipped
            \(dir)/sub/b.ics: 4 added, 0 updated, 0 unchanged, 0 skipped

            """, stderr: "", status: .ok))
    }

    @Test func standardInput() throws {
        let store = try StoreUnderTest()
        let text = try String(contentsOfFile: fixture("import/valid/unknown-x-components.ics"), encoding: .utf8)
        let result = store.run(["import", "-"], stdin: text)
        #expect(result == CLIResult(stdout: "<stdin>: 2 added, 0 updated, 0 unchanged, 0 skipped\n", stderr: "", status: .ok))
    }

    @Test func unwritableStoreLocationExits73() throws {
        let dir = try TemporaryDirectory()
        let blocker = dir.path("plain-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = blocker + "/icalkit/store.sqlite"
        let result = runCLI(["--store", store, "import", fixture("demo/team.ics")])
        #expect(result == CLIResult(
            stdout: "", stderr: "Error: cannot create store at '\(store)': '\(blocker)' is not a directory\n", status: .cannotCreate))
        // Through $ICALKIT_STORE as well.
        let (io, captured) = CLIIO.capturing(environment: ["ICALKIT_STORE": store])
        #expect(CLI.run(["calendars", "create", "Work"], io: io) == .cannotCreate)
        #expect(captured.stderr.hasPrefix("Error: cannot create store at '\(store)'"))
    }

    @Test func unwritableStoreStopsTheReadStartedBeforeIt() throws {
        // The first file's reading starts before the store opens; with 3,000 items the reader
        // may be blocked on its full queue (1,024) when the store fails, or still reading. The
        // command cancels the read and waits for the reader: this returns, with the store's
        // error alone (nothing of the file reported).
        let dir = try TemporaryDirectory()
        let blocker = dir.path("plain-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let feed = dir.path("big.ics")
        try ReliabilityTests.feed(3_000, prefix: "big").write(toFile: feed, atomically: true, encoding: .utf8)
        let store = blocker + "/icalkit/store.sqlite"
        let result = runCLI(["--store", store, "import", feed])
        #expect(result == CLIResult(
            stdout: "", stderr: "Error: cannot create store at '\(store)': '\(blocker)' is not a directory\n", status: .cannotCreate))
    }

    @Test func notADatabaseIsRefusedAndLeftAlone() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("notes.sqlite")
        let original = Data("my shopping list\n".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let result = runCLI(["--store", path, "calendars"])
        #expect(result == CLIResult(
            stdout: "", stderr: "Error: '\(path)' is not an icalkit store (not an SQLite database); it was left unchanged\n", status: .failure))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test func storePathFromTheEnvironment() throws {
        let dir = try TemporaryDirectory()
        let (io, _) = CLIIO.capturing(environment: ["XDG_DATA_HOME": dir.path("data")])
        #expect(CLI.run(["calendars", "create", "Work"], io: io) == .ok)
        #expect(FileManager.default.fileExists(atPath: dir.path("data") + "/icalkit/store.sqlite"))
        let (io2, _) = CLIIO.capturing(environment: ["ICALKIT_STORE": dir.path("explicit.sqlite"), "XDG_DATA_HOME": dir.path("data")])
        #expect(CLI.run(["calendars", "create", "Home"], io: io2) == .ok)
        #expect(FileManager.default.fileExists(atPath: dir.path("explicit.sqlite")))
    }

    @Test func readOnlyFeedCanBeRefreshedButNotWritten() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        store.ok(["import", team, "--read-only"])
        #expect(store.run(["import", team]).stdout == "\(team): 0 added, 0 updated, 4 unchanged, 0 skipped\n")
        // Another file into the read-only calendar is refused, and nothing of it lands.
        let other = fixture("import/valid/unknown-x-components.ics")
        let result = store.run(["import", other, "--calendar", "Platform Team"])
        #expect(result == CLIResult(stdout: "",
                                    stderr: "Error: \(other): calendar 'Platform Team' is read-only; nothing imported from it\n",
                                    status: .failure))
    }
}

@Suite("import progress")
struct ImportProgressTests {
    func run(_ args: [String], stderrIsTerminal: Bool, delay: String? = "0") throws -> (status: ExitStatus, stdout: String, stderr: String) {
        let store = try StoreUnderTest()
        var (io, captured) = CLIIO.capturing()
        io.stderrIsTerminal = stderrIsTerminal
        io.environment["ICALKIT_PROGRESS_DELAY"] = delay
        let status = CLI.run(["--store", store.path, "import"] + args, io: io)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func barOnlyOnATerminalAndNotWithQuiet() throws {
        let files = [fixture("demo/team.ics"), fixture("import/valid/unknown-x-components.ics")]
        let terminal = try run(files, stderrIsTerminal: true)
        #expect(terminal.status == .ok)
        #expect(terminal.stderr.contains("] 0/2 "))
        #expect(terminal.stderr.contains("] 1/2 "))
        #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"))   // the bar is cleared at the end
        #expect(!terminal.stdout.contains("\r"))            // stdout carries only the report
        let quiet = try run(files + ["--quiet"], stderrIsTerminal: true)
        #expect(quiet.stderr == "")
        let piped = try run(files, stderrIsTerminal: false)
        #expect(piped.stderr == "")
        #expect(piped.stdout == quiet.stdout)
    }

    /// The bar is for work that takes more than a moment: a quick import draws nothing even on
    /// a terminal (the default delay is 0.3 s).
    @Test func noBarForQuickWork() throws {
        let quick = try run([fixture("demo/team.ics")], stderrIsTerminal: true, delay: nil)
        #expect(quick.status == .ok)
        #expect(quick.stderr == "")
    }
}
