import CalendarModel
import Foundation
import ICalConversion

/// The store's expander: ICalConversion's ``RecurrenceExpander`` (libical's iterator plus
/// RDATE/EXDATE/overrides/THISANDFUTURE) with the calendar's stored VTIMEZONEs.
///
/// ``RecurrenceExpander`` returns floating and all-day occurrences as wall clock read as UTC;
/// the store's convention (shared with ``SingleEventExpander``) is the instant in the
/// predicate's zone, so this places them there.
public struct RecurringEventExpander: OccurrenceExpanding {
    public var limits: RecurrenceExpander.Limits
    private let resolvers = ResolverCache()

    public init(limits: RecurrenceExpander.Limits = .default) {
        self.limits = limits
    }

    public func occurrences(master: Event?, overrides: [Event], timeZones: [TimeZoneDefinition],
                            calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] {
        var list = try modelOccurrences(master: master, overrides: overrides, timeZones: timeZones,
                                        calendarTitle: calendarTitle, matching: predicate)
        for i in list.indices where list[i].event.isAllDay || list[i].event.timeZone == nil {
            list[i].startDate = ItemRow.placing(wallClock: list[i].startDate, in: predicate.timeZone)
            list[i].endDate = ItemRow.placing(wallClock: list[i].endDate, in: predicate.timeZone)
        }
        return list
    }

    /// The occurrences as ``RecurrenceExpander`` gives them: floating and all-day ones keep the
    /// model convention (wall clock read as UTC). The occurrence index stores these.
    func modelOccurrences(master: Event?, overrides: [Event], timeZones: [TimeZoneDefinition],
                          calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] {
        let expander = RecurrenceExpander(resolver: resolvers.resolver(for: timeZones), limits: limits)
        return try expander.occurrences(master: master, overrides: overrides, calendarTitle: calendarTitle, matching: predicate)
    }
}

/// One ``ZoneResolver`` per set of VTIMEZONE definitions, so a query over many series of one
/// calendar builds each libical zone once.
private final class ResolverCache: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [[TimeZoneDefinition]: ZoneResolver] = [:]

    func resolver(for timeZones: [TimeZoneDefinition]) -> ZoneResolver {
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[timeZones] { return hit }
        let made = ZoneResolver(timeZones: timeZones)
        if cache.count > 64 { cache.removeAll() }
        cache[timeZones] = made
        return made
    }
}
