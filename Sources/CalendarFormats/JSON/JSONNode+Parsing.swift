/// RFC 8259 JSON text to ``JSONNode``, with the line and column of the first error.
extension JSONNode {
    /// Parses a whole JSON text (UTF-8, an optional byte order mark); throws ``FormatError``
    /// with `line L, column C` for text that is not JSON. Nesting deeper than `maxDepth` is an
    /// error rather than a stack overflow.
    public init(parsing bytes: [UInt8], maxDepth: Int = 256) throws(FormatError) {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        self = try parser.document()
    }
}

/// A recursive-descent JSON parser over UTF-8 bytes.
struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(FormatError) -> JSONNode {
        let value = try self.value()
        skipWhitespace()
        guard index == bytes.count else { throw error("expected the end of the JSON text") }
        return value
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let c = current, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { index += 1 }
    }

    /// `line L, column C: expected …` at the current byte (columns count bytes, from 1).
    private func error(_ message: String) -> FormatError {
        var line = 1
        var lineStart = 0
        for i in 0..<min(index, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return FormatError(path: "line \(line), column \(index - lineStart + 1)", message: "not JSON: " + message)
    }

    private mutating func value() throws(FormatError) -> JSONNode {
        skipWhitespace()
        guard let c = current else { throw error("expected a value") }
        switch c {
        case UInt8(ascii: "{"): return try nested { (p: inout JSONParser) throws(FormatError) in try p.object() }
        case UInt8(ascii: "["): return try nested { (p: inout JSONParser) throws(FormatError) in try p.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws(FormatError) -> JSONNode) throws(FormatError) -> JSONNode {
        guard depth < maxDepth else { throw error("nested more than \(maxDepth) deep") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func literal(_ word: StaticString) throws(FormatError) {
        let text = word.withUTF8Buffer { Array($0) }
        guard index + text.count <= bytes.count, Array(bytes[index..<index + text.count]) == text else {
            throw error("expected a value")
        }
        index += text.count
    }

    private mutating func object() throws(FormatError) -> JSONNode {
        index += 1   // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append(JSONNode.Member(key, try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?: index += 1; return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(FormatError) -> JSONNode {
        index += 1   // [
        var items: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?: index += 1; return .array(items)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as written.
    private mutating func number() throws(FormatError) -> String {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let from = p.index
            while let c = p.current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { p.index += 1 }
            return p.index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(FormatError) -> String {
        index += 1   // opening quote
        var out: [UInt8] = []
        while true {
            guard let c = current else { throw error("the string is not closed") }
            index += 1
            switch c {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw error("the string is not UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0x00..<0x20:
                index -= 1
                throw error("a control character must be escaped in a string")
            default:
                out.append(c)
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(FormatError) {
        guard let e = current else { throw error("the string is not closed") }
        index += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {   // a surrogate pair: \uD83D\uDE00
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("expected the second half of a surrogate pair")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("expected the second half of a surrogate pair") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("a lone surrogate is not a character") }
            out.append(contentsOf: String(Character(unicode)).utf8)
        default:
            index -= 1
            throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
        }
    }

    private mutating func hex4() throws(FormatError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hex digits after \\u")
        }
        index += 4
        return value
    }
}
