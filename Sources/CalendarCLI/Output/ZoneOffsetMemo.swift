import CalendarModel
import Foundation

/// Zone offsets for one writer of many dates (one thread): the span each zone was last asked
/// about is remembered here, without the lock and the search of ``ZoneOffsets``; whether the
/// zone means UTC itself is remembered with it. A writer names each zone once by its
/// identifier (``slot(for:)``) and then asks by slot, so a date costs no string comparison.
struct ZoneOffsetMemo {
    private struct Entry {
        var identifier: String
        var known = false
        var isUTC = false
        var offset = 0
        var span: Range<TimeInterval> = 0..<0
    }

    private var entries: [Entry] = []

    /// The slot of the zone with this identifier (the same slot for the same identifier).
    mutating func slot(for identifier: String) -> Int {
        if let index = entries.firstIndex(where: { $0.identifier == identifier }) { return index }
        entries.append(Entry(identifier: identifier))
        return entries.count - 1
    }

    /// The offset from UTC at `date` of the zone in `slot`, or nil when the zone is UTC itself
    /// (``DateText/isUTC(_:)``).
    mutating func offset(slot: Int, _ zone: TimeZone, at date: Date) -> Int? {
        let t = date.timeIntervalSince1970
        let entry = entries[slot]
        if entry.known && (entry.isUTC || entry.span.contains(t)) { return entry.isUTC ? nil : entry.offset }
        let isUTC = entry.known ? entry.isUTC : DateText.isUTC(zone)
        let found = isUTC ? (offset: 0, span: t..<t.nextUp) : ZoneOffsets.shared.offsetSpan(zone, at: date)
        entries[slot] = Entry(identifier: entry.identifier, known: true, isUTC: isUTC, offset: found.offset, span: found.span)
        return isUTC ? nil : found.offset
    }

    /// The offset from UTC at `date` (0 for UTC).
    mutating func secondsFromGMT(slot: Int, _ zone: TimeZone, at date: Date) -> Int {
        offset(slot: slot, zone, at: date) ?? 0
    }
}
