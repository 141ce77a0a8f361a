/// Why a command stopped: a usage error (printed with the command's usage line) or another
/// failure with its exit status.
struct CLIError: Error, Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// The command line was wrong; `command` is the path of the command being parsed
        /// (`["convert"]`, `["add", "event"]`, `[]` for the root).
        case usage(command: [String])
        /// Anything else, with the status to exit with.
        case failure(ExitStatus)
    }

    var kind: Kind
    var message: String

    static func usage(_ message: String, command: [String]) -> CLIError {
        CLIError(kind: .usage(command: command), message: message)
    }

    static func failure(_ message: String, status: ExitStatus = .failure) -> CLIError {
        CLIError(kind: .failure(status), message: message)
    }

    static func io(_ message: String) -> CLIError { .failure(message, status: .ioError) }
    static func noInput(_ message: String) -> CLIError { .failure(message, status: .noInput) }
    static func noSuchItem(_ message: String) -> CLIError { .failure(message, status: .noSuchItem) }
    static func noSuchCalendar(_ message: String) -> CLIError { .failure(message, status: .noSuchCalendar) }

    var status: ExitStatus {
        switch kind {
        case .usage: .usage
        case .failure(let status): status
        }
    }
}
