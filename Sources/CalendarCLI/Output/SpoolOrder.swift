/// The places (offset, length) of spooled items, handed back in the order of their keys, with
/// memory bounded whatever their number: up to ``batchLimit`` keys are held; past that, each
/// full batch is sorted and written to a temporary file as a run, and the runs are merged as
/// they are read back (an external merge sort), so a feed of any size is sorted in bounded memory.
///
/// ```swift
/// var order = SpoolOrder<JSONOutput.EventOrder>()
/// try order.append(key, offset: spoolOffset, length: itemLength)
/// try order.drain { offset, length throws(CLIError) in ... }   // key order
/// ```
struct SpoolOrder<Key: SpoolKey> {
    /// Keys held before a batch becomes a run (some 10 MB of keys).
    static var batchLimit: Int { 65_536 }

    private var batch: [Entry] = []
    private var runs: [Range<Int>] = []
    private var runFile: SpoolFile?
    private let limit: Int
    /// Places appended since the last drain.
    private(set) var count = 0

    private struct Entry {
        var key: Key
        var offset: Int
        var length: Int

        static func < (a: Entry, b: Entry) -> Bool { a.key < b.key }
    }

    /// `batchLimit`: for tests, to exercise runs with few items.
    init(batchLimit: Int = Self.batchLimit) {
        limit = max(1, batchLimit)
    }

    mutating func append(_ key: Key, offset: Int, length: Int) throws(CLIError) {
        batch.append(Entry(key: key, offset: offset, length: length))
        count += 1
        if batch.count >= limit { try spill() }
    }

    /// Hands every place to `body` in key order, then forgets them all.
    mutating func drain(_ body: (_ offset: Int, _ length: Int) throws(CLIError) -> Void) throws(CLIError) {
        defer { reset() }
        if runs.isEmpty {
            batch.sort(by: <)
            for entry in batch { try body(entry.offset, entry.length) }
            return
        }
        if !batch.isEmpty { try spill() }
        guard let file = runFile else { return }
        var readers = runs.map { RunReader(file: file, range: $0) }
        var heads: [Entry?] = []
        for i in readers.indices { heads.append(try readers[i].next()) }
        // The runs are few (one per `limit` places): the smallest head is found by a scan.
        while true {
            var smallest: Int?
            for i in heads.indices {
                guard let head = heads[i] else { continue }
                if let s = smallest, let current = heads[s], !(head < current) { continue }
                smallest = i
            }
            guard let i = smallest, let entry = heads[i] else { return }
            try body(entry.offset, entry.length)
            heads[i] = try readers[i].next()
        }
    }

    /// Forgets every place (a calendar abandoned, or drained).
    mutating func reset() {
        batch.removeAll()
        runs.removeAll()
        runFile?.discard()
        count = 0
    }

    /// The batch, sorted, appended to the run file as one run.
    private mutating func spill() throws(CLIError) {
        batch.sort(by: <)
        if runFile == nil { runFile = try SpoolFile() }
        guard let file = runFile else { return }
        let start = file.size
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        var record: [UInt8] = []
        for entry in batch {
            record.removeAll(keepingCapacity: true)
            entry.key.write(to: &record)
            bytes.appendKeyInteger(UInt64(entry.offset))
            bytes.appendKeyInteger(UInt64(entry.length))
            bytes.appendKeyInteger(UInt64(record.count))
            bytes += record
            if bytes.count >= 1 << 16 {
                try file.write(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        try file.write(bytes)
        runs.append(start..<file.size)
        batch.removeAll(keepingCapacity: true)
    }

    /// Reads one run's records in order, a block at a time.
    private struct RunReader {
        let file: SpoolFile
        var cursor: Int
        let end: Int
        var block: [UInt8] = []
        var position = 0

        init(file: SpoolFile, range: Range<Int>) {
            self.file = file
            cursor = range.lowerBound
            end = range.upperBound
        }

        /// `count` bytes of the run, refilling the block when it runs short.
        mutating func take(_ count: Int) throws(CLIError) -> ArraySlice<UInt8> {
            if block.count - position < count {
                let kept = Array(block[position...])
                let wanted = max(count - kept.count, min(1 << 16, end - cursor))
                guard cursor + wanted <= end else { throw CLIError.io("Cannot read a temporary file: a run ended early") }
                block = kept + (try file.read(at: cursor, count: wanted))
                cursor += wanted
                position = 0
            }
            defer { position += count }
            return block[position..<(position + count)]
        }

        mutating func integer() throws(CLIError) -> Int {
            var reader = SpoolKeyReader(bytes: try take(8))
            return Int(truncatingIfNeeded: try reader.integer())
        }

        mutating func next() throws(CLIError) -> Entry? {
            guard cursor < end || position < block.count else { return nil }
            let offset = try integer(), length = try integer(), size = try integer()
            var reader = SpoolKeyReader(bytes: try take(size))
            return Entry(key: try Key(reading: &reader), offset: offset, length: length)
        }
    }
}

/// A key that ``SpoolOrder`` can write to a run and read back: `init(reading:)` reads what
/// `write(to:)` wrote.
protocol SpoolKey: Comparable, Sendable {
    func write(to bytes: inout [UInt8])
    init(reading reader: inout SpoolKeyReader) throws(CLIError)
}

/// Reads the fields of one written key, in place in the run's block.
struct SpoolKeyReader {
    let bytes: ArraySlice<UInt8>
    var position: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    mutating func integer() throws(CLIError) -> UInt64 {
        guard position + 8 <= bytes.endIndex else { throw CLIError.io("Cannot read a temporary file: a sort key is cut short") }
        var value: UInt64 = 0
        for k in 0..<8 { value |= UInt64(bytes[position + k]) << (8 * UInt64(k)) }
        position += 8
        return value
    }

    mutating func string() throws(CLIError) -> String {
        let count = Int(truncatingIfNeeded: try integer())
        guard count >= 0, position + count <= bytes.endIndex else { throw CLIError.io("Cannot read a temporary file: a sort key is cut short") }
        defer { position += count }
        return String(decoding: bytes[position..<(position + count)], as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    /// A key field: the integer's 8 bytes, little-endian.
    mutating func appendKeyInteger(_ value: UInt64) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    /// A key field: the string's byte count, then its UTF-8.
    mutating func appendKeyString(_ value: String) {
        appendKeyInteger(UInt64(value.utf8.count))
        append(contentsOf: value.utf8)
    }
}
