/// The store's schema, as an ordered list of migrations versioned by `PRAGMA user_version`.
///
/// A store at version N gets migrations N+1... applied in one IMMEDIATE transaction; a new
/// store (version 0) gets the schema they make, written at once (``freshSchemaSQL``). A store
/// whose version is newer than ``latestVersion`` was written by a newer icalkit: it is refused
/// with ``StoreError/newerSchema(found:supported:)`` before anything is written to it.
///
/// ```swift
/// try Migrations.migrate(connection)      // 0 → latestVersion on a new file
/// ```
/// Related SQLite documentation: <https://www.sqlite.org/pragma.html#pragma_user_version>
enum Migrations {
    struct Migration: Sendable {
        let version: Int
        let apply: @Sendable (Connection) throws -> Void

        init(version: Int, sql: String) {
            self.version = version
            self.apply = { try $0.execute(sql) }
        }

        init(version: Int, apply: @escaping @Sendable (Connection) throws -> Void) {
            self.version = version
            self.apply = apply
        }
    }

    static let all: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE calendars (
                id                  INTEGER PRIMARY KEY,
                title               TEXT NOT NULL UNIQUE,
                color               TEXT,
                description         TEXT,
                read_only           INTEGER NOT NULL DEFAULT 0,
                source              TEXT,             -- file path or URL it was imported from
                product_id          TEXT,             -- PRODID
                default_tzid        TEXT,             -- X-WR-TIMEZONE
                is_default_events   INTEGER NOT NULL DEFAULT 0,
                is_default_reminders INTEGER NOT NULL DEFAULT 0,
                extra_properties    TEXT NOT NULL DEFAULT '[]',   -- JSON array of content lines
                extra_components    TEXT NOT NULL DEFAULT '[]'    -- JSON array of component texts
            );
            CREATE UNIQUE INDEX calendars_default_events ON calendars(is_default_events) WHERE is_default_events = 1;
            CREATE UNIQUE INDEX calendars_default_reminders ON calendars(is_default_reminders) WHERE is_default_reminders = 1;

            CREATE TABLE calendar_time_zones (
                calendar_id INTEGER NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
                tzid        TEXT NOT NULL,
                text        TEXT NOT NULL,            -- the VTIMEZONE as read
                PRIMARY KEY (calendar_id, tzid)
            ) WITHOUT ROWID;

            CREATE TABLE items (
                id              INTEGER PRIMARY KEY,
                calendar_id     INTEGER NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
                uid             TEXT NOT NULL,
                recurrence_id   REAL,                 -- RECURRENCE-ID, unix seconds; NULL for a master
                kind            TEXT NOT NULL CHECK (kind IN ('event', 'reminder')),
                model           TEXT NOT NULL,        -- the Event/Reminder as JSON (version 2: binary BLOB)
                source_text     TEXT,                 -- original iCalendar text; NULL once edited
                sequence        INTEGER NOT NULL DEFAULT 0,
                last_modified   REAL,
                dtstamp         REAL,
                first_start     REAL,                 -- events: earliest instance start (unix s)
                last_end        REAL,                 -- events: latest instance end; NULL = open-ended
                due             REAL,                 -- reminders
                completion_date REAL,                 -- reminders
                completed       INTEGER NOT NULL DEFAULT 0
            );
            CREATE UNIQUE INDEX items_key ON items(calendar_id, uid, coalesce(recurrence_id, 'master'));
            CREATE INDEX items_uid ON items(uid);
            CREATE INDEX items_window ON items(kind, last_end, first_start);
            CREATE INDEX items_due ON items(kind, completed, due);
            CREATE INDEX items_completion ON items(kind, completed, completion_date);

