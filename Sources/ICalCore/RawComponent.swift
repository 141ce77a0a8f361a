/// A component as scanned from text (`BEGIN:VEVENT` ... `END:VEVENT`): its content lines and
/// subcomponents in order, and the input lines it spans.
public struct RawComponent: Hashable, Sendable {
    public var name: String
    public var properties: [ContentLine]
    public var components: [RawComponent]
    /// Line of `BEGIN:` (0 when built in code).
    public var line: Int
    /// Line of `END:` (or of the last line read, when the input ended without it).
    public var endLine: Int

    public init(name: String, properties: [ContentLine] = [], components: [RawComponent] = [], line: Int = 0, endLine: Int = 0) {
        self.name = name
        self.properties = properties
        self.components = components
        self.line = line
        self.endLine = endLine
    }

    /// The first property with this (upper-case) name.
    public func property(_ name: String) -> ContentLine? {
        properties.first { $0.name == name }
    }

    /// Every property with this (upper-case) name.
    public func properties(named name: String) -> [ContentLine] {
        properties.filter { $0.name == name }
    }

    /// The component as unfolded content lines separated by CRLF, BEGIN to END, with a final CRLF.
    public var text: String {
        // Built as bytes in one allocation and made a String once: appending each piece to a
        // String checked and copied it piece by piece (~14,000 instructions per event).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(textByteCount)
        appendBytes(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTF-8 length of ``text``, so it is built in one allocation.
    var textByteCount: Int {
        var n = 2 * (name.utf8.count + 6) + 4   // "BEGIN:" and "END:" lines with CRLF
        for p in properties {
            if let raw = p.raw { n += raw.utf8.count + 2 }
            else if p.parameters.isEmpty { n += p.name.utf8.count + 1 + p.value.utf8.count + 2 }
            else { n += p.text.utf8.count + 2 }
        }
        for c in components { n += c.textByteCount }
        return n
    }

    private func appendBytes(to out: inout [UInt8]) {
        // Each piece copied as one block (`withUTF8`); appending a String's `utf8` view went
        // byte by byte (~7,000 instructions per event).
        func append(_ string: String) {
            var string = string
            string.withUTF8 { out.append(contentsOf: $0) }
        }
        append("BEGIN:")
        append(name)
        append("\r\n")
        for p in properties {
            if let raw = p.raw {
                append(raw)
            } else if p.parameters.isEmpty {   // what `text` gives, without making it
                append(p.name)
                append(":")
                append(p.value)
            } else {
                append(p.text)
            }
            append("\r\n")
        }
        for c in components { c.appendBytes(to: &out) }
        append("END:")
        append(name)
        append("\r\n")
    }
}
