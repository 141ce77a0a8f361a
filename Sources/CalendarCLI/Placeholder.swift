public enum CLI {
    public struct Status: Sendable { public var rawValue: Int32 }
    public static func run(_ arguments: [String]) -> Status { Status(rawValue: 0) }
}
