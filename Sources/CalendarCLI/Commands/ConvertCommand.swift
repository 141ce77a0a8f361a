import CalendarModel
import Foundation
import ICalConversion

/// `icalkit convert INPUT... [--to ics|json] [-o FILE | --out-dir DIR]`: reads iCalendar
/// files and writes them as iCalendar or JSON, without a store.
///
/// Several inputs are written together to stdout (or `-o FILE`): one JSON document with every
/// calendar, or the VCALENDARs one after the other. With `--out-dir`, each input becomes
/// `DIR/<name>.<ext>`. Exit 65 when items were skipped (the rest is still written), 66 when an
/// input is missing (the others are still converted), 74 when an output cannot be written.
enum ConvertCommand {
    static let input = ArgumentSpec(
        name: "INPUT", help: "An iCalendar (.ics) file, or - for standard input.", arity: .oneOrMore)
    static let to = OptionSpec.option(
        "to", value: "FORMAT", help: "The output format.", kind: .choice(["ics", "json"]),
        default: "from the extension of -o FILE, else json")
    static let out = OptionSpec.option(
        "out", short: "o", value: "FILE",
        help: "Write to FILE instead of standard output (- is standard output). FILE is replaced whole or not at all (a device or FIFO is written in place).")
    static let outDir = OptionSpec.option(
        "out-dir", value: "DIR", help: "Write each input to DIR/<name>.<ext>, creating DIR when missing.")

    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert iCalendar files to JSON or iCalendar, without a store.",
        discussion: """
            Reads each INPUT, reports what it could not read on standard error (file:line: ...), \
            and writes what it read. Several inputs go to one output, in order, unless --out-dir is given.
            Exit status: 0 ok, 65 some items were skipped (the rest was written), 66 an input is missing, \
            74 an output cannot be written.
            """,
        arguments: [input],
        options: [to, out, outDir],
        groups: [OptionGroup(alternatives: [[out.name], [outDir.name]])],
        examples: [
            .init(commandLine: "convert team.ics --to json", explanation: "Print team.ics as JSON."),
            .init(commandLine: "convert outlook.ics -o clean.ics", explanation: "Rewrite an export as iCalendar with one VTIMEZONE per zone used."),
            .init(commandLine: "convert feeds/*.ics --to json --out-dir json/", explanation: "Convert many files, one JSON file each."),
            .init(commandLine: "convert - --to json < team.ics", explanation: "Read standard input."),
        ],
        handler: .run(run))

    enum Format: String { case ics, json }

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let args = invocation.arguments
        let io = invocation.io
        let inputs = args.values(input)
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw invocation.usageError("Standard input (-) can be read only once")
        }
        let outPath = args.value(out).flatMap { $0 == "-" ? nil : $0 }
        let format = try chooseFormat(args.value(to), outPath: outPath)
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
                file = try InputFile.locate(path, io: io)
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

    /// `--to`, else the extension of `-o FILE` (`.json`, `.ics`/`.ical`/`.ifb`), else JSON.
    static func chooseFormat(_ explicit: String?, outPath: String?) throws(CLIError) -> Format {
        if let explicit, let format = Format(rawValue: explicit) { return format }
        switch outPath.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "ics", "ical", "icalendar", "ifb": return .ics
        default: return .json
        }
    }
}
