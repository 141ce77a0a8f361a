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

    /// ISO 8601 as programs write it: fractional seconds (JavaScript's `toISOString()`), the
    /// basic format, a space for `T`, offsets without a colon or minutes (ISO 8601 §4.2.5.1).
    static let isoVariants: [Case] = [
        Case(text: "2026-12-01T10:00:00.000Z", zone: "Europe/Berlin", expected: 1_796_119_200),   // 2026-12-01T10:00:00Z
        Case(text: "2026-12-01T10:00:00,000Z", zone: "Europe/Berlin", expected: 1_796_119_200),   // comma as the point
        Case(text: "2026-03-02T09:00:00.5Z", zone: "UTC", expected: 1_772_442_000.5),
        Case(text: "20261201T100000Z", zone: "Europe/Berlin", expected: 1_796_119_200),
        Case(text: "20261201T1000", zone: "Europe/Berlin", expected: 1_796_115_600),             // 09:00Z
        Case(text: "20260302", zone: "Europe/Berlin", expected: 1_772_406_000),                  // 2026-03-01T23:00:00Z
        Case(text: "2026-12-01 10:00", zone: "Europe/Berlin", expected: 1_796_115_600),
        Case(text: "2026-03-02T09:00+0100", zone: "UTC", expected: 1_772_438_400),               // 08:00Z
        Case(text: "2026-03-02T09:00:00+01", zone: "UTC", expected: 1_772_438_400),
        Case(text: "20260302T090000-0530", zone: "UTC", expected: 1_772_461_800),                // 14:30Z
    ]

    @Test(arguments: isoVariants)
    func parsesISOVariants(_ c: Case) throws {
        let zone = try #require(TimeZone(identifier: c.zone))
        #expect(try WhenParser(timeZone: zone).parse(c.text) == Date(timeIntervalSince1970: c.expected))
    }

    /// Words, counted from Monday 2026-03-02T09:00:00Z in Europe/Berlin (expected values from
    /// GNU date, e.g. `TZ=Europe/Berlin date -d '2026-03-06 00:00' +%s`).
    static let words: [Case] = [
        Case(text: "now", zone: "Europe/Berlin", expected: 1_772_442_000),
        Case(text: "today", zone: "Europe/Berlin", expected: 1_772_406_000),        // 2026-03-02 00:00 CET
        Case(text: "Today", zone: "Europe/Berlin", expected: 1_772_406_000),
        Case(text: "tomorrow", zone: "Europe/Berlin", expected: 1_772_492_400),     // 2026-03-03
        Case(text: "yesterday", zone: "Europe/Berlin", expected: 1_772_319_600),    // 2026-03-01
        Case(text: "friday", zone: "Europe/Berlin", expected: 1_772_751_600),       // 2026-03-06
        Case(text: "fri", zone: "Europe/Berlin", expected: 1_772_751_600),
        Case(text: "thurs", zone: "Europe/Berlin", expected: 1_772_665_200),        // 2026-03-05
        Case(text: "monday", zone: "Europe/Berlin", expected: 1_772_406_000),       // today is a Monday
        Case(text: "sunday", zone: "Europe/Berlin", expected: 1_772_924_400),       // 2026-03-08
        Case(text: "+3d", zone: "Europe/Berlin", expected: 1_772_665_200),          // 2026-03-05
        Case(text: "-2w", zone: "Europe/Berlin", expected: 1_771_196_400),          // 2026-02-16
        Case(text: "+1m", zone: "Europe/Berlin", expected: 1_775_080_800),          // 2026-04-02 00:00 CEST
        Case(text: "+0d", zone: "Europe/Berlin", expected: 1_772_406_000),
        Case(text: "tomorrow 09:30", zone: "Europe/Berlin", expected: 1_772_526_600), // 2026-03-03T08:30Z
        Case(text: "tomorrowT09:30", zone: "Europe/Berlin", expected: 1_772_526_600),
        Case(text: "+3d 00:00Z", zone: "Europe/Berlin", expected: 1_772_668_800),   // 2026-03-05T00:00Z
        // 09:00Z is 18:00 on Monday 2 March in Tokyo: "today" starts at midnight there.
        Case(text: "today", zone: "Asia/Tokyo", expected: 1_772_377_200),           // 2026-03-01T15:00Z
    ]

    static let monday = Date(timeIntervalSince1970: 1_772_442_000)   // 2026-03-02T09:00:00Z

    @Test(arguments: words)
    func parsesWords(_ c: Case) throws {
        let zone = try #require(TimeZone(identifier: c.zone))
        #expect(try WhenParser(timeZone: zone, now: Self.monday).parse(c.text) == Date(timeIntervalSince1970: c.expected))
    }

    @Test func dayTakesWords() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(try WhenParser(timeZone: berlin, now: Self.monday).parseDay("tomorrow") == Date(timeIntervalSince1970: 1_772_492_400))
        #expect(try WhenParser(timeZone: berlin, now: Self.monday).parseDay("20260303") == Date(timeIntervalSince1970: 1_772_492_400))
    }

    /// A month later than 31 January is the last day of February.
    @Test func monthOffsetClamps() throws {
        let jan31 = Date(timeIntervalSince1970: 1_801_389_600)   // 2027-01-31T10:00:00Z
        #expect(try WhenParser(timeZone: .gmt, now: jan31).parse("+1m") == Date(timeIntervalSince1970: 1_803_772_800)) // 2027-02-28
    }

    /// A well-formed date that the calendar does not have gets its own message.
    @Test(arguments: [
        ("2026-02-30", "February 2026 has 28 days"), ("2028-02-30", "February 2028 has 29 days"),
        ("2026-04-31T10:00", "April 2026 has 30 days"), ("2026-13-01", "there is no month 13"),
        ("20260230T100000Z", "February 2026 has 28 days"),
    ])
    func impossibleDates(_ text: String, _ reason: String) {
        #expect(throws: WhenParser.Failure(text: text, dateOnly: false, impossible: reason)) { try WhenParser(timeZone: .gmt).parse(text) }
        #expect(WhenParser.Failure(text: text, dateOnly: false, option: "--from", impossible: reason).description
                == "Invalid date '\(text)' for '--from': \(reason)")
    }

    static let bad = [
        "", "tomorow", "2026-3-2", "2026-03-2", "2026-00-10", "2027-02-29", "2026-02-30",
        "2026-03-02T25:00", "2026-03-02T09:60", "2026-03-02T09:00:60",
        "2026-03-02T09", "2026-03-02T09:00:00+01:00x", "2026-03-02T09:00:00.Z", "2026-03-02T09:00:00+1",
        "2026-03-02Z", "2026-03-02T09:00ZZ", "２０２６-03-02", "+3", "+3x", "3d", "now 10:00", "fr", "tomorrow 9:30",
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
        #expect(failure.description == "Invalid date 'x' for '--from': expected YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] (wall clock in the zone), a time with Z or an offset, e.g. 2026-03-02T09:00:00+01:00, or now, today, tomorrow, yesterday, a weekday name, +3d, -2w, +1m")
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
