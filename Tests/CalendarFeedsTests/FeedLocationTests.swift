import Foundation
import Testing
@testable import CalendarFeeds

@Suite("Feed locations and redaction")
struct FeedLocationTests {
    struct ParseCase: Sendable, CustomTestStringConvertible {
        let input: String
        let expected: FeedLocation?
        var testDescription: String { input }
    }

    @Test(arguments: [
        ParseCase(input: "https://example.com/a.ics", expected: .web("https://example.com/a.ics")),
        ParseCase(input: "HTTP://example.com/a.ics", expected: .web("http://example.com/a.ics")),
        ParseCase(input: "webcal://example.com/a.ics", expected: .web("https://example.com/a.ics")),
        ParseCase(input: "webcals://example.com/a.ics?x=1", expected: .web("https://example.com/a.ics?x=1")),
        ParseCase(input: "file:///tmp/a.ics", expected: .file("/tmp/a.ics")),
        ParseCase(input: "/tmp/x/../a.ics", expected: .file("/tmp/a.ics")),
        ParseCase(input: "cal/a.ics", expected: .file("/home/u/cal/a.ics")),
        ParseCase(input: "ftp://example.com/a.ics", expected: nil),
        ParseCase(input: "", expected: nil),
    ]) func parses(_ c: ParseCase) {
        let got = try? FeedLocation(parsing: c.input, relativeTo: "/home/u")
        #expect(got == c.expected)
    }

    struct RedactCase: Sendable, CustomTestStringConvertible {
        let name: String
        let url: String
        let redacted: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        RedactCase(name: "Google secret address",
                   url: "https://calendar.google.com/calendar/ical/abcdefgh12345678%40group.calendar.google.com/private-0123456789abcdef0123456789abcdef/basic.ics",
                   redacted: "https://calendar.google.com/calendar/ical/…/…/basic.ics"),
        RedactCase(name: "Outlook published calendar",
                   url: "https://outlook.office365.com/owa/calendar/0f1e2d3c4b5a69788796a5b4c3d2e1f0@example.com/9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d/calendar.ics",
                   redacted: "https://outlook.office365.com/owa/calendar/…/…/calendar.ics"),
        RedactCase(name: "token in the query", url: "https://example.com/feed.ics?token=s3cr3t&x=1", redacted: "https://example.com/feed.ics?…"),
        RedactCase(name: "user and password", url: "https://alice:pw@example.com/cal.ics", redacted: "https://…@example.com/cal.ics"),
        RedactCase(name: "short segments stay", url: "https://example.com/school/2026/term.ics", redacted: "https://example.com/school/2026/term.ics"),
        RedactCase(name: "fragment dropped", url: "https://example.com/a.ics#frag", redacted: "https://example.com/a.ics"),
    ]) func redacts(_ c: RedactCase) {
        #expect(FeedLocation.redact(c.url) == c.redacted)
    }
}
