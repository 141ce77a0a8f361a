internal import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value bound to, or read from, an SQL statement.
package enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    /// TEXT given as its UTF-8 bytes (bound like ``text(_:)``, up to a NUL).
    case utf8Text([UInt8])

    package init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
    package init(_ value: Double?) { self = value.map(SQLValue.real) ?? .null }
    package init(_ value: Int64?) { self = value.map(SQLValue.integer) ?? .null }
    package init(_ value: Int) { self = .integer(Int64(value)) }
    package init(_ value: Bool) { self = .integer(value ? 1 : 0) }
}

/// A prepared statement, owned: finalized when the last reference goes (as GRDB's
/// `Statement`). Connections cache them by SQL text, so callers reset before use.
///
/// ```swift
/// let statement = try connection.cachedStatement("SELECT title FROM calendars WHERE id = ?")
/// try statement.bind([.integer(1)])
/// while try statement.step() { print(statement.text(0) ?? "") }
/// ```
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/stmt.html>
package final class Statement {
    let handle: OpaquePointer      // sqlite3_stmt *, owned
    package let sql: String
    unowned let connection: Connection
    /// How many `?` parameters the SQL has.
    let parameterCount: Int

    init(connection: Connection, sql: String) throws(StoreError) {
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard code == SQLITE_OK, let raw else {
            sqlite3_finalize(raw)
            throw StoreError(sqliteCode: code, connection: connection.handle, sql: sql)
        }
        self.handle = raw
        self.sql = sql
        self.connection = connection
        parameterCount = Int(sqlite3_bind_parameter_count(raw))
    }

    deinit { sqlite3_finalize(handle) }

    /// Ends any pending step and forgets bindings, so the statement can run again (and does
    /// not keep a read transaction open).
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds values to parameters 1...n (the parameters after them are bound to NULL).
    package func bind(_ values: [SQLValue]) throws(StoreError) {
        sqlite3_reset(handle)
        // Every parameter is bound again below, unless fewer values are given: only then are
        // the old bindings cleared.
        if values.count < parameterCount { sqlite3_clear_bindings(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let i): code = sqlite3_bind_int64(handle, index, i)
            case .real(let d): code = sqlite3_bind_double(handle, index, d)
            case .text(var s):
                // The String's own UTF-8 bytes, up to a NUL as with a C string (no C-string copy
                // per bind: that was most of the malloc traffic of a large import's writes).
                code = s.withUTF8 { bytes in Self.bindText(bytes, to: handle, at: index) }
            case .utf8Text(let bytes):
                code = bytes.withUnsafeBufferPointer { buffer in Self.bindText(buffer, to: handle, at: index) }
            case .blob(let bytes):
                // A nil pointer would bind NULL: an empty blob is a zero-length blob.
                code = bytes.withUnsafeBytes { buffer in
                    guard let base = buffer.baseAddress, buffer.count > 0 else { return sqlite3_bind_zeroblob(handle, index, 0) }
                    return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(buffer.count), csqlite_transient())
                }
            }
            guard code == SQLITE_OK else { throw StoreError(sqliteCode: code, connection: connection.handle, sql: sql) }
        }
    }

    /// Binds UTF-8 bytes as TEXT, up to a NUL as a C string would be (found with memchr: the
    /// source texts an import stores add up to the whole file).
    private static func bindText(_ bytes: UnsafeBufferPointer<UInt8>, to handle: OpaquePointer, at index: Int32) -> Int32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
        let length = memchr(base, 0, bytes.count).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
        guard length > 0 else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
        return base.withMemoryRebound(to: CChar.self, capacity: length) {
            sqlite3_bind_text(handle, index, $0, Int32(length), csqlite_transient())
        }
    }

    /// Advances; true when a row is available.
    package func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = StoreError(sqliteCode: code, connection: connection.handle, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    package var columnCount: Int32 { sqlite3_column_count(handle) }
    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    package func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(handle, column) }
    package func text(_ column: Int32) -> String? {
        // sqlite3_column_text first, then sqlite3_column_bytes (the documented order); the
        // length is known, so no strlen over texts that are whole components.
        guard let c = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: c, count: count), as: UTF8.self)
    }
    /// A TEXT column's UTF-8 bytes, copied (nil for NULL).
    package func textBytes(_ column: Int32) -> [UInt8]? {
        guard let c = sqlite3_column_text(handle, column) else { return nil }
        return Array(UnsafeBufferPointer(start: c, count: Int(sqlite3_column_bytes(handle, column))))
    }
    /// The column's bytes, borrowed for the duration of `body` (a NULL is empty). Valid until
    /// the statement steps or resets; for a TEXT column, its UTF-8 bytes.
    package func withBlob<R, E: Error>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        // sqlite3_column_blob first, then sqlite3_column_bytes (the documented order).
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let pointer, count > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }
    /// The column's bytes, copied.
    package func blob(_ column: Int32) -> [UInt8] {
        withBlob(column) { (buffer: UnsafeRawBufferPointer) -> [UInt8] in Array(buffer) }
    }
    /// Any column as a value (for tests that compare whole tables).
    package func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_BLOB: return .blob(blob(column))
        default: return .text(text(column) ?? "")
        }
    }
}

@available(*, unavailable) extension Statement: Sendable {}
