import CalendarModel
import Foundation

/// How an item's model is stored in `items.model`: a BLOB in a compact hand-written binary
/// format (see ``BinaryWriter`` for the primitives). Everything that reads or writes that column
/// goes through here.
///
/// Layout: a format version byte (``formatVersion``), a kind byte (1 event, 2 reminder), then
/// the item's fields in a fixed order (`Event+Binary.swift`, `Reminder+Binary.swift`...).
/// Bytes left after the item are an error. Schema version 1 stored Codable JSON text instead;
/// migration 2 re-encodes such rows (``decodeLegacyEvent(_:)``).
package enum ItemCodec {
    /// The format version written first; one other than it and ``oldestReadVersion`` throws
    /// `invalidData` on decode. Version 2 added ``Event/definedTimeZone`` at the event's end,
    /// version 3 ``Reminder/definedTimeZone`` at the reminder's end.
    package static let formatVersion: UInt8 = 3
    /// The oldest version still read (its events and reminders have no `definedTimeZone`).
    package static let oldestReadVersion: UInt8 = 1

    enum Kind: UInt8 { case event = 1, reminder = 2 }

    package static func encode(_ event: Event) -> [UInt8] { encodeItem(event, kind: .event) }
    package static func encode(_ reminder: Reminder) -> [UInt8] { encodeItem(reminder, kind: .reminder) }

    /// The event in `bytes`, with its source text (if any) re-attached as provenance.
    package static func decodeEvent(_ bytes: UnsafeRawBufferPointer, sourceText: String?) throws(StoreError) -> Event {
        var event: Event = try decodeItem(bytes, kind: .event)
        if let sourceText { event.source = SourceText(text: sourceText, event: event) }
        return event
    }

    package static func decodeReminder(_ bytes: UnsafeRawBufferPointer, sourceText: String?) throws(StoreError) -> Reminder {
        var reminder: Reminder = try decodeItem(bytes, kind: .reminder)
        if let sourceText { reminder.source = SourceText(text: sourceText, reminder: reminder) }
        return reminder
    }

    package static func decodeEvent(_ bytes: [UInt8], sourceText: String?) throws(StoreError) -> Event {
        try withBytes(bytes) { buffer throws(StoreError) in try decodeEvent(buffer, sourceText: sourceText) }
    }

    package static func decodeReminder(_ bytes: [UInt8], sourceText: String?) throws(StoreError) -> Reminder {
        try withBytes(bytes) { buffer throws(StoreError) in try decodeReminder(buffer, sourceText: sourceText) }
    }

    private static func encodeItem<T: BinaryCodable>(_ item: T, kind: Kind) -> [UInt8] {
        var writer = BinaryWriter(capacity: 512)
        writer.writeByte(formatVersion)
        writer.writeByte(kind.rawValue)
        item.encode(to: &writer)
        return writer.bytes
    }

    private static func decodeItem<T: BinaryCodable>(_ bytes: UnsafeRawBufferPointer, kind: Kind) throws(StoreError) -> T {
        var reader = BinaryReader(bytes)
        let version = try reader.readByte()
        guard (oldestReadVersion...formatVersion).contains(version) else {
            throw BinaryReader.failure("unknown format version \(version) (this icalkit reads \(oldestReadVersion) to \(formatVersion))")
        }
        reader.formatVersion = version
        let storedKind = try reader.readByte()
        guard storedKind == kind.rawValue else { throw BinaryReader.failure("kind byte \(storedKind), expected \(kind.rawValue) (\(T.self))") }
        let item = try T(from: &reader)
        guard reader.isAtEnd else { throw BinaryReader.failure("\(reader.remaining) bytes left after a \(T.self)") }
        return item
    }

    /// `Array.withUnsafeBytes` with a typed error.
    private static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(StoreError) -> R) throws(StoreError) -> R {
        let result: Result<R, StoreError> = bytes.withUnsafeBytes { buffer in
            do throws(StoreError) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    // MARK: - Schema version 1 (JSON), read by the migration only

    package static func decodeLegacyEvent(_ text: String) throws(StoreError) -> Event { try decodeJSON(text) }
    package static func decodeLegacyReminder(_ text: String) throws(StoreError) -> Reminder { try decodeJSON(text) }

    // MARK: - Calendar-level JSON columns (cold path)

    static func encodeStrings(_ lines: [String]) throws(StoreError) -> String { try encodeJSON(lines) }
    static func decodeStrings(_ text: String?) throws(StoreError) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return try decodeJSON(text)
    }

    /// Codable JSON as schema version 1 wrote it (sorted keys); kept for the string-list
    /// columns and for tests that build a version 1 store.
    package static func encodeJSON<T: Encodable>(_ value: T) throws(StoreError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .invalidData("cannot encode \(T.self): \(error)")
        }
    }

    private static func decodeJSON<T: Decodable>(_ text: String) throws(StoreError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw .invalidData("cannot decode a stored \(T.self): \(error)")
        }
    }
}
