import CalendarModel
@testable import CalendarStore
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

@Suite("Import")
struct ImportTests {
    static func sampleDocument() -> CalendarDocument {
        var master = makeEvent("series@x", "Standup", start: utc(2026, 3, 2, 9), minutes: 15)
        master.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterOccurrences(10))]
        var moved = makeEvent("series@x", "Standup (moved)", start: utc(2026, 3, 4, 11), minutes: 15)
        moved.occurrenceDate = utc(2026, 3, 4, 9)
        var reminder = Reminder(uid: "todo@x", title: "Taxes")
        reminder.dueDateComponents = DateComponents(year: 2026, month: 4, day: 30)
        var document = makeDocument("Work", events: [master, moved, makeEvent("single@x", start: utc(2026, 3, 3, 14))], reminders: [reminder])
        document.timeZones = [TimeZoneDefinition(tzid: "Europe/Berlin", text: "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nEND:VTIMEZONE")]
        document.extraProperties = ["METHOD:PUBLISH", "X-WR-RELCALID:abc"]
        document.extraComponents = ["BEGIN:VJOURNAL\r\nUID:j@x\r\nEND:VJOURNAL"]
        document.calendar.color = "#123456"
        return document
    }

    @Test func reportCountsAndEntries() throws {
        try withStore { store in
            let report = try store.importDocument(Self.sampleDocument())
            #expect(report.calendarTitle == "Work")
            #expect(report.createdCalendar)
            #expect((report.added, report.updated, report.unchanged, report.skipped, report.removed) == (4, 0, 0, 0, 0))
            // Added and unchanged items are only counted: a large import keeps no per-item entries.
            #expect(report.entries.isEmpty)

            let decoded = try JSONDecoder().decode(ImportReport.self, from: try JSONEncoder().encode(report))
            #expect(decoded == report)

            // One change-log row per UID, not per component.
            let log = try store.changes(since: 0).changes
            #expect(log.map { "\($0.kind) \($0.uid)" } == ["added series@x", "added single@x", "added todo@x"])
        }
    }

    /// An import runs with SQLite's CHECK constraints off (its values come from enums); after
    /// it, and after a failed one, they hold again, for the very statements it prepared too
    /// (the connection caches statements by SQL text: this is the change log's insert).
    @Test func checkConstraintsHoldAgainAfterAnImport() throws {
        try withStore { store in
            _ = try store.importDocument(Self.sampleDocument())
            struct Stop: Error {}
            #expect(throws: Stop.self) {
                _ = try store.importStream(intoCalendar: "Other") { session in
                    try session.begin(makeDocument("Other"))
                    try session.add(makeEvent("one@x", start: utc(2026, 3, 2, 9)))
                    throw Stop()
                }
            }
            try store.withRawConnection { db throws in
                #expect(throws: StoreError.self) {
                    try db.run("INSERT INTO changes (calendar, uid, change) VALUES (?, ?, ?)", [.text("Work"), .text("x"), .text("bogus")])
                }
                #expect(throws: StoreError.self) {
                    try db.run("UPDATE items SET kind = 'note' WHERE uid = 'single@x'")
                }
                let bogus = try db.scalarInt("SELECT count(*) FROM changes WHERE change = 'bogus'")
                #expect(bogus == 0)
            }
        }
    }

    @Test func reimportingTheSameDocumentIsANoOp() throws {
        try withStore { store in
            let document = Self.sampleDocument()
            _ = try store.importDocument(document)
            let token = try store.currentChangeToken()
            let before = try dumpTables(store)

            let log = SQLLog()
            try store.withRawConnection { db in db.onSQL = { log.add($0) } }
            let again = try store.importDocument(document)
            try store.withRawConnection { db in db.onSQL = nil }
            let writes = log.all.filter { ["INSERT", "UPDATE", "DELETE", "REPLACE"].contains(where: $0.uppercased().hasPrefix) }
            #expect(writes.isEmpty, "\(writes)")
            #expect(log.all.contains("BEGIN IMMEDIATE"))
            #expect((again.added, again.updated, again.unchanged, again.skipped) == (0, 0, 4, 0))
            #expect(!again.createdCalendar)
            #expect(try store.currentChangeToken() == token)
            #expect(try store.changes(since: token).changes.isEmpty)
            #expect(try dumpTables(store) == before)
        }
    }

    @Test func documentForCalendarReturnsWhatWasImported() throws {
        try withStore { store in
            let document = Self.sampleDocument()
            _ = try store.importDocument(document)
            var exported = try store.document(forCalendar: "Work")
            #expect(exported.calendar.calendarIdentifier != nil)
            exported.calendar.calendarIdentifier = nil
            #expect(exported == document)

            // Same TZID again replaces the stored VTIMEZONE.
            var update = makeDocument("Work")
            update.timeZones = [TimeZoneDefinition(tzid: "Europe/Berlin", text: "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nX-NEW:1\r\nEND:VTIMEZONE")]
            _ = try store.importDocument(update)
            #expect(try store.document(forCalendar: "Work").timeZones == update.timeZones)
        }
    }

    @Test func titleParameterAndDryRun() throws {
        try withStore { store in
            let dry = try store.importDocument(Self.sampleDocument(), intoCalendar: "Elsewhere", dryRun: true)
            #expect(dry.dryRun && dry.createdCalendar && dry.added == 4)
            #expect(try store.calendars().isEmpty)
            #expect(try store.currentChangeToken() == 0)

            let real = try store.importDocument(Self.sampleDocument(), intoCalendar: "Elsewhere")
            #expect(real.calendarTitle == "Elsewhere" && real.added == 4)
            #expect(try store.calendars().map(\.title) == ["Elsewhere"])
        }
    }

    // MARK: Versions

    struct VersionCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        var stored: (sequence: Int, lastModified: Date?, stamp: Date?)
        var incoming: (sequence: Int, lastModified: Date?, stamp: Date?)
        var outcome: ImportReport.Outcome

        static let t1 = utc(2026, 1, 1), t2 = utc(2026, 2, 1)
        static let all: [VersionCase] = [
            VersionCase(testDescription: "higher SEQUENCE wins", stored: (1, t2, t2), incoming: (2, t1, t1), outcome: .updated),
            VersionCase(testDescription: "lower SEQUENCE loses despite newer dates", stored: (2, t1, t1), incoming: (1, t2, t2), outcome: .skipped),
            VersionCase(testDescription: "same SEQUENCE, newer LAST-MODIFIED", stored: (0, t1, t2), incoming: (0, t2, t1), outcome: .updated),
            VersionCase(testDescription: "same SEQUENCE, older LAST-MODIFIED", stored: (0, t2, t1), incoming: (0, t1, t2), outcome: .skipped),
            VersionCase(testDescription: "no LAST-MODIFIED, newer DTSTAMP", stored: (0, nil, t1), incoming: (0, nil, t2), outcome: .updated),
            VersionCase(testDescription: "equal LAST-MODIFIED, older DTSTAMP", stored: (0, t1, t2), incoming: (0, t1, t1), outcome: .skipped),
            VersionCase(testDescription: "LAST-MODIFIED on one side only, older DTSTAMP", stored: (0, nil, t2), incoming: (0, t2, t1), outcome: .skipped),
            VersionCase(testDescription: "same version, different content", stored: (3, t1, t1), incoming: (3, t1, t1), outcome: .updated),
        ]
    }

    @Test(arguments: VersionCase.all) func versionRules(_ c: VersionCase) throws {
        try withStore { store in
            var old = makeEvent("v@x", "Stored", start: utc(2026, 3, 2, 10))
            (old.sequence, old.lastModifiedDate, old.timestamp) = c.stored
            _ = try store.importDocument(makeDocument("Work", events: [old]))
            let token = try store.currentChangeToken()

            var new = makeEvent("v@x", "Incoming", start: utc(2026, 3, 2, 11))
            (new.sequence, new.lastModifiedDate, new.timestamp) = c.incoming
            let report = try store.importDocument(makeDocument("Work", events: [new]))

            let entry = try #require(report.entries.first)
            #expect(report.entries.count == 1)
            #expect(entry.outcome == c.outcome)
            let stored = try #require(try store.event(withUID: "v@x"))
            let changes = try store.changes(since: token).changes
            if c.outcome == .updated {
                #expect(stored.event == new)
                #expect(changes.map(\.kind) == [.updated])
            } else {
                #expect(stored.event == old)
                #expect(changes.isEmpty)
                #expect(entry.reason?.contains("older") == true, "reason: \(entry.reason ?? "nil")")
            }
        }
    }

    @Test func newerMasterReplacesOverridesItDoesNotCarry() throws {
        try withStore { store in
            var master = makeEvent("s@x", "Weekly", start: utc(2026, 3, 2, 9))
            master.recurrenceRules = [RecurrenceRule(frequency: .weekly)]
            var first = makeEvent("s@x", "Week 2 moved", start: utc(2026, 3, 9, 12))
            first.occurrenceDate = utc(2026, 3, 9, 9)
            var second = makeEvent("s@x", "Week 3 moved", start: utc(2026, 3, 16, 12))
            second.occurrenceDate = utc(2026, 3, 16, 9)
            _ = try store.importDocument(makeDocument("Work", events: [master, first, second]))

            // The organizer sends version 1 of the series, carrying only the week-3 override.
            var master1 = master
            master1.sequence = 1
            master1.title = "Weekly (new room)"
            var second1 = second
            second1.sequence = 1
            let report = try store.importDocument(makeDocument("Work", events: [second1, master1]))

            #expect((report.updated, report.removed, report.added) == (2, 1, 0))
            let removed = try #require(report.entries.first { $0.outcome == .removed })
            #expect(removed.recurrenceId == utc(2026, 3, 9, 9))
            let events = try store.document(forCalendar: "Work").events
            #expect(events.map(\.title) == ["Weekly (new room)", "Week 3 moved"])
        }
    }

    @Test func olderMasterIsSkippedAndOverridesStay() throws {
        try withStore { store in
            var master = makeEvent("s@x", "Weekly v2", start: utc(2026, 3, 2, 9), sequence: 2)
            master.recurrenceRules = [RecurrenceRule(frequency: .weekly)]
            var override = makeEvent("s@x", "moved", start: utc(2026, 3, 9, 12), sequence: 2)
            override.occurrenceDate = utc(2026, 3, 9, 9)
            _ = try store.importDocument(makeDocument("Work", events: [master, override]))

            var stale = master
            stale.sequence = 1
            stale.title = "Weekly v1"
            let report = try store.importDocument(makeDocument("Work", events: [stale]))
            #expect((report.skipped, report.removed, report.updated) == (1, 0, 0))
            #expect(report.entries.first?.reason == "SEQUENCE 1 is older than the stored 2")
            #expect(try store.document(forCalendar: "Work").events.map(\.title) == ["Weekly v2", "moved"])
        }
    }

    @Test(arguments: [0, 1, 2, 3])
    func failingImportLeavesTheStoreUnchanged(failAt index: Int) throws {
        try withStore { store in
            _ = try store.importDocument(Self.sampleDocument())
            let before = try dumpTables(store)

            // A second document that adds a calendar property, a time zone, new items and an update.
            var document = Self.sampleDocument()
            document.calendar.color = "#000000"
            document.timeZones.append(TimeZoneDefinition(tzid: "America/New_York", text: "BEGIN:VTIMEZONE\r\nEND:VTIMEZONE"))
            document.events[2].title = "changed"
            document.events[2].sequence = 5
            document.events.insert(makeEvent("fresh@x", start: utc(2026, 5, 1)), at: 0)
            struct InjectedFailure: Error {}
            store.importItemHook = { if $0 == index { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) { try store.importDocument(document) }
            store.importItemHook = nil

            #expect(try dumpTables(store) == before)
            // And the same document imports fine afterwards.
            let report = try store.importDocument(document)
            #expect(report.added == 1 && report.updated == 1)
        }
    }

    @Test func failureFromSQLiteRollsBackToo() throws {
        try withStore { store in
            _ = try store.importDocument(Self.sampleDocument())
            let before = try dumpTables(store)
            // A trigger stands in for a constraint that fails on the third new item.
            try store.withRawConnection { db in
                try db.execute("""
                    CREATE TEMP TRIGGER fail_third AFTER INSERT ON items
                    WHEN (SELECT count(*) FROM items) > 6
                    BEGIN SELECT RAISE(ABORT, 'injected constraint failure'); END
                    """)
            }
            let document = makeDocument("Work", events: (1...4).map { makeEvent("n\($0)@x", start: utc(2026, 6, $0)) })
            let error = try #require(throws: StoreError.self) { try store.importDocument(document) }
            #expect(error.resultCode.primaryResultCode == .constraint)
            if case .constraint = error.resultCode {} else { Issue.record("`case .constraint` should match \(error.resultCode)") }
            #expect(error.sql?.contains("INSERT INTO items") == true)
            #expect(try dumpTables(store) == before)
        }
    }
}

