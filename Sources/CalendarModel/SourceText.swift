import Foundation
import Synchronization

/// Where an item came from: its original iCalendar text and the model it was read into.
///
/// The exporter writes an item from `text` when the item still equals `snapshot` (it was not
/// edited), and rebuilds it from the model otherwise. Provenance is not content: two
/// `SourceText` values always compare equal and hash alike, so model equality is semantic.
///
/// The text may be given as a function that makes it at its first use (`init(makingText:...)`,
/// or its UTF-8 bytes with `init(makingUTF8:...)`, which is what an import stores):
/// a reader hands items to another thread, which needs the text (to store or export it) while
/// the reader goes on; a JSON conversion never needs it.
public final class SourceText: Hashable, Sendable {
    private let storage: Mutex<Storage>
    private let snapshotBox: SnapshotBox

    private enum Storage: Sendable {
        case made(Made)
        case maker(@Sendable () -> Made)
    }

    /// The component's content lines, unfolded, CRLF-separated, from BEGIN to END.
    public var text: String {
        switch made {
        case .text(let text): return text
        case .utf8(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// ``text`` as UTF-8 bytes: what a store keeps (given as bytes, the text is not made).
    public var utf8: [UInt8] {
        switch made {
        case .text(let text): return Array(text.utf8)
        case .utf8(let bytes): return bytes
        }
    }

    /// The text in the form it was given in.
    private enum Made: Sendable {
        case text(String)
        case utf8([UInt8])
    }

    /// The text, made (once) if it was given as a maker.
    private var made: Made {
        storage.withLock { storage in
            switch storage {
            case .made(let made):
                return made
            case .maker(let make):
                let made = make()
                storage = .made(made)
                return made
            }
        }
    }

    public convenience init(text: String, event: Event) {
        self.init(storage: .made(.text(text)), event: event)
    }

    public convenience init(text: String, reminder: Reminder) {
        self.init(storage: .made(.text(text)), reminder: reminder)
    }

    /// `makeText` runs once, at the first read of ``text``, on the thread that reads it.
    public convenience init(makingText makeText: @escaping @Sendable () -> String, event: Event) {
        self.init(storage: .maker { .text(makeText()) }, event: event)
    }

    /// `makeUTF8` (the text's UTF-8 bytes, which must be valid UTF-8) runs once, at the first
    /// read of ``utf8`` or ``text``, on the thread that reads it.
    public convenience init(makingUTF8 makeUTF8: @escaping @Sendable () -> [UInt8], event: Event) {
        self.init(storage: .maker { .utf8(makeUTF8()) }, event: event)
    }

    /// `makeUTF8` (the text's UTF-8 bytes, which must be valid UTF-8) runs once, at the first
    /// read of ``utf8`` or ``text``, on the thread that reads it.
    public convenience init(makingUTF8 makeUTF8: @escaping @Sendable () -> [UInt8], reminder: Reminder) {
        self.init(storage: .maker { .utf8(makeUTF8()) }, reminder: reminder)
    }

    /// `makeText` runs once, at the first read of ``text``, on the thread that reads it.
    public convenience init(makingText makeText: @escaping @Sendable () -> String, reminder: Reminder) {
        self.init(storage: .maker { .text(makeText()) }, reminder: reminder)
    }

    private init(storage: Storage, event: Event) {
        self.storage = Mutex(storage)
        var copy = event
        // `source` is not in the event's shared storage: the snapshot keeps the same storage
        // as the event (its fields are not copied) and holds no reference to this object.
        copy.source = nil
        self.snapshotBox = .event(copy)
    }

    private init(storage: Storage, reminder: Reminder) {
        self.storage = Mutex(storage)
        var copy = reminder
        copy.source = nil
        self.snapshotBox = .reminder(copy)
    }

    /// True when `event` still has the fields it was read with. `source` takes no part in
    /// equality, so the event is compared as it is, not copied without it
    /// (copying retained and released every field: half of what an import's check cost).
    public func isUnchanged(_ event: Event) -> Bool {
        guard case .event(let original) = snapshotBox else { return false }
        return event == original
    }

    public func isUnchanged(_ reminder: Reminder) -> Bool {
        guard case .reminder(let original) = snapshotBox else { return false }
        return reminder == original
    }

    public static func == (lhs: SourceText, rhs: SourceText) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}

    private enum SnapshotBox: Sendable {
        case event(Event)
        case reminder(Reminder)
    }
}

/// Holds a value that takes no part in equality or hashing: ``Reminder/source`` is provenance,
/// not content, so an imported reminder equals the same reminder built in code (or decoded from
/// JSON, which does not carry the source). ``Event`` leaves its source out of `==` itself.
@propertyWrapper
public struct NotCompared<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public static func == (lhs: NotCompared, rhs: NotCompared) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
