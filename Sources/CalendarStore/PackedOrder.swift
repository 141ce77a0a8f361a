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
}