final class SQLLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ sql: String) { lock.withLock { list.append(sql.trimmingCharacters(in: .whitespacesAndNewlines)) } }
    var all: [String] { lock.withLock { list } }
}

@Suite("Import stream")
struct ImportStreamTests {
    /// Items added as read (``ImportSession/add(read:)-(Event)``, which keeps the source text
    /// without comparing the item with its source's snapshot) land exactly as when compared, for
    /// every fixture file: the reader hands over nothing changed after it was read.
    @Test(arguments: TestFiles.files(under: TestFiles.fixtures).map(\.path))
    func itemsAddedAsReadLandAsWhenCompared(_ path: String) throws {
        func imported(asRead: Bool) throws -> [String: [[SQLValue]]] {
            try withStore { store in
                _ = try store.importStream { session in
                    _ = try ICalendarReader().read(fileAt: path) { event in
                        switch event {
                        case .calendarBegan(let header): try session.begin(header)
                        case .event(let e): if asRead { try session.add(read: e) } else { try session.add(e) }
                        case .reminder(let r): if asRead { try session.add(read: r) } else { try session.add(r) }
                        case .extraComponent(let text): session.addExtraComponent(text)
                        case .calendarEnded: try session.end()
                        }
                    }
                    return true
                }
                return try dumpTables(store)
            }
        }
        let compared = try imported(asRead: false)
        #expect(try imported(asRead: true) == compared)
    }

