import Foundation

/// What ``EventStore/importDocument(_:intoCalendar:readOnly:dryRun:)`` did with each item.
///
/// ```swift
/// let report = try store.importDocument(doc)
/// print(report.added, report.updated, report.unchanged, report.skipped)   // 3 1 12 0
/// for entry in report.entries where entry.outcome == .skipped { print(entry.uid, entry.reason ?? "") }
/// ```
public struct ImportReport: Hashable, Sendable, Codable {
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// New (calendar, UID, RECURRENCE-ID).
        case added
        /// Replaced a stored item: newer SEQUENCE/LAST-MODIFIED/DTSTAMP, or the same version
        /// with different content.
        case updated
        /// Same content as stored; nothing written.
        case unchanged
        /// Older than the stored item; kept out.
        case skipped
        /// A stored override dropped because its master was updated without it (RFC 5546).
        case removed
    }

    /// Optional fields spelled `Optional<…>`, so that making one does not copy it (see ``ContentLine/raw``).
    public struct Entry: Hashable, Sendable, Codable {
        public var uid: String
        /// RECURRENCE-ID of an override; nil for a master or single item.
        public var recurrenceId: Optional<Date>
        public var kind: ItemKind
        public var outcome: Outcome
        /// Why it was updated, skipped or removed.
        public var reason: Optional<String>

        public init(uid: String, recurrenceId: Date?, kind: ItemKind, outcome: Outcome, reason: String? = nil) {
            self.uid = uid
            self.recurrenceId = recurrenceId
            self.kind = kind
            self.outcome = outcome
            self.reason = reason
        }
    }

    public var calendarTitle: String
    /// The calendar did not exist before this import.
    public var createdCalendar: Bool
    /// Nothing was written: the transaction was rolled back.
    public var dryRun: Bool
    public private(set) var added = 0
    public private(set) var updated = 0
    public private(set) var unchanged = 0
    public private(set) var skipped = 0
    public private(set) var removed = 0
    /// The items updated, skipped or removed, in the order met (added and unchanged ones are
    /// only counted).
    public private(set) var entries: [Entry] = []

    public init(calendarTitle: String, createdCalendar: Bool = false, dryRun: Bool = false) {
        self.calendarTitle = calendarTitle
        self.createdCalendar = createdCalendar
        self.dryRun = dryRun
    }

    /// Counts the entry; keeps it in `entries` only when it says something beyond the count
    /// (updated, skipped, removed), so the report of a large import stays small.
    public mutating func append(_ entry: Entry) {
        if entry.outcome != .added && entry.outcome != .unchanged { entries.append(entry) }
        switch entry.outcome {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .skipped: skipped += 1
        case .removed: removed += 1
        }
    }
}
