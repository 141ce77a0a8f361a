#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// RFC 8259 JSON text read incrementally: the bytes arrive in chunks of any size (a file read
/// 128 KiB at a time, or one byte at a time in tests), and the text comes out as tokens, or as
/// whole values (``JSONNode``) of the part the caller wants whole, so that a reader holds one
/// item of a big document, not the document.
///
/// The grammar is checked as the tokens are read (with an explicit stack, so nesting deeper
/// than `maxDepth` is an error, not a stack overflow); text that is not JSON is a
/// ``FormatError`` with `line L, column C` (columns count bytes, from 1) of the first byte
/// that does not fit.
///
/// ```swift
/// var json = JSONTokenizer(chunks: [Array(#"{"a": [1, "x"]}"#.utf8)])
/// try json.next()    // .beginObject
/// try json.next()    // .key("a")
/// try json.value()   // .array([.number("1"), .string("x")])
/// try json.next()    // .endObject
/// try json.next()    // .endOfText
/// ```
/// Related RFC 8259 section: <https://www.rfc-editor.org/rfc/rfc8259#section-2>
public struct JSONTokenizer {
    public enum Token: Hashable, Sendable {
        case beginArray, endArray, beginObject, endObject
        /// An object member's name (its `:` read too).
        case key(String)
        /// A string, number, boolean or null.
        case scalar(JSONNode)
        /// After the one top-level value, nothing but white space.
        case endOfText
    }

    /// What the grammar allows next.
    private enum Expecting {
        case value, firstElementOrEnd, commaOrArrayEnd, firstKeyOrEnd, key, commaOrObjectEnd, endOfText, nothing
    }

    private let nextChunk: () throws -> [UInt8]?
    private let maxDepth: Int
    private var chunk: [UInt8] = []
    private var position = 0
    /// Offset in the whole text of `chunk[0]`.
    private var chunkOffset = 0
    private var sourceEnded = false
    private var line = 1
    /// Offset in the whole text of the first byte of `line`.
    private var lineStart = 0
    /// The open containers: true for an object.
    private var open: [Bool] = []
    private var expecting = Expecting.value
    private var peeked: Token?
    private var checkedByteOrderMark = false
    /// The text was found not to be JSON (the error was thrown): nothing more can be read.
    public private(set) var failed = false

    /// Reads the chunks `nextChunk` returns, until it returns nil.
    public init(maxDepth: Int = 256, nextChunk: @escaping () throws -> [UInt8]?) {
        self.maxDepth = maxDepth
        self.nextChunk = nextChunk
    }

    /// Reads the given chunks in order.
    public init(chunks: [[UInt8]], maxDepth: Int = 256) {
        var rest = chunks[...]
        self.init(maxDepth: maxDepth) { rest.popFirst() }
    }

    /// How many containers are open (the value being read is inside that many); a peeked
    /// bracket does not count until it is read.
    public var depth: Int {
        switch peeked {
        case .beginArray?, .beginObject?: open.count - 1
        case .endArray?, .endObject?: open.count + 1
        default: open.count
        }
    }

    // MARK: - Public API

    /// The next token, without consuming it.
    public mutating func peek() throws -> Token {
        if let peeked { return peeked }
        let token = try read()
        peeked = token
        return token
    }

    public mutating func next() throws -> Token {
        if let token = peeked {
            peeked = nil
            return token
        }
        return try read()
    }

    /// The next value, whole (a scalar, or an array or object with everything inside).
    public mutating func value() throws -> JSONNode {
        try value(from: try next())
    }

    /// The next element of the array being read, whole; nil when the array ends (its `]` is
    /// read). One read per element, where `peek()` then `value()` hands the token over twice.
    public mutating func nextElement() throws -> JSONNode? {
        let token = try next()
        if case .endArray = token { return nil }
        return try value(from: token)
    }

    /// The value that begins with `token` (already read). The elements are read token by token
    /// (no peek, and no `Token` comparison per element: this is the jCal and JSON readers'
    /// innermost loop), into arrays given room for a few, as jCal properties and values are.
    private mutating func value(from token: Token) throws -> JSONNode {
        switch token {
        case .scalar(let node): return node
        case .beginArray:
            var items: [JSONNode] = []
            items.reserveCapacity(4)
            while true {
                let element = try read()
                if case .endArray = element { break }
                items.append(try value(from: element))
            }
            return .array(items)
        case .beginObject:
            var members: [JSONNode.Member] = []
            while case .key(let key) = try read() { members.append(JSONNode.Member(key, try value(from: try read()))) }
            return .object(members)
        case .endArray, .endObject, .key, .endOfText:
            // Not reached: the grammar lets only a value come where a value is asked for.
            throw error("expected a value", at: offset)
        }
    }

    /// Reads past the next value without keeping it (its grammar is still checked).
    public mutating func skipValue() throws {
        let start = depth
        repeat {
            switch try next() {
            case .key: continue
            case .endOfText: return
            default: break
            }
        } while depth > start
    }

