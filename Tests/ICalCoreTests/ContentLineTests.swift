import ICalCore
import Testing

/// Property names and parameters as the scanner reads them (RFC 5545 §3.1, §3.2; RFC 6868),
/// and ``ContentLine/text`` writing them back.
@Suite("Content lines and parameters")
struct ContentLineTests {
    /// Scans `line` inside a VEVENT and returns the one property.
    static func read(_ line: String) throws -> ContentLine {
        let scan = ICalScanner().scan(TestBytes.lines(["BEGIN:VEVENT", line, "END:VEVENT"]))
        #expect(scan.issues.isEmpty)
        let event = try #require(scan.components.first)
        #expect(event.properties.count == 1)
        return try #require(event.properties.first)
    }

    struct ParamCase: Sendable, CustomTestStringConvertible {
        let id: String
        let line: String
        let name: String
        let parameters: [ICalParameter]
        let value: String
        var testDescription: String { id }

        static let all: [ParamCase] = [
            ParamCase(id: "no parameters", line: "SUMMARY:Lunch", name: "SUMMARY", parameters: [], value: "Lunch"),
            ParamCase(id: "value keeps colons", line: "URL:https://example.com:8080/a", name: "URL", parameters: [], value: "https://example.com:8080/a"),
            ParamCase(id: "quoted value with : ; ,",
                      line: #"ATTENDEE;CN="Doe, John: Jr; PhD";ROLE=CHAIR:mailto:jd@example.com"#, name: "ATTENDEE",
                      parameters: [ICalParameter("CN", "Doe, John: Jr; PhD"), ICalParameter("ROLE", "CHAIR")], value: "mailto:jd@example.com"),
            ParamCase(id: "quoted multiple values",
                      line: #"ATTENDEE;DELEGATED-TO="mailto:a@example.com","mailto:b@example.com":mailto:c@example.com"#, name: "ATTENDEE",
                      parameters: [ICalParameter(name: "DELEGATED-TO", values: ["mailto:a@example.com", "mailto:b@example.com"])],
                      value: "mailto:c@example.com"),
            ParamCase(id: "unquoted multiple values", line: "X-A;X-LIST=one,two,three:v", name: "X-A",
                      parameters: [ICalParameter(name: "X-LIST", values: ["one", "two", "three"])], value: "v"),
            ParamCase(id: "mixed quoted and unquoted", line: #"X-A;X-LIST=one,"t,w,o",three:v"#, name: "X-A",
                      parameters: [ICalParameter(name: "X-LIST", values: ["one", "t,w,o", "three"])], value: "v"),
            ParamCase(id: "empty value", line: "X-A;X-E=:v", name: "X-A", parameters: [ICalParameter("X-E", "")], value: "v"),
            ParamCase(id: "empty first of several values", line: "X-A;X-L=,b:v", name: "X-A",
                      parameters: [ICalParameter(name: "X-L", values: ["", "b"])], value: "v"),
            ParamCase(id: "empty last value", line: "X-A;X-L=a,:v", name: "X-A",
                      parameters: [ICalParameter(name: "X-L", values: ["a", ""])], value: "v"),
            ParamCase(id: "parameter without =", line: "X-A;X-FLAG;X-B=1:v", name: "X-A",
                      parameters: [ICalParameter(name: "X-FLAG", values: []), ICalParameter("X-B", "1")], value: "v"),
            ParamCase(id: "RFC 6868 caret escapes quoted", line: #"X-A;X-P="one^ntwo ^^ ^'q^'":v"#, name: "X-A",
                      parameters: [ICalParameter("X-P", "one\ntwo ^ \"q\"")], value: "v"),
            ParamCase(id: "RFC 6868 ^N upper case", line: #"X-A;X-P="a^Nb":v"#, name: "X-A", parameters: [ICalParameter("X-P", "a\nb")], value: "v"),
            ParamCase(id: "RFC 6868 caret escapes unquoted", line: "X-A;X-P=one^ntwo^^^':v", name: "X-A",
                      parameters: [ICalParameter("X-P", "one\ntwo^\"")], value: "v"),
            ParamCase(id: "RFC 6868 other caret kept", line: #"X-A;X-P="a^b^":v"#, name: "X-A", parameters: [ICalParameter("X-P", "a^b^")], value: "v"),
            ParamCase(id: "lower-case names upper-cased", line: "dtstart;tzid=Europe/Berlin;value=DATE-TIME:20260301T090000",
                      name: "DTSTART", parameters: [ICalParameter("TZID", "Europe/Berlin"), ICalParameter("VALUE", "DATE-TIME")],
                      value: "20260301T090000"),
            ParamCase(id: "value case kept", line: "summary:MiXeD", name: "SUMMARY", parameters: [], value: "MiXeD"),
            ParamCase(id: "group prefix", line: "item1.X-ABLABEL;type=pref:Home", name: "ITEM1.X-ABLABEL",
                      parameters: [ICalParameter("TYPE", "pref")], value: "Home"),
            ParamCase(id: "non-ASCII in quoted parameter", line: #"ORGANIZER;CN="Zoë Ñúñez":mailto:z@example.com"#, name: "ORGANIZER",
                      parameters: [ICalParameter("CN", "Zoë Ñúñez")], value: "mailto:z@example.com"),
        ]
    }

    @Test(arguments: ParamCase.all)
    func parses(_ c: ParamCase) throws {
        let line = try Self.read(c.line)
        #expect(line.name == c.name)
        #expect(line.parameters == c.parameters)
        #expect(line.value == c.value)
        // No copy of the text when the parts write it (ContentLineRawTests).
        #expect(line.raw == c.line || line.raw == nil)
        #expect(line.text == c.line, "a scanned line is written back as it was")
        #expect(line.line == 2)
    }

    @Test func parameterLookupIsCaseInsensitive() throws {
        let line = try Self.read("DTSTART;TZID=Europe/Berlin:20260301T090000")
        #expect(line.parameter("tzid") == "Europe/Berlin")
        #expect(line.parameter("TZID") == "Europe/Berlin")
        #expect(line.parameter("VALUE") == nil)
    }

    struct QuoteCase: Sendable, CustomTestStringConvertible {
        let id: String
        let value: String
        let written: String
        var testDescription: String { id }
        static let all = [
            QuoteCase(id: "plain", value: "Europe/Berlin", written: "Europe/Berlin"),
            QuoteCase(id: "empty", value: "", written: ""),
            QuoteCase(id: "colon", value: "mailto:a@example.com", written: #""mailto:a@example.com""#),
            QuoteCase(id: "semicolon", value: "a;b", written: #""a;b""#),
            QuoteCase(id: "comma", value: "Doe, John", written: #""Doe, John""#),
            QuoteCase(id: "double quote as ^'", value: #"say "hi""#, written: "say ^'hi^'"),
            QuoteCase(id: "double quote and comma", value: #"a "b", c"#, written: #""a ^'b^', c""#),
            QuoteCase(id: "newline as ^n", value: "a\nb", written: "a^nb"),
            QuoteCase(id: "CRLF as one ^n", value: "a\r\nb", written: "a^nb"),
            QuoteCase(id: "lone CR as ^n", value: "a\rb", written: "a^nb"),
            QuoteCase(id: "caret as ^^", value: "a^b", written: "a^^b"),
            QuoteCase(id: "caret-n text stays text", value: "^n", written: "^^n"),
            QuoteCase(id: "non-ASCII plain", value: "Zoë", written: "Zoë"),
        ]
    }

    @Test(arguments: QuoteCase.all)
    func quotedIfNeeded(_ c: QuoteCase) {
        #expect(ICalParameter.quotedIfNeeded(c.value) == c.written)
    }

    @Test func textOfALineBuiltInCode() {
        let line = ContentLine(name: "ATTENDEE",
                               parameters: [ICalParameter("CN", "Doe, John"),
                                            ICalParameter(name: "MEMBER", values: ["mailto:g1@example.com", "mailto:g2@example.com"]),
                                            ICalParameter("ROLE", "REQ-PARTICIPANT")],
                               value: "mailto:jd@example.com")
        #expect(line.text == #"ATTENDEE;CN="Doe, John";MEMBER="mailto:g1@example.com","mailto:g2@example.com";ROLE=REQ-PARTICIPANT:mailto:jd@example.com"#)
    }

    /// Parameter values with every character that needs care survive text → scan.
    static let roundTripValues = [
        "plain", "Doe, John", "a:b;c,d", #"say "hi""#, "line1\nline2", "caret ^ here", "^n literally", "^'", "Zoë 😀", "",
        #""starts with a quote"#, "ends with caret^",
    ]

    @Test(arguments: roundTripValues)
    func parameterRoundTrip(_ value: String) throws {
        let built = ContentLine(name: "X-TEST", parameters: [ICalParameter("X-P", value), ICalParameter(name: "X-Q", values: [value, "b"])], value: "v")
        let read = try Self.read(built.text)
        #expect(read.parameters == built.parameters)
        #expect(read.name == "X-TEST")
        #expect(read.value == "v")
    }
}
