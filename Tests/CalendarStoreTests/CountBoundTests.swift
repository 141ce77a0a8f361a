import CalendarModel
import CalendarStore
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// `items.last_end` of a COUNT series is an upper bound computed without walking the series
/// for the rule shapes that have an instance in every period (see `ItemRow.countBound`); it
/// must never fall before the end of the last instance the expander produces, or a query
/// would miss that instance.
@Suite("COUNT series index bound")
struct CountBoundTests {
    /// The stored `last_end` of each UID.
    func storedLastEnds(_ events: [Event]) throws -> [String: Double?] {
        var result: [String: Double?] = [:]
        try withStore { store in
            _ = try store.importDocument(makeDocument("Bound", events: events))
            try store.withRawConnection { db in
                for row in try db.rows("SELECT uid, last_end FROM items") {
                    guard case .text(let uid) = row[0] else { continue }
                    if case .real(let end) = row[1] { result[uid] = end } else { result[uid] = .some(nil) }
                }
            }
        }
        return result
    }

    /// Random series in several zones (Apia skipped 2011-12-30; Kiritimati is UTC+14),
    /// floating and all-day, with the rule shapes the bound covers and some it does not.
    func randomSeries(count: Int, seed: UInt64) -> [Event] {
        var rng = SplitMix64(seed: seed)
        let zones = ["Europe/Berlin", "America/New_York", "Pacific/Apia", "Pacific/Kiritimati", "Australia/Sydney", "UTC"]
        let weekdays = RecurrenceRule.Weekday.allCases
        var events: [Event] = []
        for n in 0..<count {
            let start = utc(Int.random(in: 2005...2030, using: &rng), Int.random(in: 1...12, using: &rng),
                            Int.random(in: 1...31, using: &rng) % 29 + (Bool.random(using: &rng) ? 0 : 1),
                            Int.random(in: 0...23, using: &rng), [0, 30][Int.random(in: 0...1, using: &rng)])
            let minutes = [0, 30, 60, 600, 1440, 4320][Int.random(in: 0...5, using: &rng)]
            var event = makeEvent("s\(n)@x", start: start, minutes: minutes)
            switch Int.random(in: 0...5, using: &rng) {
            case 0:
                event.timeZone = nil
                event.timeZoneIdentifier = nil
            case 1:
                event.isAllDay = true
                event.timeZone = nil
                event.timeZoneIdentifier = nil
                event.startDate = Calendar.utc.startOfDay(for: start)
                event.endDate = event.startDate.addingTimeInterval(TimeInterval(86_400 * Int.random(in: 1...3, using: &rng)))
            default:
                let id = zones[Int.random(in: 0..<zones.count, using: &rng)]
                event.timeZone = TimeZone(identifier: id)
                event.timeZoneIdentifier = id
            }
            let frequency: RecurrenceRule.Frequency = [.daily, .weekly, .monthly, .yearly][Int.random(in: 0...3, using: &rng)]
            var rule = RecurrenceRule(frequency: frequency, interval: [1, 1, 2, 3][Int.random(in: 0...3, using: &rng)],
                                      end: .afterOccurrences([1, 2, 5, 10, 52, 100][Int.random(in: 0...5, using: &rng)]))
            switch (frequency, Int.random(in: 0...3, using: &rng)) {
            case (.weekly, 0), (.weekly, 1):
                rule.daysOfTheWeek = (0..<Int.random(in: 1...3, using: &rng)).map { _ in .init(weekdays[Int.random(in: 0...6, using: &rng)]) }
                if Bool.random(using: &rng) { rule.firstDayOfTheWeek = weekdays[Int.random(in: 0...6, using: &rng)] }
            case (.monthly, 0):
                rule.daysOfTheMonth = [Int.random(in: 1...31, using: &rng)]
            case (.daily, 0):
                rule.hours = [Int.random(in: 0...23, using: &rng), Int.random(in: 0...23, using: &rng)]
            case (.daily, 1):
                rule.daysOfTheWeek = [.init(.monday), .init(.friday)]        // a filter: walked
            case (.yearly, 0):
                rule.monthsOfTheYear = [Int.random(in: 1...12, using: &rng)] // walked
            default:
                break
            }
            event.recurrenceRules = [rule]
            events.append(event)
        }
        return events
    }

