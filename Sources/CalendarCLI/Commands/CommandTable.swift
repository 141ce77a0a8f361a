/// Every `icalkit` command, as DESIGN.md's "Command line" contract lists them. Parsing and help
/// both read this table.
enum CommandTable {
    static let version = "0.1.0"

    static let completionsShell = ArgumentSpec(name: "SHELL", help: "The shell to complete for.", arity: .optional,
                                               kind: .choice(["bash", "zsh", "fish"]))
    static let completions = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script.",
        discussion: """
            The scripts complete commands, options and choices, zone names (a zone directory such as Europe/ \
            without a space after it), and calendar titles and item IDs from the store (--store on the line, else \
            the default store). The bash script needs only bash itself: source it from ~/.bashrc, or, with the \
            bash-completion package installed, put it in ~/.local/share/bash-completion/completions/.
            """,
        arguments: [completionsShell],
        options: [CompletionsCommand.list],
        examples: [
            .init(commandLine: "completions bash > ~/.icalkit.bash && echo 'source ~/.icalkit.bash' >> ~/.bashrc",
                  explanation: "Install bash completion (no bash-completion package needed)."),
            .init(commandLine: "completions bash > ~/.local/share/bash-completion/completions/icalkit",
                  explanation: "Install bash completion where the bash-completion package loads it."),
            .init(commandLine: "completions zsh > ~/.zfunc/_icalkit", explanation: "Install zsh completion (with ~/.zfunc in fpath)."),
            .init(commandLine: "completions fish > ~/.config/fish/completions/icalkit.fish", explanation: "Install fish completion."),
        ],
        usesStore: true,
        handler: .run(CompletionsCommand.run))

    /// `help [COMMAND...]`: parsed by ``CommandParser`` itself (it prints the help of the
    /// command named); here so that `help help` and the root's list show it.
    static let help = CommandSpec(
        name: "help",
        abstract: "Show the help of a command (the same text as COMMAND --help).",
        arguments: [ArgumentSpec(name: "COMMAND", help: "The command, with its subcommand if any (add event).", arity: .zeroOrMore)],
        examples: [.init(commandLine: "help add event", explanation: "The options of 'add event'.")],
        handler: .group)

    static let root = CommandSpec(
        name: "icalkit",
        abstract: "Convert iCalendar (RFC 5545) files and keep calendars in a local store.",
        discussion: """
            Exit status: 0 ok, 64 usage error, 65 some input items could not be read, 66 an input is missing, \
            67 no such calendar, 68 no such item (UID, short ID or occurrence), \
            69 a feed could not be fetched, 73 the store cannot be created, 74 I/O error, 1 anything else.
            With --format json, an error is one JSON line on standard error: \
            {"error": {"code": "no-such-calendar", "message": "..."}}; the codes are usage, data, no-input, \
            no-such-calendar, no-such-item, unavailable, cannot-create, io and failure.
            """,
        subcommands: [
            StoreCommands.importCommand,
            FeedCommands.subscribeCommand,
            FeedCommands.refreshCommand,
            FeedCommands.unsubscribeCommand,
            StoreCommands.eventsCommand,
            CalendarViewCommand.spec,
            StoreCommands.remindersCommand,
            ShowCommand.spec,
            SearchCommand.spec,
            StoreCommands.exportCommand,
            StoreCommands.calendarsCommand,
            StoreCommands.addCommand,
            StoreCommands.completeCommand,
            StoreCommands.deleteCommand,
            StoreCommands.editCommand,
            StoreCommands.changesCommand,
            MCPCommand.spec,
            completions,
            ConvertCommand.spec,
            ValidateCommand.spec,
            help,
        ],
        usesStore: true,
        handler: .group)
}
