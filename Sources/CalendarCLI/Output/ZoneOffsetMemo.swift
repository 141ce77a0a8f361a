import CalendarModel
import Foundation

/// Zone offsets for one writer of many dates (one thread): the span each zone was last asked
/// about is remembered here, by identifier, without the lock and the search of
/// ``ZoneOffsets``; whether the zone means UTC itself is remembered with it. An output uses a
/// handful of zones, so they are kept in a short list, the last one used first.
struct ZoneOffsetMemo {
    private struct Entry {
        var identifier: String
        var isUTC: Bool
        var offset: Int
        var span: Range<TimeInterval>
    }

    private var entries: [Entry] = []

    /// The offset from UTC at `date`, or nil when the zone is UTC itself (``DateText/isUTC(_:)``).
    mutating func offset(_ zone: TimeZone, identifier: String, at date: Date) -> Int? {
        let t = date.timeIntervalSince1970
        let index = entries.firstIndex { $0.identifier == identifier }
        if let index, entries[index].isUTC || entries[index].span.contains(t) {
            if index > 0 { entries.swapAt(0, index) }
            return entries[0].isUTC ? nil : entries[0].offset
        }
        let isUTC = DateText.isUTC(zone)
        let found = isUTC ? (offset: 0, span: t..<t.nextUp) : ZoneOffsets.shared.offsetSpan(zone, at: date)
        let entry = Entry(identifier: identifier, isUTC: isUTC, offset: found.offset, span: found.span)
        if let index { entries[index] = entry } else { entries.append(entry) }
        return isUTC ? nil : found.offset
    }

    /// The offset from UTC at `date` (0 for UTC).
    mutating func secondsFromGMT(_ zone: TimeZone, identifier: String, at date: Date) -> Int {
        offset(zone, identifier: identifier, at: date) ?? 0
    }
}
