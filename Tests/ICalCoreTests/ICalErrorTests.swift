import ICalCore
import Testing

/// Each ``ICalError/Code`` pinned to libical 3.0.16's `icalerrorenum`, as swift-system's
/// `ErrnoTest.testConstants` does. The numbers are read off /usr/include/libical/icalerror.h
/// (ICAL_NO_ERROR = 0, then one more per entry), not from the Swift code.
@Suite("ICalError codes")
struct ICalErrorTests {
    struct CodeCase: Sendable, CustomTestStringConvertible {
        let cName: String
        let code: ICalError.Code
        let raw: Int32
        var testDescription: String { cName }
    }

    static let codes = [
        CodeCase(cName: "ICAL_BADARG_ERROR", code: .badArgument, raw: 1),
        CodeCase(cName: "ICAL_NEWFAILED_ERROR", code: .newFailed, raw: 2),
        CodeCase(cName: "ICAL_ALLOCATION_ERROR", code: .allocation, raw: 3),
        CodeCase(cName: "ICAL_MALFORMEDDATA_ERROR", code: .malformedData, raw: 4),
        CodeCase(cName: "ICAL_PARSE_ERROR", code: .parse, raw: 5),
        CodeCase(cName: "ICAL_INTERNAL_ERROR", code: .internalError, raw: 6),
        CodeCase(cName: "ICAL_FILE_ERROR", code: .file, raw: 7),
        CodeCase(cName: "ICAL_USAGE_ERROR", code: .usage, raw: 8),
        CodeCase(cName: "ICAL_UNIMPLEMENTED_ERROR", code: .unimplemented, raw: 9),
        CodeCase(cName: "ICAL_UNKNOWN_ERROR", code: .unknown, raw: 10),
    ]

    @Test(arguments: codes)
    func constant(_ c: CodeCase) {
        #expect(c.code.rawValue == c.raw)
        #expect(ICalError.Code(rawValue: c.raw) == c.code)
    }

    @Test func codesAreDistinct() {
        #expect(Set(Self.codes.map(\.code)).count == Self.codes.count)
    }

    /// libical's own messages (icalerror.c's string_map) for a few codes.
    @Test func libicalText() {
        #expect(ICalError.libicalText(for: .malformedData) == "MALFORMEDDATA: An input string was not correctly formed or a component has missing or extra properties")
        #expect(ICalError.libicalText(for: .badArgument) == "BADARG: Bad argument to function")
    }

    @Test func descriptionWithAndWithoutLine() {
        #expect(ICalError(code: .parse, message: "bad").description == "bad")
        #expect(ICalError(code: .parse, message: "bad", line: 12).description == "line 12: bad")
    }
}

@Suite("ICalValidator")
struct ICalValidatorTests {
    static func calendar(_ eventLines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icalkit//tests//EN", "BEGIN:VEVENT", "UID:v@example.com",
          "DTSTAMP:20260101T000000Z"] + eventLines + ["END:VEVENT", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    @Test func cleanTextHasNoErrors() {
        let text = Self.calendar(["DTSTART:20260301T090000Z", "DTEND:20260301T100000Z", "SUMMARY:Fine"])
        #expect(ICalValidator.libicalErrors(in: text) == [])
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let id: String
        let line: String
        var testDescription: String { id }
        static let all = [
            BadCase(id: "letters in DTSTART", line: "DTSTART:2026MARCH01"),
            BadCase(id: "a word for DTSTART", line: "DTSTART:tomorrow"),
            BadCase(id: "DTSTART with a zone but a bad value", line: "DTSTART;TZID=Europe/Berlin:2026/03/01 09:00"),
        ]
    }

    @Test(arguments: BadCase.all)
    func badValueIsReported(_ c: BadCase) {
        let errors = ICalValidator.libicalErrors(in: Self.calendar([c.line, "SUMMARY:x"]))
        #expect(errors.count == 1)
        #expect(errors.first?.isEmpty == false)
    }
}
