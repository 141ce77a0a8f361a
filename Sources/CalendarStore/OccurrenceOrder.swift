import CalendarModel
import Foundation

/// The order of a query's occurrences: by start on the time line, then UID, calendar title,
/// occurrence date (its start when it has none), end, and a series' own instance before a
/// detached one.
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
        if a.uid != b.uid { return a.uid < b.uid }
        if a.calendarTitle != b.calendarTitle { return a.calendarTitle < b.calendarTitle }
        if a.occurrenceDate != b.occurrenceDate { return a.occurrenceDate < b.occurrenceDate }
        if a.end != b.end { return a.end < b.end }
        return !a.isDetached && b.isDetached
    }
}


extension OccurrenceOrder {
    /// The order key of an index row, given its event's UID.
    init(_ match: EventStore.IndexedMatch, uid: String, titles: [Int64: String]) {
        self.init(start: match.start, uid: uid, calendarTitle: titles[match.calendarID] ?? "",
                  occurrenceDate: match.row.occurrenceDate, end: match.end, isDetached: match.row.flags.contains(.detached))
    }
}
