import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

/// Opening the store for a command, and turning store errors into CLI errors with the exit
/// statuses of DESIGN.md.
///
/// ```swift
/// let store = try StoreAccess.open(invocation)      // --store, $ICALKIT_STORE, $XDG_DATA_HOME/...
/// defer { StoreAccess.close(store) }
/// ```
enum StoreAccess {
    /// `--store PATH`, else `$ICALKIT_STORE`, else `$XDG_DATA_HOME/icalkit/store.sqlite`
    /// (`~/.local/share/icalkit/store.sqlite`), read from the invocation's environment.
    static func path(for invocation: Invocation) -> String {
        if let explicit = invocation.storePath, !explicit.isEmpty { return explicit }
        var environment: [String: String] = [:]
        for name in ["ICALKIT_STORE", "XDG_DATA_HOME", "HOME"] { environment[name] = invocation.io.environment(name) }
        return EventStore.defaultPath(environment: environment)
    }

    /// Opens (creating on first use) the store. A location that cannot be created exits 73; a
    /// file that is not a store or was written by a newer icalkit exits 1 and is left alone.
    static func open(_ invocation: Invocation) throws(CLIError) -> EventStore {
        try opening(invocation) { path, expander in try EventStore(path: path, expander: expander) }
    }

    /// For the commands that only read: nothing is at the store's path, so there is nothing to
    /// read (and a mistyped `--store` creates nothing). Exits 66.
    static func requireExisting(_ invocation: Invocation) throws(CLIError) {
        let path = path(for: invocation)
        guard !FileManager.default.fileExists(atPath: path) else { return }
        throw CLIError.failure("no store at \(path); import a file first", status: .noInput)
    }

    private static func opening(_ invocation: Invocation,
                                _ make: (String, any OccurrenceExpanding) throws -> EventStore) throws(CLIError) -> EventStore {
        let path = path(for: invocation)
        do {
            if let limit = invocation.arguments.value(StoreCommands.maxInstances).flatMap(Int.init) {
                return try make(path, RecurringEventExpander(limits: .init(maxInstancesPerQuery: limit)))
            }
            return try make(path, RecurringEventExpander())
        } catch let error as StoreError {
            if error.reason == .cannotCreate, let blocker = nonDirectoryAncestor(of: path) {
                throw CLIError.failure("cannot create store at '\(path)': '\(blocker)' is not a directory", status: .cannotCreate)
            }
            throw cliError(error)
        } catch {
            throw CLIError.failure("cannot open store at '\(path)': \(error)")
        }
    }

    /// The first ancestor of `path` that exists but is not a directory (the usual reason a
    /// store cannot be created), for a clearer message than Foundation's.
    static func nonDirectoryAncestor(of path: String) -> String? {
        var ancestors: [String] = []
        var current = (path as NSString).deletingLastPathComponent
        while !current.isEmpty, current != "/", current != "." {
            ancestors.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for ancestor in ancestors.reversed() {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory), !isDirectory.boolValue { return ancestor }
        }
        return nil
    }

    /// Closes the store; a failure to close is reported but does not change the status.
    static func close(_ store: EventStore, io: CLIIO) {
        do { try store.close() } catch { io.printError("Error: \(message(of: error))\n") }
    }

    /// The CLI error for a store error: 73 when the store cannot be created, 74 for SQLite I/O
    /// failures (disk full, I/O error, file cannot be opened), 67 for an unknown calendar, 68 for
    /// an unknown item, 1 for everything else (read-only calendar, newer schema, not a database).
    static func cliError(_ error: StoreError) -> CLIError {
        switch error.reason {
        case .cannotCreate:
            return .failure(error.message, status: .cannotCreate)
        case .sqlite:
            switch error.resultCode {
            case .ioError, .full, .cannotOpen: return .failure(error.description, status: .ioError)
            default: return .failure(error.description)
            }
        case .calendarNotFound:
            return .noSuchCalendar(error.message)
        case .itemNotFound:
            return .noSuchItem(error.message)
        default:
            return .failure(error.message)
        }
    }

    /// Any error thrown by the store, as a CLI error.
    static func cliError(_ error: any Error) -> CLIError {
        if let store = error as? StoreError { return cliError(store) }
        if let cli = error as? CLIError { return cli }
        if case ExpansionError.tooManyInstances(let limit)? = error as? ExpansionError {
            return .failure("the query produced more than \(limit) recurrence instances (limit max-instances-per-query); "
                            + "ask for a shorter window or raise the limit with --max-instances N")
        }
        return .failure(String(describing: error))
    }

