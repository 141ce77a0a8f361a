import Foundation
@testable import CalendarStore
import Testing

/// A new store gets ``Migrations/freshSchemaSQL`` at once; a store with a schema replays the
/// migrations it lacks. Both ways must end with the same schema.
@Suite("Fresh schema")
struct FreshSchemaTests {
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

    @Test func freshSchemaIsWhatTheMigrationsMake() throws {
        try withTemporaryDirectory { directory in
            func made(replaying: Bool) throws -> (objects: [[SQLValue]], version: Int64?, rows: [String: Int64?]) {
                let connection = try Connection(path: directory.appendingPathComponent("\(replaying).sqlite").path)
                defer { try? connection.close() }
                try Migrations.migrate(connection, replaying: replaying)
                #expect(try connection.scalarText("PRAGMA integrity_check") == "ok")
                return try Self.schema(of: connection)
            }
            let fresh = try made(replaying: false)
            let replayed = try made(replaying: true)
            #expect(fresh.objects == replayed.objects)
            #expect(fresh.version == Int64(Migrations.latestVersion))
            #expect(replayed.version == fresh.version)
            #expect(fresh.rows == replayed.rows)
            #expect(fresh.objects.count > 20)   // tables, indexes and triggers, not an empty list
        }
    }

    /// The fresh schema is only for version 0: a store at an older version replays the
    /// migrations it lacks, and ends with the same schema (see also
    /// `version4StoreIsMigratedToTheLatest`).
    @Test func anOlderStoreReplaysWhatItLacks() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("old.sqlite").path)
            defer { try? connection.close() }
            try Migrations.migrate(connection)
            let latest = try Self.schema(of: connection)
            // Back to version 10 as an earlier icalkit left it, with its derived tables, and a
            // row the migration must keep.
            try connection.execute("""
                CREATE TABLE item_renderings (item_id INTEGER PRIMARY KEY, format TEXT NOT NULL, bytes BLOB NOT NULL);
                CREATE TRIGGER items_delete_renderings AFTER DELETE ON items
                BEGIN DELETE FROM item_renderings WHERE item_id = OLD.id; END;
                CREATE TABLE occurrence_packs (day INTEGER PRIMARY KEY, rows BLOB NOT NULL);
                CREATE TABLE rendering_packs (week INTEGER NOT NULL, format TEXT NOT NULL, entries BLOB NOT NULL);
                INSERT INTO calendars (title) VALUES ('Kept');
                PRAGMA user_version = 10;
                """)
            try Migrations.migrate(connection)
            let migrated = try Self.schema(of: connection)
            #expect(migrated.objects == latest.objects)
            #expect(migrated.version == latest.version)
            #expect(try connection.scalarText("SELECT title FROM calendars") == "Kept")
        }
    }
}
