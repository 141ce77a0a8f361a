internal import CLibical

/// Walks the instants of an RRULE in wall-clock time with libical's iterator
/// (`icalrecur_iterator_*`). Zones are the caller's business: give DTSTART (and UNTIL) as
/// wall-clock fields of the series' zone and convert what comes out.
///
/// ```swift
/// let it = try RecurrenceIterator(rule: "FREQ=DAILY;COUNT=3", start: DateTimeValue(year: 2026, month: 3, day: 1, hour: 9))
/// while let t = it.next() { print(t) }   // 20260301T090000, 20260302T090000, 20260303T090000
/// ```
public final class RecurrenceIterator {
    private let raw: OpaquePointer   // icalrecur_iterator *, owned
    public let hasCount: Bool

    public init(rule: String, start: DateTimeValue) throws(ICalError) {
        clibical_clear_errno()
        var r = rule.withCString { icalrecurrencetype_from_string($0) }
        defer { if r.rscale != nil { icalmemory_free_buffer(r.rscale); r.rscale = nil } }
        guard r.freq != ICAL_NO_RECURRENCE else {
            throw ICalError(code: .malformedData, message: "invalid RRULE \"\(rule)\"")
        }
        hasCount = r.count > 0
        guard let it = icalrecur_iterator_new(r, start.icalTime) else {
            let code = ICalError.Code(rawValue: Int32(clibical_errno().rawValue))
            throw ICalError(code: code, message: "libical cannot iterate RRULE \"\(rule)\": \(ICalError.libicalText(for: code))")
        }
        raw = it
    }

    deinit { icalrecur_iterator_free(raw) }

    /// Skips ahead so the next instance is the first at or after `from`, without stepping
    /// through the ones before it. libical refuses this for COUNT rules (their numbering
    /// depends on every earlier instance); then it returns false and nothing changes.
    public func jump(to from: DateTimeValue) -> Bool {
        guard !hasCount else { return false }
        return icalrecur_iterator_set_start(raw, from.icalTime) != 0
    }

    /// The next instance, or nil at the end of the series.
    public func next() -> DateTimeValue? {
        let t = icalrecur_iterator_next(raw)
        guard icaltime_is_null_time(t) == 0 else { return nil }
        return DateTimeValue(t)
    }
}

@available(*, unavailable) extension RecurrenceIterator: Sendable {}
