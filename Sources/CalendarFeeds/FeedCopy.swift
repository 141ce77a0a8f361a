import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fetched body as it arrives (``FeedFetcher/fetch(_:body:)``): written to a private
/// temporary file, which the import then reads as it reads any file (in chunks, on a thread
/// of its own), so the body is never held whole; checked as it passes
/// (``FeedBodyCheck``); and its first 64 KiB kept, where the calendar's own properties are.
///
/// The file is made with the first byte. A write that fails (a full disk) is recorded, the
/// rest of the body still checked, and reported by ``close()``, so that a body that is no
/// iCalendar document is reported as that first, as when the body was held in memory.
///
/// ```swift
/// let copy = FeedCopy()
/// defer { copy.remove() }
/// let response = try fetcher.fetch(request) { copy.add($0) }
/// try copy.checkWhole()
/// try copy.close()
/// _ = try store.importFile(at: copy.url)
/// ```
final class FeedCopy {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-feed-\(UUID().uuidString).ics")
    private var check = FeedBodyCheck()
    /// The body's first ``headBytes``.
    private(set) var head = Data()
    private(set) var byteCount = 0
    private var descriptor: Int32 = -1
    /// Why the copy could not be written (an errno), once a write failed.
    private var failure: Int32?

    static let headBytes = 65_536

    /// Why the copy could not be written.
    struct WriteFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Takes the next piece of the body.
    func add(_ piece: UnsafeRawBufferPointer) {
        check.add(piece)
        if head.count < Self.headBytes, let base = piece.baseAddress {
            head.append(base.assumingMemoryBound(to: UInt8.self), count: min(piece.count, Self.headBytes - head.count))
        }
        byteCount += piece.count
        guard failure == nil, let base = piece.baseAddress else { return }
        if descriptor < 0 {
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { failure = errno; return }
        }
        var written = 0
        while written < piece.count {
            let count = write(descriptor, base + written, piece.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            written += count
        }
    }

    /// Whether the body was a whole iCalendar document (call once it has all come).
    func checkWhole() throws(FeedBodyCheck.Problem) {
        try check.finish()
    }

    /// Ends the copy: throws when any of it could not be written.
    func close() throws(WriteFailure) {
        if descriptor >= 0 {
            if Glibc.close(descriptor) != 0, failure == nil { failure = errno }
            descriptor = -1
        }
        if let failure {
            throw WriteFailure(description: "cannot write a temporary copy of the feed (\(byteCount) bytes) at \(url.path): "
                                   + String(cString: strerror(failure)) + "; nothing changed")
        }
    }

    /// Closes and deletes the file.
    func remove() {
        try? close()
        unlink(url.path)
    }
}
