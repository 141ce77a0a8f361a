import CalendarModel
import Foundation

/// The store's default expander: places NON-recurring events only.
///
/// - A single event (no RRULE/RDATE) becomes one occurrence when it matches the predicate.
/// - Overrides (RECURRENCE-ID) are placed as they are, as detached instances of a series.
/// - A recurring master yields NOTHING for its rule: expanding RRULE/RDATE/EXDATE is
///   delegated to the recurrence expander in ICalConversion, plugged in with
///   `EventStore(path:expander:)`. Until then a query shows only a series' overrides.
///
/// Floating and all-day times (stored as wall clock read as UTC) are placed in
/// `predicate.timeZone`; zoned ones are instants already. The overlap rule is
/// ``EventPredicate/matches(start:end:)``: `start < end(window) && end > start(window)`, and a
/// zero-length occurrence matches when `start(window) <= start < end(window)`.
/// `STATUS:CANCELLED` is left out unless `predicate.includesCancelled`.
///
/// ```swift
/// // all-day 2026-03-02, asked in Europe/Berlin: 2026-03-01T23:00Z ..< 2026-03-02T23:00Z
/// ```
public struct SingleEventExpander: OccurrenceExpanding {
    public init() {}

    public func occurrences(master: Event?, overrides: [Event], timeZones: [TimeZoneDefinition],
                            calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] {
        var result: [Occurrence] = []
        if let master, !master.hasRecurrenceRules {
            append(master, recurring: false, detached: false)
        }
        let isSeries = master?.hasRecurrenceRules ?? true
        for override in overrides {
            append(override, recurring: isSeries, detached: true)
        }
        return result

        func append(_ event: Event, recurring: Bool, detached: Bool) {
            if event.status == .canceled && !predicate.includesCancelled { return }
            let (start, end) = Self.placedInterval(of: event, in: predicate.timeZone)
            guard predicate.matches(start: start, end: end) else { return }
            result.append(Occurrence(event: event, calendarTitle: calendarTitle, startDate: start, endDate: end,
                                     occurrenceDate: event.occurrenceDate, isRecurring: recurring, isDetached: detached))
        }
    }

    /// Where an event's start and end fall on the time line when floating and all-day times are
    /// read in `zone`.
    public static func placedInterval(of event: Event, in zone: TimeZone) -> (start: Date, end: Date) {
        guard event.isAllDay || event.timeZone == nil else { return (event.startDate, event.endDate) }
        return (ItemRow.placing(wallClock: event.startDate, in: zone), ItemRow.placing(wallClock: event.endDate, in: zone))
    }
}
