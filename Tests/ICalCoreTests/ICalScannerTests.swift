import ICalCore
import Testing

/// The scanner's line handling and tree building. Expected trees and line numbers are counted
/// by hand from the input text (RFC 5545 §3.1: CRLF line ends, folds start with one space or tab).
@Suite("ICalScanner: lines and tree")
struct ICalScannerTests {
    static let calendar = [
        "BEGIN:VCALENDAR",      // 1
        "VERSION:2.0",          // 2
        "BEGIN:VEVENT",         // 3
        "UID:a@example.com",    // 4
        "END:VEVENT",           // 5
        "END:VCALENDAR",        // 6
    ]

    struct LineEndCase: Sendable, CustomTestStringConvertible {
        let name: String
        let end: String
        var testDescription: String { name }
        static let all = [
            LineEndCase(name: "CRLF", end: "\r\n"),
            LineEndCase(name: "LF", end: "\n"),
            LineEndCase(name: "lone CR", end: "\r"),
        ]
    }

    @Test(arguments: LineEndCase.all)
    func lineEnds(_ c: LineEndCase) throws {
        let scan = ICalScanner().scan(TestBytes.lines(Self.calendar, end: c.end))
        #expect(scan.issues.isEmpty)
        #expect(scan.lineCount == 6)
        let cal = try #require(scan.components.first)
        #expect(scan.components.count == 1)
        #expect(cal.name == "VCALENDAR")
        #expect(cal.line == 1 && cal.endLine == 6)
        #expect(cal.properties.map(\.name) == ["VERSION"])
        #expect(cal.properties.first?.value == "2.0")
        let event = try #require(cal.components.first)
        #expect(event.name == "VEVENT")
        #expect(event.line == 3 && event.endLine == 5)
        #expect(event.property("UID")?.value == "a@example.com")
        #expect(event.property("UID")?.line == 4)
    }

    @Test func mixedLineEndsCountEachLineOnce() {
        let bytes = TestBytes.ascii("BEGIN:VCALENDAR\r\nVERSION:2.0\nX-A:1\rEND:VCALENDAR")
        let scan = ICalScanner().scan(bytes)
        #expect(scan.issues.isEmpty)
        #expect(scan.lineCount == 4)
        #expect(scan.components.first?.properties.map(\.line) == [2, 3])
        #expect(scan.components.first?.endLine == 4)
    }

    /// A large input whose lines all end with a lone CR (no LF anywhere): every line is found.
    /// The scanner looks for the next LF once and then for CRs before it, so such an input is
    /// not searched to its end for every line (this test does not time that: memchr over 2.5 MB
    /// per line still takes about a second here).
    @Test(.timeLimit(.minutes(1)))
    func largeLoneCRInputIsScannedWhole() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0"]
        for i in 0..<20_000 {
            lines += ["BEGIN:VEVENT", "UID:e\(i)@example.com", "DTSTART:20260301T090000Z", "SUMMARY:Event \(i)", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        let scan = ICalScanner().scan(TestBytes.lines(lines, end: "\r"))
        #expect(scan.issues.isEmpty)
        #expect(scan.lineCount == lines.count)
        let calendar = try #require(scan.components.first)
        #expect(calendar.components.count == 20_000)
        #expect(calendar.components.last?.property("SUMMARY")?.value == "Event 19999")
    }

    /// Lines whose `raw` is not kept (an upper-case name, no parameters) and lines that keep
    /// it, mixed: the component's text is its lines as written, unfolded, CRLF-separated.
    @Test func componentTextIsTheLinesAsWritten() throws {
        let lines = ["BEGIN:VEVENT", "UID:a@example.com", "summary:lower-case name", "ITEM1.X-ABLABEL:group prefix",
                     "X-EMPTY:", "DTSTART;TZID=Europe/Berlin:20260301T090000", "X-Q;X-P=\"a,b\":quoted", "DESCRIPTION:a:b;c,d",
                     "Location:Caf\u{e9}", "END:VEVENT"]
        var bytes = TestBytes.lines(lines)
        bytes += Array("X-LATIN:Caf".utf8) + [0xE9] + TestBytes.crlf   // invalid UTF-8, read as ISO-8859-1
        let scan = ICalScanner().scan(TestBytes.lines(["BEGIN:VCALENDAR"]) + bytes + TestBytes.lines(["END:VCALENDAR"]))
        let event = try #require(scan.components.first?.components.first)
        let latin = try #require(scan.components.first?.properties.first { $0.name == "X-LATIN" })
        #expect(event.text == lines.map { $0 + "\r\n" }.joined())
        #expect(event.properties.first { $0.name == "UID" }?.raw == nil)
        #expect(event.properties.first { $0.name == "SUMMARY" }?.raw == "summary:lower-case name")
        #expect(latin.text == "X-LATIN:Caf\u{e9}")
    }

    @Test func utf8ByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + TestBytes.lines(Self.calendar)
        let scan = ICalScanner().scan(bytes)
        #expect(scan.issues.isEmpty)
        let cal = try #require(scan.components.first)
        #expect(cal.name == "VCALENDAR")
        #expect(cal.properties.first?.name == "VERSION")
    }

    struct FoldCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expectedValue: String
        var testDescription: String { name }

        /// `SUMMARY:` + `before` CRLF `lead` + `after` CRLF, inside a VEVENT.
        static func event(_ before: [UInt8], lead: UInt8 = 0x20, _ after: [UInt8]) -> [UInt8] {
            TestBytes.ascii("BEGIN:VEVENT\r\nSUMMARY:") + before + TestBytes.crlf + [lead] + after + TestBytes.crlf
                + TestBytes.ascii("END:VEVENT\r\n")
        }

