/// A growing run of bytes, appended to in place: the lines of an item as the scanner reads
/// them (``ScanTreeBuilder``). Appending to an `[UInt8]` checked its uniqueness and capacity
/// for every piece, which cost as much again as the copying.
final class ByteCollector {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Appends `bytes` and CR LF.
    @inline(__always)
    func appendLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        if n + 2 > capacity - count { grow(toHold: count + n + 2) }
        if let source = bytes.baseAddress, n > 0 { (base + count).update(from: source, count: n) }
        base[count + n] = 0x0D
        base[count + n + 1] = 0x0A
        count += n + 2
    }

    /// Another collector with the same bytes.
    func copy() -> ByteCollector {
        let other = ByteCollector(capacity: capacity)
        other.base.update(from: base, count: count)
        other.count = count
        return other
    }

    /// Starts over, keeping the memory.
    func removeAll() { count = 0 }

    /// The bytes appended since the last ``removeAll()``.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
