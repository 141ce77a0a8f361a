extension String {
    /// True when the UTF-8 bytes hold `byte`. Searches the contiguous storage of a native
    /// string directly (iterating `utf8` byte by byte through the generic `contains` cost
    /// ~10 instructions a byte on every value read).
    func containsUTF8Byte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ $0.contains(byte) }) { return found }
        return utf8.contains(byte)
    }
}

extension Substring.UTF8View {
    /// True when `needle`'s UTF-8 bytes occur here, compared as bytes.
    func contains(bytes needle: String) -> Bool {
        let pattern = Array(needle.utf8), haystack = Array(self)
        guard !pattern.isEmpty else { return true }
        guard haystack.count >= pattern.count else { return false }
        for start in 0...(haystack.count - pattern.count) where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
            return true
        }
        return false
    }
}
