import Foundation

/// The `icalkit` command line as a library: `main.swift` calls ``run(_:io:)`` and exits with
/// its status; tests call it in-process with a capturing ``CLIIO``.
///
/// ```swift
/// let (io, out) = CLIIO.capturing()
/// CLI.run(["validate", "team.ics"], io: io)   // ExitStatus.ok
/// out.stdout                                  // "team.ics: 3 events, 0 reminders, 0 warnings, 0 errors\n"
/// ```
public enum CLI {
    /// Parses `arguments` (without the program name), runs the command, and returns its status.
    /// Help and `--version` go to stdout; errors go to stderr.
    public static func run(_ arguments: [String], io: CLIIO = .standard) -> ExitStatus {
        let root = CommandTable.root
        let help = HelpFormatter(root: root)
        do throws(CLIError) {
            switch try CommandParser(root: root, io: io).parse(arguments) {
            case .help(let path):
                try io.print(help.help(path: path))
                return .ok
            case .version:
                try io.print("icalkit \(CommandTable.version)\n")
                return .ok
            case .run(let invocation, let spec):
                switch spec.handler {
                case .run(let body):
                    return try body(invocation)
                case .group:
                    throw CLIError.usage("Missing subcommand", command: invocation.path)
                }
            }
        } catch {
            if asksForJSON(arguments) {
                reportAsJSON(error, io: io)
            } else {
                report(error, io: io, help: help)
            }
            return error.status
        }
    }

    /// True when the command line has `--format json` (or `--format=json`) before any `--`: its
    /// errors are then written as JSON too.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        let tokens = ArgumentTokenizer.tokenize(arguments)
        for (i, token) in tokens.enumerated() {
            switch token {
            case .terminator: return false
            case .long("format", "json"): return true
            case .long("format", nil) where i + 1 < tokens.count && tokens[i + 1] == .value("json"): return true
            default: continue
            }
        }
        return false
    }

    /// One line on stderr: `{"error": {"code": "no-such-calendar", "message": "..."}}`, the code
    /// naming the exit status (``ExitStatus/code``).
    static func reportAsJSON(_ error: CLIError, io: CLIIO) {
        let object = JSONValue.object([
            ("error", .object([("code", .string(error.status.code)), ("message", .string(error.message))])),
        ])
        io.printError(object.renderedLine())
    }

    /// Usage errors: three lines (message, usage, where to find help). Others: one line.
    static func report(_ error: CLIError, io: CLIIO, help: HelpFormatter) {
        switch error.kind {
        case .usage(let path):
            let helpCommand = (["icalkit"] + path + ["--help"]).joined(separator: " ")
            io.printError("""
                Error: \(error.message)
                Usage: \(help.usageLine(path: path))
                  See '\(helpCommand)' for more information.

                """)
        case .failure:
            io.printError("Error: \(error.message)\n")
        }
    }
}
