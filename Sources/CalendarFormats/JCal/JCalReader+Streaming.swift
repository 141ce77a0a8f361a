import ICalCore

/// jCal read as it arrives (``JSONTokenizer``) and translated from its tokens: components and
/// properties are read item by item, and only a property's small parts (its name, parameters,
/// type and each value) are read whole, so that memory holds one piece of the translation, not
/// the document, and no item is built as a tree first. Each subcomponent of a top-level
/// component (an item: a VEVENT with its VALARMs) is handed on when it ends.
///
/// The errors are those of a document read whole: text that is not JSON is said before any
/// shape error (the rest of the text is read to find out), and within a component or property
/// the checks come in the order of a whole read (a component of other than 3 items is said as
/// that, before what is wrong inside it; see ``componentContents(_:at:to:handingOnItems:)``).
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
                try componentContents(&json, at: root, to: &out, handingOnItems: true)   // one component
            } else {
                var i = 0
                while try json.peek() != .endArray {
                    try component(&json, at: root.index(i).folded, to: &out, handingOnItems: true)
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

    /// A component, from its `[`. With `handingOnItems`, each of its subcomponents is handed
    /// on (``TranslationWriter/itemEnded()``) when it ends.
    private static func component(_ json: inout JSONTokenizer, at path: JSONPath, to out: inout TranslationWriter,
                                  handingOnItems: Bool) throws {
        guard try json.peek() == .beginArray else {
            let node = try json.value()
            throw path.error("expected an array (a component: [name, [properties], [components]]), found \(node.kindName)")
        }
        _ = try json.next()
        try componentContents(&json, at: path, to: &out, handingOnItems: handingOnItems)
    }

    /// A component's items after its `[`, and its `]`: BEGIN, each property's line as it is
    /// read, each subcomponent, END.
    ///
    /// Read whole, a component is checked in this order: 3 items, the name, the properties an
    /// array, the subcomponents an array, each property, each subcomponent. Read in order, the
    /// first problem found may not be the first of those: on an error the rest of the component
    /// is read (`json` checks that it is JSON) to count its items and to see whether the
    /// subcomponents are an array, and the first problem in that order is thrown.
    private static func componentContents(_ json: inout JSONTokenizer, at path: JSONPath, to out: inout TranslationWriter,
                                          handingOnItems: Bool) throws {
        let depth = json.depth
        var begun = 0                 // items of the component read or begun
        var inProperties = false      // the error is from inside the properties (after the checks of the subcomponents' array)
        do {
            if try json.peek() == .endArray { throw countError(begun, at: path) }   // counted again below
            begun = 1
            let name = try componentName(try json.value(), at: path.index(0))

            if try json.peek() == .endArray { throw countError(begun, at: path) }
            begun = 2
            guard try json.peek() == .beginArray else {
                let node = try json.value()
                throw path.index(1).error("expected an array (the properties), found \(node.kindName)")
            }
            _ = try json.next()
            inProperties = true
            out.pending.append(line: "BEGIN:" + name, from: path)
            let propertiesPath = path.index(1).folded
            var i = 0
            while try json.peek() != .endArray {
                let at = propertiesPath.index(i)   // not written out: a line's place is written as bytes
                out.pending.append(try property(&json, at: at), from: at)
                i += 1
            }
            _ = try json.next()
            inProperties = false

            if try json.peek() == .endArray { throw countError(begun, at: path) }
            begun = 3
            guard try json.peek() == .beginArray else { throw subcomponentsError(try json.value(), at: path) }
            _ = try json.next()
            let subcomponentsPath = path.index(2).folded
            i = 0
            while try json.peek() != .endArray {
                try component(&json, at: subcomponentsPath.index(i).folded, to: &out, handingOnItems: false)
                if handingOnItems { try out.itemEnded() }
                i += 1
            }
            _ = try json.next()
            guard try json.peek() == .endArray else { throw countError(4, at: path) }   // more: counted below
            _ = try json.next()
            out.pending.append(line: "END:" + name, from: path)
        } catch let error as FormatError where !json.failed {
            try json.skip(toDepth: depth)
            var count = begun
            var subcomponentsError: FormatError?
            while try json.peek() != .endArray {
                if count == 2, inProperties, try json.peek() != .beginArray {
                    subcomponentsError = self.subcomponentsError(try json.value(), at: path)
                } else {
                    try json.skipValue()
                }
                count += 1
            }
            _ = try json.next()
            if count != 3 { throw countError(count, at: path) }
            throw subcomponentsError ?? error
        }
    }

    private static func subcomponentsError(_ node: JSONNode, at path: JSONPath) -> FormatError {
        path.index(2).error("expected an array (the subcomponents), found \(node.kindName)")
    }

    /// A property, from its `[`, as its content line. Its first four items (name, parameters,
    /// type, first value) are read before any is checked, so that a property of fewer than 4
    /// items is said as that first; then each value is read whole (a string, a number, a
    /// recurrence rule's object) and translated.
    private static func property(_ json: inout JSONTokenizer, at path: JSONPath) throws -> ContentLine {
        guard try json.peek() == .beginArray else {
            let node = try json.value()
            throw path.error("expected an array (a property: [name, {parameters}, type, value...]), found \(node.kindName)")
        }
        _ = try json.next()
        func item(_ json: inout JSONTokenizer, _ index: Int) throws -> JSONNode {
            guard let node = try json.nextElement() else { throw propertyCountError(index, at: path) }
            return node
        }
        let nameNode = try item(&json, 0), parametersNode = try item(&json, 1), typeNode = try item(&json, 2)
        let firstValue = try item(&json, 3)
        let head = try propertyHead(name: nameNode, parameters: parametersNode, type: typeNode, at: path)
        let kind = JCalPropertyKind(name: head.name)
        var value = try valueText(firstValue, kind: kind, type: head.type, at: path.index(3))
        var i = 4
        while let next = try json.nextElement() {
            value += "," + (try valueText(next, kind: kind, type: head.type, at: path.index(i)))
            i += 1
        }
        return contentLine(name: head.name, parameters: head.parameters, type: head.type, kind: kind, value: value)
    }
}
