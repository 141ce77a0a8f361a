import CalendarModel
import Foundation

/// The occurrence index: the store's cache of expanded occurrences, keyed by time, so that a
/// window query reads only the rows that overlap it instead of expanding every series that
/// could reach it (every endless series reaches every window).
///
/// Tables (schema version 3, see ``Migrations``):
/// - `occurrence_buckets`: which buckets of ``bucketLength`` seconds are covered. For a covered
///   bucket, `occurrences` holds every occurrence (cancelled ones too) whose stored interval
///   overlaps it, with the overlap rule of ``EventPredicate/matches(start:end:)``.
/// - `occurrence_series`: one row per (calendar, UID) that has occurrences or that is left to
///   expansion at query time (`expands_at_query = 1`: its expansion failed or exceeded
///   ``maxRowsPerBucket``, e.g. an endless `FREQ=SECONDLY` rule).
/// - `occurrences`: one row per occurrence: the `items` row whose event it shows, its start
///   and end in *stored time* (zoned: the instant; floating and all-day: the wall clock read as
///   UTC, so rows do not depend on the zone a query reads them in), its occurrence date and
///   ``Flags``. Times are seconds since 2001-01-01 (`Date`'s own reference, so they read back
///   bit for bit).
/// - `occurrence_stale`: (calendar, UID) written since their rows were made, filled in the
///   writing transaction: by triggers on `items` updates and deletes and on
///   `calendar_time_zones`, so every edit, delete and calendar delete marks what it touched; and
///   by ``EventStore/markInserted(_:_:)`` for inserts (schema version 5 dropped the insert
///   trigger, whose per-row program was a third of an import's writing). A write into a store
///   whose index is empty marks nothing.
///
/// Coverage grows lazily: a query first re-expands the stale series over the covered buckets
/// (or, after more than ``maxStaleSeries`` were written, empties the index),
/// then materializes the buckets its window (widened by ``ItemRow/floatingSlack``) needs, then
/// reads. A read-only file, or a window that would need more than ``maxNewBuckets`` new
/// buckets, is answered by plain expansion instead.
enum OccurrenceIndex {
    /// Marks (`?1` calendar id, `?2` UID) stale when the index covers any bucket.
    static let markStaleSQL = """
        INSERT OR IGNORE INTO occurrence_stale SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM occurrence_buckets)
        """