    /// Reads on (checking the grammar, keeping nothing) until `depth` containers are open.
    public mutating func skip(toDepth target: Int) throws {
        while depth > target {
            if try next() == .endOfText { return }
        }
    }

    /// Reads the rest of the text, checking only that it is JSON.
    public mutating func skipToEnd() throws {
        while try next() != .endOfText {}
    }

    // MARK: - Bytes

    private var offset: Int { chunkOffset + position }

    /// The byte at the current position, reading the next chunk when this one is used up; nil
    /// at the end of the text.
    @inline(__always)
    private mutating func current() throws -> UInt8? {
        if position < chunk.count { return chunk[position] }
        return try refill() ? chunk[position] : nil
    }

    /// Replaces the used-up chunk with the next non-empty one; false at the end of the text.
    private mutating func refill() throws -> Bool {
        while !sourceEnded {
            guard let next = try nextChunk() else {
                sourceEnded = true
                break
            }
            if next.isEmpty { continue }
            chunkOffset += chunk.count
            chunk = next
            position = 0
            return true
        }
        return false
    }

    /// At the start: a UTF-8 byte order mark is skipped (it may arrive split over chunks).
    private mutating func skipByteOrderMark() throws {
        checkedByteOrderMark = true
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var seen: [UInt8] = []
        while seen.count < 3, let c = try current(), c == mark[seen.count] {
            seen.append(c)
            position += 1
        }
        // A partial mark is not one: the bytes read stand for themselves (and are not JSON).
        if !seen.isEmpty && seen.count < 3 {
            let restart = offset - seen.count
            chunk = seen + chunk[min(position, chunk.count)...]
            chunkOffset = restart
            position = 0
        }
    }

    @inline(__always)
    private static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

    private mutating func skipWhitespace() throws {
        while true {
            while position < chunk.count {
                let c = chunk[position]
                if c == 0x0A {
                    line += 1
                    lineStart = offset + 1
                } else if !(c == 0x20 || c == 0x09 || c == 0x0D) {
                    return
                }
                position += 1
            }
            guard try refill() else { return }
        }
    }

    /// `line L, column C: not JSON: …` at offset `at` of the text.
    private mutating func error(_ message: String, at: Int) -> FormatError {
        failed = true
        expecting = .nothing
        return FormatError(path: "line \(line), column \(at - lineStart + 1)", message: "not JSON: " + message)
    }

    // MARK: - Tokens

    private mutating func read() throws -> Token {
        if failed { throw FormatError(path: "", message: "not JSON") }   // not reached: readers stop at the first error
        if !checkedByteOrderMark { try skipByteOrderMark() }
        // Most tokens follow the one before with no space between (jCal as icalkit writes it).
        if position >= chunk.count || Self.isWhitespace(chunk[position]) { try skipWhitespace() }
        let c = try current()
        switch expecting {
        case .nothing:
            throw FormatError(path: "", message: "not JSON")
        case .endOfText:
            guard c == nil else { throw error("expected the end of the JSON text", at: offset) }
            return .endOfText
        case .value:
            return try valueToken(c)
        case .firstElementOrEnd:
            if c == UInt8(ascii: "]") { return close() }
            return try valueToken(c)
        case .commaOrArrayEnd, .commaOrObjectEnd:
            let inObject = expecting == .commaOrObjectEnd
            if c == UInt8(ascii: ",") {
                position += 1
                try skipWhitespace()
                return inObject ? try keyToken(try current()) : try valueToken(try current())
            }
            if c == UInt8(ascii: inObject ? "}" : "]") { return close() }
            throw error(inObject ? "expected ',' or '}'" : "expected ',' or ']'", at: offset)
        case .firstKeyOrEnd:
            if c == UInt8(ascii: "}") { return close() }
            return try keyToken(c)
        case .key:
            return try keyToken(c)
        }
    }

    /// What follows a complete value: the end of the text, or what its container allows.
    private mutating func valueEnded() {
        guard let inObject = open.last else {
            expecting = .endOfText
            return
        }
        expecting = inObject ? .commaOrObjectEnd : .commaOrArrayEnd
    }

    private mutating func close() -> Token {
        position += 1
        let wasObject = open.removeLast()
        valueEnded()
        return wasObject ? .endObject : .endArray
    }

    private mutating func keyToken(_ c: UInt8?) throws -> Token {
        guard c == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes", at: offset) }
        let key = try string()
        try skipWhitespace()
        guard try current() == UInt8(ascii: ":") else { throw error("expected ':'", at: offset) }
        position += 1
        expecting = .value
        return .key(key)
    }

    private mutating func valueToken(_ c: UInt8?) throws -> Token {
        guard let c else { throw error("expected a value", at: offset) }
        let token: Token
        switch c {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard open.count < maxDepth else { throw error("nested more than \(maxDepth) deep", at: offset) }
            position += 1
            let isObject = c == UInt8(ascii: "{")
            open.append(isObject)
            expecting = isObject ? .firstKeyOrEnd : .firstElementOrEnd
            return isObject ? .beginObject : .beginArray
        case UInt8(ascii: "\""): token = .scalar(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); token = .scalar(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); token = .scalar(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); token = .scalar(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): token = .scalar(.number(try number()))
        default: throw error("expected a value", at: offset)
        }
        valueEnded()
        return token
    }

