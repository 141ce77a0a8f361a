/// Bytes collected as a list of pieces of about 1 MiB, so a large output never grows (and
/// copies) one array: append to ``current``, call ``sealIfFull()`` after each item.
///
/// ```swift
/// var chunks = ByteChunks()
/// writer.event(event, to: &chunks.current)
/// chunks.sealIfFull()
/// for piece in chunks.pieces { try output.write(piece) }
/// ```
struct ByteChunks {
    static let chunkBytes = 1 << 20
    private(set) var sealed: [[UInt8]] = []
    var current: [UInt8] = ByteChunks.fresh()

    /// Starts a new piece once the current one holds a chunk's worth.
    mutating func sealIfFull() {
        guard current.count >= ByteChunks.chunkBytes else { return }
        sealed.append(current)
        current = ByteChunks.fresh()
    }

    /// Every piece, in order.
    var pieces: [[UInt8]] { current.isEmpty ? sealed : sealed + [current] }

    /// An empty piece with room for a chunk and one more item (pages are only touched when written).
    private static func fresh() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chunkBytes + (64 << 10))
        return bytes
    }
}
