import CalendarStore
import CalendarTestSupport
import Foundation
import Testing
@testable import CalendarFeeds

/// Subscriptions mirrored through the store, against the loopback server of
/// `Fixtures/feeds/feed_server.py`. Every expected count is the number of items these tests
/// put in (or took out of) the feeds they serve.
@Suite("Feed refresh and mirror")
struct FeedRefresherTests {
    /// A VCALENDAR named `name` holding `events` (each a VEVENT body without BEGIN/END).
    static func feed(_ events: [String], name: String = "Team", header: String = "") -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icalkit test//EN\r\nX-WR-CALNAME:\(name)\r\n" + header
        for event in events { text += "BEGIN:VEVENT\r\n" + event + "END:VEVENT\r\n" }
        return text + "END:VCALENDAR\r\n"
    }

    /// A one-hour event on 2026-03-DAY at 10:00 UTC.
    static func event(_ uid: String, day: Int = 2, summary: String? = nil, sequence: Int = 0,
                      stamp: String = "20260101T000000Z", extra: String = "") -> String {
        let d = String(format: "%02d", day)
        return "UID:\(uid)\r\nDTSTAMP:\(stamp)\r\nSEQUENCE:\(sequence)\r\nDTSTART:202603\(d)T100000Z\r\nDTEND:202603\(d)T110000Z\r\n"
            + "SUMMARY:\(summary ?? uid)\r\n" + extra
    }

    /// A weekly series `uid` from 2026-03-02 and, when `overrideDay` is given, an override of
    /// its 2026-03-09 instance.
    static func series(_ uid: String, overridden: Bool) -> [String] {
        var parts = [event(uid, day: 2, extra: "RRULE:FREQ=WEEKLY;COUNT=4\r\n")]
        if overridden { parts.append(event(uid, day: 9, summary: "moved", extra: "RECURRENCE-ID:20260309T100000Z\r\n")) }
        return parts
    }

    final class Harness {
        let server: FeedServer
        let directory: URL
        let store: EventStore
        var clock = Date(timeIntervalSince1970: 1_772_442_000)   // 2026-03-02T09:00:00Z
        var limits = FetchLimits()

        init() throws {
            server = try FeedServer()
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-refresh-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
        }

        deinit {
            try? store.close()
            try? FileManager.default.removeItem(at: directory)
        }

        var refresher: FeedRefresher {
            let now = clock
            return FeedRefresher(store: store, fetcher: FeedFetcher(userAgent: "icalkit-test/1.0"), limits: limits, now: { now })
        }

        func subscribe(_ path: String, title: String? = nil) throws -> FeedRefreshResult {
            refresher.subscribe(to: try FeedLocation(parsing: server.url(path)), title: title, interval: nil)
        }

        func refresh(_ title: String, force: Bool = false) throws -> FeedRefreshResult {
            let subscription = try #require(try store.subscription(forCalendar: title))
            return refresher.refresh(subscription, force: force)
        }

        /// (UID, RECURRENCE-ID or nil, summary, row id) of every item of a calendar, sorted.
        func items(_ title: String) throws -> [String] {
            try store.withRawConnection { db in
                var found: [String] = []
                try db.forEachRow("""
                    SELECT i.uid, i.recurrence_id, i.id FROM items i JOIN calendars c ON c.id = i.calendar_id
                    WHERE c.title = ? ORDER BY i.uid, i.recurrence_id
                    """, [.text(title)]) { row in
                    found.append("\(row.text(0) ?? "")|\(row.optionalDouble(1).map { String(Int($0)) } ?? "-")")
                }
                return found
            }
        }

        func rowID(_ title: String, uid: String) throws -> Int64? {
            try store.withRawConnection { db in
                try db.scalarInt("SELECT i.id FROM items i JOIN calendars c ON c.id = i.calendar_id WHERE c.title = ? AND i.uid = ? AND i.recurrence_id IS NULL",
                                 [.text(title), .text(uid)])
            }
        }

        func summary(_ uid: String) throws -> String? { try store.event(withUID: uid)?.event.title }
    }

    static func failed(_ result: FeedRefreshResult) -> Bool { result.problem != nil }

    // MARK: Validators

    @Test func etagThen304ChangesNothing() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a"), Self.event("b"), Self.event("c")]))
        let first = try h.subscribe("etag/team.ics")
        #expect(first.problem == nil, "\(first.message ?? "")")
        #expect(first.added == 3)
        #expect(first.subscription.calendarTitle == "Team")
        let (token, _) = try h.store.changes(since: 0)
        let second = try h.refresh("Team")
        #expect(second.outcome == .notModified)
        #expect(try h.store.changes(since: token).changes.isEmpty)
        let requests = h.server.requests()
        #expect(requests.count == 2)
        #expect(requests[0].headers["if-none-match"] == nil)
        #expect(requests[1].headers["if-none-match"] != nil)
        #expect(requests[1].headers["user-agent"] == "icalkit-test/1.0")
        let stored = try #require(try h.store.subscription(forCalendar: "Team"))
        #expect(stored.lastOutcome == .notModified)
        #expect(stored.nextDue == h.clock.addingTimeInterval(86_400))   // no interval declared: a day
    }

    @Test func lastModifiedOnly() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        #expect(try h.subscribe("lastmod/team.ics").added == 1)
        let stored = try #require(try h.store.subscription(forCalendar: "Team"))
        #expect(stored.etag == nil)
        #expect(stored.lastModified != nil)
        #expect(try h.refresh("Team").outcome == .notModified)
        #expect(h.server.requests().last?.headers["if-modified-since"] == stored.lastModified)
    }

    @Test func forceFetchesWithoutValidatorsAndChangesNothing() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a"), Self.event("b")]))
        _ = try h.subscribe("etag/team.ics")
        let (token, _) = try h.store.changes(since: 0)
        let forced = try h.refresh("Team", force: true)
        #expect(forced.outcome == .refreshed)
        #expect(forced.unchanged == 2 && forced.added == 0 && forced.updated == 0 && forced.removed == 0)
        #expect(h.server.requests().last?.headers["if-none-match"] == nil)
        #expect(try h.store.changes(since: token).changes.isEmpty)
    }

    @Test func declaredIntervalSetsTheNextDueTime() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")], header: "REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n"))
        let result = try h.subscribe("plain/team.ics")
        #expect(result.subscription.nextDue == h.clock.addingTimeInterval(6 * 3600))
        h.clock = h.clock.addingTimeInterval(3600)
        #expect(try h.refresher.dueSubscriptions().isEmpty)
        h.clock = h.clock.addingTimeInterval(5 * 3600)
        #expect(try h.refresher.dueSubscriptions().map(\.calendarTitle) == ["Team"])
    }

    // MARK: Mirror

    /// An event added, one removed, one edited without a new SEQUENCE, an override removed.
    @Test func changedFeedIsMirrored() throws {
        let h = try Harness()
        let before = [Self.event("keep"), Self.event("gone"), Self.event("edit")] + Self.series("weekly", overridden: true)
        try h.server.serve("team.ics", Self.feed(before))
        #expect(try h.subscribe("etag/team.ics").added == 5)
        let keptID = try h.rowID("Team", uid: "keep")
        let (token, _) = try h.store.changes(since: 0)
        let after = [Self.event("keep"), Self.event("edit", summary: "edited"), Self.event("new")] + Self.series("weekly", overridden: false)
        try h.server.serve("team.ics", Self.feed(after))
        let result = try h.refresh("Team")
        #expect(result.problem == nil, "\(result.message ?? "")")
        #expect(result.added == 1)
        #expect(result.updated == 1)
        #expect(result.removed == 2)     // "gone", and the override of "weekly"
        #expect(result.unchanged == 2)   // "keep", the "weekly" master
        #expect(try h.items("Team") == ["edit|-", "keep|-", "new|-", "weekly|-"])
        #expect(try h.summary("edit") == "edited")
        #expect(try h.rowID("Team", uid: "keep") == keptID)
        let changes = try h.store.changes(since: token).changes
        let logged = Dictionary(changes.map { ($0.uid, $0.kind) }, uniquingKeysWith: { a, _ in a })
        #expect(logged == ["new": .added, "edit": .updated, "gone": .deleted, "weekly": .updated])
        #expect(changes.count == 4)
    }

    @Test func aChangeOfDTSTAMPAloneIsNotAnUpdate() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a"), Self.event("b")]))
        _ = try h.subscribe("plain/team.ics")
        let (token, _) = try h.store.changes(since: 0)
        try h.server.serve("team.ics", Self.feed([Self.event("a", stamp: "20260301T120000Z"), Self.event("b", stamp: "20260301T120000Z")]))
        let result = try h.refresh("Team")
        #expect(result.unchanged == 2 && result.updated == 0)
        #expect(try h.store.changes(since: token).changes.isEmpty)
    }

    @Test func aLowerSequenceStillReplacesTheStoredCopy() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a", summary: "v2", sequence: 2)]))
        _ = try h.subscribe("plain/team.ics")
        try h.server.serve("team.ics", Self.feed([Self.event("a", summary: "v1", sequence: 1)]))
        let result = try h.refresh("Team")
        #expect(result.updated == 1)
        #expect(try h.summary("a") == "v1")
    }

    // MARK: Responses that change nothing

    struct BadBody: Sendable, CustomTestStringConvertible {
        let name: String
        let body: String
        let path: String
        var testDescription: String { name }
    }

    static let badBodies: [BadBody] = [
        BadBody(name: "HTML with 200", body: "<!DOCTYPE html><html><body>Sign in</body></html>\n", path: "plain/team.ics"),
        BadBody(name: "zero bytes", body: "", path: "plain/team.ics"),
        BadBody(name: "ends inside a component", body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\n", path: "plain/team.ics"),
        BadBody(name: "cut short (Content-Length larger than sent)", body: feed([event("x"), event("y"), event("z")]), path: "short/team.ics"),
    ]

    @Test(arguments: badBodies)
    func anIncompleteResponseLeavesTheCalendar(_ bad: BadBody) throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a"), Self.event("b")]))
        _ = try h.subscribe("plain/team.ics")
        try h.server.serve("team.ics", bad.body)
        // Refresh through the path that serves the bad body.
        var subscription = try #require(try h.store.subscription(forCalendar: "Team"))
        subscription.url = h.server.url(bad.path)
        let result = h.refresher.refresh(subscription, force: false)
        guard case .notICalendar? = result.problem else { Issue.record("\(bad.name): \(result.problem.map { "\($0)" } ?? "no problem")"); return }
        #expect(try h.items("Team") == ["a|-", "b|-"])
        let stored = try #require(try h.store.subscription(forCalendar: "Team"))
        #expect(stored.lastOutcome == .failed)
        #expect(stored.lastMessage == result.message)
        #expect(stored.nextDue == h.clock.addingTimeInterval(3600))   // retried after an hour
    }

    @Test func anUnreadableItemLeavesTheCalendar() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a"), Self.event("b")]))
        _ = try h.subscribe("plain/team.ics")
        try h.server.serve("team.ics", Self.feed([Self.event("a"), "UID:b\r\nDTSTART:not-a-date\r\nSUMMARY:b\r\n"]))
        let result = try h.refresh("Team")
        guard case .notICalendar? = result.problem else { Issue.record("expected a data problem: \(result.message ?? "")"); return }
        #expect(try h.items("Team") == ["a|-", "b|-"])
    }

    @Test(arguments: [404, 500])
    func anHTTPErrorLeavesTheCalendar(status: Int) throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        _ = try h.subscribe("plain/team.ics")
        var subscription = try #require(try h.store.subscription(forCalendar: "Team"))
        subscription.url = h.server.url("status/\(status)")
        let result = h.refresher.refresh(subscription, force: false)
        guard case .unavailable? = result.problem else { Issue.record("expected unavailable"); return }
        #expect(result.message?.hasPrefix("HTTP \(status)") == true)
        #expect(try h.items("Team") == ["a|-"])
    }

    @Test func goneEndsRefreshing() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        _ = try h.subscribe("plain/team.ics")
        var subscription = try #require(try h.store.subscription(forCalendar: "Team"))
        subscription.url = h.server.url("status/410")
        let result = h.refresher.refresh(subscription, force: false)
        #expect(result.outcome == .gone)
        let stored = try #require(try h.store.subscription(forCalendar: "Team"))
        #expect(stored.isGone)
        #expect(try h.items("Team") == ["a|-"])
        h.clock = h.clock.addingTimeInterval(10 * 86_400)
        #expect(try h.refresher.dueSubscriptions().isEmpty)
    }

    @Test func retryAfterSetsTheNextDueTime() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        _ = try h.subscribe("plain/team.ics")
        var subscription = try #require(try h.store.subscription(forCalendar: "Team"))
        subscription.url = h.server.url("status/503")
        let asked = Date()
        let result = h.refresher.refresh(subscription, force: false)
        guard case .unavailable? = result.problem else { Issue.record("expected unavailable"); return }
        let stored = try #require(try h.store.subscription(forCalendar: "Team"))
        // The server sends Retry-After: 120 (seconds from its answer).
        let retry = try #require(stored.retryAfter)
        #expect(abs(retry.timeIntervalSince(asked) - 120) < 10)
        #expect(stored.nextDue == retry)
    }

    // MARK: HTTP

    @Test func permanentRedirectUpdatesTheURLTemporaryDoesNot() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        let moved = try h.subscribe("redirect/301/plain/team.ics")
        #expect(moved.problem == nil)
        #expect(try h.store.subscription(forCalendar: "Team")?.url == h.server.url("plain/team.ics"))
        let temporary = try h.subscribe("redirect/302/plain/team.ics", title: "Temp")
        #expect(temporary.problem == nil)
        #expect(try h.store.subscription(forCalendar: "Temp")?.url == h.server.url("redirect/302/plain/team.ics"))
        // The refreshed calendar of a moved feed keeps taking refreshes from the new URL.
        try h.server.serve("team.ics", Self.feed([Self.event("a"), Self.event("b")]))
        #expect(try h.refresh("Team").added == 1)
    }

    @Test func gzip() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a"), Self.event("b")]))
        #expect(try h.subscribe("gzip/team.ics").added == 2)
    }

    @Test func aServerSlowerThanTheTimeout() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        h.limits.totalTimeout = 1
        let result = try h.subscribe("slow/3/plain/team.ics")
        guard case .unavailable? = result.problem else { Issue.record("expected unavailable"); return }
        #expect(result.message?.contains("timeout") == true)
        #expect(try h.store.calendar(titled: "127.0.0.1") == nil)   // nothing created
    }

    @Test func aBodyOverTheLimit() throws {
        let h = try Harness()
        h.limits.maxBytes = 4096
        let result = try h.subscribe("big/20000")
        guard case .unavailable? = result.problem else { Issue.record("expected unavailable"); return }
        #expect(result.message?.contains("4096") == true)
        #expect(try h.store.subscriptions().isEmpty)
    }

    @Test func webcalIsFetchedAsHTTPS() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        let location = try FeedLocation(parsing: "webcal://127.0.0.1:\(h.server.port)/plain/team.ics")
        #expect(location == .web("https://127.0.0.1:\(h.server.port)/plain/team.ics"))
        // The loopback server speaks plain HTTP: a TLS handshake with it fails, and no HTTP
        // request reaches it.
        let result = h.refresher.subscribe(to: location, title: nil, interval: nil)
        guard case .unavailable? = result.problem else { Issue.record("expected unavailable"); return }
        #expect(h.server.requests().isEmpty)
    }

    @Test func aTitleTakenByAnotherCalendarCreatesNothing() throws {
        let h = try Harness()
        try h.store.saveCalendar(.init(title: "Team"))
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        let result = try h.subscribe("plain/team.ics")
        guard case .store? = result.problem else { Issue.record("expected a store refusal"); return }
        #expect(try h.store.subscriptions().isEmpty)
        #expect(try h.items("Team").isEmpty)
    }

    @Test func usersCannotWriteASubscribedCalendar() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        _ = try h.subscribe("plain/team.ics")
        #expect(throws: StoreError.self) { try h.store.removeItem(uid: "a", in: "Team") }
        do {
            try h.store.removeItem(uid: "a", in: "Team")
        } catch let error as StoreError {
            #expect(error.reason == .readOnlyCalendar)
            #expect(error.message.contains("'Team' is a subscribed feed"))
        }
        #expect(try h.items("Team") == ["a|-"])
    }

    @Test func unsubscribeKeepsOrDeletes() throws {
        let h = try Harness()
        try h.server.serve("team.ics", Self.feed([Self.event("a")]))
        _ = try h.subscribe("plain/team.ics")
        _ = try h.subscribe("plain/team.ics", title: "Copy")
        try h.store.unsubscribe(calendar: "Team", keepingCalendar: true)
        try h.store.unsubscribe(calendar: "Copy", keepingCalendar: false)
        #expect(try h.store.subscriptions().isEmpty)
        #expect(try h.store.calendar(titled: "Team")?.allowsContentModifications == true)
        #expect(try h.store.calendar(titled: "Copy") == nil)
        try h.store.removeItem(uid: "a", in: "Team")   // writable now
    }
}
