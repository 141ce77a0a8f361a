import CalendarModel
import Foundation
import Testing

/// ``ICalDuration`` text (RFC 5545 §3.3.6 grammar: weeks alone, else days then a T part).
@Suite("ICalDuration")
struct ICalDurationTests {
    struct TextCase: Sendable, CustomTestStringConvertible {
        let duration: ICalDuration
        let text: String
        var testDescription: String { text }
        static let all = [
            TextCase(duration: ICalDuration(weeks: 1), text: "P1W"),
            TextCase(duration: ICalDuration(isNegative: true, weeks: 2), text: "-P2W"),
            TextCase(duration: ICalDuration(weeks: 1, days: 2), text: "P9D"),
            TextCase(duration: ICalDuration(weeks: 2, hours: 1), text: "P14DT1H"),
            TextCase(duration: ICalDuration(days: 1), text: "P1D"),
            TextCase(duration: ICalDuration(days: 1, hours: 2), text: "P1DT2H"),
            TextCase(duration: ICalDuration(days: 15, hours: 5, seconds: 20), text: "P15DT5H20S"),
            TextCase(duration: ICalDuration(isNegative: true, minutes: 15), text: "-PT15M"),
            TextCase(duration: ICalDuration(hours: 1, seconds: 5), text: "PT1H5S"),
            TextCase(duration: ICalDuration(hours: 1, minutes: 30), text: "PT1H30M"),
            TextCase(duration: ICalDuration(seconds: 45), text: "PT45S"),
            TextCase(duration: ICalDuration(), text: "PT0S"),
        ]
    }

    @Test(arguments: TextCase.all)
    func description(_ c: TextCase) {
        #expect(c.duration.description == c.text)
    }

    struct ExactCase: Sendable, CustomTestStringConvertible {
        let seconds: TimeInterval
        let expected: ICalDuration
        var testDescription: String { "\(seconds)s" }
        static let all = [
            ExactCase(seconds: 0, expected: ICalDuration()),
            ExactCase(seconds: 45, expected: ICalDuration(seconds: 45)),
            ExactCase(seconds: 90, expected: ICalDuration(minutes: 1, seconds: 30)),
            ExactCase(seconds: -900, expected: ICalDuration(isNegative: true, minutes: 15)),
            ExactCase(seconds: 3600, expected: ICalDuration(hours: 1)),
            ExactCase(seconds: 3661.4, expected: ICalDuration(hours: 1, minutes: 1, seconds: 1)),
            ExactCase(seconds: 3661.6, expected: ICalDuration(hours: 1, minutes: 1, seconds: 2)),
            // A day of seconds stays exact: 24 hours, not one nominal day.
            ExactCase(seconds: 86_400, expected: ICalDuration(hours: 24)),
            ExactCase(seconds: -172_800 - 61, expected: ICalDuration(isNegative: true, hours: 48, minutes: 1, seconds: 1)),
            ExactCase(seconds: -0.4, expected: ICalDuration()),
        ]
    }

    @Test(arguments: ExactCase.all)
    func initExactly(_ c: ExactCase) {
        let d = ICalDuration(exactly: c.seconds)
        #expect(d == c.expected)
        #expect(d.weeks == 0 && d.days == 0)
    }

    @Test func exactDescriptions() {
        #expect(ICalDuration(exactly: 86_400).description == "PT24H")
        #expect(ICalDuration(exactly: -900).description == "-PT15M")
    }

    struct PartsCase: Sendable, CustomTestStringConvertible {
        let duration: ICalDuration
        let nominalDays: Int
        let exactSeconds: Int
        var testDescription: String { duration.description }
        static let all = [
            // 1W2D = 9 days; 3H4M5S = 10800 + 240 + 5 = 11045 s.
            PartsCase(duration: ICalDuration(weeks: 1, days: 2, hours: 3, minutes: 4, seconds: 5), nominalDays: 9, exactSeconds: 11_045),
            PartsCase(duration: ICalDuration(isNegative: true, weeks: 1, days: 2, hours: 3, minutes: 4, seconds: 5), nominalDays: -9, exactSeconds: -11_045),
            PartsCase(duration: ICalDuration(weeks: 2), nominalDays: 14, exactSeconds: 0),
            PartsCase(duration: ICalDuration(isNegative: true, minutes: 15), nominalDays: 0, exactSeconds: -900),
            PartsCase(duration: ICalDuration(), nominalDays: 0, exactSeconds: 0),
        ]
    }

    @Test(arguments: PartsCase.all)
    func nominalAndExactParts(_ c: PartsCase) {
        #expect(c.duration.nominalDays == c.nominalDays)
        #expect(c.duration.exactSeconds == c.exactSeconds)
        #expect(c.duration.timeInterval == TimeInterval(c.nominalDays * 86_400 + c.exactSeconds))
    }
}
