import Foundation

/// Where an item came from: its original iCalendar text and the model it was read into.
///
/// The exporter writes an item from `text` when the item still equals `snapshot` (it was not
/// edited), and rebuilds it from the model otherwise. Provenance is not content: two
/// `SourceText` values always compare equal and hash alike, so model equality is semantic.
public final class SourceText: Hashable, Sendable {
    /// The component's content lines, unfolded, CRLF-separated, from BEGIN to END.
    public let text: String
    private let snapshotBox: SnapshotBox

    public init(text: String, event: Event) {
        self.text = text
        var copy = event
        copy.source = nil
        self.snapshotBox = .event(copy)
    }

    public init(text: String, reminder: Reminder) {
        self.text = text
        var copy = reminder
        copy.source = nil
        self.snapshotBox = .reminder(copy)
    }

    /// True when `event` still has the fields it was read with.
    public func isUnchanged(_ event: Event) -> Bool {
        guard case .event(let original) = snapshotBox else { return false }
        var current = event
        current.source = nil
        return current == original
    }

    public func isUnchanged(_ reminder: Reminder) -> Bool {
        guard case .reminder(let original) = snapshotBox else { return false }
        var current = reminder
        current.source = nil
        return current == original
    }

    public static func == (lhs: SourceText, rhs: SourceText) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}

    private enum SnapshotBox: Sendable {
        case event(Event)
        case reminder(Reminder)
    }
}

/// Holds a value that takes no part in equality or hashing: ``Event/source`` and
/// ``Reminder/source`` are provenance, not content, so an imported event equals the same
/// event built in code (or decoded from JSON, which does not carry the source).
@propertyWrapper
public struct NotCompared<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public static func == (lhs: NotCompared, rhs: NotCompared) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
