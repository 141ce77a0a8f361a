import Foundation

/// Where a zone's offset from UTC holds steady: from an instant up to the zone's next
/// transition. A wall-clock time (read as UTC) at least ``margin`` inside that stretch has one
/// instant, the wall clock minus the offset: the RFC 5545 §3.3.5 placement
/// (`ResolvedZone.utcSeconds(forLocal:)`) and ``ItemRow/placing(wallClock:in:)`` only look at
/// offsets within a day of it, and no zone is more than a day from UTC.
///
/// A query places thousands of floating and all-day rows in its zone; most lie in one such
/// stretch and are placed here without asking the zone about each.
struct SteadyOffset {
    /// Three days: a day for the offset itself, a day for the placements' look around, one to spare.
    static let margin: TimeInterval = 3 * 86_400

    private let offset: TimeInterval
    /// The wall clocks (as seconds since 2001 read as UTC) placed by `offset`.
    private let safe: Range<TimeInterval>

    init(_ zone: TimeZone, from start: Date) {
        let offset = zone.secondsFromGMT(for: start)
        let next = zone.nextDaylightSavingTimeTransition(after: start)
        // As ZoneOffsets does: the offset just before the transition must be the one found.
        let holds = next.map { zone.secondsFromGMT(for: $0.addingTimeInterval(-1)) == offset } ?? true
        let from = start.timeIntervalSinceReferenceDate + Self.margin
        let until = (next?.timeIntervalSinceReferenceDate ?? .infinity) - Self.margin
        self.offset = TimeInterval(offset)
        self.safe = holds && from < until ? from..<until : from..<from
    }

    /// The offset to subtract from both wall clocks, or nil when either is too near the edge.
    func offset(around start: Date, _ end: Date) -> TimeInterval? {
        safe.contains(start.timeIntervalSinceReferenceDate) && safe.contains(end.timeIntervalSinceReferenceDate) ? offset : nil
    }
}
