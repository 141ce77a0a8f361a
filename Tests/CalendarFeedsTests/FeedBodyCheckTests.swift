import Foundation
import Testing
@testable import CalendarFeeds

@Suite("What counts as a whole iCalendar document")
struct FeedBodyCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let body: String
        let problem: FeedBodyCheck.Problem?
        var testDescription: String { name }
    }

    static let event = "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260301T090000Z\r\nEND:VEVENT\r\n"

    static let cases = [
        Case(name: "complete", body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(event)END:VCALENDAR\r\n", problem: nil),
        Case(name: "BOM, LF line ends, lower case, trailing blank lines",
             body: "\u{FEFF}begin:vcalendar\nVERSION:2.0\nend:vcalendar\n\n\n", problem: nil),
        Case(name: "two calendars", body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", problem: nil),
        Case(name: "zero bytes", body: "", problem: .empty),
        Case(name: "only white space", body: "\r\n \r\n", problem: .empty),
        Case(name: "HTML login page", body: "<!DOCTYPE html>\n<html><body>Sign in</body></html>\n", problem: .html),
        Case(name: "HTML after white space", body: "\n  <html lang=\"en\"><head></head></html>", problem: .html),
        Case(name: "JSON error", body: "{\"error\": \"unauthorized\"}", problem: .notICalendar(firstLine: "{\"error\": \"unauthorized\"}")),
        Case(name: "cut inside an event", body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTST", problem: .incomplete),
        Case(name: "cut after an event", body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(event)", problem: .incomplete),
        Case(name: "second calendar cut", body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\n\(event)END:VCALENDAR\r\nBEGIN:VCALENDAR\r\nX:1\r\n",
             problem: .incomplete),
        Case(name: "text after the end", body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\ngarbage\r\n", problem: .incomplete),
        Case(name: "a byte-order mark alone", body: "\u{FEFF}", problem: .empty),
        Case(name: "the end line with trailing spaces, then a blank line of spaces",
             body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR \t\r\n  \r\n", problem: nil),
        Case(name: "the end line indented", body: "BEGIN:VCALENDAR\r\n END:VCALENDAR\r\n", problem: .incomplete),
        Case(name: "a longer line that begins with the end line", body: "BEGIN:VCALENDAR\r\nEND:VCALENDARX\r\n", problem: .incomplete),
        Case(name: "CR line ends", body: "BEGIN:VCALENDAR\rVERSION:2.0\rEND:VCALENDAR", problem: nil),
    ]

    @Test(arguments: cases) func checks(_ c: Case) {
        do {
            try FeedBodyCheck.check(Data(c.body.utf8))
            #expect(c.problem == nil)
        } catch {
            #expect(error == c.problem)
        }
    }

    /// A body checked as it arrives gets the same verdict however it is cut into pieces
    /// (a line, a CR LF or the byte-order mark split between two).
    @Test(arguments: cases, [1, 2, 3, 7, 16])
    func checksPieces(_ c: Case, size: Int) {
        let bytes = Array(c.body.utf8)
        var check = FeedBodyCheck()
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { check.add($0) }
        }
        do {
            try check.finish()
            #expect(c.problem == nil)
        } catch {
            #expect(error == c.problem)
        }
    }
}

@Suite("Refresh intervals")
struct RefreshIntervalTests {
    @Test(arguments: [
        ("15m", 900), ("1h", 3600), ("12h", 43_200), ("1d", 86_400), ("2w", 1_209_600), ("PT6H", 21_600), ("P1D", 86_400),
        ("P1W", 604_800),
    ]) func parses(_ text: String, _ seconds: Int) {
        #expect(RefreshInterval(parsing: text)?.seconds == seconds)
    }

    @Test(arguments: ["", "0h", "-1d", "1y", "h", "30s", "PT10S", "-PT1H", "soon"])
    func refuses(_ text: String) {
        #expect(RefreshInterval(parsing: text) == nil)
    }

    @Test func declaredByTheFeed() {
        // RFC 7986 §5.7's example, then the older X-PUBLISHED-TTL that Google and Outlook send.
        #expect(RefreshInterval.declared(in: ["REFRESH-INTERVAL;VALUE=DURATION:P1W"])?.seconds == 604_800)
        #expect(RefreshInterval.declared(in: ["X-PUBLISHED-TTL:PT1H"])?.seconds == 3600)
        #expect(RefreshInterval.declared(in: ["X-PUBLISHED-TTL:PT1H", "REFRESH-INTERVAL;VALUE=DURATION:P1D"])?.seconds == 86_400)
        #expect(RefreshInterval.declared(in: ["X-WR-CALNAME:x", "REFRESH-INTERVALX:P1D"]) == nil)
        #expect(RefreshInterval.declared(in: ["X-PUBLISHED-TTL:1h"]) == nil)
    }

    @Test func describes() {
        #expect(RefreshInterval(seconds: 3600).description == "1h")
        #expect(RefreshInterval(seconds: 5400).description == "90m")
        #expect(RefreshInterval(seconds: 604_800).description == "1w")
    }
}