    /// A calendar the import creates logs its UIDs in ranges of items
    /// (``EventStore/logAdditions(calendarID:title:after:through:_:)``); one that existed,
    /// empty, logs them item by item. The log is the same, for every fixture file (files of
    /// several VCALENDARs go into the one calendar, which then exists from the second on).
    @Test(arguments: TestFiles.files(under: TestFiles.fixtures).map(\.path))
    func aCreatedCalendarLogsItsUIDsAsAnEmptyOneDoes(_ path: String) throws {
        func log(calendarExists: Bool) throws -> (changes: [String], storedUIDs: Int64?) {
            try withStore { store in
                if calendarExists { try store.saveCalendar(EventCalendar(title: "Feed")) }
                let token = try store.currentChangeToken()
                _ = try store.importStream(intoCalendar: "Feed") { session in
                    _ = try ICalendarReader().read(fileAt: path) { event in
                        switch event {
                        case .calendarBegan(let header): try session.begin(header)
                        case .event(let e): try session.add(read: e)
                        case .reminder(let r): try session.add(read: r)
                        case .extraComponent(let text): session.addExtraComponent(text)
                        case .calendarEnded: try session.end()
                        }
                    }
                    return true
                }
                let changes = try store.changes(since: token).changes.map { "\($0.kind) \($0.calendarTitle) \($0.uid)" }
                return (changes, try store.withRawConnection { try $0.scalarInt("SELECT count(DISTINCT uid) FROM items") })
            }
        }
        let created = try log(calendarExists: false)
        let existing = try log(calendarExists: true)
        #expect(created.changes == existing.changes)
        // Every UID stored is logged (once per VCALENDAR that carries it).
        #expect(Int64(Set(created.changes.map { $0.split(separator: " ", maxSplits: 2).last ?? "" }).count) == created.storedUIDs)
    }

