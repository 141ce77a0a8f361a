import Foundation

public extension RecurrenceExpander {
    /// Guards against pathological series (an endless `FREQ=SECONDLY` asked for a century, a
    /// `COUNT=100000000` rule). Each limit has a name that error messages use.
    ///
    /// ```swift
    /// let expander = RecurrenceExpander(resolver: ZoneResolver(), limits: .init(maxInstancesPerQuery: 5_000_000))
    /// ```
    struct Limits: Hashable, Sendable {
        /// `max-instances-per-query`: how many instances the recurrence iterator may produce
        /// for one call (every RRULE and EXRULE of the series, including instances before the
        /// window that a COUNT rule has to replay). Over it, ``ExpansionError/tooManyInstances(limit:)``.
        public var maxInstancesPerQuery: Int

        public init(maxInstancesPerQuery: Int = 1_000_000) {
            self.maxInstancesPerQuery = maxInstancesPerQuery
        }

        public static let `default` = Limits()
    }
}

/// Counts iterator steps of one query against ``RecurrenceExpander/Limits``.
final class ExpansionBudget {
    let limit: Int
    private(set) var steps = 0

    init(limit: Int) { self.limit = limit }

    func consume() throws(ExpansionError) {
        steps += 1
        if steps > limit { throw .tooManyInstances(limit: limit) }
    }
}

@available(*, unavailable) extension ExpansionBudget: Sendable {}
