import Foundation

/// Interprets tokens against the command table: walks down to the named command, collects its
/// options and positional arguments, and checks them (choices, required options, option groups,
/// zones, WHEN values).
struct CommandParser {
    var root: CommandSpec
    var io: CLIIO

    /// What the command line asks for.
    enum Outcome {
        /// Print the help of the command at `path`.
        case help(path: [String])
        case version
        case run(Invocation, CommandSpec)
    }

    func parse(_ arguments: [String]) throws(CLIError) -> Outcome {
        let tokens = ArgumentTokenizer.tokenize(arguments)
        var index = 0
        var path: [String] = []
        var spec = root
        var storePath: String? = nil

        // Choose the command, reading the options allowed in front of it.
        while !spec.subcommands.isEmpty {
            guard index < tokens.count else {
                if let name = spec.defaultSubcommand, let sub = spec.subcommand(named: name) {
                    path.append(name)
                    spec = sub
                    break
                }
                throw CLIError.usage("Missing subcommand", command: path)
            }
            switch tokens[index] {
            case .long("help", nil), .short("h"):
                return .help(path: path)
            case .long("version", nil) where path.isEmpty:
                return .version
            case .long("store", let inline) where spec.usesStore:
                index += 1
                storePath = try value(for: .store, inline: inline, tokens: tokens, index: &index, path: path)
            case .value("help") where path.isEmpty:
                return .help(path: try helpPath(tokens[(index + 1)...]))
            case .value(let name):
                guard let sub = spec.subcommand(named: name) else {
                    var message = path.isEmpty ? "Unknown command '\(name)'" : "Unknown subcommand '\(name)'"
                    if let guess = Suggestion.closest(to: name, in: spec.subcommands.map(\.name)) {
                        message += ". Did you mean '\(guess)'?"
                    }
                    throw CLIError.usage(message, command: path)
                }
                path.append(name)
                spec = sub
                index += 1
            case .long, .short:
                if let name = spec.defaultSubcommand, let sub = spec.subcommand(named: name) {
                    path.append(name)
                    spec = sub
                } else if Self.asksForHelp(tokens[index...]) {
                    return .help(path: path)
                } else {
                    throw unknownOption(tokens[index], in: spec, path: path)
                }
            case .terminator:
                throw CLIError.usage("Missing subcommand", command: path)
            }
        }

        // `--help` anywhere before `--` wins over everything else.
        if Self.asksForHelp(tokens[index...]) { return .help(path: path) }

        var parsed = ParsedArguments()
        var positionals: [String] = []
        let options = spec.allOptions
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let option: OptionSpec
            var inline: String? = nil
            switch token {
            case .terminator:
                while index < tokens.count {
                    if case .value(let v) = tokens[index] { positionals.append(v) }
                    index += 1
                }
                continue
            case .value(let v):
                positionals.append(v)
                continue
            case .long(let name, let value):
                guard let found = options.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
                    throw unknownOption(token, in: spec, path: path)
                }
                option = found
                inline = value
            case .short(let c):
                guard let found = options.first(where: { $0.short == c }) else {
                    throw unknownOption(token, in: spec, path: path)
                }
                option = found
            }
            if option.isFlag {
                if inline != nil {
                    throw CLIError.usage("'\(option.displayName)' does not take a value", command: path)
                }
                if parsed.flags.contains(option.name), !option.repeatable {
                    throw CLIError.usage("'\(option.displayName)' was given more than once", command: path)
                }
                parsed.flags.insert(option.name)
            } else {
                let v: String
                if option.valueIsOptional, inline == nil,
                   index >= tokens.count || !Self.isOptionalValue(tokens[index], of: option, positionals: !spec.arguments.isEmpty) {
                    v = ""
                } else {
                    v = try value(for: option, inline: inline, tokens: tokens, index: &index, path: path)
                }
                if option == .store {
                    storePath = v
                    continue
                }
                if parsed.optionValues[option.name] != nil, !option.repeatable {
                    throw CLIError.usage("'\(option.displayName)' was given more than once", command: path)
                }
                parsed.optionValues[option.name, default: []].append(v)
            }
        }

        try assignPositionals(positionals, to: spec, into: &parsed, path: path)
        try checkOptions(spec, parsed: parsed, path: path)
        let zone = try resolveValues(spec, parsed: &parsed, path: path)
        let invocation = Invocation(path: path, arguments: parsed, io: io, storePath: storePath, explicitTimeZone: zone)
        return .run(invocation, spec)
    }

    // MARK: - Steps

    /// Whether `token` is the value of an option whose value may be left out (`--week [DATE]`):
    /// any plain value where the command takes no positional arguments; else (`search TEXT
    /// --week dentist`) only one that starts like a date: a digit, a sign, or a day word.
    private static func isOptionalValue(_ token: ArgumentToken, of option: OptionSpec, positionals: Bool) -> Bool {
        guard case .value(let text) = token else { return false }
        guard positionals else { return true }
        guard let first = text.first else { return false }
        return first.isNumber || first == "+" || first == "-"
            || (option.kind == .day && WhenParser(timeZone: .gmt).dayWord(text) != nil)
    }

    /// True when `-h` or `--help` comes before any `--`.
    private static func asksForHelp(_ tokens: ArraySlice<ArgumentToken>) -> Bool {
        for token in tokens {
            if token == .terminator { return false }
            if token == .long("help", nil) || token == .short("h") { return true }
        }
        return false
    }

    /// The value of an option: inline (`--out=x`) or the next token, which must be a value.
    private func value(for option: OptionSpec, inline: String?, tokens: [ArgumentToken], index: inout Int,
                       path: [String]) throws(CLIError) -> String {
        if let inline { return inline }
        if index < tokens.count, case .value(let v) = tokens[index] {
            index += 1
            return v
        }
        throw CLIError.usage("Missing value for '\(option.usageText)'", command: path)
    }

    /// `icalkit help add event`: the path named after `help`, checked against the table.
    private func helpPath(_ tokens: ArraySlice<ArgumentToken>) throws(CLIError) -> [String] {
        if !tokens.contains(where: \.isValue), Self.asksForHelp(tokens) { return [CommandTable.help.name] }
        var path: [String] = []
        var spec = root
        for token in tokens {
            guard case .value(let name) = token else { break }
            guard let sub = spec.subcommand(named: name) else {
                var message = path.isEmpty ? "Unknown command '\(name)'" : "Unknown subcommand '\(name)'"
                if let guess = Suggestion.closest(to: name, in: spec.subcommands.map(\.name)) {
                    message += ". Did you mean '\(guess)'?"
                }
                throw CLIError.usage(message, command: path)
            }
            path.append(name)
            spec = sub
        }
        return path
    }

    private func unknownOption(_ token: ArgumentToken, in spec: CommandSpec, path: [String]) -> CLIError {
        var message = "Unknown option '\(token.description.split(separator: "=", maxSplits: 1).first ?? "")'"
        var names = spec.allOptions.flatMap(\.longNames)
        if path.isEmpty { names.append("--version") }
        if case .long(let name, _) = token, let guess = Suggestion.closest(to: "--\(name)", in: names) {
            message += ". Did you mean '\(guess)'?"
        }
        return CLIError.usage(message, command: path)
    }

    /// Hands positional values to the arguments in order; a repeating argument takes what the
    /// arguments after it leave.
    private func assignPositionals(_ values: [String], to spec: CommandSpec, into parsed: inout ParsedArguments,
                                   path: [String]) throws(CLIError) {
        var rest = values[...]
        for (i, argument) in spec.arguments.enumerated() {
            let neededLater = spec.arguments[(i + 1)...].filter { $0.arity == .one || $0.arity == .oneOrMore }.count
            let available = max(0, rest.count - neededLater)
            let take: Int
            switch argument.arity {
            case .one, .oneOrMore:
                guard available >= 1 else {
                    throw CLIError.usage("Missing expected argument '\(argument.name)'", command: path)
                }
                take = argument.arity == .one ? 1 : available
            case .optional: take = min(1, available)
            case .zeroOrMore: take = available
            }
            let taken = Array(rest.prefix(take))
            rest = rest.dropFirst(take)
            if case .choice(let choices) = argument.kind, let bad = taken.first(where: { !choices.contains($0) }) {
                throw CLIError.usage("Invalid value '\(bad)' for '\(argument.name)'; expected one of: "
                                     + choices.joined(separator: ", "), command: path)
            }
            if !taken.isEmpty { parsed.positionals[argument.name] = taken }
        }
        if let extra = rest.first {
            throw CLIError.usage("Unexpected argument '\(extra)'", command: path)
        }
    }

    /// Required options, option groups, `requires`, and choices.
    private func checkOptions(_ spec: CommandSpec, parsed: ParsedArguments, path: [String]) throws(CLIError) {
        let byName = Dictionary(spec.allOptions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        func shown(_ name: String) -> String { byName[name]?.usageText ?? "--\(name)" }

        for group in spec.groups {
            let used = group.alternatives.filter { $0.contains(where: parsed.has) }
            if used.count > 1 {
                let names = used.map { alt in alt.filter(parsed.has).map { "'--\($0)'" }.joined(separator: " ") }
                throw CLIError.usage("\(names.joined(separator: " and ")) cannot be used together", command: path)
            }
            if let alternative = used.first, let missing = alternative.first(where: { !parsed.has($0) }) {
                let given = alternative.filter(parsed.has).map { "--\($0)" }.joined(separator: " ")
                throw CLIError.usage("Missing '\(shown(missing))' (needed with \(given))", command: path)
            }
            if used.isEmpty, group.required {
                let forms = group.alternatives.map { $0.map(shown).joined(separator: " ") }
                throw CLIError.usage("Missing expected option: \(forms.joined(separator: ", or "))", command: path)
            }
        }
        for option in spec.allOptions {
            if option.required, !parsed.has(option.name) {
                throw CLIError.usage("Missing expected option '\(option.usageText)'", command: path)
            }
            if parsed.has(option.name), let missing = option.requires.first(where: { !parsed.has($0) }) {
                throw CLIError.usage("'--\(option.name)' needs '\(shown(missing))'", command: path)
            }
            if case .choice(let choices) = option.kind {
                for v in parsed.values(option) where !choices.contains(v) {
                    throw CLIError.usage("Invalid value '\(v)' for '--\(option.name)'; expected one of: "
                                         + choices.joined(separator: ", "), command: path)
                }
            }
        }
    }

    /// Reads `--tz` (if any, returned) and then every WHEN/DATE option in that zone, else in
    /// the IO's zone (looked up only when there is such a value).
    private func resolveValues(_ spec: CommandSpec, parsed: inout ParsedArguments, path: [String]) throws(CLIError) -> TimeZone? {
        var explicit: TimeZone?
        for option in spec.allOptions where option.kind == .zone {
            guard let text = parsed.value(option) else { continue }
            do {
                let zone = try TimeZoneArgument.parse(text)
                // Only --tz is the zone WHEN values are read in; another zone option (edit --zone) is a value.
                guard option.name == StoreCommands.tz.name else { continue }
                explicit = zone
                parsed.zone = zone
            } catch {
                throw CLIError.usage(error.description, command: path)
            }
        }
        let dated = spec.allOptions.filter { ($0.kind == .when || $0.kind == .day) && !parsed.values($0).isEmpty }
        guard !dated.isEmpty else { return explicit }
        let parser = WhenParser(timeZone: explicit ?? io.timeZone, now: io.now())
        for option in dated {
            for text in parsed.values(option) where !(text.isEmpty && option.valueIsOptional) {
                do {
                    let date = option.kind == .day ? try parser.parseDay(text) : try parser.parse(text)
                    parsed.dates[option.name, default: []].append(date)
                } catch {
                    var failure = error
                    failure.option = option.displayName
                    throw CLIError.usage(failure.description, command: path)
                }
            }
        }
        return explicit
    }
}