    /// Schema version 5: inserts are marked by the store (``markStaleSQL``), not by a trigger.
    static let dropInsertTriggerSQL = "DROP TRIGGER items_insert_stale;"

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
    }

    /// The bucket holding an instant (seconds since 2001).
    static func bucket(_ seconds: Double) -> Int64 { Int64((seconds / bucketLength).rounded(.down)) }

    static func bucketStart(_ bucket: Int64) -> Double { Double(bucket) * bucketLength }

    /// Consecutive buckets `[first, last]`.
    struct Run: Hashable {
        var first: Int64
        var last: Int64
        var start: Date { Date(timeIntervalSinceReferenceDate: OccurrenceIndex.bucketStart(first)) }
        var end: Date { Date(timeIntervalSinceReferenceDate: OccurrenceIndex.bucketStart(last + 1)) }
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
        EventPredicate(startDate: Date(timeIntervalSinceReferenceDate: bucketStart(bucket)),
                       endDate: Date(timeIntervalSinceReferenceDate: bucketStart(bucket + 1))).matches(start: start, end: end)
    }

    /// Version 4: `occurrences_start` and `occurrences_long` hold every column a query reads,
    /// so reading a window walks the indexes alone instead of looking up each row in the table
    /// (the long rows are found by their end, so a window early in an indexed year passes every
    /// long row ending later in that year: each was a table lookup).
    static let coveringIndexesSQL = """
        DROP INDEX occurrences_start;
        CREATE INDEX occurrences_start ON occurrences(start_time, end_time, calendar_id, item_id, occurrence_date, flags);
        DROP INDEX occurrences_long;
        CREATE INDEX occurrences_long ON occurrences(end_time, start_time, calendar_id, item_id, occurrence_date, flags)
            WHERE end_time - start_time > \(Int(longSeconds));
        """

    /// Long rows by their length: class k (1 ≤ k < ``lengthClassCount``) holds the rows
    /// longer than ``longSeconds`` · 4^(k-1) and at most ``longSeconds`` · 4^k (8 days, 32 days,
    /// … 8,192 days); the last class, the longer ones (more than 22 years). A class is searched
    /// back as far as its longest row, so at most about four times the reach its shortest needs;
    /// few classes keep the query's SQL short (it is parsed once per process).
    static let lengthClassCount = 7

    /// A row's length class (for rows longer than ``longSeconds``), as the expression of the
    /// `occurrences_long` index: a query names it with the same text. Made from the constants
    /// above, while the index of schema version 7 is written out in full
    /// (``lengthClassIndexSQL``): a test holds the two equal, and a change of classes is a new
    /// schema version.
    static let lengthClassSQL = "CASE "
        + (1..<lengthClassCount).map { "WHEN end_time - start_time <= \(longestRow(ofClass: $0) ?? 0) THEN \($0)" }.joined(separator: " ")
        + " ELSE \(lengthClassCount) END"

    /// The longest row of a length class, in seconds (nil for the last, unbounded one).
    static func longestRow(ofClass k: Int) -> Int? { k < lengthClassCount ? Int(longSeconds) << (2 * k) : nil }

    /// Version 7: long rows are indexed by length class, then start. A window finds the long
    /// rows that start before it class by class, each class only as far back as its longest row
    /// reaches; indexed by their end, a window early in an indexed year passed every long row
    /// ending later that year (11,079 index entries for 31 rows, a week of the 100k feed).
    static let lengthClassIndexSQL = """
        DROP INDEX occurrences_long;
        CREATE INDEX occurrences_long ON occurrences((CASE WHEN end_time - start_time <= 691200 THEN 1 \
        WHEN end_time - start_time <= 2764800 THEN 2 WHEN end_time - start_time <= 11059200 THEN 3 \
        WHEN end_time - start_time <= 44236800 THEN 4 WHEN end_time - start_time <= 176947200 THEN 5 \
        WHEN end_time - start_time <= 707788800 THEN 6 ELSE 7 END), start_time, end_time, calendar_id, item_id,
                                                     occurrence_date, flags)
            WHERE end_time - start_time > 172800;
        """

    /// Version 8: ``OccurrencePack``s, one per day, made by queries. Deleting a series (a stale
    /// one being redone, or a calendar's by cascade) empties the table (the trigger is guarded
    /// by `WHEN EXISTS` since version 9, ``ItemRenderings/packsSQL``); the write that brings the
    /// index up to date drops the packs of the days it adds rows to
    /// (``EventStore/prepareOccurrenceIndex(for:)``).
    static let packsSQL = """
        CREATE TABLE occurrence_packs (day INTEGER PRIMARY KEY, rows BLOB NOT NULL);
        CREATE TRIGGER occurrence_series_delete_packs AFTER DELETE ON occurrence_series
        BEGIN DELETE FROM occurrence_packs; END;
        """

    /// Version 3 of the schema.
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
            series_id       INTEGER NOT NULL REFERENCES occurrence_series(id) ON DELETE CASCADE,
            calendar_id     INTEGER NOT NULL,
            item_id         INTEGER NOT NULL,     -- items.id of the event it shows
            start_time      REAL NOT NULL,        -- stored time, seconds since 2001
            end_time        REAL NOT NULL,
            occurrence_date REAL,
            flags           INTEGER NOT NULL
        );
        CREATE INDEX occurrences_start ON occurrences(start_time);
        CREATE INDEX occurrences_long ON occurrences(end_time) WHERE end_time - start_time > \(Int(longSeconds));
        CREATE INDEX occurrences_series ON occurrences(series_id);
        CREATE TABLE occurrence_stale (
            calendar_id INTEGER NOT NULL,
            uid         TEXT NOT NULL,
            PRIMARY KEY (calendar_id, uid)
        ) WITHOUT ROWID;
        CREATE TRIGGER items_insert_stale AFTER INSERT ON items
        WHEN NEW.kind = 'event' AND EXISTS (SELECT 1 FROM occurrence_buckets)
        BEGIN INSERT OR IGNORE INTO occurrence_stale VALUES (NEW.calendar_id, NEW.uid); END;
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
}
