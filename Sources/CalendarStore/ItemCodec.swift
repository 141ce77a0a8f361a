import CalendarModel
import Foundation

/// How an item's model is stored in `items.model`. Everything that reads or writes that column
/// goes through here, so the encoding (Codable JSON for now) can be swapped for a faster one
/// with a migration and no other change.
enum ItemCodec {
    static func encode(_ event: Event) throws(StoreError) -> String { try encodeValue(event) }
    static func encode(_ reminder: Reminder) throws(StoreError) -> String { try encodeValue(reminder) }

    /// The event in `text`, with its source text (if any) re-attached as provenance.
    static func decodeEvent(_ text: String, sourceText: String?) throws(StoreError) -> Event {
        var event: Event = try decodeValue(text)
        if let sourceText { event.source = SourceText(text: sourceText, event: event) }
        return event
    }

    static func decodeReminder(_ text: String, sourceText: String?) throws(StoreError) -> Reminder {
        var reminder: Reminder = try decodeValue(text)
        if let sourceText { reminder.source = SourceText(text: sourceText, reminder: reminder) }
        return reminder
    }

    static func encodeStrings(_ lines: [String]) throws(StoreError) -> String { try encodeValue(lines) }
    static func decodeStrings(_ text: String?) throws(StoreError) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return try decodeValue(text)
    }

    private static func encodeValue<T: Encodable>(_ value: T) throws(StoreError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .invalidData("cannot encode \(T.self): \(error)")
        }
    }

    private static func decodeValue<T: Decodable>(_ text: String) throws(StoreError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw .invalidData("cannot decode a stored \(T.self): \(error)")
        }
    }
}
