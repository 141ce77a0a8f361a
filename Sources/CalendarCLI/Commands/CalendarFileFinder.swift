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
    private var excluded: FileIdentity?

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

    init(_ arguments: [String], excluding: String? = nil) {
        excluded = excluding.flatMap(FileIdentity.init)
        for argument in arguments {
            guard argument != "-", InputFile.fileType(argument) == S_IFDIR else {
                inputs.append(Found(path: argument, relativePath: nil))
                continue
            }
            var found: [Found] = []
            walk(argument, relative: "", into: &found)
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
        guard let identity = FileIdentity(directory), identity != excluded, visited.insert(identity).inserted else { return }
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
            case S_IFREG? where Self.isCalendar(path):
                found.append(Found(path: path, relativePath: relativePath))
            default:
                skipped.append(path)
            }
        }
    }

    /// A calendar's extension, or else a calendar's first bytes.
    static func isCalendar(_ path: String) -> Bool {
        if InputFormat.calendarExtensions.contains(InputFile.fileExtension(path)) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let prefix = try? handle.read(upToCount: InputFormat.prefixLength) else { return false }
        return InputFormat.sniff(prefix) != nil
    }
}
