import Foundation
import Testing

/// The built `icalkit` next to the running test bundle (or a few folders up), if any.
let icalkitBinary: URL? = {
    var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = dir.appendingPathComponent("icalkit")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}()

/// A few runs of the built `icalkit` binary, to check what in-process tests cannot: the real
/// streams, `exit` with the status, and standard input. The binary is found beside the test
/// bundle (`swift build --build-tests` builds it too).
@Suite("icalkit executable", .enabled(if: icalkitBinary != nil, "the icalkit binary is built"))
struct ExecutableTests {

    struct Run: Equatable { var stdout: String; var stderr: String; var status: Int32 }

    func execute(_ args: [String], stdin: String = "") throws -> Run {
        let process = Process()
        guard let binary = icalkitBinary else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = binary
        process.arguments = args
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                   status: process.terminationStatus)
    }

    @Test func version() throws {
        #expect(try execute(["--version"]) == Run(stdout: "icalkit 0.1.0\n", stderr: "", status: 0))
    }

    @Test func usageError() throws {
        let run = try execute(["convert", "--too", "json"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.split(separator: "\n").count == 3)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--too'. Did you mean '--to'?\n"))
    }

    @Test func missingInput() throws {
        #expect(try execute(["validate", "/nonexistent/feed.ics"])
                == Run(stdout: "", stderr: "Error: No such file: '/nonexistent/feed.ics'\n", status: 66))
    }

    @Test func helpOnStdout() throws {
        let run = try execute(["help", "convert"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("OVERVIEW: Convert iCalendar files"))
    }
}
