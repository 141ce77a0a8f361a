/// Input in a format icalkit reads (jCal, icalkit JSON) that does not have the shape the
/// format needs: where (a JSON path such as `[2][0][1][3]` or `calendars[0].events[3].start`,
/// or `line L, column C` for text that is not JSON) and what was expected there.
///
/// ```swift
/// FormatError(path: "[1][0]", message: "expected an array (a property)").description
/// // "[1][0]: expected an array (a property)"
/// ```
public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A place in a JSON document, written as jCal paths (`[2][0]`) and icalkit JSON paths
/// (`calendars[0].events[3].start`) are: `[i]` for an array index, `.key` for a member.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public private(set) var description = ""

    public init() {}

    public func index(_ i: Int) -> JSONPath {
        var copy = self
        copy.description += "["
        copy.description += String(i)
        copy.description += "]"
        return copy
    }

    public func key(_ name: String) -> JSONPath {
        var copy = self
        copy.description += copy.description.isEmpty ? name : "." + name
        return copy
    }

    /// An error at this place (`(top level)` for the document itself).
    public func error(_ message: String) -> FormatError {
        FormatError(path: description.isEmpty ? "(top level)" : description, message: message)
    }
}
