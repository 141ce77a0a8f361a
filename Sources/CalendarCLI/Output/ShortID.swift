/// Short item IDs: the shortest prefix, at least 6 characters, of a stable hash of the UID that
/// no other listed UID's hash shares. Tables show them; every item command accepts one in place
/// of the UID (``ItemReference``).
///
/// The hash is 64-bit FNV-1a of the UID's UTF-8 bytes in 16 lowercase hex digits: the same UID
/// gives the same ID on every machine and in every release.
///
/// ```swift
/// ShortID.hash("a@example.com")                  // 16 hex digits
/// ShortID.shortest(for: ["a@x", "b@x"])           // ["a@x": "1f2e3d", "b@x": "9c8b7a"]
/// ```
/// Related: FNV-1a, <https://datatracker.ietf.org/doc/html/draft-eastlake-fnv>
enum ShortID {
    static let minimumLength = 6

    /// The 16 hex digits of the UID's hash.
    static func hash(_ uid: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in uid.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Each UID's shortest unique prefix of its hash among `uids` (at least ``minimumLength``).
    static func shortest(for uids: some Sequence<String>) -> [String: String] {
        let hashed = Set(uids).map { (uid: $0, hash: Array(hash($0).utf8)) }.sorted { $0.hash.lexicographicallyPrecedes($1.hash) }
        var result: [String: String] = [:]
        func common(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).prefix { $0 == $1 }.count }
        for (i, item) in hashed.enumerated() {
            var length = minimumLength
            if i > 0 { length = max(length, common(item.hash, hashed[i - 1].hash) + 1) }
            if i + 1 < hashed.count { length = max(length, common(item.hash, hashed[i + 1].hash) + 1) }
            result[item.uid] = String(decoding: item.hash.prefix(length), as: UTF8.self)
        }
        return result
    }

    /// True when `text` could be a short ID: 6 to 16 hex digits.
    static func isCandidate(_ text: String) -> Bool {
        (minimumLength...16).contains(text.utf8.count) && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }
    }
}
