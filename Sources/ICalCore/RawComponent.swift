/// A component as scanned from text (`BEGIN:VEVENT` ... `END:VEVENT`): its content lines and
/// subcomponents in order, and the input lines it spans.
public struct RawComponent: Hashable, Sendable {
    public var name: String { didSet { scanned = ScannedText() } }
    public var properties: [ContentLine] { didSet { scanned = ScannedText() } }
    public var components: [RawComponent] { didSet { scanned = ScannedText() } }
    /// Line of `BEGIN:` (0 when built in code).
    public var line: Int
    /// Line of `END:` (or of the last line read, when the input ended without it).
    public var endLine: Int

    /// ``utf8Text`` as the scanner read it, when the component is exactly its lines as read
    /// (``ScanTreeBuilder``); dropped by any change to the name, lines or subcomponents.
    var scanned = ScannedText()

    public init(name: String, properties: [ContentLine] = [], components: [RawComponent] = [], line: Int = 0, endLine: Int = 0) {
        self.name = name
        self.properties = properties
        self.components = components
        self.line = line
        self.endLine = endLine
    }

    /// The bytes of a scanned component's text, kept beside it. They are not content (the
    /// lines are): two components with the same lines are equal whether or not either has them.
    struct ScannedText: Hashable, Sendable {
        var utf8: [UInt8]?
        static func == (lhs: ScannedText, rhs: ScannedText) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// A function giving ``utf8Text`` later (on another thread, say), holding only what it
    /// needs: the scanned bytes when there are, so the lines can be freed now; else the component.
    public var utf8TextMaker: @Sendable () -> [UInt8] {
        if let bytes = scanned.utf8 { return { bytes } }
        return { [self] in self.utf8Text }
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
        // Written straight into the string's storage, piece by piece with memcpy: appending each
        // piece to a String checked and copied it piece by piece (~14,000 instructions per
        // event), and appending to an array first cost ~90 instructions a piece plus a copy.
        // ``textByteCount`` counts at least what is written; should it ever count short, the
        // writer stops at the end of the buffer and a larger one is tried.
        var capacity = textByteCount
        while true {
            var overflowed = false
            let text = String(unsafeUninitializedCapacity: capacity) { buffer in
                var writer = PieceWriter(base: buffer.baseAddress!, capacity: capacity)
                write(to: &writer)
                overflowed = writer.overflowed
                return writer.count
            }
            if !overflowed { return text }
            capacity = 2 * capacity + 64
        }
    }

    /// ``text`` as its UTF-8 bytes: those the scanner read when the component is exactly its
    /// lines as read, else built the same way as ``text``. What an import stores: a String made
    /// from written bytes is checked to be UTF-8 again, which is a whole pass over the file's
    /// bytes (these bytes come from strings, so they are).
    public var utf8Text: [UInt8] {
        if let bytes = scanned.utf8 { return bytes }
        return writtenUTF8Text
    }

    /// ``utf8Text`` written from the lines (and not taken from the scanned bytes).
    var writtenUTF8Text: [UInt8] {
        var capacity = textByteCount
        while true {
            var overflowed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var writer = PieceWriter(base: buffer.baseAddress!, capacity: capacity)
                write(to: &writer)
                overflowed = writer.overflowed
                count = writer.count
            }
            if !overflowed { return bytes }
            capacity = 2 * capacity + 64
        }
    }

    /// Copies pieces into a buffer of known capacity; stops (and says so) rather than overrun it.
    private struct PieceWriter {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0
        var overflowed = false

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, !bytes.isEmpty, !overflowed else { return }
            guard bytes.count <= capacity - count else { overflowed = true; return }
            (base + count).initialize(from: source, count: bytes.count)
            count += bytes.count
        }

        mutating func put(_ string: String) {
            if string.utf8.withContiguousStorageIfAvailable({ put($0) }) == nil {
                var string = string
                string.withUTF8 { put($0) }
            }
        }

        mutating func put(_ text: StaticString) { text.withUTF8Buffer { put($0) } }
    }

    /// ``text`` through `writer`.
    private func write(to writer: inout PieceWriter) {
        writer.put("BEGIN:" as StaticString)
        writer.put(name)
        writer.put("\r\n" as StaticString)
        // By index: each `ContentLine` read in place, not copied (four references each).
        for i in properties.indices {
            if let raw = properties[i].raw {
                writer.put(raw)
            } else if properties[i].parameters.isEmpty {   // what `text` gives, without making it
                writer.put(properties[i].name)
                writer.put(":" as StaticString)
                writer.put(properties[i].value)
            } else {
                writer.put(properties[i].text)
            }
            writer.put("\r\n" as StaticString)
        }
        for i in components.indices { components[i].write(to: &writer) }
        writer.put("END:" as StaticString)
        writer.put(name)
        writer.put("\r\n" as StaticString)
    }

    /// The UTF-8 length of ``text`` (2 bytes more), so it is built in one allocation.
    var textByteCount: Int {
        var n = 2 * (name.utf8.count + 6) + 4   // "BEGIN:" and "END:" lines with CRLF
        for i in properties.indices {
            if let raw = properties[i].raw { n += raw.utf8.count + 2 }
            else if properties[i].parameters.isEmpty { n += properties[i].name.utf8.count + 1 + properties[i].value.utf8.count + 2 }
            else { n += properties[i].text.utf8.count + 2 }
        }
        for i in components.indices { n += components[i].textByteCount }
        return n
    }
}
