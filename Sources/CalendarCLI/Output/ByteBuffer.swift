/// A growing run of bytes written in place through a pointer, for the writer that lays out one
/// JSON object per occurrence from many small pieces (``OccurrenceJSONWriter``): appending to
/// an `[UInt8]` checks its uniqueness and capacity for every piece.
///
/// ```swift
/// let b = ByteBuffer()
/// b.append("{\n")
/// let p = b.reserve(DateText.maxBytes)
/// b.didWrite(DateText.writeDay(day, into: p))
/// out.append(contentsOf: b.bytes)
/// ```
final class ByteBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written since the last ``removeAll()``, lent: valid until the next write.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes at `range` (positions in ``bytes``), lent like ``bytes``.
    subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Starts over, keeping the memory.
    func removeAll() { count = 0 }

    /// Drops the last `n` bytes.
    func removeLast(_ n: Int) {
        precondition(n <= count, "cannot drop more bytes than were written")
        count -= n
    }

    /// Where the next `n` bytes go; write at most `n` there, then call ``didWrite(_:)``.
    @inline(__always)
    func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if n > capacity - count { grow(toHold: count + n) }
        return base + count
    }

    /// Counts `n` bytes written at the pointer ``reserve(_:)`` gave.
    @inline(__always)
    func didWrite(_ n: Int) { count += n }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// A literal's UTF-8 bytes.
    @inline(__always)
    func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inline(__always)
    func append(byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    /// `n` spaces.
    @inline(__always)
    func appendSpaces(_ n: Int) {
        reserve(n).update(repeating: UInt8(ascii: " "), count: n)
        count += n
    }

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
