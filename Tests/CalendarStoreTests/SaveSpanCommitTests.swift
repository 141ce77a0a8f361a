import CalendarModel
import CalendarStore
import Foundation
import Testing

/// The EventKit-shaped writes: `save(_:span:commit:)`, `remove(_:span:commit:)`, `commit()` and
/// `reset()`, on a weekly series whose instances follow from RFC 5545 §3.3.10 by hand:
/// DTSTART 2026-03-02T09:00Z (a Monday), FREQ=WEEKLY;COUNT=4 → 2, 9, 16 and 23 March, 09:00Z.
@Suite("Save, remove and commit")
struct SaveSpanCommitTests {
    static let march = (start: utc(2026, 3, 1), end: utc(2026, 4, 1))

    static func weeklySeries() -> Event {
        var event = makeEvent("weekly@x", "Standup", start: utc(2026, 3, 2, 9), minutes: 30)
        event.recurrenceRules = [RecurrenceRule(frequency: .weekly, end: .afterOccurrences(4))]
        return event
    }

    static func withSeries<T>(_ body: (EventStore, EventCalendar) throws -> T) throws -> T {
        try withStore { store in
            let work = try store.saveCalendar(EventCalendar(title: "Work"))
            try store.save(weeklySeries(), in: work)
            return try body(store, work)
        }
    }

    static func march(_ store: EventStore) throws -> [Occurrence] {
        try store.events(matching: store.predicateForEvents(withStart: march.start, end: march.end, calendars: nil))
    }

    static func summary(_ occurrences: [Occurrence]) -> [String] {
        occurrences.map { "\($0.event.title) \($0.startDate.formatted(.iso8601))" }
    }

