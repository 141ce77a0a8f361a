@testable import CalendarCLI
import Foundation
import Testing

/// The stand-up series and the offsite of Fixtures/demo/team.ics (UIDs unfolded).
let standupUID = "040000008200E00074C5B7101A82E00800000000C0F1A9B2D781DC010000000000000000100000003B7E4C1A9D2F6E58B0A3C7D1E9F24B68"
let offsiteUID = "040000008200E00074C5B7101A82E008000000006A2E8F0CD781DC01000000000000000010000000E51C7B3F0A9D4E26B8C1F7A3D06E9B42"
let teamReminderUID = "3F6A9C2E-71B4-4D08-95E3-B2C7A0D14F86"

/// Every edit is checked twice: against a re-read of the store (`events`/`reminders` JSON) and
/// against `export`. The CLI clock is fixed at 2026-03-02T09:00:00Z, so DTSTAMP, CREATED,
/// LAST-MODIFIED and COMPLETED are `20260302T090000Z`.
@Suite("add, complete, delete, edit")
struct EditCommandTests {
    static func isNewUID(_ uid: String) -> Bool {
        uid.hasSuffix("@icalkit") && UUID(uuidString: String(uid.dropLast("@icalkit".count))) != nil
    }

    func addDentist(_ store: StoreUnderTest) -> String {
        store.ok(["calendars", "create", "Work"])
        return store.ok(["add", "event", "-q", "--title", "Dentist", "--start", "2026-03-10T14:00", "--duration", "45m",
                         "--tz", "Europe/Berlin", "--location", "Praxis Dr. Schulz", "--notes", "Bring the card",
                         "--url", "https://example.com/appointment", "--alarm", "-15m", "--alarm", "-1d", "--calendar", "Work"])
            .trimmingCharacters(in: .newlines)
    }

    @Test func addEventPrintsTheUIDAndStoresEverything() throws {
        let store = try StoreUnderTest()
        let uid = addDentist(store)
        #expect(Self.isNewUID(uid), "\(uid)")
        // 14:00 in Berlin in March (CET, +01:00), 45 minutes.
        let events = try store.events(["--day", "2026-03-10", "--tz", "Europe/Berlin"])
        #expect(events.count == 1)
        let e = try #require(events.first)
        #expect(e["uid"] as? String == uid)
        #expect(e["calendar"] as? String == "Work")
        #expect(e["start"] as? String == "2026-03-10T14:00:00+01:00")
        #expect(e["end"] as? String == "2026-03-10T14:45:00+01:00")
        #expect(e["timeZone"] as? String == "Europe/Berlin")
        #expect(e["location"] as? String == "Praxis Dr. Schulz")
        #expect(e["notes"] as? String == "Bring the card")
        #expect(e["url"] as? String == "https://example.com/appointment")
        #expect(e["recurring"] as? Bool == false)
        let alarms = e["alarms"] as? [[String: Any]] ?? []
        #expect(alarms.compactMap { $0["offset"] as? String } == ["-PT15M", "-P1D"])

        let lines = store.exportLines()
        let vevent = try #require(components(lines, uid: uid).first)
        for expected in ["DTSTAMP:20260302T090000Z", "DTSTART;TZID=Europe/Berlin:20260310T140000",
                         "DTEND;TZID=Europe/Berlin:20260310T144500", "SUMMARY:Dentist", "LOCATION:Praxis Dr. Schulz",
                         "DESCRIPTION:Bring the card", "URL:https://example.com/appointment", "CREATED:20260302T090000Z",
                         "LAST-MODIFIED:20260302T090000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "TRIGGER:-P1D"] {
            #expect(vevent.contains(expected), "\(expected) missing in \(vevent)")
        }
        #expect(lines.contains("BEGIN:VTIMEZONE"))
        #expect(lines.contains("TZID:Europe/Berlin"))
    }

