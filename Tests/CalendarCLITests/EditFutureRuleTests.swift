@testable import CalendarCLI
import Foundation
import Testing

/// `edit ID --occurrence WHEN --future --rrule RULE` (EventKit's `.futureEvents` span with a
/// new rule): the old series ends before WHEN (RFC 5545 §3.3.10: UNTIL is inclusive, so one
/// second before a date-time, the day before a date; of the same value type as DTSTART, in UTC
/// for a zoned DTSTART and floating for a floating one), and a new series starts at WHEN with
/// the new rule, its COUNT counted from there. The cases are in Fixtures/edit/future-rrule.json,
/// each with the dates worked out by hand from the rules in Europe/Berlin.
@Suite("edit --future --rrule")
struct EditFutureRuleTests {
    /// One case of Fixtures/edit/future-rrule.json (its `about` says what each field holds).
    struct SplitCase: Sendable, Decodable, CustomTestStringConvertible {
        let id: String, occurrence: String, rule: String, oldRule: String, newStart: String, newRule: String
        var add: [String]?, ics: String?, uid: String?, before: [[String]]?
        let window: [String], listed: [String]
        var testDescription: String { id }
    }

    static let cases: [SplitCase] = {
        struct Table: Decodable { var cases: [SplitCase] }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: fixture("edit/future-rrule.json")))) ?? Data()
        return (try? JSONDecoder().decode(Table.self, from: data).cases) ?? []
    }()

    @Test func theTableIsRead() { #expect(Self.cases.count == 6) }

    /// A rule's parts, whatever their order (RFC 5545 §3.3.10 fixes none).
    static func parts(_ line: String) -> Set<Substring> { Set(line.dropFirst("RRULE:".count).split(separator: ";")) }

    @Test(arguments: cases)
    func splitWithANewRule(_ c: SplitCase) throws {
        let store = try StoreUnderTest()
        let uid: String
        if let ics = c.ics, let id = c.uid {
            store.ok(["import", fixture("edit/" + ics)])
            uid = id
        } else {
            uid = store.ok(["add", "event", "-q"] + (c.add ?? [])).trimmingCharacters(in: .newlines)
        }
        for edit in c.before ?? [] { store.ok(["edit", uid] + edit) }
        let result = store.run(["edit", uid, "--occurrence", c.occurrence, "--future", "--rrule", c.rule])
        #expect(result.status == .ok, "\(result)")
        let newUID = result.stdout.trimmingCharacters(in: .newlines)
        #expect(EditCommandTests.isNewUID(newUID))

        let lines = store.exportLines()
        let old = components(lines, uid: uid)
        #expect(old.count == 1, "the old series keeps no override from the split on: \(old)")
        #expect(old.first?.filter { $0.hasPrefix("RRULE") }.map(Self.parts) == [Self.parts(c.oldRule)])
        let newMaster = try #require(components(lines, uid: newUID).first { !$0.contains { $0.hasPrefix("RECURRENCE-ID") } })
        #expect(newMaster.contains(c.newStart), "\(newMaster)")
        #expect(newMaster.filter { $0.hasPrefix("RRULE") }.map(Self.parts) == [Self.parts(c.newRule)])

        let listed = try store.events(c.window).map { "\($0["start"] as? String ?? "?") \($0["title"] as? String ?? "?")" }
        #expect(listed == c.listed)
    }

    /// Splitting at the first occurrence changes the whole series: no new UID, the rule replaced.
    @Test func atTheFirstOccurrenceTheWholeSeriesChanges() throws {
        let store = try StoreUnderTest()
        let uid = store.ok(["add", "event", "-q", "--title", "Sync", "--start", "2026-03-02T10:00", "--rrule", "FREQ=WEEKLY"])
            .trimmingCharacters(in: .newlines)
        #expect(store.run(["edit", uid, "--occurrence", "2026-03-02T10:00", "--future", "--rrule", "FREQ=DAILY;COUNT=2"]).stdout == "")
        // 2 and 3 March, 10:00 CET.
        #expect(try store.events(["--from", "2026-03-01", "--to", "2026-04-01"]).compactMap { $0["start"] as? String }
                == ["2026-03-02T10:00:00+01:00", "2026-03-03T10:00:00+01:00"])
    }
}
