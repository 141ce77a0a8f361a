import Foundation

/// JSON-RPC 2.0 as MCP uses it: one message per line, requests with an id, notifications
/// without, and error objects with the specification's codes.
/// Related specification: <https://www.jsonrpc.org/specification>
public enum JSONRPC {
    /// A message as received: a request (with an id) or a notification.
    public struct Message: Sendable {
        /// nil for a notification.
        public let id: JSON?
        public let method: String
        public let params: JSON?
    }

    /// An error answer's `error` member.
    public struct ErrorObject: Error, Sendable, Equatable, CustomStringConvertible {
        public let code: Int
        public let message: String

        public init(code: Int, message: String) {
            self.code = code
            self.message = message
        }

        public static func parse(_ message: String) -> ErrorObject { ErrorObject(code: -32700, message: message) }
        public static func invalidRequest(_ message: String) -> ErrorObject { ErrorObject(code: -32600, message: message) }
        public static func methodNotFound(_ method: String) -> ErrorObject { ErrorObject(code: -32601, message: "method not found: \(method)") }
        public static func invalidParams(_ message: String) -> ErrorObject { ErrorObject(code: -32602, message: message) }
        public static func internalError(_ message: String) -> ErrorObject { ErrorObject(code: -32603, message: message) }

        public var description: String { "\(code): \(message)" }
    }

    /// Reads one line as a message. A line that is not JSON is a parse error (-32700); JSON that
    /// is not a request object is an invalid request (-32600), answered with the id when one can
    /// be read, else with a null id.
    public static func decode(_ line: Data) -> Result<Message, Refusal> {
        guard let value = try? JSON(parsing: line) else { return .failure(Refusal(id: .null, error: .parse("parse error: the line is not valid JSON"))) }
        guard case .object(let members) = value else {
            let why = value.array != nil ? "batches are not supported: send one message per line" : "a message must be a JSON object"
            return .failure(Refusal(id: .null, error: .invalidRequest(why)))
        }
        let id = members["id"]
        if let id, !Self.isValidID(id) { return .failure(Refusal(id: .null, error: .invalidRequest("id must be a string or a number"))) }
        guard members["jsonrpc"]?.string == "2.0" else { return .failure(Refusal(id: id ?? .null, error: .invalidRequest("jsonrpc must be \"2.0\""))) }
        guard let method = members["method"]?.string else {
            if members["result"] != nil || members["error"] != nil {
                // A response to something we never asked: nothing to answer.
                return .success(Message(id: nil, method: "", params: nil))
            }
            return .failure(Refusal(id: id ?? .null, error: .invalidRequest("method must be a string")))
        }
        let params = members["params"]
        if let params, params.object == nil, params.array == nil, !params.isNull {
            return .failure(Refusal(id: id ?? .null, error: .invalidParams("params must be an object")))
        }
        return .success(Message(id: id, method: method, params: params))
    }

    /// A message that cannot be served, with the id to answer it under (null when unknown).
    public struct Refusal: Error, Sendable {
        public let id: JSON
        public let error: ErrorObject
    }

    static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string, .number: true
        default: false
        }
    }

    public static func result(id: JSON, _ result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    public static func error(id: JSON, _ error: ErrorObject) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .number(Double(error.code)), "message": .string(error.message)]]
    }
}
