internal import CSQLite

/// An error from the calendar store: either SQLite failed (``resultCode`` says how, ``sql``
/// says which statement), or the store refused an operation for a named reason (a read-only
/// calendar, a schema newer than this code, a file that is not a database...).
///
/// ```swift
/// do { try store.save(event, in: holidays) }           // holidays: an EventCalendar
/// catch let error as StoreError where error.reason == .readOnlyCalendar {
///     print(error)   // calendar 'Holidays' is read-only
/// }
/// ```
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An SQLite result code (primary or extended), as GRDB's `ResultCode`.
    public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The primary code of an extended code (`SQLITE_CONSTRAINT_UNIQUE` → `SQLITE_CONSTRAINT`).
        public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

        public static let ok = ResultCode(rawValue: 0)            // SQLITE_OK
        public static let error = ResultCode(rawValue: 1)         // SQLITE_ERROR
        public static let `internal` = ResultCode(rawValue: 2)    // SQLITE_INTERNAL
        public static let permission = ResultCode(rawValue: 3)    // SQLITE_PERM
        public static let abort = ResultCode(rawValue: 4)         // SQLITE_ABORT
        public static let busy = ResultCode(rawValue: 5)          // SQLITE_BUSY
        public static let locked = ResultCode(rawValue: 6)        // SQLITE_LOCKED
        public static let noMemory = ResultCode(rawValue: 7)      // SQLITE_NOMEM
        public static let readOnly = ResultCode(rawValue: 8)      // SQLITE_READONLY
        public static let ioError = ResultCode(rawValue: 10)      // SQLITE_IOERR
        public static let corrupt = ResultCode(rawValue: 11)      // SQLITE_CORRUPT
        public static let full = ResultCode(rawValue: 13)         // SQLITE_FULL
        public static let cannotOpen = ResultCode(rawValue: 14)   // SQLITE_CANTOPEN
        public static let constraint = ResultCode(rawValue: 19)   // SQLITE_CONSTRAINT
        public static let mismatch = ResultCode(rawValue: 20)     // SQLITE_MISMATCH
        public static let misuse = ResultCode(rawValue: 21)       // SQLITE_MISUSE
        public static let notADatabase = ResultCode(rawValue: 26) // SQLITE_NOTADB

        public var description: String { "\(rawValue)" }

        /// Matches an extended code against a primary one: `case .constraint:` catches
        /// `SQLITE_CONSTRAINT_UNIQUE` too.
        public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
            pattern == code || (pattern.rawValue == pattern.primaryResultCode.rawValue && pattern == code.primaryResultCode)
        }
    }

    /// Why the store refused or failed. `sqlite` means SQLite itself reported ``resultCode``.
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let sqlite = Reason(rawValue: "sqlite")
        public static let readOnlyCalendar = Reason(rawValue: "read-only-calendar")
        public static let newerSchema = Reason(rawValue: "newer-schema")
        public static let notADatabase = Reason(rawValue: "not-a-database")
        public static let calendarNotFound = Reason(rawValue: "calendar-not-found")
        public static let itemNotFound = Reason(rawValue: "item-not-found")
        public static let cannotCreate = Reason(rawValue: "cannot-create")
        /// A stored row could not be decoded, or a model value could not be encoded.
        public static let invalidData = Reason(rawValue: "invalid-data")
        /// The store was used after ``EventStore/close()``.
        public static let closed = Reason(rawValue: "closed")
    }

    public var reason: Reason
    public var resultCode: ResultCode
    public var message: String
    /// The SQL that failed, when SQLite failed.
    public var sql: String?

    public init(reason: Reason, resultCode: ResultCode = .error, message: String, sql: String? = nil) {
        self.reason = reason
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
    }

    public var description: String {
        guard let sql else { return message }
        return "\(message) (SQLite error \(resultCode.rawValue) in: \(sql))"
    }
}

// MARK: - Public API

public extension StoreError {
    /// A write to a calendar whose `allowsContentModifications` is false.
    static func readOnlyCalendar(_ title: String) -> StoreError {
        StoreError(reason: .readOnlyCalendar, resultCode: .readOnly, message: "calendar '\(title)' is read-only")
    }

    /// A user's write to a subscribed calendar (reason `readOnlyCalendar`): only `refresh` writes it.
    static func subscribedCalendar(_ title: String) -> StoreError {
        StoreError(reason: .readOnlyCalendar, resultCode: .readOnly,
                   message: "calendar '\(title)' is a subscribed feed: only refresh changes its items "
                       + "(unsubscribe '\(title)' --keep makes it an ordinary calendar)")
    }

    /// The file was written by a newer icalkit; it is left untouched.
    static func newerSchema(found: Int, supported: Int) -> StoreError {
        StoreError(reason: .newerSchema, message: "store schema version \(found) is newer than this icalkit supports (\(supported)); upgrade icalkit to use it")
    }

    static func notADatabase(_ path: String) -> StoreError {
        StoreError(reason: .notADatabase, resultCode: .notADatabase, message: "'\(path)' is not an icalkit store (not an SQLite database); it was left unchanged")
    }

    static func calendarNotFound(_ title: String) -> StoreError {
        StoreError(reason: .calendarNotFound, message: "no calendar titled '\(title)'")
    }

    static func itemNotFound(uid: String, calendar: String?) -> StoreError {
        let place = calendar.map { " in calendar '\($0)'" } ?? ""
        return StoreError(reason: .itemNotFound, message: "no item with UID '\(uid)'\(place)")
    }

    static func cannotCreate(_ path: String, reason: String) -> StoreError {
        StoreError(reason: .cannotCreate, resultCode: .cannotOpen, message: "cannot create store at '\(path)': \(reason)")
    }

    static func invalidData(_ message: String) -> StoreError {
        StoreError(reason: .invalidData, message: message)
    }

    static var closed: StoreError {
        StoreError(reason: .closed, resultCode: .misuse, message: "the store is closed")
    }
}

// MARK: - SQLite

extension StoreError {
    /// The error SQLite reports on `db` for a failed call that returned `code`.
    init(sqliteCode code: Int32, connection db: OpaquePointer?, sql: String?) {
        let text: String
        if let db, let cMessage = sqlite3_errmsg(db) {
            text = String(cString: cMessage)
        } else if let cMessage = sqlite3_errstr(code) {
            text = String(cString: cMessage)
        } else {
            text = "SQLite error \(code)"
        }
        self.init(reason: .sqlite, resultCode: ResultCode(rawValue: code), message: text, sql: sql)
    }
}
