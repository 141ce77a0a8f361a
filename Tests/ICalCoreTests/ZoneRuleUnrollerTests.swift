import CalendarTestSupport
import Foundation
@testable import ICalCore
import Testing

/// A zone whose yearly rules were written out as RDATEs (``ZoneRuleUnroller``) against libical's
/// expansion of the same definition as written: the same offset at every instant, checked on
/// a grid of weeks and at every transition (found by bisection, to the second), from the
/// definition's first year to forty years ahead, past the horizon where libical walks the rules
/// itself again.
@Suite("Zone rules unrolled before libical expands them")
struct ZoneRuleUnrollerTests {
    /// Transitions (first second of the new offset) and mismatches between the two zones.
    struct Comparison {
        var transitions = 0
        var mismatches: [String] = []
    }

    static func compare(_ text: String) -> (Comparison, unrolled: Int)? {
        guard let written = VTimeZone(text: text, unrollingRules: false) else {
            #expect(VTimeZone(text: text, unrollingRules: true) == nil, "only the unrolled definition makes a zone")
            return nil
        }
        guard let unrolled = VTimeZone(text: text, unrollingRules: true) else {
            Issue.record("only the written definition makes a zone")
            return nil
        }
        let day = 86_400
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        let end = DateTimeValue(year: thisYear + 40, month: 12, day: 31).secondsAsUTC
        // Expanded once to the end, not once per later year asked.
        _ = written.utcOffset(atUTC: end)
        _ = unrolled.utcOffset(atUTC: end)
        let firstYear = min(1900, Self.earliestYear(in: text) - 1)
        var t = DateTimeValue(year: firstYear, month: 1, day: 1).secondsAsUTC
        var result = Comparison()
        var previous = unrolled.utcOffset(atUTC: t)
        while t < end {
            let next = t + 7 * day
            let a = unrolled.utcOffset(atUTC: next), b = written.utcOffset(atUTC: next)
            if a != b { result.mismatches.append("at \(DateTimeValue(secondsAsUTC: next)): \(a) unrolled, \(b) as written") }
            if a != previous {
                // The unrolled zone's last second before the change, by bisection.
                var low = t, high = next
                while high - low > 1 {
                    let mid = (low + high) / 2
                    if unrolled.utcOffset(atUTC: mid) == previous { low = mid } else { high = mid }
                }
                result.transitions += 1
                for probe in [low, high] where written.utcOffset(atUTC: probe) != unrolled.utcOffset(atUTC: probe) {
                    result.mismatches.append("at \(DateTimeValue(secondsAsUTC: probe)): \(unrolled.utcOffset(atUTC: probe)) unrolled, \(written.utcOffset(atUTC: probe)) as written")
                }
            }
            previous = a
            t = next
        }
        return (result, unrolled.unrolledObservances)
    }

    static func earliestYear(in text: String) -> Int {
        var earliest = 1900
        for line in text.split(whereSeparator: \.isNewline) where line.uppercased().hasPrefix("DTSTART") {
            guard let colon = line.lastIndex(of: ":") else { continue }
            let digits = line[line.index(after: colon)...].prefix(4)
            if let year = Int(digits) { earliest = min(earliest, year) }
        }
        return earliest
    }

