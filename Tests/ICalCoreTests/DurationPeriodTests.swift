import ICalCore
import Testing

/// DURATION (RFC 5545 §3.3.6) and PERIOD (§3.3.9) values.
@Suite("DurationValue and PeriodValue")
struct DurationPeriodTests {
    struct DurationCase: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: DurationValue
        var testDescription: String { text }
        static let all = [
            // §3.3.6 examples.
            DurationCase(text: "P15DT5H0M20S", expected: DurationValue(days: 15, hours: 5, minutes: 0, seconds: 20)),
            DurationCase(text: "P7W", expected: DurationValue(weeks: 7)),
            // §3.8.6.3 TRIGGER examples.
            DurationCase(text: "-PT15M", expected: DurationValue(isNegative: true, minutes: 15)),
            DurationCase(text: "PT5M", expected: DurationValue(minutes: 5)),
            DurationCase(text: "-PT30M", expected: DurationValue(isNegative: true, minutes: 30)),
            // §3.8.2.5 DURATION examples.
            DurationCase(text: "PT1H0M0S", expected: DurationValue(hours: 1)),
            DurationCase(text: "PT15M", expected: DurationValue(minutes: 15)),
            DurationCase(text: "+P1D", expected: DurationValue(days: 1)),
            DurationCase(text: "P1DT12H", expected: DurationValue(days: 1, hours: 12)),
            DurationCase(text: "PT1H30M", expected: DurationValue(hours: 1, minutes: 30)),
            DurationCase(text: "PT45S", expected: DurationValue(seconds: 45)),
            DurationCase(text: "-P2W", expected: DurationValue(isNegative: true, weeks: 2)),
            DurationCase(text: "PT0S", expected: DurationValue()),
            DurationCase(text: "P0D", expected: DurationValue()),
            DurationCase(text: " PT10M ", expected: DurationValue(minutes: 10)),
        ]
    }

    @Test(arguments: DurationCase.all)
    func parsesDuration(_ c: DurationCase) throws {
        #expect(try #require(DurationValue(parsing: c.text)) == c.expected)
    }

    static let invalidDurations = [
        "", "P", "PT", "-P", "+PT", "15D", "1H", "PT1D", "P1H", "P1.5D", "PXD", "P-1D", "PT1H2H", "P1DT", "Q1D", "P1D2", "--P1D",
    ]

    @Test(arguments: invalidDurations)
    func rejectsInvalidDuration(_ text: String) {
        #expect(DurationValue(parsing: text) == nil)
    }

    struct PeriodCase: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: PeriodValue
        var testDescription: String { text }
        static let all = [
            // §3.3.9 examples.
            PeriodCase(text: "19970101T180000Z/19970102T070000Z",
                       expected: PeriodValue(start: DateTimeValue(year: 1997, month: 1, day: 1, hour: 18, isUTC: true),
                                             end: DateTimeValue(year: 1997, month: 1, day: 2, hour: 7, isUTC: true))),
            PeriodCase(text: "19970101T180000Z/PT5H30M",
                       expected: PeriodValue(start: DateTimeValue(year: 1997, month: 1, day: 1, hour: 18, isUTC: true),
                                             duration: DurationValue(hours: 5, minutes: 30))),
            // §3.8.2.6 FREEBUSY example.
            PeriodCase(text: "19970308T160000Z/PT8H30M",
                       expected: PeriodValue(start: DateTimeValue(year: 1997, month: 3, day: 8, hour: 16, isUTC: true),
                                             duration: DurationValue(hours: 8, minutes: 30))),
            // §3.8.5.2 RDATE example: floating start and end.
            PeriodCase(text: "19960403T020000/19960403T040000",
                       expected: PeriodValue(start: DateTimeValue(year: 1996, month: 4, day: 3, hour: 2),
                                             end: DateTimeValue(year: 1996, month: 4, day: 3, hour: 4))),
            PeriodCase(text: "19960404T010000Z/P1D",
                       expected: PeriodValue(start: DateTimeValue(year: 1996, month: 4, day: 4, hour: 1, isUTC: true),
                                             duration: DurationValue(days: 1))),
        ]
    }

    @Test(arguments: PeriodCase.all)
    func parsesPeriod(_ c: PeriodCase) throws {
        #expect(try #require(PeriodValue(parsing: c.text)) == c.expected)
    }

    static let invalidPeriods = [
        "", "19970101T180000Z", "19970101T180000Z/", "/PT5H", "/19970102T070000Z", "19970101/19970102",
        "19970101T180000Z/19970102", "19970101/PT1H", "19970101T180000Z/P", "19970101T180000Z/PT", "garbage/PT1H",
        "19971301T180000Z/PT1H", "19970101T180000Z/19971302T070000Z", "19970101T180000Z/PT5H/PT1H",
    ]

    @Test(arguments: invalidPeriods)
    func rejectsInvalidPeriod(_ text: String) {
        #expect(PeriodValue(parsing: text) == nil)
    }
}
