@testable import CalendarCLI
import Foundation
import Testing

@Suite("calendars, export, changes, completions")
struct CatalogCommandTests {
    @Test func createListDelete() throws {
        let store = try StoreUnderTest()
        #expect(store.run(["calendars"]) == CLIResult(stdout: "No calendars.\n", stderr: "", status: .ok))
        #expect(store.run(["calendars", "create", "Work", "--color", "#1BADF8"]) == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(store.run(["calendars", "create", "Feed", "--read-only"]) == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(store.run(["calendars", "create", "Work"]) == CLIResult(
            stdout: "", stderr: "Error: calendar 'Work' already exists\n", status: .failure))
        #expect(store.ok(["calendars", "list", "--format", "json"]) == """
            {
              "schemaVersion": 1,
              "calendars": [
                {
                  "title": "Feed",
                  "color": null,
                  "description": null,
                  "readOnly": true,
                  "access": "read-only",
                  "source": null,
                  "timeZone": null,
                  "events": 0,
                  "reminders": 0,
                  "subscription": null
                },
                {
                  "title": "Work",
                  "color": "#1BADF8",
                  "description": null,
                  "readOnly": false,
                  "access": "writable",
                  "source": null,
                  "timeZone": null,
                  "events": 0,
                  "reminders": 0,
                  "subscription": null
                }
              ]
            }

            """)
        #expect(store.ok(["calendars"]) == """
            TITLE  ACCESS     EVENTS  REMINDERS  COLOR    SOURCE
            Feed   read-only  0       0
            Work   writable   0       0          #1BADF8

            """)
        #expect(store.run(["calendars", "delete", "Feed"]) == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(store.run(["calendars", "delete", "Feed"]) == CLIResult(
            stdout: "", stderr: "Error: no calendar titled 'Feed'\n", status: .noSuchCalendar))
        #expect(store.ok(["calendars", "list"]) == "TITLE  ACCESS    EVENTS  REMINDERS  COLOR    SOURCE\nWork   writable  0       0          #1BADF8\n")
    }

    @Test func deletingACalendarRemovesItsItemsAndLogsThem() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        let token = try jsonObject(store.ok(["changes", "--since", "0", "--format", "json"]))["token"] as? Int ?? -1
        store.ok(["calendars", "delete", "Platform Team"])
        #expect(try store.events(["--from", "2026-01-01", "--to", "2027-01-01"]).isEmpty)
        let after = try jsonObject(store.ok(["changes", "--since", String(token), "--format", "json"]))
        let kinds = (after["changes"] as? [[String: Any]] ?? []).compactMap { $0["change"] as? String }
        #expect(kinds == ["deleted", "deleted", "deleted", "calendar-deleted"])
    }

    @Test func exportWritesOneCalendarPerVCALENDARWithItsZones() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        store.ok(["import", fixture("import/valid/unknown-x-components.ics")])
        let all = store.exportLines()
        #expect(all.filter { $0 == "BEGIN:VCALENDAR" }.count == 2)
        #expect(all.contains("X-WR-CALNAME:Platform Team"))
        #expect(all.contains("X-WR-CALNAME:Room bookings"))
        #expect(all.contains("TZID:GMT Standard Time"))
        // Unknown components and properties survive (original text of untouched items).
        #expect(all.contains("BEGIN:X-VENDOR-DATA"))
        #expect(all.contains("X-ROOMS-SEATS:12"))
        let one = store.exportLines(["--calendar", "Room bookings"])
        #expect(one.filter { $0 == "BEGIN:VCALENDAR" }.count == 1)
        #expect(!one.contains("X-WR-CALNAME:Platform Team"))

        // Export → import into a fresh store → same events.
        let exported = store.ok(["export"])
        let copy = try StoreUnderTest()
        #expect(copy.run(["import", "-"], stdin: exported).status == .ok)
        let window = ["--from", "2026-01-01", "--to", "2027-01-01", "--tz", "UTC"]
        #expect(try titles(copy.events(window)) == titles(store.events(window)))
    }

    @Test func exportToAFileAndAsJSON() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("import/valid/unknown-x-components.ics")])
        let out = store.directory.path("out.ics")
        #expect(store.run(["export", "-o", out]) == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == store.ok(["export"]))
        let json = try jsonObject(store.ok(["export", "--format", "json"]))
        #expect(json["schemaVersion"] as? Int == 1)
        let calendars = try #require(json["calendars"] as? [[String: Any]])
        #expect(calendars.first?["title"] as? String == "Room bookings")
        #expect((calendars.first?["events"] as? [Any])?.count == 2)
        // jCal is the jCal of the iCalendar export (RFC 7265: one calendar is its array).
        let jcal = try JSONSerialization.jsonObject(with: Data(store.ok(["export", "--format", "jcal"]).utf8)) as? [Any]
        #expect(jcal?.first as? String == "vcalendar")
        #expect(((jcal?[2] as? [[Any]]) ?? []).filter { $0.first as? String == "vevent" }.count == 2)
        #expect(store.ok(["export", "--to", "ics"]) == store.ok(["export"]))
        #expect(store.run(["export", "--calendar", "Nope"]) == CLIResult(
            stdout: "", stderr: "Error: no calendar titled 'Nope'\n", status: .noSuchCalendar))
    }

    @Test func changesSinceZeroAndSinceAToken() throws {
        let store = try StoreUnderTest()
        #expect(store.ok(["changes", "--since", "0"]) == "No changes.\nToken: 0\n")
        store.ok(["calendars", "create", "Work"])
        let first = store.ok(["add", "event", "-q", "--title", "A", "--start", "2026-03-03T10:00", "--duration", "1h", "--calendar", "Work"])
            .trimmingCharacters(in: .newlines)
        let second = store.ok(["add", "reminder", "-q", "--title", "B", "--calendar", "Work"]).trimmingCharacters(in: .newlines)
        #expect(store.ok(["changes", "--since", "0", "--format", "json"]) == """
            {
              "schemaVersion": 1,
              "token": 3,
              "changes": [
                {
                  "token": 1,
                  "uid": "",
                  "calendar": "Work",
                  "change": "calendar-created"
                },
                {
                  "token": 2,
                  "uid": "\(first)",
                  "calendar": "Work",
                  "change": "added"
                },
                {
                  "token": 3,
                  "uid": "\(second)",
                  "calendar": "Work",
                  "change": "added"
                }
              ]
            }

            """)
        store.ok(["delete", first])
        #expect(store.ok(["changes", "--since", "3", "--format", "json"]) == """
            {
              "schemaVersion": 1,
              "token": 4,
              "changes": [
                {
                  "token": 4,
                  "uid": "\(first)",
                  "calendar": "Work",
                  "change": "deleted"
                }
              ]
            }

            """)
        #expect(store.ok(["changes", "--since", "4"]) == "No changes.\nToken: 4\n")
        #expect(store.ok(["changes", "--since", "2"]) == """
            TOKEN  CHANGE   CALENDAR  UID
            3      added    Work      \(second)
            4      deleted  Work      \(first)
            Token: 4

            """)
        #expect(store.run(["changes", "--since", "yesterday"]).status == .usage)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsKnowEveryCommandAndOption(_ shell: String) throws {
        let result = runCLI(["completions", shell])
        #expect(result.status == .ok)
        #expect(result.stderr == "")
        for word in ["import", "events", "reminders", "export", "calendars", "add", "complete", "delete", "edit", "changes",
                     "convert", "validate", "include-cancelled", "dry-run", "occurrence", "priority"] {
            #expect(result.stdout.contains(word), "\(shell) completion lacks \(word)")
        }
    }

    @Test func bashCompletionIsValidBash() throws {
        let script = runCLI(["completions", "bash"]).stdout
        let dir = try TemporaryDirectory()
        let path = dir.path("icalkit.bash")
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-n", path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// Completions from the store, and zone names that go on past their directory.
@Suite("Completions from the store")
struct StoreCompletionTests {
    @Test func listsCalendarsAndIDs() throws {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Work"])
        store.ok(["calendars", "create", "Home Office"])
        let uid = store.ok(["add", "reminder", "-q", "--title", "x", "--calendar", "Work"]).trimmingCharacters(in: .newlines)
        #expect(store.ok(["completions", "--list", "calendars"]) == "Home Office\nWork\n")
        #expect(store.ok(["completions", "--list", "ids"]) == String(ShortID.hash(uid).prefix(6)) + "\n")
        let missing = runCLI(["--store", store.directory.path("none.sqlite"), "completions", "--list", "calendars"])
        #expect(missing == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(!FileManager.default.fileExists(atPath: store.directory.path("none.sqlite")))
    }

    /// Runs the bash script's completion function for `line` (the word being completed last), with
    /// the arguments bash gives it; `compopt` prints what it was asked. Typed into a real bash
    /// (readline's quoting included) by Tests/completions.
    static func bashComplete(_ line: [String], store: String, binary: URL) throws -> [String] {
        let script = runCLI(["completions", "bash"]).stdout
        let dir = try TemporaryDirectory()
        let path = dir.path("icalkit.bash")
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        let words = (["icalkit", "--store", store] + line).map { "'" + $0 + "'" }.joined(separator: " ")
        let driver = """
            source \(path)
            icalkit() { '\(binary.path)' "$@"; }
            compopt() { echo "compopt $*"; }
            COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _icalkit icalkit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", driver]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesZonesAndCalendars() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash"), let binary = icalkitBinary else { return }
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Work"])
        store.ok(["calendars", "create", "Home Office"])
        #expect(try Self.bashComplete(["events", "--calendar", "Ho"], store: store.path, binary: binary) == ["compopt -o filenames", "Home Office"])
        #expect(try Self.bashComplete(["calendars", "delete", "W"], store: store.path, binary: binary).contains("Work"))
        // /usr/share/zoneinfo/Europe is a directory: offered as Europe/ with no space after it.
        let zones = try Self.bashComplete(["events", "--tz", "Europ"], store: store.path, binary: binary)
        #expect(zones == ["compopt -o nospace", "Europe/"])
        #expect(try Self.bashComplete(["events", "--tz", "Europe/Berl"], store: store.path, binary: binary) == ["Europe/Berlin"])
    }
}
