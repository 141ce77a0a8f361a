import CalendarFormats
import Foundation
import ICalConversion
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input of `convert`/`validate`/`import`: a path or `-` (standard input), read whole, or
/// located and streamed (``locate(_:io:zone:)``). An input in another format than iCalendar
/// (jCal) is translated to iCalendar text when it is read (``InputFormat``), so every command
/// reads it as it reads `.ics`; a located jCal or JSON file is translated in chunks into a
/// temporary file (``TranslatedFile``) that is streamed instead.
struct InputFile {
    /// `--tz` of the commands that read inputs: the zone of a CSV table's times.
    static let csvZone = OptionSpec.option(
        "tz", value: "ZONE", help: "The zone the times of a CSV input are read in (an IANA name such as Europe/Berlin).",
        kind: .zone, default: "the system zone")

    /// The argument as given (`feeds/team.ics`, `-`).
    var argument: String
    /// The name diagnostics use: the path, or `<stdin>`.
    var displayName: String
    var data: Data
    /// Located, not loaded: read it with ``stream(with:_:)``.
    var isStreamed = false
    /// The input's own format, when it is not iCalendar: `data` holds its translation, and
    /// ``translation`` says where each line came from.
    var format = InputFormat.iCalendar
    var translation: TranslatedInput?
    /// A located jCal or icalkit JSON file, translated to a temporary iCalendar file that is
    /// streamed in its stead.
    var translatedFile: TranslatedFile?

    var isStandardInput: Bool { argument == "-" }

    /// The file name without directory and extension (`team`), or `stdin`.
    var stem: String {
        isStandardInput ? "stdin" : Self.stem(of: argument)
    }

    static func stem(of path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return name.isEmpty ? "calendar" : name
    }

