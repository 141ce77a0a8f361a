import CalendarModel
import CalendarStore
import Foundation
import ICalConversion
import Testing

/// The occurrence index against plain expansion: two `EventStore`s on one file, one reading the
/// index (the default expander), one expanding every query (other limits turn the index off),
/// must give the same occurrences for every window and zone, after every kind of write.
@Suite("Occurrence index")
struct OccurrenceIndexTests {
    /// Series covering what the index must reproduce: endless zoned, floating, all-day and
    /// long series, EXDATE/RDATE, overrides moved in and out, THISANDFUTURE, cancelled
    /// instances, an orphan override, COUNT and UNTIL, a VTIMEZONE of the file's own, and a
    /// MINUTELY rule too dense to index (expanded at query time).
    static let feed = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//icalkit tests//EN
        BEGIN:VTIMEZONE
        TZID:Custom Zone
        BEGIN:STANDARD
        DTSTART:19701025T030000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        TZOFFSETFROM:+0300
        TZOFFSETTO:+0200
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:19700329T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0300
        END:DAYLIGHT
        END:VTIMEZONE
        BEGIN:VEVENT
        UID:weekly@x
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Europe/Berlin:20250106T090000
        DTEND;TZID=Europe/Berlin:20250106T100000
        RRULE:FREQ=WEEKLY;BYDAY=MO,TH
        EXDATE;TZID=Europe/Berlin:20260302T090000
        RDATE;TZID=Europe/Berlin:20260304T180000
        SUMMARY:weekly
        END:VEVENT
        BEGIN:VEVENT
        UID:weekly@x
        RECURRENCE-ID;TZID=Europe/Berlin:20260305T090000
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Europe/Berlin:20260420T120000
        DTEND;TZID=Europe/Berlin:20260420T130000
        SUMMARY:moved out to April
        END:VEVENT
        BEGIN:VEVENT
        UID:weekly@x
        RECURRENCE-ID;TZID=Europe/Berlin:20260316T090000
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Europe/Berlin:20260316T090000
        DTEND;TZID=Europe/Berlin:20260316T100000
        STATUS:CANCELLED
        SUMMARY:cancelled one
        END:VEVENT
        BEGIN:VEVENT
        UID:weekly@x
        RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260601T090000
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Europe/Berlin:20260601T110000
        DTEND;TZID=Europe/Berlin:20260601T113000
        SUMMARY:later and shorter from June
        END:VEVENT
        BEGIN:VEVENT
        UID:floating@x
        DTSTAMP:20250101T000000Z
        DTSTART:20240101T233000
        DTEND:20240102T003000
        RRULE:FREQ=DAILY;INTERVAL=3
        SUMMARY:floating across midnight
        END:VEVENT
        BEGIN:VEVENT
        UID:allday@x
        DTSTAMP:20250101T000000Z
        DTSTART;VALUE=DATE:20200302
        DTEND;VALUE=DATE:20200303
        RRULE:FREQ=MONTHLY;BYMONTHDAY=2,28
        SUMMARY:all day
        END:VEVENT
        BEGIN:VEVENT
        UID:long@x
        DTSTAMP:20250101T000000Z
        DTSTART:20251215T080000Z
        DTEND:20260201T080000Z
        RRULE:FREQ=YEARLY
        SUMMARY:seven weeks every year
        END:VEVENT
        BEGIN:VEVENT
        UID:custom@x
        DTSTAMP:20250101T000000Z
        DTSTART;TZID=Custom Zone:20260101T020000
        DTEND;TZID=Custom Zone:20260101T030000
        RRULE:FREQ=DAILY;COUNT=200
        SUMMARY:own zone
        END:VEVENT
        BEGIN:VEVENT
        UID:until@x
        DTSTAMP:20250101T000000Z
        DTSTART:20260225T100000Z
        DURATION:PT0S
        RRULE:FREQ=DAILY;UNTIL=20260310T100000Z
        SUMMARY:zero length until March
        END:VEVENT
        BEGIN:VEVENT
        UID:orphan@x
        RECURRENCE-ID:20260303T150000Z
        DTSTAMP:20250101T000000Z
        DTSTART:20260303T160000Z
        DTEND:20260303T170000Z
        SUMMARY:orphan override
        END:VEVENT
        BEGIN:VEVENT
        UID:single@x
        DTSTAMP:20250101T000000Z
        DTSTART:20260306T235000Z
        DTEND:20260307T001000Z
        SUMMARY:single
        END:VEVENT
        BEGIN:VEVENT
        UID:dense@x
        DTSTAMP:20250101T000000Z
        DTSTART:20260301T000000Z
        DURATION:PT1M
        RRULE:FREQ=MINUTELY;INTERVAL=9;UNTIL=20260415T000000Z
        SUMMARY:dense
        END:VEVENT
        END:VCALENDAR
        """

    static func document(_ text: String) throws -> CalendarDocument {
        let read = ICalendarReader().read(Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        return try #require(read.documents.first)
    }

    /// Windows: weeks and a day across 2026 (March: DST in Europe and the US), a month, a year,
    /// one far beyond the first ones, and one too wide to index (answered by expansion).
    static let windows: [(Date, Date)] = [
        (utc(2026, 3, 2), utc(2026, 3, 9)), (utc(2026, 3, 28), utc(2026, 4, 4)), (utc(2026, 3, 5, 23), utc(2026, 3, 7, 1)),
        (utc(2026, 1, 20), utc(2026, 2, 20)), (utc(2026, 1, 1), utc(2027, 1, 1)), (utc(2031, 6, 1), utc(2031, 6, 8)),
        (utc(2026, 4, 20, 10), utc(2026, 4, 20, 10, 1)), (utc(2020, 1, 1), utc(2026, 3, 10)),
    ]
    static let zones = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"]
    /// For the write tests: the windows the index answers, the zones at both ends of the offsets.
    static let indexedWindows = Array(windows.dropLast())
    static let fewerZones = ["Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago"]

    /// Every window in every zone, with and without cancelled occurrences, from both stores.
    static func expectSameAnswers(_ indexed: EventStore, _ expanded: EventStore, calendars: [EventCalendar]? = nil,
                                  windows: [(Date, Date)] = windows, zones: [String] = zones,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (from, to) in windows {
            for name in zones {
                for cancelled in [false, true] {
                    let tz = try zone(name)
                    let a = try indexed.events(matching: EventPredicate(startDate: from, endDate: to, calendarTitles: calendars?.map(\.title),
                                                                         timeZone: tz, includesCancelled: cancelled))
                    let b = try expanded.events(matching: EventPredicate(startDate: from, endDate: to, calendarTitles: calendars?.map(\.title),
                                                                          timeZone: tz, includesCancelled: cancelled))
                    #expect(a == b, "\(from) ..< \(to) in \(name), cancelled \(cancelled): \(a.count) vs \(b.count)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    static func withStores(_ body: (EventStore, EventStore) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let indexed = try EventStore(path: path)
            let expanded = try EventStore(path: path, expander: RecurringEventExpander(limits: .init(maxInstancesPerQuery: 999_999)))
            defer { try? indexed.close(); try? expanded.close() }
            try body(indexed, expanded)
        }
    }

    static func count(_ sql: String, _ store: EventStore) throws -> Int64 {
        try store.withRawConnection { try $0.scalarInt(sql) ?? 0 }
    }

    @Test("Index answers equal expansion, and the index is really used")
    func sameAsExpansion() throws {
        try Self.withStores { indexed, expanded in
            _ = try indexed.importDocument(try Self.document(Self.feed), intoCalendar: "Work")
            // Nothing is materialized by the import itself.
            #expect(try Self.count("SELECT count(*) FROM occurrences", indexed) == 0)
            let cache = try indexed.withRawConnection { try $0.scalarInt("PRAGMA cache_size") }
            try Self.expectSameAnswers(indexed, expanded)
            #expect(try Self.count("SELECT count(*) FROM occurrences", indexed) > 100)
            // The larger cache the fill took is given back.
            #expect(try indexed.withRawConnection { try $0.scalarInt("PRAGMA cache_size") } == cache)
            #expect(try Self.count("SELECT count(*) FROM occurrence_series WHERE expands_at_query = 1", indexed) == 1)
            // The 2020–2026 window needs more new buckets than allowed: left to expansion.
            #expect(try Self.count("SELECT count(*) FROM occurrence_buckets WHERE bucket < \(OccurrenceIndexProbe.bucket(utc(2025, 1, 1)))", indexed) == 0)

            // A week's answer comes from the rows: emptying them (behind the store's back)
            // empties it.
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: .gmt)
            #expect(try indexed.events(matching: week).contains { $0.event.uid == "weekly@x" })
            try indexed.withRawConnection { try $0.execute("DELETE FROM occurrences") }
            #expect(try !indexed.events(matching: week).contains { $0.event.uid == "weekly@x" })
            #expect(try expanded.events(matching: week).contains { $0.event.uid == "weekly@x" })
        }
    }

    /// 700 events on March 2 to 8, one in five a daily series of 4, their starts out of the
    /// order of import.
    static let manyInAWeek: String = {
        var text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\n"
        for i in 0..<700 {
            let hour = String(format: "%02d", 8 + i % 10)
            let day = String(format: "%02d", 2 + i % 7)
            text += "BEGIN:VEVENT\nUID:many-\(i)@x\nDTSTAMP:20260101T000000Z\nDTSTART:202603\(day)T\(hour)0000Z\nDURATION:PT30M\nSUMMARY:Event \(i)\n"
            if i % 5 == 0 { text += "RRULE:FREQ=DAILY;COUNT=4\n" }
            text += "END:VEVENT\n"
        }
        return text + "END:VCALENDAR\n"
    }()

    /// A week with more events than the query decodes on its own thread (it hands batches of
    /// them to others): the same list as expansion, each occurrence with its own event.
    @Test("A week of many events from the index equals expansion")
    func manyEventsInAWeek() throws {
        try Self.withStores { indexed, expanded in
            _ = try indexed.importDocument(try Self.document(Self.manyInAWeek), intoCalendar: "Work")
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: .gmt)
            _ = try indexed.events(matching: week)
            #expect(try Self.count("SELECT count(*) FROM occurrences", indexed) > 700)
            let a = try indexed.events(matching: week)
            let b = try expanded.events(matching: week)
            // A daily series of 4 from day d of March has min(4, 9 - d) days before March 9.
            let expected = (0..<700).reduce(0) { n, i in n + (i % 5 == 0 ? min(4, 9 - (2 + i % 7)) : 1) }
            #expect(a.count == expected)
            #expect(a == b)
            #expect(a.allSatisfy { $0.event.title == "Event \($0.event.uid.dropFirst(5).prefix { $0 != "@" })" })
        }
    }

    /// One damaged model among the hundreds decoded on other threads: the query throws the
    /// store's error, and the store answers again once the damaged item is gone.
    @Test("A damaged event among many decoded on threads fails the query with a store error")
    func damagedEventAmongMany() throws {
        try Self.withStores { indexed, _ in
            _ = try indexed.importDocument(try Self.document(Self.manyInAWeek), intoCalendar: "Work")
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: .gmt)
            #expect(try indexed.events(matching: week).count > 700)
            try indexed.withRawConnection { db in
                try db.run("UPDATE items SET model = X'00' WHERE uid = 'many-350@x'")
                // The edit marks the series stale; its rows stay until the next fill.
                try db.run("DELETE FROM occurrence_stale")
            }
            #expect(throws: StoreError.self) { _ = try indexed.events(matching: week) }
            // The other events are still read once the damaged one is gone.
            try indexed.withRawConnection { db in try db.run("DELETE FROM items WHERE uid = 'many-350@x'") }
            #expect(try indexed.events(matching: week).count > 700)
        }
    }

    @Test("Every write keeps the index equal to expansion")
    func writesKeepIndexExact() throws {
        try Self.withStores { indexed, expanded in
            _ = try indexed.importDocument(try Self.document(Self.feed), intoCalendar: "Work")
            _ = try indexed.importDocument(try Self.document(Self.feed), intoCalendar: "Home")
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: Self.fewerZones)

            // Add: a new endless series and a single event.
            var daily = makeEvent("new-daily@x", start: utc(2026, 2, 1, 7), minutes: 30)
            daily.recurrenceRules = [RecurrenceRule(frequency: .daily)]
            try indexed.save(daily, in: "Work")
            try indexed.save(makeEvent("new-single@x", start: utc(2026, 3, 4, 12)), in: "Work")
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: Self.fewerZones)

            // Import into the filled index: a calendar the import creates (its insert-unless-present
            // path) and new UIDs into an existing calendar (its full path).
            _ = try indexed.importDocument(try Self.document(Self.feed), intoCalendar: "Trips")
            _ = try indexed.importDocument(try Self.document(Self.feed.replacingOccurrences(of: "@x", with: "@renamed")),
                                           intoCalendar: "Work")
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: Self.fewerZones)

            // Edit one instance (EKSpan.thisEvent): an override moved to another day.
            var moved = daily
            moved.recurrenceRules = []
            moved.occurrenceDate = utc(2026, 3, 3, 7)
            moved.startDate = utc(2026, 3, 8, 15)
            moved.endDate = utc(2026, 3, 8, 16)
            try indexed.save(moved, in: "Work")
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: Self.fewerZones)

            // Edit this and future ones (EKSpan.futureEvents): the series ends, a new one starts.
            var ended = daily
            ended.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterDate(utc(2026, 3, 5, 6)))]
            try indexed.save(ended, in: "Work")
            var continued = makeEvent("new-daily-2@x", start: utc(2026, 3, 5, 9), minutes: 45)
            continued.recurrenceRules = [RecurrenceRule(frequency: .daily)]
            try indexed.save(continued, in: "Work")
            // A master edited in place: the THISANDFUTURE series shifted by a new DTSTART.
            var weekly = try #require(try indexed.event(withUID: "weekly@x")).event
            weekly.startDate = weekly.startDate.addingTimeInterval(1800)
            weekly.endDate = weekly.endDate.addingTimeInterval(1800)
            try indexed.save(weekly, in: "Work")
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: Self.fewerZones)

            // Delete a series; re-import a calendar whose VTIMEZONE changed (every series of
            // that calendar is read anew); delete a whole calendar.
            try indexed.removeItem(uid: "floating@x", in: "Work")
            let shiftedZone = Self.feed.replacingOccurrences(of: "TZOFFSETTO:+0300", with: "TZOFFSETTO:+0330")
                .replacingOccurrences(of: "TZOFFSETFROM:+0300", with: "TZOFFSETFROM:+0330")
            _ = try indexed.importDocument(try Self.document(shiftedZone), intoCalendar: "Home")
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: Self.fewerZones)
            try Self.expectSameAnswers(indexed, expanded, calendars: [EventCalendar(title: "Home")], windows: Self.indexedWindows, zones: Self.fewerZones)
            try indexed.removeCalendar(titled: "Home")
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: Self.fewerZones)
            #expect(try Self.count("SELECT count(*) FROM occurrences WHERE calendar_id NOT IN (SELECT id FROM calendars)", indexed) == 0)
        }
    }

    @Test("A large write into an indexed store: the index starts over and stays exact")
    func largeWriteEmptiesIndex() throws {
        try Self.withStores { indexed, expanded in
            _ = try indexed.importDocument(try Self.document(Self.feed), intoCalendar: "Work")
            try Self.expectSameAnswers(indexed, expanded, windows: [Self.windows[0], Self.windows[5]], zones: ["Europe/Berlin"])
            let in2031 = "SELECT count(*) FROM occurrence_buckets WHERE bucket >= \(OccurrenceIndexProbe.bucket(utc(2031, 1, 1)))"
            #expect(try Self.count(in2031, indexed) > 0)
            // 2,100 new single events, one every 4 hours from 2026-02-20.
            let many = (0..<2_100).map { makeEvent("bulk-\($0)@x", start: utc(2026, 2, 20).addingTimeInterval(TimeInterval($0) * 4 * 3600)) }
            _ = try indexed.importDocument(makeDocument("Bulk", events: many))
            #expect(try Self.count("SELECT count(*) FROM occurrence_stale", indexed) == 2_100)
            try Self.expectSameAnswers(indexed, expanded, windows: [Self.windows[0]], zones: ["Europe/Berlin", "Pacific/Pago_Pago"])
            #expect(try Self.count("SELECT count(*) FROM occurrence_stale", indexed) == 0)
            // Only the buckets of the week asked since are covered again.
            #expect(try Self.count(in2031, indexed) == 0)
            #expect(try Self.count("SELECT count(*) FROM occurrence_buckets", indexed) > 0)
            try Self.expectSameAnswers(indexed, expanded, windows: Self.indexedWindows, zones: ["UTC"])
        }
    }

    @Test("A store that cannot be written answers by expansion")
    func readOnlyFileExpands() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let writer = try EventStore(path: path)
            _ = try writer.importDocument(try Self.document(Self.feed), intoCalendar: "Work")
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: try zone("Europe/Berlin"))
            let expanding = try EventStore(path: path, expander: RecurringEventExpander(limits: .init(maxInstancesPerQuery: 999_999)))
            let expected = try expanding.events(matching: week)
            try expanding.close()
            try writer.withRawConnection { try $0.execute("PRAGMA query_only = ON") }
            let log = DebugLines()
            writer.debugLog = log.add
            #expect(try writer.events(matching: week) == expected)
            #expect(try Self.count("SELECT count(*) FROM occurrence_buckets", writer) == 0)
            #expect(log.lines.contains { $0.hasPrefix("occurrence index not updated") }, "\(log.lines)")
            try writer.close()
        }
    }

    /// A store holding the feed, a second store on the same file that expands every query (the
    /// expected answers), and the first store's debug lines.
    static func withFeedStore(_ body: (EventStore, EventStore, DebugLines) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try EventStore(path: path)
            defer { try? store.close() }
            _ = try store.importDocument(try Self.document(Self.feed), intoCalendar: "Work")
            let expanding = try EventStore(path: path, expander: RecurringEventExpander(limits: .init(maxInstancesPerQuery: 999_999)))
            defer { try? expanding.close() }
            let log = DebugLines()
            store.debugLog = log.add
            try body(store, expanding, log)
        }
    }

    @Test("A store another connection is writing answers by expansion at once, and says why in debug output")
    func busyStoreExpands() throws {
        try Self.withFeedStore { store, expanding, log in
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: try zone("Europe/Berlin"))
            let expected = try expanding.events(matching: week)
            // Another connection holds the write lock for the whole query.
            try expanding.withRawConnection { db in
                try db.execute("BEGIN IMMEDIATE")
                defer { try? db.execute("ROLLBACK") }
                let started = Date()
                #expect(try store.events(matching: week) == expected)
                #expect(Date().timeIntervalSince(started) < 2, "the query waited for the writer")
            }
            #expect(try Self.count("SELECT count(*) FROM occurrence_buckets", store) == 0)
            #expect(log.lines.contains { $0.hasPrefix("occurrence index not updated") && $0.contains("locked") }, "\(log.lines)")
            // Once the writer is done, the next query fills the index.
            #expect(try store.events(matching: week) == expected)
            #expect(try Self.count("SELECT count(*) FROM occurrence_buckets", store) > 0)
        }
    }

    @Test("A full disk: the index is not filled, the answer is still right, the failure is in debug output")
    func fullDiskExpands() throws {
        try Self.withFeedStore { store, expanding, log in
            let year = EventPredicate(startDate: utc(2026, 1, 1), endDate: utc(2027, 1, 1), timeZone: try zone("Europe/Berlin"))
            let expected = try expanding.events(matching: year)
            // The file may not grow: what SQLite reports when the disk is full (SQLITE_FULL).
            try store.withRawConnection { db in
                let pages = try db.scalarInt("PRAGMA page_count") ?? 0
                try db.execute("PRAGMA max_page_count = \(pages)")
            }
            #expect(try store.events(matching: year) == expected)
            #expect(try Self.count("SELECT count(*) FROM occurrence_buckets", store) == 0)
            #expect(log.lines.contains { $0.hasPrefix("occurrence index not updated") && $0.contains("full") }, "\(log.lines)")
        }
    }

    /// Enough series that their rows are made on threads of their own while the query's
    /// connection stores them: the first insert fails (the file may not grow), the threads
    /// stop taking series and are waited for, and nothing of the fill is left.
    @Test("A full disk while many series are indexed on threads: nothing is filled, the answer is still right")
    func fullDiskWhileRowsAreMadeOnThreads() throws {
        var text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\n"
        for i in 0..<400 {
            let hour = String(format: "%02d", 6 + i % 12)
            text += "BEGIN:VEVENT\nUID:series-\(i)@x\nDTSTAMP:20260101T000000Z\nDTSTART:20260105T\(hour)0000Z\n"
                + "DURATION:PT45M\nRRULE:FREQ=WEEKLY;INTERVAL=\(1 + i % 3)\nSUMMARY:Series \(i)\nEND:VEVENT\n"
        }
        text += "END:VCALENDAR\n"
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let store = try EventStore(path: path)
            defer { try? store.close() }
            _ = try store.importDocument(try Self.document(text), intoCalendar: "Work")
            let expanding = try EventStore(path: path, expander: RecurringEventExpander(limits: .init(maxInstancesPerQuery: 999_999)))
            defer { try? expanding.close() }
            let log = DebugLines()
            store.debugLog = log.add
            let year = EventPredicate(startDate: utc(2026, 1, 1), endDate: utc(2027, 1, 1), timeZone: .gmt)
            let expected = try expanding.events(matching: year)
            // 400 series, each weekly, every second or third week: 52, 26 or 18 a year.
            #expect(expected.count == (0..<400).reduce(0) { n, i in n + [52, 26, 18][i % 3] })
            try store.withRawConnection { db in
                let pages = try db.scalarInt("PRAGMA page_count") ?? 0
                try db.execute("PRAGMA max_page_count = \(pages)")
            }
            #expect(try store.events(matching: year) == expected)
            #expect(try Self.count("SELECT count(*) FROM occurrence_buckets", store) == 0)
            #expect(try Self.count("SELECT count(*) FROM occurrences", store) == 0)
            #expect(log.lines.contains { $0.hasPrefix("occurrence index not updated") && $0.contains("full") }, "\(log.lines)")
            // With room again the same query fills the index, from threads, and answers the same.
            try store.withRawConnection { try $0.execute("PRAGMA max_page_count = 1073741823") }
            #expect(try store.events(matching: year) == expected)
            let inYear = "SELECT count(*) FROM occurrences WHERE start_time >= \(utc(2026, 1, 1).timeIntervalSince1970) AND start_time < \(utc(2027, 1, 1).timeIntervalSince1970)"
            #expect(try Self.count(inYear, store) == expected.count)
        }
    }
}

extension OccurrenceIndexTests {
    /// A row's series is checked when its transaction commits (the deferred foreign key of
    /// schema version 15): a row of a series that does not exist is refused there, and the
    /// transaction leaves nothing; deleting a series still takes its rows with it.
    @Test func aRowOfNoSeriesIsRefusedAtCommit() throws {
        try withTemporaryDirectory { directory in
            let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
            defer { try? store.close() }
            _ = try store.importDocument(try Self.document(Self.feed), intoCalendar: "Work")
            _ = try store.events(matching: EventPredicate(startDate: Self.windows[0].0, endDate: Self.windows[0].1, timeZone: .gmt))
            try store.withRawConnection { db in
                let rows = "SELECT count(*) FROM occurrences"
                let before = try #require(try db.scalarInt(rows))
                #expect(before > 0, "the query filled the index")
                var inserted = false
                #expect(throws: StoreError.self) {
                    try db.transaction(.immediate) {
                        try db.run("""
                            INSERT OR FAIL INTO occurrences (series_id, calendar_id, item_id, start_time, end_time, occurrence_date, flags)
                            VALUES (-1, 1, 1, 0, 0, NULL, 0)
                            """)
                        inserted = true
                    }
                }
                #expect(inserted, "the row's series is checked at commit, not when it is inserted")
                #expect(try db.scalarInt(rows) == before)
                try db.run("DELETE FROM occurrence_series")
                #expect(try db.scalarInt(rows) == 0)
            }
        }
    }

    @Test("A version 2 store gets the index tables on open; its items are kept and answered")
    func migratesVersion2() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let first = try EventStore(path: path)
            _ = try first.importDocument(try Self.document(Self.feed), intoCalendar: "Work")
            // Back to version 2 as an older icalkit left it: no index objects.
            try first.withRawConnection { db in
                try db.execute("""
                    DROP TRIGGER items_update_stale; DROP TRIGGER items_delete_stale;
                    DROP TRIGGER time_zones_insert_stale; DROP TRIGGER time_zones_update_stale; DROP TRIGGER time_zones_delete_stale;
                    DROP TABLE occurrences; DROP TABLE occurrence_series; DROP TABLE occurrence_buckets; DROP TABLE occurrence_stale;
                    DROP INDEX calendars_identifier; ALTER TABLE calendars DROP COLUMN identifier;
                    DROP TABLE subscriptions;
                    PRAGMA user_version = 2;
                    """)
            }
            let itemsBefore = try Self.count("SELECT count(*) FROM items", first)
            try first.close()

            let store = try EventStore(path: path)
            defer { try? store.close() }
            #expect(try Self.count("PRAGMA user_version", store) == Int64(EventStore.schemaVersion))
            #expect(EventStore.schemaVersion == 16)
            // 4 tables, 4 indexes, 5 triggers.
            #expect(try Self.count("SELECT count(*) FROM sqlite_master WHERE name LIKE 'occurrence%' OR name LIKE '%_stale'", store) == 13)
            #expect(try Self.count("SELECT count(*) FROM items", store) == itemsBefore)
            let expanding = try EventStore(path: path, expander: RecurringEventExpander(limits: .init(maxInstancesPerQuery: 999_999)))
            defer { try? expanding.close() }
            try Self.expectSameAnswers(store, expanding, windows: [Self.windows[0]], zones: ["Europe/Berlin"])
        }
    }
}

/// The bucket arithmetic the tests need, restated (28-day buckets counted from 1970-01-01).
enum OccurrenceIndexProbe {
    static func bucket(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / (28 * 86_400)).rounded(.down)) }
}

/// Lines a store wrote to its debug log.
final class DebugLines: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }
    var add: @Sendable (String) -> Void { { line in self.lock.withLock { self.recorded.append(line) } } }
}
