import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output written piece by piece: standard output, or a file that is replaced whole or not
/// at all (the pieces go to a temporary file beside it, renamed over it by ``commit()``), or a
/// device, FIFO or socket, written in place (``OutputFile/isSpecial(_:)``).
/// Writes are buffered in 1 MiB blocks.
final class StreamedOutput {
    private let path: String?
    private let writeStdout: (Data) throws -> Void
    private var temporary: URL?
    private var handle: FileHandle?
    private var buffer = Data()
    static let blockBytes = 1 << 20

    /// `path` nil (or `-`): standard output through `io`.
    init(path: String?, io: CLIIO) {
        self.path = path == "-" ? nil : path
        writeStdout = io.writeStdout
    }

    /// A piece of a block or more is written as it is, without a copy into the buffer.
    func write(_ bytes: [UInt8]) throws(CLIError) {
        guard bytes.count < StreamedOutput.blockBytes else {
            try flush()
            return try bytes.withBorrowedData { data throws(CLIError) in try send(data) }
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= StreamedOutput.blockBytes { try flush() }
    }

    func write(_ data: Data) throws(CLIError) {
        buffer.append(data)
        if buffer.count >= StreamedOutput.blockBytes { try flush() }
    }

    private func flush() throws(CLIError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try send(buffer)
    }

    private func send(_ data: Data) throws(CLIError) {
        guard let path else {
            do { try writeStdout(data) } catch {
                throw CLIError.io("Cannot write to standard output: \(OutputFile.reason(error))")
            }
            return
        }
        if handle == nil { try createTemporary(for: path) }
        do {
            try handle?.write(contentsOf: data)
        } catch {
            throw CLIError.io("Cannot write '\(path)': \(OutputFile.reason(error))")
        }
    }

    /// Opens a new temporary file beside `path` for the output (or `path` itself, when special).
    private func createTemporary(for path: String) throws(CLIError) {
        if OutputFile.isSpecial(path) {
            handle = try OutputFile.openInPlace(path)
            return
        }
        let temp = OutputFile.temporaryURL(beside: URL(fileURLWithPath: path))
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard fd >= 0 else { throw CLIError.io("Cannot write '\(path)': \(String(cString: strerror(errno)))") }
        temporary = temp
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Writes what is buffered and, for a file, puts it in place.
    func commit() throws(CLIError) {
        try flush()
        guard let path else { return }
        if handle == nil { try createTemporary(for: path) }   // an empty output is a file too
        try? handle?.close()
        handle = nil
        if let temporary { try OutputFile.replace(path, with: temporary) }
        temporary = nil
    }

    /// Drops a file output that was not committed (the target stays as it was).
    func discard() {
        try? handle?.close()
        handle = nil
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
        temporary = nil
        buffer.removeAll()
    }
}
