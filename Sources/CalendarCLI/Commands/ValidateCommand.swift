import CalendarFormats
import CalendarModel
import Foundation
import ICalConversion

/// `icalkit validate FILE|DIR... [--format text|json] [--max-diagnostics N] [-q]`: reads each
/// file (a directory: the calendar files under it, as `convert` finds them,
/// ``CalendarFileFinder``), prints the diagnostics (stderr) and a one-line summary per file
/// (stdout): `feed.ics: 12 events, 3 reminders, 2 warnings, 0 errors`; or, with `--format json`,
/// one report (``ValidationReport``). Exit 0 without errors, 65 when any file has errors, 66
/// when a file is missing.
enum ValidateCommand {
    static let file = ArgumentSpec(
        name: "FILE", help: "An iCalendar (.ics), vCalendar 1.0 (.vcs), jCal (.jcal), icalkit JSON (.json) or CSV (.csv) file, a directory of them (read recursively, as convert reads one), or - for standard input.",
        arity: .oneOrMore)
    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "text: one summary line per file; json: one report of every file and diagnostic (its shape: Docs/validate-report.schema.json).",
        kind: .choice(["text", "json"]), default: "text")

    static let quiet = OptionSpec.flag(
        "quiet", short: "q",
        help: "Print the summary lines of the files with errors only, and no diagnostics or notes; errors that stop a file (missing, not its format's shape) and the exit status are as without -q.")

    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check calendar files and report what a reader notices.",
        discussion: """
            Prints every diagnostic on standard error (file:line: severity: ...) and one summary line \
            per file on standard output. With -q, only the files with errors: their summary lines on standard \
            output, nothing on standard error but errors that stop a file (missing, not its format's shape). \
            A directory FILE is read recursively as convert reads one (calendar files by extension or by their \
            first bytes; other files skipped with one note; hidden ones not read).
            With --format json, standard output is one JSON document: {"schemaVersion": 1, "files": [{"file", \
            "format", "read", "error", "events", "reminders", "notes", "warnings", "errors", "skipped", \
            "diagnostics": [{"severity", "line", "place", "uid", "property", "message", "action"}]}], \
            "skippedFiles": [...]}, with every diagnostic (--max-diagnostics and -q change standard error only); \
            see Docs/validate-report.schema.json.
            Exit status: 0 no errors, 64 usage error, 65 some file has errors (items or RRULEs that cannot be read, a file that \
            ends inside a component, jCal, JSON, CSV or vCalendar without its format's shape), 66 a file is missing. Rules that break RFC 5545's MUSTs are warnings.
            """,
        arguments: [file],
        options: [format, InputFile.csvZone, DiagnosticReporting.maxDiagnostics, quiet],
        examples: [
            .init(commandLine: "validate team.ics", explanation: "team.ics: 12 events, 3 reminders, 2 warnings, 0 errors"),
            .init(commandLine: "validate feeds/ 2>problems.txt", explanation: "Check every calendar file under feeds/; keep the diagnostics."),
            .init(commandLine: "validate feeds/ -q", explanation: "Name only the files with errors; exit 65 when there is one."),
            .init(commandLine: "validate team.ics --format json", explanation: "A machine-readable report of every diagnostic."),
        ],
        handler: .run(run))

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let io = invocation.io
        let arguments = invocation.arguments.values(file)
        if arguments.filter({ $0 == "-" }).count > 1 {
            throw invocation.usageError("Standard input (-) can be read only once")
        }
        let json = invocation.arguments.value(format) == "json"
        let reporting = try DiagnosticReporting(invocation)
        var report = ValidationReport()
        var status = ExitStatus.ok
        let found = CalendarFileFinder(arguments)
        for error in found.errors {
            printError(error, json: json, io: io)
            status = status.combined(with: error.status)
        }
        report.skippedFiles = found.skipped
        if let note = found.skippedNote, !json { reporting.note(note, io: io) }
        for path in found.inputs.map(\.path) {
            let input: InputFile
            do {
                input = try InputFile.read(path, io: io, zone: invocation.timeZone)
            } catch {
                printError(error, json: json, io: io)
                status = status.combined(with: error.status)
                report.files.append(.init(unread: path == "-" ? "<stdin>" : path, format: Self.format(of: path), error: error))
                continue
            }
            let reader = ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: input.stem))
            let result = input.read(with: reader)
            if !reporting.quiet { reporting.report(result.diagnostics, file: input.displayName, io: io) }
            let hasErrors = result.hasErrors
            if json {
                report.files.append(.init(result, name: input.displayName, format: input.format))
            } else if !reporting.quiet || hasErrors {
                try io.print(summary(result, name: input.displayName) + "\n")
            }
            if hasErrors { status = status.combined(with: .dataError) }
        }
        if json { try io.print(report.json()) }
        return status
    }

    /// The format a path that could not be read would have been read as (by its extension).
    private static func format(of path: String) -> InputFormat {
        InputFormat.detect(prefix: [], fileExtension: InputFile.fileExtension(path))
    }

    private static func printError(_ error: CLIError, json: Bool, io: CLIIO) {
        if json { CLI.reportAsJSON(error, io: io) } else { io.printError("Error: \(error.message)\n") }
    }

    /// `feed.ics: 12 events, 3 reminders, 2 warnings, 0 errors`.
    static func summary(_ result: ReadResult, name: String) -> String {
        let counts = ValidationReport.Counts(result)
        return "\(name): " + [
            count(counts.events, "event"), count(counts.reminders, "reminder"),
            count(counts.warnings, "warning"), count(counts.errors, "error"),
        ].joined(separator: ", ")
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
