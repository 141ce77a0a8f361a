import CalendarModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The calendar store: one SQLite file (WAL, versioned schema) holding calendars, their events
/// and reminders, their VTIMEZONEs, and a change log. Shaped like `EKEventStore`.
///
/// ```swift
/// let store = try EventStore(path: EventStore.defaultPath())
/// let report = try store.importDocument(document)            // one transaction
/// let week = store.predicateForEvents(withStart: monday, end: nextMonday, calendars: nil)
/// for occurrence in try store.events(matching: week) { print(occurrence.event.title) }
/// try store.close()
/// ```
///
/// Every public method runs under one lock, so an instance may be shared between threads
/// (`Sendable`); two instances, or two processes, on the same file serialize their writes
/// through SQLite (`BEGIN IMMEDIATE` with a 5 s busy timeout).
/// Related SQLite documentation: <https://www.sqlite.org/wal.html>
public final class EventStore: @unchecked Sendable {
    // All mutable state below is only touched with `lock` held.
    let connection: Connection
    let lock = NSLock()
    /// Where the store is.
    public let path: String
    /// Expands a UID's stored rows into occurrences; see ``OccurrenceExpanding``.
    public let expander: any OccurrenceExpanding
    /// Test hook: called before each item of an import is written, with its index in the
    /// document (events first, then reminders). Throwing aborts the import.
    package var importItemHook: (@Sendable (Int) throws -> Void)?
    /// Where the store reports what it did instead of failing: an occurrence index it could
    /// not bring up to date (the query then expands instead). By default, when the
    /// `ICALKIT_DEBUG` environment variable is set (not empty), a line on standard error.
    package var debugLog: (@Sendable (String) -> Void)? = EventStore.standardErrorDebugLog()

    /// Writes `icalkit: debug: MESSAGE` lines to standard error when `ICALKIT_DEBUG` is set.
    static func standardErrorDebugLog(environment: [String: String] = ProcessInfo.processInfo.environment) -> (@Sendable (String) -> Void)? {
        guard let value = environment["ICALKIT_DEBUG"], !value.isEmpty else { return nil }
        return { message in FileHandle.standardError.write(Data("icalkit: debug: \(message)\n".utf8)) }
    }

    /// The page size of a new store, in bytes: 8 KiB rather than SQLite's 4, so an item's row
    /// with its source text seldom needs an overflow page. Stores made before keep theirs.
    package static let pageSize = 8192

    /// The newest schema version this code reads and writes.
    public static var schemaVersion: Int { Migrations.latestVersion }

    /// Opens the store at `path`, creating its directory and file on first use and migrating
    /// an older schema. A file that is not an SQLite database, or that a newer icalkit wrote,
    /// is refused and left untouched.
    public convenience init(path: String, expander: any OccurrenceExpanding = RecurringEventExpander()) throws {
        try EventStore.prepareDirectory(for: path)
        let connection: Connection
        do {
            connection = try Connection(path: path)
        } catch {
            if error.resultCode.primaryResultCode == .notADatabase { throw StoreError.notADatabase(path) }
            throw StoreError.cannotCreate(path, reason: error.message)
        }
        do {
            // Read before writing anything: a foreign or newer file must stay as it is.
            try Migrations.checkNotNewer(connection)
            try connection.setPageSizeIfNew()
            try connection.enableWAL()
            try Migrations.migrate(connection)
        } catch let error as StoreError {
            try? connection.close()
            if error.resultCode.primaryResultCode == .notADatabase { throw StoreError.notADatabase(path) }
            throw error
        } catch {
            try? connection.close()
            throw error
        }
        self.init(connection: connection, path: path, expander: expander)
    }

    init(connection: Connection, path: String, expander: any OccurrenceExpanding) {
        self.connection = connection
        self.path = path
        self.expander = expander
    }

    /// Fails when `path` is a directory. Where nothing is at `path`, creates the directories
    /// it needs (mode 0700) and an empty file for the new store (mode 0600, which SQLite gives
    /// its `-wal` and `-shm` files too): calendars hold private data.
    static func prepareDirectory(for path: String) throws {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw StoreError.cannotCreate(path, reason: "it is a directory") }
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.cannotCreate(path, reason: "cannot create directory '\(directory)': \(error.localizedDescription)")
            }
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            Self.closeDescriptor(fd)
        } else if errno != EEXIST {
            throw StoreError.cannotCreate(path, reason: String(cString: strerror(errno)))
        }
    }

    private static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// Closes the database. Later calls throw ``StoreError/closed``.
    public func close() throws {
        lock.lock()
        defer { lock.unlock() }
        try connection.close()
    }

    /// Where the store lives unless told otherwise: `$ICALKIT_STORE`, else
    /// `$XDG_DATA_HOME/icalkit/store.sqlite`, else `~/.local/share/icalkit/store.sqlite`.
    /// Empty variables count as unset (as the XDG spec says).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        func value(_ name: String) -> String? {
            guard let v = environment[name], !v.isEmpty else { return nil }
            return v
        }
        if let explicit = value("ICALKIT_STORE") { return explicit }
        if let dataHome = value("XDG_DATA_HOME") { return dataHome + "/icalkit/store.sqlite" }
        let home = value("HOME") ?? NSHomeDirectory()
        return home + "/.local/share/icalkit/store.sqlite"
    }

    /// Runs `body` with the lock held and the connection open.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !connection.isClosed else { throw StoreError.closed }
        return try body(connection)
    }

    /// Tests: run SQL on the store's own connection (e.g. EXPLAIN QUERY PLAN, table dumps).
    package func withRawConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection(body)
    }
}
