@testable import CalendarCLI
import Foundation
import Testing

/// Windows of `events`, `reminders` and `calendar` given as words, weeks and months. The test
/// clock is Monday 2026-03-02T09:00:00Z and the zone Europe/Berlin, so "this week" is
/// 2 to 8 March 2026 and the agenda 2 to 9 March (today and the next 7 days).
@Suite("Date windows")
struct DateWindowTests {
    /// One event on each of these Berlin wall clocks, titled by its date and time.
    static let starts = [
        "2026-02-28T12:00", "2026-03-01T23:30", "2026-03-02T08:00", "2026-03-03T10:00", "2026-03-08T23:30",
        "2026-03-09T00:30", "2026-03-09T23:30", "2026-03-10T00:30", "2026-03-31T12:00", "2026-04-01T00:30",
    ]

    static func storeWithEvents() throws -> StoreUnderTest {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Home"])
        for start in starts {
            store.ok(["add", "event", "-q", "--title", start, "--start", start, "--duration", "15m", "--calendar", "Home"])
        }
        return store
    }

    struct WindowCase: Sendable, CustomTestStringConvertible {
        let args: [String]
        let titles: [String]
        var testDescription: String { args.joined(separator: " ") }
    }

    static let windows: [WindowCase] = [
        WindowCase(args: [], titles: ["2026-03-02T08:00", "2026-03-03T10:00", "2026-03-08T23:30", "2026-03-09T00:30", "2026-03-09T23:30"]),
        WindowCase(args: ["--week"], titles: ["2026-03-02T08:00", "2026-03-03T10:00", "2026-03-08T23:30"]),
        WindowCase(args: ["--week", "2026-03-10"], titles: ["2026-03-09T00:30", "2026-03-09T23:30", "2026-03-10T00:30"]),
        WindowCase(args: ["--week", "+1w"], titles: ["2026-03-09T00:30", "2026-03-09T23:30", "2026-03-10T00:30"]),
        WindowCase(args: ["--week=sunday"], titles: ["2026-03-02T08:00", "2026-03-03T10:00", "2026-03-08T23:30"]),
        WindowCase(args: ["--month"], titles: ["2026-03-01T23:30", "2026-03-02T08:00", "2026-03-03T10:00", "2026-03-08T23:30",
                                               "2026-03-09T00:30", "2026-03-09T23:30", "2026-03-10T00:30", "2026-03-31T12:00"]),
        WindowCase(args: ["--month", "2026-04"], titles: ["2026-04-01T00:30"]),
        WindowCase(args: ["--month", "2026-02"], titles: ["2026-02-28T12:00"]),
        WindowCase(args: ["--day", "tomorrow"], titles: ["2026-03-03T10:00"]),
        WindowCase(args: ["--day", "yesterday"], titles: ["2026-03-01T23:30"]),
        WindowCase(args: ["--day", "20260331"], titles: ["2026-03-31T12:00"]),
        WindowCase(args: ["--from", "today", "--to", "wednesday"], titles: ["2026-03-02T08:00", "2026-03-03T10:00"]),
        WindowCase(args: ["--from", "-3d", "--to", "now"], titles: ["2026-02-28T12:00", "2026-03-01T23:30", "2026-03-02T08:00"]),
        WindowCase(args: ["--from", "2026-03-08 23:00", "--to", "2026-03-09T00:00:00.000+01:00"], titles: ["2026-03-08T23:30"]),
        WindowCase(args: ["--from", "20260309T000000", "--to", "+1m"], titles: ["2026-03-09T00:30", "2026-03-09T23:30", "2026-03-10T00:30",
                                                                                "2026-03-31T12:00", "2026-04-01T00:30"]),
    ]

    @Test(arguments: windows)
    func eventsWindow(_ c: WindowCase) throws {
        let store = try Self.storeWithEvents()
        #expect(titles(try store.events(c.args)) == c.titles)
    }

    /// `calendar --week` without a value is this week; its agenda lists the week's events.
    @Test func calendarWeekWithoutValue() throws {
        let store = try Self.storeWithEvents()
        let out = store.ok(["calendar", "--week"])
        #expect(out.contains("2026-03-03T10:00"))
        #expect(!out.contains("2026-03-09T00:30"))
        #expect(!out.contains("2026-03-01T23:30"))
    }

    @Test func remindersByWeekAndMonth() throws {
        let store = try StoreUnderTest()
        for due in ["2026-03-01", "2026-03-04", "2026-03-09", "2026-04-01"] {
            store.ok(["add", "reminder", "-q", "--title", "due " + due, "--due", due])
        }
        store.ok(["add", "reminder", "-q", "--title", "undated"])
        #expect(try store.reminders(["--week"]).compactMap { $0["title"] as? String } == ["due 2026-03-04"])
        #expect(try store.reminders(["--week", "2026-03-09"]).compactMap { $0["title"] as? String } == ["due 2026-03-09"])
        #expect(try store.reminders(["--month", "--incomplete"]).compactMap { $0["title"] as? String }
                == ["due 2026-03-01", "due 2026-03-04", "due 2026-03-09"])
        let mixed = store.run(["reminders", "--week", "--from", "today"])
        #expect(mixed.status == .usage)
        #expect(mixed.stderr.hasPrefix("Error: '--from' and '--week' cannot be used together\n"))
    }

    /// Impossible dates get their own message wherever a WHEN is taken.
    @Test(arguments: [
        (["events", "--from", "2026-02-29", "--to", "2026-03-05"], "Invalid date '2026-02-29' for '--from': February 2026 has 28 days"),
        (["add", "event", "--title", "x", "--start", "2026-04-31T10:00", "--duration", "1h"], "Invalid date '2026-04-31T10:00' for '--start': April 2026 has 30 days"),
        (["events", "--week", "2026-06-31"], "Invalid date '2026-06-31' for '--week': June 2026 has 30 days"),
    ])
    func impossibleDate(_ args: [String], _ message: String) throws {
        let store = try StoreUnderTest()
        let result = store.run(args)
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"))
    }
}