    /// The same over ranges: items past several ``ImportSession/loggedItems`` with UIDs met
    /// again across the ranges' ends (overrides of earlier masters, an override before its
    /// master, a newer copy of an earlier item, an unchanged repeat).
    @Test func aCreatedCalendarLogsAcrossItsRangesAsAnEmptyOneDoes() throws {
        let count = 3 * ImportSession.loggedItems + 40
        var events: [Event] = []
        for i in 0..<count {
            events.append(makeEvent("uid-\(i)@x", start: utc(2026, 1, 1 + i % 28, 9)))
            if i % 97 == 5 {   // an override of a master met long before (another range, mostly)
                var override = makeEvent("uid-\(i / 2)@x", start: utc(2026, 2, 1, 10))
                override.occurrenceDate = utc(2026, 1, 1 + (i / 2) % 28, 9)
                events.append(override)
            }
            if i % 131 == 7 {   // a newer copy, and an unchanged repeat, of an earlier item
                events.append(makeEvent("uid-\(i / 3)@x", "changed", start: utc(2026, 1, 1 + (i / 3) % 28, 9), sequence: 1))
                events.append(makeEvent("uid-\(i / 4)@x", start: utc(2026, 1, 1 + (i / 4) % 28, 9)))
            }
            if i == ImportSession.loggedItems - 1 {   // an override whose master comes after the range's end
                var orphan = makeEvent("late@x", start: utc(2026, 3, 2, 10))
                orphan.occurrenceDate = utc(2026, 3, 1, 9)
                events.append(orphan)
            }
        }
        events.append(makeEvent("late@x", start: utc(2026, 3, 1, 9)))
        func log(calendarExists: Bool) throws -> [String] {
            try withStore { store in
                if calendarExists { try store.saveCalendar(EventCalendar(title: "Feed")) }
                let token = try store.currentChangeToken()
                _ = try store.importStream(intoCalendar: "Feed") { session in
                    try session.begin(makeDocument("Feed"))
                    for event in events { try session.add(event) }
                    try session.end()
                    return true
                }
                return try store.changes(since: token).changes.map { "\($0.kind) \($0.calendarTitle) \($0.uid)" }
            }
        }
        let created = try log(calendarExists: false)
        #expect(created == (try log(calendarExists: true)))
        #expect(created.count == count + 1)   // every UID once: uid-0 ... and late@x
        #expect(created.last == "added Feed uid-\(count - 1)@x")
        #expect(created.firstIndex(of: "added Feed late@x") == ImportSession.loggedItems)   // where its override came
    }

