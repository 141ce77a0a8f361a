import CalendarModel

/// One page of a query's occurrences: positions `offset ..< offset + limit` of what
/// ``EventStore/events(matching:)`` returns for the same predicate, and how many that returns.
///
/// ```swift
/// let page = try store.events(matching: predicate, offset: 0, limit: 100)
/// if page.total > page.occurrences.count { /* ask for offset 100 next */ }
/// ```
public struct OccurrencePage: Sendable {
    public var occurrences: [Occurrence]
    /// The length of the whole list.
    public var total: Int

    public init(occurrences: [Occurrence], total: Int) {
        self.occurrences = occurrences
        self.total = total
    }
}
