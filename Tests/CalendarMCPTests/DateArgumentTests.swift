import Foundation
import Testing
@testable import CalendarMCP

@Suite("ISO 8601 date arguments and the local-day rule")
struct DateArgumentTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        /// The instant when read in Europe/Berlin, seconds since 1970.
        let expected: TimeInterval
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "2026-03-02", expected: 1_772_406_000),                  // 2026-03-01T23:00:00Z
        Case(text: "2026-03-02T09:00", expected: 1_772_438_400),            // 08:00Z (CET, +01:00)
        Case(text: "2026-03-02T09:00:00", expected: 1_772_438_400),
        Case(text: "2026-03-02 09:00:00", expected: 1_772_438_400),
        Case(text: "2026-03-02T09:00:00+01:00", expected: 1_772_438_400),
        Case(text: "2026-03-02T09:00:00+0100", expected: 1_772_438_400),
        Case(text: "2026-03-02T08:00:00Z", expected: 1_772_438_400),
        Case(text: "2026-03-02T08:00:00.000Z", expected: 1_772_438_400),    // JavaScript's toISOString()
        Case(text: "2026-03-02T08:00:00.5Z", expected: 1_772_438_400.5),
        Case(text: "20260302T080000Z", expected: 1_772_438_400),            // basic format
        Case(text: "2026-07-01T09:00", expected: 1_782_889_200),            // 07:00Z (CEST, +02:00)
        Case(text: "2026-03-29T02:30", expected: 1_774_747_800),            // in the gap: 03:30 CEST = 01:30Z
    ]) func parses(_ c: Case) throws {
        let value = try DateArgument(parsing: c.text, argument: "startDate")
        #expect(value.instant(in: Self.berlin).timeIntervalSince1970 == c.expected)
    }

    @Test(arguments: ["next tuesday", "2026-3-2", "2026-03-02T9:00", "2026-03-02T09:00:00+25:00", "2026-13-01", "", "2026-03-02Tx"])
    func refuses(_ text: String) {
        #expect(throws: ToolError.self) { try DateArgument(parsing: text, argument: "startDate") }
    }

    @Test func messagesNameTheArgumentAndAnAcceptedForm() {
        do {
            _ = try DateArgument(parsing: "next tuesday", argument: "startDate")
            Issue.record("accepted")
        } catch {
            #expect(String(describing: error) == #"startDate "next tuesday" is not ISO 8601; use 2026-03-02 or 2026-03-02T09:00:00+01:00"#)
        }
        do {
            _ = try DateArgument(parsing: "2026-02-30", argument: "endDate")
            Issue.record("accepted")
        } catch {
            #expect(String(describing: error).contains("2026-02 has no day 30"))
        }
    }

    struct WindowCase: Sendable, CustomTestStringConvertible {
        let start: String, end: String
        /// Berlin local midnights expected, as seconds since 1970.
        let expectedStart: TimeInterval, expectedEnd: TimeInterval
        var testDescription: String { "\(start) … \(end)" }
    }

    // 2026-03-02T00:00 Berlin = 1_772_406_000; 2026-03-03T00:00 Berlin = 1_772_492_400;
    // 2026-03-09T00:00 Berlin = 1_773_010_800.
    @Test(arguments: [
        WindowCase(start: "2026-03-02T00:00:00Z", end: "2026-03-02T23:59:59Z", expectedStart: 1_772_406_000, expectedEnd: 1_772_492_400),
        WindowCase(start: "2026-03-02T00:00:00.000Z", end: "2026-03-02T23:59:59.999Z", expectedStart: 1_772_406_000, expectedEnd: 1_772_492_400),
        WindowCase(start: "2026-03-02T00:00:00Z", end: "2026-03-03T00:00:00Z", expectedStart: 1_772_406_000, expectedEnd: 1_772_492_400),
        WindowCase(start: "2026-03-02T00:00:00Z", end: "2026-03-08T23:59:59Z", expectedStart: 1_772_406_000, expectedEnd: 1_773_010_800),
        WindowCase(start: "2026-03-02", end: "2026-03-02", expectedStart: 1_772_406_000, expectedEnd: 1_772_492_400),
        // Not the rule's shape: exact instants.
        WindowCase(start: "2026-03-02T00:00:00+01:00", end: "2026-03-02T12:00:00Z", expectedStart: 1_772_406_000, expectedEnd: 1_772_452_800),
    ]) func localDayRule(_ c: WindowCase) throws {
        let window = try QueryWindow(startDate: DateArgument(parsing: c.start, argument: "startDate"),
                                     endDate: DateArgument(parsing: c.end, argument: "endDate"), zone: Self.berlin)
        #expect(window.start.timeIntervalSince1970 == c.expectedStart)
        #expect(window.end.timeIntervalSince1970 == c.expectedEnd)
    }
}