    @Test func severalCalendarsLandInOneTransaction() throws {
        try withStore { store in
            _ = try store.importDocument(makeDocument("Before", events: [makeEvent("kept@x", start: utc(2026, 3, 1, 9))]))
            let before = try dumpTables(store)
            // A failure in the second calendar takes the first one's items back too.
            struct InjectedFailure: Error {}
            #expect(throws: InjectedFailure.self) {
                _ = try store.importStream { session in
                    try session.begin(makeDocument("One"))
                    try session.add(makeEvent("a@x", start: utc(2026, 3, 2, 9)))
                    try session.begin(makeDocument("Two"))
                    try session.add(makeEvent("b@x", start: utc(2026, 3, 3, 9)))
                    throw InjectedFailure()
                }
            }
            #expect(try dumpTables(store) == before)
            // Returning false rolls back as well, and still reports.
            let reports = try store.importStream { session in
                try session.begin(makeDocument("One"))
                try session.add(makeEvent("a@x", start: utc(2026, 3, 2, 9)))
                return false
            }
            #expect(reports.map(\.added) == [1])
            #expect(try dumpTables(store) == before)
            // Committed: both calendars, one change row per UID.
            let token = try store.currentChangeToken()
            let done = try store.importStream { session in
                try session.begin(makeDocument("One"))
                try session.add(makeEvent("a@x", start: utc(2026, 3, 2, 9)))
                try session.begin(makeDocument("Two"))
                try session.add(makeEvent("b@x", start: utc(2026, 3, 3, 9)))
                return true
            }
            #expect(done.map(\.calendarTitle) == ["One", "Two"])
            #expect(try store.changes(since: token).changes.map { "\($0.kind) \($0.uid)" } == ["added a@x", "added b@x"])
        }
    }

    /// Many VCALENDARs of one file going into one calendar (libical's large.ics has 1,788): the
    /// calendar gathers every header's properties and verbatim components once each, in file
    /// order; components one VCALENDAR repeats are kept as it has them; a second import of the
    /// same calendars adds nothing; and the first calendar of the file alone is the one created.
    @Test func manyCalendarsIntoOneGatherTheirVerbatimPartsOnce() throws {
        func journal(_ n: Int) -> String { "BEGIN:VJOURNAL\r\nUID:j\(n)@x\r\nEND:VJOURNAL" }
        func calendars() -> [(header: CalendarDocument, extras: [String])] {
            (0..<300).map { n in
                var header = makeDocument("Feed")
                header.calendar.color = n == 120 ? "#00FF00" : nil
                header.extraProperties = n % 100 == 7 ? ["X-PART:\(n)"] : []
                // Each VCALENDAR brings a new journal, one seen before, and (the 5th) one twice.
                var extras = [journal(n), journal(n / 2)]
                if n == 5 { extras.append(journal(1000)); extras.append(journal(1000)) }
                return (header, extras)
            }
        }
        try withStore { store in
            for pass in 0..<2 {
                let reports = try store.importStream { session in
                    for (n, calendar) in calendars().enumerated() {
                        try session.begin(calendar.header)
                        try session.add(makeEvent("e\(n)@x", start: utc(2026, 3, 2, 9)))
                        calendar.extras.forEach(session.addExtraComponent)
                        try session.end()
                    }
                    return true
                }
                #expect(reports.count == 300)
                #expect(reports.map(\.createdCalendar) == [pass == 0] + Array(repeating: false, count: 299))
                #expect(reports.map(\.added).reduce(0, +) == (pass == 0 ? 300 : 0))
                let document = try store.document(forCalendar: "Feed")
                // Derived from the rule above: journals 0...299 in order of first appearance
                // (n/2 is always seen before n), calendar 0 brings journal 0 twice (0/2 == 0)
                // and calendar 5 journal 1000 twice.
                var expected = [journal(0)] + (0...5).map(journal) + [journal(1000), journal(1000)]
                expected += (6..<300).map(journal)
                #expect(document.extraComponents == expected)
                #expect(document.extraProperties == ["X-PART:7", "X-PART:107", "X-PART:207"])
                #expect(document.calendar.color == "#00FF00")
            }
        }
    }

    /// A read-only calendar made by an import takes the file's later VCALENDARs (same source),
    /// and a VCALENDAR from another source in the same import is refused, taking the whole
    /// import back with it.
    @Test func readOnlyCalendarAcrossTheVCalendarsOfOneImport() throws {
        try withStore { store in
            let feed = "https://example.com/feed.ics"
            let reports = try store.importStream(readOnly: true) { session in
                for n in 0..<3 {
                    try session.begin(makeDocument("Feed", source: feed))
                    try session.add(makeEvent("e\(n)@x", start: utc(2026, 3, 2, 9)))
                }
                return true
            }
            #expect(reports.map(\.added) == [1, 1, 1])
            #expect(try store.calendar(titled: "Feed")?.allowsContentModifications == false)
            let before = try dumpTables(store)
            let error = try #require(throws: StoreError.self) {
                _ = try store.importStream { session in
                    try session.begin(makeDocument("Feed", source: feed))
                    try session.add(makeEvent("new@x", start: utc(2026, 3, 3, 9)))
                    try session.begin(makeDocument("Feed", source: "/tmp/other.ics"))
                    return true
                }
            }
            #expect(error.reason == .readOnlyCalendar)
            #expect(try dumpTables(store) == before)
        }
    }

    /// A lookup by UID alone (``EventStore/event(withUID:)``) goes through each calendar to
    /// `items_key` (there is no index by UID alone), and finds the master before any override,
    /// then the calendar first by title.
    @Test func aLookupByUIDAloneUsesTheKeyAndKeepsItsOrder() throws {
        try withStore { store in
            var override = makeEvent("u@x", "Moved", start: utc(2026, 3, 3, 11), minutes: 15)
            override.occurrenceDate = utc(2026, 3, 3, 9)
            _ = try store.importDocument(makeDocument("B", events: [makeEvent("u@x", "In B", start: utc(2026, 3, 2, 9), minutes: 15)]))
            _ = try store.importDocument(makeDocument("A", events: [override]))
            #expect(try store.event(withUID: "u@x")?.calendarTitle == "B")   // A holds only an override
            _ = try store.importDocument(makeDocument("C", events: [makeEvent("u@x", "In C", start: utc(2026, 3, 2, 9), minutes: 15)]))
            #expect(try store.event(withUID: "u@x")?.event.title == "In B")   // B before C
            #expect(try store.event(withUID: "nobody@x") == nil)
            try store.withRawConnection { db in
                let plan = try db.rows("EXPLAIN QUERY PLAN " + EventStore.firstStoredSQL, [.text("u@x"), .text("event")])
                let details = plan.compactMap { row -> String? in
                    if case .text(let detail) = row.last { return detail }
                    return nil
                }
                #expect(details.contains { $0.contains("USING INDEX items_key (calendar_id=? AND uid=?)") }, "\(details)")
                #expect(!details.contains { $0.hasPrefix("SCAN i") }, "\(details)")
            }
        }
    }

    /// An item is found by its whole key through the key's index, so finding one override of a
    /// series does not read the others (re-importing 8,000 overrides took 9.4 s when it did).
    /// The plan is SQLite's own report; the lookups' results are checked for a master and its
    /// overrides, including an override at the epoch (0.0, which is not NULL).
    @Test func itemLookupUsesTheWholeKey() throws {
        try withStore { store in
            var master = makeEvent("s@x", "Series", start: utc(2026, 3, 2, 9), minutes: 15)
            master.recurrenceRules = [RecurrenceRule(frequency: .daily)]
            var overrides: [Event] = []
            for day in 3...5 {
                var moved = makeEvent("s@x", "Moved \(day)", start: utc(2026, 3, day, 11), minutes: 15)
                moved.occurrenceDate = utc(2026, 3, day, 9)
                overrides.append(moved)
            }
            var epoch = makeEvent("s@x", "Epoch", start: utc(1970, 1, 1, 1), minutes: 15)
            epoch.occurrenceDate = Date(timeIntervalSince1970: 0)
            _ = try store.importDocument(makeDocument("Work", events: [master] + overrides + [epoch]))
            try store.withRawConnection { db in
                let plan = try db.rows("EXPLAIN QUERY PLAN " + EventStore.storedRowSQL, [.integer(1), .text("s@x"), .null])
                let details = plan.compactMap { row -> String? in
                    if case .text(let detail) = row.last { return detail }
                    return nil
                }
                #expect(details.count == 1)
                #expect(details.first?.contains("USING INDEX items_key (calendar_id=? AND uid=? AND <expr>=?)") == true, "\(details)")
                func title(_ recurrenceID: SQLValue) throws -> String? {
                    let rows = try db.rows(EventStore.storedRowSQL, [.integer(1), .text("s@x"), recurrenceID])
                    #expect(rows.count <= 1)
                    guard case .blob(let model)? = rows.first?[2] else { return nil }
                    return try ItemCodec.decodeEvent(model, sourceText: nil).title
                }
                #expect(try title(.null) == "Series")
                #expect(try title(.real(utc(2026, 3, 4, 9).timeIntervalSince1970)) == "Moved 4")
                #expect(try title(.real(0)) == "Epoch")
                #expect(try title(.real(utc(2026, 3, 6, 9).timeIntervalSince1970)) == nil)
            }
        }
    }

    /// Titles in different Unicode normal forms are different calendars to SQLite (it compares
    /// bytes), also within one import; and a read-only import of a feed without a source
    /// gathers its VCALENDAR's verbatim components (the source is checked when it begins).
    @Test func calendarsOfOneImportAreKeptApartByTheirBytes() throws {
        try withStore { store in
            let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
            #expect(composed == decomposed)   // equal as Swift strings
            let reports = try store.importStream { session in
                try session.begin(makeDocument(composed))
                try session.add(makeEvent("a@x", start: utc(2026, 3, 2, 9)))
                try session.begin(makeDocument(decomposed))
                try session.add(makeEvent("b@x", start: utc(2026, 3, 3, 9)))
                return true
            }
            #expect(reports.map(\.createdCalendar) == [true, true])
            let titles = try store.calendars().map { Array($0.title.utf8) }
            #expect(titles.contains(Array(composed.utf8)) && titles.contains(Array(decomposed.utf8)))
            let feed = try store.importStream(readOnly: true) { session in
                try session.begin(makeDocument("No source"))
                try session.add(makeEvent("c@x", start: utc(2026, 3, 4, 9)))
                session.addExtraComponent("BEGIN:VJOURNAL\r\nUID:j@x\r\nEND:VJOURNAL")
                return true
            }
            #expect(feed.map(\.added) == [1])
            #expect(try store.document(forCalendar: "No source").extraComponents == ["BEGIN:VJOURNAL\r\nUID:j@x\r\nEND:VJOURNAL"])
        }
    }

    @Test func anOverrideAfterItsUpdatedMasterIsKept() throws {
        try withStore { store in
            var master = makeEvent("s@x", "Series", start: utc(2026, 3, 2, 9))
            master.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterOccurrences(5))]
            var keep = makeEvent("s@x", "Moved", start: utc(2026, 3, 3, 11))
            keep.occurrenceDate = utc(2026, 3, 3, 9)
            var drop = makeEvent("s@x", "Dropped", start: utc(2026, 3, 4, 11))
            drop.occurrenceDate = utc(2026, 3, 4, 9)
            _ = try store.importDocument(makeDocument("Work", events: [master, keep, drop]))
            // Version 2 of the series: the master first, its one remaining override after it.
            master.sequence = 1
            keep.sequence = 1
            let report = try store.importDocument(makeDocument("Work", events: [master, keep]))
            #expect((report.updated, report.removed) == (2, 1))
            #expect(report.entries.first { $0.outcome == .removed }?.recurrenceId == utc(2026, 3, 4, 9))
            let stored = try store.document(forCalendar: "Work").events.compactMap(\.occurrenceDate)
            #expect(stored == [utc(2026, 3, 3, 9)])
        }
    }
}
