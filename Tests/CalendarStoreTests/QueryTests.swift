import CalendarModel
import CalendarStore
import Foundation
import Testing

@Suite("Event queries")
struct QueryTests {
    /// One event, one window, and the placed starts expected (derived by hand in the comments).
    struct WindowCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let event: Event
        let zone: String
        let from: Date
        let to: Date
        let includesCancelled: Bool
        let expectedStarts: [Date]

        init(_ name: String, _ event: Event, zone: String = "UTC", from: Date, to: Date, includesCancelled: Bool = false, expected: [Date]) {
            testDescription = name
            self.event = event
            self.zone = zone
            self.from = from
            self.to = to
            self.includesCancelled = includesCancelled
            expectedStarts = expected
        }

        // 2026-03-02 10:00Z–11:00Z, zoned.
        static let single = makeEvent("single@x", start: utc(2026, 3, 2, 10))
        // Floating 2026-03-02 09:00–10:00 wall clock.
        static let floating: Event = {
            var e = Event(uid: "floating@x", title: "floating", startDate: utc(2026, 3, 2, 9), endDate: utc(2026, 3, 2, 10))
            e.timeZone = nil
            return e
        }()
        // All-day 2026-03-02 (DTEND 2026-03-03, exclusive).
        static let allDay: Event = {
            var e = Event(uid: "allday@x", title: "all day", startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 3))
            e.isAllDay = true
            return e
        }()
        // Zero-length at 2026-03-02 12:00Z.
        static let zeroLength = makeEvent("zero@x", start: utc(2026, 3, 2, 12), minutes: 0)
        static let cancelled: Event = {
            var e = makeEvent("cancelled@x", start: utc(2026, 3, 2, 10))
            e.status = .canceled
            return e
        }()

        static let all: [WindowCase] = [
            WindowCase("zoned inside", single, from: utc(2026, 3, 2, 10, 30), to: utc(2026, 3, 2, 10, 45), expected: [utc(2026, 3, 2, 10)]),
            WindowCase("zoned: end == from is outside", single, from: utc(2026, 3, 2, 11), to: utc(2026, 3, 2, 12), expected: []),
            WindowCase("zoned: start == to is outside", single, from: utc(2026, 3, 2, 9), to: utc(2026, 3, 2, 10), expected: []),
            WindowCase("zoned: the predicate zone does not move it", single, zone: "Asia/Tokyo", from: utc(2026, 3, 2, 10), to: utc(2026, 3, 2, 11), expected: [utc(2026, 3, 2, 10)]),
            // Berlin is UTC+1 in March: 09:00 wall = 08:00Z ..< 09:00Z.
            WindowCase("floating in Berlin", floating, zone: "Europe/Berlin", from: utc(2026, 3, 2, 8, 30), to: utc(2026, 3, 2, 8, 45), expected: [utc(2026, 3, 2, 8)]),
            WindowCase("floating in Berlin is over by 09:00Z", floating, zone: "Europe/Berlin", from: utc(2026, 3, 2, 9), to: utc(2026, 3, 2, 10), expected: []),
            // New York is UTC-5 in early March (DST starts 2026-03-08): 09:00 wall = 14:00Z.
            WindowCase("floating in New York", floating, zone: "America/New_York", from: utc(2026, 3, 2, 14), to: utc(2026, 3, 2, 15), expected: [utc(2026, 3, 2, 14)]),
            WindowCase("floating in New York not yet at 13:00Z", floating, zone: "America/New_York", from: utc(2026, 3, 2, 13), to: utc(2026, 3, 2, 14), expected: []),
            // All-day 2026-03-02 in Berlin = 2026-03-01T23:00Z ..< 2026-03-02T23:00Z.
            WindowCase("all-day in Berlin starts the evening before in UTC", allDay, zone: "Europe/Berlin", from: utc(2026, 3, 1, 23), to: utc(2026, 3, 1, 23, 30), expected: [utc(2026, 3, 1, 23)]),
            WindowCase("all-day in Berlin is over at 23:00Z", allDay, zone: "Europe/Berlin", from: utc(2026, 3, 2, 23), to: utc(2026, 3, 3), expected: []),
            // Kiribati is UTC+14: 2026-03-01T10:00Z ..< 2026-03-02T10:00Z (needs the 14 h slack).
            WindowCase("all-day at UTC+14", allDay, zone: "Pacific/Kiritimati", from: utc(2026, 3, 1, 10), to: utc(2026, 3, 1, 11), expected: [utc(2026, 3, 1, 10)]),
            // Pago Pago is UTC-11: 2026-03-02T11:00Z ..< 2026-03-03T11:00Z.
            WindowCase("all-day at UTC-11", allDay, zone: "Pacific/Pago_Pago", from: utc(2026, 3, 3, 10), to: utc(2026, 3, 3, 10, 30), expected: [utc(2026, 3, 2, 11)]),
            WindowCase("all-day at UTC-11 is over at 11:00Z", allDay, zone: "Pacific/Pago_Pago", from: utc(2026, 3, 3, 11), to: utc(2026, 3, 3, 12), expected: []),
            WindowCase("zero-length at the window start matches", zeroLength, from: utc(2026, 3, 2, 12), to: utc(2026, 3, 2, 13), expected: [utc(2026, 3, 2, 12)]),
            WindowCase("zero-length at the window end does not", zeroLength, from: utc(2026, 3, 2, 11), to: utc(2026, 3, 2, 12), expected: []),
            WindowCase("cancelled is left out", cancelled, from: utc(2026, 3, 2), to: utc(2026, 3, 3), expected: []),
            WindowCase("cancelled when asked for", cancelled, from: utc(2026, 3, 2), to: utc(2026, 3, 3), includesCancelled: true, expected: [utc(2026, 3, 2, 10)]),
        ]
    }

    @Test(arguments: WindowCase.all) func overlapRule(_ c: WindowCase) throws {
        try withStore { store in
            try store.saveCalendar(EventCalendar(title: "Work"))
            try store.save(c.event, in: "Work")
            var predicate = store.predicateForEvents(withStart: c.from, end: c.to, calendars: nil, timeZone: try zone(c.zone))
            predicate.includesCancelled = c.includesCancelled
            let occurrences = try store.events(matching: predicate)
            #expect(occurrences.map(\.startDate) == c.expectedStarts)
            for occurrence in occurrences {
                #expect(occurrence.calendarTitle == "Work")
                #expect(occurrence.event == c.event)
                #expect(!occurrence.isRecurring && !occurrence.isDetached)
            }
        }
    }

    @Test func resultsAreSortedByStartThenUIDAndFilteredByCalendar() throws {
        try withStore { store in
            _ = try store.importDocument(makeDocument("A", events: [makeEvent("b@x", start: utc(2026, 3, 2, 10)), makeEvent("late@x", start: utc(2026, 3, 2, 12))]))
            _ = try store.importDocument(makeDocument("B", events: [makeEvent("a@x", start: utc(2026, 3, 2, 10)), makeEvent("early@x", start: utc(2026, 3, 2, 8))]))
            let day = store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 3), calendars: nil, timeZone: .gmt)
            #expect(try store.events(matching: day).map(\.event.uid) == ["early@x", "a@x", "b@x", "late@x"])

            let onlyB = store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 3), calendars: [EventCalendar(title: "B")], timeZone: .gmt)
            let inB = try store.events(matching: onlyB)
            #expect(inB.map(\.event.uid) == ["early@x", "a@x"])
            #expect(inB.allSatisfy { $0.calendarTitle == "B" })

            let unknown = store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 3), calendars: [EventCalendar(title: "C")])
            let error = try #require(throws: StoreError.self) { try store.events(matching: unknown) }
            #expect(error.reason == .calendarNotFound)
        }
    }

    @Test func recurringExpansionIsDelegatedWithTheWholeSeries() throws {
        let recorder = RecordingExpander()
        try withStore(expander: recorder) { store in
            var master = makeEvent("s@x", "Daily", start: utc(2026, 3, 1, 9))
            master.recurrenceRules = [RecurrenceRule(frequency: .daily)]
            var inWindow = makeEvent("s@x", "moved in", start: utc(2026, 3, 10, 15))
            inWindow.occurrenceDate = utc(2026, 3, 10, 9)
            var outOfWindow = makeEvent("s@x", "moved out", start: utc(2026, 4, 20, 9))
            outOfWindow.occurrenceDate = utc(2026, 3, 11, 9)
            var document = makeDocument("Work", events: [master, inWindow, outOfWindow])
            document.timeZones = [TimeZoneDefinition(tzid: "X", text: "BEGIN:VTIMEZONE\r\nTZID:X\r\nEND:VTIMEZONE")]
            _ = try store.importDocument(document)

            let window = store.predicateForEvents(withStart: utc(2026, 3, 10), end: utc(2026, 3, 12), calendars: nil, timeZone: .gmt)
            let occurrences = try store.events(matching: window)
            // The default expander places only the override; the rule is left to the real expander.
            #expect(occurrences.map(\.event.title) == ["moved in"])
            #expect(occurrences.first?.isRecurring == true && occurrences.first?.isDetached == true)
            #expect(occurrences.first?.occurrenceDate == utc(2026, 3, 10, 9))

            let calls = recorder.calls
            #expect(calls.count == 1)
            #expect(calls.first?.master?.title == "Daily")
            #expect(calls.first?.overrides.map(\.title) == ["moved in", "moved out"])
            #expect(calls.first?.timeZones.map(\.tzid) == ["X"])
        }
    }

    @Test func orphanOverrideIsPlacedAsDetached() throws {
        try withStore { store in
            var override = makeEvent("invite@x", "one instance", start: utc(2026, 3, 2, 10))
            override.occurrenceDate = utc(2026, 3, 2, 9)
            _ = try store.importDocument(makeDocument("Work", events: [override]))
            let occurrences = try store.events(matching: store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 3), calendars: nil))
            #expect(occurrences.count == 1)
            #expect(occurrences.first?.isDetached == true)
            #expect(occurrences.first?.occurrenceDate == utc(2026, 3, 2, 9))
        }
    }

    @Test func windowQueryUsesTheIndex() throws {
        try withStore { store in
            for filtered in [false, true] {
                let plan = try store.withRawConnection { db in
                    try db.rows("EXPLAIN QUERY PLAN " + EventStore.eventCandidateSQL(filtered: filtered), filtered ? [.real(0), .real(1), .text("[1]")] : [.real(0), .real(1)])
                }
                let details = plan.compactMap { row -> String? in if case .text(let s)? = row.last { return s } else { return nil } }
                let searches = details.filter { $0.hasPrefix("SEARCH items") }
                #expect(searches == [
                    "SEARCH items USING INDEX items_window (kind=? AND last_end>?)",
                    "SEARCH items USING INDEX items_window (kind=? AND last_end=? AND first_start<?)",
                ], "\(details)")
                #expect(!details.contains { $0.hasPrefix("SCAN items") }, "\(details)")
            }
        }
    }

    @Test func onlyRowsNearTheWindowAreRead() throws {
        let recorder = RecordingExpander()
        try withStore(expander: recorder) { store in
            // One event a day at 10:00Z–11:00Z for 300 days from 2026-01-01.
            let events = (0..<300).map { makeEvent("d\($0)@x", start: utc(2026, 1, 1, 10).addingTimeInterval(Double($0) * 86_400)) }
            _ = try store.importDocument(makeDocument("Daily", events: events))
            // Window 2026-03-02 (day 60). Widened by 14 h: [03-01 10:00Z, 03-03 14:00Z), so the
            // candidates are days 59 (ends 03-01 11:00Z > 10:00Z), 60 and 61 (starts 03-03 10:00Z).
            let occurrences = try store.events(matching: store.predicateForEvents(withStart: utc(2026, 3, 2), end: utc(2026, 3, 3), calendars: nil, timeZone: .gmt))
            #expect(occurrences.map(\.event.uid) == ["d60@x"])
            #expect(recorder.calls.compactMap(\.master?.uid).sorted() == ["d59@x", "d60@x", "d61@x"])
        }
    }

    /// A series that ends by COUNT has a finite indexed end, so a window after it never reads it.
    @Test func countedSeriesIsNotReadAfterItsEnd() throws {
        let recorder = RecordingExpander()
        try withStore(expander: recorder) { store in
            var counted = makeEvent("count@x", start: utc(2026, 3, 2, 9))
            counted.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterOccurrences(5))]   // last: 03-06
            _ = try store.importDocument(makeDocument("Work", events: [counted]))
            _ = try store.events(matching: store.predicateForEvents(withStart: utc(2026, 6, 1), end: utc(2026, 6, 8), calendars: nil, timeZone: .gmt))
            #expect(recorder.calls.isEmpty)
            _ = try store.events(matching: store.predicateForEvents(withStart: utc(2026, 3, 5), end: utc(2026, 3, 6), calendars: nil, timeZone: .gmt))
            #expect(recorder.calls.compactMap(\.master?.uid) == ["count@x"])
        }
    }

    @Test func indexColumnsOfRecurringEvents() throws {
        try withStore { store in
            var until = makeEvent("until@x", start: utc(2026, 3, 2, 9), minutes: 30)
            until.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterDate(utc(2026, 3, 9, 9)))]
            var untilDate = Event(uid: "untildate@x", startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 3))
            untilDate.isAllDay = true
            untilDate.recurrenceRules = [RecurrenceRule(frequency: .weekly, end: .afterDate(utc(2026, 3, 30), isDate: true))]
            var rdateLater = until
            rdateLater.uid = "rdate@x"
            rdateLater.recurrenceDates = [RecurrenceDate(date: utc(2026, 5, 1, 9))]
            var counted = makeEvent("count@x", start: utc(2026, 3, 2, 9))
            counted.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterOccurrences(5))]
            var endless = makeEvent("endless@x", start: utc(2026, 3, 2, 9))
            endless.recurrenceRules = [RecurrenceRule(frequency: .yearly)]
            _ = try store.importDocument(makeDocument("Work", events: [until, untilDate, rdateLater, counted, endless, makeEvent("one@x", start: utc(2026, 3, 2, 9))]))

            let rows = try store.withRawConnection { db in try db.rows("SELECT uid, first_start, last_end FROM items ORDER BY uid") }
            func s(_ d: Date) -> SQLValue { .real(d.timeIntervalSince1970) }
            #expect(rows == [
                // COUNT=5 daily from 03-02 09:00 (the last instance ends 03-06 10:00): bounded without
                // a walk at DTSTART + (5 + 1) days + the hour + 3 days of slack (CountBoundTests).
                [.text("count@x"), s(utc(2026, 3, 2, 9)), s(utc(2026, 3, 11, 10))],
                [.text("endless@x"), s(utc(2026, 3, 2, 9)), .null],
                [.text("one@x"), s(utc(2026, 3, 2, 9)), s(utc(2026, 3, 2, 10))],
                [.text("rdate@x"), s(utc(2026, 3, 2, 9)), s(utc(2026, 5, 1, 9, 30))],    // RDATE after UNTIL
                [.text("until@x"), s(utc(2026, 3, 2, 9)), s(utc(2026, 3, 9, 9, 30))],    // UNTIL + 30 min
                [.text("untildate@x"), s(utc(2026, 3, 2)), s(utc(2026, 4, 1))],          // DATE UNTIL: + 1 day + 1 day
            ])
        }
    }
}
