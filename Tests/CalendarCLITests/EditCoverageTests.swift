@testable import CalendarCLI
import Foundation
import Testing

/// `add` defaults and `edit` over the whole model, checked in the exported iCalendar
/// (RFC 5545 property forms: §3.8.2.4 DTSTART, §3.8.6.3 TRIGGER, §3.8.5.3 RRULE, §3.8.1.11 STATUS).
@Suite("Edits that cover the model")
struct EditCoverageTests {
    /// A store with the calendars Work and Home and the event "Dentist" in Work, 2026-03-10
    /// 09:00-10:00 Berlin; returns the store and the event's UID.
    static func dentist() throws -> (StoreUnderTest, String) {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Work"])
        store.ok(["calendars", "create", "Home"])
        let uid = store.ok(["add", "event", "-q", "--title", "Dentist", "--start", "2026-03-10T09:00", "--duration", "1h",
                            "--location", "Main St 1", "--alarm", "15m", "--calendar", "Work"]).trimmingCharacters(in: .newlines)
        return (store, uid)
    }

    static func vevent(_ store: StoreUnderTest, _ uid: String, calendar: String = "Work") throws -> [String] {
        try #require(components(store.exportLines(["--calendar", calendar]), uid: uid).first)
    }

    struct AddCase: Sendable, CustomTestStringConvertible {
        let args: [String]
        let lines: [String]
        var testDescription: String { args.joined(separator: " ") }
    }

    static let adds: [AddCase] = [
        AddCase(args: ["--start", "2026-03-10T09:00"],
                lines: ["DTSTART;TZID=Europe/Berlin:20260310T090000", "DTEND;TZID=Europe/Berlin:20260310T100000"]),
        AddCase(args: ["--start", "2026-03-10", "--all-day"], lines: ["DTSTART;VALUE=DATE:20260310", "DTEND;VALUE=DATE:20260311"]),
        AddCase(args: ["--start", "tomorrow", "--all-day"], lines: ["DTSTART;VALUE=DATE:20260303", "DTEND;VALUE=DATE:20260304"]),
        AddCase(args: ["--start", "2026-03-10T09:00", "--alarm", "15m"], lines: ["TRIGGER:-PT15M"]),
        AddCase(args: ["--start", "2026-03-10T09:00", "--alarm", "-15m"], lines: ["TRIGGER:-PT15M"]),
        AddCase(args: ["--start", "2026-03-10T09:00", "--alarm", "+15m"], lines: ["TRIGGER:PT15M"]),
        AddCase(args: ["--start", "2026-03-10T09:00", "--alarm", "1d"], lines: ["TRIGGER:-P1D"]),
    ]

