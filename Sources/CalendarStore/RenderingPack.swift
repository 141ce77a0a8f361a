/// The kept renderings (`item_renderings`) of the events that have occurrences starting in one
/// week, in one blob (`rendering_packs`, schema version 9): a short window reads two or three
/// blobs one after the other instead of looking up thousands of renderings scattered over the
/// file (for a week of the 100k feed, 4,097 lookups took about 5 ms, 2 of them waiting on pages
/// the process touched for the first time).
///
/// A week is 7 days from a Monday (day 0, 2001-01-01, was one). Packs are a copy of renderings
/// (at most ``maxKept`` of them): any change to `item_renderings` empties `rendering_packs`
/// (triggers), so a pack holds only renderings that are current; an event missing from the
/// packs is looked up as before.
///
/// Each entry: item id (8 bytes), flags (1: all-day, occurrence date is a date, cancelled, has a
/// zone), then the lengths of the UID, zone identifier and rendering (4 bytes each) and those
/// bytes. Integers are little-endian.
enum RenderingPack {
    static let daysPerWeek: Int64 = 7
    /// Packs kept at most, the most recently made (each is about 3 MB for a week of the 100k
    /// feed): older ones are dropped when new ones are made.
    static let maxKept = 16

    /// The week holding a day of ``OccurrencePack``.
    static func week(ofDay day: Int64) -> Int64 { day >= 0 ? day / daysPerWeek : (day - daysPerWeek + 1) / daysPerWeek }

    struct Entry {
        var itemID: Int64
        var isAllDay: Bool
        var occurrenceDateIsAllDay: Bool
        var isCanceled: Bool
        var uid: UnsafeRawBufferPointer
        /// nil for floating and all-day events.
        var tzid: UnsafeRawBufferPointer?
        var bytes: UnsafeRawBufferPointer
        /// Where `bytes` start in the blob.
        var bytesOffset: Int
    }

    /// Appends one entry to `out`.
    static func append(itemID: Int64, uid: some Collection<UInt8>, isAllDay: Bool, tzid: (some Collection<UInt8>)?,
                       occurrenceDateIsAllDay: Bool, isCanceled: Bool, bytes: some Collection<UInt8>, to out: inout [UInt8]) {
        func put(_ value: UInt64, _ size: Int) {
            for k in 0..<size { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
        }
        put(UInt64(bitPattern: itemID), 8)
        var flags: UInt8 = 0
        if isAllDay { flags |= 1 }
        if occurrenceDateIsAllDay { flags |= 2 }
        if isCanceled { flags |= 4 }
        if tzid != nil { flags |= 8 }
        out.append(flags)
        put(UInt64(uid.count), 4)
        put(UInt64(tzid?.count ?? 0), 4)
        put(UInt64(bytes.count), 4)
        out.append(contentsOf: uid)
        if let tzid { out.append(contentsOf: tzid) }
        out.append(contentsOf: bytes)
    }

    /// Calls `body` with each entry of a pack, in order; false (maybe after some calls) when the
    /// blob does not end with a whole entry.
    static func decode(_ blob: UnsafeRawBufferPointer, _ body: (Entry) -> Void) -> Bool {
        var reader = Reader(blob: blob)
        while reader.offset < blob.count {
            guard let id = reader.integer(8), let flags = reader.integer(1), let uidCount = reader.integer(4),
                  let tzidCount = reader.integer(4), let byteCount = reader.integer(4),
                  let uid = reader.slice(uidCount), let tzid = reader.slice(tzidCount) else { return false }
            let bytesOffset = reader.offset
            guard let bytes = reader.slice(byteCount) else { return false }
            body(Entry(itemID: Int64(bitPattern: id), isAllDay: flags & 1 != 0, occurrenceDateIsAllDay: flags & 2 != 0,
                       isCanceled: flags & 4 != 0, uid: uid, tzid: flags & 8 != 0 ? tzid : nil, bytes: bytes,
                       bytesOffset: bytesOffset))
        }
        return true
    }

    /// A position in a pack. (A struct of its own: nested functions sharing a captured offset
    /// made every read check exclusive access at run time, a third of decoding a pack.)
    private struct Reader {
        let blob: UnsafeRawBufferPointer
        var offset = 0

        /// A little-endian integer of `size` bytes; nil past the end.
        mutating func integer(_ size: Int) -> UInt64? {
            guard size <= blob.count - offset else { return nil }
            var value: UInt64 = 0
            for k in 0..<size { value |= UInt64(blob[offset + k]) << (8 * UInt64(k)) }
            offset += size
            return value
        }

        /// The next `count` bytes; nil past the end.
        mutating func slice(_ count: UInt64) -> UnsafeRawBufferPointer? {
            guard count <= UInt64(blob.count - offset) else { return nil }
            let start = offset
            offset += Int(count)
            return UnsafeRawBufferPointer(rebasing: blob[start ..< offset])
        }
    }
}
