import CalendarModel
import Foundation

/// The occurrence index: the store's one derived structure, its expanded occurrences keyed by
/// time, so that a window query reads only the rows that overlap it instead of expanding every
/// series that could reach it (every endless series reaches every window).
///
/// Tables (see ``schemaSQL``):
/// - `occurrence_buckets`: which buckets of ``bucketLength`` seconds are covered. For a covered
///   bucket, `occurrences` holds every occurrence (cancelled ones too) whose stored interval
///   overlaps it, with the overlap rule of ``EventPredicate/matches(start:end:)``.
/// - `occurrence_series`: one row per (calendar, UID) that has occurrences or that is left to
///   expansion at query time (`expands_at_query = 1`: its expansion failed or exceeded
///   ``maxRowsPerBucket``, e.g. an endless `FREQ=SECONDLY` rule).
/// - `occurrences`: one row per occurrence: the `items` row whose event it shows, its start
///   and end in *stored time* (zoned: the instant; floating and all-day: the wall clock read as
///   UTC, so rows do not depend on the zone a query reads them in), its occurrence date and
///   ``Flags``. Times are unix seconds, like every time in the schema.
/// - `occurrence_stale`: (calendar, UID) written since their rows were made, filled in the
///   writing transaction: by triggers on `items` updates and deletes and on
///   `calendar_time_zones`, and by ``EventStore/markInserted(_:_:)`` for inserts (an insert
///   trigger ran a program per row of every import). A write into a store whose index is empty
///   marks nothing.
///
/// Coverage grows lazily: a query first re-expands the stale series over the covered buckets
/// (or, after more than ``maxStaleSeries`` were written, empties the index), then materializes
/// the buckets its window (widened by ``ItemRow/floatingSlack``) needs, then reads. When the
/// index cannot be brought up to date (a read-only file, a store another connection is
/// writing, a full disk, a window that would need more than ``maxNewBuckets`` new buckets),
/// the query expands instead.
enum OccurrenceIndex {
    /// Marks (`?1` calendar id, `?2` UID) stale when the index covers any bucket.
    static let markStaleSQL = """
        INSERT OR IGNORE INTO occurrence_stale SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM occurrence_buckets)
        """

    /// 28 days.
    static let bucketLength: Double = 28 * 86_400
    /// More new buckets than this for one query (about 4 years) and the query is expanded instead.
    static let maxNewBuckets = 53
    /// A series with more occurrences than this per bucket is expanded at query time instead.
    static let maxRowsPerBucket = 2_000
    /// More stale series than this (a large import into an indexed store) and the index is
    /// emptied rather than refreshed series by series.
    static let maxStaleSeries = 2_000
    /// Rows longer than this are found through the `occurrences_long` index; shorter ones by
    /// their start alone.
    static let longSeconds: Double = 2 * 86_400

    /// How to rebuild an ``Occurrence`` from its row.
    struct Flags: OptionSet, Hashable {
        let rawValue: Int64
        static let recurring = Flags(rawValue: 1)
        static let detached = Flags(rawValue: 2)
        /// An instance governed by a `RANGE=THISANDFUTURE` override: the override's event with
        /// the instance's occurrence date and `appliesToFutureOccurrences == false`.
        static let governed = Flags(rawValue: 4)
        /// The event it shows is cancelled (STATUS:CANCELLED): a query drops it unless asked.
        static let cancelled = Flags(rawValue: 8)
        /// The event it shows is floating or all-day: its times are wall clock read as UTC,
        /// placed in the query's zone when read.
        static let wallClock = Flags(rawValue: 16)
    }

    /// The bucket holding an instant (unix seconds).
    static func bucket(_ seconds: Double) -> Int64 { Int64((seconds / bucketLength).rounded(.down)) }

    static func bucketStart(_ bucket: Int64) -> Double { Double(bucket) * bucketLength }

    /// Consecutive buckets `[first, last]`.
    struct Run: Hashable {
        var first: Int64
        var last: Int64
        var start: Date { Date(timeIntervalSince1970: OccurrenceIndex.bucketStart(first)) }
        var end: Date { Date(timeIntervalSince1970: OccurrenceIndex.bucketStart(last + 1)) }
    }

