import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventStore {
    /// A new store for `path`, where there is none yet, written in a file of its own beside it
    /// (``NewStoreFile``) and moved there whole by ``close()``; nil when anything is at `path`
    /// or when the new file cannot be set up (then open it with ``init(path:expander:)``, which
    /// says why).
    ///
    /// Until it is closed nobody else can open it, so it is written without the write-ahead log
    /// and without syncing each commit: every page is written once, straight into the file,
    /// which is synced once before it is moved into place (importing a 2,000-event feed into a
    /// new store took a fifth less time). Each transaction is still all or nothing (SQLite's
    /// rollback journal, kept in memory); a process that dies before ``close()`` leaves no
    /// store, only the build file (`.NAME.new-…`), which nothing reads. Dropped without
    /// ``close()``, the store is discarded. If ``close()`` cannot move it into place (another process created a store
    /// at `path` meanwhile), the build file is kept and the error names it.
    public static func buildingNew(at path: String, expander: any OccurrenceExpanding = RecurringEventExpander()) throws -> EventStore? {
        guard nothingIsAt(path) else { return nil }
        try prepareDirectory(for: path)
        let file = try NewStoreFile.reserve(beside: path)
        let connection: Connection
        do {
            connection = try Connection(path: file.buildPath)
        } catch {
            file.discard()
            return nil
        }
        do {
            // Nothing is synced while building (the file is thrown away unless it is closed,
            // which syncs it once): without this, trying WAL and leaving it again synced the
            // journal, the directory and the file twice, 5 syncs before the first item.
            try connection.execute("PRAGMA synchronous = OFF")
            try connection.setPageSizeIfNew()
            // The file system must allow the write-ahead log the store gets when it is closed:
            // tried now, so that a file system without it fails here, as opening a store there
            // would, and not after the import.
            try connection.enableWAL()
            // Then the rollback journal while building, in memory: each transaction still
            // rolls back (a dry run, a failed import), and no journal file is created, written
            // and deleted for each one (the schema's pages, which an import changes, went to
            // it). A crash leaves the build file as it may, and nothing reads that.
            try connection.execute("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY")
            // Debian builds SQLite with SECURE_DELETE, which zeroes every new page of the b-trees
            // as it is made, besides what a deletion frees. A new store holds nothing from before
            // the import; only what the import itself replaces (a newer copy of an item later in
            // the same input) may stay in its free pages. Later connections have the default.
            try connection.execute("PRAGMA secure_delete = OFF")
            // While it is small, a new store keeps a small page cache, so its pages reach the
            // file as an import writes them and not all at the commit (see
            // ``ImportSession/paceNewStore(_:)``).
            try connection.execute("PRAGMA cache_size = -\(Self.smallNewStoreCacheKiB)")
            try Migrations.migrate(connection)
        } catch {
            try? connection.close()
            file.discard()
            return nil
        }
        return EventStore(connection: connection, path: path, expander: expander, newFile: file)
    }

    /// The page cache of a new store under ``smallNewStoreBytes``, in KiB.
    /// 512 KiB keeps an import's index pages cached while the items' pages go out: with 256 KiB
    /// the 4,778-event corpus file's import read index pages back (70.5 ms; 512 KiB: 62.6 ms;
    /// SQLite's default, with the same writeback: 67.8 ms).
    static let smallNewStoreCacheKiB = 512
    /// The size up to which a new store is written with a small page cache and its writeback
    /// started as an import goes.
    static let smallNewStoreBytes = 8 << 20
    /// SQLite's default page cache (2,000 KiB), which a new store gets from that size on.
    static let defaultCacheKiB = 2_000

    /// True when neither a file (or link) at `path` nor a journal SQLite would read with it exists.
    static func nothingIsAt(_ path: String) -> Bool {
        for suffix in ["", "-wal", "-journal"] {
            var status = stat()
            if lstat(path + suffix, &status) == 0 || errno != ENOENT { return false }
        }
        return true
    }
}