    @Test(arguments: adds)
    func addDefaultsAndAlarms(_ c: AddCase) throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "X"] + c.args).trimmingCharacters(in: .newlines)
        let lines = try #require(components(store.exportLines(), uid: uid).first)
        for line in c.lines { #expect(lines.contains(line), "\(line) in \(lines)") }
    }

    @Test(arguments: [["add", "event", "--title", "", "--start", "2026-03-10T09:00"], ["add", "reminder", "--title", "  "]])
    func emptyTitleIsRefused(_ args: [String]) throws {
        let store = try StoreUnderTest()
        let result = store.run(args)
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: '--title' needs a non-empty title\n"))
    }

    struct EditCase: Sendable, CustomTestStringConvertible {
        let args: [String]
        let present: [String]
        var absent: [String] = []
        var testDescription: String { args.joined(separator: " ") }
    }

    static let edits: [EditCase] = [
        EditCase(args: ["--duration", "30m"], present: ["DTEND;TZID=Europe/Berlin:20260310T093000"]),
        EditCase(args: ["--start", "2026-03-10T11:00"], present: ["DTSTART;TZID=Europe/Berlin:20260310T110000", "DTEND;TZID=Europe/Berlin:20260310T120000"]),
        EditCase(args: ["--end", "2026-03-10T09:45"], present: ["DTEND;TZID=Europe/Berlin:20260310T094500"]),
        EditCase(args: ["--all-day"], present: ["DTSTART;VALUE=DATE:20260310", "DTEND;VALUE=DATE:20260311"]),
        EditCase(args: ["--all-day", "--duration", "2d"], present: ["DTSTART;VALUE=DATE:20260310", "DTEND;VALUE=DATE:20260312"]),
        EditCase(args: ["--zone", "Europe/London"], present: ["DTSTART;TZID=Europe/London:20260310T090000", "DTEND;TZID=Europe/London:20260310T100000"]),
        EditCase(args: ["--zone", "Asia/Tokyo", "--tz", "UTC", "--start", "2026-03-10T00:30Z"],
                 present: ["DTSTART;TZID=Asia/Tokyo:20260310T093000"]),
        EditCase(args: ["--status", "cancelled"], present: ["STATUS:CANCELLED"]),
        EditCase(args: ["--status", "tentative"], present: ["STATUS:TENTATIVE"]),
        EditCase(args: ["--rrule", "FREQ=WEEKLY;COUNT=3"], present: ["RRULE:FREQ=WEEKLY;COUNT=3"]),
        EditCase(args: ["--no-alarms"], present: [], absent: ["BEGIN:VALARM"]),
        EditCase(args: ["--no-alarms", "--alarm", "1h", "--alarm", "+5m"], present: ["TRIGGER:-PT1H", "TRIGGER:PT5M"], absent: ["TRIGGER:-PT15M"]),
        EditCase(args: ["--alarm", "2d"], present: ["TRIGGER:-PT15M", "TRIGGER:-P2D"]),
        EditCase(args: ["--location", ""], present: [], absent: ["LOCATION:Main St 1"]),
        EditCase(args: ["--location", "Side St 2", "--notes", "Bring card", "--url", "https://example.com/d"],
                 present: ["LOCATION:Side St 2", "DESCRIPTION:Bring card", "URL:https://example.com/d"]),
        EditCase(args: ["--title", "Dentist (check-up)"], present: ["SUMMARY:Dentist (check-up)", "SEQUENCE:1"]),
    ]

    @Test(arguments: edits)
    func editEvent(_ c: EditCase) throws {
        let (store, uid) = try Self.dentist()
        store.ok(["edit", uid] + c.args)
        let lines = try Self.vevent(store, uid)
        for line in c.present { #expect(lines.contains(line), "\(line) in \(lines)") }
        for line in c.absent { #expect(!lines.contains(line), "\(line) in \(lines)") }
    }

    @Test func ruleOnAndOff() throws {
        let (store, uid) = try Self.dentist()
        store.ok(["edit", uid, "--rrule", "FREQ=DAILY;COUNT=3"])
        #expect(titles(try store.events(["--from", "2026-03-10", "--to", "2026-03-20"])) == ["Dentist", "Dentist", "Dentist"])
        store.ok(["edit", uid, "--no-rrule"])
        #expect(titles(try store.events(["--from", "2026-03-10", "--to", "2026-03-20"])) == ["Dentist"])
        #expect(!(try Self.vevent(store, uid)).contains { $0.hasPrefix("RRULE") })
    }

    @Test func timedAgain() throws {
        let (store, uid) = try Self.dentist()
        store.ok(["edit", uid, "--all-day"])
        store.ok(["edit", uid, "--no-all-day", "--start", "2026-03-11T14:00"])
        let lines = try Self.vevent(store, uid)
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20260311T140000"))
        #expect(lines.contains("DTEND;TZID=Europe/Berlin:20260311T150000"))
    }

    @Test func moveToAnotherCalendar() throws {
        let (store, uid) = try Self.dentist()
        store.ok(["edit", uid, "--move-to", "home"])
        #expect(components(store.exportLines(["--calendar", "Work"]), uid: uid).isEmpty)
        #expect(try Self.vevent(store, uid, calendar: "Home").contains("SUMMARY:Dentist"))
        let changes = try jsonObject(store.ok(["changes", "--since", "3", "--format", "json"]))["changes"] as? [[String: Any]] ?? []
        #expect(changes.map { "\($0["change"] ?? "") \($0["calendar"] ?? "")" } == ["added Home", "deleted Work"])
        #expect(store.run(["edit", uid, "--move-to", "Nope"]).status == .noSuchCalendar)
    }

    /// The same UID in two calendars: without --calendar the item commands say so; with it they
    /// change that copy only.
    @Test func calendarPicksAmongSharedUIDs() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics"), "--calendar", "Team A"])
        store.ok(["import", fixture("demo/team.ics"), "--calendar", "Team B"])
        let uid = "3F6A9C2E-71B4-4D08-95E3-B2C7A0D14F86"   // team.ics's VTODO
        let ambiguous = store.run(["complete", uid])
        #expect(ambiguous.status == .usage)
        #expect(ambiguous.stderr.hasPrefix("Error: '\(uid)' is in several calendars ('Team A', 'Team B'); pick one with --calendar NAME\n"))
        store.ok(["complete", uid, "--calendar", "team b"])
        let done = try store.reminders(["--completed"]).compactMap { $0["calendar"] as? String }
        #expect(done == ["Team B"])
        store.ok(["edit", uid, "--calendar", "Team A", "--title", "Renamed"])
        store.ok(["delete", uid, "--calendar", "Team B"])
        #expect(try store.reminders().compactMap { "\($0["calendar"] ?? "") \($0["title"] ?? "")" } == ["Team A Renamed"])
        #expect(store.run(["delete", uid, "--calendar", "Team B"]).status == .noSuchItem)
    }

    @Test func editReminderFields() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "reminder", "-q", "--title", "Pay rent", "--due", "2026-04-01"]).trimmingCharacters(in: .newlines)
        store.ok(["edit", uid, "--due", "friday", "--start", "2026-03-03", "--priority", "high", "--notes", "IBAN on file"])
        var lines = try #require(components(store.exportLines(), uid: uid).first)
        for line in ["DUE;VALUE=DATE:20260306", "DTSTART;VALUE=DATE:20260303", "PRIORITY:1", "DESCRIPTION:IBAN on file"] {
            #expect(lines.contains(line), "\(line) in \(lines)")
        }
        store.ok(["edit", uid, "--completed"])
        lines = try #require(components(store.exportLines(), uid: uid).first)
        #expect(lines.contains("STATUS:COMPLETED"))
        #expect(lines.contains("COMPLETED:20260302T090000Z"))
        store.ok(["edit", uid, "--incomplete", "--no-due"])
        lines = try #require(components(store.exportLines(), uid: uid).first)
        #expect(!lines.contains { $0.hasPrefix("DUE") || $0.hasPrefix("COMPLETED") })
        #expect(lines.contains("STATUS:NEEDS-ACTION"))
    }

    @Test(arguments: [
        (["--rrule", "FREQ=DAILY", "--occurrence", "2026-03-10T09:00"],
         "'--rrule' and '--no-rrule' change a whole series: leave out '--occurrence', or add '--future'"),
        (["--move-to", "Home", "--occurrence", "2026-03-10T09:00"], "'--move-to' moves the whole item; leave out '--occurrence'"),
        (["--priority", "high"], "'--priority' applies to reminders; 'UID' is an event"),
        (["--title", ""], "'--title' needs a non-empty title"),
        ([], "Nothing to change: give at least one field option (see 'icalkit edit --help')"),
    ])
    func refusedEdits(_ args: [String], _ message: String) throws {
        let (store, uid) = try Self.dentist()
        let result = store.run(["edit", uid] + args)
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: \(message.replacingOccurrences(of: "'UID'", with: "'\(uid)'"))\n"), "\(result.stderr)")
    }
}
