import Foundation

/// Appends values to a byte buffer in the store's binary item format (see ``ItemCodec``).
///
/// - Unsigned integers: LEB128 varints (7 bits a byte, low bits first).
/// - Signed integers: zig-zag (`0, -1, 1, -2...` → `0, 1, 2, 3...`), then a varint.
/// - `Double`: its 8-byte IEEE bit pattern, little-endian.
/// - `Bool`: one byte, 0 or 1. An optional: a presence byte (0 or 1), then the value.
/// - `String`: varint byte count, then the UTF-8 bytes. An array: varint count, then elements.
/// - `Date`: its `timeIntervalSinceReferenceDate` as a `Double` (the value `Date` stores, so the
///   round trip is bit-exact).
///
/// ```swift
/// var writer = BinaryWriter()
/// writer.write("Standup")
/// writer.write(15 as Int)
/// let bytes = writer.bytes
/// ```
package struct BinaryWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func writeByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    package mutating func writeVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    /// A non-negative count or length.
    package mutating func writeCount(_ count: Int) {
        writeVarint(UInt64(truncatingIfNeeded: count))
    }

    package mutating func write(_ value: Int) {
        let v = Int64(value)
        writeVarint(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
    }

    package mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    package mutating func write(_ value: Double) {
        let bits = value.bitPattern.littleEndian
        withUnsafeBytes(of: bits) { bytes.append(contentsOf: $0) }
    }

    package mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            writeCount(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func write(_ value: Date) {
        write(value.timeIntervalSinceReferenceDate)
    }

    package mutating func write<T: BinaryCodable>(_ value: T) {
        value.encode(to: &self)
    }

    /// A presence byte, then the value when present.
    package mutating func writeOptional<T>(_ value: T?, _ body: (inout BinaryWriter, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        body(&self, value)
    }

    package mutating func write(_ value: String?) { writeOptional(value) { $0.write($1) } }
    package mutating func write(_ value: Int?) { writeOptional(value) { $0.write($1) } }
    package mutating func write(_ value: Bool?) { writeOptional(value) { $0.write($1) } }
    package mutating func write(_ value: Double?) { writeOptional(value) { $0.write($1) } }
    package mutating func write(_ value: Date?) { writeOptional(value) { $0.write($1) } }
    package mutating func write<T: BinaryCodable>(_ value: T?) { writeOptional(value) { $0.write($1) } }

    /// A varint count, then each element.
    package mutating func writeArray<T>(_ values: [T], _ body: (inout BinaryWriter, T) -> Void) {
        writeCount(values.count)
        for value in values { body(&self, value) }
    }

    package mutating func write(_ values: [String]) { writeArray(values) { $0.write($1) } }
    package mutating func write(_ values: [Int]) { writeArray(values) { $0.write($1) } }
    package mutating func write<T: BinaryCodable>(_ values: [T]) { writeArray(values) { $0.write($1) } }
}
