import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An anonymous temporary file (tmpfile(3): gone when closed or when the process ends) that
/// holds text written before the text that must precede it is known.
final class SpoolFile {
    private let file: UnsafeMutablePointer<FILE>

    init() throws(CLIError) {
        guard let file = tmpfile() else {
            throw CLIError.io("Cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        self.file = file
    }

    deinit { fclose(file) }

    /// Bytes written since the file was last emptied: where the next write starts.
    private(set) var size = 0

    func write(_ bytes: [UInt8]) throws(CLIError) {
        let ok = bytes.withUnsafeBufferPointer { b in
            b.isEmpty || fwrite(b.baseAddress, 1, b.count, file) == b.count
        }
        if !ok { throw CLIError.io("Cannot write a temporary file: \(String(cString: strerror(errno)))") }
        size += bytes.count
    }

    /// Hands the pieces at these `(offset, length)` places to `body`, in the order given (for
    /// text written unsorted and read back sorted), then empties the file.
    func drain(pieces: [(offset: Int, length: Int)], _ body: ([UInt8]) throws(CLIError) -> Void) throws(CLIError) {
        for (offset, length) in pieces { try body(try read(at: offset, count: length)) }
        discard()
    }

    /// The `count` bytes written at `offset` (fewer only at the end of the file, when
    /// `upToEnd`); whatever was written before is readable.
    func read(at offset: Int, count: Int, upToEnd: Bool = false) throws(CLIError) -> [UInt8] {
        try checkWritten()
        var piece = [UInt8](repeating: 0, count: count)
        let got = piece.withUnsafeMutableBytes { pread(fileno(file), $0.baseAddress, count, off_t(offset)) }
        guard got == count || (upToEnd && got >= 0) else {
            throw CLIError.io("Cannot read a temporary file: \(got < 0 ? String(cString: strerror(errno)) : "it ended early")")
        }
        if got < count { piece.removeLast(count - got) }
        return piece
    }

    /// A write error the buffer held back (ENOSPC in $TMPDIR) shows up here: reading back less
    /// than was written would make a truncated calendar look whole.
    private func checkWritten() throws(CLIError) {
        if fflush(file) != 0 || ferror(file) != 0 {
            throw CLIError.io("Cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
    }

    /// Empties the file without reading it.
    func discard() {
        rewind(file)
        _ = ftruncate(fileno(file), 0)
        clearerr(file)
        size = 0
    }

    /// Hands everything written so far to `body` in blocks, then empties the file.
    func drain(_ body: (Data) throws(CLIError) -> Void) throws(CLIError) {
        try checkWritten()
        rewind(file)
        var block = Data(count: 1 << 20)
        while true {
            let got = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if got > 0 { try body(block.prefix(got)) }
            if got < block.count { break }
        }
        if ferror(file) != 0 { throw CLIError.io("Cannot read a temporary file: \(String(cString: strerror(errno)))") }
        discard()
    }
}
