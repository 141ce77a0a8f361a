import Foundation

/// One input of `convert`/`validate`: a path or `-` (standard input), read whole.
struct InputFile {
    /// The argument as given (`feeds/team.ics`, `-`).
    var argument: String
    /// The name diagnostics use: the path, or `<stdin>`.
    var displayName: String
    var data: Data

    var isStandardInput: Bool { argument == "-" }

    /// The file name without directory and extension (`team`), or `stdin`.
    var stem: String {
        isStandardInput ? "stdin" : Self.stem(of: argument)
    }

    static func stem(of path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return name.isEmpty ? "calendar" : name
    }

    /// Reads `argument`. A path that is missing, a directory, or unreadable is
    /// ``ExitStatus/noInput`` (66) with its name; a failing standard input is ``ExitStatus/ioError``.
    static func read(_ argument: String, io: CLIIO) throws(CLIError) -> InputFile {
        if argument == "-" {
            do {
                return InputFile(argument: argument, displayName: "<stdin>", data: try io.readStdin())
            } catch {
                throw CLIError.io("Cannot read standard input: \(OutputFile.reason(error))")
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw CLIError.noInput("No such file: '\(argument)'")
        }
        if isDirectory.boolValue {
            throw CLIError.noInput("'\(argument)' is a directory, not a file")
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: argument))
            return InputFile(argument: argument, displayName: argument, data: data)
        } catch {
            throw CLIError.noInput("Cannot read '\(argument)': \(OutputFile.reason(error))")
        }
    }
}
