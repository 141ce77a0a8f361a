import CalendarModel
import CalendarStore
import Foundation
import Testing

/// `EventStore.buildingNew(at:)`: a new store written in a file of its own, moved into place
/// when closed.
@Suite("New store built aside")
struct NewStoreTests {
    static func document() -> CalendarDocument {
        var weekly = makeEvent("weekly@x", "Weekly", start: utc(2026, 3, 2, 9))
        weekly.recurrenceRules = [RecurrenceRule(frequency: .weekly, interval: 1, end: .afterOccurrences(5))]
        var moved = makeEvent("weekly@x", "moved", start: utc(2026, 3, 10, 15))
        moved.occurrenceDate = utc(2026, 3, 9, 9)
        return makeDocument("Work", events: [weekly, moved, makeEvent("once@x", start: utc(2026, 3, 4, 12))],
                            reminders: [Reminder(uid: "r@x", title: "todo")])
    }

    /// Names in `directory`, hidden ones included.
    static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func isInvisibleUntilClosedThenLikeAStoreOpenedThere() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("new/store.sqlite").path
            let store = try #require(try EventStore.buildingNew(at: path))
            #expect(store.path == path)
            _ = try store.importDocument(Self.document())
            // Written aside, under a hidden name; nothing at the store's own path yet.
            #expect(!FileManager.default.fileExists(atPath: path))
            let building = try Self.names(in: directory.appendingPathComponent("new"))
            #expect(building.count == 1 && building[0].hasPrefix(".store.sqlite.new-"))
            let built = try dumpTables(store)
            try store.close()

            #expect(try Self.names(in: directory.appendingPathComponent("new")) == ["store.sqlite"])
            // The file says WAL itself (header bytes 18 and 19, the write and read versions: 2),
            // before anything opens it again.
            let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
            #expect(Array(header.suffix(2)) == [2, 2])
            let reopened = try EventStore(path: path)
            defer { try? reopened.close() }
            let pragmas = try reopened.withRawConnection { db in
                (try db.scalarInt("PRAGMA user_version"), try db.scalarText("PRAGMA journal_mode"),
                 try db.scalarText("PRAGMA integrity_check"))
            }
            #expect(pragmas.0 == Int64(EventStore.schemaVersion))
            #expect(pragmas.1 == "wal")
            #expect(pragmas.2 == "ok")
            #expect(try dumpTables(reopened) == built)

