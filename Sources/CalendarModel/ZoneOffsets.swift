import Foundation

/// `TimeZone.secondsFromGMT(for:)` with a memory: each answer is kept for the span up to the
/// zone's next transition, so a query over thousands of occurrences asks ICU once per
/// daylight-saving period instead of once per date (ICU was a sixth of a large query's time).
///
/// A span is kept only when the offset at its far end equals the offset at its start, so a
/// change of standard offset that Foundation does not report as a transition is never hidden.
package final class ZoneOffsets: @unchecked Sendable {
    package static let shared = ZoneOffsets()

    private struct Span {
        var from: TimeInterval
        var until: TimeInterval
        var offset: Int
    }

    private let lock = NSLock()
    private var spans: [String: [Span]] = [:]

    package init() {}

    package func secondsFromGMT(_ zone: TimeZone, at date: Date) -> Int {
        offsetSpan(zone, at: date).offset
    }

    /// The offset at `date` and the instants known to share it: the kept span up to the next
    /// transition, or only `date` itself when no span could be kept. Callers may remember the
    /// span for themselves (a writer of many dates in few zones, without this cache's lock).
    package func offsetSpan(_ zone: TimeZone, at date: Date) -> (offset: Int, span: Range<TimeInterval>) {
        let t = date.timeIntervalSince1970
        let id = zone.identifier
        lock.lock()
        if let list = spans[id], let hit = list.last(where: { $0.from <= t && t < $0.until }) {
            lock.unlock()
            return (hit.offset, hit.from..<hit.until)
        }
        lock.unlock()
        let offset = zone.secondsFromGMT(for: date)
        let next = zone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970
        let until = next ?? t + 366 * 86_400
        guard until > t, zone.secondsFromGMT(for: Date(timeIntervalSince1970: until - 1)) == offset else {
            return (offset, t..<t.nextUp)
        }
        lock.lock()
        defer { lock.unlock() }
        var list = spans[id] ?? []
        // A kept span that ends at the same transition with the same offset is the same
        // period, entered earlier: it now starts here (dates come in no particular order).
        if let i = list.firstIndex(where: { $0.until == until && $0.offset == offset && $0.from > t }) {
            list[i].from = t
            spans[id] = list
            return (offset, t..<until)
        }
        if list.count >= 512 { list.removeFirst(256) }
        list.append(Span(from: t, until: until, offset: offset))
        spans[id] = list
        return (offset, t..<until)
    }
}
