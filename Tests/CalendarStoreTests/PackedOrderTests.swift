import CalendarTestSupport
@testable import CalendarStore
import Foundation
import Testing

/// `PackedOrder` against plain comparisons: dates order as their integers, and sorting by the
/// packed keys then moving items in place gives what a stable sort of the items by the same
/// order gives, with many ties.
@Suite("Packed sort keys")
struct PackedOrderTests {
    @Test("Dates order as their sortable integers: negatives, zero of either sign, tiny and infinite values")
    func sortableOrdersAsTheDate() {
        let values: [Double] = [-.infinity, -1e300, -86_400, -1, -.leastNonzeroMagnitude, -0.0, 0.0, .leastNonzeroMagnitude,
                                1e-300, 0.5, 1, 86_400, 8e8, 1e300, .infinity]
        for a in values {
            for b in values {
                let x = Date(timeIntervalSinceReferenceDate: a), y = Date(timeIntervalSinceReferenceDate: b)
                #expect((PackedOrder.sortable(x) < PackedOrder.sortable(y)) == (x < y), "\(a) vs \(b)")
                #expect((PackedOrder.sortable(x) == PackedOrder.sortable(y)) == (x == y), "\(a) vs \(b)")
            }
        }
    }

    @Test("Sorted keys and items moved in place equal a stable sort of the items")
    func sortAndArrangeEqualAStableSort() {
        struct Item: Equatable { var start: Double; var uid: Int; var title: Int; var rest: Int; var tag: Int }
        var generator = SplitMix64(seed: 5)
        for round in 0..<40 {
            let count = Int(generator.next() % 300)
            // Few distinct values of each key: ties at every level, and items equal in all of them.
            let items = (0..<count).map { i in
                Item(start: Double(Int(generator.next() % 5)) - 2, uid: Int(generator.next() % 3), title: Int(generator.next() % 2),
                     rest: Int(generator.next() % 3), tag: i)
            }
            func before(_ a: Item, _ b: Item) -> Bool {
                (a.start, a.uid, a.title, a.rest) < (b.start, b.uid, b.title, b.rest)
            }
            let keys = items.indices.map { i in
                PackedOrder(start: PackedOrder.sortable(Date(timeIntervalSinceReferenceDate: items[i].start)),
                            names: UInt64(items[i].uid) << 32 | UInt64(items[i].title), index: i)
            }
            let sorted = PackedOrder.sorted(keys) { before(items[$0], items[$1]) }
            var arranged = items
            PackedOrder.arrange(&arranged, as: sorted)
            // Reference: positions stably sorted by the whole order (the tag breaks no tie).
            let reference = items.indices.sorted { a, b in
                before(items[a], items[b]) || (!before(items[b], items[a]) && a < b)
            }.map { items[$0] }
            #expect(arranged == reference, "round \(round)")
        }
    }
}
