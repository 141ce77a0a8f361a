import Foundation

/// The SQL of the store's tables that hold calendar data, each written once, for the
/// migrations (``Migrations``) to use. The derived occurrence index is
/// ``OccurrenceIndex/schemaSQL``. Every time is unix seconds.
enum Schema {
    static let calendarsSQL = """
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

        """

    /// The items table under `name`, its model column of type `model` (version 1: JSON text).
    static func itemsTableSQL(name: String, model: String) -> String {
        """
        CREATE TABLE \(name) (
            id              INTEGER PRIMARY KEY,
            calendar_id     INTEGER NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
            uid             TEXT NOT NULL,
            recurrence_id   REAL,                 -- RECURRENCE-ID, unix seconds; NULL for a master
            kind            TEXT NOT NULL CHECK (kind IN ('event', 'reminder')),
            model           \(model) NOT NULL,        -- the Event/Reminder, see ItemCodec
            source_text     TEXT,                 -- original iCalendar text; NULL once edited
            sequence        INTEGER NOT NULL DEFAULT 0,
            last_modified   REAL,
            dtstamp         REAL,
            first_start     REAL,                 -- events: earliest instance start
            last_end        REAL,                 -- events: latest instance end; NULL = open-ended
            due             REAL,                 -- reminders
            completion_date REAL,                 -- reminders
            completed       INTEGER NOT NULL DEFAULT 0
        );

        """
    }

    /// An item by calendar, UID and RECURRENCE-ID; events by the span their instances reach.
    static let itemKeysSQL = """
        CREATE UNIQUE INDEX items_key ON items(calendar_id, uid, coalesce(recurrence_id, 'master'));
        CREATE INDEX items_window ON items(kind, last_end, first_start);

        """

    /// Reminders by due date and by completion date (partial indexes: event rows stay out).
    static let reminderIndexesSQL = """
        CREATE INDEX items_due ON items(completed, due) WHERE kind = 'reminder';
        CREATE INDEX items_completion ON items(completed, completion_date) WHERE kind = 'reminder';

        """

    static let changesSQL = """
        CREATE TABLE changes (
            token    INTEGER PRIMARY KEY AUTOINCREMENT,
            calendar TEXT NOT NULL,
            uid      TEXT NOT NULL,
            change   TEXT NOT NULL CHECK (change IN ('added', 'updated', 'deleted'))
        );

        """

    /// Version 14: `changes.change` may also be `calendar-created` and `calendar-deleted`. SQLite
    /// cannot change a CHECK in place, so the table is made anew with its rows and tokens; the
    /// AUTOINCREMENT high-water mark is carried over so that no token is ever handed out twice.
    /// The CHECK compares with `=` rather than `IN (...)`: SQLite checks an IN list by building
    /// a temporary b-tree for every row written, which an import of thousands of rows paid.
    static let calendarChangesSQL = """
        CREATE TABLE changes_v14 (
            token    INTEGER PRIMARY KEY AUTOINCREMENT,
            calendar TEXT NOT NULL,
            uid      TEXT NOT NULL,
            change   TEXT NOT NULL CHECK (change = 'added' OR change = 'updated' OR change = 'deleted'
                                          OR change = 'calendar-created' OR change = 'calendar-deleted')
        );
        INSERT INTO changes_v14 (token, calendar, uid, change) SELECT token, calendar, uid, change FROM changes;
        DELETE FROM sqlite_sequence WHERE name = 'changes_v14';
        INSERT INTO sqlite_sequence (name, seq) SELECT 'changes_v14', seq FROM sqlite_sequence WHERE name = 'changes';
        DROP TABLE changes;
        ALTER TABLE changes_v14 RENAME TO changes;

        """

    /// Version 11: each calendar's stable identifier (``EventCalendar/calendarIdentifier``, a
    /// UUID kept through renames); the store's calendars are given theirs by the migration.
    static let calendarIdentifierSQL = """
        ALTER TABLE calendars ADD COLUMN identifier TEXT;
        CREATE UNIQUE INDEX calendars_identifier ON calendars(identifier);

        """

    /// Version 12: a subscribed calendar's feed (``Subscription``): where it is fetched from (a
    /// secret: shown redacted), the validators of the copy held, the refresh interval chosen by
    /// the user (`interval`) and the one the feed declares (`feed_interval`), and how the last
    /// refresh went. Times are unix seconds, intervals seconds.
    static let subscriptionsSQL = """
        CREATE TABLE subscriptions (
            calendar_id   INTEGER PRIMARY KEY REFERENCES calendars(id) ON DELETE CASCADE,
            url           TEXT NOT NULL,
            etag          TEXT,
            last_modified TEXT,               -- the Last-Modified header, as sent
            interval      REAL,               -- --every; NULL: the feed's, else one day
            feed_interval REAL,               -- REFRESH-INTERVAL or X-PUBLISHED-TTL
            last_refresh  REAL,
            last_outcome  TEXT CHECK (last_outcome IN ('refreshed', 'not-modified', 'failed', 'gone')),
            last_message  TEXT,
            next_due      REAL,
            retry_after   REAL,               -- a 429 or 503 asked to wait until then
            gone          INTEGER NOT NULL DEFAULT 0   -- 410: no longer refreshed unless forced
        );

        """

    /// A new calendar identifier.
    static func newCalendarIdentifier() -> String { UUID().uuidString }
}
