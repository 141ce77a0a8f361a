import CFileMove
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private file a new store is written in before it is moved to its place
/// (``EventStore/buildingNew(at:expander:)``): `.NAME.new-RANDOM` in the store's directory, so
/// that the move is a rename within one file system and nobody opens the store half-made.
struct NewStoreFile: Sendable {
    /// Where the store goes.
    let path: String
    /// Where it is written.
    let buildPath: String

    /// Creates an empty build file beside `path` (exclusively: a name in use is never reused).
    static func reserve(beside path: String) throws(StoreError) -> NewStoreFile {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        for _ in 0..<8 {
            let name = ".\(url.lastPathComponent).new-\(String(UInt64.random(in: 0 ... .max), radix: 36))"
            let buildPath = (directory as NSString).appendingPathComponent(name)
            let fd = open(buildPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if fd >= 0 {
                close(fd)
                return NewStoreFile(path: path, buildPath: buildPath)
            }
            if errno != EEXIST { throw .cannotCreate(path, reason: "cannot create '\(buildPath)': \(String(cString: strerror(errno)))") }
        }
        throw .cannotCreate(path, reason: "no free name for a new store file in '\(directory)'")
    }

    /// Makes the written file durable and gives it its name, unless something took that name
    /// meanwhile (another process opened a store there, which creates it): the store there is
    /// then left as it is, and this one is kept under its build name, which the error gives, so
    /// that nothing imported is lost.
    func publish() throws(StoreError) {
        try syncFile(buildPath)
        if link(buildPath, path) == 0 {
            unlink(buildPath)
        } else if errno == EEXIST {
            throw taken()
        } else if icalkit_rename_no_replace(buildPath, path) != 0 {
            // A file system without hard links, nor renames that refuse to replace: the name
            // is checked just before the rename (the one place a race is possible).
            let reason = String(cString: strerror(errno))
            if errno == EEXIST { throw taken() }
            var status = stat()
            if lstat(path, &status) == 0 { throw taken() }
            guard rename(buildPath, path) == 0 else {
                throw .cannotCreate(path, reason: "cannot move the new store into place (\(reason)); it is kept in '\(buildPath)'")
            }
        }
        let directory = (path as NSString).deletingLastPathComponent
        try? syncFile(directory.isEmpty ? "." : directory)
    }

    /// Starts writing what SQLite wrote to the file so far to the disk, without waiting (on
    /// Linux; elsewhere nothing): the sync of ``publish()`` then waits only for the rest.
    func startWriteback() {
        let fd = open(buildPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = icalkit_start_writeback(fd)
        close(fd)
    }

    /// The error for a name taken meanwhile.
    private func taken() -> StoreError {
        .cannotCreate(path, reason: "another process created a store there while this one was being written; "
                      + "what was written is kept in '\(buildPath)' (a whole store: open it with --store, or import again)")
    }

    /// Removes the build file and any journal SQLite left beside it.
    func discard() {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(buildPath + suffix) }
    }

    /// `fsync` of a file or directory.
    private func syncFile(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            throw .cannotCreate(self.path, reason: "cannot write '\(path)' to disk: \(reason)")
        }
        close(fd)
    }
}
