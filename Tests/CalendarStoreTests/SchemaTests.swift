import Foundation
@testable import CalendarStore
import Testing

/// A store of any version ends with the schema a new store gets.
@Suite("Schema")
struct SchemaTests {
    /// Every object SQLite keeps (tables, indexes, triggers, with their SQL as stored), the
    /// version, and every table's row count.
    static func schema(of connection: Connection) throws -> (objects: [[SQLValue]], version: Int64?, rows: [String: Int64?]) {
        let objects = try connection.rows("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
        var rows: [String: Int64?] = [:]
        for row in try connection.rows("SELECT name FROM sqlite_schema WHERE type = 'table'") {
            guard case .text(let table) = row[0] else { continue }
            rows[table] = try connection.scalarInt("SELECT count(*) FROM \"\(table)\"")
        }
        return (objects, try connection.scalarInt("PRAGMA user_version"), rows)
    }

    /// A new store (`name` in a temporary directory) and its ``schema(of:)``, for a test that
    /// takes it back to an older version and migrates it again.
    static func withNewStore(_ name: String,
                             _ body: (Connection, (objects: [[SQLValue]], version: Int64?, rows: [String: Int64?])) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent(name).path)
            defer { try? connection.close() }
            try Migrations.migrate(connection)
            try body(connection, try schema(of: connection))
        }
    }

    /// What a new store is made of: every table, index and trigger the code names.
    @Test func aNewStoreHasTheWholeSchema() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("new.sqlite").path)
            defer { try? connection.close() }
            try Migrations.migrate(connection)
            #expect(try connection.scalarText("PRAGMA integrity_check") == "ok")
            let names = Set(try Self.schema(of: connection).objects.compactMap { row -> String? in
                if case .text(let name) = row[1] { return name } else { return nil }
            })
            let expected: Set<String> = [
                "calendars", "calendars_default_events", "calendars_default_reminders", "calendars_identifier", "calendar_time_zones",
                "items", "items_key", "items_window", "items_due", "items_completion", "changes",
                "occurrence_buckets", "occurrence_series", "occurrence_series_expanded", "occurrences", "occurrences_start",
                "occurrences_long", "occurrences_series", "occurrence_stale", "items_update_stale", "items_delete_stale",
                "time_zones_insert_stale", "time_zones_update_stale", "time_zones_delete_stale",
                "subscriptions",
            ]
            #expect(expected.subtracting(names).isEmpty, "missing: \(expected.subtracting(names))")
            #expect(names.filter { !$0.hasPrefix("sqlite_") }.subtracting(expected).isEmpty, "unexpected: \(names.subtracting(expected))")
            #expect(try connection.scalarInt("PRAGMA user_version") == Int64(Migrations.latestVersion))
        }
    }

    /// A store at an older version gets the migrations it lacks and ends with the schema of a
    /// new store (see also `version4StoreIsMigratedToTheLatest`).
    @Test func anOlderStoreReplaysWhatItLacks() throws {
        try Self.withNewStore("old.sqlite") { connection, latest in
            // Back to version 10 as an earlier icalkit left it, with its derived tables, and a
            // row the migration must keep.
            try connection.execute("""
                CREATE TABLE item_renderings (item_id INTEGER PRIMARY KEY, format TEXT NOT NULL, bytes BLOB NOT NULL);
                CREATE TRIGGER items_delete_renderings AFTER DELETE ON items
                BEGIN DELETE FROM item_renderings WHERE item_id = OLD.id; END;
                CREATE TABLE occurrence_packs (day INTEGER PRIMARY KEY, rows BLOB NOT NULL);
                CREATE TABLE rendering_packs (week INTEGER NOT NULL, format TEXT NOT NULL, entries BLOB NOT NULL);
                DROP INDEX calendars_identifier; ALTER TABLE calendars DROP COLUMN identifier;
                DROP TABLE subscriptions;
                INSERT INTO calendars (title) VALUES ('Kept');
                PRAGMA user_version = 10;
                """)
            try Migrations.migrate(connection)
            let migrated = try Self.schema(of: connection)
            // The same objects (the calendars table's text differs: its column was dropped and added).
            #expect(migrated.objects.map { $0.prefix(3) } == latest.objects.map { $0.prefix(3) })
            #expect(migrated.objects.filter { $0[1] != .text("calendars") } == latest.objects.filter { $0[1] != .text("calendars") })
            #expect(migrated.version == latest.version)
            #expect(try connection.scalarText("SELECT title FROM calendars") == "Kept")
            #expect(try connection.scalarInt("SELECT count(*) FROM calendars WHERE length(identifier) = 36") == 1)
        }
    }

    /// A store of version 14 (its occurrence rows' series key checked at once) gets the index
    /// a new store has (the key checked at commit), and keeps its calendars.
    @Test func version14GetsTheSeriesKeyCheckedAtCommit() throws {
        try Self.withNewStore("v14.sqlite") { connection, latest in
            try connection.execute("""
                DROP TABLE occurrences;
                CREATE TABLE occurrences (
                    series_id INTEGER NOT NULL REFERENCES occurrence_series(id) ON DELETE CASCADE,
                    calendar_id INTEGER NOT NULL, item_id INTEGER NOT NULL, start_time REAL NOT NULL,
                    end_time REAL NOT NULL, occurrence_date REAL, flags INTEGER NOT NULL);
                CREATE INDEX occurrences_series ON occurrences(series_id);
                INSERT INTO calendars (title) VALUES ('Kept');
                PRAGMA user_version = 14;
                """)
            try Migrations.migrate(connection)
            let migrated = try Self.schema(of: connection)
            #expect(migrated.objects == latest.objects)
            #expect(migrated.version == Int64(Migrations.latestVersion))
            let table = try connection.scalarText("SELECT sql FROM sqlite_schema WHERE name = 'occurrences'")
            #expect(table?.contains("DEFERRABLE INITIALLY DEFERRED") == true)
            #expect(try connection.scalarText("SELECT title FROM calendars") == "Kept")
        }
    }

    /// A store of version 15 gets the column where a VTIMEZONE keeps the zone its import
    /// matched it to, empty, and keeps its VTIMEZONEs.
    @Test func version15GetsTheMatchedZoneColumn() throws {
        try Self.withNewStore("v15.sqlite") { connection, latest in
            try connection.execute("""
                ALTER TABLE calendar_time_zones DROP COLUMN matched_zone;
                INSERT INTO calendars (title) VALUES ('Kept');
                INSERT INTO calendar_time_zones (calendar_id, tzid, text) VALUES (1, 'Custom', 'BEGIN:VTIMEZONE');
                PRAGMA user_version = 15;
                """)
            try Migrations.migrate(connection)
            let migrated = try Self.schema(of: connection)
            #expect(migrated.objects == latest.objects)
            #expect(migrated.version == 16)
            #expect(try connection.rows("SELECT tzid, text, matched_zone FROM calendar_time_zones")
                    == [[.text("Custom"), .text("BEGIN:VTIMEZONE"), .null]])
        }
    }
}
