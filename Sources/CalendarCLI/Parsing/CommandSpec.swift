/// The declarative description of one command: its name, help texts, positional arguments,
/// options, flags, option groups, examples and subcommands. The same value drives parsing
/// (``CommandParser``) and help (``HelpFormatter``), so the two cannot disagree.
///
/// ```swift
/// CommandSpec(
///     name: "validate",
///     abstract: "Check iCalendar files and report what a reader would notice.",
///     arguments: [ArgumentSpec(name: "FILE", help: "An .ics file, or - for standard input.", arity: .oneOrMore)],
///     handler: .run(ValidateCommand.run))
/// ```
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var discussion: String? = nil
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Options that are alternatives to each other (`-o FILE | --out-dir DIR`).
    var groups: [OptionGroup] = []
    var examples: [Example] = []
    var subcommands: [CommandSpec] = []
    /// The subcommand run when none is named (`calendars` means `calendars list`).
    var defaultSubcommand: String? = nil
    /// The command works on the store and accepts `--store PATH` (before or after its name).
    var usesStore: Bool = false
    var handler: Handler

    enum Handler: Sendable {
        /// Runs the parsed command and returns the exit status.
        case run(@Sendable (Invocation) throws(CLIError) -> ExitStatus)
        /// Only chooses a subcommand.
        case group
    }

    struct Example: Sendable {
        /// The arguments after `icalkit`, as typed.
        var commandLine: String
        var explanation: String
    }

    /// Every option the parser accepts here, including `--store` for store commands and
    /// `-h/--help`, in help order.
    var allOptions: [OptionSpec] {
        var all = options
        if usesStore { all.append(.store) }
        all.append(.help)
        return all
    }

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}

/// A positional argument (`INPUT...`, `UID`, `NAME`).
struct ArgumentSpec: Sendable, Hashable {
    enum Arity: Sendable, Hashable {
        case one, optional, oneOrMore, zeroOrMore
    }
    var name: String
    var help: String
    var arity: Arity = .one
    var kind: ValueKind = .text
}

/// An option (`--to FORMAT`) or a flag (`--dry-run`).
struct OptionSpec: Sendable, Hashable {
    /// The long name without dashes (`out-dir`); also the key of its parsed values.
    var name: String
    var short: Character? = nil
    /// The value's name in usage and help (`FILE`); nil for a flag.
    var valueName: String? = nil
    var help: String
    /// May be given several times; values accumulate (`--calendar A --calendar B`).
    var repeatable: Bool = false
    /// Must be given.
    var required: Bool = false
    /// What the value is and how it is checked.
    var kind: ValueKind = .text
    /// Other options this one needs (`--future` needs `--occurrence`).
    var requires: [String] = []
    /// Text shown in help after the description, e.g. `json`.
    var defaultDescription: String? = nil
    /// The value may be left out (`--week` alone means this week): the option then takes the
    /// next argument only when it is a value, and its parsed value is the empty string.
    var valueIsOptional: Bool = false
    /// Other long names accepted for this option (`to` for `convert --format`); help shows
    /// them as aliases, completions offer them, values are kept under ``name``.
    var aliases: [String] = []

    var isFlag: Bool { valueName == nil }

    /// `--name` and each `--alias`.
    var longNames: [String] { ([name] + aliases).map { "--" + $0 } }

    /// The option with other long names accepted for it.
    func aliased(_ names: String...) -> OptionSpec {
        var copy = self
        copy.aliases += names
        return copy
    }

    /// A flag: present or not.
    static func flag(_ name: String, short: Character? = nil, help: String, requires: [String] = []) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help, requires: requires)
    }

    /// An option that takes a value.
    static func option(_ name: String, short: Character? = nil, value: String, help: String, kind: ValueKind = .text,
                       repeatable: Bool = false, required: Bool = false, requires: [String] = [],
                       default defaultDescription: String? = nil, optionalValue: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: value, help: help, repeatable: repeatable,
                   required: required, kind: kind, requires: requires, defaultDescription: defaultDescription,
                   valueIsOptional: optionalValue)
    }

    static let help = OptionSpec.flag("help", short: "h", help: "Show help information.")
    static let store = OptionSpec.option(
        "store", value: "PATH",
        help: "The store file. Default: $ICALKIT_STORE, else $XDG_DATA_HOME/icalkit/store.sqlite (~/.local/share/icalkit/store.sqlite). "
            + "With ICALKIT_DEBUG=1, a query that could not update the store's occurrence index says why on stderr.")
    static let version = OptionSpec.flag("version", help: "Show the version.")

    /// `--out` or `-o, --out`, as in help and error messages.
    var displayName: String { "--\(name)" }

    /// `--format ics|jcal|json`, `-o FILE`, `--dry-run`: how usage lines show it.
    var usageText: String {
        let head = short.map { "-\($0)" } ?? "--\(name)"
        return head + valuePlaceholder
    }

    /// What follows the option's name in usage and help: ` FILE`, ` ics|json`, ` [DATE]` for an
    /// optional value, nothing for a flag.
    var valuePlaceholder: String {
        guard let valueName else { return "" }
        let value = HelpFormatter.valueText(kind, fallback: valueName)
        return valueIsOptional ? " [\(value)]" : " \(value)"
    }
}

/// What a value is. The parser checks it, so every command reports a bad WHEN or zone the same way.
enum ValueKind: Sendable, Hashable {
    case text
    /// One of a fixed list (`ics`, `json`).
    case choice([String])
    /// A WHEN (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]`, with `Z` or an offset).
    case when
    /// A date only (`YYYY-MM-DD`).
    case day
    /// An IANA zone id.
    case zone
}

/// Options that are alternatives: at most one alternative may be used; within an alternative,
/// all its options go together (`--from WHEN --to WHEN | --day DATE`).
struct OptionGroup: Sendable, Hashable {
    var alternatives: [[String]]
    /// One alternative must be given.
    var required: Bool = false
}
