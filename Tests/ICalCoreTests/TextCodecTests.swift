import ICalCore
import Testing

/// TEXT escaping, RFC 5545 §3.3.11: `\\` `\;` `\,` `\n`/`\N`.
@Suite("TextCodec")
struct TextCodecTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let input: String
        let expected: String
        var testDescription: String { id }
    }

    static let unescapeCases = [
        Case(id: "no escapes", input: "Lunch at noon", expected: "Lunch at noon"),
        Case(id: "empty", input: "", expected: ""),
        Case(id: #"\\"#, input: #"C:\\temp"#, expected: #"C:\temp"#),
        Case(id: #"\;"#, input: #"a\;b"#, expected: "a;b"),
        Case(id: #"\,"#, input: #"Doe\, John"#, expected: "Doe, John"),
        Case(id: #"\n"#, input: #"one\ntwo"#, expected: "one\ntwo"),
        Case(id: #"\N"#, input: #"one\Ntwo"#, expected: "one\ntwo"),
        Case(id: "unknown escape keeps the character", input: #"a\xb"#, expected: "axb"),
        Case(id: "escaped colon", input: #"a\:b"#, expected: "a:b"),
        Case(id: "trailing backslash kept", input: #"abc\"#, expected: #"abc\"#),
        Case(id: "only a backslash", input: #"\"#, expected: #"\"#),
        Case(id: #"\\n is backslash then n"#, input: #"a\\nb"#, expected: #"a\nb"#),
        Case(id: "multi-byte after backslash", input: "\\é\\€\\😀", expected: "é€😀"),
        Case(id: "backslash before CRLF", input: "a\\\r\nb", expected: "a\r\nb"),
        Case(id: "backslash before lone CR", input: "a\\\rb", expected: "a\rb"),
        Case(id: "all at once", input: #"x\\y\;z\,w\nv\Nu"#, expected: "x\\y;z,w\nv\nu"),
        Case(id: "non-ASCII runs kept", input: #"Zoë\, Ñúñez"#, expected: "Zoë, Ñúñez"),
    ]

    @Test(arguments: unescapeCases)
    func unescape(_ c: Case) {
        #expect(TextCodec.unescape(c.input) == c.expected)
    }

    static let escapeCases = [
        Case(id: "nothing to escape", input: "Lunch: at noon", expected: "Lunch: at noon"),
        Case(id: "empty", input: "", expected: ""),
        Case(id: "backslash", input: #"C:\temp"#, expected: #"C:\\temp"#),
        Case(id: "semicolon", input: "a;b", expected: #"a\;b"#),
        Case(id: "comma", input: "Doe, John", expected: #"Doe\, John"#),
        Case(id: "LF", input: "one\ntwo", expected: #"one\ntwo"#),
        Case(id: "CRLF is one newline", input: "one\r\ntwo", expected: #"one\ntwo"#),
        Case(id: "lone CR", input: "one\rtwo", expected: #"one\ntwo"#),
        Case(id: "two CRs", input: "a\r\rb", expected: #"a\n\nb"#),
        Case(id: "two LFs", input: "a\n\nb", expected: #"a\n\nb"#),
        Case(id: "CRLF CRLF", input: "a\r\n\r\nb", expected: #"a\n\nb"#),
        Case(id: "LF CR", input: "a\n\rb", expected: #"a\n\nb"#),
        Case(id: "non-ASCII untouched", input: "Zoë, 😀", expected: #"Zoë\, 😀"#),
        Case(id: "escapes at both ends", input: ",a;", expected: #"\,a\;"#),
        Case(id: "only a CRLF", input: "\r\n", expected: #"\n"#),
    ]

    @Test(arguments: escapeCases)
    func escape(_ c: Case) {
        #expect(TextCodec.escape(c.input) == c.expected)
    }

    struct ListCase: Sendable, CustomTestStringConvertible {
        let id: String
        let input: String
        let expected: [String]
        var testDescription: String { id }
    }

    static let listCases = [
        ListCase(id: "one", input: "WORK", expected: ["WORK"]),
        ListCase(id: "three", input: "WORK,HOME,TRAVEL", expected: ["WORK", "HOME", "TRAVEL"]),
        ListCase(id: "empty", input: "", expected: [""]),
        ListCase(id: "escaped comma stays", input: #"Doe\, John,Other"#, expected: ["Doe, John", "Other"]),
        ListCase(id: "escaped backslash then comma splits", input: #"a\\,b"#, expected: [#"a\"#, "b"]),
        ListCase(id: "empty items", input: ",a,,", expected: ["", "a", "", ""]),
        ListCase(id: "escapes inside items", input: #"x\ny,p\;q"#, expected: ["x\ny", "p;q"]),
        ListCase(id: "trailing backslash", input: #"a,b\"#, expected: ["a", #"b\"#]),
        ListCase(id: "non-ASCII", input: "Café,Zoë\\,Ñ", expected: ["Café", "Zoë,Ñ"]),
    ]

    @Test(arguments: listCases)
    func unescapeList(_ c: ListCase) {
        #expect(TextCodec.unescapeList(c.input) == c.expected)
    }

    /// Strings without CR: escaping then unescaping gives them back.
    static let identityStrings = [
        "", "plain", #"back\slash"#, "semi;colon", "com,ma", "new\nline", "\n", #"\"#, #"\\"#, #"\n literally"#,
        "ends with \\", "mixed \\;,\n é 😀 ;;,,", "multiple\n\nlines", "Zoë Ñúñez", "a\\,b\\;c",
    ]

    @Test(arguments: identityStrings)
    func escapeThenUnescapeIsIdentity(_ s: String) {
        #expect(TextCodec.unescape(TextCodec.escape(s)) == s)
    }

    @Test(arguments: identityStrings)
    func escapedListItemsSplitBack(_ s: String) {
        let items = [s, "second", s]
        let joined = items.map(TextCodec.escape).joined(separator: ",")
        #expect(TextCodec.unescapeList(joined) == items)
    }
}
