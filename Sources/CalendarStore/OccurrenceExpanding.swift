import CalendarModel
import Foundation

/// Turns the stored rows of one UID in one calendar into the occurrences a query asks for.
/// The store selects the candidate rows (by their indexed span), hands each group here, then
/// drops cancelled occurrences (unless `includesCancelled`) and anything outside the window,
/// and sorts.
///
/// The store's own is ``RecurringEventExpander`` (ICalConversion's recurrence expansion); another
/// can be plugged in with `EventStore(path:expander:)`, and its queries then expand per query.
///
/// ```swift
/// struct Recording: OccurrenceExpanding {
///     func occurrences(master: Event?, overrides: [Event], timeZones: [TimeZoneDefinition],
///                      calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] { [] }
/// }
/// ```
public protocol OccurrenceExpanding: Sendable {
    /// - Parameters:
    ///   - master: the item without RECURRENCE-ID, or nil when only overrides are stored
    ///     (orphan overrides, e.g. an invitation to one instance).
    ///   - overrides: every stored override of that UID in that calendar (not just those in the
    ///     window, so instances moved out of the window can be suppressed).
    ///   - timeZones: the VTIMEZONEs stored with the calendar.
    func occurrences(master: Event?, overrides: [Event], timeZones: [TimeZoneDefinition],
                     calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence]
}

/// An expander given as a closure.
public struct ClosureExpander: OccurrenceExpanding {
    public typealias Body = @Sendable (Event?, [Event], [TimeZoneDefinition], String, EventPredicate) throws -> [Occurrence]
    let body: Body
    public init(_ body: @escaping Body) { self.body = body }
    public func occurrences(master: Event?, overrides: [Event], timeZones: [TimeZoneDefinition],
                            calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] {
        try body(master, overrides, timeZones, calendarTitle, predicate)
    }
}
