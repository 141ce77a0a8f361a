/// Change-log rows an import has decided on and not yet written: written in order, up to
/// ``batchSize`` rows per INSERT, so the log's AUTOINCREMENT bookkeeping and the statement's
/// own cost are paid once per batch instead of once per UID. Tokens come out as they would one
/// row at a time. The owner flushes before anything else can read or write the log (at the end
/// of each calendar, inside the import's transaction).
struct PendingChanges {
    static let batchSize = 64

    private var rows: [(kind: Change.Kind, uid: String, calendar: String)] = []

    mutating func append(_ kind: Change.Kind, uid: String, calendar: String, _ db: Connection) throws {
        rows.append((kind, uid, calendar))
        if rows.count == Self.batchSize { try flush(db) }
    }

    /// Writes what is pending.
    mutating func flush(_ db: Connection) throws {
        var start = 0
        while start < rows.count {
            let count = rows.count - start >= Self.batchSize ? Self.batchSize : 1
            var values: [SQLValue] = []
            values.reserveCapacity(count * 3)
            for row in rows[start..<start + count] {
                values += [.text(row.calendar), .text(row.uid), .text(row.kind.rawValue)]
            }
            try db.run(count == 1 ? Self.insertOne : Self.insertBatch, values)
            start += count
        }
        rows.removeAll(keepingCapacity: true)
    }

    /// One change-log row (also ``EventStore/logChange(_:uid:calendar:_:)``'s).
    static let insertOne = "INSERT INTO changes (calendar, uid, change) VALUES (?, ?, ?)"
    private static let insertBatch = "INSERT INTO changes (calendar, uid, change) VALUES "
        + Array(repeating: "(?, ?, ?)", count: batchSize).joined(separator: ", ")
}