    static func message(of error: any Error) -> String {
        (error as? StoreError)?.message ?? String(describing: error)
    }

    /// Runs `body` with an open store and closes it afterwards; store errors become CLI errors.
    /// With `reading`, a path where no store is exits 66 (``requireExisting(_:)``).
    static func with<T>(_ invocation: Invocation, reading: Bool = false, _ body: (EventStore) throws -> T) throws(CLIError) -> T {
        if reading { try requireExisting(invocation) }
        let store = try open(invocation)
        defer { close(store, io: invocation.io) }
        do {
            return try body(store)
        } catch {
            throw cliError(error)
        }
    }

    /// For a command whose output needs nothing more from the store once `read` has returned:
    /// runs `read` as ``with(_:reading:_:)`` does (a path with no store exits 66), then `write`
    /// with what it returned while the store is closed on another thread: releasing the file
    /// mapping of a large store takes milliseconds that the output need not wait for.
    static func read<T>(_ invocation: Invocation, _ read: (EventStore) throws -> T,
                        thenWrite write: (T) throws -> Void) throws(CLIError) {
        try requireExisting(invocation)
        let store = try open(invocation)
        let value: T
        do {
            value = try read(store)
        } catch {
            close(store, io: invocation.io)
            throw cliError(error)
        }
        let io = invocation.io
        let closing = DispatchGroup()
        DispatchQueue.global().async(group: closing) { close(store, io: io) }
        defer { closing.wait() }
        do {
            try write(value)
        } catch {
            throw cliError(error)
        }
    }

    /// The table writer for a listing: short IDs over every UID of the store (so that each is
    /// unique there), calendar colours when output is coloured, the terminal's width.
    static func table(_ invocation: Invocation, store: EventStore) throws -> TableOutput {
        let io = invocation.io
        var table = TableOutput(timeZone: invocation.timeZone, color: io.usesColor)
        table.shortIDs = ShortID.shortest(for: try store.allUIDs())
        if table.color {
            for calendar in try store.calendars() { table.calendarColors[calendar.title] = calendar.color }
        }
        table.width = io.tableWidth
        return table
    }

    /// `--calendar` values (repeatable) as the store's titles (``calendarTitle(_:in:)``), or nil
    /// when none was given (all calendars).
    static func calendarTitles(_ invocation: Invocation, in store: EventStore) throws -> [String]? {
        let titles = invocation.arguments.optionValues["calendar"] ?? []
        guard !titles.isEmpty else { return nil }
        let known = try store.calendars().map(\.title)
        return try titles.map { title throws(CLIError) in try calendarTitle(title, among: known) }
    }

    /// The store's title for a calendar named on the command line: the exact title, else the one
    /// title equal but for case (`work` is `Work`). An unknown name exits 67 with the closest title.
    static func calendarTitle(_ name: String, in store: EventStore) throws -> String {
        try calendarTitle(name, among: store.calendars().map(\.title))
    }

    /// The calendar `import --calendar NAME` fills: an existing one whose title is NAME, or
    /// equal to it but for case when only one is; else NAME, a calendar the import creates.
    static func importTitle(_ name: String?, in store: EventStore) throws -> String? {
        guard let name else { return nil }
        let titles = try store.calendars().map(\.title)
        if titles.contains(name) { return name }
        let folded = titles.filter { $0.caseInsensitiveCompare(name) == .orderedSame }
        return folded.count == 1 ? folded[0] : name
    }

    static func calendarTitle(_ name: String, among titles: [String]) throws(CLIError) -> String {
        if titles.contains(name) { return name }
        let folded = titles.filter { $0.caseInsensitiveCompare(name) == .orderedSame }
        if folded.count == 1 { return folded[0] }
        var message = "no calendar titled '\(name)'"
        if !folded.isEmpty {
            message += "; several differ from it only in case: " + folded.sorted().map { "'\($0)'" }.joined(separator: ", ")
        } else if let guess = Suggestion.closest(to: name, in: titles) {
            message += ". Did you mean '\(guess)'?"
        }
        throw CLIError.noSuchCalendar(message)
    }
}