        static let all: [FoldCase] = [
            FoldCase(name: "space", bytes: event(TestBytes.ascii("Hello"), TestBytes.ascii("World")), expectedValue: "HelloWorld"),
            FoldCase(name: "tab", bytes: event(TestBytes.ascii("Hello"), lead: 0x09, TestBytes.ascii("World")), expectedValue: "HelloWorld"),
            FoldCase(name: "only the first space goes", bytes: event(TestBytes.ascii("Hello"), TestBytes.ascii(" World")), expectedValue: "Hello World"),
            // é = C3 A9
            FoldCase(name: "2-byte split 1|1", bytes: event([0x61, 0xC3], [0xA9, 0x62]), expectedValue: "aéb"),
            // € = E2 82 AC
            FoldCase(name: "3-byte split 1|2", bytes: event([0x61, 0xE2], [0x82, 0xAC]), expectedValue: "a€"),
            FoldCase(name: "3-byte split 2|1", bytes: event([0x61, 0xE2, 0x82], [0xAC]), expectedValue: "a€"),
            // 😀 = F0 9F 98 80
            FoldCase(name: "4-byte split 1|3", bytes: event([0xF0], [0x9F, 0x98, 0x80]), expectedValue: "😀"),
            FoldCase(name: "4-byte split 2|2", bytes: event([0xF0, 0x9F], [0x98, 0x80]), expectedValue: "😀"),
            FoldCase(name: "4-byte split 3|1", bytes: event([0xF0, 0x9F, 0x98], [0x80, 0x21]), expectedValue: "😀!"),
        ]
    }

    @Test(arguments: FoldCase.all)
    func folds(_ c: FoldCase) throws {
        let scan = ICalScanner().scan(c.bytes)
        #expect(scan.issues.isEmpty, "a fold inside a character is not an encoding error")
        let event = try #require(scan.components.first)
        #expect(event.property("SUMMARY")?.value == c.expectedValue)
    }

    @Test func foldedLineTakesTheNumberOfItsFirstPhysicalLine() throws {
        let text = [
            "BEGIN:VCALENDAR",         // 1
            "BEGIN:VEVENT",            // 2
            "DESCRIPTION:one",         // 3
            " two",                    // 4
            "\tthree",                 // 5
            "SUMMARY:next",            // 6
            "END:VEVENT",              // 7
            "END:VCALENDAR",           // 8
        ]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        let event = try #require(scan.components.first?.components.first)
        #expect(event.property("DESCRIPTION")?.value == "onetwothree")
        #expect(event.property("DESCRIPTION")?.line == 3)
        #expect(event.property("SUMMARY")?.line == 6)
        #expect(event.endLine == 7)
        #expect(scan.lineCount == 8)
    }

    @Test func blankLinesAreIgnoredButCounted() throws {
        let text = ["BEGIN:VCALENDAR", "", "VERSION:2.0", "", "", "END:VCALENDAR", ""]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.isEmpty)
        let cal = try #require(scan.components.first)
        #expect(cal.properties.count == 1)
        #expect(cal.properties.first?.line == 3)
        #expect(cal.endLine == 6)
        #expect(scan.lineCount == 7)
    }

    @Test func severalRootsInInputOrder() {
        let text = [
            "BEGIN:VCALENDAR", "X-WR-CALNAME:first", "END:VCALENDAR",
            "BEGIN:VCALENDAR", "X-WR-CALNAME:second", "END:VCALENDAR",
        ]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.isEmpty)
        #expect(scan.components.map(\.name) == ["VCALENDAR", "VCALENDAR"])
        #expect(scan.components.map { $0.property("X-WR-CALNAME")?.value } == ["first", "second"])
        #expect(scan.components.map(\.line) == [1, 4])
    }

    @Test func bareComponentsAreRoots() {
        let text = ["BEGIN:VEVENT", "UID:1", "END:VEVENT", "BEGIN:VTODO", "UID:2", "END:VTODO"]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.isEmpty)
        #expect(scan.components.map(\.name) == ["VEVENT", "VTODO"])
    }

    @Test func nesting() throws {
        let text = [
            "BEGIN:VCALENDAR",
            "BEGIN:VTIMEZONE", "TZID:Z", "BEGIN:STANDARD", "TZOFFSETTO:+0100", "END:STANDARD",
            "BEGIN:DAYLIGHT", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:e", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM", "SUMMARY:after alarm", "END:VEVENT",
            "END:VCALENDAR",
        ]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.isEmpty)
        let cal = try #require(scan.components.first)
        #expect(cal.components.map(\.name) == ["VTIMEZONE", "VEVENT"])
        let tz = cal.components[0]
        #expect(tz.components.map(\.name) == ["STANDARD", "DAYLIGHT"])
        #expect(tz.components.map { $0.property("TZOFFSETTO")?.value } == ["+0100", "+0200"])
        let event = cal.components[1]
        #expect(event.components.map(\.name) == ["VALARM"])
        #expect(event.components.first?.properties.map(\.name) == ["ACTION"])
        #expect(event.properties.map(\.name) == ["UID", "SUMMARY"])
        #expect(event.components.first?.line == 13)
        #expect(event.components.first?.endLine == 15)
    }

    @Test func lowerCaseBeginEndNamesAreUpperCased() {
        let scan = ICalScanner().scan(TestBytes.lines(["begin:vcalendar", "end:VCalendar"]))
        #expect(scan.issues.isEmpty)
        #expect(scan.components.map(\.name) == ["VCALENDAR"])
    }
}
