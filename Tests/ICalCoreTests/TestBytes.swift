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

/// A deterministic pseudo-random generator (SplitMix64), so property tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
