import Foundation

/// Why a recurrence expansion stopped.
///
/// ```swift
/// do { _ = try expander.occurrences(master: e, overrides: [], calendarTitle: "Work", matching: p) }
/// catch ExpansionError.tooManyInstances(let limit) { print("over \(limit)") }
/// ```
public enum ExpansionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One query made the recurrence iterator produce more than `limit` instances (limit
    /// `max-instances-per-query`, ``RecurrenceExpander/Limits/maxInstancesPerQuery``).
    case tooManyInstances(limit: Int)

    public var description: String {
        switch self {
        case .tooManyInstances(let limit):
            return "recurrence expansion stopped after \(limit) instances in one query (limit max-instances-per-query); "
                + "ask for a shorter date range or raise RecurrenceExpander.Limits.maxInstancesPerQuery"
        }
    }
}
