import CalendarFormats
import CalendarTestSupport
import Testing

/// ``JSONTokenizer`` over chunks of any size: the same tokens and values whatever the chunk
/// boundaries, RFC 8259's escapes (§7) and its surrogate pairs split anywhere, and `line L,
/// column C` of the first byte that is not JSON.
@Suite("JSON tokenizer (chunked input)")
struct JSONTokenizerTests {
    /// `bytes` cut into chunks of `size` bytes.
    static func chunks(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// Every token of a text, to the end.
    static func tokens(_ chunks: [[UInt8]], maxDepth: Int = 256) throws -> [JSONTokenizer.Token] {
        var json = JSONTokenizer(chunks: chunks, maxDepth: maxDepth)
        var out: [JSONTokenizer.Token] = []
        while true {
            let token = try json.next()
            out.append(token)
            if token == .endOfText { return out }
        }
    }

    /// The error a text gives, read in chunks of `size`.
    static func error(_ text: String, size: Int, maxDepth: Int = 256) -> String? {
        do {
            _ = try tokens(chunks(Array(text.utf8), size: size), maxDepth: maxDepth)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let document = """
        {"calendars": [
          {"title": "T\\u00e9am", "n": -12.5e+3, "ok": true, "no": false, "none": null,
           "list": [[], {}, [1, [2]]]}
        ]}
        """

    /// The tokens of ``document``, written out from its text.
    static let expectedTokens: [JSONTokenizer.Token] = [
        .beginObject, .key("calendars"), .beginArray,
        .beginObject, .key("title"), .scalar(.string("T\u{E9}am")), .key("n"), .scalar(.number("-12.5e+3")),
        .key("ok"), .scalar(.bool(true)), .key("no"), .scalar(.bool(false)), .key("none"), .scalar(.null),
        .key("list"), .beginArray, .beginArray, .endArray, .beginObject, .endObject,
        .beginArray, .scalar(.number("1")), .beginArray, .scalar(.number("2")), .endArray, .endArray, .endArray,
        .endObject, .endArray, .endObject, .endOfText,
    ]

    @Test(arguments: [1, 2, 7, 64, 1 << 20])
    func sameTokensWhateverTheChunks(_ size: Int) throws {
        #expect(try Self.tokens(Self.chunks(Array(Self.document.utf8), size: size)) == Self.expectedTokens)
    }

    /// RFC 8259 §7: the two-character escapes, `\u` with four hex digits in either case, and
    /// a character outside the BMP as a UTF-16 surrogate pair (its example: U+1D11E, the G
    /// clef, is `"\uD834\uDD1E"`), split into two chunks at every byte.
    @Test func escapesSplitAtEveryByte() throws {
        let text = #"["q\"b\\s\/bfnrt:\b\f\n\r\t é\u00E9\u00e9 \uD834\uDD1E \ud834\udd1e 😀"]"#
        let expected = "q\"b\\s/bfnrt:\u{08}\u{0C}\n\r\t \u{E9}\u{E9}\u{E9} \u{1D11E} \u{1D11E} \u{1F600}"
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var json = JSONTokenizer(chunks: [Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(try json.value() == .array([.string(expected)]), "cut at \(cut)")
            #expect(try json.next() == .endOfText)
        }
        #expect(try Self.tokens(Self.chunks(bytes, size: 1)) == [.beginArray, .scalar(.string(expected)), .endArray, .endOfText])
    }

    @Test func byteOrderMarkSplitOverChunks() throws {
        #expect(try Self.tokens([[0xEF], [0xBB], [0xBF, UInt8(ascii: "[")], [UInt8(ascii: "]")]]) == [.beginArray, .endArray, .endOfText])
    }

    /// The place is the first byte that does not fit (columns count bytes from 1; lines
    /// counted over chunk boundaries).
    static let badCases: [BadInputCase] = [
        BadInputCase(id: "truncated in an array", json: #"{"a": [1, 2"#, message: "line 1, column 12: not JSON: expected ',' or ']'"),
        BadInputCase(id: "truncated after a comma, on line 4", json: "{\n \"a\": [\n  1,\n", message: "line 4, column 1: not JSON: expected a value"),
        BadInputCase(id: "truncated in a string", json: #"["abc"#, message: "line 1, column 6: not JSON: the string is not closed"),
        BadInputCase(id: "truncated in an escape", json: #"["a\u00"#, message: #"line 1, column 6: not JSON: expected four hex digits after \u"#),
        BadInputCase(id: "truncated literal", json: "[tru", message: "line 1, column 2: not JSON: expected a value"),
        BadInputCase(id: "lone low surrogate", json: #"["\uDD1E"]"#, message: "line 1, column 9: not JSON: a lone surrogate is not a character"),
        BadInputCase(id: "high surrogate alone", json: #"["\uD834x"]"#, message: "line 1, column 9: not JSON: expected the second half of a surrogate pair"),
        BadInputCase(id: "unknown escape", json: #"["\x"]"#, message: #"line 1, column 4: not JSON: unknown escape '\x'"#),
        BadInputCase(id: "raw line feed in a string", json: "[\"a\nb\"]", message: "line 1, column 4: not JSON: a control character must be escaped in a string"),
        BadInputCase(id: "missing colon", json: #"{"a" 1}"#, message: "line 1, column 6: not JSON: expected ':'"),
        BadInputCase(id: "unquoted name", json: "{a: 1}", message: "line 1, column 2: not JSON: expected a member name in double quotes"),
        BadInputCase(id: "two values", json: "[] []", message: "line 1, column 4: not JSON: expected the end of the JSON text"),
        BadInputCase(id: "leading zero then digit", json: "[01]", message: "line 1, column 3: not JSON: expected ',' or ']'"),
        BadInputCase(id: "no digit after the point", json: "[1.]", message: "line 1, column 4: not JSON: expected a digit after '.'"),
        BadInputCase(id: "empty", json: "  ", message: "line 1, column 3: not JSON: expected a value"),
    ]

    @Test(arguments: badCases)
    func errorsSayWhereWhateverTheChunks(_ c: BadInputCase) {
        for size in [1, 3, 7, 1 << 20] {
            #expect(Self.error(c.json, size: size) == c.message, "chunks of \(size)")
        }
    }

    @Test func stringThatIsNotUTF8() {
        let bytes: [UInt8] = [UInt8(ascii: "["), UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")]
        for size in [1, 2, 5] {
            #expect(throws: FormatError(path: "line 1, column 5", message: "not JSON: the string is not UTF-8")) {
                _ = try Self.tokens(Self.chunks(bytes, size: size))
            }
        }
    }

    /// `maxDepth` open containers are allowed; one more is an error at its bracket.
    @Test func nestingDeeperThanTheLimit() throws {
        #expect(Self.error("[[{\"a\":[]}]]", size: 1, maxDepth: 4) == nil)
        #expect(Self.error("[[{\"a\":[[]]}]]", size: 1, maxDepth: 4) == "line 1, column 9: not JSON: nested more than 4 deep")
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(Self.error(deep, size: 7) == "line 1, column 257: not JSON: nested more than 256 deep")
        #expect(throws: FormatError(path: "line 1, column 257", message: "not JSON: nested more than 256 deep")) {
            _ = try JSONNode(parsing: Array(deep.utf8))
        }
    }

    /// Skipping reads past a value (checking it) and keeps nothing; a peeked bracket does not
    /// count in ``JSONTokenizer/depth`` until read.
    @Test func skippingAndDepth() throws {
        var json = JSONTokenizer(chunks: Self.chunks(Array(#"[{"a": [1, {"b": 2}]}, "after"]"#.utf8), size: 3))
        #expect(try json.next() == .beginArray)
        #expect(json.depth == 1)
        #expect(try json.peek() == .beginObject)
        #expect(json.depth == 1)
        try json.skipValue()
        #expect(json.depth == 1)
        #expect(try json.value() == .string("after"))
        #expect(try json.next() == .endArray)
        #expect(json.depth == 0)
        #expect(try json.next() == .endOfText)
    }
}
