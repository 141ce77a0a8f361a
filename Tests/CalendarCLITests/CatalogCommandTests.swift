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
            stdout: "", stderr: "Error: no calendar titled 'Feed'\n", status: .failure))
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
        #expect(kinds == ["deleted", "deleted", "deleted"])
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
            stdout: "", stderr: "Error: no calendar titled 'Nope'\n", status: .failure))
    }

    @Test func changesSinceZeroAndSinceAToken() throws {
        let store = try StoreUnderTest()
        #expect(store.ok(["changes", "--since", "0"]) == "No changes.\nToken: 0\n")
        store.ok(["calendars", "create", "Work"])
        let first = store.ok(["add", "event", "--title", "A", "--start", "2026-03-03T10:00", "--duration", "1h", "--calendar", "Work"])
            .trimmingCharacters(in: .newlines)
        let second = store.ok(["add", "reminder", "--title", "B", "--calendar", "Work"]).trimmingCharacters(in: .newlines)
        #expect(store.ok(["changes", "--since", "0", "--format", "json"]) == """
            {
              "schemaVersion": 1,
              "token": 2,
              "changes": [
                {
                  "token": 1,
                  "uid": "\(first)",
                  "calendar": "Work",
                  "change": "added"
                },
                {
                  "token": 2,
                  "uid": "\(second)",
                  "calendar": "Work",
                  "change": "added"
                }
              ]
            }

            """)
        store.ok(["delete", first])
        #expect(store.ok(["changes", "--since", "2", "--format", "json"]) == """
            {
              "schemaVersion": 1,
              "token": 3,
              "changes": [
                {
                  "token": 3,
                  "uid": "\(first)",
                  "calendar": "Work",
                  "change": "deleted"
                }
              ]
            }

            """)
        #expect(store.ok(["changes", "--since", "3"]) == "No changes.\nToken: 3\n")
        #expect(store.ok(["changes", "--since", "1"]) == """
            TOKEN  CHANGE   CALENDAR  UID
            2      added    Work      \(second)
            3      deleted  Work      \(first)
            Token: 3

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
