@testable import CalendarStore
import CalendarModel
import Foundation
import Testing

/// Day packs of the occurrence index (`occurrence_packs`, `OccurrencePack`).
@Suite("Occurrence packs")
struct OccurrencePackTests {
    /// The day number of a UTC midnight, as the packs count days: from 2001-01-01.
    static func day(_ date: Date) -> Int64 { Int64((date.timeIntervalSinceReferenceDate / 86_400).rounded(.down)) }

    @Test func rowsRoundTrip() throws {
        let rows = [
            OccurrencePack.Row(calendarID: 1, itemID: 42, start: 794_050_000, end: 794_053_600, occurrenceDate: nil, flags: 0),
            OccurrencePack.Row(calendarID: 7, itemID: Int64.max, start: -0.0, end: 0.5, occurrenceDate: 794_050_000, flags: 7),
            OccurrencePack.Row(calendarID: 2, itemID: 3, start: -1e9, end: .greatestFiniteMagnitude, occurrenceDate: -0.0, flags: 2),
        ]
        let bytes = OccurrencePack.encode(rows)
        #expect(bytes.count == 3 * 48)
        // Little-endian fields: the first row's item id 42 at bytes 8..<16.
        #expect(Array(bytes[8..<16]) == [42, 0, 0, 0, 0, 0, 0, 0])
        var decoded: [OccurrencePack.Row] = []
        #expect(bytes.withUnsafeBytes { OccurrencePack.decode($0) { decoded.append($0) } })
        #expect(decoded == rows)
        // -0.0 kept bit for bit (== alone would not tell it from 0.0).
        #expect(decoded[1].start.sign == .minus && decoded[2].occurrenceDate?.sign == .minus)

        var calls = 0
        #expect(!Array(bytes.dropLast()).withUnsafeBytes { OccurrencePack.decode($0) { _ in calls += 1 } })
        #expect(calls == 0)
        #expect([UInt8]().withUnsafeBytes { OccurrencePack.decode($0) { _ in calls += 1 } })
        #expect(calls == 0)
    }

    @Test func daysOfAWindow() {
        let d = 86_400.0
        #expect(OccurrencePack.days(from: 10 * d, to: 11 * d) == 10...10)          // the end is not read
        #expect(OccurrencePack.days(from: 10 * d, to: 11 * d + 1) == 10...11)
        #expect(OccurrencePack.days(from: 10 * d - 1, to: 10 * d + 1) == 9...10)
        #expect(OccurrencePack.days(from: -1, to: 1) == -1...0)
        #expect(OccurrencePack.days(from: 0, to: 62 * d) == 0...61)               // 62 days: packed
        #expect(OccurrencePack.days(from: 0, to: 62 * d + 1) == nil)              // 63: too long
        #expect(OccurrencePack.days(from: 5, to: 5) == nil)
        #expect(OccurrencePack.days(from: -.infinity, to: 0) == nil)
        #expect(OccurrencePack.days(from: 0, to: .nan) == nil)
    }

    /// The store's packs that can be read, by day.
    static func packs(_ store: EventStore) throws -> [Int64: [OccurrencePack.Row]] {
        try store.withRawConnection { db in
            var packs: [Int64: [OccurrencePack.Row]] = [:]
            try db.forEachRow("SELECT day, rows FROM occurrence_packs") { row in
                var rows: [OccurrencePack.Row] = []
                if row.withBlob(1, { OccurrencePack.decode($0) { rows.append($0) } }) { packs[row.int64(0)] = rows }
            }
            return packs
        }
    }

    /// A week in UTC reads packs from two days and 14 hours before it (the longest short row,
    /// then the slack of floating rows) to 14 hours after: 2026-02-27 to 2026-03-09, 11 days.
    @Test func aWeekPacksItsDaysWithTheRowsOfEach() throws {
        try OccurrenceIndexTests.withStores { indexed, expanded in
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Work")
            let week = EventPredicate(startDate: utc(2026, 3, 2), endDate: utc(2026, 3, 9), timeZone: .gmt)
            let answer = try indexed.events(matching: week)
            #expect(try answer == expanded.events(matching: week))
            let packs = try Self.packs(indexed)
            #expect(packs.keys.sorted() == Array(Self.day(utc(2026, 2, 27))...Self.day(utc(2026, 3, 9))))
            // Each pack: the day's rows of the table, in its index's order.
            for (day, rows) in packs {
                let table = try indexed.withRawConnection { db in
                    try db.rows("""
                        SELECT calendar_id, item_id, start_time, end_time, occurrence_date, flags FROM occurrences
                        WHERE start_time >= ? AND start_time < ? ORDER BY start_time, end_time, calendar_id, item_id, occurrence_date, flags
                        """, [.real(Double(day) * 86_400), .real(Double(day + 1) * 86_400)])
                }
                let expected = table.map { r -> OccurrencePack.Row in
                    func int(_ v: SQLValue) -> Int64 { if case .integer(let i) = v { return i }; return -1 }
                    func real(_ v: SQLValue) -> Double? {
                        switch v { case .real(let d): return d; case .integer(let i): return Double(i); default: return nil }
                    }
                    return OccurrencePack.Row(calendarID: int(r[0]), itemID: int(r[1]), start: real(r[2]) ?? .nan, end: real(r[3]) ?? .nan,
                                              occurrenceDate: real(r[4]), flags: int(r[5]))
                }
                #expect(rows == expected, "day \(day)")
            }
            let inRange = try OccurrenceIndexTests.count("""
                SELECT count(*) FROM occurrences WHERE start_time >= \(Double(Self.day(utc(2026, 2, 27))) * 86_400)
                AND start_time < \(Double(Self.day(utc(2026, 3, 10))) * 86_400)
                """, indexed)
            #expect(packs.values.reduce(0) { $0 + $1.count } == Int(inRange))
            #expect(inRange > 20)

            // The answer comes from the packs: no row of this week is longer than two days, so
            // with the rows emptied behind the store's back it stays the same.
            try indexed.withRawConnection { try $0.execute("DELETE FROM occurrences") }
            #expect(try indexed.events(matching: week) == answer)
            #expect(answer.contains { $0.event.uid == "weekly@x" })
        }
    }

