/// One day of the occurrence index in one blob (`occurrence_packs`, schema version 8): every
/// `occurrences` row whose stored start falls in that day (seconds since 2001 divided by 86,400,
/// rounded down), in the order of the `occurrences_start` index. A short window reads a dozen
/// blobs instead of walking tens of thousands of index entries one SQLite step at a time.
///
/// Packs are a cache of the rows, kept only while the rows stay as they are: the write that
/// brings the index up to date (stale series, new buckets) drops the packs of the days it adds
/// rows to, and deleting rows (a series redone or deleted, so also a calendar) empties
/// `occurrence_packs`, by trigger for a series. A query that finds the
/// index ready but a day unpacked packs it (``EventStore/packDays(_:needed:_:)``).
///
/// Each row is 48 bytes, six little-endian 64-bit fields: calendar id, item id, start and end
/// (`Double` bits), occurrence date (`Double` bits, or 0 when there is none) and flags, whose
/// bit 62 says whether there is an occurrence date.
enum OccurrencePack {
    static let daySeconds: Double = 86_400
    static let rowSize = 48
    /// Most days of packs a window reads; longer ones walk the index. A window reads the days
    /// from two days and 14 hours before it to 14 hours after it, so windows up to about 58
    /// days are read from packs.
    static let maxDays = 62
    private static let hasOccurrenceDate: Int64 = 1 << 62

    struct Row: Equatable {
        var calendarID: Int64
        var itemID: Int64
        var start: Double
        var end: Double
        var occurrenceDate: Double?
        var flags: Int64
    }

    /// The day holding a stored time.
    static func day(_ seconds: Double) -> Int64 { Int64((seconds / daySeconds).rounded(.down)) }

    /// The days holding every start in `[from, to)`; nil when there are more than ``maxDays``
    /// (or the bounds are not finite).
    static func days(from: Double, to: Double) -> ClosedRange<Int64>? {
        guard from.isFinite, to.isFinite, to > from,
              abs(from) < 1e13, abs(to) < 1e13 else { return nil }     // far inside Int64 days
        let first = day(from)
        let last = Int64((to / daySeconds).rounded(.up)) - 1
        guard last >= first, last - first < Int64(maxDays) else { return nil }
        return first...last
    }

    static func encode(_ rows: [Row]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: rows.count * rowSize)
        bytes.withUnsafeMutableBytes { out in
            for (i, row) in rows.enumerated() {
                let base = i * rowSize
                let flags = row.occurrenceDate == nil ? row.flags : row.flags | hasOccurrenceDate
                func put(_ field: UInt64, _ k: Int) { out.storeBytes(of: field.littleEndian, toByteOffset: base + 8 * k, as: UInt64.self) }
                put(UInt64(bitPattern: row.calendarID), 0)
                put(UInt64(bitPattern: row.itemID), 1)
                put(row.start.bitPattern, 2)
                put(row.end.bitPattern, 3)
                put(row.occurrenceDate?.bitPattern ?? 0, 4)
                put(UInt64(bitPattern: flags), 5)
            }
        }
        return bytes
    }

    /// A pack's bytes, checked to be a whole number of rows.
    struct Rows {
        let bytes: UnsafeRawBufferPointer
        var count: Int { bytes.count / OccurrencePack.rowSize }

        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count % OccurrencePack.rowSize == 0 else { return nil }
            self.bytes = bytes
        }
    }

    /// Calls `body` with each row of a pack, in order; false (having called it for none) when
    /// the blob is not a whole number of rows.
    static func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Row) -> Void) -> Bool {
        guard let rows = Rows(bytes) else { return false }
        decode(rows, body)
        return true
    }

    /// Calls `body` with each row, in order.
    static func decode(_ rows: Rows, _ body: (Row) -> Void) {
        let bytes = rows.bytes
        func field(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        var offset = 0
        while offset < bytes.count {
            let flags = Int64(bitPattern: field(offset + 40))
            body(Row(calendarID: Int64(bitPattern: field(offset)), itemID: Int64(bitPattern: field(offset + 8)),
                     start: Double(bitPattern: field(offset + 16)), end: Double(bitPattern: field(offset + 24)),
                     occurrenceDate: flags & hasOccurrenceDate != 0 ? Double(bitPattern: field(offset + 32)) : nil,
                     flags: flags & ~hasOccurrenceDate))
            offset += rowSize
        }
    }
}
