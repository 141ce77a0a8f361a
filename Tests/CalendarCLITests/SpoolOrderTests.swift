import CalendarModel
import Foundation
import Testing
@testable import CalendarCLI

/// SpoolOrder hands places back in key order, from memory or merged from runs on disk.
@Suite("Spool order (external sort)")
struct SpoolOrderTests {
    /// Events with clashing starts, UIDs and occurrence dates, so every field of the order counts.
    static func events(_ count: Int, seed: UInt64) -> [Event] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        return (0..<count).map { _ in
            let start = base.addingTimeInterval(Double(next(40)) * 1800)
            var e = Event(uid: "uid-\(next(25))@x", startDate: start, endDate: start.addingTimeInterval(Double(next(3)) * 900))
            if next(3) == 0 { e.occurrenceDate = start.addingTimeInterval(Double(next(4)) * 86_400) }
            return e
        }
    }

    @Test(arguments: [1, 7, 64, 10_000])
    func drainsInKeyOrder(batchLimit: Int) throws {
        let events = Self.events(1_000, seed: UInt64(batchLimit))
        var order = SpoolOrder<JSONOutput.EventOrder>(batchLimit: batchLimit)
        for (i, e) in events.enumerated() { try order.append(JSONOutput.EventOrder(e, position: i), offset: i, length: i % 7) }
        #expect(order.count == 1_000)
        // Expected: the places sorted by their keys in memory, independently of the runs.
        let expected = events.indices.sorted { JSONOutput.EventOrder(events[$0], position: $0) < JSONOutput.EventOrder(events[$1], position: $1) }
        var got: [Int] = []
        try order.drain { offset, length throws(CLIError) in
            #expect(length == offset % 7)
            got.append(offset)
        }
        #expect(got == expected)
        #expect(order.count == 0)
        // Drained means forgotten: a new batch starts from nothing.
        try order.append(JSONOutput.EventOrder(events[0], position: 0), offset: 5, length: 1)
        var again: [Int] = []
        try order.drain { offset, _ throws(CLIError) in again.append(offset) }
        #expect(again == [5])
    }

    @Test func reminderKeysReadBackEqual() throws {
        var order = SpoolOrder<JSONOutput.ReminderOrder>(batchLimit: 3)
        var due = DateComponents()
        (due.year, due.month, due.day) = (2026, 3, 2)
        var keys: [JSONOutput.ReminderOrder] = []
        for (i, uid) in ["b", "a", "c", "a", "b", "d", "a"].enumerated() {
            var r = Reminder(uid: uid, title: uid)
            if i % 2 == 0 { r.dueDateComponents = due }
            keys.append(JSONOutput.ReminderOrder(r, calendarTitle: i < 4 ? "Work" : "Home", position: i))
            try order.append(keys[i], offset: i, length: 0)
        }
        let expected = keys.indices.sorted { keys[$0] < keys[$1] }
        var got: [Int] = []
        try order.drain { offset, _ throws(CLIError) in got.append(offset) }
        #expect(got == expected)
    }

    @Test func resetForgetsEverything() throws {
        var order = SpoolOrder<JSONOutput.EventOrder>(batchLimit: 2)
        for (i, e) in Self.events(5, seed: 9).enumerated() { try order.append(JSONOutput.EventOrder(e, position: i), offset: i, length: 0) }
        order.reset()
        #expect(order.count == 0)
        var got: [Int] = []
        try order.drain { offset, _ throws(CLIError) in got.append(offset) }
        #expect(got.isEmpty)
    }
}