    @Test func writesEmptyThePacksAndTheNextQueryPacksAgain() throws {
        try OccurrenceIndexTests.withStores { indexed, expanded in
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Work")
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Home")
            let week = [(utc(2026, 3, 2), utc(2026, 3, 9))]
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: week, zones: ["Europe/Berlin"])
            #expect(try Self.packs(indexed).count == 11)

            // An edit: the packs stay until the next query brings the index up to date.
            var single = try #require(try indexed.event(withUID: "single@x")).event
            single.startDate = utc(2026, 3, 4, 8)
            single.endDate = utc(2026, 3, 4, 9)
            try indexed.save(single, in: "Work")
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: week, zones: ["Europe/Berlin", "Pacific/Kiritimati"])
            #expect(try indexed.events(matching: EventPredicate(startDate: utc(2026, 3, 4), endDate: utc(2026, 3, 5), timeZone: .gmt))
                .contains { $0.event.uid == "single@x" && $0.startDate == utc(2026, 3, 4, 8) })
            #expect(try Self.packs(indexed).count > 0)

            // A new event in the packed week: its series is new (no rows deleted), so only the
            // days it adds rows to are packed again.
            let packedBefore = try Self.packs(indexed)
            try indexed.save(makeEvent("added@x", start: utc(2026, 3, 5, 7)), in: "Work")
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: week, zones: ["Europe/Berlin", "UTC"])
            #expect(try indexed.events(matching: EventPredicate(startDate: utc(2026, 3, 5), endDate: utc(2026, 3, 6), timeZone: .gmt))
                .contains { $0.event.uid == "added@x" })
            let packedAfter = try Self.packs(indexed)
            #expect(packedAfter.keys.sorted() == packedBefore.keys.sorted())
            #expect(packedAfter[Self.day(utc(2026, 3, 5))]?.count == (packedBefore[Self.day(utc(2026, 3, 5))]?.count ?? -1) + 1)

            // A new window: new buckets, whose rows start in days of their own; the week's packs
            // stay, the new window's are added.
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: [(utc(2031, 6, 1), utc(2031, 6, 8))], zones: ["UTC"])
            #expect(try Self.packs(indexed).keys.filter { $0 >= Self.day(utc(2031, 5, 29)) }.count == 11)
            #expect(try Self.packs(indexed).count == 22)
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: week, zones: ["UTC"])

            // A calendar deleted: its series go, and the packs with them at once.
            try indexed.removeCalendar(titled: "Home")
            #expect(try Self.packs(indexed).isEmpty)
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: week + [(utc(2031, 6, 1), utc(2031, 6, 8))],
                                                      zones: ["Europe/Berlin"])
        }
    }

    @Test func longWindowsMakeNoPacks() throws {
        try OccurrenceIndexTests.withStores { indexed, expanded in
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Work")
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: [(utc(2026, 1, 20), utc(2026, 4, 20))], zones: ["UTC"])
            #expect(try Self.packs(indexed).isEmpty)
            #expect(try OccurrenceIndexTests.count("SELECT count(*) FROM occurrences", indexed) > 100)
        }
    }

    /// Where a day's pack is missing and cannot be made (another connection is writing), or is
    /// not whole, the window is read from the index as before packs.
    @Test func aMissingOrBrokenPackIsReadFromTheIndex() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            let indexed = try EventStore(path: path)
            let expanded = try EventStore(path: path, expander: RecurringEventExpander(limits: .init(maxInstancesPerQuery: 999_999)))
            defer { try? indexed.close(); try? expanded.close() }
            _ = try indexed.importDocument(try OccurrenceIndexTests.document(OccurrenceIndexTests.feed), intoCalendar: "Work")
            let weeks = [(utc(2026, 3, 2), utc(2026, 3, 9))]
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: weeks, zones: ["UTC"])
            let middle = Self.day(utc(2026, 3, 5))

            let writer = try Connection(path: path)
            try writer.execute("DELETE FROM occurrence_packs WHERE day = \(middle); BEGIN IMMEDIATE")
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: weeks, zones: ["UTC", "Pacific/Pago_Pago"])
            #expect(try Self.packs(indexed)[middle] == nil)
            try writer.execute("UPDATE occurrence_packs SET rows = substr(rows, 1, 47) WHERE day = \(middle + 1); COMMIT")
            try writer.close()
            try OccurrenceIndexTests.expectSameAnswers(indexed, expanded, windows: weeks, zones: ["UTC", "Pacific/Pago_Pago"])
            // Both days were packed again once the store could be written.
            #expect(try Self.packs(indexed)[middle]?.isEmpty == false)
            #expect(try Self.packs(indexed)[middle + 1] != nil)
        }
    }
}
