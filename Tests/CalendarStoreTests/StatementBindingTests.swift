import Foundation
import Testing
@testable import CalendarStore

/// What a cached statement binds: text up to a NUL, as a C string would be, and the values of
/// an earlier run never left behind.
@Suite("Statement bindings")
struct StatementBindingTests {
    static func withConnection(_ body: (Connection) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-bind-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let db = try Connection(path: path)
        defer { try? db.close() }
        try body(db)
    }

    @Test func textIsBoundUpToItsFirstNul() throws {
        try Self.withConnection { db in
            let cases: [(bound: String, read: String)] = [
                ("plain", "plain"),
                ("ab\u{0}cd", "ab"),
                ("\u{0}tail", ""),
                ("", ""),
                ("é\u{0}", "é"),
                (String(repeating: "x", count: 5000) + "\u{0}y", String(repeating: "x", count: 5000)),
            ]
            for (bound, read) in cases {
                let got = try db.rows("SELECT ?, typeof(?1)", [.text(bound)])
                #expect(got == [[.text(read), .text("text")]], "bound \(bound.utf8.count) bytes")
            }
        }
    }

    /// Through `Connection` (which also resets a statement after each run).
    @Test func everyRunSeesOnlyItsOwnValues() throws {
        try Self.withConnection { db in
            let sql = "SELECT ?1, ?2, ?3"
            let first = try db.rows(sql, [.integer(1), .text("two"), .blob([3])])
            #expect(first == [[.integer(1), .text("two"), .blob([3])]])
            // The same cached statement with every value again: all replaced.
            let second = try db.rows(sql, [.text("a"), .null, .real(2.5)])
            #expect(second == [[.text("a"), .null, .real(2.5)]])
            // With fewer values: the rest are NULL, not the last run's.
            let fewer = try db.rows(sql, [.integer(7)])
            #expect(fewer == [[.integer(7), .null, .null]])
            let none = try db.rows(sql, [])
            #expect(none == [[.null, .null, .null]])
        }
    }

    /// `bind` on its own (no reset in between, as a caller stepping a statement by hand does).
    @Test func bindAloneForgetsTheValuesItIsNotGiven() throws {
        try Self.withConnection { db in
            let statement = try db.cachedStatement("SELECT ?1, ?2")
            defer { statement.reset() }
            try statement.bind([.text("first"), .integer(2)])
            #expect(try statement.step())
            #expect(statement.value(0) == .text("first") && statement.value(1) == .integer(2))
            try statement.bind([.text("again")])
            #expect(try statement.step())
            #expect(statement.value(0) == .text("again"))
            #expect(statement.value(1) == .null)
            try statement.bind([])
            #expect(try statement.step())
            #expect(statement.value(0) == .null && statement.value(1) == .null)
        }
    }
}
