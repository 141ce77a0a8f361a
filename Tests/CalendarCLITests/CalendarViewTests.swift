@testable import CalendarCLI
import CalendarStore
import CalendarTestSupport
import Foundation
import Testing

/// `icalkit calendar`: the month and week grids and their agenda. The clock of these runs is
/// 2026-03-02T09:00:00Z (a Monday); March 2026 starts on a Sunday. Every day and time below is
/// read by hand from Fixtures/views/home.ics with RFC 5545's rules, in Europe/Berlin (UTC+1
/// until 29 March). Tests/views checks the same views in a real terminal (tmux) and browser.
@Suite("Calendar views")
struct CalendarViewTests {
    static func store() throws -> StoreUnderTest {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("views/home.ics")])
        return store
    }

    static func run(_ store: StoreUnderTest, _ args: [String], columns: Int) -> CLIResult {
        let (io, captured) = CLIIO.capturing(environment: ["COLUMNS": String(columns)], timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let status = CLI.run(["--store", store.path] + args, io: io)
        return CLIResult(stdout: captured.stdout, stderr: captured.stderr, status: status)
    }

    @Test func marchGridMarksDaysWithEventsAndToday() throws {
        let store = try Self.store()
        let result = Self.run(store, ["calendar", "--month", "2026-03"], columns: 40)
        #expect(result.status == .ok, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 40 columns: the agenda goes below the 35-column grid.
        #expect(Array(lines.prefix(8)) == [
            "            March 2026",
            " Mo   Tu   We   Th   Fr   Sa   Su",
            "                                1",
            "[ 2]   3    4•   5    6    7    8",
            "  9   10•  11•  12•  13•  14   15",
            " 16   17   18•  19   20•  21•  22",
            " 23   24   25•  26   27   28   29",
            " 30   31",
        ])
        #expect(lines.allSatisfy { $0.count <= 40 })
    }

    @Test func agendaListsEachDayWithTimesInTheViewZone() throws {
        let store = try Self.store()
        let out = Self.run(store, ["calendar", "--month", "2026-03"], columns: 40).stdout
        let agenda = out.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        #expect(agenda == """
            Wednesday 4 March 2026
              18:00–19:00  Yoga ↻ · Home

            Tuesday 10 March 2026
              09:00–10:00  Dentist · Home · Hauptst…

            Wednesday 11 March 2026
              18:00–19:00  Yoga ↻ · Home

            Thursday 12 March 2026
              all day      Conference · Home

            Friday 13 March 2026
              all day      Conference · Home

            Wednesday 18 March 2026
              18:00–19:00  Yoga ↻ · Home

            Friday 20 March 2026
              23:30 → 21 Mar 00:30  Late call · Home

            Saturday 21 March 2026
              (continues)  Late call · Home

            Wednesday 25 March 2026
              13:00–14:00  <script>alert(1)</script…

            """)
    }

    @Test func wideTerminalsGetTheAgendaBesideTheGrid() throws {
        let store = try Self.store()
        let out = Self.run(store, ["calendar", "--month", "2026-03"], columns: 120).stdout
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "            March 2026                Wednesday 4 March 2026")
        #expect(lines[1] == " Mo   Tu   We   Th   Fr   Sa   Su       18:00–19:00  Yoga ↻ · Home")
        #expect(lines.contains { $0.hasSuffix("   09:00–10:00  Dentist · Home · Hauptstraße 5") })
        #expect(lines.allSatisfy { $0.count <= 120 })
    }

    @Test func weekViewShowsMondayToSunday() throws {
        let store = try Self.store()
        let out = Self.run(store, ["calendar", "--week", "2026-03-12", "--format", "text"], columns: 60).stdout
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(3)) == [
            "       Week of 9 March 2026",
            " Mo   Tu   We   Th   Fr   Sa   Su",
            "  9   10•  11•  12•  13•  14   15",
        ])
        #expect(out.contains("Thursday 12 March 2026\n  all day      Conference · Home"))
        #expect(out.contains("Wednesday 11 March 2026") && !out.contains("Wednesday 4 March") && !out.contains("Wednesday 18"))
    }

    @Test func theDefaultIsThisMonth() throws {
        let store = try Self.store()
        let out = Self.run(store, ["calendar"], columns: 40).stdout
        #expect(out.hasPrefix("            March 2026\n"))
    }

    @Test func htmlIsOnePageWithEveryEventEscaped() throws {
        let store = try Self.store()
        let html = Self.run(store, ["calendar", "--month", "2026-03", "--format", "html"], columns: 80).stdout
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))                      // the title is text, not markup
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"))
        // Nine agenda entries (Yoga ×3, Dentist, Conference ×2 days, Late call ×2 days, the odd one).
        #expect(html.components(separatedBy: "<li class=\"event\">").count - 1 == 9)
        #expect(html.contains("<td class=\"today\"><div class=\"number\">2</div></td>"))
        #expect(html.contains("id=\"day-2026-03-10\""))
    }

    @Test(arguments: [
        (["calendar", "--month", "2026-13"], "Invalid month '2026-13' for '--month': expected YYYY-MM, e.g. 2026-03"),
        (["calendar", "--month", "March"], "Invalid month 'March' for '--month': expected YYYY-MM, e.g. 2026-03"),
    ])
    func badMonthsAreUsageErrors(args: [String], message: String) throws {
        let store = try Self.store()
        let result = Self.run(store, args, columns: 80)
        #expect(result.status == .usage)
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test func monthAndWeekExcludeEachOther() throws {
        let store = try Self.store()
        let result = Self.run(store, ["calendar", "--month", "2026-03", "--week", "2026-03-02"], columns: 80)
        #expect(result.status == .usage)
    }
}
