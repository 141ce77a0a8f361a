extension Migrations {
    /// The schema every migration leaves, as SQLite keeps it (`sqlite_schema.sql`, in the
    /// order the objects were made), written at once into a new store: replaying the
    /// migrations parsed each earlier form too and rebuilt `items` (~9 M instructions of a
    /// 2,000-event import's 110 M on its writing thread). ``migrate(_:replaying:)`` replays
    /// migrations only for stores that have a schema; `FreshSchemaTests` checks that this text
    /// and the replayed migrations make the same schema, object by object.
    static let freshSchemaSQL = """
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
        CREATE TABLE changes (
            token    INTEGER PRIMARY KEY AUTOINCREMENT,
            calendar TEXT NOT NULL,
            uid      TEXT NOT NULL,
            change   TEXT NOT NULL CHECK (change IN ('added', 'updated', 'deleted'))
        );
        CREATE TABLE "items" (
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
        CREATE UNIQUE INDEX items_key ON items(calendar_id, uid, coalesce(recurrence_id, 'master'));
        CREATE INDEX items_window ON items(kind, last_end, first_start);
        CREATE TABLE occurrence_buckets (bucket INTEGER PRIMARY KEY);
        CREATE TABLE occurrence_series (
            id               INTEGER PRIMARY KEY,
            calendar_id      INTEGER NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
            uid              TEXT NOT NULL,
            expands_at_query INTEGER NOT NULL DEFAULT 0,
            UNIQUE (calendar_id, uid)
        );
        CREATE INDEX occurrence_series_expanded ON occurrence_series(expands_at_query) WHERE expands_at_query = 1;
        CREATE TABLE occurrences (
            series_id       INTEGER NOT NULL REFERENCES occurrence_series(id) ON DELETE CASCADE,
            calendar_id     INTEGER NOT NULL,
            item_id         INTEGER NOT NULL,     -- items.id of the event it shows
            start_time      REAL NOT NULL,        -- stored time, seconds since 2001
            end_time        REAL NOT NULL,
            occurrence_date REAL,
            flags           INTEGER NOT NULL
        );
        CREATE INDEX occurrences_series ON occurrences(series_id);
        CREATE TABLE occurrence_stale (
            calendar_id INTEGER NOT NULL,
            uid         TEXT NOT NULL,
            PRIMARY KEY (calendar_id, uid)
        ) WITHOUT ROWID;
        CREATE TRIGGER items_update_stale AFTER UPDATE ON items
        WHEN (NEW.kind = 'event' OR OLD.kind = 'event') AND EXISTS (SELECT 1 FROM occurrence_buckets)
        BEGIN
            INSERT OR IGNORE INTO occurrence_stale VALUES (OLD.calendar_id, OLD.uid);
            INSERT OR IGNORE INTO occurrence_stale VALUES (NEW.calendar_id, NEW.uid);
        END;
        CREATE TRIGGER items_delete_stale AFTER DELETE ON items
        WHEN OLD.kind = 'event' AND EXISTS (SELECT 1 FROM occurrence_buckets)
        BEGIN INSERT OR IGNORE INTO occurrence_stale VALUES (OLD.calendar_id, OLD.uid); END;
        CREATE TRIGGER time_zones_insert_stale AFTER INSERT ON calendar_time_zones
        WHEN EXISTS (SELECT 1 FROM occurrence_buckets)
        BEGIN INSERT OR IGNORE INTO occurrence_stale SELECT DISTINCT calendar_id, uid FROM items WHERE calendar_id = NEW.calendar_id AND kind = 'event'; END;
        CREATE TRIGGER time_zones_update_stale AFTER UPDATE ON calendar_time_zones
        WHEN OLD.text IS NOT NEW.text AND EXISTS (SELECT 1 FROM occurrence_buckets)
        BEGIN INSERT OR IGNORE INTO occurrence_stale SELECT DISTINCT calendar_id, uid FROM items WHERE calendar_id = NEW.calendar_id AND kind = 'event'; END;
        CREATE TRIGGER time_zones_delete_stale AFTER DELETE ON calendar_time_zones
        WHEN EXISTS (SELECT 1 FROM occurrence_buckets)
        BEGIN INSERT OR IGNORE INTO occurrence_stale SELECT DISTINCT calendar_id, uid FROM items WHERE calendar_id = OLD.calendar_id AND kind = 'event'; END;
        CREATE TABLE item_renderings (
            item_id                    INTEGER PRIMARY KEY,  -- items.id
            format                     TEXT NOT NULL,        -- EventRenderer.format
            uid                        TEXT NOT NULL,
            is_all_day                 INTEGER NOT NULL,
            tzid                       TEXT,                 -- TimeZone identifier; NULL floating/all-day
            occurrence_date_is_all_day INTEGER NOT NULL,
            is_canceled                INTEGER NOT NULL,
            bytes                      BLOB NOT NULL
        );
        CREATE TRIGGER items_update_renderings AFTER UPDATE ON items
        BEGIN DELETE FROM item_renderings WHERE item_id = OLD.id; END;
        CREATE TRIGGER items_delete_renderings AFTER DELETE ON items
        BEGIN DELETE FROM item_renderings WHERE item_id = OLD.id; END;
        CREATE INDEX occurrences_start ON occurrences(start_time, end_time, calendar_id, item_id, occurrence_date, flags);
        CREATE INDEX items_due ON items(completed, due) WHERE kind = 'reminder';
        CREATE INDEX items_completion ON items(completed, completion_date) WHERE kind = 'reminder';
        CREATE INDEX occurrences_long ON occurrences((CASE WHEN end_time - start_time <= 691200 THEN 1 WHEN end_time - start_time <= 2764800 THEN 2 WHEN end_time - start_time <= 11059200 THEN 3 WHEN end_time - start_time <= 44236800 THEN 4 WHEN end_time - start_time <= 176947200 THEN 5 WHEN end_time - start_time <= 707788800 THEN 6 ELSE 7 END), start_time, end_time, calendar_id, item_id,
                                                     occurrence_date, flags)
            WHERE end_time - start_time > 172800;
        CREATE TABLE occurrence_packs (day INTEGER PRIMARY KEY, rows BLOB NOT NULL);
        CREATE TABLE rendering_packs (
            week    INTEGER NOT NULL,
            format  TEXT NOT NULL,
            entries BLOB NOT NULL,
            PRIMARY KEY (week, format)
        );
        CREATE TRIGGER item_renderings_insert_packs BEFORE INSERT ON item_renderings
        WHEN EXISTS (SELECT 1 FROM rendering_packs) AND EXISTS (SELECT 1 FROM item_renderings WHERE item_id = NEW.item_id)
        BEGIN DELETE FROM rendering_packs; END;
        CREATE TRIGGER item_renderings_update_packs AFTER UPDATE ON item_renderings
        WHEN EXISTS (SELECT 1 FROM rendering_packs) BEGIN DELETE FROM rendering_packs; END;
        CREATE TRIGGER item_renderings_delete_packs AFTER DELETE ON item_renderings
        WHEN EXISTS (SELECT 1 FROM rendering_packs) BEGIN DELETE FROM rendering_packs; END;
        CREATE TRIGGER occurrence_series_delete_packs AFTER DELETE ON occurrence_series
        WHEN EXISTS (SELECT 1 FROM occurrence_packs) BEGIN DELETE FROM occurrence_packs; END;
        """
}
