import Foundation

/// Where a zone's offset from UTC holds steady: from an instant up to the zone's next
/// transition. A wall-clock time (read as UTC) at least ``margin`` inside that stretch has one
/// instant, the wall clock minus the offset: the RFC 5545 §3.3.5 placement
/// (`ResolvedZone.utcSeconds(forLocal:)`) and ``ItemRow/placing(wallClock:in:)`` only look at
/// offsets within a day of it, and no zone is more than a day from UTC.
///
/// A query places thousands of floating and all-day rows in its zone, in about the order of
/// their start; most lie in a few such stretches and are placed here without asking the zone
/// about each. When a row lies past the stretch, the next one is looked up from there.
struct SteadyOffset {
    /// Three days: a day for the offset itself, a day for the placements' look around, one to spare.
    static let margin: TimeInterval = 3 * 86_400
    /// How far a stretch reaches when the zone names no next transition (a zone without
    /// daylight saving, or a date past the years Foundation asks the tz data about): 32 days,
    /// the offset checked at every day of them, so a change the zone did not name is not
    /// passed over.
    static let unknownReach = 32

    let zone: TimeZone
    private var offset: TimeInterval = 0
    /// The wall clocks (as seconds since 2001 read as UTC) placed by `offset`.
    private var safe: Range<TimeInterval> = 0..<0
    /// Where the stretch ends: the next stretch is looked up from there.
    private var stretchEnd = Date.distantPast
    /// The stretch ends at a transition, not only where the lookup stopped (a zone that names
    /// none): only then do the wall clocks near its end need the margin.
    private var endsAtTransition = true

    /// Starts with the stretch that holds the day before `start`, `margin` inside it.
    init(_ zone: TimeZone, near start: Date) {
        self.zone = zone
        lookUp(from: start.addingTimeInterval(-Self.margin - 86_400))
    }

    /// The offset to subtract from both wall clocks, or nil when either is too near a
    /// transition or before the first stretch. A row later than the stretch moves on to the
    /// stretches after it.
    mutating func offset(around start: Date, _ end: Date) -> TimeInterval? {
        let s = start.timeIntervalSinceReferenceDate, e = end.timeIntervalSinceReferenceDate
        // Past a transition, the next stretch starts there; where no transition ended the
        // stretch, the next one starts early enough for the safe parts to meet.
        while s >= (endsAtTransition ? stretchEnd.timeIntervalSinceReferenceDate : safe.upperBound) {
            let previous = stretchEnd
            lookUp(from: endsAtTransition ? stretchEnd : stretchEnd.addingTimeInterval(-2 * Self.margin))
            if stretchEnd <= previous { safe = 0..<0; break }
        }
        return safe.contains(s) && safe.contains(e) ? offset : nil
    }

    private mutating func lookUp(from start: Date) {
        let offset = zone.secondsFromGMT(for: start)
        let end: Date
        let holds: Bool
        if let next = zone.nextDaylightSavingTimeTransition(after: start) {
            end = next
            endsAtTransition = true
            // As ZoneOffsets does: the offset just before the transition must be the one found.
            holds = next > start && zone.secondsFromGMT(for: next.addingTimeInterval(-1)) == offset
        } else {
            end = start.addingTimeInterval(TimeInterval(Self.unknownReach) * 86_400)
            endsAtTransition = false
            holds = (1...Self.unknownReach).allSatisfy { day in
                zone.secondsFromGMT(for: start.addingTimeInterval(TimeInterval(day) * 86_400 - 1)) == offset
            }
        }
        let from = start.timeIntervalSinceReferenceDate + Self.margin
        let until = end.timeIntervalSinceReferenceDate - Self.margin
        self.offset = TimeInterval(offset)
        self.stretchEnd = end
        self.safe = holds && from < until ? from..<until : from..<from
    }
}
