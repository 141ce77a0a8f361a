import ICalCore
import Testing

/// Each ``ScanIssue/Kind`` from an input built to cause it, with the line counted by hand.
@Suite("ICalScanner: issues")
struct ScanIssueTests {
    struct NotICalendarCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let line: Int
        var testDescription: String { name }
        static let all = [
            NotICalendarCase(name: "empty", bytes: [], line: 0),
            NotICalendarCase(name: "HTML", bytes: TestBytes.ascii("<!DOCTYPE html>\n<html><body>Not found</body></html>\n"), line: 1),
            // PNG signature and a little of an IHDR chunk.
            NotICalendarCase(name: "binary", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48], line: 1),
            NotICalendarCase(name: "properties only", bytes: TestBytes.lines(["VERSION:2.0", "PRODID:x"]), line: 1),
        ]
    }

    @Test(arguments: NotICalendarCase.all)
    func notICalendar(_ c: NotICalendarCase) throws {
        let scan = ICalScanner().scan(c.bytes)
        #expect(scan.components.isEmpty)
        let issue = try #require(scan.issues.first { $0.kind == .notICalendar })
        #expect(issue.line == c.line)
        #expect(scan.issues.filter { $0.kind == .notICalendar }.count == 1)
    }

    @Test func strayTextReportedOnce() {
        let text = ["hello there", "BEGIN:VCALENDAR", "END:VCALENDAR", "X-AFTER:also stray", "more junk"]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.map(\.kind) == [.strayText])
        #expect(scan.issues.first?.line == 1)
        #expect(scan.components.count == 1)
        #expect(scan.components.first?.properties.isEmpty == true)
    }

    @Test func malformedLineInsideComponent() {
        let text = ["BEGIN:VEVENT", "UID:1", "this line has no colon", ";X=1:no name", "SUMMARY:kept", "END:VEVENT"]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.map(\.kind) == [.malformedLine, .malformedLine])
        #expect(scan.issues.map(\.line) == [3, 4])
        #expect(scan.issues.map(\.component) == ["VEVENT", "VEVENT"])
        #expect(scan.components.first?.properties.map(\.name) == ["UID", "SUMMARY"])
    }

    struct Latin1Case: Sendable, CustomTestStringConvertible {
        let name: String
        let valueBytes: [UInt8]
        let expected: String
        var testDescription: String { name }
        static let all = [
            Latin1Case(name: "café (E9)", valueBytes: [0x63, 0x61, 0x66, 0xE9], expected: "caf\u{E9}"),
            Latin1Case(name: "Müller (FC)", valueBytes: [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72], expected: "M\u{FC}ller"),
            Latin1Case(name: "lone continuation byte A9", valueBytes: [0x61, 0xA9], expected: "a\u{A9}"),
            Latin1Case(name: "truncated 3-byte sequence", valueBytes: [0xE2, 0x82, 0x41], expected: "\u{E2}\u{82}A"),
        ]
    }

    @Test(arguments: Latin1Case.all)
    func invalidUTF8ReadAsLatin1(_ c: Latin1Case) throws {
        let bytes = TestBytes.ascii("BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:") + c.valueBytes + TestBytes.ascii("\r\nEND:VEVENT\r\n")
        let scan = ICalScanner().scan(bytes)
        #expect(scan.issues.map(\.kind) == [.invalidUTF8])
        #expect(scan.issues.first?.line == 3)
        #expect(scan.issues.first?.component == "VEVENT")
        let event = try #require(scan.components.first)
        #expect(event.property("SUMMARY")?.value == c.expected)
        #expect(event.property("UID")?.value == "1")
    }

    @Test func endWithoutBegin() throws {
        let scan = ICalScanner().scan(TestBytes.lines(["BEGIN:VCALENDAR", "END:VEVENT", "VERSION:2.0", "END:VCALENDAR"]))
        #expect(scan.issues.map(\.kind) == [.unbalancedEnd])
        #expect(scan.issues.first?.line == 2)
        let cal = try #require(scan.components.first)
        #expect(cal.components.isEmpty)
        #expect(cal.properties.map(\.name) == ["VERSION"])
        #expect(cal.endLine == 4)
    }

    @Test func endClosesAnOuterComponentEarly() throws {
        let scan = ICalScanner().scan(TestBytes.lines(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x", "END:VCALENDAR"]))
        #expect(scan.issues.map(\.kind) == [.unbalancedEnd])
        #expect(scan.issues.first?.line == 4)
        #expect(scan.issues.first?.component == "VEVENT")
        let cal = try #require(scan.components.first)
        #expect(cal.endLine == 4)
        #expect(cal.components.map(\.name) == ["VEVENT"])
        #expect(cal.components.first?.endLine == 4)
        #expect(cal.components.first?.property("UID")?.value == "x")
    }

    @Test func unterminatedComponents() throws {
        let scan = ICalScanner().scan(TestBytes.lines(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x"]))
        // Innermost first: the VEVENT begun on line 2, then the VCALENDAR begun on line 1.
        #expect(scan.issues.map(\.kind) == [.unterminatedComponent, .unterminatedComponent])
        #expect(scan.issues.map(\.line) == [2, 1])
        #expect(scan.issues.map(\.component) == ["VEVENT", "VCALENDAR"])
        let cal = try #require(scan.components.first)
        #expect(cal.endLine == 3)
        #expect(cal.components.first?.endLine == 3)
        #expect(cal.components.first?.property("UID")?.value == "x")
    }

    @Test func lineTooLongIsDropped() throws {
        let scanner = ICalScanner(maxLineBytes: 20)
        let text = [
            "BEGIN:VEVENT",                                  // 1
            "UID:short",                                     // 2
            "DESCRIPTION:" + String(repeating: "x", count: 30), // 3: 42 bytes
            "SUMMARY:0123456789",                            // 4: 18 bytes, kept
            "LOCATION:0123456789",                           // 5: 19 bytes...
            " 0123456789",                                   // 6: ...plus 10 by folding: 29 > 20
            "END:VEVENT",                                    // 7
        ]
        let scan = scanner.scan(TestBytes.lines(text))
        #expect(scan.issues.map(\.kind) == [.lineTooLong, .lineTooLong])
        #expect(scan.issues.map(\.line) == [3, 5])
        #expect(scan.issues.map(\.component) == ["VEVENT", "VEVENT"])
        let event = try #require(scan.components.first)
        #expect(event.properties.map(\.name) == ["UID", "SUMMARY"])
        #expect(event.endLine == 7)
    }

    @Test func lineOfExactlyTheLimitIsKept() throws {
        let scan = ICalScanner(maxLineBytes: 12).scan(TestBytes.lines(["BEGIN:VEVENT", "SUMMARY:abcd", "END:VEVENT"]))
        #expect(scan.issues.isEmpty)
        #expect(scan.components.first?.property("SUMMARY")?.value == "abcd")
    }

    @Test func nestingTooDeepDropsTheComponentAndItsContents() throws {
        let text = [
            "BEGIN:VCALENDAR",               // 1 (does not count)
            "BEGIN:VEVENT",                  // 2 depth 0
            "UID:1",                         // 3
            "BEGIN:VALARM",                  // 4 depth 1: too deep for a limit of 1
            "ACTION:DISPLAY",                // 5
            "BEGIN:X-INNER",                 // 6
            "X-P:1",                         // 7
            "END:X-INNER",                   // 8
            "END:VALARM",                    // 9
            "SUMMARY:after",                 // 10
            "END:VEVENT",                    // 11
            "END:VCALENDAR",                 // 12
        ]
        let scan = ICalScanner(maxNestingDepth: 1).scan(TestBytes.lines(text))
        #expect(scan.issues.map(\.kind) == [.nestingTooDeep])
        #expect(scan.issues.first?.line == 4)
        #expect(scan.issues.first?.component == "VEVENT")
        let event = try #require(scan.components.first?.components.first)
        #expect(event.components.isEmpty)
        #expect(event.properties.map(\.name) == ["UID", "SUMMARY"])
        #expect(event.endLine == 11)
        #expect(scan.components.first?.endLine == 12)
    }

    @Test func sameNestingWithDefaultLimitIsFine() {
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "BEGIN:VALARM", "BEGIN:X-INNER", "END:X-INNER", "END:VALARM", "END:VEVENT", "END:VCALENDAR"]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.isEmpty)
        #expect(scan.components.first?.components.first?.components.first?.components.map(\.name) == ["X-INNER"])
    }

    struct BOMCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
        /// "BEGIN:VCALENDAR\r\n" in UTF-16.
        static func utf16(_ s: String, bigEndian: Bool) -> [UInt8] {
            s.utf16.flatMap { u -> [UInt8] in
                let hi = UInt8(u >> 8), lo = UInt8(u & 0xFF)
                return bigEndian ? [hi, lo] : [lo, hi]
            }
        }
        static let all = [
            BOMCase(name: "UTF-16LE", bytes: [0xFF, 0xFE] + utf16("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", bigEndian: false)),
            BOMCase(name: "UTF-16BE", bytes: [0xFE, 0xFF] + utf16("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", bigEndian: true)),
            BOMCase(name: "UTF-32LE", bytes: [0xFF, 0xFE, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00]),
        ]
    }

    @Test(arguments: BOMCase.all)
    func unsupportedEncoding(_ c: BOMCase) {
        let scan = ICalScanner().scan(c.bytes)
        #expect(scan.issues.map(\.kind) == [.unsupportedEncoding])
        #expect(scan.issues.first?.line == 1)
        #expect(scan.components.isEmpty)
    }

    @Test func beginEventInsideUnclosedEventClosesTheFirst() throws {
        let text = [
            "BEGIN:VCALENDAR",   // 1
            "BEGIN:VEVENT",      // 2
            "UID:1",             // 3
            "BEGIN:VEVENT",      // 4
            "UID:2",             // 5
            "END:VEVENT",        // 6
            "END:VCALENDAR",     // 7
        ]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.map(\.kind) == [.unbalancedEnd])
        #expect(scan.issues.first?.line == 4)
        #expect(scan.issues.first?.component == "VEVENT")
        let cal = try #require(scan.components.first)
        #expect(cal.components.map(\.name) == ["VEVENT", "VEVENT"])
        #expect(cal.components.map { $0.property("UID")?.value } == ["1", "2"])
        #expect(cal.components.map(\.line) == [2, 4])
        #expect(cal.components.map(\.endLine) == [3, 6])
        #expect(cal.endLine == 7)
    }

    @Test func beginTodoInsideUnclosedEventWithOpenAlarm() throws {
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "BEGIN:VALARM", "ACTION:AUDIO", "BEGIN:VTODO", "UID:t", "END:VTODO", "END:VCALENDAR"]
        let scan = ICalScanner().scan(TestBytes.lines(text))
        #expect(scan.issues.map(\.kind) == [.unbalancedEnd])
        let cal = try #require(scan.components.first)
        #expect(cal.components.map(\.name) == ["VEVENT", "VTODO"])
        #expect(cal.components.first?.components.map(\.name) == ["VALARM"])
    }

    @Test func issueDescriptionCarriesTheLine() {
        let issue = ScanIssue(kind: .strayText, line: 7, message: "text outside")
        #expect(issue.description == "line 7: text outside")
    }
}
