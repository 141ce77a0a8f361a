@testable import CalendarCLI
import Foundation
import Testing

/// Swift Testing also has an `ExitStatus` (exit tests); in these tests the name means ours.
typealias ExitStatus = CalendarCLI.ExitStatus

/// What one in-process run of the CLI produced.
struct CLIResult: Equatable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    var status: ExitStatus
    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs `icalkit args...` in this process with captured streams, in Europe/Berlin.
func runCLI(_ args: [String], stdin: String = "", zone: String = "Europe/Berlin") -> CLIResult {
    let (io, captured) = CLIIO.capturing(stdin: Data(stdin.utf8), timeZone: TimeZone(identifier: zone) ?? .gmt)
    let status = CLI.run(args, io: io)
    return CLIResult(stdout: captured.stdout, stderr: captured.stderr, status: status)
}

/// One row of a CLI table test: arguments and everything the run must produce.
struct CLICase: Sendable, CustomTestStringConvertible {
    var id: String
    var args: [String]
    var stdout: String = ""
    var stderr: String
    var status: ExitStatus
    var testDescription: String { id }
}

/// The three lines of a usage error for `command` (`"convert"`, `"add event"`, `""` for the root).
func usageError(_ message: String, usage: String, command: String) -> String {
    let help = command.isEmpty ? "icalkit --help" : "icalkit \(command) --help"
    return "Error: \(message)\nUsage: \(usage)\n  See '\(help)' for more information.\n"
}

/// A temporary directory removed when the test ends.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
