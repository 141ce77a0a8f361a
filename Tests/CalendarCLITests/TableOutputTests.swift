import CalendarModel
@testable import CalendarCLI
import Foundation
import Testing

@Suite("Table output")
struct TableOutputTests {
    @Test func eventsInTheChosenZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let standup = JSONOutputTests.event("standup", 1_772_438_400, 1_772_439_300, zone: berlin)   // 09:00–09:15 CET
        var holiday = JSONOutputTests.event("holiday", 1_772_409_600, 1_772_496_000, zone: nil, allDay: true)
        holiday.title = "Holiday"
        let trip = JSONOutputTests.event("trip", 1_772_409_600, 1_772_582_400, zone: nil, allDay: true)  // 03-02..03-03
        let floating = JSONOutputTests.event("float", 1_772_442_000, 1_772_445_600, zone: nil)     // 09:00–10:00 as written
        var located = standup
        located.location = "Room 1"
        let occurrences = [
            JSONOutputTests.occurrence(located, recurring: true),
            JSONOutputTests.occurrence(holiday),
            JSONOutputTests.occurrence(trip),
            JSONOutputTests.occurrence(floating),
        ]
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let expected = """
            START             END                   TITLE        CALENDAR  LOCATION
            2026-03-02        all day               Holiday      Work
            2026-03-02        2026-03-03 (all day)  T trip       Work
            2026-03-02 03:00  03:15                 T standup ↻  Work      Room 1
            2026-03-02 09:00  10:00                 T float      Work

            """
        #expect(TableOutput(timeZone: newYork, color: false).events(occurrences) == expected)
    }

    @Test func colourOnlyWhenAsked() {
        let plain = TableOutput(timeZone: .gmt, color: false).table(header: ["A", "B"], rows: [["x", "y"]])
        #expect(plain == "A  B\nx  y\n")
        let coloured = TableOutput(timeZone: .gmt, color: true).table(header: ["A", "B"], rows: [["x", "y"]])
        #expect(coloured == "\u{1B}[1mA  B\u{1B}[0m\nx  y\n")
    }

    @Test func colourFollowsTerminalAndNO_COLOR() {
        var (io, _) = CLIIO.capturing()
        #expect(!io.usesColor)
        io.stdoutIsTerminal = true
        #expect(io.usesColor)
        io.environment["NO_COLOR"] = "1"
        #expect(!io.usesColor)
    }

    @Test func empty() {
        #expect(TableOutput(timeZone: .gmt, color: false).events([]) == "No events.\n")
    }
}

/// Tables for people: fitted to the terminal, calendar colours, a zone column for mixed zones,
/// short IDs, undated reminders by priority.
@Suite("Tables for people")
struct PeopleTableTests {
    static let longTitle = "Quarterly planning with the whole platform group and guests from sales"

    static func store() throws -> StoreUnderTest {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Work", "--color", "#1BADF8"])
        store.ok(["add", "event", "-q", "--title", longTitle, "--start", "2026-03-03T10:00", "--location", "Building 4, room 12, second floor",
                  "--calendar", "Work"])
        store.ok(["add", "event", "-q", "--title", "Call New York", "--start", "2026-03-03T15:00", "--tz", "America/New_York", "--calendar", "Work"])
        return store
    }

    /// Run with the environment of a terminal (`COLUMNS`, `NO_COLOR`) and stdout a terminal or not.
    static func run(_ store: StoreUnderTest, _ args: [String], environment: [String: String], terminal: Bool) -> CLIResult {
        var (io, captured) = CLIIO.capturing(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
        io.environment = environment
        io.stdoutIsTerminal = terminal
        let status = CLI.run(["--store", store.path] + args, io: io)
        return CLIResult(stdout: captured.stdout, stderr: captured.stderr, status: status)
    }

    @Test(arguments: [60, 80, 120])
    func fitsTheTerminal(_ columns: Int) throws {
        let store = try Self.store()
        let out = Self.run(store, ["events", "--day", "2026-03-03"], environment: ["COLUMNS": String(columns), "NO_COLOR": "1"],
                           terminal: true).stdout
        let lines = out.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines { #expect(line.count <= columns, "\(line.count) > \(columns): \(line)") }
        #expect(out.contains("…") == (columns < 150))
    }

    @Test func pipesGetWholeLines() throws {
        let store = try Self.store()
        let out = Self.run(store, ["events", "--day", "2026-03-03"], environment: [:], terminal: false).stdout
        #expect(out.contains(Self.longTitle))
        #expect(!out.contains("\u{1B}["))
    }

    /// Two zones listed: a ZONE column with each event's own zone; the CALENDAR cell in
    /// #1BADF8 = rgb(27, 173, 248) on a terminal without NO_COLOR.
    @Test func zoneColumnAndColour() throws {
        let store = try Self.store()
        let coloured = Self.run(store, ["events", "--day", "2026-03-03"], environment: ["COLUMNS": "200"], terminal: true).stdout
        #expect(coloured.contains("\u{1B}[38;2;27;173;248mWork\u{1B}[0m"))
        let plain = Self.run(store, ["events", "--day", "2026-03-03"], environment: ["COLUMNS": "200", "NO_COLOR": "1"], terminal: true).stdout
        #expect(!plain.contains("\u{1B}["))
        let lines = plain.split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix("ZONE"))
        #expect(lines[1].hasSuffix("Europe/Berlin"))
        #expect(lines[2].hasSuffix("America/New_York"))
        #expect(lines[0].hasPrefix("ID  "))
    }

    @Test func oneZoneHasNoZoneColumn() throws {
        let single = try StoreUnderTest()
        single.ok(["add", "event", "-q", "--title", "A", "--start", "2026-03-03T10:00"])
        single.ok(["add", "event", "-q", "--title", "B", "--start", "2026-03-03T12:00"])
        #expect(single.ok(["events", "--day", "2026-03-03"]).split(separator: "\n").first?.hasSuffix("LOCATION") == true)
    }

    /// Undated reminders: priority 1 (high) before 5 before 9, none last; then by title.
    @Test func undatedRemindersByPriorityThenTitle() throws {
        let store = try StoreUnderTest()
        for (title, priority) in [("b none", "none"), ("c low", "low"), ("a none", "none"), ("z high", "high"), ("m medium", "medium"), ("a high", "high")] {
            store.ok(["add", "reminder", "-q", "--title", title, "--priority", priority])
        }
        store.ok(["add", "reminder", "-q", "--title", "dated", "--due", "2026-03-05"])
        let titles = store.ok(["reminders"]).split(separator: "\n").dropFirst().map { line in
            String(line.split(separator: "  ", omittingEmptySubsequences: true).dropLast().last ?? "").trimmingCharacters(in: .whitespaces)
        }
        #expect(titles == ["dated", "a high", "z high", "m medium", "c low", "a none", "b none"])
    }

    /// The ID column's values are accepted by the item commands.
    @Test func idsAreAccepted() throws {
        let store = try Self.store()
        let out = store.ok(["events", "--day", "2026-03-03"])
        let id = try #require(out.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        #expect(id.count == 6)
        #expect(store.ok(["show", id]).hasPrefix(Self.longTitle + "\n"))
        store.ok(["edit", id, "--title", "Planning"])
        #expect(store.ok(["show", id]).hasPrefix("Planning\n"))
    }
}