    @Test func savingThisEventWritesAnOverrideForThatOccurrenceOnly() throws {
        try Self.withSeries { store, _ in
            var second = try #require(Self.march(store).dropFirst().first)
            #expect(second.occurrenceDate == utc(2026, 3, 9, 9))
            second.event.title = "Standup (moved)"
            second.event.startDate = utc(2026, 3, 9, 10)
            second.event.endDate = utc(2026, 3, 9, 10, 30)
            #expect(try store.save(second, span: .thisEvent) == "weekly@x")

            #expect(Self.summary(try Self.march(store)) == [
                "Standup 2026-03-02T09:00:00Z", "Standup (moved) 2026-03-09T10:00:00Z",
                "Standup 2026-03-16T09:00:00Z", "Standup 2026-03-23T09:00:00Z",
            ])
            let moved = try #require(Self.march(store).first { $0.event.title == "Standup (moved)" })
            #expect(moved.isDetached)
            #expect(moved.occurrenceDate == utc(2026, 3, 9, 9))     // RECURRENCE-ID stays the original start
            #expect(moved.event.recurrenceRules.isEmpty)
            #expect(moved.event.sequence == 1)
        }
    }

    @Test func savingFutureEventsSplitsTheSeriesAtTheOccurrence() throws {
        try Self.withSeries { store, _ in
            var third = try #require(Self.march(store).dropFirst(2).first)
            third.event.title = "Standup v2"
            let newUID = try store.save(third, span: .futureEvents)
            #expect(newUID != "weekly@x")

            let occurrences = try Self.march(store)
            #expect(Self.summary(occurrences) == [
                "Standup 2026-03-02T09:00:00Z", "Standup 2026-03-09T09:00:00Z",
                "Standup v2 2026-03-16T09:00:00Z", "Standup v2 2026-03-23T09:00:00Z",
            ])
            #expect(occurrences.map(\.event.uid) == ["weekly@x", "weekly@x", newUID, newUID])
        }
    }

    @Test func savingTheWholeSeriesTakesTheEditedRule() throws {
        try Self.withSeries { store, _ in
            var first = try #require(Self.march(store).first)
            first.event.recurrenceRules = [RecurrenceRule(frequency: .weekly, end: .afterOccurrences(2))]
            try store.save(first, span: .futureEvents)
            #expect(Self.summary(try Self.march(store)) == ["Standup 2026-03-02T09:00:00Z", "Standup 2026-03-09T09:00:00Z"])
        }
    }

    @Test func removingThisEventOrFutureEvents() throws {
        try Self.withSeries { store, _ in
            let second = try #require(Self.march(store).dropFirst().first)
            try store.remove(second, span: .thisEvent)
            #expect(Self.summary(try Self.march(store)) == [
                "Standup 2026-03-02T09:00:00Z", "Standup 2026-03-16T09:00:00Z", "Standup 2026-03-23T09:00:00Z",
            ])
            let third = try #require(Self.march(store).dropFirst().first)
            try store.remove(third, span: .futureEvents)
            #expect(Self.summary(try Self.march(store)) == ["Standup 2026-03-02T09:00:00Z"])
        }
    }

    @Test func removingASingleEventRemovesIt() throws {
        try withStore { store in
            let work = try store.saveCalendar(EventCalendar(title: "Work"))
            try store.save(makeEvent("one@x", start: utc(2026, 3, 4, 12)), in: work)
            let only = try #require(Self.march(store).first)
            try store.remove(only, span: .futureEvents)
            #expect(try Self.march(store).isEmpty)
            #expect(try store.event(withUID: "one@x") == nil)
        }
    }

    @Test func aBatchIsSeenByItsStoreAndWrittenAtOnceByCommit() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try EventStore(path: path)
            let work = try store.saveCalendar(EventCalendar(title: "Work"))
            try store.save(Self.weeklySeries(), in: work)
            let tokenBefore = try store.currentChangeToken()

            var occurrences = try Self.march(store)
            occurrences[0].event.title = "First"
            try store.save(occurrences[0], span: .thisEvent, commit: false)
            try store.remove(occurrences[3], span: .thisEvent, commit: false)
            try store.save(makeEvent("extra@x", start: utc(2026, 3, 20, 15)), in: work, commit: false)

            let expected = ["First 2026-03-02T09:00:00Z", "Standup 2026-03-09T09:00:00Z", "Standup 2026-03-16T09:00:00Z",
                            "extra@x 2026-03-20T15:00:00Z"]
            #expect(Self.summary(try Self.march(store)) == expected)

            // Another connection sees the store as it was until the batch is committed.
            let other = try EventStore(path: path)
            #expect(try Self.march(other).count == 4)
            #expect(try other.currentChangeToken() == tokenBefore)
            try store.commit()
            #expect(Self.summary(try Self.march(other)) == expected)
            #expect(try other.currentChangeToken() > tokenBefore)
            try other.close()
            try store.close()
        }
    }

    @Test func resetDiscardsTheBatch() throws {
        try Self.withSeries { store, work in
            let before = try dumpTables(store)
            var first = try #require(Self.march(store).first)
            first.event.title = "Changed"
            try store.save(first, span: .futureEvents, commit: false)
            try store.save(Reminder(uid: "r@x", title: "call"), in: work, commit: false)
            #expect(try Self.march(store).first?.event.title == "Changed")
            try store.reset()
            #expect(try dumpTables(store) == before)
            try store.commit()      // nothing pending: does nothing
            #expect(try dumpTables(store) == before)
        }
    }

    @Test func aFailedChangeInABatchIsUndoneAloneAndTheBatchGoesOn() throws {
        try Self.withSeries { store, work in
            let occurrences = try Self.march(store)
            try store.remove(occurrences[1], span: .thisEvent, commit: false)
            // The same occurrence again: it is gone, so this change fails and writes nothing.
            #expect(throws: StoreError.self) { try store.remove(occurrences[1], span: .thisEvent, commit: false) }
            try store.save(Reminder(uid: "r@x", title: "call"), in: work, commit: false)
            try store.commit()
            #expect(Self.summary(try Self.march(store)) == [
                "Standup 2026-03-02T09:00:00Z", "Standup 2026-03-16T09:00:00Z", "Standup 2026-03-23T09:00:00Z",
            ])
            #expect(try store.reminder(withUID: "r@x")?.reminder.title == "call")
        }
    }

    @Test func readOnlyCalendarsRefuseEveryChange() throws {
        try withStore { store in
            _ = try store.importDocument(makeDocument("Feed", events: [Self.weeklySeries()]), readOnly: true)
            var first = try #require(Self.march(store).first)
            first.event.title = "Mine"
            for span in [Span.thisEvent, .futureEvents] {
                #expect { try store.save(first, span: span) } throws: { ($0 as? StoreError)?.reason == .readOnlyCalendar }
                #expect { try store.remove(first, span: span) } throws: { ($0 as? StoreError)?.reason == .readOnlyCalendar }
            }
            #expect(try Self.march(store).first?.event.title == "Standup")
        }
    }

    @Test func floatingSeriesAreEditedInTheirOwnWallClock() throws {
        // A floating daily series at 08:00 wall clock: 08:00 wherever it is viewed (RFC 5545
        // §3.3.5, form #1). Moving the second an hour later moves that one only.
        try withStore { store in
            let work = try store.saveCalendar(EventCalendar(title: "Work"))
            var event = Event(uid: "float@x", title: "Walk", startDate: utc(2026, 3, 2, 8), endDate: utc(2026, 3, 2, 9))
            event.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterOccurrences(3))]
            try store.save(event, in: work)
            let tokyo = try zone("Asia/Tokyo")
            let predicate = store.predicateForEvents(withStart: utc(2026, 3, 1), end: utc(2026, 3, 6), calendars: nil, timeZone: tokyo)
            // An occurrence's start is placed in the predicate's zone (08:00 in Tokyo, UTC+9, is
            // 23:00Z the day before); its event keeps the wall clock, read as UTC.
            var second = try #require(try store.events(matching: predicate).dropFirst().first)
            #expect(second.startDate == utc(2026, 3, 2, 23))
            #expect(second.event.startDate == utc(2026, 3, 3, 8))
            second.event.startDate.addTimeInterval(3600)
            second.event.endDate.addTimeInterval(3600)
            try store.save(second, span: .thisEvent)
            let placed = try store.events(matching: predicate).map { $0.startDate.formatted(.iso8601) }
            #expect(placed == ["2026-03-01T23:00:00Z", "2026-03-03T00:00:00Z", "2026-03-03T23:00:00Z"])
            // Viewed from UTC, the same series shows its wall clock: 08:00, 09:00 and 08:00.
            let inUTC = store.predicateForEvents(withStart: utc(2026, 3, 1), end: utc(2026, 3, 6), calendars: nil, timeZone: .gmt)
            #expect(try store.events(matching: inUTC).map { $0.startDate.formatted(.iso8601) }
                    == ["2026-03-02T08:00:00Z", "2026-03-03T09:00:00Z", "2026-03-04T08:00:00Z"])
        }
    }
}
