@testable import CalendarCLI
import CalendarModel
import Foundation
import Testing

/// `show`, `search`, what `add` prints, and short IDs. Expected values come from
/// Fixtures/demo/team.ics (an Outlook export) and from the FNV specification.
@Suite("Show, search and short IDs")
struct ShowSearchTests {
    /// team.ics's weekly stand-up and its VTODO.
    static let standup = "040000008200E00074C5B7101A82E00800000000C0F1A9B2D781DC010000000000000000100000003B7E4C1A9D2F6E58B0A3C7D1E9F24B68"
    static let offsite = "040000008200E00074C5B7101A82E008000000006A2E8F0CD781DC01000000000000000010000000E51C7B3F0A9D4E26B8C1F7A3D06E9B42"
    static let todo = "3F6A9C2E-71B4-4D08-95E3-B2C7A0D14F86"

    static func team() throws -> StoreUnderTest {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        return store
    }

    /// Every field of the stand-up as team.ics writes it: RRULE FREQ=WEEKLY;BYDAY=MO, EXDATE
    /// 2026-04-06 09:30 London (BST), TRIGGER -PT10M, ORGANIZER/ATTENDEE CN and PARTSTAT, and
    /// the override RECURRENCE-ID 20260504T093000 moved to 20260505T100000.
    @Test func showPrintsEveryField() throws {
        let store = try Self.team()
        let out = store.ok(["show", Self.standup])
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Weekly stand-up")
        for expected in [
            "  UID:         \(Self.standup)",
            "  Calendar:    Platform Team",
            "  Start:       2026-01-05T09:30:00+00:00",
            "  End:         2026-01-05T09:45:00+00:00",
            "  Zone:        Europe/London",
            "  Repeats:     every week on Monday",
            "  Except:      2026-04-06T09:30:00+01:00",
            "  Location:    Thames room / Teams",
            "  Status:      confirmed",
            "  Alarm:       10 minutes before the start",
            "  Organizer:   Priya Shah <priya.shah@example.co.uk>",
            "  Attendee:    Tom Hughes <tom.hughes@example.co.uk> (required, accepted)",
            "  Attendee:    Lukas Brandt <lukas.brandt@example.de> (optional, tentative)",
            "  Override:    2026-05-04T09:30:00+01:00 → 2026-05-05T10:00:00+01:00 \"Weekly stand-up (Tuesday this week)\"",
        ] {
            #expect(lines.contains(expected), "\(expected)\nin\n\(out)")
        }
        let rrule = try #require(lines.first { $0.hasPrefix("  RRULE:") })
        #expect(rrule.contains("FREQ=WEEKLY") && rrule.contains("BYDAY=MO"))
        let id = try #require(lines.first { $0.hasPrefix("  ID:") }?.split(separator: " ").last.map(String.init))
        #expect(id.count >= 6 && ShortID.hash(Self.standup).hasPrefix(id))
        #expect(store.ok(["show", id]) == out)
        #expect(store.ok(["show", id.uppercased()]) == out)
    }

    @Test func showReminder() throws {
        let store = try Self.team()
        let lines = store.ok(["show", Self.todo]).split(separator: "\n").map(String.init)
        #expect(lines.first == "Book train tickets for the offsite")
        #expect(lines.contains("  Due:         2026-05-29T17:00:00+01:00"))
        #expect(lines.contains("  Priority:    1 (high)"))
        #expect(lines.contains("  Completed:   no"))
    }

    @Test func showJSONIsConvertsShape() throws {
        let store = try Self.team()
        let doc = try jsonObject(store.ok(["show", Self.standup, "--format", "json"]))
        #expect(doc["schemaVersion"] as? Int == 1)
        let calendars = try #require(doc["calendars"] as? [[String: Any]])
        #expect(calendars.map { $0["title"] as? String } == ["Platform Team"])
        let events = calendars.first?["events"] as? [[String: Any]] ?? []
        #expect(events.compactMap { $0["uid"] as? String } == [Self.standup, Self.standup])   // master and override
        #expect((calendars.first?["reminders"] as? [Any])?.isEmpty == true)
        #expect(store.run(["show", "nope@x", "--format", "json"]).status == .noSuchItem)
    }

    struct SearchCase: Sendable, CustomTestStringConvertible {
        let args: [String]
        let uids: [String]
        var testDescription: String { args.joined(separator: " ") }
    }

    static let searches: [SearchCase] = [
        SearchCase(args: ["STAND-UP"], uids: [standup]),                       // title, any case
        SearchCase(args: ["windermere"], uids: [offsite]),                     // location
        SearchCase(args: ["euston"], uids: [offsite]),                         // notes
        SearchCase(args: ["train"], uids: [offsite, todo]),                    // notes and a reminder's title
        SearchCase(args: ["train", "--calendar", "Nope"], uids: []),
        SearchCase(args: ["THAMES", "--from", "2026-05-01", "--to", "2026-05-12"], uids: [standup, standup]),
        SearchCase(args: ["stand-up", "--week", "2026-05-06"], uids: [standup]),
        SearchCase(args: ["--week", "2026-05-06", "stand-up"], uids: [standup]),
        SearchCase(args: ["--month", "2026-06", "lake"], uids: [offsite]),
        SearchCase(args: ["--month", "lake"], uids: []),                         // this month (March 2026) has none
        SearchCase(args: ["nothing like this"], uids: []),
    ]

