@testable import CalendarCLI
import ICalConversion
import Testing

@Suite("Diagnostics on stderr")
struct DiagnosticOutputTests {
    @Test func oneLineEach() {
        let (io, captured) = CLIIO.capturing()
        io.report([
            ConversionDiagnostic(severity: .error, file: "feed.ics", line: 42, uid: "abc@x", property: "DTSTART",
                                 message: "invalid date-time \"2026-13-01\"", action: .skipped),
            ConversionDiagnostic(severity: .warning, file: "feed.ics", line: 7, message: "two\nlines\tand a tab", action: .repaired),
        ])
        #expect(captured.stderr == """
            feed.ics:42: error: UID abc@x: DTSTART: invalid date-time "2026-13-01" (item skipped)
            feed.ics:7: warning: two\\nlines\\tand a tab (repaired)

            """)
        #expect(captured.stdout == "")
    }

    @Test func validateSummary() {
        let result = ReadResult(documents: [], diagnostics: [
            ConversionDiagnostic(severity: .warning, message: "w", action: .repaired),
            ConversionDiagnostic(severity: .note, message: "n", action: .none),
            ConversionDiagnostic(severity: .error, message: "e", action: .skipped),
        ], skippedCount: 1)
        #expect(ValidateCommand.summary(result, name: "feed.ics") == "feed.ics: 0 events, 0 reminders, 1 warning, 1 error")
    }
}
