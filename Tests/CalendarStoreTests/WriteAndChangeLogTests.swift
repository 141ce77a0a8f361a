import CalendarModel
import CalendarStore
import Foundation
import Testing

@Suite("Writes and change log")
struct WriteAndChangeLogTests {
    @Test func tokensGrowAndChangesSinceReturnsTheRest() throws {
        try withStore { store in
            #expect(try store.currentChangeToken() == 0)
            #expect(try store.changes(since: 0).changes.isEmpty)
            try store.saveCalendar(EventCalendar(title: "Work"))
            var event = makeEvent("a@x", start: utc(2026, 3, 2, 10))
            try store.save(event, in: "Work")                                   // added
            try store.save(Reminder(uid: "r@x", title: "call"), in: "Work")     // added
            let middle = try store.currentChangeToken()
            event.title = "renamed"
            try store.save(event, in: "Work")                                   // updated
            try store.save(event, in: "Work")                                   // identical: nothing
            try store.removeItem(uid: "r@x", in: "Work")                        // deleted

            let all = try store.changes(since: 0)
            #expect(all.changes.map { "\($0.kind) \($0.uid)" } == ["calendarCreated ", "added a@x", "added r@x", "updated a@x", "deleted r@x"])
            let tokens = all.changes.map(\.token)
            #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0 < $1 })
            #expect(all.token == tokens.last)
            #expect(try store.currentChangeToken() == all.token)

            let rest = try store.changes(since: middle)
            #expect(rest.changes.map { "\($0.kind) \($0.uid)" } == ["updated a@x", "deleted r@x"])
            #expect(rest.token == all.token)
            #expect(try store.changes(since: all.token).changes.isEmpty)
        }
    }

    @Test func largeImportsLogEachUIDOnceInInputOrder() throws {
        // More UIDs than one batch of the import's change log (64), and not a multiple of it.
        try withStore { store in
            let events = (0..<150).map { makeEvent("e\($0)@x", start: utc(2026, 3, 2, 10).addingTimeInterval(Double($0) * 3600)) }
            _ = try store.importDocument(makeDocument("Feed", events: events))
            let first = try store.changes(since: 0)
            #expect(first.changes.map { "\($0.kind) \($0.uid)" } == (0..<150).map { "added e\($0)@x" })
            let tokens = first.changes.map(\.token)
            #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0 < $1 })
            #expect(try store.currentChangeToken() == first.token)

            // Again: 70 of them newer (an odd order), 10 new ones between them, the rest as they were.
            var again: [Event] = []
            for i in stride(from: 149, to: 9, by: -2) {   // e149, e147, ..., e11: 70 events
                var e = events[i]
                e.sequence = 1
                e.title = "changed"
                again.append(e)
                if i % 14 == 1 { again.append(makeEvent("n\(i)@x", start: utc(2026, 4, 1, 10))) }
            }
            again += events.prefix(10)
            _ = try store.importDocument(makeDocument("Feed", events: again))
            let second = try store.changes(since: first.token)
            let expected = again.compactMap { e -> String? in
                if e.uid.hasPrefix("n") { return "added \(e.uid)" }
                return e.sequence == 1 ? "updated \(e.uid)" : nil
            }
            #expect(expected.count == 80)
            #expect(second.changes.map { "\($0.kind) \($0.uid)" } == expected)
        }
    }

    @Test func removingAMissingItemFails() throws {
        try withStore { store in
            try store.saveCalendar(EventCalendar(title: "Work"))
            let error = try #require(throws: StoreError.self) { try store.removeItem(uid: "ghost@x", in: "Work") }
            #expect(error.reason == .itemNotFound)
            #expect(try store.currentChangeToken() == 1)   // the calendar's creation only
        }
    }

    @Test func addingAnOverrideToAKnownUIDLogsAnUpdate() throws {
        try withStore { store in
            try store.saveCalendar(EventCalendar(title: "Work"))
            var master = makeEvent("s@x", start: utc(2026, 3, 2, 9))
            master.recurrenceRules = [RecurrenceRule(frequency: .daily)]
            try store.save(master, in: "Work")
            var override = makeEvent("s@x", "moved", start: utc(2026, 3, 3, 12))
            override.occurrenceDate = utc(2026, 3, 3, 9)
            try store.save(override, in: "Work")
            #expect(try store.changes(since: 0).changes.map(\.kind) == [.calendarCreated, .added, .updated])
            #expect(try store.event(withUID: "s@x")?.event.title == "s@x")   // the master comes first
            #expect(try store.document(forCalendar: "Work").events.count == 2)
        }
    }

