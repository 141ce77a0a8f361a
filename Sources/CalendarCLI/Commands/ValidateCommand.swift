import CalendarModel
import Foundation
import ICalConversion

/// `icalkit validate FILE...`: reads each file, prints the diagnostics (stderr) and a one-line
/// summary per file (stdout): `feed.ics: 12 events, 3 reminders, 2 warnings, 0 errors`.
/// Exit 0 without errors, 65 when any file has errors, 66 when a file is missing.
enum ValidateCommand {
    static let file = ArgumentSpec(
        name: "FILE", help: "An iCalendar (.ics), vCalendar 1.0 (.vcs), jCal (.jcal), icalkit JSON (.json) or CSV (.csv) file, or - for standard input.",
        arity: .oneOrMore)

    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check iCalendar files and report what a reader notices.",
        discussion: """
            Prints every diagnostic on standard error (file:line: severity: ...) and one summary line \
            per file on standard output.
            Exit status: 0 no errors, 65 some file has errors (items or RRULEs that cannot be read, a file that \
            ends inside a component, jCal, JSON or vCalendar without its format's shape), 66 a file is missing. Rules that break RFC 5545's MUSTs are warnings.
            """,
        arguments: [file],
        options: [InputFile.csvZone],
        examples: [
            .init(commandLine: "validate team.ics", explanation: "team.ics: 12 events, 3 reminders, 2 warnings, 0 errors"),
            .init(commandLine: "validate feeds/*.ics 2>problems.txt", explanation: "Check many files; keep the diagnostics."),
        ],
        handler: .run(run))

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let io = invocation.io
        let paths = invocation.arguments.values(file)
        if paths.filter({ $0 == "-" }).count > 1 {
            throw invocation.usageError("Standard input (-) can be read only once")
        }
        var status = ExitStatus.ok
        for path in paths {
            let input: InputFile
            do {
                input = try InputFile.read(path, io: io, zone: invocation.timeZone)
            } catch {
                io.printError("Error: \(error.message)\n")
                status = status.combined(with: error.status)
                continue
            }
            let reader = ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: input.stem))
            let result = input.read(with: reader)
            io.report(result.diagnostics)
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            try io.print(summary(result, name: input.displayName) + "\n")
            if errors > 0 || result.skippedCount > 0 { status = status.combined(with: .dataError) }
        }
        return status
    }

    /// `feed.ics: 12 events, 3 reminders, 2 warnings, 0 errors`.
    static func summary(_ result: ReadResult, name: String) -> String {
        let events = result.documents.reduce(0) { $0 + $1.events.count }
        let reminders = result.documents.reduce(0) { $0 + $1.reminders.count }
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        return "\(name): " + [
            count(events, "event"), count(reminders, "reminder"), count(warnings, "warning"), count(errors, "error"),
        ].joined(separator: ", ")
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
