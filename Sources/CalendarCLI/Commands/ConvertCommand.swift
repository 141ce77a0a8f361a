import CalendarFormats
import CalendarModel
import Foundation
import ICalConversion

/// `icalkit convert INPUT... [--format ics|jcal|json|csv] [-o FILE | --out-dir DIR]`: reads
/// iCalendar, vCalendar 1.0, jCal, icalkit JSON or CSV files, and folders of them, and writes
/// them as iCalendar, jCal, JSON or CSV, without a store (`--to` is an alias of `--format`).
///
/// A directory INPUT stands for the calendar files under it (``CalendarFileFinder``). Several
/// inputs are written together to stdout (or `-o FILE`), in order: one JSON document with every
/// calendar, the VCALENDARs one after the other, one table. With `--out-dir`, each input becomes
/// a file of its own, named as ``OutDirLayout`` says (a directory's tree mirrored, no two inputs
/// on one output). Exit 65 when items were skipped (the rest is still written), 66 when an input
/// is missing (the others are still converted), 74 when an output cannot be written.
enum ConvertCommand {
    static let input = ArgumentSpec(
        name: "INPUT", help: "An iCalendar (.ics), vCalendar 1.0 (.vcs), jCal (.jcal), icalkit JSON (.json, as --format json writes it) or CSV (.csv, with the columns Google and Outlook import) file, a directory of them (read recursively), or - for standard input.",
        arity: .oneOrMore)
    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "The output format: ics (iCalendar), jcal (RFC 7265 jCal), json (icalkit's JSON) or csv (a row per event; a series is its first occurrence; no reminders).",
        kind: .choice(Format.allCases.map(\.rawValue)),
        default: "from the extension of -o FILE, else json").aliased("to")
    static let out = OptionSpec.option(
        "out", short: "o", value: "FILE",
        help: "Write to FILE instead of standard output (- is standard output). FILE is replaced whole or not at all (a device or FIFO is written in place).")
    static let outDir = OptionSpec.option(
        "out-dir", value: "DIR", help: "Write each input to a file of its own under DIR (created when missing): DIR/<name>.<ext> for a file, DIR/<path inside the folder>.<ext> for a file found in a folder INPUT.")

    static let tz = OptionSpec.option(
        "tz", value: "ZONE", help: "The zone of CSV times: a CSV input's are read in it, --format csv writes in it (an IANA name such as Europe/Berlin).",
        kind: .zone, default: "the system zone")

    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert between iCalendar, vCalendar, jCal, JSON and CSV (no store).",
        discussion: """
            Reads each INPUT, reports what it could not read on standard error (file:line: ..., or \
            file [JSON path]: ... for jCal), and writes what it read. jCal input is recognised by its \
            content (["vcalendar", ...) or the extension .jcal, icalkit JSON by its content ({...}) or \
            the extension .json (its shape: Docs/icalkit-json.schema.json), vCalendar 1.0 by the extension \
            .vcs or, on standard input, VERSION:1.0 (read through libical's vCal converter), a CSV table of events by the extension .csv (its times in --tz). Several inputs go to one output, in order, unless --out-dir is given.
            A directory INPUT is read recursively, links followed (each folder once, so a link loop ends): \
            files named .ics, .ical, .icalendar, .ifb, .vcs, .json, .jcal or .csv, and files of any other name \
            that begin (after a byte order mark and white space) with BEGIN:VCALENDAR, ["vcalendar" or {, in \
            sorted path order; other files are skipped with one note on standard error ('skipped N files that \
            are not calendars (first: PATH)'); names that begin with a dot (hidden files and folders) are not \
            read, and neither is the --out-dir folder itself. Without --out-dir, all the files go to the one \
            output (a folder merged into one calendar file).
            With --out-dir, a folder's tree is mirrored under DIR (feeds/team/a.ics becomes DIR/team/a.json), and \
            a file named on the command line goes to DIR/<name>.<ext>; when an earlier input of the run already \
            has that name (a/team.ics and b/team.ics, or team.ics and team.vcs), the later one is written to \
            <name>-2.<ext> (-3, ...) beside it, with a note. Each output file is replaced whole or not at all.
            \(CSVOptions.discussion)
            Exit status: 0 ok, 64 usage error, 65 some items were skipped (the rest was written) or a jCal, JSON, \
            CSV or vCalendar input does not have its format's shape (nothing of it is written), 66 an input is \
            missing, 74 an output cannot be written.
            """,
        arguments: [input],
        options: [format, out, outDir, tz, CSVOptions.columns, CSVOptions.bom,
                  DiagnosticReporting.maxDiagnostics, DiagnosticReporting.quiet],
        groups: [OptionGroup(alternatives: [[out.name], [outDir.name]])],
        examples: [
            .init(commandLine: "convert team.ics --format json", explanation: "Print team.ics as JSON."),
            .init(commandLine: "convert team.ics --format jcal -o team.jcal", explanation: "Write team.ics as jCal (RFC 7265)."),
            .init(commandLine: "convert team.jcal -o team.ics", explanation: "Read jCal, write iCalendar."),
            .init(commandLine: "convert plan.json -o plan.ics", explanation: "Read icalkit JSON (written by a script, say), write iCalendar."),
            .init(commandLine: "convert outlook.ics -o clean.ics", explanation: "Rewrite an export as iCalendar with one VTIMEZONE per zone used."),
            .init(commandLine: "convert team.ics --format csv --bom -o team.csv", explanation: "A table for a spreadsheet or Google's and Outlook's CSV import."),
            .init(commandLine: "convert feeds/ --format json --out-dir json/", explanation: "Convert a folder tree, one JSON file each, mirrored under json/."),
            .init(commandLine: "convert archive/ -o all.ics -q", explanation: "Merge every calendar file under archive/ into one; only files with errors are named."),
            .init(commandLine: "convert - --format json < team.ics", explanation: "Read standard input."),
        ],
        handler: .run(run))

    enum Format: String, CaseIterable { case ics, jcal, json, csv }

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let arguments = args.values(input)
        if arguments.filter({ $0 == "-" }).count > 1 {
            throw invocation.usageError("Standard input (-) can be read only once")
        }
        let outPath = args.value(out).flatMap { $0 == "-" ? nil : $0 }
        let format = try chooseFormat(args.value(Self.format), outPath: outPath)
        let csv = try CSVOptions.writer(invocation, format: format.rawValue, zone: invocation.timeZone)
        let reporting = try DiagnosticReporting(invocation)
        let outDirectory = args.value(outDir)
        var layout = outDirectory.map { OutDirLayout(directory: $0, fileExtension: format.rawValue) }
        if let outDirectory { try OutputFile.makeDirectory(outDirectory) }

        var status = ExitStatus.ok
        let found = CalendarFileFinder(arguments, excluding: [outDirectory, outPath].compactMap { $0 })
        for error in found.errors {
            io.printError("Error: \(error.message)\n")
            status = status.combined(with: error.status)
        }
        if let note = found.skippedNote { reporting.note(note, io: io) }
        var anyRead = false
        let makeWriter = { (output: StreamedOutput) throws(CLIError) -> any ConvertStreamWriter in
            try format.streamWriter(output, csv: csv)
        }
        // Written as it is read (see ICSStreamWriter and JSONStreamWriter): one output for all
        // inputs, or one per input with --out-dir.
        let shared = outDirectory == nil ? StreamedOutput(path: outPath, io: io) : nil
        let sharedWriter = try shared.map(makeWriter)
        for input in found.inputs {
            let file: InputFile
            do {
                file = try InputFile.locate(input.path, io: io, zone: invocation.timeZone)
            } catch {
                io.printError("Error: \(error.message)\n")
                status = status.combined(with: error.status)
                continue
            }
            anyRead = true
            let reader = ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: file.stem))
            var ownOutput: StreamedOutput?
            let result: ReadResult
            do {
                if let target = layout?.target(for: input) {
                    if let instead = target.instead {
                        reporting.note("\(instead) is taken by an earlier input of this run: \(file.displayName) goes to \(target.path)", io: io)
                    }
                    try OutputFile.makeDirectory((target.path as NSString).deletingLastPathComponent)
                    ownOutput = StreamedOutput(path: target.path, io: io)
                }
                let ownWriter = try ownOutput.map(makeWriter)
                guard let writer = sharedWriter ?? ownWriter else { continue }
                result = try file.stream(with: reader) { event in try writer.handle(event) }
                try ownWriter?.finish()
            } catch {
                let failure = error as? CLIError ?? CLIError.io("\(error)")
                io.printError("Error: \(failure.message)\n")
                status = status.combined(with: failure.status)
                ownOutput?.discard()
                if failure.status == .ioError, let shared {   // the output failed: nothing more can be written
                    shared.discard()
                    return status
                }
                // The calendar the file was in the middle of is dropped, not carried into the
                // next file's (calendars of the file that ended before the failure stay).
                sharedWriter?.abandonCalendar()
                continue
            }
            reporting.report(result.diagnostics, file: file.displayName, io: io)
            if result.hasErrors {
                status = status.combined(with: .dataError)
            }
            if let ownOutput {
                do {
                    try ownOutput.commit()
                } catch {
                    ownOutput.discard()
                    io.printError("Error: \(error.message)\n")
                    status = status.combined(with: error.status)
                }
            }
        }

        if let shared {
            guard anyRead else {
                shared.discard()
                return status
            }
            do {
                try sharedWriter?.finish()
                try shared.commit()
            } catch {
                shared.discard()
                io.printError("Error: \(error.message)\n")
                status = status.combined(with: error.status)
            }
        }
        return status
    }

    /// `--format`, else the extension of `-o FILE` (`.jcal`, `.ics`/`.ical`/`.ifb`, `.csv`), else JSON.
    static func chooseFormat(_ explicit: String?, outPath: String?) throws(CLIError) -> Format {
        if let explicit, let format = Format(rawValue: explicit) { return format }
        switch outPath.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "ics", "ical", "icalendar", "ifb": return .ics
        case "jcal": return .jcal
        case "csv": return .csv
        default: return .json
        }
    }
}
