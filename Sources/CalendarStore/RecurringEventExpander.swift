import CalendarModel
import Foundation
import ICalConversion

/// The store's expander: ICalConversion's ``RecurrenceExpander`` (libical's iterator plus
/// RDATE/EXDATE/overrides/THISANDFUTURE) with the calendar's stored VTIMEZONEs.
///
/// ``RecurrenceExpander`` returns floating and all-day occurrences as wall clock read as UTC;
/// the store's convention is the instant in the predicate's zone, so this places them there.
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
            list[i].startDate = WallClock.instant(list[i].startDate, in: predicate.timeZone)
            list[i].endDate = WallClock.instant(list[i].endDate, in: predicate.timeZone)
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
///
/// A query hands every series of a calendar the same array of definitions, so an array is
/// first looked up by its storage (kept here, so it cannot be changed or reused in place while
/// it is a key), and only a new array by its contents: hashing the definitions for every series
/// would cost a query time in the product of a calendar's zones and series.
private final class ResolverCache: @unchecked Sendable {
    private let lock = NSLock()
    private var byContents: [[TimeZoneDefinition]: ZoneResolver] = [:]
    private var byStorage: [UInt: (timeZones: [TimeZoneDefinition], resolver: ZoneResolver)] = [:]

    func resolver(for timeZones: [TimeZoneDefinition]) -> ZoneResolver {
        let storage = Self.storage(of: timeZones)
        lock.lock()
        defer { lock.unlock() }
        // The entry keeps its array, so storage at this address holds that array's elements.
        if let entry = byStorage[storage], entry.timeZones.count == timeZones.count { return entry.resolver }
        let resolver: ZoneResolver
        if let hit = byContents[timeZones] {
            resolver = hit
        } else {
            resolver = ZoneResolver(timeZones: timeZones)
            if byContents.count > 64 { byContents.removeAll() }
            byContents[timeZones] = resolver
        }
        // One array kept per resolver: each query loads its own copy of a calendar's zones, and
        // a long-lived store would otherwise keep one copy per query.
        byStorage = byStorage.filter { $0.value.resolver !== resolver }
        if byStorage.count > 64 { byStorage.removeAll() }
        byStorage[storage] = (timeZones, resolver)
        return resolver
    }

    /// Where an array's elements are stored (arrays that share storage have equal elements).
    private static func storage(of timeZones: [TimeZoneDefinition]) -> UInt {
        timeZones.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
