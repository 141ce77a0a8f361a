/// Byte helpers for scanner tests: the inputs are built by hand, byte by byte, so folds can
/// split a UTF-8 character wherever a test wants.
enum TestBytes {
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// `lines` joined by `end`, with a final `end`.
    static func lines(_ lines: [String], end: String = "\r\n") -> [UInt8] {
        Array((lines.map { $0 + end }.joined()).utf8)
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
}
