/// Positions of integer keys (`items.id`s) in the order they were first met: an
/// open-addressing table with linear probing and a multiplicative hash. A window's index rows
/// name a few thousand items, each many times; `Dictionary<Int64, Int>` hashed every one of
/// them with SipHash, a seeded hash that defends against keys chosen to collide, which
/// row ids read from the store's own index need no defence against.
struct SlotTable {
    private var keys: [Int64]
    private var slots: [Int32]
    private var mask: Int
    /// The keys in the order they were first met (position = slot).
    private(set) var ordered: [Int64] = []

    init(expected: Int = 1024) {
        var capacity = 16
        while capacity < expected * 2 { capacity <<= 1 }
        keys = [Int64](repeating: 0, count: capacity)
        slots = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
    }

    /// The slot of `key`, added as the next one when it is new.
    mutating func slot(_ key: Int64) -> Int {
        var i = Self.hash(key) & mask
        while true {
            let slot = slots[i]
            if slot < 0 { break }
            if keys[i] == key { return Int(slot) }
            i = (i + 1) & mask
        }
        let slot = ordered.count
        keys[i] = key
        slots[i] = Int32(slot)
        ordered.append(key)
        if ordered.count * 2 > keys.count { grow() }
        return slot
    }

    /// The slot of `key`, or nil when it was never added.
    func position(of key: Int64) -> Int? {
        var i = Self.hash(key) & mask
        while true {
            let slot = slots[i]
            if slot < 0 { return nil }
            if keys[i] == key { return Int(slot) }
            i = (i + 1) & mask
        }
    }

    private static func hash(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    private mutating func grow() {
        let old = ordered
        self = SlotTable(expected: keys.count)
        for key in old { _ = slot(key) }
    }
}
