/// jCal read as it arrives (``JSONTokenizer``): the top-level components are read piece by
/// piece, and each of their subcomponents (an item: a VEVENT with its VALARMs) is read whole,
/// translated and handed on, so that memory holds one item, not the document.
///
/// The errors are those of a document read whole: text that is not JSON is said before any
/// shape error (the rest of the text is read to find out), and a top-level component of other
/// than 3 items is said as that, before what is wrong inside it.
extension JCalReader {
    static func translate(_ json: inout JSONTokenizer, to out: inout TranslationWriter) throws {
        let root = JSONPath()
        do {
            guard try json.peek() == .beginArray else {
                let node = try json.value()
                throw root.error("expected an array (a jCal component or a list of them), found \(node.kindName)")
            }
            _ = try json.next()
            if case .scalar(.string) = try json.peek() {
                try componentContents(&json, at: root, to: &out)   // one component
            } else {
                var i = 0
                while try json.peek() != .endArray {
                    try streamedComponent(&json, at: root.index(i), to: &out)
                    i += 1
                }
                _ = try json.next()
            }
            _ = try json.next()   // the end of the text, or an error
        } catch let shapeError as FormatError where !json.failed {
            try json.skipToEnd()
            throw shapeError
        }
        try out.flush()
    }

    /// A top-level component (a VCALENDAR), from its `[`.
    private static func streamedComponent(_ json: inout JSONTokenizer, at path: JSONPath, to out: inout TranslationWriter) throws {
        guard try json.peek() == .beginArray else {
            let node = try json.value()
            throw path.error("expected an array (a component: [name, [properties], [components]]), found \(node.kindName)")
        }
        _ = try json.next()
        try componentContents(&json, at: path, to: &out)
    }

    /// A top-level component's items after its `[`, and its `]`: the name and the properties
    /// read whole, the subcomponents one at a time (when they are an array; else the component
    /// is read whole, for the error).
    private static func componentContents(_ json: inout JSONTokenizer, at path: JSONPath, to out: inout TranslationWriter) throws {
        let depth = json.depth
        var items: [JSONNode] = []
        while items.count < 2, try json.peek() != .endArray { items.append(try json.value()) }
        guard items.count == 2, try json.peek() == .beginArray else {
            while try json.peek() != .endArray { items.append(try json.value()) }
            _ = try json.next()
            try component(.array(items), at: path, to: &out.pending)
            try out.itemEnded()
            return
        }
        var started = 2   // items of the component read or begun
        do {
            let name = try begin(name: items[0], properties: items[1], children: .array([]), at: path, to: &out.pending)
            _ = try json.next()   // [ of the subcomponents
            started = 3
            var i = 0
            while try json.peek() != .endArray {
                try component(try json.value(), at: path.index(2).index(i).folded, to: &out.pending)
                try out.itemEnded()
                i += 1
            }
            _ = try json.next()
            guard try json.next() == .endArray else {
                started = 4
                throw countError(4, at: path)   // replaced below by the whole count
            }
            out.pending.append(line: "END:" + name, from: path)
        } catch let error as FormatError where !json.failed {
            // A wrong number of items is said first, as when the component is read whole.
            try json.skip(toDepth: depth)
            var count = started
            while try json.peek() != .endArray {
                try json.skipValue()
                count += 1
            }
            _ = try json.next()
            if count != 3 { throw countError(count, at: path) }
            throw error
        }
    }
}
