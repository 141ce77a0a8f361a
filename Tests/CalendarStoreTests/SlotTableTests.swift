import CalendarTestSupport
@testable import CalendarStore
import Testing

/// `SlotTable` against a dictionary built by hand: each key gets the position at which it was
/// first met, through growth and keys that share their low bits.
@Suite("Slot table")
struct SlotTableTests {
    @Test("Slots follow first appearance, through growth and colliding keys")
    func slotsFollowFirstAppearance() {
        var generator = SplitMix64(seed: 11)
        // Keys spaced by 2^32 share the bits the hash's low end would keep without mixing;
        // negative and zero keys too.
        let pool: [Int64] = (0..<3_000).map { Int64($0) << 32 } + (0..<3_000).map { _ in Int64(bitPattern: generator.next()) } + [0, -1, .min, .max]
        var table = SlotTable(expected: 4)
        var expected: [Int64: Int] = [:]
        var order: [Int64] = []
        for _ in 0..<20_000 {
            let key = pool[Int(generator.next() % UInt64(pool.count))]
            let slot = table.slot(key)
            if let known = expected[key] {
                #expect(slot == known)
            } else {
                #expect(slot == order.count)
                expected[key] = order.count
                order.append(key)
            }
        }
        #expect(table.ordered == order)
        #expect(order.count > 2_000)
        // Looking up finds what was added, adds nothing, and finds nothing else.
        for (key, slot) in expected { #expect(table.position(of: key) == slot) }
        for key in pool where expected[key] == nil { #expect(table.position(of: key) == nil) }
        #expect(table.ordered.count == order.count)
    }
}
