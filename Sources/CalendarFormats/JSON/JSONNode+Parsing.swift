/// RFC 8259 JSON text to ``JSONNode``, with the line and column of the first error.
extension JSONNode {
    /// Parses a whole JSON text (UTF-8, an optional byte order mark); throws ``FormatError``
    /// with `line L, column C` for text that is not JSON. Nesting deeper than `maxDepth` is an
    /// error rather than a stack overflow. (Read with ``JSONTokenizer``, whose chunks here are
    /// the one array.)
    public init(parsing bytes: [UInt8], maxDepth: Int = 256) throws(FormatError) {
        var json = JSONTokenizer(chunks: [bytes], maxDepth: maxDepth)
        do {
            let value = try json.value()
            _ = try json.next()   // the end of the text, or an error
            self = value
        } catch {
            // Only FormatError: the chunks come from memory.
            throw error as? FormatError ?? FormatError(path: "", message: "\(error)")
        }
    }
}