            // The same document through a store opened the usual way gives the same rows.
            let usual = try EventStore(path: directory.appendingPathComponent("usual.sqlite").path)
            defer { try? usual.close() }
            _ = try usual.importDocument(Self.document())
            #expect(try dumpTables(usual) == built)
            let week = reopened.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 16), calendars: nil)
            #expect(try reopened.events(matching: week).map(\.event.title) == ["Weekly", "once@x", "moved"])
        }
    }

    @Test func isNotMadeWhereAnythingIs() throws {
        try withTemporaryDirectory { directory in
            let existing = directory.appendingPathComponent("existing.sqlite").path
            try EventStore(path: existing).close()
            #expect(try EventStore.buildingNew(at: existing) == nil)

            let walOnly = directory.appendingPathComponent("wal-only.sqlite").path
            _ = FileManager.default.createFile(atPath: walOnly + "-wal", contents: Data())
            #expect(try EventStore.buildingNew(at: walOnly) == nil)

            let dangling = directory.appendingPathComponent("link.sqlite").path
            try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: directory.appendingPathComponent("nowhere").path)
            #expect(try EventStore.buildingNew(at: dangling) == nil)
            #expect(try Self.names(in: directory) == ["existing.sqlite", "link.sqlite", "wal-only.sqlite-wal"])
        }
    }

    @Test func droppedWithoutClosingLeavesNothing() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            do {
                let store = try #require(try EventStore.buildingNew(at: path))
                _ = try store.importDocument(Self.document())
            }
            #expect(try Self.names(in: directory) == [])
        }
    }

    /// Another process opening the path creates a store there (any store command does): that
    /// store is kept as it is, and the new one stays under its build name, which the error gives.
    @Test func aStoreMadeThereMeanwhileIsKeptAndTheNewOneLeftAside() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try #require(try EventStore.buildingNew(at: path))
            #expect(store.isBuiltAside)
            _ = try store.importDocument(Self.document())

            let other = try EventStore(path: path)
            #expect(!other.isBuiltAside)
            try other.saveCalendar(EventCalendar(title: "Theirs"))
            try other.close()

            let error = try #require(throws: StoreError.self) { try store.close() }
            #expect(error.reason == .cannotCreate)
            #expect(error.message.contains("another process created a store there"))
            let names = try Self.names(in: directory)
            #expect(names.count == 2 && names[1] == "store.sqlite" && names[0].hasPrefix(".store.sqlite.new-"))
            #expect(error.message.contains(names[0]))
            let kept = try EventStore(path: path)
            defer { try? kept.close() }
            #expect(try kept.calendars().map(\.title) == ["Theirs"])
            // What was imported is whole in the file left aside.
            let aside = try EventStore(path: directory.appendingPathComponent(names[0]).path)
            defer { try? aside.close() }
            #expect(try aside.calendars().map(\.title) == ["Work"])
            #expect(try aside.events(matching: aside.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 16), calendars: nil))
                .map(\.event.title) == ["Weekly", "once@x", "moved"])
        }
    }

    @Test func aFailedImportIsRolledBackInTheNewStore() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try #require(try EventStore.buildingNew(at: path))
            let empty = try dumpTables(store)
            struct InjectedFailure: Error {}
            store.importItemHook = { if $0 == 2 { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) { try store.importDocument(Self.document()) }
            store.importItemHook = nil
            #expect(try dumpTables(store) == empty)
            // The next transaction on the same store works and lands.
            #expect(try store.importDocument(Self.document()).added == 4)
            try store.close()
            #expect(try Self.names(in: directory) == ["store.sqlite"])
            let reopened = try EventStore(path: path)
            defer { try? reopened.close() }
            #expect(try reopened.calendars().map(\.title) == ["Work"])
        }
    }

    /// While small, a new store's pages go to the file as they are written (a small page cache,
    /// writeback started every few hundred items); past 8 MiB it gets SQLite's default cache.
    /// Either way the rows are whole once it is closed, and a failed import after pages went
    /// out is rolled back.
    @Test func pagesGoOutAsWrittenWhileTheNewStoreIsSmall() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try #require(try EventStore.buildingNew(at: path))
            func cacheSize() throws -> Int64? { try store.withRawConnection { try $0.scalarInt("PRAGMA cache_size") } }
            #expect(try cacheSize() == -512)
            let start = utc(2026, 3, 2, 9)
            let small = (0..<600).map { makeEvent("small-\($0)@x", "small \($0)", start: start) }
            #expect(try store.importDocument(makeDocument("Small", events: small)).added == 600)
            #expect(try cacheSize() == -512)

            // A failure after pages went out: nothing of that import stays.
            let before = try dumpTables(store)
            struct InjectedFailure: Error {}
            store.importItemHook = { if $0 == 550 { throw InjectedFailure() } }
            let doomed = (0..<600).map { makeEvent("doomed-\($0)@x", start: start) }
            #expect(throws: InjectedFailure.self) { try store.importDocument(makeDocument("Doomed", events: doomed)) }
            store.importItemHook = nil
            #expect(try dumpTables(store) == before)

            // 1,300 events with 8 KB of notes each make the store larger than 8 MiB.
            let notes = String(repeating: "n", count: 8_000)
            let large = (0..<1_300).map { index -> Event in
                var event = makeEvent("large-\(index)@x", start: start)
                event.notes = notes
                return event
            }
            #expect(try store.importDocument(makeDocument("Large", events: large)).added == 1_300)
            #expect(try cacheSize() == -2_000)
            let built = try dumpTables(store)
            try store.close()

            let reopened = try EventStore(path: path)
            defer { try? reopened.close() }
            #expect(try reopened.withRawConnection { try $0.scalarText("PRAGMA integrity_check") } == "ok")
            #expect(try dumpTables(reopened) == built)
            #expect(try reopened.calendars().map(\.title).sorted() == ["Large", "Small"])
        }
    }
}
