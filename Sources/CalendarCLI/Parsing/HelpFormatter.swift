/// Builds help text and usage lines from a ``CommandSpec`` (the same value the parser reads).
///
/// Layout, as swift-argument-parser's: `OVERVIEW:`, the discussion, `USAGE:`, `ARGUMENTS:`,
/// `OPTIONS:`, `SUBCOMMANDS:`, `EXAMPLES:`; lines wrapped at 80 columns.
struct HelpFormatter {
    var root: CommandSpec
    var width = 80
    private let labelColumn = 26

    /// The command at `path`, or nil when no such command exists.
    func spec(at path: [String]) -> CommandSpec? {
        var spec = root
        for name in path {
            guard let sub = spec.subcommand(named: name) else { return nil }
            spec = sub
        }
        return spec
    }

    // MARK: - Usage line

    /// `icalkit [--store PATH] convert INPUT... [--format ics|jcal|json] [-o FILE | --out-dir DIR]`
    func usageLine(path: [String]) -> String { usageParts(path: path).joined(separator: " ") }

    /// The usage line in pieces that are never split when wrapping (`[--url U]`).
    func usageParts(path: [String]) -> [String] {
        guard let spec = spec(at: path) else { return ["icalkit", "<subcommand>"] }
        var parts = ["icalkit"]
        if spec.usesStore { parts.append("[--store PATH]") }
        parts.append(contentsOf: path)
        if !spec.subcommands.isEmpty {
            parts.append(spec.defaultSubcommand == nil ? "<subcommand>" : "[<subcommand>]")
        }
        for argument in spec.arguments {
            let name = Self.valueText(argument.kind, fallback: argument.name)
            switch argument.arity {
            case .one: parts.append(name)
            case .optional: parts.append("[\(name)]")
            case .oneOrMore: parts.append("\(name)...")
            case .zeroOrMore: parts.append("[\(name)...]")
            }
        }
        let grouped = Set(spec.groups.flatMap { $0.alternatives.joined() })
        let nested = Set(spec.options.filter { nestedUnder($0, in: spec) != nil }.map(\.name))
        var groupsShown = Set<Int>()
        for option in spec.options where !nested.contains(option.name) {
            if grouped.contains(option.name) {
                guard let g = spec.groups.firstIndex(where: { $0.alternatives.joined().contains(option.name) }),
                      !groupsShown.contains(g) else { continue }
                groupsShown.insert(g)
                let group = spec.groups[g]
                let body = group.alternatives.map { $0.compactMap { name in
                    spec.options.first { $0.name == name }.map { usage(of: $0, in: spec) }
                }.joined(separator: " ") }.joined(separator: " | ")
                parts.append(group.required ? "(\(body))" : "[\(body)]")
            } else {
                let text = usage(of: option, in: spec)
                parts.append((option.required ? text : "[\(text)]") + (option.repeatable ? "..." : ""))
            }
        }
        return parts
    }

    /// An option with the options that need it nested after it: `--occurrence WHEN [--future]`.
    private func usage(of option: OptionSpec, in spec: CommandSpec) -> String {
        var text = option.short.map { "-\($0)" } ?? "--\(option.name)"
        text += option.valuePlaceholder
        for dependent in spec.options where nestedUnder(dependent, in: spec) == option.name {
            text += " [\(usage(of: dependent, in: spec))]"
        }
        return text
    }

    /// The option `option` is shown inside: the one option it requires, when it has exactly one.
    private func nestedUnder(_ option: OptionSpec, in spec: CommandSpec) -> String? {
        guard option.requires.count == 1, let name = option.requires.first,
              spec.options.contains(where: { $0.name == name }) else { return nil }
        return name
    }

    static func valueText(_ kind: ValueKind, fallback: String) -> String {
        if case .choice(let choices) = kind { return choices.joined(separator: "|") }
        return fallback
    }

    // MARK: - Help

    /// The full help of the command at `path`.
    func help(path: [String]) -> String {
        guard let spec = spec(at: path) else { return "" }
        var out = ""
        out += wrap("OVERVIEW: " + spec.abstract, indent: 0, hang: 2) + "\n"
        if let discussion = spec.discussion {
            out += "\n"
            for paragraph in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                out += paragraph.isEmpty ? "\n" : wrap(String(paragraph), indent: 0, hang: 0) + "\n"
            }
        }
        out += "\n" + wrapUsage(usageParts(path: path)) + "\n"

        if !spec.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                out += entry(Self.valueText(argument.kind, fallback: argument.name), argument.help)
            }
        }

        var options = spec.allOptions
        if path.isEmpty { options.insert(.version, at: 0) }
        out += "\nOPTIONS:\n"
        for option in options {
            var label = option.short.map { "-\($0), --\(option.name)" } ?? "--\(option.name)"
            label += option.valuePlaceholder
            var help = option.help
            if option.repeatable { help += " Can be repeated." }
            if let d = option.defaultDescription { help += " (default: \(d))" }
            if !option.aliases.isEmpty { help += " Alias: " + option.aliases.map { "--" + $0 }.joined(separator: ", ") + "." }
            out += entry(label, help)
        }

        if !spec.subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for sub in spec.subcommands {
                let label = sub.name + (sub.name == spec.defaultSubcommand ? " (default)" : "")
                out += entry(label, sub.abstract)
            }
            let helpPath = (["icalkit", "help"] + path + ["<subcommand>"]).joined(separator: " ")
            out += "\n  See '\(helpPath)' for detailed help.\n"
        }

        if !spec.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for (i, example) in spec.examples.enumerated() {
                if i > 0 { out += "\n" }
                out += "  icalkit \(example.commandLine)\n"
                out += wrap(example.explanation, indent: 6, hang: 6) + "\n"
            }
        }
        return out
    }

    /// `USAGE: icalkit ...`, broken between parts at ``width``, continued under the command.
    private func wrapUsage(_ parts: [String]) -> String {
        var lines: [String] = []
        var line = "USAGE:"
        for part in parts {
            if line.count + 1 + part.count > width, line.count > 7 {
                lines.append(line)
                line = String(repeating: " ", count: 6)
            }
            line += " " + part
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// One `  label   help` entry; the help starts on the next line when the label is long.
    private func entry(_ label: String, _ help: String) -> String {
        let head = "  " + label
        if head.count + 2 <= labelColumn {
            let padded = head + String(repeating: " ", count: labelColumn - head.count)
            return wrap(padded + help, indent: 0, hang: labelColumn) + "\n"
        }
        return head + "\n" + wrap(help, indent: labelColumn, hang: labelColumn) + "\n"
    }

    /// Word-wraps `text` at ``width``: the first line indented by `indent`, the rest by `hang`.
    private func wrap(_ text: String, indent: Int, hang: Int) -> String {
        var lines: [String] = []
        var line = String(repeating: " ", count: indent)
        var lineHasWord = false
        let leading = text.prefix { $0 == " " }.count
        if leading > 0 { line += String(repeating: " ", count: leading) }
        var pendingSpaces = 0
        var word = ""
        func flushWord() {
            guard !word.isEmpty else { return }
            if lineHasWord, line.count + pendingSpaces + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: hang) + word
            } else {
                line += String(repeating: " ", count: lineHasWord ? pendingSpaces : 0) + word
            }
            lineHasWord = true
            word = ""
            pendingSpaces = 0
        }
        // Runs of spaces are kept inside a line (a padded label column), dropped at a break.
        for ch in text.dropFirst(leading) {
            if ch == " " {
                if !word.isEmpty { flushWord() }
                pendingSpaces += 1
            } else {
                word.append(ch)
            }
        }
        flushWord()
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
