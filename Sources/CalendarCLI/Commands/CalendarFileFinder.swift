import CalendarFormats
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The inputs of `convert` and `validate` with each directory argument replaced by the calendar
/// files under it: every folder below it (links followed), files in sorted path order.
///
/// ```
/// convert feeds/ --out-dir out     feeds/a.ics feeds/team/a.ics feeds/notes   (a sniffed iCalendar)
///                                  skipped: feeds/readme.txt
/// ```
///
/// A file under a directory is an input when its extension is a calendar's
/// (``InputFormat/calendarExtensions``) or, for any other name, when its first bytes are one
/// (``InputFormat/sniff(_:)``); other files, and anything that is not a regular file (a FIFO,
/// a device, a dangling link), are skipped and counted. Names starting with `.` (files and
/// folders) are not read. Each folder is read once, whatever the links that lead to it, so a
/// link loop ends; the folder `excluding` names (the `--out-dir` of the run) is not read, so a
/// run's output inside its input is not read again. An argument that is not a directory (a file,
/// `-`, a missing path) is an input as it is.
struct CalendarFileFinder {
    /// One input: `path` to open, and for a file found under a directory argument its path
    /// relative to that directory (`team/a.ics`), which `--out-dir` mirrors.
    struct Found: Equatable {
        var path: String
        var relativePath: String?
    }

    private(set) var inputs: [Found] = []
    /// The files under directory arguments that are not calendars, in the order found.
    private(set) var skipped: [String] = []
    /// The directories that could not be listed, as errors (66).
    private(set) var errors: [CLIError] = []

    private var visited: Set<FileIdentity> = []
    /// The run's own outputs (`--out-dir`, `-o`): not read as inputs when found under a folder.
    private var excluded: Set<FileIdentity> = []

    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init?(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    // MARK: - Public API

    init(_ arguments: [String], excluding: [String] = []) {
        excluded = Set(excluding.compactMap(FileIdentity.init))
        for argument in arguments {
            guard argument != "-", InputFile.fileType(argument) == S_IFDIR else {
                inputs.append(Found(path: argument, relativePath: nil))
                continue
            }
            var found: [Found] = []
            let skippedBefore = skipped.count, errorsBefore = errors.count
            walk(argument, relative: "", into: &found)
            if found.isEmpty && errors.count == errorsBefore {
                let what = skipped.count > skippedBefore ? "no calendar files" : "nothing"
                errors.append(CLIError.noInput("'\(argument)' is a directory with \(what) to read in it or below it"))
            }
            let prefix = argument.hasSuffix("/") ? argument : argument + "/"
            inputs += found.sorted { $0.relativePath! < $1.relativePath! }.map {
                Found(path: prefix + $0.relativePath!, relativePath: $0.relativePath)
            }
        }
    }

    /// `skipped 3 files that are not calendars (first: feeds/x.txt)`, or nil when none was.
    var skippedNote: String? {
        guard let first = skipped.first else { return nil }
        if skipped.count == 1 { return "skipped 1 file that is not a calendar (\(first))" }
        return "skipped \(skipped.count) files that are not calendars (first: \(first))"
    }

    // MARK: - Walking

    private mutating func walk(_ directory: String, relative: String, into found: inout [Found]) {
        // The argument itself is read even when it is also the --out-dir (its earlier outputs are
        // then inputs like any file); an output folder below it is not.
        guard let identity = FileIdentity(directory), relative.isEmpty || !excluded.contains(identity),
              visited.insert(identity).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            errors.append(CLIError.noInput("Cannot read directory '\(directory)': \(OutputFile.reason(error))"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            switch InputFile.fileType(path) {
            case S_IFDIR?:
                walk(path, relative: relativePath, into: &found)
            case S_IFREG?:
                do throws(CLIError) {
                    guard try Self.isCalendar(path) else { skipped.append(path); continue }
                    if !excluded.isEmpty, let file = FileIdentity(path), excluded.contains(file) { continue }
                    found.append(Found(path: path, relativePath: relativePath))
                } catch {
                    errors.append(error)
                }
            default:
                skipped.append(path)
            }
        }
    }

    /// A calendar's extension, or else a calendar's first bytes.
    /// A file that cannot be opened or read is an error (66), not a file that is not a calendar.
    static func isCalendar(_ path: String) throws(CLIError) -> Bool {
        if InputFormat.calendarExtensions.contains(InputFile.fileExtension(path)) { return true }
        return InputFormat.sniff(try InputFile.prefix(of: path)) != nil
    }
}
