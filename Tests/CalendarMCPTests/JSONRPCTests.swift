import Foundation
import Testing
@testable import CalendarMCP

/// The JSON-RPC 2.0 layer: answers and error codes as the JSON-RPC 2.0 specification (§4, §5.1)
/// and MCP's lifecycle page give them.
@Suite("JSON-RPC over stdio")
struct JSONRPCTests {
    static let echo = Tool(
        name: "echo", title: "Echo", description: "Returns its text.",
        inputSchema: ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]],
        outputSchema: ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]],
        readOnly: true) { arguments in
            try arguments.allowOnly(["text"])
            let text = try arguments.requiredString("text")
            return ToolResult(structured: ["text": .string(text)], text: text)
        }

    func server() -> MCPServer { MCPServer(name: "icalkit", version: "9.9", tools: [Self.echo]) }

    func send(_ server: MCPServer, _ line: String) throws -> JSON? {
        server.handle(Data(line.utf8))
    }

    func initialized(_ version: String = "2025-06-18") throws -> MCPServer {
        let s = server()
        _ = try send(s, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
        return s
    }

    @Test(arguments: [("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"), ("2024-11-05", "2025-11-25")])
    func negotiatesTheVersion(_ asked: String, _ answered: String) throws {
        let s = server()
        let answer = try #require(try send(s, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(asked)","capabilities":{}}}"#))
        #expect(answer["id"] == 1)
        #expect(answer["result"]?["protocolVersion"]?.string == answered)
        #expect(answer["result"]?["capabilities"]?["tools"] != nil)
        #expect(answer["result"]?["serverInfo"]?["name"]?.string == "icalkit")
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let name: String
        let line: String
        let code: Int
        let id: JSON
        var testDescription: String { name }
    }

    @Test(arguments: [
        ErrorCase(name: "not JSON", line: "{\"jsonrpc\": \"2.0\", \"method\": \"foobar, \"params\": \"bar\", \"baz]", code: -32700, id: .null),
        ErrorCase(name: "empty object", line: "{}", code: -32600, id: .null),
        ErrorCase(name: "a number", line: "1", code: -32600, id: .null),
        ErrorCase(name: "a batch", line: #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, code: -32600, id: .null),
        ErrorCase(name: "method not a string", line: #"{"jsonrpc":"2.0","method":1,"params":"bar","id":5}"#, code: -32600, id: 5),
        ErrorCase(name: "wrong jsonrpc", line: #"{"jsonrpc":"1.0","id":"a","method":"ping"}"#, code: -32600, id: "a"),
        ErrorCase(name: "unknown method", line: #"{"jsonrpc":"2.0","id":2,"method":"foobar"}"#, code: -32601, id: 2),
        ErrorCase(name: "unknown tool", line: #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nope"}}"#, code: -32602, id: 3),
        ErrorCase(name: "params not an object", line: #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":"x"}"#, code: -32602, id: 4),
    ]) func errors(_ c: ErrorCase) throws {
        let answer = try #require(try send(try initialized(), c.line))
        #expect(answer["jsonrpc"] == "2.0")
        #expect(answer["error"]?["code"]?.integer == c.code)
        #expect(answer["error"]?["message"]?.string?.isEmpty == false)
        #expect(answer["id"] == c.id)
        #expect(answer["result"] == nil)
    }

    @Test func callsBeforeInitializeAreRefusedButPingAnswers() throws {
        let s = server()
        let list = try #require(try send(s, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        #expect(list["error"]?["code"]?.integer == -32600)
        let ping = try #require(try send(s, #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#))
        #expect(ping["result"] == [:])
    }

    @Test func notificationsGetNoAnswer() throws {
        let s = try initialized()
        #expect(try send(s, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        #expect(try send(s, #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#) == nil)
    }

    @Test func toolsListAndCall() throws {
        let s = try initialized()
        let list = try #require(try send(s, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        let tools = try #require(list["result"]?["tools"]?.array)
        #expect(tools.count == 1)
        #expect(tools[0]["name"] == "echo")
        #expect(tools[0]["inputSchema"]?["type"] == "object")
        #expect(tools[0]["outputSchema"]?["type"] == "object")
        #expect(tools[0]["annotations"]?["readOnlyHint"] == true)

        let call = try #require(try send(s, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}"#))
        #expect(call["result"]?["isError"] == false)
        #expect(call["result"]?["structuredContent"] == ["text": "hi"])
        #expect(call["result"]?["content"]?.array?.first?["text"] == "hi")

        // A wrong argument is a tool error the model can correct, not a protocol error.
        let bad = try #require(try send(s, #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"txt":"hi"}}}"#))
        #expect(bad["result"]?["isError"] == true)
        #expect(bad["result"]?["content"]?.array?.first?["text"]?.string?.contains("unknown argument txt") == true)
    }

    /// The whole loop over a pipe: a message over the size limit, blank lines, a burst of
    /// requests, and the end of input.
    @Test func servesAPipeUntilItCloses() throws {
        let input = Pipe(), output = Pipe()
        let done = DispatchSemaphore(value: 0)
        let serverThread = Thread {
            let s = MCPServer(name: "icalkit", version: "9.9", tools: [Self.echo])
            s.serve(input: input.fileHandleForReading.fileDescriptor, output: output.fileHandleForWriting.fileDescriptor) { _ in }
            try? output.fileHandleForWriting.close()
            done.signal()
        }
        serverThread.start()
        var script = Data(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#.utf8 + [0x0A])
        script.append(Data(repeating: UInt8(ascii: "x"), count: MCPServer.maxMessageBytes + 10))
        script.append(contentsOf: [0x0A, 0x0A, 0x20, 0x0A])
        for n in 1...2000 { script.append(Data(#"{"jsonrpc":"2.0","id":\#(n),"method":"ping"}"#.utf8 + [0x0A])) }
        let bytes = script
        let writer = Thread {
            input.fileHandleForWriting.write(bytes)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let answers = output.fileHandleForReading.readDataToEndOfFile()
        #expect(done.wait(timeout: .now() + 30) == .success)
        let lines = answers.split(separator: 0x0A).compactMap { try? JSON(parsing: Data($0)) }
        #expect(lines.count == 2 + 2000)
        #expect(lines[1]["error"]?["code"]?.integer == -32600)
        #expect(lines.last?["id"] == 2000)
    }
}
