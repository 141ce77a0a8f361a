/// Reading the members of icalkit's JSON: each getter takes a member (nil when absent) and its
/// path, and throws ``FormatError`` with that path and what was expected.
enum JSONField {
    static func object(_ node: JSONNode?, at path: JSONPath, _ what: String) throws(FormatError) -> JSONNode {
        guard let node, node.members != nil else { throw path.error("expected \(what)" + found(node)) }
        return node
    }

    /// The elements of an array member; an absent or null one is empty unless `required`.
    static func array(_ node: JSONNode?, at path: JSONPath, required: Bool) throws(FormatError) -> [JSONNode] {
        switch node {
        case .array(let items)?: return items
        case nil, .null?: if !required { return [] }
        default: break
        }
        throw path.error("expected an array" + found(node))
    }

    /// A string member; nil when absent or null.
    static func string(_ node: JSONNode?, at path: JSONPath) throws(FormatError) -> String? {
        switch node {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw path.error("expected a string or null" + found(node))
        }
    }

    static func requiredString(_ node: JSONNode?, at path: JSONPath) throws(FormatError) -> String {
        guard let s = try string(node, at: path) else { throw path.error("expected a string" + found(node)) }
        return s
    }

    /// A boolean member; nil when absent or null.
    static func bool(_ node: JSONNode?, at path: JSONPath) throws(FormatError) -> Bool? {
        switch node {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        default: throw path.error("expected true, false or null" + found(node))
        }
    }

    /// An integer member; nil when absent or null.
    static func integer(_ node: JSONNode?, at path: JSONPath, in range: ClosedRange<Int>) throws(FormatError) -> Int? {
        switch node {
        case nil, .null?: return nil
        case .number(let literal)?:
            if let n = Int(literal), range.contains(n) { return n }
        default: break
        }
        throw path.error("expected a whole number from \(range.lowerBound) to \(range.upperBound)" + found(node))
    }

    /// One of `choices` (a string member); nil when absent or null.
    static func choice(_ node: JSONNode?, at path: JSONPath, _ choices: [String]) throws(FormatError) -> String? {
        let s: String
        switch node {
        case nil, .null?: return nil
        case .string(let text)?: s = text
        default: throw path.error("expected one of " + choices.joined(separator: ", ") + found(node))
        }
        guard choices.contains(s) else { throw path.error("expected one of " + choices.joined(separator: ", ") + ", found \"\(s)\"") }
        return s
    }

    /// `, found a number` (nothing for a missing member: `, found nothing`).
    static func found(_ node: JSONNode?) -> String {
        guard let node else { return ", found nothing" }
        if case .string(let s) = node { return ", found \"\(s.prefix(60))\"" }
        return ", found " + node.kindName
    }
}
