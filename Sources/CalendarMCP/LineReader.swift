import Foundation

/// Reads newline-ended messages from a file descriptor without holding more than the longest
/// allowed line: a longer one is reported once as ``Line/tooLong`` and skipped to its end.
struct LineReader {
    enum Line: Equatable {
        case text(Data)
        case tooLong
    }

    let fd: Int32
    let maxBytes: Int
    private var buffer = Data()
    private var start = 0
    /// Where the search for the next line end resumes (bytes before it hold none).
    private var scanned = 0
    private var skipping = false
    private var atEnd = false

    init(fd: Int32, maxBytes: Int) {
        self.fd = fd
        self.maxBytes = maxBytes
    }

    /// The next line without its line end (a final line without one counts), or nil at the end
    /// of input.
    mutating func next() -> Line? {
        while true {
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                scanned = start
                if skipping {
                    skipping = false
                    continue
                }
                if line.count > maxBytes { return .tooLong }
                var text = Data(line)
                if text.last == 0x0D { text.removeLast() }
                return .text(text)
            }
            scanned = buffer.count
            if buffer.count - start > maxBytes {
                // Keep nothing of a line already too long; say so once.
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
                if !skipping {
                    skipping = true
                    return .tooLong
                }
            }
            if atEnd {
                guard start < buffer.count, !skipping else { return nil }
                let rest = Data(buffer[start...])
                buffer.removeAll()
                start = 0
                scanned = 0
                return .text(rest)
            }
            compact()
            if !fill() { atEnd = true }
        }
    }

    private mutating func compact() {
        if start > 0 {
            buffer.removeSubrange(buffer.startIndex..<start)
            scanned -= start
            start = 0
        }
    }

    /// Reads what is available; false at the end of input (or a read error).
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
                return true
            }
            if n < 0 && errno == EINTR { continue }
            return false
        }
    }
}
