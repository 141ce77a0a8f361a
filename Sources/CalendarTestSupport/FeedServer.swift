import Foundation

/// The loopback HTTP server of `Fixtures/feeds/feed_server.py`, started for one test: it serves
/// the files of `root` (a fresh temporary folder) under paths that pick a behaviour (see the
/// script), logs each request, and is stopped when this value is released.
public final class FeedServer: @unchecked Sendable {
    public let root: URL
    public let port: Int
    private let process: Process
    private let logURL: URL

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        logURL = root.appendingPathComponent("requests.log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestFiles.fixtures.appendingPathComponent("feeds/feed_server.py").path,
                             "--root", root.path, "--log", logURL.path, "--lifetime", "600"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The script prints "PORT n" once it listens.
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            throw Unavailable(description: "the feed test server did not start (python3 missing?): \(text)")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: a child of the test process may inherit a signal mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: root)
    }

    /// `http://127.0.0.1:PORT/PATH`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Writes a file the server serves (as `/etag/NAME`, `/plain/NAME`, ...).
    public func serve(_ name: String, _ text: String) throws {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// One logged request: its path and headers (names lower-cased).
    public struct Request: Sendable {
        public let path: String
        public let headers: [String: String]
    }

    /// The requests received so far, in order.
    public func requests() -> [Request] {
        guard let data = try? Data(contentsOf: logURL) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let path = object["path"] as? String else { return nil }
            return Request(path: path, headers: object["headers"] as? [String: String] ?? [:])
        }
    }
}
