import CalendarModel
import CalendarStore
import Foundation
import Testing

@Suite("Calendars")
struct CalendarTests {
    @Test func createReadUpdateRemove() throws {
        try withStore { store in
            var work = EventCalendar(title: "Work")
            work.color = "#FF2968"
            work.calendarDescription = "Office"
            let saved = try store.saveCalendar(work)
            #expect(saved.calendarIdentifier != nil)
            work.calendarIdentifier = saved.calendarIdentifier
            #expect(saved == work)
            try store.saveCalendar(EventCalendar(title: "Home"))
            #expect(try store.calendars().map(\.title) == ["Home", "Work"])
            #expect(try store.calendar(titled: "Work") == work)
            #expect(try store.calendar(titled: "Nope") == nil)

            work.color = "blue"
            try store.saveCalendar(work)
            #expect(try store.calendar(titled: "Work")?.color == "blue")
            #expect(try store.calendars().count == 2)

            try store.save(makeEvent("e1@x", start: utc(2026, 3, 2, 10)), in: "Work")
            let token = try store.currentChangeToken()
            try store.removeCalendar(titled: "Work")
            #expect(try store.calendars().map(\.title) == ["Home"])
            #expect(try store.event(withUID: "e1@x") == nil)
            let changes = try store.changes(since: token).changes
            #expect(changes.map { "\($0.kind) \($0.calendarTitle) \($0.uid)" } == ["deleted Work e1@x", "calendarDeleted Work "])

            let error = try #require(throws: StoreError.self) { try store.removeCalendar(titled: "Work") }
            #expect(error.reason == .calendarNotFound)
        }
    }

    /// A calendar keeps its identifier through a rename, which keeps its items; identifiers are
    /// distinct and survive reopening the store.
    @Test func renamingKeepsTheIdentifierAndTheItems() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try EventStore(path: path)
            var work = try store.saveCalendar(EventCalendar(title: "Work"))
            let home = try store.saveCalendar(EventCalendar(title: "Home"))
            let identifier = try #require(work.calendarIdentifier)
            #expect(identifier != home.calendarIdentifier)
            #expect(UUID(uuidString: identifier) != nil)
            try store.save(makeEvent("e1@x", start: utc(2026, 3, 2, 10)), in: "Work")

            work.title = "Office"
            let renamed = try store.saveCalendar(work)
            #expect(renamed.calendarIdentifier == identifier && renamed.title == "Office")
            #expect(try store.calendars().map(\.title) == ["Home", "Office"])
            #expect(try store.event(withUID: "e1@x")?.calendarTitle == "Office")
            let week = store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 9), calendars: [renamed], timeZone: .gmt)
            #expect(try store.events(matching: week).map(\.event.uid) == ["e1@x"])

            // Renaming onto another calendar's title is refused, and changes nothing.
            work.title = "Home"
            #expect(throws: StoreError.self) { try store.saveCalendar(work) }
            #expect(try store.calendars().map(\.title) == ["Home", "Office"])
            try store.close()

            let reopened = try EventStore(path: path)
            defer { try? reopened.close() }
            #expect(try reopened.calendar(withIdentifier: identifier)?.title == "Office")
            #expect(try reopened.calendar(withIdentifier: "nope") == nil)
        }
    }

    @Test func defaultCalendarsAreCreatedOnceAndCanBeChanged() throws {
        try withStore { store in
            #expect(try store.defaultCalendarForNewEvents().title == "Calendar")
            #expect(try store.defaultCalendarForNewEvents().title == "Calendar")
            #expect(try store.defaultCalendarForNewReminders().title == "Reminders")
            #expect(try store.calendars().map(\.title) == ["Calendar", "Reminders"])

            try store.saveCalendar(EventCalendar(title: "Work"))
            try store.setDefaultCalendarForNewEvents(titled: "Work")
            #expect(try store.defaultCalendarForNewEvents().title == "Work")
            #expect(try store.defaultCalendarForNewReminders().title == "Reminders")

            try store.removeCalendar(titled: "Work")
            #expect(try store.defaultCalendarForNewEvents().title == "Calendar")

            let error = try #require(throws: StoreError.self) { try store.setDefaultCalendarForNewEvents(titled: "Missing") }
            #expect(error.reason == .calendarNotFound)
        }
    }

    @Test func readOnlyCalendarRefusesEveryContentWrite() throws {
        try withStore { store in
            let feed = makeDocument("Holidays", events: [makeEvent("h1@x", start: utc(2026, 12, 25))], source: "https://example.com/h.ics")
            _ = try store.importDocument(feed, readOnly: true)
            #expect(try store.calendar(titled: "Holidays")?.allowsContentModifications == false)
            let expected = "calendar 'Holidays' is read-only"

            let writes: [(String, () throws -> Void)] = [
                ("save event", { try store.save(makeEvent("new@x", start: utc(2026, 1, 1)), in: "Holidays") }),
                ("save reminder", { try store.save(Reminder(uid: "r@x", title: "r"), in: "Holidays") }),
                ("remove item", { try store.removeItem(uid: "h1@x", in: "Holidays") }),
                ("import from elsewhere", { _ = try store.importDocument(makeDocument("Holidays", events: [makeEvent("z@x", start: utc(2026, 1, 1))], source: "/tmp/other.ics")) }),
                ("import without source", { _ = try store.importDocument(makeDocument("Holidays", events: [makeEvent("z@x", start: utc(2026, 1, 1))])) }),
                ("make default", { try store.setDefaultCalendarForNewEvents(titled: "Holidays") }),
            ]
            for (name, write) in writes {
                let error = try #require(throws: StoreError.self, "\(name)") { try write() }
                #expect(error.reason == .readOnlyCalendar, "\(name)")
                #expect(error.message == expected, "\(name)")
                #expect("\(error)" == expected, "\(name)")
            }
            #expect(try store.document(forCalendar: "Holidays").events.map(\.uid) == ["h1@x"])

            // A refresh of the same feed is allowed.
            var refreshed = feed
            refreshed.events[0].title = "Christmas"
            refreshed.events[0].sequence = 1
            let report = try store.importDocument(refreshed)
            #expect(report.updated == 1)

            // The calendar's own properties stay editable: that is how it is made writable again.
            var calendar = try #require(try store.calendar(titled: "Holidays"))
            calendar.allowsContentModifications = true
            try store.saveCalendar(calendar)
            try store.save(makeEvent("new@x", start: utc(2026, 1, 1)), in: "Holidays")
        }
    }

    @Test func savingIntoAMissingCalendarFails() throws {
        try withStore { store in
            let error = try #require(throws: StoreError.self) { try store.save(makeEvent("a@x", start: utc(2026, 1, 1)), in: "Nowhere") }
            #expect(error.reason == .calendarNotFound)
            #expect(error.message == "no calendar titled 'Nowhere'")
        }
    }
}
