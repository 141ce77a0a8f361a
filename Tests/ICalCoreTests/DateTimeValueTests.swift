import ICalCore
import Testing

/// DATE and DATE-TIME values (RFC 5545 §3.3.4, §3.3.5). Epoch seconds come from python3:
/// `int(datetime(Y, M, D, h, m, s, tzinfo=timezone.utc).timestamp())`.
@Suite("DateTimeValue")
struct DateTimeValueTests {
    struct ValidCase: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: DateTimeValue
        var testDescription: String { text }
        static let all = [
            ValidCase(text: "19970714", expected: DateTimeValue(year: 1997, month: 7, day: 14, isDate: true)),
            ValidCase(text: "19980118T230000", expected: DateTimeValue(year: 1998, month: 1, day: 18, hour: 23)),
            ValidCase(text: "19980119T070000Z", expected: DateTimeValue(year: 1998, month: 1, day: 19, hour: 7, isUTC: true)),
            ValidCase(text: "20240229", expected: DateTimeValue(year: 2024, month: 2, day: 29, isDate: true)),
            ValidCase(text: "20000229T120000Z", expected: DateTimeValue(year: 2000, month: 2, day: 29, hour: 12, isUTC: true)),
            ValidCase(text: "20261231T235959", expected: DateTimeValue(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
            ValidCase(text: "20260430T000000Z", expected: DateTimeValue(year: 2026, month: 4, day: 30, isUTC: true)),
            ValidCase(text: "19000101T000000Z", expected: DateTimeValue(year: 1900, month: 1, day: 1, isUTC: true)),
            ValidCase(text: "21000301T123045", expected: DateTimeValue(year: 2100, month: 3, day: 1, hour: 12, minute: 30, second: 45)),
        ]
    }

    @Test(arguments: ValidCase.all)
    func parsesValid(_ c: ValidCase) throws {
        let value = try #require(DateTimeValue(parsing: c.text))
        #expect(value == c.expected)
        #expect(value.description == c.text, "description writes the same text back")
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let id: String
        let text: String
        var testDescription: String { "\(id): \(text)" }
        static let all = [
            InvalidCase(id: "month 13", text: "20261301"),
            InvalidCase(id: "month 0", text: "20260001"),
            InvalidCase(id: "day 0", text: "20260300"),
            InvalidCase(id: "Feb 30", text: "20260230"),
            InvalidCase(id: "Feb 29 in 2025", text: "20250229"),
            InvalidCase(id: "Feb 29 in 1900", text: "19000229"),
            InvalidCase(id: "Apr 31", text: "20260431T100000"),
            InvalidCase(id: "hour 24", text: "20260308T240000"),
            InvalidCase(id: "minute 60", text: "20260308T096000"),
            InvalidCase(id: "second 61", text: "20260308T095961Z"),
            InvalidCase(id: "letters", text: "2026O3O8"),
            InvalidCase(id: "all letters", text: "abcdefgh"),
            InvalidCase(id: "7 digits", text: "2026038"),
            InvalidCase(id: "9 digits", text: "202603081"),
            InvalidCase(id: "no seconds", text: "20260308T0900"),
            InvalidCase(id: "no seconds, Z", text: "20260308T0900Z"),
            InvalidCase(id: "two Z", text: "20260308T090000ZZ"),
            InvalidCase(id: "ISO dashes", text: "2026-03-08"),
            InvalidCase(id: "ISO extended", text: "2026-03-08T09:00:00Z"),
            InvalidCase(id: "space for T", text: "20260308 090000"),
            InvalidCase(id: "lower-case z", text: "20260308T090000z"),
            InvalidCase(id: "Z in place of a digit", text: "20260308T09000Z"),
            InvalidCase(id: "T in place of a digit", text: "2026030T8090000"),
            InvalidCase(id: "DATE then Z", text: "20260308Z"),
            InvalidCase(id: "digit for T", text: "2026030800900000"),
            InvalidCase(id: "empty", text: ""),
            InvalidCase(id: "null date", text: "00000000"),
        ]
    }

    @Test(arguments: InvalidCase.all)
    func rejectsInvalid(_ c: InvalidCase) {
        #expect(DateTimeValue(parsing: c.text) == nil)
    }

    struct EpochCase: Sendable, CustomTestStringConvertible {
        let id: String
        let value: DateTimeValue
        let seconds: Int
        var testDescription: String { id }
        static func dt(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> DateTimeValue {
            DateTimeValue(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
        }
        static let all = [
            EpochCase(id: "1970-01-01", value: dt(1970, 1, 1), seconds: 0),
            EpochCase(id: "1969-12-31T23:59:59", value: dt(1969, 12, 31, 23, 59, 59), seconds: -1),
            EpochCase(id: "1900-01-01", value: dt(1900, 1, 1), seconds: -2_208_988_800),
            EpochCase(id: "1601-01-01", value: dt(1601, 1, 1), seconds: -11_644_473_600),
            EpochCase(id: "0001-01-01", value: dt(1, 1, 1), seconds: -62_135_596_800),
            EpochCase(id: "2000-02-29T01:02:03", value: dt(2000, 2, 29, 1, 2, 3), seconds: 951_786_123),
            EpochCase(id: "2024-02-29T23:59:59", value: dt(2024, 2, 29, 23, 59, 59), seconds: 1_709_251_199),
            EpochCase(id: "2026-03-08T07:00:00", value: dt(2026, 3, 8, 7), seconds: 1_772_953_200),
            EpochCase(id: "2100-02-28", value: dt(2100, 2, 28), seconds: 4_107_456_000),
            EpochCase(id: "2100-03-01T12:30:45 (2100 is no leap year)", value: dt(2100, 3, 1, 12, 30, 45), seconds: 4_107_587_445),
            EpochCase(id: "9999-12-31T23:59:59", value: dt(9999, 12, 31, 23, 59, 59), seconds: 253_402_300_799),
        ]
    }

    @Test(arguments: EpochCase.all)
    func secondsAsUTC(_ c: EpochCase) {
        #expect(c.value.secondsAsUTC == c.seconds)
    }

    @Test(arguments: EpochCase.all)
    func initFromSecondsAsUTC(_ c: EpochCase) {
        #expect(DateTimeValue(secondsAsUTC: c.seconds) == c.value)
    }

    @Test func initFromSecondsKeepsFlags() {
        // 2026-03-08T07:00:00Z as a DATE drops the time of day.
        #expect(DateTimeValue(secondsAsUTC: 1_772_953_200, isDate: true) == DateTimeValue(year: 2026, month: 3, day: 8, isDate: true))
        #expect(DateTimeValue(secondsAsUTC: 1_772_953_200, isUTC: true) == DateTimeValue(year: 2026, month: 3, day: 8, hour: 7, isUTC: true))
        // One second before 1900-01-01: 1899-12-31T23:59:59.
        #expect(DateTimeValue(secondsAsUTC: -2_208_988_801) == DateTimeValue(year: 1899, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    }

    @Test func leapSecondCountsAsFiftyNine() {
        let leap = DateTimeValue(year: 2016, month: 12, day: 31, hour: 23, minute: 59, second: 60)
        // python: datetime(2016,12,31,23,59,59,tzinfo=timezone.utc).timestamp() == 1483228799
        #expect(leap.isInRange)
        #expect(leap.secondsAsUTC == 1_483_228_799)
    }

    @Test func ordering() throws {
        let texts = ["20260308T090001", "20251231T235959", "20260308", "20260101T000000Z", "19700101", "20260308T090000"]
        let values = try texts.map { try #require(DateTimeValue(parsing: $0)) }
        let sorted = values.sorted().map(\.description)
        #expect(sorted == ["19700101", "20251231T235959", "20260101T000000Z", "20260308", "20260308T090000", "20260308T090001"])
        let a = try #require(DateTimeValue(parsing: "20260308T090000"))
        let b = try #require(DateTimeValue(parsing: "20260308T090000Z"))
        #expect(!(a < b) && !(b < a), "order compares wall-clock fields only")
        #expect(a != b, "but equality sees the Z")
    }

    @Test func daysInMonth() {
        let nonLeap = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        #expect((1...12).map { DateTimeValue.daysInMonth($0, year: 2026) } == nonLeap)
        #expect(DateTimeValue.daysInMonth(2, year: 2024) == 29)
        #expect(DateTimeValue.daysInMonth(2, year: 2000) == 29)
        #expect(DateTimeValue.daysInMonth(2, year: 2100) == 28)
    }
}
