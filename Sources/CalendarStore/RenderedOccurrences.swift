import CalendarModel
import Foundation

/// A query's occurrences with their events rendered, held compactly: the events
/// (``events``), each calendar title once (``calendarTitles``), and each occurrence as a small
/// ``Row`` naming its event and title by position. From the occurrence index each stored event
/// appears once however many of its occurrences the window holds (a week of a large store has
/// three per event); a writer walks ``rows`` and reads the event of each row in place, where a
/// list of ``RenderedOccurrence`` values would copy the event into every one. Built from such a
/// list (``init(_:)``), each occurrence keeps an event of its own. Rows are in the order they
/// were given: the store's queries give them in ``OccurrenceOrder``.
///
/// As a collection it gives each occurrence as a ``RenderedOccurrence``.
public struct RenderedOccurrences: RandomAccessCollection, Sendable {
    /// One occurrence: the positions of its event and calendar title, and its own dates.
    public struct Row: Sendable {
        public var event: Int
        public var calendar: Int
        public var startDate: Date
        public var endDate: Date
        public var occurrenceDate: Date?
        public var isRecurring: Bool
        public var isDetached: Bool
    }

    public let events: [RenderedEvent]
    public let calendarTitles: [String]
    public let rows: [Row]

    init(events: [RenderedEvent], calendarTitles: [String], rows: [Row]) {
        self.events = events
        self.calendarTitles = calendarTitles
        self.rows = rows
    }

    /// The occurrences of `list`, in its order.
    public init(_ list: [RenderedOccurrence]) {
        var titles: [String] = []
        var titleIndex: [String: Int] = [:]
        var rows: [Row] = []
        rows.reserveCapacity(list.count)
        for (i, o) in list.enumerated() {
            let calendar: Int
            if let known = titleIndex[o.calendarTitle] {
                calendar = known
            } else {
                calendar = titles.count
                titleIndex[o.calendarTitle] = calendar
                titles.append(o.calendarTitle)
            }
            rows.append(Row(event: i, calendar: calendar, startDate: o.startDate, endDate: o.endDate, occurrenceDate: o.occurrenceDate,
                            isRecurring: o.isRecurring, isDetached: o.isDetached))
        }
        self.init(events: list.map(\.event), calendarTitles: titles, rows: rows)
    }

    /// These occurrences and `more`, all in ``OccurrenceOrder``.
    func merged(with more: [RenderedOccurrence]) -> RenderedOccurrences {
        guard !more.isEmpty else { return self }
        let all = Array(self) + more
        return RenderedOccurrences(OccurrenceOrder.permutation(all.map(OccurrenceOrder.init)).map { all[$0] })
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    public subscript(position: Int) -> RenderedOccurrence {
        let row = rows[position]
        return RenderedOccurrence(event: events[row.event], calendarTitle: calendarTitles[row.calendar], startDate: row.startDate,
                                  endDate: row.endDate, occurrenceDate: row.occurrenceDate, isRecurring: row.isRecurring,
                                  isDetached: row.isDetached)
    }
}
