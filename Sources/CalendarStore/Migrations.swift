/// The store's schema, as an ordered list of migrations versioned by `PRAGMA user_version`.
///
/// A store at version N gets migrations N+1... applied in one IMMEDIATE transaction, a new store
/// (version 0) all of them, so there is one way to every schema. A store whose version is newer than ``latestVersion`` was written by a newer icalkit: it is refused
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

    /// Versions 3 to 10 were the derived structures of earlier icalkit (an occurrence index in
    /// seconds since 2001, blobs of it per day, rendered output per event and per week);
    /// version 11 drops whatever of them a store has and makes the occurrence index anew.
    static let all: [Migration] = [
        // 1: calendars, their VTIMEZONEs, items with their model as JSON, the change log.
        Migration(version: 1, sql: Schema.calendarsSQL + Schema.itemsTableSQL(name: "items", model: "TEXT") + """
            CREATE INDEX items_uid ON items(uid);
            CREATE INDEX items_due ON items(kind, completed, due);
            CREATE INDEX items_completion ON items(kind, completed, completion_date);
            """ + Schema.changesSQL),
        // 2: `items.model` holds the binary encoding (ItemCodec) as a BLOB instead of JSON text.
        Migration(version: 2, apply: migrateModelsToBinary),
        // 11: the reminder indexes hold reminders only; no index of `items` by UID alone
        // (every lookup by UID names the calendar: `items_key`); the derived structures of
        // versions 3-10 replaced by the occurrence index of ``OccurrenceIndex/schemaSQL``;
        // calendars get a stable identifier.
        Migration(version: 11) { connection in
            try connection.execute(OccurrenceIndex.dropEarlierSQL + """
                DROP INDEX IF EXISTS items_uid; DROP INDEX IF EXISTS items_due; DROP INDEX IF EXISTS items_completion;
                """ + Schema.reminderIndexesSQL + OccurrenceIndex.schemaSQL + Schema.calendarIdentifierSQL)
            var ids: [Int64] = []
            try connection.forEachRow("SELECT id FROM calendars") { ids.append($0.int64(0)) }
            for id in ids {
                try connection.run("UPDATE calendars SET identifier = ? WHERE id = ?", [.text(Schema.newCalendarIdentifier()), .integer(id)])
            }
        },
        // 12: subscribed feeds (issue 24).
        Migration(version: 12, sql: Schema.subscriptionsSQL),
        // 13: occurrence rows carry the cancelled and wall-clock flags of the event they show
        // (``OccurrenceIndex/Flags``), so a page of a query decodes only its own events; the
        // index, all derived, is emptied and fills again as queries need it.
        Migration(version: 13, sql: OccurrenceIndex.emptySQL),
        // 14: the change log also records calendars created and deleted (issue 27).
        Migration(version: 14, sql: Schema.calendarChangesSQL),
        // 15: an occurrence row's series is checked when the transaction commits (a deferred
        // foreign key), so filling the index keeps no statement journal; the index, all
        // derived, is made anew and fills again as queries need it. A store made by this
        // icalkit has it already (version 11 made ``OccurrenceIndex/schemaSQL`` as it is now).
        Migration(version: 15) { connection in
            let table = try connection.scalarText("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'occurrences'")
            guard table?.contains("DEFERRABLE INITIALLY DEFERRED") != true else { return }
            try connection.execute(OccurrenceIndex.dropEarlierSQL + OccurrenceIndex.schemaSQL)
        },
        // 16: a VTIMEZONE keeps the tz database zone its import matched it to by its rules
        // (``TimeZoneDefinition/matchedZone``; NULL: none, or not looked for). A store that has
        // the column already is left as it is.
        Migration(version: 16) { connection in
            guard try connection.scalarInt("SELECT count(*) FROM pragma_table_info('calendar_time_zones') WHERE name = 'matched_zone'") == 0 else { return }
            try connection.execute("ALTER TABLE calendar_time_zones ADD COLUMN matched_zone TEXT")
        },
    ]

    /// Rebuilds `items` with `model BLOB` (SQLite cannot change a column's type in place) and
    /// re-encodes every row's JSON model as binary; all in the migration's transaction.
    static func migrateModelsToBinary(_ connection: Connection) throws {
        try connection.execute(Schema.itemsTableSQL(name: "items_v2", model: "BLOB"))
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
        try connection.execute("DROP TABLE items; ALTER TABLE items_v2 RENAME TO items;" + Schema.itemKeysSQL + """
            CREATE INDEX items_uid ON items(uid);
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
    static func migrate(_ connection: Connection) throws {
        guard try userVersion(connection) < latestVersion else { return }
        try connection.transaction(.immediate) {
            let current = try userVersion(connection)
            if current > latestVersion { throw StoreError.newerSchema(found: current, supported: latestVersion) }
            for migration in all where migration.version > current {
                try migration.apply(connection)
                try connection.execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