    @Test func sourceTextIsKeptUntilTheItemIsEdited() throws {
        try withStore { store in
            try store.saveCalendar(EventCalendar(title: "Work"))
            var event = makeEvent("src@x", start: utc(2026, 3, 2, 10))
            let text = "BEGIN:VEVENT\r\nUID:src@x\r\nX-VENDOR:keep\r\nEND:VEVENT"
            event.source = SourceText(text: text, event: event)
            try store.save(event, in: "Work")
            let stored = try #require(try store.event(withUID: "src@x"))
            #expect(stored.calendarTitle == "Work")
            #expect(stored.event.source?.text == text)
            #expect(stored.event.source?.isUnchanged(stored.event) == true)

            var edited = stored.event
            edited.title = "edited"
            try store.save(edited, in: "Work")
            let after = try #require(try store.event(withUID: "src@x"))
            #expect(after.event.title == "edited")
            #expect(after.event.source == nil)
            #expect(try store.document(forCalendar: "Work").events.first?.source == nil)
        }
    }

    @Test func remindersAreQueriedByDueAndCompletion() throws {
        try withStore { store in
            try store.saveCalendar(EventCalendar(title: "Home"))
            try store.saveCalendar(EventCalendar(title: "Work"))
            var zoned = Reminder(uid: "zoned@x", title: "zoned")            // 2026-03-02 10:00 Berlin = 09:00Z
            zoned.dueDateComponents = DateComponents(timeZone: try zone("Europe/Berlin"), year: 2026, month: 3, day: 2, hour: 10)
            var dateOnly = Reminder(uid: "date@x", title: "date only")      // 2026-03-03, read in the asked zone
            dateOnly.dueDateComponents = DateComponents(year: 2026, month: 3, day: 3)
            let undated = Reminder(uid: "undated@x", title: "someday")
            var done = Reminder(uid: "done@x", title: "done")
            done.isCompleted = true
            done.completionDate = utc(2026, 3, 1, 18)
            try store.save(zoned, in: "Work")
            try store.save(dateOnly, in: "Home")
            try store.save(undated, in: "Home")
            try store.save(done, in: "Work")

            let all = try store.reminders(matching: store.predicateForReminders(in: nil))
            #expect(all.map(\.reminder.uid) == ["zoned@x", "date@x", "done@x", "undated@x"])
            #expect(all.map(\.calendarTitle) == ["Work", "Home", "Work", "Home"])

            let incomplete = try store.reminders(matching: store.predicateForIncompleteReminders(withDueDateStarting: nil, ending: nil, calendars: nil))
            #expect(incomplete.map(\.reminder.uid) == ["zoned@x", "date@x", "undated@x"])

            // [09:00Z, 09:30Z) holds the zoned due date only.
            let morning = store.predicateForIncompleteReminders(withDueDateStarting: utc(2026, 3, 2, 9), ending: utc(2026, 3, 2, 9, 30), calendars: nil, timeZone: .gmt)
            #expect(try store.reminders(matching: morning).map(\.reminder.uid) == ["zoned@x"])
            // 2026-03-03 in Tokyo (UTC+9) is 2026-03-02T15:00Z; in UTC it is outside this window.
            let tokyo = store.predicateForIncompleteReminders(withDueDateStarting: utc(2026, 3, 2, 14), ending: utc(2026, 3, 2, 16), calendars: nil, timeZone: try zone("Asia/Tokyo"))
            #expect(try store.reminders(matching: tokyo).map(\.reminder.uid) == ["date@x"])
            let utcWindow = store.predicateForIncompleteReminders(withDueDateStarting: utc(2026, 3, 2, 14), ending: utc(2026, 3, 2, 16), calendars: nil, timeZone: .gmt)
            #expect(try store.reminders(matching: utcWindow).isEmpty)

            let completed = store.predicateForCompletedReminders(withCompletionDateStarting: utc(2026, 3, 1), ending: utc(2026, 3, 2), calendars: [EventCalendar(title: "Work")])
            #expect(try store.reminders(matching: completed).map(\.reminder.uid) == ["done@x"])
            let completedEarlier = store.predicateForCompletedReminders(withCompletionDateStarting: utc(2026, 2, 1), ending: utc(2026, 3, 1), calendars: nil)
            #expect(try store.reminders(matching: completedEarlier).isEmpty)
            #expect(try store.reminder(withUID: "date@x")?.calendarTitle == "Home")
        }
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func twoStoresImportingAtOnceBothSucceed() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("shared.sqlite").path
            let stores = [try EventStore(path: path), try EventStore(path: path)]
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 2) { writer in
                for batch in 0..<25 {
                    let events = (0..<20).map { makeEvent("w\(writer)-b\(batch)-\($0)@x", start: utc(2026, 3, 1).addingTimeInterval(Double($0) * 3600)) }
                    do {
                        let report = try stores[writer].importDocument(makeDocument("Shared", events: events))
                        if report.added != 20 { failures.add("writer \(writer) batch \(batch): \(report.added) added") }
                    } catch {
                        failures.add("writer \(writer) batch \(batch): \(error)")
                    }
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try stores[0].document(forCalendar: "Shared").events.count == 2 * 25 * 20)
            #expect(try stores[1].changes(since: 0).changes.count == 2 * 25 * 20)
            for store in stores { try store.close() }
        }
    }

    /// Deterministic overlap: writer A holds its import transaction open (a hook sleeps inside
    /// it) while writer B imports; B waits on the busy timeout instead of failing with SQLITE_BUSY.
    @Test func writerWaitsForAnotherWritersTransaction() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("shared.sqlite").path
            let a = try EventStore(path: path)
            let b = try EventStore(path: path)
            let inside = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            a.importItemHook = { index in
                if index == 0 {
                    inside.signal()
                    Thread.sleep(forTimeInterval: 0.5)
                }
            }
            let failures = Failures()
            DispatchQueue.global().async {
                do { _ = try a.importDocument(makeDocument("A", events: [makeEvent("a@x", start: utc(2026, 3, 2, 10))])) }
                catch { failures.add("A: \(error)") }
                done.signal()
            }
            inside.wait()
            let started = Date()
            let report = try b.importDocument(makeDocument("B", events: [makeEvent("b@x", start: utc(2026, 3, 2, 10))]))
            let waited = Date().timeIntervalSince(started)
            done.wait()
            #expect(failures.all.isEmpty)
            #expect(report.added == 1)
            #expect(waited > 0.2, "B should have waited for A's transaction (waited \(waited) s)")
            #expect(try b.calendars().map(\.title) == ["A", "B"])
            try a.close()
            try b.close()
        }
    }

    @Test func oneStoreSharedByThreads() throws {
        try withStore { store in
            try store.saveCalendar(EventCalendar(title: "Work"))
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for i in 0..<25 {
                    do {
                        try store.save(makeEvent("t\(thread)-\(i)@x", start: utc(2026, 3, 2, 10)), in: "Work")
                        _ = try store.events(matching: store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 3), calendars: nil))
                    } catch {
                        failures.add("\(error)")
                    }
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try store.events(matching: store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 3), calendars: nil)).count == 100)
        }
    }
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ message: String) { lock.withLock { list.append(message) } }
    var all: [String] { lock.withLock { list } }
}

