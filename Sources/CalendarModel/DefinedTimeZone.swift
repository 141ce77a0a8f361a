import Foundation

/// A zone defined by a file's VTIMEZONE that no tz database zone agrees with, as a table of
/// its offsets: Foundation's `TimeZone` cannot carry such rules, so an event in it keeps this
/// beside ``Event/timeZone`` (the fixed offset at its start, for code that needs a Foundation
/// zone), and output gives each instant the offset this table has for it.
///
/// ```swift
/// let zone = DefinedTimeZone(tzid: "Fictitious", initialOffset: 10_800,
///                            transitions: [1_777_762_800], offsets: [14_400])
/// zone.secondsFromGMT(at: Date(timeIntervalSince1970: 1_777_762_800))   // 14400
/// ```
public struct DefinedTimeZone: Hashable, Sendable, Codable {
    /// The TZID as written.
    public var tzid: String
    /// The offset before the first transition.
    public var initialOffset: Int
    /// The instants (seconds since 1970, ascending) at which the offset changes...
    public var transitions: [Int]
    /// ...and the offset from each of them on.
    public var offsets: [Int]

    public init(tzid: String, initialOffset: Int, transitions: [Int], offsets: [Int]) {
        precondition(transitions.count == offsets.count, "one offset per transition")
        self.tzid = tzid
        self.initialOffset = initialOffset
        self.transitions = transitions
        self.offsets = offsets
    }

    /// Seconds east of UTC at `date`.
    public func secondsFromGMT(at date: Date) -> Int {
        let t = Int(date.timeIntervalSince1970.rounded(.down))
        // The count of transitions at or before t.
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initialOffset : offsets[lo - 1]
    }
}
