#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// True when the UTF-8 bytes hold `byte`. Searches the contiguous storage of a native
    /// string with `memchr` (iterating `utf8` byte by byte through the generic `contains` cost
    /// ~10 instructions a byte on every value read; a Swift loop over the storage, ~2).
    func containsUTF8Byte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ $0.firstIndex(ofByte: byte) != nil }) { return found }
        return utf8.contains(byte)
    }
}

extension Substring {
    /// `hasPrefix` for an ASCII prefix, compared byte by byte. `hasPrefix` compares Characters
    /// through the generic `starts(with:)`: about 1,000 instructions a call, 2.5 million for
    /// the RRULEs of a 2,000-item feed. For text that is ASCII too the two agree.
    func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        let bytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return utf8.starts(with: bytes)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The index of the first `byte` at or after `start`, found with `memchr`; nil when none.
    func firstIndex(ofByte byte: UInt8, from start: Int = 0) -> Int? {
        guard let base = baseAddress, start < count else { return nil }
        return memchr(base + start, Int32(byte), count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
    }
}
