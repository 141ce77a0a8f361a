import CalendarModel
import Foundation

/// The order of a query's occurrences: by start on the time line, then UID, calendar title,
/// occurrence date (its start when it has none), end, and a series' own instance before a
/// detached one. Computed from the occurrence or, on the index path, before it is built, with
/// UIDs and titles given by their ranks (`Name == Int`: integers compare faster than strings).
struct OccurrenceOrder<Name: Comparable>: Comparable {
    var start: Date
    var uid: Name
    var calendarTitle: Name
    var occurrenceDate: Date
    var end: Date
    var isDetached: Bool

    init(start: Date, uid: Name, calendarTitle: Name, occurrenceDate: Date?, end: Date, isDetached: Bool) {
        self.start = start
        self.uid = uid
        self.calendarTitle = calendarTitle
        self.occurrenceDate = occurrenceDate ?? start
        self.end = end
        self.isDetached = isDetached
    }

    /// Positions of `keys` in this order.
    static func permutation(_ keys: [OccurrenceOrder]) -> [Int] {
        keys.indices.sorted { keys[$0] < keys[$1] }
    }
}

extension OccurrenceOrder<String> {
    init(_ o: Occurrence) {
        self.init(start: o.startDate, uid: o.event.uid, calendarTitle: o.calendarTitle, occurrenceDate: o.occurrenceDate,
                  end: o.endDate, isDetached: o.isDetached)
    }

    init(_ o: RenderedOccurrence) {
        self.init(start: o.startDate, uid: o.event.uid, calendarTitle: o.calendarTitle, occurrenceDate: o.occurrenceDate,
                  end: o.endDate, isDetached: o.isDetached)
    }
}

extension OccurrenceOrder {
    static func < (a: OccurrenceOrder, b: OccurrenceOrder) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.uid != b.uid { return a.uid < b.uid }
        if a.calendarTitle != b.calendarTitle { return a.calendarTitle < b.calendarTitle }
        if a.occurrenceDate != b.occurrenceDate { return a.occurrenceDate < b.occurrenceDate }
        if a.end != b.end { return a.end < b.end }
        return !a.isDetached && b.isDetached
    }
}

/// Ranks of names (UIDs, titles) in string order: equal names get equal ranks, so
/// `OccurrenceOrder<Int>` orders like `OccurrenceOrder<String>`.
package func nameRanks<Key: Hashable>(_ names: [Key: String]) -> [Key: Int] {
    let keys = Array(names.keys)
    let ranks = nameRanks(keys.map { names[$0] ?? "" })
    return Dictionary(uniqueKeysWithValues: zip(keys, ranks))
}

/// The rank of each name of the list (same positions). Names that are all ASCII (UIDs almost
/// always are) are compared as bytes, which for them is what `String`'s `<` does, at a
/// fraction of its cost; any other pair is compared as `String`s.
///
/// The bytes of all names are laid out in one array, and each ASCII name gets a sort key: the
/// eight bytes that follow the prefix all ASCII names share (UIDs of one feed often share one,
/// `bench-1-00…`, `040000008200E000…`), big-endian, zero-padded. Keys that differ order their
/// names as their bytes would; equal keys fall back to comparing the bytes.
package func nameRanks(_ names: [String]) -> [Int] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count })
    var ranges: [Range<Int>] = []
    var isASCII: [Bool] = []
    ranges.reserveCapacity(names.count)
    isASCII.reserveCapacity(names.count)
    for name in names {
        let from = bytes.count
        bytes.append(contentsOf: name.utf8)
        let range = from..<bytes.count
        ranges.append(range)
        isASCII.append(bytes[range].allSatisfy { $0 < 0x80 })
    }
    return bytes.withUnsafeBufferPointer { all in
        // The prefix shared by every ASCII name.
        var shared = Int.max
        var first: Range<Int>?
        for i in names.indices where isASCII[i] {
            guard let f = first else { first = ranges[i]; shared = ranges[i].count; continue }
            let r = ranges[i]
            var n = 0
            let limit = min(shared, r.count)
            while n < limit && all[f.lowerBound + n] == all[r.lowerBound + n] { n += 1 }
            shared = n
        }
        let keys: [UInt64] = names.indices.map { i in
            guard isASCII[i] else { return 0 }
            var key: UInt64 = 0
            let r = ranges[i]
            for k in 0..<8 {
                let at = r.lowerBound + shared + k
                key = key << 8 | UInt64(at < r.upperBound ? all[at] : 0)
            }
            return key
        }
        func compare(_ a: Int, _ b: Int) -> Int {
            guard isASCII[a], isASCII[b] else { return names[a] < names[b] ? -1 : (names[a] == names[b] ? 0 : 1) }
            if keys[a] != keys[b] { return keys[a] < keys[b] ? -1 : 1 }
            let x = ranges[a], y = ranges[b]
            let length = min(x.count, y.count)
            let common = length == 0 ? 0 : memcmp(all.baseAddress! + x.lowerBound, all.baseAddress! + y.lowerBound, length)
            if common != 0 { return Int(common) }
            return x.count - y.count
        }
        // All ASCII (the usual case): sorted by key as plain integers, each key and its position
        // in one `UInt128` (sorting pairs through a closure took 70 instructions a comparison,
        // 3.5 M for a week's 4,000 UIDs); the bytes are compared only within runs of equal keys.
        // Otherwise every pair goes through `compare`.
        var order: [Int]
        if isASCII.allSatisfy({ $0 }) {
            var packed = names.indices.map { UInt128(keys[$0]) << 64 | UInt128(UInt64($0)) }
            packed.sort()
            order = packed.map { Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: $0)) }
            var start = 0
            while start < packed.count {
                var end = start + 1
                while end < packed.count && packed[end] >> 64 == packed[start] >> 64 { end += 1 }
                if end - start > 1 { order[start..<end].sort { compare($0, $1) < 0 } }
                start = end
            }
        } else {
            order = names.indices.sorted { compare($0, $1) < 0 }
        }
        var ranks = [Int](repeating: 0, count: names.count)
        var rank = -1
        var previous: Int?
        for i in order {
            if previous.map({ compare($0, i) != 0 }) ?? true { rank += 1 }
            previous = i
            ranks[i] = rank
        }
        return ranks
    }
}