/// Migration 14 makes the change log anew so that it may hold calendar changes: its rows and
/// tokens stay, and the next token follows the highest ever handed out.
@Suite("Change log migration")
struct ChangeLogMigrationTests {
    @Test func version12LogKeepsItsTokens() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("changes-v14-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        do {
            let store = try EventStore(path: path)
            try store.saveCalendar(EventCalendar(title: "Work"))
            try store.save(Reminder(uid: "a@x", title: "a"), in: "Work")
            try store.save(Reminder(uid: "b@x", title: "b"), in: "Work")
            try store.removeItem(uid: "b@x", in: "Work")
            try store.close()
        }
        // Back to version 12: the old table (its CHECK allows item changes only) with the rows
        // tokens 2 and 3; token 4 was handed out and its row pruned.
        do {
            let raw = try Connection(path: path)
            try raw.execute("""
                CREATE TABLE changes_old (token INTEGER PRIMARY KEY AUTOINCREMENT, calendar TEXT NOT NULL, uid TEXT NOT NULL,
                    change TEXT NOT NULL CHECK (change IN ('added', 'updated', 'deleted')));
                INSERT INTO changes_old SELECT * FROM changes WHERE token IN (2, 3);
                DROP TABLE changes;
                ALTER TABLE changes_old RENAME TO changes;
                UPDATE sqlite_sequence SET seq = 4 WHERE name = 'changes';
                PRAGMA user_version = 12;
                """)
            try raw.close()
        }
        let store = try EventStore(path: path)
        defer { try? store.close() }
        #expect(try store.changes(since: 0).changes.map { "\($0.token) \($0.kind) \($0.uid)" } == ["2 added a@x", "3 added b@x"])
        try store.removeCalendar(titled: "Work")
        #expect(try store.changes(since: 3).changes.map { "\($0.token) \($0.kind) \($0.uid)" } == ["5 deleted a@x", "6 calendarDeleted "])
    }
}
