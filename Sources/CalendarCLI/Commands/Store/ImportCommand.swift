import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

/// `icalkit import FILE|DIR|- ... [--calendar NAME] [--read-only] [--strict] [--dry-run]`.
///
/// Each file (a directory means its `*.ics` files, recursively, sorted by path) is streamed
/// through ``ICalendarReader`` into ONE store transaction per file (all its VCALENDARs), so a
/// file lands whole or not at all and memory does not grow with its size (see
/// ``ImportPipeline``); diagnostics go to stderr (`file:line: ...`). One report line per file
/// on stdout:
///
/// ```
/// team.ics: 4 added, 0 updated, 0 unchanged, 0 skipped
/// ```
///
/// `skipped` counts items the reader could not read plus items older than the stored copy.
/// Exit 65 when the reader skipped items or refused a file (the rest was imported, unless
/// `--strict`), 66 when an input is missing, 1 when the store refused (read-only calendar).
enum ImportCommand {
    struct FileOutcome {
        var name: String
        var reports: [ImportReport] = []
        var unreadable = 0
        var refused = false
        var notImported: String? = nil
        var diagnostics: [ConversionDiagnostic] = []
    }

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let inputs = args.values(StoreCommands.importInput)
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw invocation.usageError("Standard input (-) can be read only once")
        }
        let json = args.value(StoreCommands.importFormat) == "json"
        let strict = args.has("strict")
        let dryRun = args.has("dry-run")
        let readOnly = args.has("read-only")
        let calendarTitle = args.value(StoreCommands.importCalendar)
        let reporting = try DiagnosticReporting(invocation, readingQuiet: false)
        if args.has("replace") {
            guard let calendarTitle, !calendarTitle.isEmpty else {
                throw invocation.usageError("--replace needs --calendar NAME: the calendar that will hold exactly the inputs' items")
            }
            return try replace(invocation, into: calendarTitle)
        }

        var status = ExitStatus.ok
        var paths: [String] = []
        for input in inputs {
            do {
                paths += try expand(input)
            } catch {
                io.printError("Error: \(error.message)\n")
                status = status.combined(with: error.status)
            }
        }

        // The first file's reading starts before the store opens (creating a store runs every
        // migration), so the two overlap; a store that cannot be opened cancels it. Only for a
        // regular file: standard input and other streams are read whole when located, which
        // would hold back the store's error until their writer ends.
        var first = paths.first.flatMap { path in
            InputFile.isRegularFile(path) ? Result { () throws(CLIError) in try startReading(path, io: io, zone: invocation.timeZone) } : nil
        }
        let store: EventStore
        do {
            store = try StoreAccess.open(invocation)
        } catch {
            if case .success(let started)? = first { started.read.cancel() }
            throw error
        }
        defer { StoreAccess.close(store, io: io) }
        let progress = ProgressBar(io: io, quiet: args.has("quiet"))
        var outcomes: [FileOutcome] = []
        for (index, path) in paths.enumerated() {
            progress.update(done: index, total: paths.count, label: "reading " + path)
            let started: StartedRead
            do {
                if let early = first {
                    first = nil
                    started = try early.get()
                } else {
                    started = try startReading(path, io: io, zone: invocation.timeZone)
                }
            } catch {
                progress.clear()
                io.printError("Error: \(error.message)\n")
                status = status.combined(with: error.status)
                continue
            }
            let file = started.file
            var result = ReadResult()
            var reports: [ImportReport] = []
            var failure: CLIError?
            do {
                // The whole file in ONE transaction, read while it is written; rolled back when
                // the file is refused or --strict finds an error.
                reports = try store.importStream(intoCalendar: try StoreAccess.importTitle(calendarTitle, in: store),
                                                 readOnly: readOnly, dryRun: dryRun) { session in
                    result = try started.read.write(into: session)
                    return !result.refused && !(strict && result.hasErrors)
                }
            } catch {
                var cause = error
                if let stopped = error as? ImportPipeline.Failure {
                    cause = stopped.error
                    if let partial = stopped.readResult { result = partial }
                }
                failure = cause as? CLIError ?? StoreAccess.cliError(cause)
            }
            started.read.cancel()   // nothing left to stop, unless the store failed before taking any item
            progress.clear()
            reporting.report(result.diagnostics, file: file.displayName, io: io)
            var outcome = FileOutcome(name: file.displayName, unreadable: result.skippedCount, refused: result.refused,
                                      diagnostics: result.diagnostics)
            if result.hasDataErrors || result.hasErrors { status = status.combined(with: .dataError) }
            if let failure {
                io.printError("Error: \(file.displayName): \(failure.message); nothing imported from it\n")
                status = status.combined(with: failure.status)
                outcome.notImported = failure.message
            } else if result.refused {
                outcome.notImported = "not an iCalendar file"
                io.printError("\(file.displayName): not imported: not an iCalendar file\n")
            } else if strict && result.hasErrors {
                // Items skipped, or errors about the file itself (it ends inside a component, a
                // rule cannot be read) with every item kept.
                let n = result.skippedCount, errors = result.errorCount
                let why = n > 0 ? "\(n) item\(n == 1 ? "" : "s") could not be read" : "\(errors) error\(errors == 1 ? "" : "s") in the file"
                outcome.notImported = "--strict and " + why
                io.printError("\(file.displayName): not imported: \(why) (--strict)\n")
            } else {
                outcome.reports = reports
            }
            if !json, outcome.notImported == nil { try io.print(line(for: outcome, dryRun: dryRun) + "\n") }
            outcomes.append(outcome)
        }
        progress.finish()
        if json {
            try io.print(jsonReport(outcomes, dryRun: dryRun))
        }
        return status
    }

    /// `import FILE... --calendar NAME --replace`: every input mirrored into the calendar in
    /// ONE transaction (``EventStore/importStream(intoCalendar:readOnly:dryRun:replace:subscription:_:)``),
    /// rolled back when an input is missing, refused, or has anything that could not be read
    /// (an item left out would be removed from the calendar).
    static func replace(_ invocation: Invocation, into calendarTitle: String) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let dryRun = args.has("dry-run")
        let reporting = try DiagnosticReporting(invocation, readingQuiet: false)
        var paths: [String] = []
        for input in args.values(StoreCommands.importInput) { paths += try expand(input) }
        var outcomes: [FileOutcome] = []
        var refusal: String?
        let reports: [ImportReport] = try StoreAccess.with(invocation) { store in
            try store.importStream(intoCalendar: try StoreAccess.importTitle(calendarTitle, in: store), readOnly: args.has("read-only"),
                                   dryRun: dryRun, replace: true) { session in
                for path in paths {
                    let started = try startReading(path, io: io, zone: invocation.timeZone)
                    defer { started.read.cancel() }
                    let result: ReadResult
                    do { result = try started.read.write(into: session) } catch let failure as ImportPipeline.Failure { throw failure.error }
                    reporting.report(result.diagnostics, file: started.file.displayName, io: io)
                    var outcome = FileOutcome(name: started.file.displayName, unreadable: result.skippedCount, refused: result.refused,
                                              diagnostics: result.diagnostics)
                    if result.refused {
                        outcome.notImported = "not an iCalendar file"
                    } else if result.hasErrors {
                        let n = result.skippedCount, errors = result.errorCount
                        outcome.notImported = n > 0 ? "\(n) item\(n == 1 ? "" : "s") could not be read" : "\(errors) error\(errors == 1 ? "" : "s") in the file"
                    }
                    outcomes.append(outcome)
                    if let why = outcome.notImported {
                        refusal = "\(outcome.name): \(why)"
                        return false
                    }
                }
                return true
            }
        }
        if let refusal {
            io.printError("Error: \(refusal); nothing imported (--replace changes the calendar only with every input whole)\n")
            if args.value(StoreCommands.importFormat) == "json" { try io.print(jsonReport(outcomes, dryRun: dryRun)) }
            return .dataError
        }
        let combined = FileOutcome(name: calendarTitle, reports: reports)
        if args.value(StoreCommands.importFormat) == "json" {
            try io.print(jsonReport([combined], dryRun: dryRun))
        } else {
            try io.print(line(for: combined, dryRun: dryRun, showingRemoved: true) + "\n")
        }
        return .ok
    }

    /// A located input file whose reading has started.
    struct StartedRead {
        let file: InputFile
        let read: ImportPipeline.Read
    }

    /// Locates `path` and starts reading it (see ``ImportPipeline/start(source:read:)``).
    static func startReading(_ path: String, io: CLIIO, zone: TimeZone? = nil) throws(CLIError) -> StartedRead {
        let file = try InputFile.locate(path, io: io, zone: zone)
        let reader = ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: file.stem))
        let source = file.isStandardInput ? file.displayName : URL(fileURLWithPath: path).standardizedFileURL.path
        return StartedRead(file: file, read: ImportPipeline.start(source: source) { handle in try file.stream(with: reader, handle) })
    }

    /// A path as the files it stands for: itself, or a directory's `*.ics` files, sorted.
    static func expand(_ input: String) throws(CLIError) -> [String] {
        if input == "-" { return [input] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw CLIError.noInput("No such file: '\(input)'")
        }
        guard isDirectory.boolValue else { return [input] }
        let root = URL(fileURLWithPath: input)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw CLIError.noInput("Cannot read directory '\(input)'")
        }
        var found: [String] = []
        let base = root.standardizedFileURL.path
        for case let url as URL in walker where url.pathExtension.lowercased() == "ics" {
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : url.lastPathComponent
            found.append((input.hasSuffix("/") ? input : input + "/") + relative)
        }
        return found.sorted()
    }

    /// `team.ics: 4 added, 0 updated, 0 unchanged, 0 skipped` (`, 1 removed` when overrides were
    /// dropped, or always with `showingRemoved`; ` (dry run)` with --dry-run).
    static func line(for outcome: FileOutcome, dryRun: Bool, showingRemoved: Bool = false) -> String {
        let added = outcome.reports.reduce(0) { $0 + $1.added }
        let updated = outcome.reports.reduce(0) { $0 + $1.updated }
        let unchanged = outcome.reports.reduce(0) { $0 + $1.unchanged }
        let skipped = outcome.reports.reduce(0) { $0 + $1.skipped } + outcome.unreadable
        let removed = outcome.reports.reduce(0) { $0 + $1.removed }
        var text = "\(outcome.name): \(added) added, \(updated) updated, \(unchanged) unchanged, \(skipped) skipped"
        if removed > 0 || showingRemoved { text += ", \(removed) removed" }
        if dryRun { text += " (dry run)" }
        return text
    }

    /// `{"schemaVersion": 1, "dryRun", "files": [{"file", "imported", "reason", "unreadable",
    /// "calendars": [{"calendar", "createdCalendar", "added", "updated", "unchanged", "skipped",
    /// "removed", "entries": [{"uid", "recurrenceId", "kind", "outcome", "reason"}]}],
    /// (entries: the updated, skipped and removed items; added and unchanged ones are counted only)
    /// "diagnostics": [{"severity", "line", "uid", "property", "message", "action"}]}]}`.
    static func jsonReport(_ outcomes: [FileOutcome], dryRun: Bool) -> String {
        func report(_ r: ImportReport) -> JSONValue {
            .object([
                ("calendar", .string(r.calendarTitle)),
                ("createdCalendar", .bool(r.createdCalendar)),
                ("added", .int(r.added)),
                ("updated", .int(r.updated)),
                ("unchanged", .int(r.unchanged)),
                ("skipped", .int(r.skipped)),
                ("removed", .int(r.removed)),
                ("entries", .array(r.entries.map { e in
                    .object([
                        ("uid", .string(e.uid)),
                        ("recurrenceId", .nullable(e.recurrenceId.map(DateText.utc))),
                        ("kind", .string(e.kind.rawValue)),
                        ("outcome", .string(e.outcome.rawValue)),
                        ("reason", .nullable(e.reason)),
                    ])
                })),
            ])
        }
        func diagnostic(_ d: ConversionDiagnostic) -> JSONValue { .object(JSONOutput.diagnosticMembers(d)) }
        return JSONValue.object([
            ("schemaVersion", .int(JSONOutput.schemaVersion)),
            ("dryRun", .bool(dryRun)),
            ("files", .array(outcomes.map { o in
                .object([
                    ("file", .string(o.name)),
                    ("imported", .bool(o.notImported == nil)),
                    ("reason", .nullable(o.notImported)),
                    ("unreadable", .int(o.unreadable)),
                    ("calendars", .array(o.reports.map(report))),
                    ("diagnostics", .array(o.diagnostics.map(diagnostic))),
                ])
            })),
        ]).rendered()
    }
}

