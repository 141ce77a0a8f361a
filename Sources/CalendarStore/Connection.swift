internal import CSQLite
import Foundation

/// One SQLite connection, owned: opened with explicit flags, a 5 s busy timeout and foreign
/// keys on; `close()` throws and must be called (deinit only cleans up what was left open).
/// Statements are cached by their SQL text. Not thread-safe: one thread at a time.
///
/// ```swift
/// let connection = try Connection(path: "/tmp/store.sqlite")
/// try connection.enableWAL()
/// try connection.transaction(.immediate) { try connection.run("DELETE FROM changes") }
/// try connection.close()
/// ```
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/open.html>
package final class Connection {
    let handle: OpaquePointer                 // sqlite3 *, owned
    package let path: String
    private var statements: [String: Statement] = [:]
    /// The last statements used, looked for before `statements`: an import runs the same few
    /// statements for every item, and hashing their SQL text (hundreds of bytes) for each row
    /// cost more than comparing it (a literal's text compares by address).
    private var recent: [(sql: String, statement: Statement)] = []
    private static let recentCount = 4
    package private(set) var isClosed = false
    private var busyTimeoutMilliseconds: Int32 = 0
    private var isMappedForReading = false
    /// Called with the SQL of every statement prepared or executed (tests record it).
    package var onSQL: ((String) -> Void)?

    package struct OpenFlags: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }
        package static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
        package static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
        package static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
    }

    package enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED", immediate = "IMMEDIATE"
    }

    package init(path: String, flags: OpenFlags = [.readWrite, .create], busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        _ = Connection.memoryStatisticsOff
        var raw: OpaquePointer?
        // NOMUTEX: a connection is used by one thread at a time (``EventStore`` holds its lock
        // around every use; the statement cache is not thread-safe either), so SQLite's own
        // mutex around every call (two per column read) is only cost.
        let code = sqlite3_open_v2(path, &raw, flags.rawValue | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let raw else {
            let error = StoreError(sqliteCode: code, connection: raw, sql: nil)
            sqlite3_close(raw)      // a failed open still hands back a handle to close (GRDB does so too)
            throw error
        }
        self.handle = raw
        self.path = path
        sqlite3_extended_result_codes(raw, 1)
        sqlite3_busy_timeout(raw, busyTimeoutMilliseconds)
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        do {
            try execute("PRAGMA foreign_keys = ON")
            // Statement journals and sorts stay in memory: each INSERT inside an import's one
            // transaction (foreign keys, the occurrence index's triggers) opens a statement
            // journal, which on disk was 250,000 small writes to a temp file for a 20k-item feed.
            try execute("PRAGMA temp_store = MEMORY")
        } catch {
            sqlite3_close(raw)
            isClosed = true
            throw error
        }
    }

    /// SQLite's allocation statistics, off before the first connection opens (no code here
    /// reads them: `sqlite3_memory_used` and the soft heap limit are not used).
    private static let memoryStatisticsOff: Void = { _ = csqlite_disable_memory_statistics() }()

    deinit {
        // Cleanup only: callers are expected to `close()` and see its error.
        if !isClosed {
            statements.removeAll()
            recent.removeAll()
            sqlite3_close_v2(handle)
        }
    }

    /// Gives a database with no pages yet ``EventStore/pageSize``-byte pages; a database that
    /// has any keeps its own (SQLite ignores the pragma then). Before ``enableWAL()``, after
    /// which the page size is fixed.
    package func setPageSizeIfNew() throws(StoreError) {
        try execute("PRAGMA page_size = \(EventStore.pageSize)")
    }

    /// Switches the database to write-ahead logging (a no-op when it already is). While another
    /// connection has the file open in the rollback journal's mode (two processes opening a new
    /// store at once), SQLite keeps the old mode and answers with it: tried again every 10 ms
    /// for up to the busy timeout.
    package func enableWAL() throws(StoreError) {
        // Another process opening the same new store may hold it: the pragma then answers with
        // the old mode or fails busy; both are retried until the busy timeout.
        let deadline = Date().addingTimeInterval(Double(busyTimeoutMilliseconds) / 1000)
        var mode: String? = nil
        while true {
            do {
                mode = try scalarText("PRAGMA journal_mode = WAL")
            } catch where error.resultCode ~= .busy || error.resultCode ~= .locked {
                mode = nil
            }
            if mode?.lowercased() == "wal" || Date() >= deadline { break }
            usleep(10_000)
        }
        guard mode?.lowercased() == "wal" else {
            throw StoreError(reason: .sqlite, message: "cannot enable WAL journal mode (got \(mode ?? "nothing"))", sql: "PRAGMA journal_mode = WAL")
        }
        // In WAL mode NORMAL keeps the database consistent through any crash of the process
        // (SIGKILL included: a transaction is there whole or not at all); only a power loss can
        // undo the last commits, never corrupt the file. FULL would fsync every commit.
        try execute("PRAGMA synchronous = NORMAL")
    }

    /// Reads the file's pages through a memory mapping (up to 1 GiB) instead of copying them
    /// into SQLite's page cache, for work that reads much of the file: an export, a query over
    /// many rows. Writes are
    /// unchanged. SQLite then reports a read error of the file as SIGBUS rather than an error
    /// code, hence only for reading commands, not for every connection.
    package func mapForReading() throws(StoreError) {
        guard !isMappedForReading else { return }    // once per connection
        try execute("PRAGMA mmap_size = 1073741824")
        isMappedForReading = true
    }

    /// Runs `body` with another busy timeout (0: a locked database fails at once), for work
    /// that is worth doing only if it does not have to wait.
    package func withBusyTimeout<T>(milliseconds: Int32, _ body: () throws -> T) rethrows -> T {
        sqlite3_busy_timeout(handle, milliseconds)
        defer { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
        return try body()
    }

    /// Runs one or more statements without results.
    package func execute(_ sql: String) throws(StoreError) {
        guard !isClosed else { throw .closed }
        onSQL?(sql)
        var cError: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &cError)
        if code != SQLITE_OK {
            var error = StoreError(sqliteCode: code, connection: handle, sql: sql)
            if let cError { error.message = String(cString: cError) }
            sqlite3_free(cError)
            throw error
        }
    }

    /// The prepared statement for `sql`, from the cache or newly prepared, reset.
    package func cachedStatement(_ sql: String) throws(StoreError) -> Statement {
        guard !isClosed else { throw .closed }
        onSQL?(sql)
        for (recentSQL, statement) in recent where recentSQL == sql {
            statement.reset()
            return statement
        }
        let statement: Statement
        if let cached = statements[sql] {
            cached.reset()
            statement = cached
        } else {
            statement = try Statement(connection: self, sql: sql)
            statements[sql] = statement
        }
        if recent.count == Connection.recentCount { recent.removeFirst() }
        recent.append((sql, statement))
        return statement
    }

    /// Runs a statement that returns no rows.
    package func run(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Calls `body` for each row; the statement is reset afterwards even when `body` throws.
    package func forEachRow(_ sql: String, _ values: [SQLValue] = [], _ body: (Statement) throws -> Void) throws {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() { try body(statement) }
    }

    /// All rows as values (for small results and tests).
    package func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [[SQLValue]] {
        var result: [[SQLValue]] = []
        try forEachRow(sql, values) { row in
            result.append((0..<row.columnCount).map { row.value($0) })
        }
        return result
    }

    package func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> Int64? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.int64(0)
    }

    package func scalarText(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> String? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// The bytes of one BLOB in `table.column` of the row with this rowid, read straight into
    /// an array of their own (SQLite's incremental I/O: a blob that spans overflow pages is not
    /// first gathered into SQLite's memory and then copied again). Throws when there is no
    /// such row or the value is not a BLOB or TEXT.
    /// Related SQLite documentation: <https://www.sqlite.org/c3ref/blob_open.html>
    package func readBlob(table: String, column: String, rowID: Int64) throws(StoreError) -> [UInt8] {
        guard !isClosed else { throw .closed }
        var blob: OpaquePointer?
        let opened = sqlite3_blob_open(handle, "main", table, column, rowID, 0, &blob)
        defer { sqlite3_blob_close(blob) }
        let what = "read blob \(table).\(column) of row \(rowID)"
        guard opened == SQLITE_OK, let blob else { throw StoreError(sqliteCode: opened, connection: handle, sql: what) }
        let count = Int(sqlite3_blob_bytes(blob))
        var code = SQLITE_OK
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            code = count > 0 ? sqlite3_blob_read(blob, buffer.baseAddress, Int32(count), 0) : SQLITE_OK
            initialized = code == SQLITE_OK ? count : 0
        }
        guard code == SQLITE_OK else { throw StoreError(sqliteCode: code, connection: handle, sql: what) }
        return bytes
    }

    /// Rows changed by the last INSERT/UPDATE/DELETE.
    package var changedRowCount: Int { Int(sqlite3_changes(handle)) }
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws (the
    /// body's error wins over a rollback error, as swift-system's `closeAfter`). Inside a
    /// transaction that is already open (a batch of `EventStore` changes saved with
    /// `commit: false`), `body` runs in a savepoint instead: its work is undone alone when it
    /// throws, and it is committed with the enclosing transaction.
    package func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        let nested = isInTransaction
        try execute(nested ? "SAVEPOINT nested" : "BEGIN \(kind.rawValue)")
        let result: T
        do {
            result = try body()
        } catch {
            try? execute(nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK")
            throw error
        }
        do {
            try execute(nested ? "RELEASE nested" : "COMMIT")
        } catch {
            try? execute(nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK")
            throw error
        }
        return result
    }

    /// Runs `body` in a transaction (or a savepoint, inside one) that is always rolled back:
    /// dry runs.
    package func rolledBackTransaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        let nested = isInTransaction
        try execute(nested ? "SAVEPOINT nested" : "BEGIN \(kind.rawValue)")
        defer { try? execute(nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK") }
        return try body()
    }

    /// Finalizes the cached statements and closes the connection. Closing twice is a no-op.
    package func close() throws(StoreError) {
        guard !isClosed else { return }
        recent.removeAll()
        statements.removeAll()     // finalizes them (Statement.deinit)
        let code = sqlite3_close(handle)
        guard code == SQLITE_OK else { throw StoreError(sqliteCode: code, connection: handle, sql: nil) }
        isClosed = true
    }
}

@available(*, unavailable) extension Connection: Sendable {}
