import CalendarModel
import Foundation
import ICalCore

/// Expands one recurring series (a master event and its RECURRENCE-ID overrides) into the
/// occurrences that overlap a query window.
///
/// ```swift
/// let expander = RecurrenceExpander(resolver: ZoneResolver())
/// var standup = Event(uid: "standup", startDate: start, endDate: start.addingTimeInterval(900))
/// standup.timeZone = TimeZone(identifier: "Europe/Berlin"); standup.timeZoneIdentifier = "Europe/Berlin"
/// standup.recurrenceRules = [RecurrenceRule(frequency: .daily)]
/// let week = EventPredicate(startDate: monday, endDate: monday.addingTimeInterval(7 * 86_400))
/// let list = try expander.occurrences(master: standup, overrides: [], calendarTitle: "Work", matching: week)
/// // 7 occurrences, each at 09:00 Berlin time, whatever the UTC offset that day
/// ```
///
/// The recurrence set (RFC 5545 §3.8.5):
/// - **DTSTART** is always the first instance, even when the rule does not match it (RFC 5545
///   §3.3.10: "The DTSTART property value always counts as the first occurrence";
///   recurring-ical-events does the same; libical 3.0.16 drops it), and also when every RRULE
///   has an UNTIL before DTSTART (Confluence writes such rules; recurring-ical-events'
///   `issue_117_until_before_dtstart.ics` then gives no occurrence: K19).
/// - **RRULE** instances come from libical's iterator in the series' wall clock (DTSTART's local
///   fields in its zone, as-is for floating and all-day series); each is converted back with
///   RFC 5545 §3.3.5 (a time in a spring-forward gap moves forward by the gap, a repeated time
///   is the first one). See ``RuleWalker`` for UNTIL, COUNT≤0, skipping ahead, BYSETPOS and
///   the rule parts libical 3.0.16 iterates wrongly (``RuleFilter``).
/// - **RDATE** adds instances: DATE-TIME, floating (read in the series' zone), DATE (at
///   DTSTART's time of day for a date-time series), PERIOD (that instance lasts until the
///   period's end, or for its duration).
/// - **EXDATE** removes instances: a DATE removes every instance on that date in the series'
///   wall clock; a floating value is read in the series' zone; a UTC or zoned value is compared
///   by instant (against a floating series: as its wall clock). Against an all-day series
///   every form removes the instances on its date. An override whose RECURRENCE-ID an EXDATE
///   names is removed too. **EXRULE** instances are removed.
/// - Instances with the same start are kept once (the first of DTSTART, RRULE, RDATE).
/// - **Overrides** replace the instance their RECURRENCE-ID names, matched by instant whatever
///   zone it was written in; a DATE RECURRENCE-ID replaces the instances on that date; a
///   floating one against a zoned series is read in the series' zone. An override shows where
///   it now is (moved into the window: shown; moved out: gone), also when it matches no
///   instance (RFC 5545: it adds one) and whatever its SEQUENCE, except that an override with a
///   lower SEQUENCE than the master that names no instance of the series is a leftover of an
///   earlier revision and is left out (``Series/isSuperseded(_:budget:)``). With `RANGE=THISANDFUTURE`
///   its changes (the wall-clock shift of its start against its RECURRENCE-ID, its length, its
///   other fields) apply to every later instance up to the next THISANDFUTURE override; those
///   instances are not detached.
/// - **Length** of an instance: ``InstanceLength`` (RFC 5545 §3.8.5.3).
/// - **Cancelled** (`STATUS:CANCELLED`, of the master or of an override) occurrences are left
///   out unless `predicate.includesCancelled`.
///
/// **Floating and all-day series** are placed in `predicate.timeZone` for the overlap test
/// (their wall clock read in that zone), but each returned ``Occurrence`` keeps the model
/// convention: its dates hold the wall clock read as UTC, so the JSON writer prints them without
/// an offset. Results are sorted by start on the time line, then UID.
///
/// Endless series are not replayed from DTSTART: only the window (widened by the longest
/// instance, THISANDFUTURE shifts and the zone offsets in force around it) is walked. COUNT rules are walked
/// from DTSTART. Every instance libical produces counts against ``Limits``.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.5>
public struct RecurrenceExpander: Sendable {
    public let resolver: ZoneResolver
    public let limits: Limits

    public init(resolver: ZoneResolver, limits: Limits = .default) {
        self.resolver = resolver
        self.limits = limits
    }

    // MARK: - Public API

    /// Occurrences of one series (master + its overrides; master nil for orphan overrides)
    /// overlapping the predicate window.
    public func occurrences(master: Event?, overrides: [Event], calendarTitle: String, matching predicate: EventPredicate) throws -> [Occurrence] {
        try expand(master: master, overrides: overrides, calendarTitle: calendarTitle, matching: predicate).occurrences
    }

