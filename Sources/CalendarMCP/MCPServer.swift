import Foundation

/// A Model Context Protocol server over stdio: JSON-RPC 2.0, one message per line, offering
/// tools. Logs go to the `log` closure (standard error), never to standard output.
///
/// ```swift
/// let server = MCPServer(name: "icalkit", version: "0.2.0", tools: tools)
/// server.serve(input: 0, output: 1) { print($0, to: &standardError) }
/// ```
/// Related MCP section: <https://modelcontextprotocol.io/specification/2025-06-18/basic/lifecycle>
public final class MCPServer {
    /// Protocol versions this server speaks, newest first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18"]
    /// The longest message read; a longer line is answered with an error and skipped.
    public static let maxMessageBytes = 4 << 20

    let name: String
    let version: String
    let instructions: String?
    let tools: [Tool]
    private let toolsByName: [String: Tool]
    private(set) var negotiatedVersion: String?

    public init(name: String, version: String, instructions: String? = nil, tools: [Tool]) {
        self.name = name
        self.version = version
        self.instructions = instructions
        self.tools = tools
        toolsByName = Dictionary(tools.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Answers messages from `input` on `output` until the input ends. Returns when standard
    /// input is closed or output can no longer be written.
    public func serve(input: Int32, output: Int32, log: (String) -> Void) {
        var reader = LineReader(fd: input, maxBytes: Self.maxMessageBytes)
        while let line = reader.next() {
            let answer: JSON?
            switch line {
            case .tooLong:
                log("message over \(Self.maxMessageBytes) bytes skipped")
                answer = JSONRPC.error(id: .null, .invalidRequest("message longer than \(Self.maxMessageBytes) bytes"))
            case .text(let data):
                if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                answer = handle(data, log: log)
            }
            if let answer, !Self.write(answer.encoded() + Data([0x0A]), to: output) {
                log("standard output closed; stopping")
                return
            }
        }
    }

    /// The answer to one message, or nil for a notification.
    public func handle(_ line: Data, log: (String) -> Void = { _ in }) -> JSON? {
        let message: JSONRPC.Message
        switch JSONRPC.decode(line) {
        case .failure(let failure):
            log("refused a message: \(failure.error.message)")
            return JSONRPC.error(id: failure.id, failure.error)
        case .success(let decoded): message = decoded
        }
        guard let id = message.id else {
            // Notifications (notifications/initialized, notifications/cancelled, ...) need no answer.
            return nil
        }
        do {
            return JSONRPC.result(id: id, try respond(to: message, log: log))
        } catch let error as JSONRPC.ErrorObject {
            return JSONRPC.error(id: id, error)
        } catch {
            return JSONRPC.error(id: id, .internalError(String(describing: error)))
        }
    }

    private func respond(to message: JSONRPC.Message, log: (String) -> Void) throws -> JSON {
        switch message.method {
        case "initialize": return try initialize(message.params)
        case "ping": return [:]
        default: break
        }
        guard ["tools/list", "tools/call"].contains(message.method) else {
            throw JSONRPC.ErrorObject.methodNotFound(message.method)
        }
        guard negotiatedVersion != nil else {
            throw JSONRPC.ErrorObject.invalidRequest("the session is not initialized: send initialize first")
        }
        switch message.method {
        case "tools/list":
            return ["tools": .array(tools.map(\.listing))]
        case "tools/call":
            return try callTool(message.params, log: log)
        default:
            throw JSONRPC.ErrorObject.methodNotFound(message.method)
        }
    }

    /// Version negotiation: the client's version when this server speaks it, else the newest
    /// this server speaks (the client then decides whether to go on).
    private func initialize(_ params: JSON?) throws -> JSON {
        guard let requested = params?["protocolVersion"]?.string else {
            throw JSONRPC.ErrorObject.invalidParams("initialize needs params.protocolVersion")
        }
        let chosen = Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]
        negotiatedVersion = chosen
        var result: [String: JSON] = [
            "protocolVersion": .string(chosen),
            "capabilities": ["tools": ["listChanged": false]],
            "serverInfo": ["name": .string(name), "version": .string(version)],
        ]
        if let instructions { result["instructions"] = .string(instructions) }
        return .object(result)
    }

    private func callTool(_ params: JSON?, log: (String) -> Void) throws -> JSON {
        guard let name = params?["name"]?.string else { throw JSONRPC.ErrorObject.invalidParams("tools/call needs params.name") }
        guard let tool = toolsByName[name] else {
            throw JSONRPC.ErrorObject.invalidParams("unknown tool: \(name); tools: \(tools.map(\.name).joined(separator: ", "))")
        }
        let arguments = params?["arguments"] ?? [:]
        guard let values = arguments.object ?? (arguments.isNull ? [:] : nil) else {
            throw JSONRPC.ErrorObject.invalidParams("params.arguments must be an object")
        }
        do {
            let result = try tool.call(ToolArguments(values))
            return ["content": [["type": "text", "text": .string(result.text)]], "structuredContent": result.structured, "isError": false]
        } catch let error as ToolError {
            return ["content": [["type": "text", "text": .string(error.description)]], "isError": true]
        } catch {
            log("\(name) failed: \(error)")
            return ["content": [["type": "text", "text": .string("\(name) failed: \(error)")]], "isError": true]
        }
    }

    /// Writes all of `data`; false when the output is closed.
    static func write(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}
