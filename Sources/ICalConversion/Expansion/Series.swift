import CalendarModel
import Foundation

/// One instance slot of a series before overrides: where the recurrence set puts it.
struct Slot: Hashable, Sendable {
    /// Wall-clock seconds in the series' frame.
    var wall: Int
    /// The model date of the start (= the RECURRENCE-ID that would name it).
    var start: Date
    var end: Date
}

/// A master event prepared for expansion: its frame, rules, RDATE/EXDATE readings and the
/// overrides sorted out. Matching rules are documented on ``RecurrenceExpander``.
struct Series {
    struct RangeOverride {
        var event: Event
        var ridWall: Int
        /// Wall-clock shift of the override's start against its RECURRENCE-ID.
        var shift: Int
        var length: InstanceLength
    }

    let master: Event
    let frame: SeriesFrame
    let dtstartWall: Int
    let masterLength: InstanceLength
    private(set) var ruleWalkers: [RuleWalker]
    private(set) var exceptionWalkers: [RuleWalker]
    /// Overrides that carry a RECURRENCE-ID (THISANDFUTURE ones included: they replace their own slot too).
    let replacingOverrides: [Event]
    /// THISANDFUTURE overrides, by RECURRENCE-ID.
    let rangeOverrides: [RangeOverride]
    let maximumLength: Int
    let maximumForwardShift: Int
    let maximumBackwardShift: Int
    private let resolver: ZoneResolver

    var allowsSkipping: Bool = true {
        didSet {
            for i in ruleWalkers.indices { ruleWalkers[i].allowsSkipping = allowsSkipping }
            for i in exceptionWalkers.indices { exceptionWalkers[i].allowsSkipping = allowsSkipping }
        }
    }

    init(master: Event, overrides: [Event], resolver: ZoneResolver) {
        self.master = master
        self.resolver = resolver
        let frame = SeriesFrame(event: master, resolver: resolver)
        self.frame = frame
        // A DTSTART (DTEND) written in a spring-forward gap recurs at its written wall clock,
        // and the length is the written one (``WrittenWallClock``).
        var dtstartWall = frame.wall(master.startDate)
        var length = InstanceLength(event: master)
        if case .zoned(let zone) = frame.kind, !master.isAllDay {
            let writtenStart = WrittenWallClock.gapWall(of: "DTSTART", date: master.startDate, event: master, zone: zone)
            let writtenEnd = master.duration == nil
                ? WrittenWallClock.gapWall(of: "DTEND", date: master.endDate, event: master, zone: zone) : nil
            if writtenStart != nil || writtenEnd != nil {
                dtstartWall = writtenStart ?? dtstartWall
                if master.duration == nil {
                    length = .exact(seconds: max(0, (writtenEnd ?? frame.wall(master.endDate)) - dtstartWall))
                }
            }
        }
        self.dtstartWall = dtstartWall
        masterLength = length
        ruleWalkers = master.recurrenceRules.map { RuleWalker(rule: $0, dtstartWall: dtstartWall, frame: frame) }
        exceptionWalkers = master.exceptionRules.map { RuleWalker(rule: $0, dtstartWall: dtstartWall, frame: frame) }
        replacingOverrides = overrides.filter { $0.occurrenceDate != nil }

        var ranges: [RangeOverride] = []
        var longest = masterLength.maximumSeconds
        for o in overrides where o.appliesToFutureOccurrences {
            guard let rid = o.occurrenceDate else { continue }
            let ridWall = Series.ridWall(o, rid: rid, frame: frame, resolver: resolver)
            let startWall = Series.wallInSeries(o.startDate, of: o, frame: frame, resolver: resolver)
            let length = InstanceLength(event: o)
            longest = max(longest, length.maximumSeconds)
            ranges.append(RangeOverride(event: o, ridWall: ridWall, shift: startWall - ridWall, length: length))
        }
        rangeOverrides = ranges.sorted { $0.ridWall < $1.ridWall }
        for r in master.recurrenceDates {
            longest = max(longest, Series.rdateLength(r, master: masterLength).maximumSeconds)
        }
        maximumLength = longest
        maximumForwardShift = max(0, ranges.map(\.shift).max() ?? 0)
        maximumBackwardShift = max(0, -(ranges.map(\.shift).min() ?? 0))

        // RFC 5545 §3.3.10: "The DTSTART property value always counts as the first occurrence."
        // When no RRULE produces DTSTART itself, DTSTART (added as the first instance, see
        // `slots`) takes one COUNT place of each COUNT rule: the rule gives COUNT − 1 of its own
        // (libical's recur.txt expects this). Not when an EXDATE removes DTSTART: then it is no
        // occurrence at all (RFC 5545's "Every Friday the 13th" example excludes an unsynchronized
        // DTSTART this way; Apple's holiday calendars write COUNT=1 with such an EXDATE and mean
        // one instance of the rule).
        if ruleWalkers.contains(where: { $0.count != nil }), !ruleWalkers.allSatisfy(\.endsBeforeStart),
           !ruleWalkers.contains(where: \.producesDtstart),
           !isExcludedByDate(Slot(wall: dtstartWall, start: master.startDate, end: master.startDate)) {
            for i in ruleWalkers.indices where ruleWalkers[i].count != nil {
                ruleWalkers[i].dtstartTakesOneCount()
            }
        }
    }

