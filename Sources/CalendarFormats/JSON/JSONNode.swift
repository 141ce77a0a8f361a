/// A JSON value as the format readers and writers see it: objects keep their members in the
/// order written, and numbers keep their literal text (`10.10` stays `10.10`, an integer is
/// told from a float by its text), which jCal's integer and float types need.
///
/// ```swift
/// let node = try JSONNode(parsing: Array(#"["vcalendar",[],[]]"#.utf8))
/// node.array?.first?.string   // "vcalendar"
/// ```
/// Related RFC 8259 section: <https://www.rfc-editor.org/rfc/rfc8259#section-3>
public enum JSONNode: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number's literal text, as RFC 8259 writes it (`-1`, `10.35`, `2e3`).
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([Member])

    /// One `"key": value` pair of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONNode
        public init(_ key: String, _ value: JSONNode) {
            self.key = key
            self.value = value
        }
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var array: [JSONNode]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var members: [Member]? {
        if case .object(let m) = self { return m }
        return nil
    }

    /// The value of the first member named `key`, when this is an object.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }

    /// What kind of value this is, as error messages name it (`a string`, `an array`).
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// An integer number from its text.
    public static func integer(_ value: Int) -> JSONNode { .number(String(value)) }
}
