import CalendarModel
import Foundation

/// The order of a query's occurrences: by start on the time line, then UID, calendar title,
/// occurrence date (its start when it has none), end, and a series' own instance before a
/// detached one. UIDs and titles are compared by their UTF-8 bytes (as SQLite's BINARY
/// collation does; for text in Unicode's NFC form, the same order as `String`'s `<`).
struct OccurrenceOrder: Comparable {
    var start: Date
    var uid: String
    var calendarTitle: String
    var occurrenceDate: Date
    var end: Date
    var isDetached: Bool

    init(start: Date, uid: String, calendarTitle: String, occurrenceDate: Date?, end: Date, isDetached: Bool) {
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

extension OccurrenceOrder {
    init(_ o: Occurrence) {
        self.init(start: o.startDate, uid: o.event.uid, calendarTitle: o.calendarTitle, occurrenceDate: o.occurrenceDate,
                  end: o.endDate, isDetached: o.isDetached)
    }
}

extension OccurrenceOrder {
    static func < (a: OccurrenceOrder, b: OccurrenceOrder) -> Bool {
        if a.start != b.start { return a.start < b.start }
        let uids = utf8Order(a.uid, b.uid)
        if uids != 0 { return uids < 0 }
        let titles = utf8Order(a.calendarTitle, b.calendarTitle)
        if titles != 0 { return titles < 0 }
        if a.occurrenceDate != b.occurrenceDate { return a.occurrenceDate < b.occurrenceDate }
        if a.end != b.end { return a.end < b.end }
        return !a.isDetached && b.isDetached
    }

    /// Negative, zero or positive as `a`'s UTF-8 bytes sort before, with or after `b`'s.
    static func utf8Order(_ a: String, _ b: String) -> Int {
        let found = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let common = min(x.count, y.count)
                let c = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return c != 0 ? Int(c) : x.count - y.count
            }
        }
        if let order = found ?? nil { return order }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
}


extension OccurrenceOrder {
    /// The order key of an index row, given its event's UID.
    init(_ match: EventStore.IndexedMatch, uid: String, titles: [Int64: String]) {
        self.init(start: match.start, uid: uid, calendarTitle: titles[match.calendarID] ?? "",
                  occurrenceDate: match.row.occurrenceDate, end: match.end, isDetached: match.row.flags.contains(.detached))
    }
}
