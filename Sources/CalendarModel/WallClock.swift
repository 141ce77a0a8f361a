import Foundation

/// Wall-clock times placed in a zone: the one place where a local date and time (held as that
/// reading in UTC, the model's convention for floating and all-day dates) becomes an instant.
///
/// RFC 5545 §3.3.5: a local time that occurs twice (the fall-back overlap) is the first of
/// the two; a local time that does not exist (the spring-forward gap) is read with the offset
/// in effect before the gap, so 02:30 on a day that jumps from 02:00 to 03:00 is 03:30.
///
/// ```swift
/// let wall = Date(timeIntervalSince1970: 1_772_937_000)   // 2026-03-08 02:30 as UTC
/// WallClock.instant(wall, in: newYork)                     // 2026-03-08T07:30:00Z (03:30 EDT)
/// ```
package enum WallClock {
    /// The instant at which `zone` shows `wall` (read as UTC); fractions of a second are kept.
    package static func instant(_ wall: Date, in zone: TimeZone) -> Date {
        instant(wall) { t in ZoneOffsets.shared.secondsFromGMT(zone, at: Date(timeIntervalSince1970: TimeInterval(t))) }
    }

    /// The instant at which a zone whose offset at each unix second is `offset` shows `wall`
    /// (read as UTC); fractions of a second are kept.
    package static func instant(_ wall: Date, offsetAt offset: (Int) -> Int) -> Date {
        let seconds = wall.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let utc = utcSeconds(forLocal: Int(whole), offsetAt: offset)
        return Date(timeIntervalSince1970: TimeInterval(utc) + (seconds - whole))
    }

    /// The unix seconds at which a zone whose offset (seconds east of UTC) at each instant is
    /// `offset` shows the local time `wall` (unix seconds of that reading in UTC). A zone
    /// changes offset at most once in two days, so the offsets a day either side are the
    /// candidates.
    package static func utcSeconds(forLocal wall: Int, offsetAt offset: (Int) -> Int) -> Int {
        let before = offset(wall - 86_400)
        let after = offset(wall + 86_400)
        let early = wall - before
        if before == after { return early }
        let late = wall - after
        switch (offset(early) == before, offset(late) == after) {
        case (true, true): return min(early, late)
        case (false, true): return late
        case (true, false), (false, false): return early
        }
    }
}
