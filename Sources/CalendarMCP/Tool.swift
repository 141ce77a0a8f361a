import Foundation

/// One tool the server offers: its description for the model, the JSON Schemas of its
/// arguments and of its result, hints for the client, and what it does.
/// Related MCP section: <https://modelcontextprotocol.io/specification/2025-06-18/server/tools>
public struct Tool: Sendable {
    public let name: String
    public let title: String
    public let description: String
    public let inputSchema: JSON
    public let outputSchema: JSON
    /// The tool changes nothing (`readOnlyHint`).
    public let readOnly: Bool
    /// The tool may remove or overwrite data (`destructiveHint`).
    public let destructive: Bool
    public let call: @Sendable (ToolArguments) throws -> ToolResult

    public init(name: String, title: String, description: String, inputSchema: JSON, outputSchema: JSON,
                readOnly: Bool, destructive: Bool = false, call: @escaping @Sendable (ToolArguments) throws -> ToolResult) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
        self.readOnly = readOnly
        self.destructive = destructive
        self.call = call
    }

    /// The entry of `tools/list`.
    var listing: JSON {
        [
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": inputSchema,
            "outputSchema": outputSchema,
            "annotations": [
                "title": .string(title),
                "readOnlyHint": .bool(readOnly),
                "destructiveHint": .bool(destructive),
                "idempotentHint": .bool(readOnly),
                "openWorldHint": false,
            ],
        ]
    }
}

/// What a tool returns: the structured result (matching its output schema) and a text
/// rendering of it for clients that show text.
public struct ToolResult: Sendable {
    public var structured: JSON
    public var text: String

    public init(structured: JSON, text: String) {
        self.structured = structured
        self.text = text
    }
}

/// A tool call that could not be done: reported to the model as a result with `isError`, so it
/// can correct the call.
public struct ToolError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ message: String) {
        description = message
    }
}

/// A tool call's arguments, read with messages that name the argument and what was expected.
public struct ToolArguments: Sendable {
    public let values: [String: JSON]

    public init(_ values: [String: JSON]) {
        self.values = values
    }

    public func has(_ name: String) -> Bool {
        if let value = values[name], !value.isNull { return true }
        return false
    }

    public func string(_ name: String) throws -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.string else { throw ToolError("\(name) must be a string") }
        return text
    }

    public func requiredString(_ name: String) throws -> String {
        guard let text = try string(name) else { throw ToolError("\(name) is required") }
        return text
    }

    public func bool(_ name: String) throws -> Bool? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let flag = value.bool else { throw ToolError("\(name) must be true or false") }
        return flag
    }

    public func integer(_ name: String) throws -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let number = value.integer else { throw ToolError("\(name) must be a whole number") }
        return number
    }

    public func strings(_ name: String) throws -> [String]? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let items = value.array, items.allSatisfy({ $0.string != nil }) else {
            throw ToolError("\(name) must be an array of strings")
        }
        return items.compactMap(\.string)
    }

    /// Refuses arguments the tool does not take (a misspelt name would otherwise be ignored).
    public func allowOnly(_ names: Set<String>) throws {
        let unknown = values.keys.filter { !names.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw ToolError("unknown argument\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); "
                + "accepted: \(names.sorted().joined(separator: ", "))")
        }
    }
}