    // MARK: - Recurrence set

    /// DTSTART, RRULE and RDATE instances with wall clock in `from...to`, less EXDATE and
    /// EXRULE, one per start, sorted.
    func slots(from: Int, to: Int, budget: ExpansionBudget) throws(ExpansionError) -> [Slot] {
        var walls: [(wall: Int, length: InstanceLength)] = []
        // DTSTART is always the first instance (RFC 5545 §3.3.10), also when every RRULE's UNTIL
        // lies before it.
        if dtstartWall >= from, dtstartWall <= to { walls.append((dtstartWall, masterLength)) }
        for walker in ruleWalkers {
            for w in try walker.instances(from: from, to: to, budget: budget) ?? [] { walls.append((w, masterLength)) }
        }
        for r in master.recurrenceDates {
            let (wall, length) = rdate(r)
            if wall >= from && wall <= to { walls.append((wall, length)) }
        }
        var excludedWalls = Set<Int>()
        for walker in exceptionWalkers {
            for w in try walker.instances(from: from, to: to, budget: budget) ?? [] { excludedWalls.insert(w) }
        }
        // An RDATE PERIOD states the length of the instance at its start (RFC 5545 §3.8.5.2),
        // also when DTSTART or an RRULE instance has that start too.
        var periodLengths: [Int: InstanceLength] = [:]
        for r in master.recurrenceDates where r.periodEnd != nil || r.periodDuration != nil {
            let (wall, length) = rdate(r)
            if wall >= from && wall <= to && periodLengths[wall] == nil { periodLengths[wall] = length }
        }
        var seen = Set<Date>()
        var out: [Slot] = []
        for (wall, length) in walls where !excludedWalls.contains(wall) {
            let start = frame.date(wall)
            let slot = Slot(wall: wall, start: start, end: (periodLengths[wall] ?? length).end(startWall: wall, start: start, frame: frame))
            if isExcludedByDate(slot) { continue }
            if seen.insert(start).inserted { out.append(slot) }
        }
        return out.sorted { $0.start < $1.start }
    }

    /// An RDATE's wall clock in the series' frame and the length of its instance.
    func rdate(_ r: RecurrenceDate) -> (wall: Int, length: InstanceLength) {
        let wall: Int
        if frame.isAllDay {
            wall = floorDiv(seconds(r.date), 86_400) * 86_400
        } else if r.isDateOnly {
            // A DATE in a date-time series: that date at DTSTART's time of day.
            wall = floorDiv(seconds(r.date), 86_400) * 86_400 + (dtstartWall - floorDiv(dtstartWall, 86_400) * 86_400)
        } else if r.isFloating {
            wall = seconds(r.date)
        } else {
            wall = frame.wall(r.date)
        }
        return (wall, Series.rdateLength(r, master: masterLength))
    }

    static func rdateLength(_ r: RecurrenceDate, master: InstanceLength) -> InstanceLength {
        if let end = r.periodEnd { return .exact(seconds: max(0, seconds(end) - seconds(r.date))) }
        if let d = r.periodDuration { return InstanceLength(duration: d) }
        return master
    }

