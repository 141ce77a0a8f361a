import CalendarModel
import CalendarStore
import Foundation
import Testing

/// Occurrences longer than two days that start before a window: the occurrence index finds
/// them by length class (schema version 7), each class searched only as far back as its
/// longest row reaches. Rows at and just past the class boundaries, the unbounded last class,
/// and floating and all-day rows must all be found, and nothing else.
@Suite("Long occurrences in the index")
struct LongOccurrenceTests {
    /// `end` minus `days` days (and `seconds` more).
    static func before(_ end: Date, days: Double, seconds: Double = 0) -> Date {
        end.addingTimeInterval(-(days * 86_400 + seconds))
    }

    static func stamp(_ date: Date) -> String {
        let c = Calendar(identifier: .gregorian)
        var utcCalendar = c
        utcCalendar.timeZone = .gmt
        let f = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", f.year!, f.month!, f.day!, f.hour!, f.minute!, f.second!)
    }

    static func event(_ uid: String, _ start: Date, _ end: Date) -> String {
        """
        BEGIN:VEVENT
        UID:\(uid)
        DTSTAMP:20250101T000000Z
        DTSTART:\(stamp(start))
        DTEND:\(stamp(end))
        SUMMARY:\(uid)
        END:VEVENT
        """
    }

    /// The week of 2026-03-02 (UTC) and, by hand, which of ``feed``'s events overlap it.
    static let week = (utc(2026, 3, 2), utc(2026, 3, 9))
    static let inWeek: Set<String> = ["d3", "d8", "d8s", "d10", "d100", "d1000", "d8192", "d9000", "yearly100", "allday20",
                                      "floating6", "late15"]

    /// The class boundaries are at 2 days · 4^k: 8 days (class 1 holds it), 8 days and a
    /// second (class 2), 8,192 days (class 6), and the last class beyond.
    static var feed: String {
        let end = utc(2026, 3, 2, 12)
        var events = [
            event("d3", before(utc(2026, 3, 2, 6), days: 3), utc(2026, 3, 2, 6)),
            event("d8", before(end, days: 8), end),
            event("d8s", before(end, days: 8, seconds: 1), end),
            event("d10", utc(2026, 2, 21), utc(2026, 3, 3)),
            event("d100", before(utc(2026, 3, 11), days: 100), utc(2026, 3, 11)),
            event("d1000", before(utc(2026, 3, 6), days: 1000), utc(2026, 3, 6)),
            event("d8192", before(utc(2026, 3, 5), days: 8192), utc(2026, 3, 5)),
            event("d9000", before(utc(2027, 1, 1), days: 9000), utc(2027, 1, 1)),
            // Ends at 2026-02-20: ten days before the window.
            event("miss10", utc(2026, 2, 10), utc(2026, 2, 20)),
            // Starts inside the window: found by its start.
            event("late15", utc(2026, 3, 5), utc(2026, 3, 20)),
        ]
        events.append("""
            BEGIN:VEVENT
            UID:yearly100
            DTSTAMP:20250101T000000Z
            DTSTART:20201215T000000Z
            DURATION:P100D
            RRULE:FREQ=YEARLY
            SUMMARY:a hundred days each winter (2025-12-15 to 2026-03-25)
            END:VEVENT
            BEGIN:VEVENT
            UID:allday20
            DTSTAMP:20250101T000000Z
            DTSTART;VALUE=DATE:20260215
            DTEND;VALUE=DATE:20260307
            SUMMARY:twenty days, all day
            END:VEVENT
            BEGIN:VEVENT
            UID:floating6
            DTSTAMP:20250101T000000Z
            DTSTART:20260224T120000
            DTEND:20260302T120000
            SUMMARY:six days, floating
            END:VEVENT
            """)
        return "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//icalkit tests//EN\n" + events.joined(separator: "\n") + "\nEND:VCALENDAR\n"
    }

    @Test("Long occurrences before a window are found, class by class, and nothing more")
    func foundByLengthClass() throws {
        try OccurrenceIndexTests.withStores { indexed, expanded in
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(Self.feed), intoCalendar: "Work")
            let week = EventPredicate(startDate: Self.week.0, endDate: Self.week.1, timeZone: .gmt)
            let found = Set(try indexed.events(matching: week).map(\.event.uid))
            #expect(found == Self.inWeek)
            // The answer came from the index's rows.
            #expect(try OccurrenceIndexTests.count("SELECT count(*) FROM occurrences WHERE end_time - start_time > 172800", indexed) >= 10)
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: [
                Self.week, (utc(2026, 2, 27), utc(2026, 3, 2)), (utc(2026, 3, 2, 11), utc(2026, 3, 2, 13)),
                (utc(2026, 3, 24), utc(2026, 4, 1)), (utc(2026, 12, 20), utc(2027, 1, 3)),
            ], zones: ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
            // The same feed in a second calendar: the query filtered by calendar finds the long
            // rows of that calendar only.
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(Self.feed.replacingOccurrences(of: "UID:", with: "UID:home-")),
                                           intoCalendar: "Home")
            let homeWeek = EventPredicate(startDate: Self.week.0, endDate: Self.week.1, calendarTitles: ["Home"], timeZone: .gmt)
            #expect(Set(try indexed.events(matching: homeWeek).map(\.event.uid)) == Set(Self.inWeek.map { "home-" + $0 }))
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, calendars: [EventCalendar(title: "Home")],
                                                       windows: [Self.week, (utc(2026, 12, 20), utc(2027, 1, 3))], zones: ["UTC", "Pacific/Pago_Pago"])
        }
    }

    @Test("Every part of the window query searches an index, each long class bounded but the last")
    func windowQueryPlan() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            for filtered in [false, true] {
                let plan = try store.withRawConnection { db in
                    try db.rows("EXPLAIN QUERY PLAN " + EventStore.occurrenceSQL(filtered: filtered),
                                filtered ? [.real(0), .real(1), .text("[1]")] : [.real(0), .real(1)])
                }
                let details = plan.compactMap { row -> String? in if case .text(let s)? = row.last { return s } else { return nil } }
                let searches = details.filter { $0.hasPrefix("SEARCH occurrences") }
                #expect(searches.filter { $0.contains("occurrences_start (start_time>? AND start_time<?)") }.count == 1, "\(details)")
                #expect(searches.filter { $0.contains("occurrences_long (<expr>=? AND start_time>? AND start_time<?)") }.count == 6, "\(details)")
                #expect(searches.filter { $0.contains("occurrences_long (<expr>=? AND start_time<?)") }.count == 1, "\(details)")
                #expect(!details.contains { $0.hasPrefix("SCAN occurrences") }, "\(details)")
            }
        }
    }
}
