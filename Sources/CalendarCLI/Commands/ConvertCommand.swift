import CalendarModel
import Foundation
import ICalConversion

/// `icalkit convert INPUT... [--format ics|jcal|json] [-o FILE | --out-dir DIR]`: reads
/// iCalendar or jCal files and writes them as iCalendar, jCal or JSON, without a store
/// (`--to` is an alias of `--format`).
///
/// Several inputs are written together to stdout (or `-o FILE`): one JSON document with every
/// calendar, or the VCALENDARs one after the other. With `--out-dir`, each input becomes
/// `DIR/<name>.<ext>`. Exit 65 when items were skipped (the rest is still written), 66 when an
/// input is missing (the others are still converted), 74 when an output cannot be written.
enum ConvertCommand {
    static let input = ArgumentSpec(
        name: "INPUT", help: "An iCalendar (.ics), vCalendar 1.0 (.vcs), jCal (.jcal), icalkit JSON (.json, as --format json writes it) or CSV (.csv, with the columns Google and Outlook import) file, or - for standard input.",
        arity: .oneOrMore)
    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "The output format: ics (iCalendar), jcal (RFC 7265 jCal) or json (icalkit's JSON).",
        kind: .choice(Format.allCases.map(\.rawValue)),
        default: "from the extension of -o FILE, else json").aliased("to")
    static let out = OptionSpec.option(
        "out", short: "o", value: "FILE",
        help: "Write to FILE instead of standard output (- is standard output). FILE is replaced whole or not at all (a device or FIFO is written in place).")
    static let outDir = OptionSpec.option(
        "out-dir", value: "DIR", help: "Write each input to DIR/<name>.<ext>, creating DIR when missing.")

    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert between iCalendar, jCal and JSON, without a store.",
        discussion: """
            Reads each INPUT, reports what it could not read on standard error (file:line: ..., or \
            file [JSON path]: ... for jCal), and writes what it read. jCal input is recognised by its \
            content (["vcalendar", ...) or the extension .jcal, icalkit JSON by its content ({...}) or \
            the extension .json (its shape: Docs/icalkit-json.schema.json), vCalendar 1.0 by the extension \
            .vcs or, on standard input, VERSION:1.0 (read through libical's vCal converter), a CSV table of events by the extension .csv (its times in --tz). Several inputs go to one output, in order, unless --out-dir is given.
            Exit status: 0 ok, 65 some items were skipped (the rest was written) or a jCal, JSON or \
            vCalendar input does not have its format's shape (nothing of it is written), 66 an input is missing, \
            74 an output cannot be written.
            """,
        arguments: [input],
        options: [format, out, outDir, InputFile.csvZone],
        groups: [OptionGroup(alternatives: [[out.name], [outDir.name]])],
        examples: [
            .init(commandLine: "convert team.ics --format json", explanation: "Print team.ics as JSON."),
            .init(commandLine: "convert team.ics --format jcal -o team.jcal", explanation: "Write team.ics as jCal (RFC 7265)."),
            .init(commandLine: "convert team.jcal -o team.ics", explanation: "Read jCal, write iCalendar."),
            .init(commandLine: "convert plan.json -o plan.ics", explanation: "Read icalkit JSON (written by a script, say), write iCalendar."),
            .init(commandLine: "convert outlook.ics -o clean.ics", explanation: "Rewrite an export as iCalendar with one VTIMEZONE per zone used."),
            .init(commandLine: "convert feeds/*.ics --format json --out-dir json/", explanation: "Convert many files, one JSON file each."),
            .init(commandLine: "convert - --format json < team.ics", explanation: "Read standard input."),
        ],
        handler: .run(run))

    enum Format: String, CaseIterable { case ics, jcal, json }

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let inputs = args.values(input)
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw invocation.usageError("Standard input (-) can be read only once")
        }
        let outPath = args.value(out).flatMap { $0 == "-" ? nil : $0 }
        let format = try chooseFormat(args.value(Self.format), outPath: outPath)
        let outDirectory = args.value(outDir)
        if let outDirectory {
            var seen: [String: String] = [:]
            for path in inputs {
                let name = path == "-" ? "stdin" : InputFile.stem(of: path)
                if let other = seen[name] {
                    throw invocation.usageError("'\(other)' and '\(path)' would both be written to \(outDirectory)/\(name).\(format.rawValue)")
                }
                seen[name] = path
            }
            try OutputFile.makeDirectory(outDirectory)
        }

        var status = ExitStatus.ok
        var anyRead = false
        // Written as it is read (see ICSStreamWriter and JSONStreamWriter): one output for all
        // inputs, or one per input with --out-dir.
        let shared = outDirectory == nil ? StreamedOutput(path: outPath, io: io) : nil
        let sharedWriter = try shared.map { output throws(CLIError) in try format.streamWriter(output) }
        for path in inputs {
            let file: InputFile
            do {
                file = try InputFile.locate(path, io: io, zone: invocation.timeZone)
            } catch {
                io.printError("Error: \(error.message)\n")
                status = status.combined(with: error.status)
                continue
            }
            anyRead = true
            let reader = ICalendarReader(options: ConversionOptions(fallbackCalendarTitle: file.stem))
            let target = outDirectory.map { URL(fileURLWithPath: $0).appendingPathComponent("\(file.stem).\(format.rawValue)").path }
            let ownOutput = target.map { StreamedOutput(path: $0, io: io) }
            let result: ReadResult
            do {
                let ownWriter = try ownOutput.map { output throws(CLIError) in try format.streamWriter(output) }
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
            io.report(result.diagnostics)
            if result.skippedCount > 0 || result.diagnostics.contains(where: { $0.severity == .error }) {
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

    /// `--format`, else the extension of `-o FILE` (`.jcal`, `.ics`/`.ical`/`.ifb`), else JSON.
    static func chooseFormat(_ explicit: String?, outPath: String?) throws(CLIError) -> Format {
        if let explicit, let format = Format(rawValue: explicit) { return format }
        switch outPath.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "ics", "ical", "icalendar", "ifb": return .ics
        case "jcal": return .jcal
        default: return .json
        }
    }
}
