import Foundation

/// Bytes on their way to a stream, handed over in large pieces as they are produced, so a large
/// document (a year of occurrences is over 100 MB of JSON) is never held whole in memory nor
/// copied into a `String` first.
///
/// ```swift
/// var out = OutputBuffer { try io.writeStdout(Data(buffer: $0)) }
/// out.bytes.append(contentsOf: "{\n".utf8)
/// try out.flushIfFull()
/// try out.finish()
/// ```
struct OutputBuffer {
    /// What has been produced and not yet handed over; append to it directly.
    var bytes: [UInt8] = []
    /// The size at which pieces are handed over.
    let threshold: Int
    private let deliver: (UnsafeBufferPointer<UInt8>) throws -> Void

    /// `deliver` receives each piece in order, lent for the call; `threshold` is the size at
    /// which ``flushIfFull()`` hands the bytes over.
    init(threshold: Int = 1 << 20, deliver: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
        self.threshold = threshold
        self.deliver = deliver
        // Room to start with; the bytes grow to the threshold as they are appended, so a small
        // output does not reserve a whole piece.
        bytes.reserveCapacity(min(threshold, 64 << 10))
    }

    /// Appends a literal's UTF-8 bytes.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Hands the bytes over once they reach the threshold.
    mutating func flushIfFull() throws {
        if bytes.count >= threshold { try flush() }
    }

    /// Hands over whatever is left; call once at the end.
    mutating func finish() throws { try flush() }

    /// Hands over what is pending, then `block` as it is, lent, not copied: for a writer that
    /// lays out large blocks in its own memory (``OccurrenceJSONWriter``).
    mutating func append(lent block: UnsafeBufferPointer<UInt8>) throws {
        try flush()
        if !block.isEmpty { try deliver(block) }
    }

    private mutating func flush() throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try deliver($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Everything `produce` writes, as text (for small documents and tests).
    /// The buffer delivers into memory and so never fails; `produce` throws only what a delivery
    /// throws.
    static func collecting(_ produce: (inout OutputBuffer) throws -> Void) -> String {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var out = OutputBuffer(threshold: Int.max / 2) { sink.bytes.append(contentsOf: $0) }
        try? produce(&out)
        try? out.finish()
        return String(decoding: sink.bytes, as: UTF8.self)
    }
}

extension CLIIO {
    /// A buffer whose pieces go to standard output; a failed write is a ``CLIError/io(_:)``.
    func stdoutBuffer() -> OutputBuffer {
        // Lent, not copied: `writeStdout` uses the bytes during the call only.
        OutputBuffer { bytes in try write(bytes.borrowedData) }
    }
}
