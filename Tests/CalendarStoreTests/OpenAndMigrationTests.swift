import CalendarModel
import CalendarStore
import Foundation
import Testing

@Suite("Opening and migrations")
struct OpenAndMigrationTests {
    @Test func newStoreIsCreatedMigratedAndInWALMode() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nested/deeper/store.sqlite").path
            let store = try EventStore(path: path)
            defer { try? store.close() }
            #expect(FileManager.default.fileExists(atPath: path))
            let pragmas = try store.withRawConnection { db in
                (try db.scalarInt("PRAGMA user_version"), try db.scalarText("PRAGMA journal_mode"), try db.scalarInt("PRAGMA foreign_keys"))
            }
            #expect(pragmas.0 == Int64(EventStore.schemaVersion))
            #expect(pragmas.1 == "wal")
            #expect(pragmas.2 == 1)
        }
    }

    /// A new store gets ``EventStore/pageSize`` pages; a store that has pages already keeps
    /// its size, imports and all.
    @Test func newStoresGetTheStorePageSizeAndOldOnesKeepTheirs() throws {
        try withTemporaryDirectory { directory in
            func pageSize(_ store: EventStore) throws -> Int64? { try store.withRawConnection { try $0.scalarInt("PRAGMA page_size") } }
            let opened = try EventStore(path: directory.appendingPathComponent("opened.sqlite").path)
            #expect(try pageSize(opened) == Int64(EventStore.pageSize))
            try opened.close()

            // A store written with SQLite's default 4 KiB pages (as before this size was chosen).
            let oldPath = directory.appendingPathComponent("old.sqlite").path
            let raw = try Connection(path: oldPath)
            try raw.execute("PRAGMA page_size = 4096; CREATE TABLE t (x); DROP TABLE t;")
            try raw.close()
            let old = try EventStore(path: oldPath)
            defer { try? old.close() }
            _ = try old.importDocument(makeDocument("Work", events: [makeEvent("e@x", start: utc(2026, 3, 2, 10))]))
            #expect(try pageSize(old) == 4096)
            #expect(try old.calendars().map(\.title) == ["Work"])
        }
    }

    /// Calendars hold private data: a new store's file (and its write-ahead log) is readable
    /// by its owner only, and the directories made for it by nobody else either. A directory
    /// that was there keeps its mode.
    @Test func aNewStoreIsPrivate() throws {
        try withTemporaryDirectory { directory in
            func mode(_ path: String) throws -> Int {
                try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
            }
            let before = try mode(directory.path)
            let path = directory.appendingPathComponent("made/for/it/store.sqlite").path
            let store = try EventStore(path: path)
            _ = try store.importDocument(makeDocument("Work", events: [makeEvent("e@x", start: utc(2026, 3, 2, 10))]))
            #expect(try mode(path) == 0o600)
            #expect(try mode(path + "-wal") == 0o600)
            for made in ["made", "made/for", "made/for/it"] {
                #expect(try mode(directory.appendingPathComponent(made).path) == 0o700, "\(made)")
            }
            #expect(try mode(directory.path) == before)
            try store.close()
        }
    }

    @Test func reopeningKeepsData() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let first = try EventStore(path: path)
            try first.saveCalendar(EventCalendar(title: "Work"))
            try first.close()
            let second = try EventStore(path: path)
            defer { try? second.close() }
            #expect(try second.calendars().map(\.title) == ["Work"])
        }
    }

    @Test func version4StoreIsMigratedToTheLatest() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let first = try EventStore(path: path)
            var done = Reminder(uid: "r2@x", title: "done")
            done.isCompleted = true
            done.completionDate = utc(2026, 3, 3, 9)
            _ = try first.importDocument(makeDocument("Work", events: [makeEvent("e@x", start: utc(2026, 3, 2, 10))],
                                                      reminders: [Reminder(uid: "r1@x", title: "open"), done]))
            let before = (try first.reminders(matching: first.predicateForReminders(in: nil)).map(\.reminder.uid),
                          try first.events(matching: first.predicateForEvents(withStart: utc(2026, 3, 1), end: utc(2026, 3, 9), calendars: nil)).map(\.event.uid))
            // Back to version 4 as an earlier icalkit left it: the per-row insert trigger, the
            // reminder indexes over every row, an index by UID alone, rendered events kept.
            try first.withRawConnection { db in
                try db.execute("""
                    CREATE TRIGGER items_insert_stale AFTER INSERT ON items
                    WHEN NEW.kind = 'event' AND EXISTS (SELECT 1 FROM occurrence_buckets)
                    BEGIN INSERT OR IGNORE INTO occurrence_stale VALUES (NEW.calendar_id, NEW.uid); END;
                    DROP INDEX items_due; CREATE INDEX items_due ON items(kind, completed, due);
                    DROP INDEX items_completion; CREATE INDEX items_completion ON items(kind, completed, completion_date);
                    CREATE INDEX items_uid ON items(uid);
                    CREATE TABLE item_renderings (item_id INTEGER PRIMARY KEY, format TEXT NOT NULL, bytes BLOB NOT NULL);
                    DROP INDEX calendars_identifier; ALTER TABLE calendars DROP COLUMN identifier;
                    DROP TABLE subscriptions;
                    PRAGMA user_version = 4;
                    """)
            }
            try first.close()

            let store = try EventStore(path: path)
            defer { try? store.close() }
            let schema = try store.withRawConnection { db in
                (try db.scalarInt("PRAGMA user_version"),
                 try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name IN ('items_insert_stale', 'items_uid', 'item_renderings')"),
                 try db.scalarText("SELECT sql FROM sqlite_master WHERE name = 'items_due'"),
                 try db.scalarText("SELECT sql FROM sqlite_master WHERE name = 'items_completion'"))
            }
            #expect(schema.0 == Int64(EventStore.schemaVersion))
            #expect(schema.1 == 0)
            #expect(schema.2?.hasSuffix("WHERE kind = 'reminder'") == true, "\(schema.2 ?? "none")")
            #expect(schema.3?.hasSuffix("WHERE kind = 'reminder'") == true, "\(schema.3 ?? "none")")
            #expect(try store.reminders(matching: store.predicateForReminders(in: nil)).map(\.reminder.uid) == before.0)
            #expect(try store.events(matching: store.predicateForEvents(withStart: utc(2026, 3, 1), end: utc(2026, 3, 9), calendars: nil)).map(\.event.uid) == before.1)
            #expect(before.0.count == 2 && before.1 == ["e@x"])
            let completed = try store.reminders(matching: store.predicateForCompletedReminders(withCompletionDateStarting: utc(2026, 3, 1), ending: utc(2026, 3, 9), calendars: nil))
            #expect(completed.map(\.reminder.uid) == ["r2@x"])
        }
    }

    @Test func newerSchemaIsRefusedAndLeftUnchanged() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try EventStore(path: path)
            try store.saveCalendar(EventCalendar(title: "Work"))
            try store.close()
            // A newer icalkit wrote this file.
            let raw = try Connection(path: path)
            try raw.execute("PRAGMA user_version = 99")
            try raw.close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let filesBefore = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

            let error = try #require(throws: StoreError.self) { try EventStore(path: path) }
            #expect(error.reason == .newerSchema)
            #expect(error.message.contains("99"))
            #expect(error.message.contains("(\(EventStore.schemaVersion))"))

            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == filesBefore)
            let check = try Connection(path: path, flags: [.readOnly])
            #expect(try check.scalarInt("PRAGMA user_version") == 99)
            try check.close()
        }
    }

    @Test func fileThatIsNotADatabaseIsRefusedAndLeftUnchanged() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("notes.sqlite")
            let content = Data(String(repeating: "BEGIN:VCALENDAR is not SQLite\n", count: 200).utf8)
            try content.write(to: url)

            let error = try #require(throws: StoreError.self) { try EventStore(path: url.path) }
            #expect(error.reason == .notADatabase)
            #expect(error.message.contains(url.path))
            #expect(try Data(contentsOf: url) == content)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.sqlite"])
        }
    }

    @Test func storeUnderARegularFileCannotBeCreated() throws {
        try withTemporaryDirectory { directory in
            let blocker = directory.appendingPathComponent("file")
            try Data("x".utf8).write(to: blocker)
            let error = try #require(throws: StoreError.self) { try EventStore(path: blocker.appendingPathComponent("store.sqlite").path) }
            #expect(error.reason == .cannotCreate)
        }
    }

    @Test func closedStoreRefusesWork() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("s.sqlite").path)
            try store.close()
            let error = try #require(throws: StoreError.self) { try store.calendars() }
            #expect(error.reason == .closed)
        }
    }

    struct PathCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let environment: [String: String]
        let expected: String
        static let all: [PathCase] = [
            PathCase(testDescription: "ICALKIT_STORE wins", environment: ["ICALKIT_STORE": "/s/x.db", "XDG_DATA_HOME": "/xdg", "HOME": "/h"], expected: "/s/x.db"),
            PathCase(testDescription: "XDG_DATA_HOME", environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/h"], expected: "/xdg/icalkit/store.sqlite"),
            PathCase(testDescription: "empty XDG_DATA_HOME is unset", environment: ["XDG_DATA_HOME": "", "HOME": "/h"], expected: "/h/.local/share/icalkit/store.sqlite"),
            PathCase(testDescription: "HOME fallback", environment: ["HOME": "/home/ana"], expected: "/home/ana/.local/share/icalkit/store.sqlite"),
        ]
    }

    @Test(arguments: PathCase.all) func defaultPath(_ c: PathCase) {
        #expect(EventStore.defaultPath(environment: c.environment) == c.expected)
    }
}
