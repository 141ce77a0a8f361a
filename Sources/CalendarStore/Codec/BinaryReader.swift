import Foundation

/// Reads values written by ``BinaryWriter`` from a byte buffer. Every read checks the bounds:
/// a truncated buffer, an overlong varint, a bool or presence byte other than 0/1, a count
/// larger than the bytes left, or an unknown tag throws ``StoreError/invalidData(_:)``; it
/// never traps and never reads outside the buffer.
///
/// The buffer is borrowed: use the reader only inside the `withUnsafeBytes` (or
/// `Statement.withBlob`) call that lent it.
///
/// ```swift
/// let title = try bytes.withUnsafeBytes { buffer throws(StoreError) in
///     var reader = BinaryReader(buffer)
///     return try reader.readString()
/// }
/// ```
package struct BinaryReader {
    private let buffer: UnsafeRawBufferPointer
    package private(set) var offset = 0
    /// The item format version being read (``ItemCodec/formatVersion`` unless an older one).
    package var formatVersion = ItemCodec.formatVersion

    package init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    package var remaining: Int { buffer.count - offset }
    package var isAtEnd: Bool { offset >= buffer.count }

    package static func failure(_ what: String) -> StoreError {
        .invalidData("cannot decode a stored item: \(what)")
    }

    @inline(__always)
    package mutating func readByte() throws(StoreError) -> UInt8 {
        guard offset < buffer.count else { throw Self.failure("unexpected end of data at byte \(offset)") }
        let byte = buffer[offset]
        offset += 1
        return byte
    }

    /// Most varints (counts, tags, small integers) are one byte: read inline; longer ones in
    /// ``readLongVarint()``.
    @inline(__always)
    package mutating func readVarint() throws(StoreError) -> UInt64 {
        if offset < buffer.count, buffer[offset] < 0x80 {
            offset += 1
            return UInt64(buffer[offset - 1])
        }
        return try readLongVarint()
    }

    @inline(never)
    private mutating func readLongVarint() throws(StoreError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            // The 10th byte holds bit 63 only.
            if shift == 63 && byte > 1 { throw Self.failure("varint too long at byte \(offset - 1)") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A count or length: at most the bytes left (every element takes at least one byte), so a
    /// corrupted count cannot ask for a huge allocation.
    package mutating func readCount() throws(StoreError) -> Int {
        let value = try readVarint()
        guard value <= UInt64(remaining) else { throw Self.failure("count \(value) exceeds the \(remaining) bytes left") }
        return Int(value)
    }

    package mutating func readInt() throws(StoreError) -> Int {
        let v = try readVarint()
        let decoded = Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
        guard let value = Int(exactly: decoded) else { throw Self.failure("integer \(decoded) out of range") }
        return value
    }

    @inline(__always)
    package mutating func readBool() throws(StoreError) -> Bool {
        switch try readByte() {
        case 0: return false
        case 1: return true
        case let byte: throw Self.failure("bad boolean byte \(byte) at byte \(offset - 1)")
        }
    }

    package mutating func readDouble() throws(StoreError) -> Double {
        guard remaining >= 8 else { throw Self.failure("unexpected end of data at byte \(offset)") }
        let bits = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return Double(bitPattern: UInt64(littleEndian: bits))
    }

    package mutating func readString() throws(StoreError) -> String {
        let count = try readCount()
        let start = offset
        offset += count
        return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<offset]), as: UTF8.self)
    }

    package mutating func readDate() throws(StoreError) -> Date {
        Date(timeIntervalSinceReferenceDate: try readDouble())
    }

    package mutating func read<T: BinaryCodable>(_ type: T.Type = T.self) throws(StoreError) -> T {
        try T(from: &self)
    }

    /// A presence byte, then the value when present.
    package mutating func readOptional<T>(_ body: (inout BinaryReader) throws(StoreError) -> T) throws(StoreError) -> T? {
        guard try readBool() else { return nil }
        return try body(&self)
    }

    package mutating func readOptionalString() throws(StoreError) -> String? { try readOptional { r throws(StoreError) in try r.readString() } }
    package mutating func readOptionalInt() throws(StoreError) -> Int? { try readOptional { r throws(StoreError) in try r.readInt() } }
    package mutating func readOptionalBool() throws(StoreError) -> Bool? { try readOptional { r throws(StoreError) in try r.readBool() } }
    package mutating func readOptionalDouble() throws(StoreError) -> Double? { try readOptional { r throws(StoreError) in try r.readDouble() } }
    package mutating func readOptionalDate() throws(StoreError) -> Date? { try readOptional { r throws(StoreError) in try r.readDate() } }
    package mutating func readOptional<T: BinaryCodable>(_ type: T.Type = T.self) throws(StoreError) -> T? {
        try readOptional { r throws(StoreError) in try T(from: &r) }
    }

    /// A varint count, then each element.
    package mutating func readArray<T>(_ body: (inout BinaryReader) throws(StoreError) -> T) throws(StoreError) -> [T] {
        let count = try readCount()
        if count == 0 { return [] }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try body(&self)) }
        return values
    }

    package mutating func readStrings() throws(StoreError) -> [String] { try readArray { r throws(StoreError) in try r.readString() } }
    package mutating func readInts() throws(StoreError) -> [Int] { try readArray { r throws(StoreError) in try r.readInt() } }
    package mutating func readArray<T: BinaryCodable>(of type: T.Type = T.self) throws(StoreError) -> [T] {
        try readArray { r throws(StoreError) in try T(from: &r) }
    }

    /// A small-integer tag of an enum; `decode` maps it, nil for an unknown tag.
    package mutating func readTag<T>(_ name: String, _ decode: (UInt8) -> T?) throws(StoreError) -> T {
        let tag = try readByte()
        guard let value = decode(tag) else { throw Self.failure("unknown \(name) tag \(tag) at byte \(offset - 1)") }
        return value
    }
}
