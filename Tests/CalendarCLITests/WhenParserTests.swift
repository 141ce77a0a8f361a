@testable import CalendarCLI
import Foundation
import Testing

@Suite("WHEN parser")
struct WhenParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let zone: String
        let expected: TimeInterval
        var testDescription: String { "\(text) in \(zone)" }
    }

    static let cases: [Case] = [
        Case(text: "2026-03-02", zone: "Europe/Berlin", expected: 1_772_406_000),           // 2026-03-01T23:00:00Z
        Case(text: "2026-03-02", zone: "UTC", expected: 1_772_409_600),                     // 2026-03-02T00:00:00Z
        Case(text: "2026-03-02T09:00", zone: "Europe/Berlin", expected: 1_772_438_400),     // 2026-03-02T08:00:00Z
        Case(text: "2026-03-02t09:00", zone: "Europe/Berlin", expected: 1_772_438_400),     // lower-case t
        Case(text: "2026-03-02T09:00:30", zone: "Europe/Berlin", expected: 1_772_438_430),  // 2026-03-02T08:00:30Z
        Case(text: "2026-07-01T09:00", zone: "Europe/Berlin", expected: 1_782_889_200),     // 2026-07-01T07:00:00Z (CEST)
        Case(text: "2026-03-02T09:00:00Z", zone: "Europe/Berlin", expected: 1_772_442_000), // 2026-03-02T09:00:00Z
        Case(text: "2026-03-02T09:00Z", zone: "America/New_York", expected: 1_772_442_000), // zone does not matter
        Case(text: "2026-03-02T09:00:00+01:00", zone: "UTC", expected: 1_772_438_400),      // 2026-03-02T08:00:00Z
        Case(text: "2026-03-02T09:00-05:30", zone: "Europe/Berlin", expected: 1_772_461_800), // 2026-03-02T14:30:00Z
        Case(text: "2028-02-29", zone: "Europe/Berlin", expected: 1_835_391_600),           // 2028-02-28T23:00:00Z (leap day)
        // Clocks go forward at 02:00 CET: 02:30 does not exist, it is read as 03:30 CEST.
        Case(text: "2026-03-29T02:30", zone: "Europe/Berlin", expected: 1_774_747_800),     // 2026-03-29T01:30:00Z
        Case(text: "2026-03-29", zone: "Europe/Berlin", expected: 1_774_738_800),           // 2026-03-28T23:00:00Z
        Case(text: "2026-03-08T02:30", zone: "America/New_York", expected: 1_772_955_000),  // 03:30 EDT = 07:30Z
        // Clocks go back at 03:00 CEST: 02:30 happens twice, the first (CEST) is meant.
        Case(text: "2026-10-25T02:30", zone: "Europe/Berlin", expected: 1_792_888_200),     // 2026-10-25T00:30:00Z
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) throws {
        let zone = try #require(TimeZone(identifier: c.zone))
        #expect(try WhenParser(timeZone: zone).parse(c.text) == Date(timeIntervalSince1970: c.expected))
    }

    @Test func gapCaseReadsAsSummerTime() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let date = try WhenParser(timeZone: berlin).parse("2026-03-29T02:30")
        #expect(DateText.rfc3339(date, in: berlin) == "2026-03-29T03:30:00+02:00")
    }

    static let bad = [
        "", "tomorrow", "2026-3-2", "2026-03-2", "20260302", "2026-02-30", "2026-13-01", "2026-00-10",
        "2027-02-29", "2026-03-02T25:00", "2026-03-02T09:60", "2026-03-02T09:00:60", "2026-03-02 09:00",
        "2026-03-02T09", "2026-03-02T09:00+0100", "2026-03-02T09:00:00+01", "2026-03-02T09:00:00+01:00x",
        "2026-03-02Z", "2026-03-02T09:00ZZ", "２０２６-03-02",
    ]

    @Test(arguments: bad)
    func refuses(_ text: String) {
        let parser = WhenParser(timeZone: .gmt)
        #expect(throws: WhenParser.Failure.self) { try parser.parse(text) }
        #expect(throws: WhenParser.Failure.self) { try parser.parseDay(text) }
    }

    @Test func dayRefusesTimes() {
        #expect(throws: WhenParser.Failure.self) { try WhenParser(timeZone: .gmt).parseDay("2026-03-02T09:00") }
    }

    @Test func failureNamesTheForms() {
        let failure = WhenParser.Failure(text: "x", dateOnly: false, option: "--from")
        #expect(failure.description == "Invalid date 'x' for '--from': expected YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] (wall clock in the zone), or a time with Z or an offset, e.g. 2026-03-02T09:00:00+01:00")
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "UTC", "Etc/GMT+1", "Asia/Kolkata"])
    func acceptsIANAZones(_ id: String) throws {
        _ = try TimeZoneArgument.parse(id)
    }

    @Test(arguments: ["Europe/Berln", "GMT+1", "GMT+0100", "europe/berlin", "", "Mars/Olympus_Mons", "../etc/passwd", "Europe"])
    func refusesOtherZones(_ id: String) {
        #expect(throws: TimeZoneArgument.Failure.self) { try TimeZoneArgument.parse(id) }
    }

    @Test func zoneSuggestion() {
        #expect(throws: TimeZoneArgument.Failure(text: "europe/berlin", suggestion: "Europe/Berlin")) {
            try TimeZoneArgument.parse("europe/berlin")
        }
    }
}
