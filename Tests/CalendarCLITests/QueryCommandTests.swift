@testable import CalendarCLI
import Foundation
import Testing

@Suite("events and reminders")
struct QueryCommandTests {
    /// bad-dtstart.ics has its own VTIMEZONE for TZID Europe/Berlin and two good events:
    /// `DTSTART;TZID=Europe/Berlin:20260310T100000` / `DTEND ...T110000` ("Customer call") and
    /// the same hours on 2026-03-12 ("Lunch with Priya"). March 2026 is before the switch to
    /// summer time (2026-03-29), so Berlin is UTC+1: start `2026-03-10T10:00:00+01:00`. A single
    /// event: `recurring` false, `occurrenceDate` null; no alarms, organizer or attendees.
    @Test func eventsJSONOverAWindow() throws {
        let store = try StoreUnderTest()
        _ = store.run(["import", fixture("import/invalid/bad-dtstart.ics")])
        func event(_ uid: String, _ title: String, day: Int) -> String {
            """
                {
                  "uid": "\(uid)",
                  "calendar": "bad-dtstart",
                  "title": "\(title)",
                  "start": "2026-03-\(day)T10:00:00+01:00",
                  "end": "2026-03-\(day)T11:00:00+01:00",
                  "isAllDay": false,
                  "timeZone": "Europe/Berlin",
                  "location": null,
                  "notes": null,
                  "url": null,
                  "status": "none",
                  "recurring": false,
                  "occurrenceDate": null,
                  "isDetached": false,
                  "alarms": [],
                  "organizer": null,
                  "attendees": []
                }
            """
        }
        let expected = """
            {
              "schemaVersion": 1,
              "events": [
            \(event("bad-dtstart-1@sync.example.com", "Customer call", day: 10)),
            \(event("bad-dtstart-3@sync.example.com", "Lunch with Priya", day: 12))
              ]
            }

            """
        // Asked in New York: the offsets stay the events' own (+01:00).
        #expect(store.run(["events", "--from", "2026-03-09", "--to", "2026-03-13", "--tz", "America/New_York", "--format", "json"])
                == CLIResult(stdout: expected, stderr: "", status: .ok))
        // The window is [from, to): ending at the first start leaves it out, one second more takes it.
        #expect(titles(try store.events(["--from", "2026-03-09T00:00Z", "--to", "2026-03-10T09:00Z"])).isEmpty)
        #expect(titles(try store.events(["--from", "2026-03-09T00:00Z", "--to", "2026-03-10T09:00:01Z"])) == ["Customer call"])
        #expect(titles(try store.events(["--from", "2026-03-10T10:00Z", "--to", "2026-03-12T09:00Z"])).isEmpty)
    }

    /// unknown-x-components.ics ("Room bookings"), in UTC:
    /// "Design review" 2026-03-05 09:00–10:30Z, "Roof terrace: team lunch" 2026-03-06 13:00–14:00Z.
    /// - Pacific/Auckland is UTC+13 (NZDT) in March: the review is 03-05 22:00–23:30, the lunch
    ///   03-07 02:00–03:00, so 03-06 is empty there.
    /// - Australia/Brisbane is UTC+10 all year: the lunch is 03-06 23:00 – 03-07 00:00, so it is on
    ///   03-06 and NOT on 03-07 (it ends exactly when that day starts).
    /// - America/Los_Angeles is UTC-8 (PST until 03-08): review 03-05 01:00, lunch 03-06 05:00.
    static let dayCases: [(day: String, zone: String, titles: [String])] = [
        ("2026-03-05", "UTC", ["Design review"]),
        ("2026-03-06", "UTC", ["Roof terrace: team lunch"]),
        ("2026-03-05", "Pacific/Auckland", ["Design review"]),
        ("2026-03-06", "Pacific/Auckland", []),
        ("2026-03-07", "Pacific/Auckland", ["Roof terrace: team lunch"]),
        ("2026-03-06", "Australia/Brisbane", ["Roof terrace: team lunch"]),
        ("2026-03-07", "Australia/Brisbane", []),
        ("2026-03-04", "America/Los_Angeles", []),
        ("2026-03-05", "America/Los_Angeles", ["Design review"]),
        ("2026-03-06", "America/Los_Angeles", ["Roof terrace: team lunch"]),
    ]

    @Test(arguments: dayCases.indices)
    func dayIsTheLocalDayOfTz(_ index: Int) throws {
        let (day, zone, expected) = Self.dayCases[index]
        let store = try StoreUnderTest()
        store.ok(["import", fixture("import/valid/unknown-x-components.ics")])
        #expect(titles(try store.events(["--day", day, "--tz", zone])) == expected, "\(day) in \(zone)")
        // Without --tz the system zone (here the IO's zone) decides.
        #expect(titles(try store.events(["--day", day], zone: zone)) == expected, "\(day) in system zone \(zone)")
    }

    /// team.ics: the offsite is `DTSTART;VALUE=DATE:20260617`, `DTEND;VALUE=DATE:20260619`: the
    /// days 17 and 18 June (end exclusive), in whatever zone is asked.
    @Test(arguments: ["UTC", "Pacific/Auckland", "America/Los_Angeles"])
    func allDayEventCoversItsLocalDays(_ zone: String) throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        let offsite = "Team offsite – Lake District"
        #expect(titles(try store.events(["--day", "2026-06-16", "--tz", zone])) == [])
        #expect(titles(try store.events(["--day", "2026-06-17", "--tz", zone])) == [offsite])
        #expect(titles(try store.events(["--day", "2026-06-18", "--tz", zone])) == [offsite])
        #expect(titles(try store.events(["--day", "2026-06-19", "--tz", zone])) == [])
        let json = try store.events(["--day", "2026-06-18", "--tz", zone])
        #expect(json.first?["start"] as? String == "2026-06-17")
        #expect(json.first?["end"] as? String == "2026-06-19")
        #expect(json.first?["isAllDay"] as? Bool == true)
    }

    /// team.ics override: `RECURRENCE-ID;TZID=GMT Standard Time:20260504T093000`, moved to
    /// `DTSTART;TZID=GMT Standard Time:20260505T100000`–10:15. GMT Standard Time is London: BST
    /// (+01:00) in May. A detached instance of a series.
    @Test func overrideOfASeriesIsShownDetached() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        let events = try store.events(["--day", "2026-05-05", "--tz", "Europe/London"])
        #expect(events.count == 1)
        #expect(events.first?["title"] as? String == "Weekly stand-up (Tuesday this week)")
        #expect(events.first?["start"] as? String == "2026-05-05T10:00:00+01:00")
        #expect(events.first?["end"] as? String == "2026-05-05T10:15:00+01:00")
        #expect(events.first?["occurrenceDate"] as? String == "2026-05-04T09:30:00+01:00")
        #expect(events.first?["recurring"] as? Bool == true)
        #expect(events.first?["isDetached"] as? Bool == true)
    }

    /// The stand-up series of team.ics: `DTSTART;TZID=GMT Standard Time:20260105T093000`, weekly
    /// on Monday, EXDATE 2026-04-06 (Easter Monday), override of 2026-05-04 moved to Tuesday.
    /// London is GMT (+00:00) until 2026-03-29, BST (+01:00) after. In March 2026 the Mondays are
    /// 2, 9, 16, 23 and 30: four at 09:30+00:00 and the 30th at 09:30+01:00. In April: 13, 20 and
    /// 27 (the 6th is excluded).
    @Test
    func weeklySeriesExpandedWithExdateAndDST() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        let march = try store.events(["--from", "2026-03-01", "--to", "2026-04-01", "--tz", "Europe/London"])
        #expect(march.compactMap { $0["start"] as? String } == [
            "2026-03-02T09:30:00+00:00", "2026-03-09T09:30:00+00:00", "2026-03-16T09:30:00+00:00",
            "2026-03-23T09:30:00+00:00", "2026-03-30T09:30:00+01:00",
        ])
        let april = try store.events(["--from", "2026-04-01", "--to", "2026-05-01", "--tz", "Europe/London"])
        #expect(april.compactMap { $0["start"] as? String } == [
            "2026-04-13T09:30:00+01:00", "2026-04-20T09:30:00+01:00", "2026-04-27T09:30:00+01:00",
        ])
    }

    @Test func eventsAsICalendarCarryTheirSeriesAndZones() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        store.ok(["import", fixture("import/valid/unknown-x-components.ics")])
        let lines = unfold(store.ok(["events", "--day", "2026-05-05", "--tz", "Europe/London", "--format", "ics"]))
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.filter { $0 == "BEGIN:VCALENDAR" }.count == 1)
        #expect(lines.contains("X-WR-CALNAME:Platform Team"))
        #expect(lines.contains("TZID:GMT Standard Time"))
        // The whole series: master and override, but not the offsite, the reminder or other calendars.
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.contains("RECURRENCE-ID;TZID=GMT Standard Time:20260504T093000"))
        #expect(!lines.contains("BEGIN:VTODO"))
        #expect(!lines.contains { $0.contains("Lake District") })
    }

    @Test func cancelledOccurrencesOnlyWhenAsked() throws {
        let store = try StoreUnderTest()
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            X-WR-CALNAME:Cancel\r
            BEGIN:VEVENT\r
            UID:cancelled@test\r
            DTSTAMP:20260301T000000Z\r
            DTSTART:20260303T100000Z\r
            DTEND:20260303T110000Z\r
            SUMMARY:Called off\r
            STATUS:CANCELLED\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        #expect(store.run(["import", "-"], stdin: ics).status == .ok)
        #expect(try store.events(["--day", "2026-03-03", "--tz", "UTC"]).isEmpty)
        let shown = try store.events(["--day", "2026-03-03", "--tz", "UTC", "--include-cancelled"])
        #expect(shown.first?["status"] as? String == "canceled")
    }

    @Test func tableOutput() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("import/valid/unknown-x-components.ics")])
        // The ID column: 6 hex digits of each UID's FNV-1a hash (the two differ in their first six).
        let review = String(ShortID.hash("booking-20260305-4711@rooms.example.com").prefix(6))
        let lunch = String(ShortID.hash("booking-20260306-4712@rooms.example.com").prefix(6))
        #expect(store.run(["events", "--from", "2026-03-05", "--to", "2026-03-07", "--tz", "UTC"]).stdout == """
            ID      START             END    TITLE                     CALENDAR       LOCATION
            \(review)  2026-03-05 09:00  10:30  Design review             Room bookings  Room 4.12
            \(lunch)  2026-03-06 13:00  14:00  Roof terrace: team lunch  Room bookings  Roof terrace

            """)
        #expect(store.run(["events", "--day", "2026-01-01"]).stdout == "No events.\n")
    }

    static let badQueries: [CLICase] = [
        CLICase(id: "to before from", args: ["events", "--from", "2026-03-02", "--to", "2026-03-01"],
                stderr: usageError("'--to' (2026-03-01) must be later than '--from' (2026-03-02)",
                                   usage: "icalkit [--store PATH] events [--from WHEN --to WHEN | --day DATE | --week [DATE] | --month [YYYY-MM]] [--calendar NAME]... [--tz ZONE] [--format table|json|ics|jcal|csv] [--columns LIST] [--bom] [--include-cancelled] [--max-instances N]",
                                   command: "events"),
                status: .usage),
        CLICase(id: "unknown calendar", args: ["events", "--day", "2026-03-02", "--calendar", "Nope"],
                stderr: "Error: no calendar titled 'Nope'\n", status: .noSuchCalendar),
    ]

    @Test(arguments: badQueries)
    func badQueryIsRefused(_ c: CLICase) throws {
        let store = try StoreUnderTest()
        let result = store.run(c.args)
        #expect(result == CLIResult(stdout: c.stdout, stderr: c.stderr, status: c.status))
    }

    /// team.ics VTODO: `DUE;TZID=GMT Standard Time:20260529T170000` (London, BST: +01:00),
    /// PRIORITY:1, STATUS:NEEDS-ACTION.
    @Test func remindersJSONAndFilters() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        #expect(store.ok(["reminders", "--format", "json"]) == """
            {
              "schemaVersion": 1,
              "reminders": [
                {
                  "uid": "3F6A9C2E-71B4-4D08-95E3-B2C7A0D14F86",
                  "calendar": "Platform Team",
                  "title": "Book train tickets for the offsite",
                  "due": "2026-05-29T17:00:00+01:00",
                  "start": null,
                  "completed": false,
                  "completionDate": null,
                  "priority": 1,
                  "notes": null,
                  "parent": null
                }
              ]
            }

            """)
        #expect(try store.reminders(["--incomplete"]).count == 1)
        #expect(try store.reminders(["--completed"]).isEmpty)
        // Due 16:00Z: in a window ending at 16:00Z it is out, from 16:00Z it is in.
        #expect(try store.reminders(["--incomplete", "--to", "2026-05-29T16:00:00Z"]).isEmpty)
        #expect(try store.reminders(["--incomplete", "--from", "2026-05-29T16:00:00Z"]).count == 1)
        #expect(try store.reminders(["--from", "2026-05-29T16:00:00Z", "--to", "2026-05-29T16:00:01Z"]).count == 1)
        #expect(try store.reminders(["--calendar", "Platform Team"]).count == 1)
    }
}

/// The instance limit: a query that would expand more than `--max-instances` stops with an
/// error that names the limit and how to raise it; a bad value is a usage error.
@Suite("events instance limit")
struct InstanceLimitTests {
    @Test func limitNamesItselfAndTheFlag() throws {
        let store = try StoreUnderTest()
        let team = fixture("demo/team.ics")
        _ = store.run(["import", team])
        // team.ics has a weekly stand-up: a year holds about 52 instances, more than 10.
        let over = store.run(["events", "--from", "2026-01-01", "--to", "2027-01-01", "--max-instances", "10"])
        #expect(over.status == .failure)
        #expect(over.stderr.contains("max-instances-per-query"))
        #expect(over.stderr.contains("--max-instances N"))
        #expect(over.stdout == "")
        let enough = store.run(["events", "--from", "2026-01-01", "--to", "2027-01-01", "--max-instances", "100000"])
        #expect(enough.status == .ok)
        let bad = store.run(["events", "--from", "2026-01-01", "--to", "2027-01-01", "--max-instances", "lots"])
        #expect(bad.status == .usage)
    }
}
