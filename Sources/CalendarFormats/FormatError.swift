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
    /// One step down: a member name or an array index.
    private enum Step: Sendable {
        case key(String)
        case index(Int)
    }

    /// The path up to its last step, written out.
    private var written = ""
    /// The last step, appended only when the path is written out or goes deeper: most paths
    /// made are the places a reader checks, and few of them are ever written (a line's place,
    /// an error).
    private var last: Step?

    public init() {}

    private init(written: String, last: Step?) {
        self.written = written
        self.last = last
    }

    public var description: String {
        switch last {
        case nil: return written
        case .key(let name)? where written.isEmpty: return name
        case .key(let name)?: return Self.joined(written, UInt8(ascii: "."), name, nil)
        case .index(let i)?: return Self.joined(written, UInt8(ascii: "["), String(i), UInt8(ascii: "]"))
        }
    }

    /// `prefix`, `separator`, `step` and `close` as one string, the bytes copied once into its
    /// buffer (each line's place is such a string; `+` and `append` would check and grow the
    /// string once for each piece).
    private static func joined(_ prefix: String, _ separator: UInt8, _ step: String, _ close: UInt8?) -> String {
        var prefix = prefix, step = step
        let count = prefix.utf8.count + 1 + step.utf8.count + (close == nil ? 0 : 1)
        return prefix.withUTF8 { prefix in step.withUTF8 { step in
            String(unsafeUninitializedCapacity: count) { out in
                var end = out.initialize(fromContentsOf: prefix)
                out[end] = separator
                end += 1
                end += UnsafeMutableBufferPointer(rebasing: out[end...]).initialize(fromContentsOf: step)
                if let close {
                    out[end] = close
                    end += 1
                }
                return end
            }
        } }
    }

    /// Appends ``description``'s UTF-8 bytes to `out`, without making it a string.
    func write(to out: inout [UInt8]) {
        var written = written
        written.withUTF8 { out.append(contentsOf: $0) }
        switch last {
        case nil: break
        case .key(var name)?:
            if !written.isEmpty { out.append(UInt8(ascii: ".")) }
            name.withUTF8 { out.append(contentsOf: $0) }
        case .index(let i)?:
            out.append(UInt8(ascii: "["))
            out.append(contentsOf: String(i).utf8)
            out.append(UInt8(ascii: "]"))
        }
    }

    public func index(_ i: Int) -> JSONPath { JSONPath(written: description, last: .index(i)) }

    public func key(_ name: String) -> JSONPath { JSONPath(written: description, last: .key(name)) }

    /// The same path written out once, so that the paths below it (and its own text, for each
    /// line from there) are made without writing it again.
    var folded: JSONPath { JSONPath(written: description, last: nil) }

    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.description == rhs.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// An error at this place (`(top level)` for the document itself).
    public func error(_ message: String) -> FormatError {
        FormatError(path: description.isEmpty ? "(top level)" : description, message: message)
    }
}