    @Test func boundIsNeverBeforeTheLastInstance() throws {
        let events = randomSeries(count: 400, seed: 0x5EED_C0DE)
        let stored = try storedLastEnds(events)
        let expander = RecurrenceExpander(resolver: ZoneResolver())
        var checked = 0
        for event in events {
            // A walk libical cannot finish (a yearly series beyond its last year) stays open-ended.
            guard let walked = expander.span(master: event, overrides: []).lastEnd else { continue }
            let bound = try #require(stored[event.uid] ?? nil, "\(event.uid) is stored with a last end")
            #expect(bound >= walked.timeIntervalSince1970, "\(event.uid) \(event.recurrenceRules[0].rfc5545String) from \(event.startDate)")
            // Not a useless bound either: at most INTERVAL + 1 periods (a year at most each) and the slack beyond.
            let interval = TimeInterval(event.recurrenceRules[0].interval)
            #expect(bound - walked.timeIntervalSince1970 <= (interval + 1) * 366 * 86_400 + 4 * 86_400, "\(event.uid)")
            checked += 1
        }
        #expect(checked > events.count * 9 / 10)
    }

    @Test func indexColumnsOfCountSeries() throws {
        // DAILY;COUNT=5 from 2026-03-02 09:00Z, 1 h: bounded without a walk at DTSTART + (5 × 1 + 1)
        // days + the hour + 3 days of slack (the last instance really ends 03-06 10:00).
        var daily = makeEvent("daily@x", start: utc(2026, 3, 2, 9))
        daily.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterOccurrences(5))]
        // WEEKLY;INTERVAL=2;COUNT=3;BYDAY=MO,WE from Monday 2026-03-02 09:00Z: 3 × 2 + 1 = 7 weeks on.
        var weekly = makeEvent("weekly@x", start: utc(2026, 3, 2, 9))
        var weeklyRule = RecurrenceRule(frequency: .weekly, interval: 2, end: .afterOccurrences(3))
        weeklyRule.daysOfTheWeek = [.init(.monday), .init(.wednesday)]
        weekly.recurrenceRules = [weeklyRule]
        // MONTHLY;COUNT=3 on the 31st from 2026-01-31 09:00Z: months without a 31st have no instance,
        // so the series is walked: Jan 31, Mar 31, May 31; that end (10:00) plus a day.
        var monthly31 = makeEvent("monthly31@x", start: utc(2026, 1, 31, 9))
        monthly31.recurrenceRules = [RecurrenceRule(frequency: .monthly, end: .afterOccurrences(3))]
        // YEARLY;COUNT=2 from 2026-06-15: 2 × 1 + 1 = 3 years on.
        var yearly = makeEvent("yearly@x", start: utc(2026, 6, 15, 9))
        yearly.recurrenceRules = [RecurrenceRule(frequency: .yearly, end: .afterOccurrences(2))]
        let stored = try storedLastEnds([daily, weekly, monthly31, yearly])
        let day: TimeInterval = 86_400
        #expect(stored["daily@x"] == utc(2026, 3, 11, 10).timeIntervalSince1970)
        #expect(stored["weekly@x"] == utc(2026, 4, 20, 9).addingTimeInterval(3600 + 3 * day).timeIntervalSince1970)
        #expect(stored["monthly31@x"] == utc(2026, 6, 1, 10).timeIntervalSince1970)
        #expect(stored["yearly@x"] == utc(2029, 6, 15, 10).addingTimeInterval(3 * day).timeIntervalSince1970)
    }
}

private extension Calendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()
}
