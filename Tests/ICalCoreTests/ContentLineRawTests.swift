import CalendarTestSupport
import Testing
@testable import ICalCore

/// A parsed line keeps its text as read (`raw`) only when its parts would write it
/// differently: either way, ``ContentLine/text`` is the line as read.
@Suite("ContentLine: the text as read, kept only when the parts differ")
struct ContentLineRawTests {
    private func parse(_ text: String) -> ContentLine? {
        var invalid = false
        return Array(text.utf8).withUnsafeBufferPointer { ContentLineParser.parse($0, line: 1, invalidUTF8: &invalid) }
    }

    @Test(arguments: [
        "DTSTART;TZID=Europe/Berlin:20260302T090000",
        "ATTENDEE;CN=Doe\\, Jane;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE:mailto:j@x",
        "ATTENDEE;CN=\"Doe, Jane\";DELEGATED-TO=\"mailto:a@x\",\"mailto:b@x\":mailto:j@x",
        "X-A;X-EMPTY=;X-MANY=a,,b:v",
        "ORGANIZER;CN=Zoë Ünal:mailto:z@x",
        "SUMMARY:plain",
    ])
    func linesTheirPartsWriteKeepNoCopy(_ text: String) throws {
        let line = try #require(parse(text))
        #expect(line.raw == nil)
        #expect(line.text == text)
    }

    @Test(arguments: [
        "dtstart;TZID=Europe/Berlin:20260302T090000",      // name in lower case
        "DTSTART;tzid=Europe/Berlin:20260302T090000",      // parameter name in lower case
        "DTSTART; TZID=Europe/Berlin:20260302T090000",     // a space before it
        "ATTENDEE;CN=\"Jane\":mailto:j@x",                 // quotes not needed
        "ATTENDEE;CN=\"\":mailto:j@x",                     // an empty quoted value
        "ATTENDEE;CN=\"A, B\"junk:mailto:j@x",             // junk after the quote
        "ATTENDEE;CN=a^'b:mailto:j@x",                     // RFC 6868 caret
        "ATTENDEE;CN=\"a^nb, c\":mailto:j@x",              // caret inside quotes
        "ATTENDEE;CN=a\"b:mailto:j@x",                     // a quote inside an unquoted value
        "X-A;X-FLAG:v",                                    // a parameter without `=`
        "X-A;=v:w",                                        // a parameter without a name
    ])
    func linesTheirPartsDoNotWriteKeepTheirText(_ text: String) throws {
        let line = try #require(parse(text))
        #expect(line.raw == text)
        #expect(line.text == text)
    }

    /// Generated lines of every shape: the text of each parsed line is the line as read.
    @Test func everyParsedLineReadsBackAsRead() {
        var generator = SplitMix64(seed: 0x7A37)
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        let names = ["DTSTART", "ATTENDEE", "X-Y", "dtend", "Summary", "item1.X-ABLABEL"]
        let parameterNames = ["TZID", "CN", "X-P", "tzid", " CN", "CN ", "", "VALUE"]
        let values = ["", "a", "Doe, Jane", "x:y", "a;b", "Zoë", "a^nb", "a^^b", "say ^'hi^'", "two words", "\"q\"", "\"a,b\"", "\"a,b\"x", "\"plain\"", "a\"b", ","]
        let lineValues = ["v", "", "mailto:a@x", "a;b:c", "Grüße"]
        var withoutCopy = 0
        for _ in 0..<20_000 {
            var text = pick(names)
            for _ in 0..<Int(generator.next() % 4) {
                text += ";" + pick(parameterNames)
                if generator.next() % 8 != 0 {
                    text += "=" + pick(values)
                    if generator.next() % 4 == 0 { text += "," + pick(values) }
                }
            }
            text += ":" + pick(lineValues)
            guard let line = parse(text) else { continue }
            #expect(line.text == text, "\(text)")
            if line.raw == nil { withoutCopy += 1 }
        }
        #expect(withoutCopy > 1_000)
    }
}
