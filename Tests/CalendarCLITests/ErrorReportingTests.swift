@testable import CalendarCLI
import Foundation
import Testing

/// Errors as scripts see them: JSON on stderr with `--format json`, their own exit codes for an
/// unknown calendar (67) and an unknown item (68), calendar names read without regard to case.
@Suite("Error reporting")
struct ErrorReportingTests {
    /// A store with the calendars Work (one event on 2 March 2026) and Home.
    static func store() throws -> StoreUnderTest {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Work"])
        store.ok(["calendars", "create", "Home"])
        store.ok(["add", "event", "-q", "--title", "Review", "--start", "2026-03-02T10:00", "--duration", "1h", "--calendar", "Work"])
        return store
    }

    struct JSONErrorCase: Sendable, CustomTestStringConvertible {
        let args: [String]
        let code: String
        let message: String
        let status: ExitStatus
        var testDescription: String { args.joined(separator: " ") }
    }

    static let jsonErrors: [JSONErrorCase] = [
        JSONErrorCase(args: ["events", "--day", "2026-03-02", "--calendar", "Nope", "--format", "json"],
                      code: "no-such-calendar", message: "no calendar titled 'Nope'", status: .noSuchCalendar),
        JSONErrorCase(args: ["events", "--format=json", "--calendar", "Wrk"],
                      code: "no-such-calendar", message: "no calendar titled 'Wrk'. Did you mean 'Work'?", status: .noSuchCalendar),
        JSONErrorCase(args: ["events", "--format", "json", "--day", "2026-02-30"],
                      code: "usage", message: "Invalid date '2026-02-30' for '--day': February 2026 has 28 days", status: .usage),
        JSONErrorCase(args: ["reminders", "--format", "json", "--bogus"],
                      code: "usage", message: "Unknown option '--bogus'", status: .usage),
        JSONErrorCase(args: ["changes", "--since", "99", "--format", "json"],
                      code: "failure", message: "token 99 is beyond the store's last change (token 3); pass a token an earlier `changes` printed, or 0 for everything",
                      status: .failure),
    ]

