import CalendarModel
import Foundation
import Testing

/// `Event` keeps all fields but its dates in storage that copies share until one of them is
/// written to: copies still behave as independent values.
@Suite("Event copy-on-write storage")
struct EventStorageTests {
    /// 2026-03-02T09:00:00Z
    static let start = Date(timeIntervalSince1970: 1_772_442_000)

    /// The stored properties of `Event` in declaration order, but for `source`.
    static let encodedProperties = [
        "uid", "title", "startDate", "endDate", "isAllDay", "timeZone", "timeZoneIdentifier",
        "definedTimeZone", "duration", "location", "structuredLocation", "notes", "url",
        "availability", "status", "organizer", "attendees", "alarms", "recurrenceRules",
        "exceptionRules", "recurrenceDates", "exceptionDates", "occurrenceDate",
        "occurrenceDateIsAllDay", "appliesToFutureOccurrences", "categories", "privacy",
        "priority", "sequence", "creationDate", "lastModifiedDate", "timestamp",
        "extraProperties", "extraComponents",
    ]

    static func event() -> Event {
        var e = Event(uid: "cow@example.com", title: "Original", startDate: start, endDate: start.addingTimeInterval(1800))
        e.attendees = [Participant(url: "mailto:a@example.com", name: "A")]
        e.categories = ["WORK"]
        return e
    }

    @Test func writingACopyLeavesTheOriginal() {
        let original = Self.event()
        var copy = original
        copy.title = "Changed"
        copy.attendees.append(Participant(url: "mailto:b@example.com"))
        copy.startDate = Self.start.addingTimeInterval(3600)

        #expect(original.title == "Original")
        #expect(original.attendees == [Participant(url: "mailto:a@example.com", name: "A")])
        #expect(original.startDate == Self.start)
        #expect(copy.title == "Changed")
        #expect(copy.attendees.map(\.url) == ["mailto:a@example.com", "mailto:b@example.com"])
        #expect(copy.startDate == Self.start.addingTimeInterval(3600))
    }

    @Test func writingTheOriginalLeavesACopy() {
        var original = Self.event()
        let copy = original
        original.categories.append("HOME")
        original.notes = "Later"
        #expect(copy.categories == ["WORK"])
        #expect(copy.notes == nil)
        #expect(original.categories == ["WORK", "HOME"])
        #expect(original.notes == "Later")
    }

    /// An append through the accessor changes the array where it is stored: with room reserved,
    /// the elements stay in the same buffer (a get-then-set would have copied them).
    @Test func appendingToAnUnsharedEventWritesInPlace() {
        var e = Self.event()
        e.categories.reserveCapacity(8)
        let before = e.categories.withUnsafeBufferPointer { $0.baseAddress }
        e.categories.append("HOME")
        let after = e.categories.withUnsafeBufferPointer { $0.baseAddress }
        #expect(before == after)
        #expect(e.categories == ["WORK", "HOME"])
    }

    @Test func equalityAndHashOfCopies() {
        let original = Self.event()
        var copy = original
        #expect(copy == original)
        #expect(copy.hashValue == original.hashValue)

        copy.title = "Changed"
        #expect(copy != original)
        copy.title = "Original"
        #expect(!copy.sharesStorage(with: original), "written to, so no longer shared")
        #expect(copy == original, "equal field by field")
        #expect(copy.hashValue == original.hashValue)

        var moved = original
        moved.endDate = Self.start.addingTimeInterval(3600)
        #expect(moved != original)

        var other = original
        other.attendees.append(Participant(url: "mailto:b@example.com"))
        #expect(other != original)
        #expect(Set([original, copy, moved, other]).count == 3)
    }

    @Test func sourceIsNotCompared() {
        let original = Self.event()
        var copy = original
        copy.source = SourceText(text: "BEGIN:VEVENT\r\nEND:VEVENT\r\n", event: copy)
        #expect(copy == original)
        #expect(copy.hashValue == original.hashValue)
    }

    @Test func sharesStorage() {
        let original = Self.event()
        var copy = original
        #expect(copy.sharesStorage(with: original))
        copy.startDate = Self.start.addingTimeInterval(86_400)
        copy.endDate = Self.start.addingTimeInterval(86_400 + 1800)
        #expect(copy.sharesStorage(with: original), "the dates are not in the storage")

        var written = original
        written.location = "Room 1"
        #expect(!written.sharesStorage(with: original))
        #expect(written.sharesStorage(with: written))

        var sourced = original
        sourced.source = SourceText(text: "BEGIN:VEVENT\r\nEND:VEVENT\r\n", event: original)
        #expect(sourced.sharesStorage(with: original), "the source is not in the storage")
        #expect(sourced.source?.isUnchanged(sourced) == true)

        let rebuilt = Self.event()
        #expect(rebuilt == original)
        #expect(!rebuilt.sharesStorage(with: original), "equal, but built separately")
    }

    @Test func codableRoundTrip() throws {
        var e = CodableRoundTripTests.fullEvent()
        e.definedTimeZone = DefinedTimeZone(tzid: "Custom", initialOffset: 3600, transitions: [1_774_746_000], offsets: [7200])
        let decoded = try JSONDecoder().decode(Event.self, from: JSONEncoder().encode(e))
        #expect(decoded == e)
        #expect(decoded.definedTimeZone == e.definedTimeZone)
        #expect(decoded.startDate == e.startDate && decoded.endDate == e.endDate)
    }

    /// The keys are the property names, flat (the dates beside the other fields); `source` and
    /// the computed properties are not encoded.
    @Test func encodedKeysOfAFullEvent() throws {
        var e = CodableRoundTripTests.fullEvent()
        e.definedTimeZone = DefinedTimeZone(tzid: "Custom", initialOffset: 3600, transitions: [1_774_746_000], offsets: [7200])
        e.source = SourceText(text: "BEGIN:VEVENT\r\nEND:VEVENT\r\n", event: e)
        #expect(try Self.keys(of: e) == Set(Self.encodedProperties))
    }

    /// Optionals that are nil are left out.
    @Test func encodedKeysOfAMinimalEvent() throws {
        let e = Event(uid: "min@example.com", startDate: Self.start, endDate: Self.start)
        let expected: Set<String> = [
            "uid", "title", "startDate", "endDate", "isAllDay", "availability", "status",
            "attendees", "alarms", "recurrenceRules", "exceptionRules", "recurrenceDates",
            "exceptionDates", "occurrenceDateIsAllDay", "appliesToFutureOccurrences", "categories",
            "priority", "sequence", "extraProperties", "extraComponents",
        ]
        #expect(try Self.keys(of: e) == expected)
        let decoded = try JSONDecoder().decode(Event.self, from: JSONEncoder().encode(e))
        #expect(decoded == e)
    }

    /// Decoding wants every non-optional key, default or not.
    @Test func decodingWithoutANonOptionalKeyFails() throws {
        let e = Event(uid: "min@example.com", startDate: Self.start, endDate: Self.start)
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(e)) as? [String: Any])
        object["priority"] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Event.self, from: data) }
    }

    /// Reflection lists the properties in declaration order, as for a plain struct (the codec's
    /// guard tests compare these labels with the fields it handles).
    @Test func mirrorShowsTheProperties() {
        let labels = Mirror(reflecting: Self.event()).children.compactMap(\.label)
        #expect(labels == Self.encodedProperties + ["source"])
        let title = Mirror(reflecting: Self.event()).children.first { $0.label == "title" }?.value as? String
        #expect(title == "Original")
    }

    static func keys(of event: Event) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(event))
        return Set(try #require(object as? [String: Any]).keys)
    }
}
