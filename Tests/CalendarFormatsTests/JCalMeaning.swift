import CalendarFormats

/// Comparing jCal by meaning: numbers by value, parameters as sets (member order is not
/// meaning in JSON objects).
enum JCalMeaning {
    static func normalized(_ node: JSONNode) -> JSONNode {
        switch node {
        case .number(let text): return .number(Double(text).map { String($0) } ?? text)
        case .array(let items): return .array(items.map(normalized))
        case .object(let members):
            return .object(members.map { JSONNode.Member($0.key, normalized($0.value)) }.sorted { $0.key < $1.key })
        default: return node
        }
    }

    /// The values of every property named `name` anywhere in a jCal tree.
    static func values(of name: String, in node: JSONNode) -> [JSONNode] {
        guard let items = node.array else { return [] }
        if items.count >= 4, items[0].string == name, items[1].members != nil { return Array(items.dropFirst(3)) }
        return items.flatMap { values(of: name, in: $0) }
    }

    /// The tree without the properties named in `names`.
    static func removing(_ names: some Sequence<String>, from node: JSONNode) -> JSONNode {
        let names = Set(names)
        guard let items = node.array else { return node }
        let kept = items.filter { item in
            guard let p = item.array, p.count >= 4, let n = p[0].string, p[1].members != nil else { return true }
            return !names.contains(n)
        }
        return .array(kept.map { removing(names, from: $0) })
    }

    static func removing(_ name: String, from node: JSONNode) -> JSONNode { removing([name], from: node) }

    /// The JSON path of the first place where two trees differ, with both values there (for
    /// a short failure message), or nil when they are equal.
    static func firstDifference(_ a: JSONNode, _ b: JSONNode, at path: String = "") -> String? {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            for (i, (p, q)) in zip(x, y).enumerated() {
                if let found = firstDifference(p, q, at: path + "[\(i)]") { return found }
            }
            return x.count == y.count ? nil : "\(path): \(x.count) items, then \(y.count)"
        default:
            return a == b ? nil : "\(path): \(a.jsonText.prefix(200)) then \(b.jsonText.prefix(200))"
        }
    }
}