    @Test(arguments: jsonErrors)
    func jsonErrorOnStderr(_ c: JSONErrorCase) throws {
        let store = try Self.store()
        let result = store.run(c.args)
        #expect(result.status == c.status)
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix("\n") && result.stderr.filter { $0 == "\n" }.count == 1)
        let error = try #require(try jsonObject(result.stderr)["error"] as? [String: Any])
        #expect(error["code"] as? String == c.code)
        #expect(error["message"] as? String == c.message)
        #expect(error.count == 2)
    }

    /// A `--format json` after `--` is a value, not a request for JSON.
    @Test func formatAfterTerminatorIsNotJSON() {
        #expect(!CLI.asksForJSON(["convert", "--", "--format", "json"]))
        #expect(CLI.asksForJSON(["convert", "a.ics", "--format", "json"]))
    }

    struct StatusCase: Sendable, CustomTestStringConvertible {
        let args: [String]
        let stderr: String
        let status: ExitStatus
        var testDescription: String { args.joined(separator: " ") }
    }

    static let statuses: [StatusCase] = [
        StatusCase(args: ["delete", "nope@example.com"], stderr: "Error: no item with UID or short ID 'nope@example.com'\n", status: .noSuchItem),
        StatusCase(args: ["complete", "nope@example.com"], stderr: "Error: no item with UID or short ID 'nope@example.com'\n", status: .noSuchItem),
        StatusCase(args: ["edit", "nope@example.com", "--title", "X"], stderr: "Error: no item with UID or short ID 'nope@example.com'\n", status: .noSuchItem),
        StatusCase(args: ["export", "--calendar", "Hme"], stderr: "Error: no calendar titled 'Hme'. Did you mean 'Home'?\n", status: .noSuchCalendar),
        StatusCase(args: ["calendars", "delete", "Office"], stderr: "Error: no calendar titled 'Office'\n", status: .noSuchCalendar),
        StatusCase(args: ["calendars", "set", "Nope", "--color", "#FF0000"], stderr: "Error: no calendar titled 'Nope'\n", status: .noSuchCalendar),
        StatusCase(args: ["add", "reminder", "--title", "X", "--calendar", "Wor"],
                   stderr: "Error: no calendar titled 'Wor'. Did you mean 'Work'?\n", status: .noSuchCalendar),
        StatusCase(args: ["changes", "--since", "4"],
                   stderr: "Error: token 4 is beyond the store's last change (token 3); pass a token an earlier `changes` printed, or 0 for everything\n",
                   status: .failure),
    ]

    @Test(arguments: statuses)
    func exitStatus(_ c: StatusCase) throws {
        let store = try Self.store()
        #expect(store.run(c.args) == CLIResult(stdout: "", stderr: c.stderr, status: c.status))
    }

    /// `work`, `WORK` and `Work` are one calendar when only one title is equal but for case.
    @Test(arguments: ["work", "WORK", "Work"])
    func calendarNamesIgnoreCase(_ name: String) throws {
        let store = try Self.store()
        #expect(titles(try store.events(["--day", "2026-03-02", "--calendar", name])) == ["Review"])
        store.ok(["add", "reminder", "-q", "--title", "File report", "--calendar", name])
        #expect(try store.reminders().compactMap { $0["calendar"] as? String } == ["Work"])
        store.ok(["calendars", "set", name, "--color", "#1BADF8"])
        store.ok(["calendars", "delete", name])
        #expect(store.run(["events", "--calendar", "Work"]).status == .noSuchCalendar)
    }

    /// When two titles differ only in case, the exact one wins and a folded one is refused.
    @Test func twoTitlesThatDifferInCase() throws {
        let store = try Self.store()
        store.ok(["calendars", "create", "WORK"])
        #expect(titles(try store.events(["--day", "2026-03-02", "--calendar", "Work"])) == ["Review"])
        #expect(try store.events(["--day", "2026-03-02", "--calendar", "WORK"]).isEmpty)
        #expect(store.run(["events", "--calendar", "work"]) == CLIResult(
            stdout: "", stderr: "Error: no calendar titled 'work'; several differ from it only in case: 'WORK', 'Work'\n",
            status: .noSuchCalendar))
    }

    @Test func changesAtTheLastTokenIsEmpty() throws {
        let store = try Self.store()
        #expect(store.ok(["changes", "--since", "3"]) == "No changes.\nToken: 3\n")
    }

    /// `help help`, `help --help` and `help -h` print the help of `help`.
    @Test func helpOfHelp() {
        let result = runCLI(["help", "help"])
        #expect(result.status == .ok)
        #expect(result.stdout.hasPrefix("OVERVIEW: Show the help of a command (the same text as COMMAND --help).\n"))
        #expect(result.stdout.contains("USAGE: icalkit help [COMMAND...]\n"))
        #expect(runCLI(["help", "--help"]) == result)
        #expect(runCLI(["help", "-h"]) == result)
        #expect(runCLI(["help"]).stdout == runCLI(["--help"]).stdout)
        #expect(runCLI(["help", "add", "event"]).stdout == runCLI(["add", "event", "--help"]).stdout)
    }
}

/// Calendars created and deleted appear in `changes` (with an empty UID), after the deletions
/// of what they held.
@Suite("Calendar changes")
struct CalendarChangeLogTests {
    @Test func createAndDeleteAreLogged() throws {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Trips"])
        let uid = store.ok(["add", "event", "-q", "--title", "Flight", "--start", "2026-04-01T08:00", "--duration", "2h", "--calendar", "Trips"])
            .trimmingCharacters(in: .newlines)
        store.ok(["calendars", "delete", "trips"])
        let changes = try jsonObject(store.ok(["changes", "--since", "0", "--format", "json"]))["changes"] as? [[String: Any]] ?? []
        #expect(changes.map { "\($0["token"] ?? "") \($0["change"] ?? "") \($0["calendar"] ?? "") \($0["uid"] ?? "")" }
                == ["1 calendar-created Trips ", "2 added Trips \(uid)", "3 deleted Trips \(uid)", "4 calendar-deleted Trips "])
    }
}

/// `refresh NAME` for a calendar that is no subscription: exit 67, in JSON with --format json.
@Suite("Refresh of an unknown name")
struct RefreshUnknownNameTests {
    @Test func textAndJSON() throws {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Home"])
        #expect(store.run(["refresh", "Home"]) == CLIResult(stdout: "", stderr: "Error: no subscribed calendar 'Home'\n", status: .noSuchCalendar))
        let json = store.run(["refresh", "School", "--format", "json"])
        #expect(json.status == .noSuchCalendar)
        let error = try #require(try jsonObject(json.stderr)["error"] as? [String: Any])
        #expect(error["code"] as? String == "no-such-calendar")
        #expect(error["message"] as? String == "no subscribed calendar 'School'")
    }
}
