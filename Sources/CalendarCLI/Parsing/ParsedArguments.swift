import Foundation

/// The values one command line gave a command, already checked against its ``CommandSpec``:
/// choices are valid, the zone is known, WHEN values are instants in that zone.
struct ParsedArguments: Sendable {
    /// Option values by long name, in the order given.
    var optionValues: [String: [String]] = [:]
    /// Flags given, by long name.
    var flags: Set<String> = []
    /// Positional values by argument name.
    var positionals: [String: [String]] = [:]
    /// WHEN and DATE option values as instants, by long name.
    var dates: [String: [Date]] = [:]
    /// The zone of `--tz`, when the command has it and it was given.
    var zone: TimeZone? = nil

    func value(_ option: OptionSpec) -> String? { optionValues[option.name]?.last }
    func values(_ option: OptionSpec) -> [String] { optionValues[option.name] ?? [] }
    func flag(_ option: OptionSpec) -> Bool { flags.contains(option.name) }
    func date(_ option: OptionSpec) -> Date? { dates[option.name]?.last }
    func values(_ argument: ArgumentSpec) -> [String] { positionals[argument.name] ?? [] }
    func value(_ argument: ArgumentSpec) -> String? { positionals[argument.name]?.first }
    func has(_ name: String) -> Bool { flags.contains(name) || optionValues[name] != nil }
}

/// A parsed command ready to run: which command, its arguments, the IO and the global options.
struct Invocation: Sendable {
    /// The command path after `icalkit` (`["add", "event"]`).
    var path: [String]
    var arguments: ParsedArguments
    var io: CLIIO
    /// `--store PATH`, wherever it was given.
    var storePath: String?
    /// `--tz` when given.
    var explicitTimeZone: TimeZone?
    /// `--tz` when given, else the IO's zone (looked up only when a command needs it).
    var timeZone: TimeZone { explicitTimeZone ?? io.timeZone }

    /// A usage error for this command.
    func usageError(_ message: String) -> CLIError { .usage(message, command: path) }
}
