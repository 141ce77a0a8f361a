import Foundation

/// The leading keys of ``OccurrenceOrder`` packed into integers, for sorting many index rows:
/// the start as an unsigned integer that orders as the date does, the UID and calendar-title
/// ranks side by side in one. Rows equal in both go on to the rest of the order.
struct PackedOrder {
    var start: UInt64
    /// UID rank in the high half, calendar-title rank + 1 in the low half (ranks are below 2³²).
    var names: UInt64
    /// The row's position before sorting.
    var index: Int

    /// An unsigned integer ordered as the date: the bits of its time interval, the sign bit
    /// flipped for positive values and every bit for negative ones (IEEE 754 magnitudes order as
    /// their bits); -0 is read as 0, which it equals.
    static func sortable(_ date: Date) -> UInt64 {
        let t = date.timeIntervalSinceReferenceDate
        let bits = (t == 0 ? 0.0 : t).bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }

    /// `keys` sorted by start, then names, then `isBefore` on their rows' positions (the rest of
    /// the order), then position: rows equal in every key keep their order.
    static func sorted(_ keys: [PackedOrder], isBefore: (Int, Int) -> Bool) -> [PackedOrder] {
        keys.sorted { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.names != b.names { return a.names < b.names }
            if isBefore(a.index, b.index) { return true }
            if isBefore(b.index, a.index) { return false }
            return a.index < b.index
        }
    }

    /// Moves `items` into the order of `sorted` (the item at position `sorted[i].index` goes to
    /// `i`) in place, cycle by cycle: a sorted copy of thousands of rows is a megabyte of fresh
    /// memory. `sorted` must hold each position of `items` once.
    static func arrange<T>(_ items: inout [T], as sorted: [PackedOrder]) {
        precondition(sorted.count == items.count, "one key per item")
        var placed = [Bool](repeating: false, count: items.count)
        for start in items.indices where !placed[start] {
            let first = items[start]
            var position = start
            while true {
                let from = sorted[position].index
                placed[position] = true
                if from == start { items[position] = first; break }
                items[position] = items[from]
                position = from
            }
        }
    }
}