    private mutating func literal(_ word: StaticString) throws {
        let start = offset
        let text = word.withUTF8Buffer { Array($0) }
        for expected in text {
            guard try current() == expected else { throw error("expected a value", at: start) }
            position += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as written.
    private mutating func number() throws -> String {
        var text: [UInt8] = []
        func take(_ json: inout JSONTokenizer, _ accept: (UInt8) -> Bool) throws -> Bool {
            guard let c = try json.current(), accept(c) else { return false }
            text.append(c)
            json.position += 1
            return true
        }
        func digits(_ json: inout JSONTokenizer) throws -> Int {
            var count = 0
            while try take(&json, { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { count += 1 }
            return count
        }
        _ = try take(&self) { $0 == UInt8(ascii: "-") }
        if try !take(&self, { $0 == UInt8(ascii: "0") }), try digits(&self) == 0 {
            throw error("expected a digit", at: offset)
        }
        if try take(&self, { $0 == UInt8(ascii: ".") }), try digits(&self) == 0 {
            throw error("expected a digit after '.'", at: offset)
        }
        if try take(&self, { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            _ = try take(&self) { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
            guard try digits(&self) > 0 else { throw error("expected a digit in the exponent", at: offset) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A string from its opening quote: runs of plain bytes are copied a chunk at a time, and
    /// a string that lies whole in one chunk without escapes is made straight from it.
    private mutating func string() throws -> String {
        position += 1   // opening quote
        var out: [UInt8] = []
        while true {
            let runStart = position
            position = Self.plainRunEnd(in: chunk, from: position)
            if position < chunk.count, chunk[position] == UInt8(ascii: "\""), out.isEmpty {
                let text = Self.utf8String(chunk[runStart..<position])
                position += 1
                guard let text else { throw error("the string is not UTF-8", at: offset) }
                return text
            }
            out.append(contentsOf: chunk[runStart..<position])
            guard let c = try current() else { throw error("the string is not closed", at: offset) }
            switch c {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = Self.utf8String(out[...]) else { throw error("the string is not UTF-8", at: offset) }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &out)
            case 0x00..<0x20:
                throw error("a control character must be escaped in a string", at: offset)
            default:
                continue   // a new chunk: copy its run
            }
        }
    }

    /// Where the run of plain string bytes (neither `"`, `\\` nor a control character) that
    /// starts at `start` ends in `chunk`: looked at eight bytes at a time while none of them
    /// ends it, as most of a jCal text is string contents.
    private static func plainRunEnd(in chunk: [UInt8], from start: Int) -> Int {
        chunk.withUnsafeBufferPointer { bytes in
            var i = start
            if let base = bytes.baseAddress {
                while bytes.count - i >= 8, !endsPlainRun(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
            }
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                i += 1
            }
            return i
        }
    }

    /// Whether one of the eight bytes of `w` is `"`, `\\` or below 0x20, by the word-wide "has a
    /// zero byte" and "has a byte below n" tests (exact for the word as a whole).
    @inline(__always)
    private static func endsPlainRun(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
        let below20 = (w &- ones &* 0x20) & ~w & highs
        return (below20 | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)) != 0
    }

    /// `bytes` as a string when they are UTF-8, else nil. Not `String(validating:as:)`: it is
    /// generic and not specialized here, so it looks up type metadata for every string.
    /// Decoding (repairing) is specialized, and a repair always changes the bytes (U+FFFD's
    /// bytes are valid, so never the invalid bytes it replaces), so equal bytes mean valid;
    /// compared with `memcmp`, as a generic `elementsEqual` goes element by element.
    private static func utf8String(_ bytes: ArraySlice<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        let valid = text.withUTF8 { decoded in
            bytes.withUnsafeBufferPointer { raw in
                decoded.count == raw.count && (raw.isEmpty || memcmp(decoded.baseAddress!, raw.baseAddress!, raw.count) == 0)
            }
        }
        return valid ? text : nil
    }

    private mutating func escape(into out: inout [UInt8]) throws {
        guard let e = try current() else { throw error("the string is not closed", at: offset) }
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            position += 1
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {   // a surrogate pair: \uD83D\uDE00
                let afterHigh = offset
                guard try current() == UInt8(ascii: "\\") else { throw error("expected the second half of a surrogate pair", at: afterHigh) }
                position += 1
                guard try current() == UInt8(ascii: "u") else { throw error("expected the second half of a surrogate pair", at: afterHigh) }
                position += 1
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("expected the second half of a surrogate pair", at: offset) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("a lone surrogate is not a character", at: offset) }
            out.append(contentsOf: String(Character(unicode)).utf8)
            return
        default:
            throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))'", at: offset)
        }
        position += 1
    }

    private mutating func hex4() throws -> UInt32 {
        let start = offset
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = try current() else { throw error("expected four hex digits after \\u", at: start) }
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u", at: start)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
