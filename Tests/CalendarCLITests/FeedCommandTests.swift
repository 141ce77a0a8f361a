@testable import CalendarCLI
import CalendarStore
import CalendarTestSupport
import Foundation
import Testing

/// `subscribe`, `refresh`, `unsubscribe`, `import --replace`, `calendars set` and the feed
/// columns of `calendars list`, in process, against the loopback feed server.
@Suite("feed commands")
struct FeedCommandTests {
    /// A feed of one-hour events named by their UIDs, each on a day of March 2026 that
    /// depends on its UID only (so an event is the same wherever it is in the feed).
    static func feed(_ uids: [String], name: String = "School") -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icalkit test//EN\r\nX-WR-CALNAME:\(name)\r\n"
        for uid in uids {
            let day = String(format: "%02d", 1 + uid.utf8.reduce(0) { $0 + Int($1) } % 28)
            text += "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:202603\(day)T100000Z\r\n"
                + "DTEND:202603\(day)T110000Z\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    /// A private token in the query and a long secret path segment, as Google's and Outlook's
    /// published links carry.
    static let secretSegment = "private-7f3a9c2e61b44d0895e3b2c7a0d14f86"
    static let secretQuery = "token=s3cr3tT0k3n"

    @Test func subscribeRefreshAndListNeverShowTheToken() throws {
        let server = try FeedServer()
        let store = try StoreUnderTest()
        try server.serve("\(Self.secretSegment)/basic.ics", Self.feed(["a", "b"]))
        let url = server.url("etag/\(Self.secretSegment)/basic.ics?\(Self.secretQuery)")
        let redacted = server.url("etag/…/basic.ics?…")
        var outputs: [CLIResult] = []
        let subscribed = store.run(["subscribe", url])
        #expect(subscribed.status == .ok, "\(subscribed)")
        #expect(subscribed.stdout.hasPrefix("School: subscribed to \(redacted): 2 added; next refresh "))
        outputs.append(subscribed)
        let again = store.run(["refresh", "School"])
        #expect(again == CLIResult(stdout: "School: not modified\n", stderr: "", status: .ok))
        outputs.append(store.run(["refresh", "School", "--format", "json", "--force"]))
        outputs.append(store.run(["calendars", "list"]))
        outputs.append(store.run(["calendars", "list", "--format", "json"]))
        // A failing feed's message names the URL too.
        try FileManager.default.removeItem(at: server.root.appendingPathComponent(Self.secretSegment))
        let failing = store.run(["refresh", "School", "--force"])
        #expect(failing.status == .unavailable)
        #expect(failing.stderr == "Error: School (\(redacted)): HTTP 404 Not Found\n")
        outputs.append(failing)
        for output in outputs {
            #expect(!output.stdout.contains("s3cr3t") && !output.stderr.contains("s3cr3t"), "\(output)")
            #expect(!output.stdout.contains(Self.secretSegment) && !output.stderr.contains(Self.secretSegment), "\(output)")
        }
        let shown = store.ok(["calendars", "list", "--show-urls"])
        #expect(shown.contains(url))
    }

    @Test func refreshReportsOneJSONLinePerFeedAndTheWorstStatus() throws {
        let server = try FeedServer()
        let store = try StoreUnderTest()
        try server.serve("a.ics", Self.feed(["a1", "a2", "a3"], name: "Alpha"))
        try server.serve("b.ics", Self.feed(["b1"], name: "Beta"))
        try server.serve("c.ics", Self.feed(["c1"], name: "Gamma"))
        store.ok(["subscribe", server.url("plain/a.ics")])
        store.ok(["subscribe", server.url("plain/b.ics")])
        store.ok(["subscribe", server.url("plain/c.ics")])
        // Alpha drops one event, Beta becomes an HTML page, Gamma disappears (404).
        try server.serve("a.ics", Self.feed(["a1", "a3"], name: "Alpha"))
        try server.serve("b.ics", "<html><body>Please sign in</body></html>\n")
        try FileManager.default.removeItem(at: server.root.appendingPathComponent("c.ics"))
        let result = store.run(["refresh", "--force", "--format", "json"])
        #expect(result.status == .unavailable)   // 69 outranks 65
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let objects = try lines.map { try jsonObject($0) }
        #expect(objects.map { $0["calendar"] as? String } == ["Alpha", "Beta", "Gamma"])
        #expect(objects.allSatisfy { $0["schemaVersion"] as? Int == 1 })
        #expect(objects[0]["outcome"] as? String == "refreshed")
        #expect(objects[0]["removed"] as? Int == 1)
        #expect(objects[0]["unchanged"] as? Int == 2)
        #expect(objects[1]["outcome"] as? String == "failed")
        #expect((objects[1]["message"] as? String)?.contains("HTML") == true)
        #expect(objects[2]["outcome"] as? String == "failed")
        #expect(objects[2]["message"] as? String == "HTTP 404 Not Found")
        // The failed feeds kept their items.
        let list = try jsonObject(store.ok(["calendars", "list", "--format", "json"]))
        let calendars = try #require(list["calendars"] as? [[String: Any]])
        #expect(calendars.map { $0["events"] as? Int } == [2, 1, 1])
        let beta = try #require(calendars[1]["subscription"] as? [String: Any])
        #expect(beta["lastOutcome"] as? String == "failed")
    }

    @Test func onlyAnHTMLFeedExits65() throws {
        let server = try FeedServer()
        let store = try StoreUnderTest()
        try server.serve("a.ics", Self.feed(["a1"]))
        store.ok(["subscribe", server.url("plain/a.ics")])
        try server.serve("a.ics", "<!doctype html><title>Error</title>\n")
        let result = store.run(["refresh", "-q", "--force"])
        #expect(result.status == .dataError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("School (\(server.url("plain/a.ics"))): the response is an HTML page"))
    }

    @Test func refreshWithoutNamesTakesOnlyWhatIsDue() throws {
        let server = try FeedServer()
        let store = try StoreUnderTest()
        try server.serve("a.ics", Self.feed(["a1"], name: "Alpha"))
        store.ok(["subscribe", server.url("plain/a.ics"), "--every", "1h"])
        let before = server.requests().count
        // The test clock does not move: nothing is due an hour later yet, and it says when.
        let nothing = store.run(["refresh"])
        #expect(nothing.status == .ok && nothing.stderr.isEmpty)
        #expect(nothing.stdout.hasPrefix("Nothing due (1 subscription); next: Alpha at "), "\(nothing)")
        #expect(store.run(["refresh", "-q"]) == CLIResult(stdout: "", stderr: "", status: .ok))
        #expect(server.requests().count == before)
        #expect(store.run(["refresh", "Nope"]).status == .noSuchCalendar)
    }

    @Test func refreshWithoutSubscriptionsSaysHowToAddOne() throws {
        let store = try StoreUnderTest()
        store.ok(["add", "reminder", "--title", "t"])
        #expect(store.run(["refresh"]) == CLIResult(stdout: "No subscriptions; add one with 'icalkit subscribe URL'\n", stderr: "", status: .ok))
    }

    @Test func subscribeRefusesWhatItCannotRead() throws {
        let store = try StoreUnderTest()
        #expect(store.run(["subscribe", "ftp://example.com/a.ics"]).status == .usage)
        #expect(store.run(["subscribe", "https://example.com/a.ics", "--every", "soon"]).status == .usage)
        let missing = store.run(["subscribe", store.directory.path("missing.ics")])
        #expect(missing.status == .unavailable)
        #expect(store.ok(["calendars", "list"]) == "No calendars.\n")
    }

    @Test func aLocalFileIsMirrored() throws {
        let store = try StoreUnderTest()
        let path = store.directory.path("local.ics")
        try Self.feed(["x", "y", "z"], name: "Local").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(store.ok(["subscribe", path]).hasPrefix("Local: subscribed to \(path): 3 added"))
        #expect(store.ok(["refresh", "Local"]) == "Local: not modified\n")
        try Self.feed(["x", "w"], name: "Local").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(store.ok(["refresh", "Local"]) == "Local: 1 added, 0 updated, 1 unchanged, 2 removed\n")
    }

    @Test func usersCannotChangeASubscribedCalendar() throws {
        let store = try StoreUnderTest()
        let path = store.directory.path("local.ics")
        try Self.feed(["x"], name: "Local").write(toFile: path, atomically: true, encoding: .utf8)
        store.ok(["subscribe", path])
        let message = "Error: calendar 'Local' is a subscribed feed: only refresh changes its items (unsubscribe 'Local' --keep makes it an ordinary calendar)\n"
        #expect(store.run(["delete", "x"]).stderr == message)
        #expect(store.run(["edit", "x", "--title", "y"]).stderr == message)
        #expect(store.run(["add", "event", "--title", "n", "--start", "2026-03-02T10:00", "--duration", "1h", "--calendar", "Local"]).stderr == message)
        let other = store.directory.path("other.ics")
        try Self.feed(["q"], name: "Other").write(toFile: other, atomically: true, encoding: .utf8)
        #expect(store.run(["import", other, "--calendar", "Local"]).status == .failure)
        #expect(store.run(["import", other, "--calendar", "Local", "--replace"]).stderr.contains("is a subscribed feed"))
        let writable = store.run(["calendars", "set", "Local", "--writable"])
        #expect(writable.status == .failure)
        #expect(writable.stderr.contains("unsubscribe Local --keep"))
        // Renaming keeps the subscription.
        store.ok(["calendars", "set", "Local", "--title", "Mine", "--color", "#FF2968"])
        #expect(store.ok(["refresh", "Mine"]) == "Mine: not modified\n")
        #expect(store.ok(["unsubscribe", "Mine", "--keep"]) == "Mine: unsubscribed; kept as a writable calendar\n")
        store.ok(["delete", "x"])
    }

    @Test func importReplaceMirrorsFilesIntoACalendar() throws {
        let store = try StoreUnderTest()
        let a = store.directory.path("a.ics"), b = store.directory.path("b.ics")
        try Self.feed(["a1", "a2"]).write(toFile: a, atomically: true, encoding: .utf8)
        try Self.feed(["b1"]).write(toFile: b, atomically: true, encoding: .utf8)
        #expect(store.ok(["import", a, b, "--calendar", "Team", "--replace"]) == "Team: 3 added, 0 updated, 0 unchanged, 0 skipped, 0 removed\n")
        try Self.feed(["a1"]).write(toFile: a, atomically: true, encoding: .utf8)
        #expect(store.ok(["import", a, b, "--calendar", "Team", "--replace"]) == "Team: 0 added, 0 updated, 2 unchanged, 0 skipped, 1 removed\n")
        // A file that cannot be read whole changes nothing.
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:cut\r\n".write(toFile: b, atomically: true, encoding: .utf8)
        let refused = store.run(["import", a, b, "--calendar", "Team", "--replace"])
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("nothing imported"))
        let list = try jsonObject(store.ok(["calendars", "list", "--format", "json"]))
        #expect((list["calendars"] as? [[String: Any]])?.first?["events"] as? Int == 2)
        #expect(store.run(["import", a, "--replace"]).status == .usage)
    }

    @Test func unsubscribeDeletesTheCalendar() throws {
        let store = try StoreUnderTest()
        let path = store.directory.path("local.ics")
        try Self.feed(["x"], name: "Local").write(toFile: path, atomically: true, encoding: .utf8)
        store.ok(["subscribe", path])
        #expect(store.ok(["unsubscribe", "Local"]) == "Local: unsubscribed; calendar deleted\n")
        #expect(store.ok(["calendars", "list"]) == "No calendars.\n")
        #expect(store.run(["unsubscribe", "Local"]).status == .noSuchCalendar)
    }
}