    @Test(arguments: searches)
    func search(_ c: SearchCase) throws {
        let store = try Self.team()
        let result = store.run(["search"] + c.args + ["--format", "json"])
        if c.args.contains("Nope") {
            #expect(result.status == .noSuchCalendar)
            return
        }
        let doc = try jsonObject(result.stdout)
        let items = (doc["events"] as? [[String: Any]] ?? []) + (doc["reminders"] as? [[String: Any]] ?? [])
        #expect(items.compactMap { $0["uid"] as? String } == c.uids)
    }

    @Test func searchTable() throws {
        let store = try Self.team()
        let lines = store.ok(["search", "train"]).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID      KIND      WHEN"))
        #expect(lines[1].contains("event") && lines[1].contains("Team offsite – Lake District"))
        #expect(lines[2].contains("reminder") && lines[2].contains("Book train tickets for the offsite"))
        #expect(store.ok(["search", "zzz"]) == "Nothing found.\n")
    }

    @Test func addPrintsWhatItMade() throws {
        let store = try StoreUnderTest()
        let out = store.ok(["add", "event", "--title", "Dentist", "--start", "2026-03-10T09:00", "--alarm", "15m"])
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Dentist")
        #expect(lines.contains("  Start:       2026-03-10T09:00:00+01:00"))
        #expect(lines.contains("  End:         2026-03-10T10:00:00+01:00"))
        #expect(lines.contains("  Alarm:       15 minutes before the start"))
        let json = try jsonObject(store.ok(["add", "reminder", "--title", "Call", "--due", "tomorrow", "--format", "json"]))
        let reminders = (json["calendars"] as? [[String: Any]])?.first?["reminders"] as? [[String: Any]] ?? []
        #expect(reminders.compactMap { $0["due"] as? String } == ["2026-03-03"])
        let uid = store.ok(["add", "reminder", "--title", "Quiet", "-q"])
        #expect(uid.hasSuffix("@icalkit\n") && !uid.contains(" "))
    }

    /// FNV-1a 64-bit test vectors from the FNV specification (draft-eastlake-fnv, appendix).
    @Test(arguments: [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")])
    func hashIsFNV1a(_ text: String, _ hex: String) {
        #expect(ShortID.hash(text) == hex)
    }

    @Test func shortestPrefixesAreUniqueAndAtLeastSix() {
        let uids = (0..<5000).map { "item-\($0)@example.com" }
        let ids = ShortID.shortest(for: uids)
        #expect(ids.count == uids.count)
        #expect(Set(ids.values).count == uids.count)
        for uid in uids {
            let id = ids[uid] ?? ""
            #expect(id.count >= 6 && ShortID.hash(uid).hasPrefix(id))
            // No other UID's hash starts with it.
            #expect(id.count == 6 || !uids.contains { $0 != uid && ShortID.hash($0).hasPrefix(id) })
        }
    }

    struct RuleCase: Sendable, CustomTestStringConvertible {
        let rule: RecurrenceRule
        let words: String
        var testDescription: String { words }
    }

    static let rules: [RuleCase] = {
        var biweekly = RecurrenceRule(frequency: .weekly)
        biweekly.interval = 2
        biweekly.daysOfTheWeek = [.init(.monday), .init(.wednesday)]
        biweekly.end = .afterOccurrences(10)
        var lastFriday = RecurrenceRule(frequency: .monthly)
        lastFriday.daysOfTheWeek = [.init(.friday, weekNumber: -1)]
        var dst = RecurrenceRule(frequency: .yearly)
        dst.monthsOfTheYear = [3]
        dst.daysOfTheWeek = [.init(.sunday, weekNumber: -1)]
        var payday = RecurrenceRule(frequency: .monthly)
        payday.daysOfTheMonth = [1, 15]
        var daily = RecurrenceRule(frequency: .daily)
        daily.end = .afterDate(Date(timeIntervalSince1970: 1_798_675_200), isDate: true)   // 2026-12-31
        var second = RecurrenceRule(frequency: .monthly)
        second.daysOfTheWeek = [.init(.tuesday, weekNumber: 2), .init(.thursday, weekNumber: 22)]
        return [
            RuleCase(rule: biweekly, words: "every 2 weeks on Monday and Wednesday, 10 times"),
            RuleCase(rule: lastFriday, words: "every month on the last Friday"),
            RuleCase(rule: dst, words: "every year in March on the last Sunday"),
            RuleCase(rule: payday, words: "every month on the 1st and 15th days"),
            RuleCase(rule: daily, words: "every day, until 2026-12-31"),
            RuleCase(rule: second, words: "every month on the 2nd Tuesday and the 22nd Thursday"),
        ]
    }()

    @Test(arguments: rules)
    func ruleInWords(_ c: RuleCase) {
        #expect(RuleDescription.words(c.rule) == c.words)
    }
}
