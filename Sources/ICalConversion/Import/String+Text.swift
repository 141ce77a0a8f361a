extension String {
    /// The text without leading and trailing spaces and tabs. Returns quickly (no copy through
    /// Foundation's NSString bridge) in the common case where there are none: it runs for
    /// nearly every property value read.
    var trimmedSpaces: String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return "" }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        if !isSpace(first) && !isSpace(last) { return self }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

extension Substring {
    var trimmedSpaces: String { String(self).trimmedSpaces }
}

extension String {
    /// The lines of text joined by CRLF (as component texts are), split on bytes: splitting on
    /// the Character "\r\n" walks graphemes and was a large part of an export's time.
    var crlfLines: [String] {
        utf8.split(separator: 0x0A, omittingEmptySubsequences: true).compactMap { line in
            let body = line.last == 0x0D ? line.dropLast() : line[...]
            return body.isEmpty ? nil : String(decoding: body, as: UTF8.self)
        }
    }
}

extension String {
    /// Whether the text holds `needle` (ASCII), in any letter case, compared on bytes: the
    /// `contains` of a String argument goes through Foundation's NSString search.
    func containsASCIICaseInsensitive(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 0x20 : b }
        func search<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
            guard !pattern.isEmpty else { return true }
            guard bytes.count >= pattern.count else { return false }
            outer: for start in 0...(bytes.count - pattern.count) {
                for k in 0..<pattern.count where upper(bytes[bytes.startIndex + start + k]) != upper(pattern[k]) { continue outer }
                return true
            }
            return false
        }
        return utf8.withContiguousStorageIfAvailable(search) ?? search(Array(utf8))
    }
}
