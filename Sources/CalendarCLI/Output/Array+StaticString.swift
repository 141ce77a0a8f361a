extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes straight from its storage (no `String` in between).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