            CREATE TABLE changes (
                token    INTEGER PRIMARY KEY AUTOINCREMENT,
                calendar TEXT NOT NULL,
                uid      TEXT NOT NULL,
                change   TEXT NOT NULL CHECK (change IN ('added', 'updated', 'deleted'))
            );
            """),
        // 2: `items.model` holds the binary encoding (ItemCodec) as a BLOB instead of JSON text.
        Migration(version: 2, apply: migrateModelsToBinary),
        // 3: the occurrence index (empty until a query fills it), see OccurrenceIndex.
        Migration(version: 3, sql: OccurrenceIndex.schemaSQL),
        // 4: rendered events kept for later queries (empty until a query fills it), see
        // ItemRenderings; the occurrence index's two indexes cover the columns a query reads.
        Migration(version: 4, sql: ItemRenderings.schemaSQL + OccurrenceIndex.coveringIndexesSQL),
        // 5: inserted events are marked stale by the store, not by a trigger (see
        // EventStore.markInserted).
        Migration(version: 5, sql: OccurrenceIndex.dropInsertTriggerSQL),
        // 6: the two reminder indexes hold reminders only (partial indexes), so an event row no
        // longer goes into them; their queries name the kind. (`items_window` stays whole: as a
        // partial index without `kind`, SQLite's planner preferred `items_key` for a query
        // filtered by calendar.)
        Migration(version: 6, sql: """
            DROP INDEX items_due;
            CREATE INDEX items_due ON items(completed, due) WHERE kind = 'reminder';
            DROP INDEX items_completion;
            CREATE INDEX items_completion ON items(completed, completion_date) WHERE kind = 'reminder';
            """),
        // 7: long occurrence rows are indexed by length class and start (see OccurrenceIndex).
        Migration(version: 7, sql: OccurrenceIndex.lengthClassIndexSQL),
        // 8: a day's occurrence rows in one blob, for short windows (see OccurrencePack).
        Migration(version: 8, sql: OccurrenceIndex.packsSQL),
        // 9: the renderings of a week's events in one blob, for short windows (see RenderingPack).
        Migration(version: 9, sql: ItemRenderings.packsSQL),
        // 10: no index of `items` by UID alone. Every lookup by UID names the calendar, or goes
        // through the calendars (a few rows) to `items_key`, which leads with the calendar and
        // the UID; keeping the second index up to date was 2 M instructions a 1,000 rows written.
        Migration(version: 10, sql: "DROP INDEX IF EXISTS items_uid;"),
    ]

    /// Rebuilds `items` with `model BLOB` (SQLite cannot change a column's type in place) and
    /// re-encodes every row's JSON model as binary; all in the migration's transaction.
    static func migrateModelsToBinary(_ connection: Connection) throws {
        try connection.execute("""
            CREATE TABLE items_v2 (
                id              INTEGER PRIMARY KEY,
                calendar_id     INTEGER NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
                uid             TEXT NOT NULL,
                recurrence_id   REAL,                 -- RECURRENCE-ID, unix seconds; NULL for a master
                kind            TEXT NOT NULL CHECK (kind IN ('event', 'reminder')),
                model           BLOB NOT NULL,        -- the Event/Reminder, binary, see ItemCodec
                source_text     TEXT,                 -- original iCalendar text; NULL once edited
                sequence        INTEGER NOT NULL DEFAULT 0,
                last_modified   REAL,
                dtstamp         REAL,
                first_start     REAL,                 -- events: earliest instance start (unix s)
                last_end        REAL,                 -- events: latest instance end; NULL = open-ended
                due             REAL,                 -- reminders
                completion_date REAL,                 -- reminders
                completed       INTEGER NOT NULL DEFAULT 0
            );
            """)
        try connection.execute("""
            INSERT INTO items_v2 (id, calendar_id, uid, recurrence_id, kind, model, source_text, sequence, last_modified,
                                  dtstamp, first_start, last_end, due, completion_date, completed)
            SELECT id, calendar_id, uid, recurrence_id, kind, x'', source_text, sequence, last_modified,
                   dtstamp, first_start, last_end, due, completion_date, completed FROM items
            """)
        // Streamed row by row: the old table is read while the new one is written.
        try connection.forEachRow("SELECT id, kind, model FROM items ORDER BY id") { row in
            let id = row.int64(0), text = row.text(2) ?? ""
            let model: [UInt8]
            switch ItemKind(rawValue: row.text(1) ?? "") {
            case .event: model = ItemCodec.encode(try ItemCodec.decodeLegacyEvent(text))
            case .reminder: model = ItemCodec.encode(try ItemCodec.decodeLegacyReminder(text))
            case nil: throw StoreError.invalidData("item \(id) has an unknown kind '\(row.text(1) ?? "")'")
            }
            try connection.run("UPDATE items_v2 SET model = ? WHERE id = ?", [.blob(model), .integer(id)])
        }
        try connection.execute("""
            DROP TABLE items;
            ALTER TABLE items_v2 RENAME TO items;
            CREATE UNIQUE INDEX items_key ON items(calendar_id, uid, coalesce(recurrence_id, 'master'));
            CREATE INDEX items_uid ON items(uid);
            CREATE INDEX items_window ON items(kind, last_end, first_start);
            CREATE INDEX items_due ON items(kind, completed, due);
            CREATE INDEX items_completion ON items(kind, completed, completion_date);
            """)
    }

    static var latestVersion: Int { all.last?.version ?? 0 }

    static func userVersion(_ connection: Connection) throws(StoreError) -> Int {
        Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
    }

    /// Refuses a newer store. Reads only.
    static func checkNotNewer(_ connection: Connection) throws(StoreError) {
        let found = try userVersion(connection)
        if found > latestVersion { throw .newerSchema(found: found, supported: latestVersion) }
    }

    /// Brings the store to ``latestVersion`` in one transaction. The version is read again
    /// inside the transaction, so two processes opening a new store at once migrate it once.
    /// A new store (version 0) gets ``freshSchemaSQL`` at once, unless `replaying` (tests
    /// compare the two ways).
    static func migrate(_ connection: Connection, replaying: Bool = false) throws {
        guard try userVersion(connection) < latestVersion else { return }
        try connection.transaction(.immediate) {
            let current = try userVersion(connection)
            if current > latestVersion { throw StoreError.newerSchema(found: current, supported: latestVersion) }
            if current == 0 && !replaying {
                try connection.execute(freshSchemaSQL)
                try connection.execute("PRAGMA user_version = \(latestVersion)")
                return
            }
            for migration in all where migration.version > current {
                try migration.apply(connection)
                try connection.execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
