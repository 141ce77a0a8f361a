import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole output file or nothing: the bytes go to a temporary file beside the target,
/// which is then renamed over it (rename(2) is atomic within a file system). A failed or
/// interrupted write never leaves a half-written output. A target that exists and is not a
/// regular file (a device such as /dev/null, a FIFO, a socket) is written in place instead:
/// renaming over it would replace it with a regular file.
enum OutputFile {
    /// Writes `data` to `path` atomically. Throws ``CLIError`` (``ExitStatus/ioError``) naming the path.
    static func write(_ data: Data, to path: String) throws(CLIError) {
        if isSpecial(path) {
            let handle = try openInPlace(path)
            do { try handle.write(contentsOf: data) } catch { throw CLIError.io("Cannot write '\(path)': \(reason(error))") }
            return
        }
        let temporary = temporaryURL(beside: URL(fileURLWithPath: path))
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CLIError.io("Cannot write '\(path)': \(reason(error))")
        }
        try replace(path, with: temporary)
    }

    /// Whether `path` (after symbolic links) exists and is not a regular file or a directory.
    static func isSpecial(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// `path` opened for writing as it is (for a FIFO, this waits for a reader).
    static func openInPlace(_ path: String) throws(CLIError) -> FileHandle {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError.io("Cannot write '\(path)': \(String(cString: strerror(errno)))") }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// A fresh temporary file name in the directory of `target`.
    static func temporaryURL(beside target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
    }

    /// Renames the written `temporary` over `path` (keeping the permissions of a replaced
    /// file); removes it when that fails.
    static func replace(_ path: String, with temporary: URL) throws(CLIError) {
        // A replaced file keeps its permissions (stat(2), not FileManager's attributes, which
        // also look the owner and group up by name: a passwd/group read on every export).
        var existing = stat()
        if stat(path, &existing) == 0 { _ = chmod(temporary.path, existing.st_mode & 0o7777) }
        if rename(temporary.path, path) != 0 {
            let message = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CLIError.io("Cannot write '\(path)': \(message)")
        }
    }

    /// Creates `path` and its parents when missing; fails when it exists and is not a directory.
    static func makeDirectory(_ path: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CLIError.io("Cannot write to '\(path)': not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError.io("Cannot create directory '\(path)': \(reason(error))")
        }
    }

    /// The POSIX reason of a Foundation file error when there is one (`Permission denied`).
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
        case .fileWriteNoPermission, .fileReadNoPermission: return "Permission denied"
        case .fileWriteOutOfSpace: return "No space left on device"
        case .fileWriteVolumeReadOnly: return "Read-only file system"
        default: return ns.localizedDescription
        }
    }
}