    /// For the store's index: the series' first start and last end (nil = endless), without
    /// expanding endless rules (COUNT rules are walked, up to the limit; over it → nil).
    /// Floating and all-day series answer in the model convention (wall clock read as UTC), so
    /// an index must widen them by the largest zone offset (±14 h) before comparing.
    public func span(master: Event, overrides: [Event]) -> (first: Date, lastEnd: Date?) {
        let series = Series(master: master, overrides: overrides, resolver: resolver)
        var first = master.startDate
        var lastEnd: Date? = series.masterLength.end(startWall: series.dtstartWall, start: master.startDate, frame: series.frame)
        func later(_ d: Date) { if let l = lastEnd, d > l { lastEnd = d } }
        let slack = TimeInterval(series.maximumLength + series.maximumForwardShift)
        let budget = ExpansionBudget(limit: limits.maxInstancesPerQuery)
        for walker in series.ruleWalkers {
            if walker.endsBeforeStart { continue }
            if walker.isEndless { lastEnd = nil; break }
            if let until = walker.untilWall, walker.count == nil {
                later(series.frame.date(until).addingTimeInterval(slack))
                continue
            }
            guard let walls = try? walker.instances(from: series.dtstartWall, to: Int.max / 2, budget: budget) else {
                lastEnd = nil; break
            }
            if let last = walls.last { later(series.frame.date(last).addingTimeInterval(slack)) }
        }
        for r in master.recurrenceDates {
            let (wall, length) = series.rdate(r)
            let start = series.frame.date(wall)
            first = min(first, start)
            later(length.end(startWall: wall, start: start, frame: series.frame).addingTimeInterval(TimeInterval(series.maximumForwardShift)))
        }
        for o in overrides {
            first = min(first, o.startDate)
            later(max(o.endDate, o.startDate))
        }
        first = first.addingTimeInterval(-TimeInterval(series.maximumBackwardShift))
        return (first, lastEnd)
    }

    // MARK: - Expansion

    /// `occurrences` plus how many instances libical produced (tests check the cost with it).
    func expand(master: Event?, overrides: [Event], calendarTitle: String, matching predicate: EventPredicate,
                allowsSkipping: Bool = true) throws(ExpansionError) -> (occurrences: [Occurrence], iteratorSteps: Int) {
        let viewZone = ResolvedZone(tzid: predicate.timeZone.identifier, ianaID: predicate.timeZone.identifier, rules: .tzdb(predicate.timeZone))
        let budget = ExpansionBudget(limit: limits.maxInstancesPerQuery)
        var found: [(placed: Date, occurrence: Occurrence)] = []

        func consider(_ event: Event, start: Date, end: Date, occurrenceDate: Date?, isRecurring: Bool, isDetached: Bool) {
            if event.status == .canceled && !predicate.includesCancelled { return }
            let frame = SeriesFrame(event: event, resolver: resolver)
            let placedStart = frame.placed(start, in: viewZone)
            let placedEnd = frame.placed(end, in: viewZone)
            guard predicate.matches(start: placedStart, end: placedEnd) else { return }
            var e = event
            e.startDate = start
            e.endDate = end
            found.append((placedStart, Occurrence(event: e, calendarTitle: calendarTitle, startDate: start, endDate: end,
                                                  occurrenceDate: occurrenceDate, isRecurring: isRecurring, isDetached: isDetached)))
        }

        guard let master else {
            for o in overrides {
                consider(o, start: o.startDate, end: max(o.endDate, o.startDate), occurrenceDate: o.occurrenceDate,
                         isRecurring: o.occurrenceDate != nil, isDetached: o.occurrenceDate != nil)
            }
            return (sorted(found), budget.steps)
        }

        var series = Series(master: master, overrides: overrides, resolver: resolver)
        series.allowsSkipping = allowsSkipping
        let frame = series.frame
        let isRecurring = master.hasRecurrenceRules

        // The window in the series' wall clock, widened so that nothing that could overlap it
        // is missed; the exact test comes after placement.
        let (from, to) = frame.wallBounds(start: seconds(predicate.startDate) - series.maximumLength - series.maximumForwardShift,
                                          end: seconds(predicate.endDate) + series.maximumBackwardShift + 1,
                                          viewedIn: viewZone)

        let slots = try series.slots(from: from, to: to, budget: budget)
        for slot in slots {
            if series.replacingOverrides.contains(where: { series.replaces($0, slot: slot) }) { continue }
            if let range = series.governingRangeOverride(for: slot) {
                let wall = slot.wall + range.shift
                let start = frame.date(wall)
                let end = range.length.end(startWall: wall, start: start, frame: frame)
                var e = range.event
                e.occurrenceDate = slot.start
                e.appliesToFutureOccurrences = false
                consider(e, start: start, end: end, occurrenceDate: slot.start, isRecurring: true, isDetached: false)
            } else {
                consider(master, start: slot.start, end: slot.end, occurrenceDate: isRecurring ? slot.start : nil,
                         isRecurring: isRecurring, isDetached: false)
            }
        }
        for o in overrides where !series.isExcluded(o) {
            if try series.isSuperseded(o, budget: budget) { continue }
            consider(o, start: o.startDate, end: max(o.endDate, o.startDate), occurrenceDate: o.occurrenceDate,
                     isRecurring: true, isDetached: o.occurrenceDate != nil)
        }
        return (sorted(found), budget.steps)
    }

    private func sorted(_ found: [(placed: Date, occurrence: Occurrence)]) -> [Occurrence] {
        found.sorted { a, b in
            if a.placed != b.placed { return a.placed < b.placed }
            if a.occurrence.event.uid != b.occurrence.event.uid { return a.occurrence.event.uid < b.occurrence.event.uid }
            return (a.occurrence.occurrenceDate ?? .distantPast) < (b.occurrence.occurrenceDate ?? .distantPast)
        }.map(\.occurrence)
    }
}