    /// `buckets` (sorted, distinct) as runs of consecutive buckets.
    static func runs(_ buckets: [Int64]) -> [Run] {
        var result: [Run] = []
        for b in buckets {
            if let last = result.last, last.last + 1 == b { result[result.count - 1].last = b } else { result.append(Run(first: b, last: b)) }
        }
        return result
    }

    /// An occurrence of a covered bucket is already stored: its stored interval overlaps
    /// `bucket` by the predicate's rule.
    static func overlaps(start: Date, end: Date, bucket: Int64) -> Bool {
        EventPredicate(startDate: Date(timeIntervalSince1970: bucketStart(bucket)),
                       endDate: Date(timeIntervalSince1970: bucketStart(bucket + 1))).matches(start: start, end: end)
    }

    /// Long rows by their length: class k (1 ≤ k < ``lengthClassCount``) holds the rows
    /// longer than ``longSeconds`` · 4^(k-1) and at most ``longSeconds`` · 4^k (8 days, 32 days,
    /// … 8,192 days); the last class, the longer ones (more than 22 years). A window looks for
    /// the long rows that start before it class by class, each class only as far back as its
    /// longest row reaches, so it passes few rows that end before it.
    static let lengthClassCount = 7

    /// A row's length class (for rows longer than ``longSeconds``), as the expression of the
    /// `occurrences_long` index: a query names it with the same text, so SQLite uses the index.
    static let lengthClassSQL = "CASE "
        + (1..<lengthClassCount).map { "WHEN end_time - start_time <= \(longestRow(ofClass: $0) ?? 0) THEN \($0)" }.joined(separator: " ")
        + " ELSE \(lengthClassCount) END"

    /// The longest row of a length class, in seconds (nil for the last, unbounded one).
    static func longestRow(ofClass k: Int) -> Int? { k < lengthClassCount ? Int(longSeconds) << (2 * k) : nil }

    /// The index's tables, indexes and triggers. `occurrences_start` and `occurrences_long`
    /// hold every column a query reads, so reading a window walks the indexes alone.
    static let schemaSQL = """
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
            series_id       INTEGER NOT NULL REFERENCES occurrence_series(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
            calendar_id     INTEGER NOT NULL,
            item_id         INTEGER NOT NULL,     -- items.id of the event it shows
            start_time      REAL NOT NULL,        -- stored time, unix seconds
            end_time        REAL NOT NULL,
            occurrence_date REAL,                 -- unix seconds
            flags           INTEGER NOT NULL
        );
        CREATE INDEX occurrences_start ON occurrences(start_time, end_time, calendar_id, item_id, occurrence_date, flags);
        CREATE INDEX occurrences_long ON occurrences((\(lengthClassSQL)), start_time, end_time, calendar_id, item_id, occurrence_date, flags)
            WHERE end_time - start_time > \(Int(longSeconds));
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
        """

    /// Empties the index (its tables stay); queries fill it again.
    static let emptySQL = """
        DELETE FROM occurrences; DELETE FROM occurrence_series; DELETE FROM occurrence_buckets; DELETE FROM occurrence_stale;
        """

    /// What earlier schemas derived from the items (an occurrence index in seconds since 2001,
    /// per-day and per-week blobs of it, rendered events, and the index of ``schemaSQL`` as
    /// versions 11-14 made it), dropped by the migrations that then make ``schemaSQL`` anew: it
    /// is all derived, so nothing is lost.
    static let dropEarlierSQL = """
        DROP TABLE IF EXISTS rendering_packs; DROP TABLE IF EXISTS item_renderings; DROP TABLE IF EXISTS occurrence_packs;
        DROP TABLE IF EXISTS occurrences; DROP TABLE IF EXISTS occurrence_series; DROP TABLE IF EXISTS occurrence_buckets;
        DROP TABLE IF EXISTS occurrence_stale;
        DROP TRIGGER IF EXISTS items_insert_stale; DROP TRIGGER IF EXISTS items_update_stale; DROP TRIGGER IF EXISTS items_delete_stale;
        DROP TRIGGER IF EXISTS items_update_renderings; DROP TRIGGER IF EXISTS items_delete_renderings;
        DROP TRIGGER IF EXISTS time_zones_insert_stale; DROP TRIGGER IF EXISTS time_zones_update_stale;
        DROP TRIGGER IF EXISTS time_zones_delete_stale;
        """
}