    @Test func addAllDayEventToTheDefaultCalendar() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Offsite", "--start", "2026-06-17", "--end", "2026-06-19", "--all-day"])
            .trimmingCharacters(in: .newlines)
        let e = try #require(try store.events(["--day", "2026-06-18"]).first)
        #expect(e["uid"] as? String == uid)
        #expect(e["calendar"] as? String == "Calendar")
        #expect(e["start"] as? String == "2026-06-17")
        #expect(e["end"] as? String == "2026-06-19")
        #expect(e["isAllDay"] as? Bool == true)
        let vevent = try #require(components(store.exportLines(), uid: uid).first)
        #expect(vevent.contains("DTSTART;VALUE=DATE:20260617"))
        #expect(vevent.contains("DTEND;VALUE=DATE:20260619"))
    }

    @Test func addWeeklySeriesStoresTheRuleAsRead() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Standup", "--start", "2026-03-02T09:00", "--duration", "15m",
                            "--rrule", "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6"]).trimmingCharacters(in: .newlines)
        let vevent = try #require(components(store.exportLines(), uid: uid).first)
        #expect(vevent.contains("RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=MO,WE"))
        #expect(vevent.contains("DTSTART;TZID=Europe/Berlin:20260302T090000"))
    }

    static let badAdds: [CLICase] = [
        CLICase(id: "rrule", args: ["add", "event", "--title", "X", "--start", "2026-03-02T09:00", "--duration", "1h", "--rrule", "FREQ=FORTNIGHTLY"],
                stderr: "Error: Invalid recurrence rule 'FREQ=FORTNIGHTLY' for '--rrule': invalid RRULE \"FREQ=FORTNIGHTLY\": libical cannot read it (FREQ missing or a part malformed)\n",
                status: .usage),
        CLICase(id: "alarm", args: ["add", "event", "--title", "X", "--start", "2026-03-02T09:00", "--duration", "1h", "--alarm", "soon"],
                stderr: "Error: Invalid alarm 'soon' for '--alarm': expected an offset from the start, e.g. 15m or -15m (before the start), +5m (after it), 1h, 2d or -PT15M\n",
                status: .usage),
        CLICase(id: "duration", args: ["add", "event", "--title", "X", "--start", "2026-03-02T09:00", "--duration", "an hour"],
                stderr: "Error: Invalid duration 'an hour' for '--duration': expected a length, e.g. 45m, 1h30m, 2d or PT1H30M\n",
                status: .usage),
        CLICase(id: "end before start", args: ["add", "event", "--title", "X", "--start", "2026-03-02T09:00", "--end", "2026-03-02T08:00"],
                stderr: "Error: '--end' must not be before '--start'\n", status: .usage),
        CLICase(id: "all-day time", args: ["add", "event", "--title", "X", "--start", "2026-03-02T09:00", "--end", "2026-03-03", "--all-day"],
                stderr: "Error: With '--all-day', '--start' is a date: expected YYYY-MM-DD, e.g. 2026-03-02\n", status: .usage),
        CLICase(id: "priority", args: ["add", "reminder", "--title", "X", "--priority", "urgent"],
                stderr: "Error: Invalid priority 'urgent' for '--priority': expected high, medium, low, none or a number 0-9\n",
                status: .usage),
        CLICase(id: "unknown calendar", args: ["add", "reminder", "--title", "X", "--calendar", "Nope"],
                stderr: "Error: no calendar titled 'Nope'\n", status: .noSuchCalendar),
    ]

    /// Usage errors print three lines; compare the first and the status.
    @Test(arguments: badAdds)
    func badAddValues(_ c: CLICase) throws {
        let store = try StoreUnderTest()
        let result = store.run(c.args)
        #expect(result.status == c.status)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(c.stderr), "\(result.stderr)")
        #expect(store.ok(["changes", "--since", "0"]) == "No changes.\nToken: 0\n")
    }

    @Test(arguments: [("high", 1), ("medium", 5), ("low", 9), ("none", 0), ("7", 7), ("HIGH", 1)])
    func reminderPriorities(_ text: String, _ value: Int) throws {
        let store = try StoreUnderTest()
        store.ok(["add", "reminder", "-q", "--title", "P", "--priority", text])
        #expect(try store.reminders().first?["priority"] as? Int == value)
    }

    /// A reminder due 2026-04-01 18:00 in Berlin: CEST (+02:00) after 2026-03-29.
    @Test func addCompleteAndUndoAReminder() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "reminder", "-q", "--title", "Pay rent", "--due", "2026-04-01T18:00", "--priority", "high",
                            "--notes", "Standing order failed"]).trimmingCharacters(in: .newlines)
        #expect(Self.isNewUID(uid))
        var r = try #require(try store.reminders().first)
        #expect(r["calendar"] as? String == "Reminders")
        #expect(r["due"] as? String == "2026-04-01T18:00:00+02:00")
        #expect(r["priority"] as? Int == 1)
        #expect(r["completed"] as? Bool == false)

        #expect(store.run(["complete", uid]) == CLIResult(stdout: "", stderr: "", status: .ok))
        r = try #require(try store.reminders(["--completed"]).first)
        #expect(r["completed"] as? Bool == true)
        #expect(r["completionDate"] as? String == "2026-03-02T09:00:00Z")
        #expect(try store.reminders(["--incomplete"]).isEmpty)
        var vtodo = try #require(components(store.exportLines(), uid: uid).first)
        for expected in ["STATUS:COMPLETED", "COMPLETED:20260302T090000Z", "PRIORITY:1", "SEQUENCE:1",
                         "DUE;TZID=Europe/Berlin:20260401T180000", "LAST-MODIFIED:20260302T090000Z"] {
            #expect(vtodo.contains(expected), "\(expected) missing in \(vtodo)")
        }

        store.ok(["complete", uid, "--undo"])
        r = try #require(try store.reminders(["--incomplete"]).first)
        #expect(r["completed"] as? Bool == false)
        #expect(r["completionDate"] is NSNull)
        vtodo = try #require(components(store.exportLines(), uid: uid).first)
        #expect(vtodo.contains("STATUS:NEEDS-ACTION"))
        #expect(vtodo.contains("SEQUENCE:2"))
        #expect(!vtodo.contains { $0.hasPrefix("COMPLETED") })

        #expect(store.run(["complete", "nope@x"]) == CLIResult(stdout: "", stderr: "Error: no item with UID or short ID 'nope@x'\n", status: .noSuchItem))
    }

    @Test func deleteAWholeEvent() throws {
        let store = try StoreUnderTest()
        let uid = addDentist(store)
        #expect(store.run(["delete", uid]) == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(try store.events(["--day", "2026-03-10"]).isEmpty)
        #expect(components(store.exportLines(), uid: uid).isEmpty)
        let changes = try jsonObject(store.ok(["changes", "--since", "2", "--format", "json"]))["changes"] as? [[String: Any]] ?? []
        #expect(changes.compactMap { $0["change"] as? String } == ["deleted"])
        #expect(store.run(["delete", uid]) == CLIResult(stdout: "", stderr: "Error: no item with UID or short ID '\(uid)'\n", status: .noSuchItem))
    }

    @Test func editASingleEvent() throws {
        let store = try StoreUnderTest()
        let uid = addDentist(store)
        #expect(store.run(["edit", uid, "--title", "Dentist (moved)", "--start", "2026-03-11T09:00", "--location", "Room 2"])
                == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(try store.events(["--day", "2026-03-10"]).isEmpty)
        let e = try #require(try store.events(["--day", "2026-03-11"]).first)
        #expect(e["title"] as? String == "Dentist (moved)")
        #expect(e["start"] as? String == "2026-03-11T09:00:00+01:00")
        #expect(e["end"] as? String == "2026-03-11T09:45:00+01:00")   // the length stays
        #expect(e["location"] as? String == "Room 2")
        #expect(e["notes"] as? String == "Bring the card")
        var vevent = try #require(components(store.exportLines(), uid: uid).first)
        for expected in ["SUMMARY:Dentist (moved)", "DTSTART;TZID=Europe/Berlin:20260311T090000",
                         "DTEND;TZID=Europe/Berlin:20260311T094500", "SEQUENCE:1", "LAST-MODIFIED:20260302T090000Z"] {
            #expect(vevent.contains(expected), "\(expected) missing in \(vevent)")
        }
        store.ok(["edit", uid, "--end", "2026-03-11T10:30"])
        vevent = try #require(components(store.exportLines(), uid: uid).first)
        #expect(vevent.contains("DTEND;TZID=Europe/Berlin:20260311T103000"))
        #expect(vevent.contains("SEQUENCE:2"))
        #expect(store.run(["edit", uid]).status == .usage)
        #expect(store.run(["edit", uid, "--end", "2026-03-11T08:00"]) == CLIResult(
            stdout: "", stderr: "Error: the new end is before the new start\n", status: .failure))
    }

    @Test func editAReminder() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "reminder", "-q", "--title", "Call mum"]).trimmingCharacters(in: .newlines)
        store.ok(["edit", uid, "--title", "Call mum back", "--notes", "after 6"])
        let r = try #require(try store.reminders().first)
        #expect(r["title"] as? String == "Call mum back")
        #expect(r["notes"] as? String == "after 6")
        let vtodo = try #require(components(store.exportLines(), uid: uid).first)
        #expect(vtodo.contains("SUMMARY:Call mum back"))
        #expect(vtodo.contains("SEQUENCE:1"))
        #expect(store.run(["edit", uid, "--end", "2026-03-03"]) == CLIResult(
            stdout: "", stderr: usageError("'--end' applies to events; '\(uid)' is a reminder", usage: HelpFormatter(root: CommandTable.root).usageLine(path: ["edit"]), command: "edit"),
            status: .usage))
    }

    // MARK: Series: occurrences the store knows without expanding (DTSTART, overrides)

    /// A weekly series from Monday 2026-03-02 10:00 Berlin; editing its first occurrence creates
    /// an override with RECURRENCE-ID = DTSTART (`20260302T100000` in Europe/Berlin).
    @Test func editOneOccurrenceCreatesAnOverride() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Sync", "--start", "2026-03-02T10:00", "--duration", "30m",
                            "--rrule", "FREQ=WEEKLY;BYDAY=MO"]).trimmingCharacters(in: .newlines)
        #expect(store.run(["edit", uid, "--occurrence", "2026-03-02T10:00", "--title", "Kick-off sync", "--start", "2026-03-02T11:00"])
                == CLIResult(stdout: "", stderr: "", status: .ok))
        let e = try #require(try store.events(["--day", "2026-03-02"]).first { $0["isDetached"] as? Bool == true })
        #expect(e["uid"] as? String == uid)
        #expect(e["title"] as? String == "Kick-off sync")
        #expect(e["start"] as? String == "2026-03-02T11:00:00+01:00")
        #expect(e["end"] as? String == "2026-03-02T11:30:00+01:00")
        #expect(e["occurrenceDate"] as? String == "2026-03-02T10:00:00+01:00")
        let blocks = components(store.exportLines(), uid: uid)
        #expect(blocks.count == 2)
        let master = try #require(blocks.first { !$0.contains { $0.hasPrefix("RECURRENCE-ID") } })
        let override = try #require(blocks.first { $0.contains { $0.hasPrefix("RECURRENCE-ID") } })
        #expect(master.contains("SUMMARY:Sync"))
        #expect(master.contains("RRULE:FREQ=WEEKLY;BYDAY=MO"))
        #expect(override.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260302T100000"))
        #expect(override.contains("DTSTART;TZID=Europe/Berlin:20260302T110000"))
        #expect(override.contains("SUMMARY:Kick-off sync"))
        #expect(override.contains("SEQUENCE:1"))
        #expect(!override.contains { $0.hasPrefix("RRULE") })

        // Editing it again changes the same override.
        store.ok(["edit", uid, "--occurrence", "2026-03-02T10:00", "--location", "Room 1"])
        let again = components(store.exportLines(), uid: uid)
        #expect(again.count == 2)
        #expect(again.contains { $0.contains("LOCATION:Room 1") && $0.contains("SUMMARY:Kick-off sync") && $0.contains("SEQUENCE:2") })
    }

    @Test func deleteTheFirstOccurrenceAddsAnExdate() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Sync", "--start", "2026-03-02T10:00", "--duration", "30m",
                            "--rrule", "FREQ=WEEKLY;BYDAY=MO"]).trimmingCharacters(in: .newlines)
        store.ok(["edit", uid, "--occurrence", "2026-03-02T10:00", "--title", "Kick-off"])
        #expect(store.run(["delete", uid, "--occurrence", "2026-03-02T10:00"]) == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(try store.events(["--day", "2026-03-02"]).isEmpty)
        let blocks = components(store.exportLines(), uid: uid)
        #expect(blocks.count == 1)   // the override went with its instance
        #expect(blocks.first?.contains("EXDATE;TZID=Europe/Berlin:20260302T100000") == true)
        #expect(blocks.first?.contains("SEQUENCE:1") == true)
    }

    @Test func occurrenceThatDoesNotExist() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Sync", "--start", "2026-03-02T10:00", "--duration", "30m",
                            "--rrule", "FREQ=WEEKLY;BYDAY=MO"]).trimmingCharacters(in: .newlines)
        // A Tuesday: never an occurrence of a Monday series.
        #expect(store.run(["delete", uid, "--occurrence", "2026-03-03T10:00"]) == CLIResult(
            stdout: "", stderr: "Error: '\(uid)' has no occurrence at 2026-03-03T10:00 (read in Europe/Berlin); it has none that day\n",
            status: .noSuchItem))
        // The right day at the wrong time: the error names the day's occurrence (10:00 Berlin),
        // here asked for with --tz UTC, which --occurrence does not use (it reads the event's zone).
        #expect(store.run(["delete", uid, "--occurrence", "2026-03-09T09:00", "--tz", "UTC"]) == CLIResult(
            stdout: "", stderr: "Error: '\(uid)' has no occurrence at 2026-03-09T09:00 (read in Europe/Berlin); that day it has: 2026-03-09T10:00\n",
            status: .noSuchItem))
        #expect(store.run(["edit", uid, "--occurrence", "2026-03-03T10:00", "--title", "X"]).status == .noSuchItem)
        #expect(store.run(["delete", "nope@x", "--occurrence", "2026-03-03T10:00"]) == CLIResult(
            stdout: "", stderr: "Error: no item with UID or short ID 'nope@x'\n", status: .noSuchItem))
    }

    /// team.ics: the stand-up's override has `RECURRENCE-ID;TZID=GMT Standard Time:20260504T093000`
    /// (London, BST: 08:30Z). Removing that occurrence adds it to the EXDATEs (next to Easter
    /// Monday's) and drops the override.
    @Test func deleteAnOverriddenOccurrenceOfAnImportedSeries() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        #expect(store.run(["delete", standupUID, "--occurrence", "2026-05-04T09:30", "--tz", "Europe/London"]).status == .ok)
        #expect(try store.events(["--day", "2026-05-05", "--tz", "Europe/London"]).isEmpty)
        let blocks = components(store.exportLines(), uid: standupUID)
        #expect(blocks.count == 1)
        let master = try #require(blocks.first)
        let exdates = master.filter { $0.hasPrefix("EXDATE") }.joined(separator: ",")
        #expect(exdates.contains("20260406T093000"))
        #expect(exdates.contains("20260504T093000"))
        #expect(exdates.contains("TZID=GMT Standard Time"))
        #expect(master.contains("SEQUENCE:2"))
        // Untouched items are still exported from their original text.
        let offsite = try #require(components(store.exportLines(), uid: offsiteUID).first)
        #expect(offsite.contains("X-MICROSOFT-CDO-BUSYSTATUS:OOF"))
    }

    /// Cutting the stand-up from 2026-05-04 09:30 London (08:30Z) on: UNTIL one second before,
    /// `20260504T082959Z`; the override of that day goes too.
    @Test func deleteFutureOccurrencesEndsTheSeries() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        #expect(store.run(["delete", standupUID, "--occurrence", "2026-05-04T09:30", "--tz", "Europe/London", "--future"]).status == .ok)
        #expect(try store.events(["--day", "2026-05-05", "--tz", "Europe/London"]).isEmpty)
        let blocks = components(store.exportLines(), uid: standupUID)
        #expect(blocks.count == 1)
        #expect(blocks.first?.contains("RRULE:FREQ=WEEKLY;UNTIL=20260504T082959Z;BYDAY=MO;WKST=MO") == true)
        #expect(blocks.first?.contains("EXDATE;TZID=GMT Standard Time:20260406T093000") == true)
    }

    /// Splitting the stand-up at 2026-05-04 09:30 London: the old series ends one second before
    /// (UNTIL=20260504T082959Z); a new series (new UID, printed) starts at
    /// `DTSTART;TZID=GMT Standard Time:20260504T093000` with the new title and takes the override
    /// of that day (same RECURRENCE-ID, its own title kept).
    @Test func editFutureOccurrencesSplitsTheSeries() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        let result = store.run(["edit", standupUID, "--occurrence", "2026-05-04T09:30", "--tz", "Europe/London", "--future",
                                "--title", "Stand-up (new format)"])
        #expect(result.status == .ok)
        let newUID = result.stdout.trimmingCharacters(in: .newlines)
        #expect(Self.isNewUID(newUID))
        let lines = store.exportLines()
        let old = components(lines, uid: standupUID)
        #expect(old.count == 1)
        #expect(old.first?.contains("RRULE:FREQ=WEEKLY;UNTIL=20260504T082959Z;BYDAY=MO;WKST=MO") == true)
        #expect(old.first?.contains("SUMMARY:Weekly stand-up") == true)
        let new = components(lines, uid: newUID)
        #expect(new.count == 2)
        let newMaster = try #require(new.first { !$0.contains { $0.hasPrefix("RECURRENCE-ID") } })
        #expect(newMaster.contains("DTSTART;TZID=GMT Standard Time:20260504T093000"))
        #expect(newMaster.contains("DTEND;TZID=GMT Standard Time:20260504T094500"))
        #expect(newMaster.contains("SUMMARY:Stand-up (new format)"))
        #expect(newMaster.contains("RRULE:FREQ=WEEKLY;BYDAY=MO;WKST=MO"))
        #expect(newMaster.contains("BEGIN:VALARM"))
        let moved = try #require(new.first { $0.contains { $0.hasPrefix("RECURRENCE-ID") } })
        #expect(moved.contains("RECURRENCE-ID;TZID=GMT Standard Time:20260504T093000"))
        #expect(moved.contains { $0.hasPrefix("SUMMARY") && $0.hasSuffix("Weekly stand-up (Tuesday this week)") })
        let shown = try #require(try store.events(["--day", "2026-05-05", "--tz", "Europe/London"]).first)
        #expect(shown["uid"] as? String == newUID)
        let changes = try jsonObject(store.ok(["changes", "--since", "3", "--format", "json"]))["changes"] as? [[String: Any]] ?? []
        #expect(changes.map { "\($0["uid"] ?? "") \($0["change"] ?? "")" } == ["\(standupUID) updated", "\(newUID) added"])
    }

    // MARK: Series: occurrences only the RecurrenceExpander knows

    @Test
    func deleteAndEditALaterOccurrence() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Sync", "--start", "2026-03-02T10:00", "--duration", "30m",
                            "--rrule", "FREQ=WEEKLY;BYDAY=MO"]).trimmingCharacters(in: .newlines)
        // Mondays 2, 9, 16, 23 March 10:00 CET (+01:00) and 30 March 10:00 CEST (+02:00).
        #expect(store.run(["delete", uid, "--occurrence", "2026-03-09T10:00"]).status == .ok)
        #expect(store.run(["edit", uid, "--occurrence", "2026-03-16T10:00", "--title", "Moved", "--start", "2026-03-17T10:00"]).status == .ok)
        let march = try store.events(["--from", "2026-03-01", "--to", "2026-04-01"])
        #expect(march.compactMap { $0["start"] as? String } == [
            "2026-03-02T10:00:00+01:00", "2026-03-17T10:00:00+01:00", "2026-03-23T10:00:00+01:00", "2026-03-30T10:00:00+02:00",
        ])
        #expect(march.compactMap { $0["title"] as? String } == ["Sync", "Moved", "Sync", "Sync"])
        let blocks = components(store.exportLines(), uid: uid)
        #expect(blocks.contains { $0.contains("EXDATE;TZID=Europe/Berlin:20260309T100000") })
        #expect(blocks.contains { $0.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260316T100000") && $0.contains("SUMMARY:Moved") })

        // From 23 March on: UNTIL one second before 09:00Z; the 16th's override stays.
        #expect(store.run(["delete", uid, "--occurrence", "2026-03-23T10:00", "--future"]).status == .ok)
        #expect(try store.events(["--from", "2026-03-01", "--to", "2026-04-01"]).compactMap { $0["start"] as? String }
                == ["2026-03-02T10:00:00+01:00", "2026-03-17T10:00:00+01:00"])
        #expect(components(store.exportLines(), uid: uid).contains { $0.contains("RRULE:FREQ=WEEKLY;UNTIL=20260323T085959Z;BYDAY=MO") })
    }

    @Test
    func splitACountedSeriesSharesTheCount() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Course", "--start", "2026-03-02T18:00", "--duration", "1h",
                            "--rrule", "FREQ=WEEKLY;COUNT=6"]).trimmingCharacters(in: .newlines)
        // Instances: 2, 9, 16, 23, 30 March, 6 April; splitting at the 16th leaves 2 before, 4 after.
        let newUID = store.ok(["edit", uid, "--occurrence", "2026-03-16T18:00", "--future", "--title", "Course (room 2)"])
            .trimmingCharacters(in: .newlines)
        let lines = store.exportLines()
        #expect(components(lines, uid: uid).first?.contains("RRULE:FREQ=WEEKLY;UNTIL=20260316T165959Z") == true)
        #expect(components(lines, uid: newUID).first?.contains("RRULE:FREQ=WEEKLY;COUNT=4") == true)
        let shown = titles(try store.events(["--from", "2026-03-01", "--to", "2026-05-01"]))
        #expect(shown == ["Course", "Course"] + Array(repeating: "Course (room 2)", count: 4))
    }

    // MARK: Read-only calendars

    /// Every write path into a read-only (imported feed) calendar is refused with the same
    /// message, and leaves the store as it was.
    static let readOnlyWrites: [[String]] = [
        ["add", "event", "--title", "X", "--start", "2026-03-02T09:00", "--duration", "1h", "--calendar", "Platform Team"],
        ["add", "reminder", "--title", "X", "--calendar", "Platform Team"],
        ["complete", teamReminderUID],
        ["delete", offsiteUID],
        ["delete", standupUID, "--occurrence", "2026-05-04T09:30", "--tz", "Europe/London"],
        ["delete", standupUID, "--occurrence", "2026-05-04T09:30", "--tz", "Europe/London", "--future"],
        ["edit", offsiteUID, "--title", "X"],
        ["edit", standupUID, "--occurrence", "2026-05-04T09:30", "--tz", "Europe/London", "--title", "X"],
        ["edit", standupUID, "--occurrence", "2026-05-04T09:30", "--tz", "Europe/London", "--future", "--title", "X"],
        ["edit", teamReminderUID, "--title", "X"],
    ]

    @Test(arguments: readOnlyWrites)
    func writesToAReadOnlyCalendarAreRefused(_ args: [String]) throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics"), "--read-only"])
        let before = store.ok(["export"])
        #expect(store.run(args) == CLIResult(stdout: "", stderr: "Error: calendar 'Platform Team' is read-only\n", status: .failure))
        #expect(store.ok(["export"]) == before)
        #expect(store.ok(["changes", "--since", "3"]) == "No changes.\nToken: 3\n")
    }
}
