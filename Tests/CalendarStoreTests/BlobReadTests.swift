import Foundation
import Testing
@testable import CalendarStore

/// `Connection.readBlob`: a blob read straight into an array of its own.
@Suite("Blob reads")
struct BlobReadTests {
    /// Blobs of every size class (empty, inside a page, spanning overflow pages) come back as
    /// the column holds them; a text column's bytes too; a missing row throws.
    @Test func blobsReadWholeAsStored() throws {
        try StatementBindingTests.withConnection { db in
            try db.execute("CREATE TABLE t (b BLOB)")
            var generator = SystemRandomNumberGenerator()
            let sizes = [0, 1, 100, 4095, 4096, 70_000, 1_000_003]
            var rowIDs: [Int64] = []
            for size in sizes {
                let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
                try db.run("INSERT INTO t (b) VALUES (?)", [.blob(bytes)])
                rowIDs.append(db.lastInsertedRowID)
            }
            for rowID in rowIDs {
                let stored = try db.rows("SELECT b FROM t WHERE rowid = ?", [.integer(rowID)])
                let read = try db.readBlob(table: "t", column: "b", rowID: rowID)
                #expect(stored == [[.blob(read)]], "row \(rowID): \(read.count) bytes")
                #expect(read.count == sizes[Int(rowID - rowIDs[0])])
            }
            try db.run("INSERT INTO t (b) VALUES ('some text')")
            #expect(try db.readBlob(table: "t", column: "b", rowID: db.lastInsertedRowID) == Array("some text".utf8))
            #expect(throws: StoreError.self) { try db.readBlob(table: "t", column: "b", rowID: 999_999) }
        }
    }
}
