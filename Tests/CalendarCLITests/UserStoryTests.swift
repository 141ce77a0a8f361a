@testable import CalendarCLI
import Foundation
import Testing

/// Issue 4's user story, end to end through the command line, on a fresh store.
@Suite("user story")
struct UserStoryTests {
    /// The weekly "Team sync" starts Monday 2026-03-02 10:00 in Europe/Berlin. Berlin is CET
    /// (+01:00) until Sunday 2026-03-29 02:00, CEST (+02:00) after, so March's Mondays are
    /// 2, 9, 16, 23 at 10:00+01:00 and the 30th at 10:00+02:00.
    /// - Removing the 9th adds `EXDATE;TZID=Europe/Berlin:20260309T100000`.
    /// - Cutting from the 23rd (10:00+01:00 = 09:00Z) sets UNTIL one second before: `20260323T085959Z`.
    /// What is left of March: the 2nd and the 16th.
    @Test
    func freshStoreToChangesAndReadOnlyRefusal() throws {
        let store = try StoreUnderTest()
        #expect(store.run(["calendars", "create", "Work"]).status == .ok)
        let uid = store.ok(["add", "event", "-q", "--title", "Team sync", "--start", "2026-03-02T10:00", "--duration", "30m",
                            "--tz", "Europe/Berlin", "--rrule", "FREQ=WEEKLY;BYDAY=MO", "--alarm", "-15m", "--calendar", "Work"])
            .trimmingCharacters(in: .newlines)
        #expect(EditCommandTests.isNewUID(uid))

        let march = ["--from", "2026-03-01", "--to", "2026-04-01", "--tz", "Europe/Berlin"]
        let all = try store.events(march)
        #expect(all.compactMap { $0["start"] as? String } == [
            "2026-03-02T10:00:00+01:00", "2026-03-09T10:00:00+01:00", "2026-03-16T10:00:00+01:00",
            "2026-03-23T10:00:00+01:00", "2026-03-30T10:00:00+02:00",
        ])
        #expect(all.allSatisfy { $0["uid"] as? String == uid && $0["recurring"] as? Bool == true })
        #expect(all.allSatisfy { ($0["alarms"] as? [[String: Any]])?.first?["offset"] as? String == "-PT15M" })

        #expect(store.run(["delete", uid, "--occurrence", "2026-03-09T10:00", "--tz", "Europe/Berlin"]).status == .ok)
        #expect(store.run(["delete", uid, "--occurrence", "2026-03-23T10:00", "--tz", "Europe/Berlin", "--future"]).status == .ok)
        #expect(try store.events(march).compactMap { $0["start"] as? String } == ["2026-03-02T10:00:00+01:00", "2026-03-16T10:00:00+01:00"])

        let lines = store.exportLines(["--calendar", "Work"])
        #expect(lines.contains("BEGIN:VTIMEZONE"))
        #expect(lines.contains("TZID:Europe/Berlin"))
        let vevent = try #require(components(lines, uid: uid).first)
        #expect(vevent.contains("BEGIN:VALARM"))
        #expect(vevent.contains("TRIGGER:-PT15M"))
        #expect(vevent.contains("EXDATE;TZID=Europe/Berlin:20260309T100000"))
        #expect(vevent.contains("RRULE:FREQ=WEEKLY;UNTIL=20260323T085959Z;BYDAY=MO"))

        let reminder = store.ok(["add", "reminder", "-q", "--title", "Book the room", "--priority", "high"]).trimmingCharacters(in: .newlines)
        #expect(store.run(["complete", reminder]).status == .ok)
        let done = try #require(try store.reminders(["--completed"]).first)
        #expect(done["priority"] as? Int == 1)
        #expect(done["completionDate"] as? String == "2026-03-02T09:00:00Z")

        let changes = try jsonObject(store.ok(["changes", "--since", "0", "--format", "json"]))
        let entries = (changes["changes"] as? [[String: Any]] ?? []).map { "\($0["uid"] ?? "") \($0["change"] ?? "")" }
        #expect(entries == [" calendar-created", "\(uid) added", "\(uid) updated", "\(uid) updated", "\(reminder) added", "\(reminder) updated"])
        #expect(changes["token"] as? Int == 6)

        store.ok(["import", fixture("demo/team.ics"), "--read-only"])
        #expect(store.run(["add", "event", "--title", "X", "--start", "2026-03-03T10:00", "--duration", "1h", "--calendar", "Platform Team"])
                == CLIResult(stdout: "", stderr: "Error: calendar 'Platform Team' is read-only\n", status: .failure))
        #expect(store.run(["delete", standupUID]) == CLIResult(stdout: "", stderr: "Error: calendar 'Platform Team' is read-only\n", status: .failure))
    }

    /// The same story up to the point the expander is needed, so it runs today: everything that
    /// does not list or address a later instance of the series.
    @Test func storyWithoutExpandingTheSeries() throws {
        let store = try StoreUnderTest()
        store.ok(["calendars", "create", "Work"])
        let uid = store.ok(["add", "event", "-q", "--title", "Team sync", "--start", "2026-03-02T10:00", "--duration", "30m",
                            "--tz", "Europe/Berlin", "--rrule", "FREQ=WEEKLY;BYDAY=MO", "--alarm", "-15m", "--calendar", "Work"])
            .trimmingCharacters(in: .newlines)
        let lines = store.exportLines(["--calendar", "Work"])
        #expect(lines.contains("TZID:Europe/Berlin"))
        let vevent = try #require(components(lines, uid: uid).first)
        #expect(vevent.contains("TRIGGER:-PT15M"))
        #expect(vevent.contains("RRULE:FREQ=WEEKLY;BYDAY=MO"))
        let reminder = store.ok(["add", "reminder", "-q", "--title", "Book the room", "--priority", "high"]).trimmingCharacters(in: .newlines)
        store.ok(["complete", reminder])
        let changes = try jsonObject(store.ok(["changes", "--since", "0", "--format", "json"]))
        let entries = (changes["changes"] as? [[String: Any]] ?? []).map { "\($0["uid"] ?? "") \($0["change"] ?? "")" }
        #expect(entries == [" calendar-created", "\(uid) added", "\(reminder) added", "\(reminder) updated"])
        store.ok(["import", fixture("demo/team.ics"), "--read-only"])
        #expect(store.run(["delete", standupUID]) == CLIResult(stdout: "", stderr: "Error: calendar 'Platform Team' is read-only\n", status: .failure))
    }
}