    /// The distinct VTIMEZONE definitions of the corpus, as written (folded lines kept).
    static func corpusZones() throws -> [String] {
        guard let corpus = TestFiles.corpus else { return [] }
        var zones = Set<String>()
        for url in TestFiles.files(under: corpus) {
            guard let data = try? Data(contentsOf: url) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            var current: [Substring]?
            for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                let upper = line.uppercased()
                if upper.hasPrefix("BEGIN:VTIMEZONE") { current = [] }
                current?.append(line)
                if upper.hasPrefix("END:VTIMEZONE"), let lines = current {
                    zones.insert(lines.joined(separator: "\r\n") + "\r\n")
                    current = nil
                }
            }
        }
        return zones.sorted()
    }

    @Test(.enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
    func everyCorpusZoneGivesLibicalsOffsets() throws {
        let zones = try Self.corpusZones()
        #expect(zones.count > 100)
        var rewritten = 0, transitions = 0
        for text in zones {
            guard let (comparison, unrolled) = Self.compare(text) else { continue }
            #expect(comparison.mismatches.isEmpty, "\(text.prefix(80))…: \(comparison.mismatches.prefix(3))")
            if unrolled > 0 { rewritten += 1 }
            transitions += comparison.transitions
        }
        // Most corpus zones have rules of the shapes written out, and the comparison saw their changes.
        #expect(rewritten * 2 > zones.count, "\(rewritten) of \(zones.count) zones rewritten")
        #expect(transitions > 10_000)
    }

    static func zone(_ observances: String) -> String {
        "BEGIN:VTIMEZONE\r\nTZID:Test\r\n" + observances + "END:VTIMEZONE\r\n"
    }

    static func observance(_ kind: String, start: String, from: String, to: String, rule: String?) -> String {
        "BEGIN:\(kind)\r\nDTSTART:\(start)\r\nTZOFFSETFROM:\(from)\r\nTZOFFSETTO:\(to)\r\n"
            + (rule.map { "RRULE:\($0)\r\n" } ?? "") + "END:\(kind)\r\n"
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        /// Observances the unroller should rewrite.
        let rewritten: Int
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "EU rules from 1970 (last Sundays)", text: zone(
            observance("DAYLIGHT", start: "19700329T020000", from: "+0100", to: "+0200", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
            + observance("STANDARD", start: "19701025T030000", from: "+0200", to: "+0100", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")), rewritten: 2),
        Shape(name: "first, second, third and fourth weekdays", text: zone(
            observance("DAYLIGHT", start: "19800302T020000", from: "-0500", to: "-0400", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=1SU")
            + observance("STANDARD", start: "19800414T030000", from: "-0400", to: "-0500", rule: "FREQ=YEARLY;BYMONTH=4;BYDAY=2MO")
            + observance("DAYLIGHT", start: "19800917T020000", from: "-0500", to: "-0400", rule: "FREQ=YEARLY;BYMONTH=9;BYDAY=3WE")
            + observance("STANDARD", start: "19801127T030000", from: "-0400", to: "-0500", rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH")), rewritten: 4),
        Shape(name: "weekdays counted from the month's end", text: zone(
            observance("DAYLIGHT", start: "19750222T020000", from: "+1000", to: "+1100", rule: "FREQ=YEARLY;BYMONTH=2;BYDAY=-1SA")
            + observance("STANDARD", start: "19750517T030000", from: "+1100", to: "+1000", rule: "FREQ=YEARLY;BYMONTH=5;BYDAY=-3SA")
            + observance("DAYLIGHT", start: "19750804T020000", from: "+1000", to: "+1100", rule: "FREQ=YEARLY;BYMONTH=8;BYDAY=-4MO")
            + observance("STANDARD", start: "19751216T030000", from: "+1100", to: "+1000", rule: "FREQ=YEARLY;BYMONTH=12;BYDAY=-3TU")), rewritten: 4),
        Shape(name: "a weekday in seven days of the month, from 1601", text: zone(
            observance("DAYLIGHT", start: "16010325T020000", from: "+0200", to: "+0300", rule: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=24,25,26,27,28,29,30;BYDAY=SU")
            + observance("STANDARD", start: "16011021T030000", from: "+0300", to: "+0200", rule: "FREQ=YEARLY;BYMONTH=10;BYMONTHDAY=21,22,23,24,25,26,27;BYDAY=SU")), rewritten: 2),
        Shape(name: "the same date each year", text: zone(
            observance("DAYLIGHT", start: "19900321T000000", from: "+0330", to: "+0430", rule: "FREQ=YEARLY")
            + observance("STANDARD", start: "19900921T000000", from: "+0430", to: "+0330", rule: "FREQ=YEARLY")), rewritten: 2),
        Shape(name: "rules ended by a UTC UNTIL, then new ones", text: zone(
            observance("DAYLIGHT", start: "19670430T020000", from: "-0500", to: "-0400", rule: "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SU;UNTIL=19730429T070000Z")
            + observance("DAYLIGHT", start: "19760425T020000", from: "-0500", to: "-0400", rule: "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SU;UNTIL=19860427T070000Z")
            + observance("DAYLIGHT", start: "19870405T020000", from: "-0500", to: "-0400", rule: "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z")
            + observance("STANDARD", start: "19671029T020000", from: "-0400", to: "-0500", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z")
            + observance("DAYLIGHT", start: "20070311T020000", from: "-0500", to: "-0400", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU")
            + observance("STANDARD", start: "20071104T020000", from: "-0400", to: "-0500", rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU")), rewritten: 6),
        Shape(name: "UNTIL at the very second of a change, local and UTC", text: zone(
            observance("DAYLIGHT", start: "19800330T020000", from: "+0100", to: "+0200", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=19900325T020000")
            + observance("STANDARD", start: "19800928T030000", from: "+0200", to: "+0100", rule: "FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU;UNTIL=19950924T010000Z")
            + observance("DAYLIGHT", start: "19910331T020000", from: "+0100", to: "+0200", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
            + observance("STANDARD", start: "19961027T030000", from: "+0200", to: "+0100", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")), rewritten: 4),
        Shape(name: "UNTIL past the horizon keeps the rule", text: zone(
            observance("DAYLIGHT", start: "19800330T020000", from: "+0100", to: "+0200", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20450326T010000Z")
            + observance("STANDARD", start: "19800928T030000", from: "+0200", to: "+0100", rule: "FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU;UNTIL=20450924T010000Z")), rewritten: 2),
        Shape(name: "left to libical: DTSTART off the rule, COUNT, INTERVAL, a fifth weekday, two days", text: zone(
            observance("DAYLIGHT", start: "16010101T020000", from: "+0100", to: "+0200", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
            + observance("STANDARD", start: "19801026T030000", from: "+0200", to: "+0100", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;COUNT=30")
            + observance("DAYLIGHT", start: "19810329T020000", from: "+0100", to: "+0200", rule: "FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=-1SU")
            + observance("STANDARD", start: "19840930T030000", from: "+0200", to: "+0100", rule: "FREQ=YEARLY;BYMONTH=9;BYDAY=5SU")
            + observance("DAYLIGHT", start: "19900401T020000", from: "+0100", to: "+0200", rule: "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU,2SU")), rewritten: 0),
    ]

    @Test(arguments: shapes)
    func generatedZoneGivesLibicalsOffsets(_ shape: Shape) throws {
        let (comparison, unrolled) = try #require(Self.compare(shape.text))
        #expect(unrolled == shape.rewritten)
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatches.prefix(3))")
        #expect(comparison.transitions > 20)
    }

    /// The days the rule shapes name, against the calendar (Foundation's Gregorian calendar).
    @Test func ruleDaysAreTheCalendarsDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for year in [1601, 1900, 1970, 2000, 2024, 2026, 2100] {
            for month in 1...12 {
                let length = calendar.range(of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month, day: 1))!)!.count
                let weekdays = (1...length).map { calendar.component(.weekday, from: calendar.date(from: DateComponents(year: year, month: month, day: $0))!) }
                for weekday in 1...7 {
                    let days = (1...length).filter { weekdays[$0 - 1] == weekday }
                    for position in 1...4 {
                        #expect(ZoneRuleUnroller.YearlyDay.nthWeekday(month: month, weekday: weekday, position: position).day(in: year) == days[position - 1])
                        #expect(ZoneRuleUnroller.YearlyDay.nthWeekday(month: month, weekday: weekday, position: -position).day(in: year) == days[days.count - position])
                    }
                    for first in 1...(length - 6) {
                        #expect(ZoneRuleUnroller.YearlyDay.weekdayOnOrAfter(month: month, weekday: weekday, firstDay: first).day(in: year)
                                == days.first { $0 >= first })
                    }
                }
            }
        }
    }
}
