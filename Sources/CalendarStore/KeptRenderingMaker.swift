import Foundation

/// Makes ``RenderedEvent``s from kept renderings (`item_renderings` rows or
/// ``RenderingPack`` entries), naming each zone identifier's `TimeZone` once (a query meets a
/// handful).
struct KeptRenderingMaker {
    let renderer: EventRenderer
    /// The zones met so far, by their identifier's bytes.
    private var zones: [(tzid: [UInt8], zone: TimeZone?, identifier: String)] = []

    init(renderer: EventRenderer) { self.renderer = renderer }

    /// nil when the renderer does not accept the bytes (another version's) or the zone is not
    /// known (any more): the event is then rendered anew.
    mutating func make(uid: UnsafeRawBufferPointer, isAllDay: Bool, tzid: UnsafeRawBufferPointer?, occurrenceDateIsAllDay: Bool,
                       isCanceled: Bool, bytes: ArraySlice<UInt8>) -> RenderedEvent? {
        guard bytes.withUnsafeBufferPointer({ renderer.accepts($0) }) else { return nil }
        var zone: (zone: TimeZone, identifier: String)?
        if let tzid {
            let known: Int
            if let index = zones.firstIndex(where: { Self.same($0.tzid, tzid) }) {
                known = index
            } else {
                let name = String(decoding: tzid, as: UTF8.self)
                let made = TimeZone(identifier: name)
                zones.append((Array(tzid), made, made?.identifier ?? name))
                known = zones.count - 1
            }
            guard let made = zones[known].zone else { return nil }
            zone = (made, zones[known].identifier)
        }
        return RenderedEvent(uid: String(decoding: uid, as: UTF8.self), isAllDay: isAllDay, timeZone: zone?.zone,
                             timeZoneIdentifier: zone?.identifier, occurrenceDateIsAllDay: occurrenceDateIsAllDay,
                             isCanceled: isCanceled, bytes: bytes)
    }

    /// Equal bytes, compared with `memcmp` (the generic `elementsEqual` went byte by byte through
    /// iterators: 4,000 events of a week asked it a few times each).
    private static func same(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard known.count == bytes.count else { return false }
        guard let base = bytes.baseAddress else { return true }
        return known.withUnsafeBytes { memcmp($0.baseAddress!, base, bytes.count) == 0 }
    }
}