    /// Reads `argument`. A path that is missing, a directory, or unreadable is
    /// ``ExitStatus/noInput`` (66) with its name; a failing standard input is ``ExitStatus/ioError``.
    static func read(_ argument: String, io: CLIIO, zone: TimeZone? = nil) throws(CLIError) -> InputFile {
        if argument == "-" {
            do {
                return try InputFile(argument: argument, displayName: "<stdin>", data: try io.readStdin()).translated(zone: zone ?? io.timeZone)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError.io("Cannot read standard input: \(OutputFile.reason(error))")
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw CLIError.noInput("No such file: '\(argument)'")
        }
        if isDirectory.boolValue {
            throw CLIError.noInput("'\(argument)' is a directory, not a file")
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: argument))
            return try InputFile(argument: argument, displayName: argument, data: data).translated(zone: zone ?? io.timeZone)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.noInput("Cannot read '\(argument)': \(OutputFile.reason(error))")
        }
    }

    /// `argument` names a regular file (not `-`, a directory, a pipe or a device), links
    /// followed: a link to a file is a file.
    static func isRegularFile(_ argument: String) -> Bool {
        guard argument != "-" else { return false }
        return fileType(argument) == S_IFREG
    }

    /// The file type bits of what `path` leads to (links followed), or nil when nothing is
    /// there. (`FileManager.attributesOfItem` also looked up the owner's and group's names:
    /// /etc/passwd and /etc/group read on every import.)
    static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Like ``read(_:io:)``, but a regular file (``isRegularFile(_:)``) is only checked (exists,
    /// is a file, can be opened), not loaded: ``stream(with:_:)`` reads it in chunks, in several
    /// passes. Standard input and anything else that can be read only once (a pipe such as
    /// `/dev/stdin` or `<(…)`, a character device) is loaded.
    static func locate(_ argument: String, io: CLIIO, zone: TimeZone? = nil) throws(CLIError) -> InputFile {
        if argument == "-" { return try read(argument, io: io, zone: zone) }
        guard let type = fileType(argument) else {
            throw CLIError.noInput("No such file: '\(argument)'")
        }
        if type == S_IFDIR {
            throw CLIError.noInput("'\(argument)' is a directory, not a file")
        }
        if type != S_IFREG {
            do {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: argument))
                defer { try? handle.close() }
                return try InputFile(argument: argument, displayName: argument, data: try handle.readToEnd() ?? Data()).translated(zone: zone ?? io.timeZone)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError.noInput("Cannot read '\(argument)': \(OutputFile.reason(error))")
            }
        }
        let prefix = try prefix(of: argument)
        let format = InputFormat.detect(prefix: prefix, fileExtension: Self.fileExtension(argument))
        if format.translatesInPieces {
            do {
                let translated = try TranslatedFile(translating: argument, format: format)
                return InputFile(argument: argument, displayName: argument, data: Data(), isStreamed: true, format: format, translatedFile: translated)
            } catch let error as FormatError {
                throw Self.formatFailure(error, in: argument, format: format)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError.noInput("Cannot read '\(argument)': \(OutputFile.reason(error))")
            }
        }
        if format != .iCalendar {
            return try read(argument, io: io, zone: zone)   // translated whole (vCalendar and CSV are not streamed)
        }
        return InputFile(argument: argument, displayName: argument, data: Data(), isStreamed: true)
    }

    static func fileExtension(_ argument: String) -> String {
        argument == "-" ? "" : URL(fileURLWithPath: argument).pathExtension.lowercased()
    }

    /// The input with `data` as iCalendar: jCal, JSON, vCalendar or CSV translated
    /// (``InputFormat/translate(_:zone:)``; CSV times read in `zone`).
    /// Input that is not what its format needs is ``ExitStatus/dataError`` (65), with where and
    /// what (`team.jcal: [2][0][1][3]: expected an array ...`).
    func translated(zone: TimeZone) throws(CLIError) -> InputFile {
        let format = InputFormat.detect(prefix: data.prefix(InputFormat.prefixLength), fileExtension: Self.fileExtension(argument))
        guard format != .iCalendar else { return self }
        do {
            guard let translation = try format.translate([UInt8](data), zone: zone) else { return self }
            var copy = self
            copy.format = format
            copy.translation = translation
            copy.data = Data(translation.iCalendar)
            return copy
        } catch {
            throw Self.formatFailure(error, in: displayName, format: format)
        }
    }

    /// Input that is not what its format needs: ``ExitStatus/dataError`` (65), with where and what.
    static func formatFailure(_ error: FormatError, in displayName: String, format: InputFormat) -> CLIError {
        CLIError.failure("\(displayName): not valid \(format.displayName): \(error)", status: .dataError)
    }

    /// The first bytes of a file (what ``InputFormat`` recognises a format by); a file that
    /// cannot be opened or read is ``ExitStatus/noInput`` (66) with its name.
    static func prefix(of path: String) throws(CLIError) -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return try handle.read(upToCount: InputFormat.prefixLength) ?? Data()
        } catch {
            throw CLIError.noInput("Cannot read '\(path)': \(OutputFile.reason(error))")
        }
    }

    /// What the reader said, with the lines of a translation named by their place in the
    /// original input (`team.jcal [2][0][1][3]: warning: ...`), not by a line of the translation,
    /// after what the translation could not carry over (warnings).
    func placing(_ result: ReadResult) throws(CLIError) -> ReadResult {
        guard let translatedFile else { return placingInMemory(result) }
        let places = try translatedFile.places(ofLines: Set(result.diagnostics.compactMap(\.line)))
        return placed(result, notes: translatedFile.notes, places: places)
    }

    /// ``placing(_:)`` for an input whose translation, if any, is held in memory (so nothing is
    /// read from a spool and nothing can fail).
    private func placingInMemory(_ result: ReadResult) -> ReadResult {
        guard let translation else { return result }
        let places = translation.places(ofLines: Set(result.diagnostics.compactMap(\.line)))
        return placed(result, notes: translation.notes, places: places)
    }

    private func placed(_ result: ReadResult, notes: [String], places: [Int: String]) -> ReadResult {
        var result = result
        result.diagnostics.insert(contentsOf: notes.map {
            ConversionDiagnostic(severity: .warning, file: displayName, message: $0, action: .ignored)
        }, at: 0)
        for i in result.diagnostics.indices {
            guard let line = result.diagnostics[i].line else { continue }
            result.diagnostics[i].line = nil
            if let place = places[line] { result.diagnostics[i].file = "\(displayName) \(place)" }
        }
        return result
    }

    /// Reads the whole input held in memory with `reader` (a streamed input has no data here).
    func read(with reader: ICalendarReader) -> ReadResult {
        placingInMemory(reader.read(data, fileName: displayName))
    }

    /// Reads the input with `reader`, handing each calendar and item to `handle` as read: a
    /// located file streams from disk, standard input from memory.
    /// A failure to read the file itself is ``ExitStatus/noInput`` (66) with its name; what
    /// `handle` throws is rethrown as is.
    func stream(with reader: ICalendarReader, _ handle: (ReadEvent) throws -> Void) throws -> ReadResult {
        struct FromHandler: Error { let error: any Error }
        if isStreamed {
            do {
                return try placing(try reader.read(fileAt: translatedFile?.path ?? argument, fileName: displayName) { event in
                    do { try handle(event) } catch { throw FromHandler(error: error) }
                })
            } catch let wrapped as FromHandler {
                throw wrapped.error
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError.noInput("Cannot read '\(argument)': \(error)")
            }
        }
        return try placing(try data.withUnsafeBytes { raw in
            try reader.read(raw.bindMemory(to: UInt8.self), fileName: displayName, handle)
        })
    }
}