    /// EXDATE removes this slot.
    func isExcludedByDate(_ slot: Slot) -> Bool {
        master.exceptionDates.contains { ex in
            if ex.isDateOnly || frame.isAllDay {
                return floorDiv(seconds(ex.date), 86_400) == floorDiv(slot.wall, 86_400)
            }
            if ex.isFloating || !frame.isZoned { return seconds(ex.date) == slot.wall }
            return ex.date == slot.start
        }
    }

    // MARK: - Overrides

    /// The override takes the place of this slot.
    func replaces(_ o: Event, slot: Slot) -> Bool {
        guard let rid = o.occurrenceDate else { return false }
        let ridWall = Series.ridWall(o, rid: rid, frame: frame, resolver: resolver)
        if o.occurrenceDateIsAllDay || frame.isAllDay {
            return floorDiv(ridWall, 86_400) == floorDiv(slot.wall, 86_400)
        }
        if frame.isZoned && !o.isFloating && !o.isAllDay { return rid == slot.start }
        return ridWall == slot.wall
    }

    /// A leftover of an earlier revision of the series: its SEQUENCE is lower than the master's
    /// and its RECURRENCE-ID names no instance of the master's recurrence set.
    ///
    /// RFC 5545 §3.8.4.4: RECURRENCE-ID is "used in conjunction with the UID and SEQUENCE
    /// properties to identify a particular instance"; RFC 5546 §2.1.5: the organizer increments
    /// SEQUENCE with each significant revision, and the component with the higher SEQUENCE
    /// (here the master's new revision) supersedes the earlier one. An override of an older
    /// revision that names an instance the series still has is kept (clients do not bump an
    /// untouched override's SEQUENCE when they revise the master: recurring-ical-events'
    /// `recurrence_sequence_number.ics`, `issue_253_edge_case_1.ics`); one whose instance the new
    /// revision no longer has (`issue_253_additional_recurrence_id.ics`: the revision added an
    /// UNTIL) does not add an instance. An override with the master's SEQUENCE or higher naming
    /// no instance still adds one (RFC 5545 §3.8.4.4).
    func isSuperseded(_ o: Event, budget: ExpansionBudget) throws(ExpansionError) -> Bool {
        guard let rid = o.occurrenceDate, o.sequence < master.sequence else { return false }
        let day = floorDiv(Series.ridWall(o, rid: rid, frame: frame, resolver: resolver), 86_400) * 86_400
        // The days around it: the series' wall clock and the RECURRENCE-ID's may differ by a zone offset.
        let near = try slots(from: day - 86_400, to: day + 2 * 86_400, budget: budget)
        return !near.contains { replaces(o, slot: $0) }
    }

    /// The latest THISANDFUTURE override before this slot, if any.
    func governingRangeOverride(for slot: Slot) -> RangeOverride? {
        rangeOverrides.last { $0.ridWall < slot.wall }
    }

    /// An EXDATE of the master names this override's RECURRENCE-ID.
    func isExcluded(_ o: Event) -> Bool {
        guard let rid = o.occurrenceDate, !master.exceptionDates.isEmpty else { return false }
        let wall = Series.ridWall(o, rid: rid, frame: frame, resolver: resolver)
        return isExcludedByDate(Slot(wall: wall, start: frame.isZoned && !o.isFloating && !o.isAllDay ? rid : frame.date(wall), end: rid))
    }

    /// The RECURRENCE-ID in the series' wall clock. A DATE is midnight of that date; a floating
    /// or all-day override's RECURRENCE-ID is read as the series' wall clock; a zoned or UTC one
    /// is converted into the series' zone.
    static func ridWall(_ o: Event, rid: Date, frame: SeriesFrame, resolver: ZoneResolver) -> Int {
        if o.occurrenceDateIsAllDay { return floorDiv(seconds(rid), 86_400) * 86_400 }
        return wallInSeries(rid, of: o, frame: frame, resolver: resolver)
    }

    /// A date of override `o` (in `o`'s convention) as wall clock of the series.
    static func wallInSeries(_ date: Date, of o: Event, frame: SeriesFrame, resolver: ZoneResolver) -> Int {
        if o.isFloating || o.isAllDay { return seconds(date) }
        if frame.isZoned { return frame.wall(date) }
        return SeriesFrame(event: o, resolver: resolver).wall(date)
    }
}
