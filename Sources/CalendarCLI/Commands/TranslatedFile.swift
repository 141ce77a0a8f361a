import CalendarFormats
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A jCal or icalkit JSON file translated to iCalendar in a temporary file, read and written in
/// chunks (``InputFormat/translate(chunks:_:)``), so that the iCalendar reader streams it as it
/// streams an `.ics` file and memory does not grow with the input. On Linux the file is
/// unlinked as soon as it is made and read through its descriptor (`/proc/self/fd/N`), so
/// nothing is left behind however the process ends (Ctrl-C, a crash); elsewhere it is removed
/// when this goes. Nothing is read from the translation before the whole input has been translated,
/// so input that is not of its format is refused before any of it is used.
///
/// Sendable by hand: it is made whole in `init`, then only read (an import reads it on its
/// reader thread), and its places file is read by one caller at a time, after the reading.
final class TranslatedFile: @unchecked Sendable {
    /// The iCalendar text.
    let path: String
    /// The temporary file, open while this lives.
    private let descriptor: Int32
    /// The place in the input of each physical line of the text, one a line.
    private let places: SpoolFile
    /// What the translation could not carry over.
    let notes: [String]

    /// Bytes of the input read at a time.
    static let chunkBytes = 128 << 10

    /// Translates the file at `argument`. Throws ``FormatError`` for input that is not of
    /// `format`, ``CLIError`` when a temporary file cannot be written, and what reading the
    /// input throws.
    init(translating argument: String, format: InputFormat) throws {
        var template = Array((NSTemporaryDirectory() + "/icalkit-translated-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw CLIError.io("Cannot create a temporary file: \(String(cString: strerror(errno)))") }
        let created = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #if os(Linux)
        unlink(created)
        path = "/proc/self/fd/\(fd)"
        #else
        path = created
        #endif
        do {
            (places, notes) = try Self.translate(argument, format: format, to: FileHandle(fileDescriptor: fd, closeOnDealloc: false))
        } catch {
            // A failed init runs no deinit.
            close(fd)
            Self.remove(created)
            throw error
        }
        descriptor = fd
    }

    /// Removes the named temporary file where it was not unlinked when made.
    private static func remove(_ path: String) {
        #if !os(Linux)
        unlink(path)
        #endif
    }

    /// Writes the translation to `output` (left open: it is the file read afterwards; its writes
    /// are not buffered); returns the places file and the notes.
    private static func translate(_ argument: String, format: InputFormat, to output: FileHandle) throws -> (SpoolFile, [String]) {
        let places = try SpoolFile()
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: argument))
        defer { try? input.close() }
        var pending: [String] = []
        try format.translate(chunks: {
            guard let data = try input.read(upToCount: Self.chunkBytes), !data.isEmpty else { return nil }
            return [UInt8](data)
        }, { piece in
            do {
                try output.write(contentsOf: piece.iCalendar)
            } catch {
                throw CLIError.io("Cannot write a temporary file: \(OutputFile.reason(error))")
            }
            try places.write(piece.placeLines)
            pending += piece.notes
        })
        return (places, pending)
    }

    deinit {
        close(descriptor)
        Self.remove(path)
    }

    /// The places of these lines of the text (1-based), read from the places file.
    func places(ofLines wanted: Set<Int>) throws(CLIError) -> [Int: String] {
        var targets = wanted.filter { $0 >= 1 }.sorted()[...]
        var found: [Int: String] = [:]
        var line = 1                // the line that begins at `start` in the block read
        var partial: [UInt8] = []   // the beginning of a wanted line that began in the block before
        var offset = 0
        while !targets.isEmpty {
            let block = try places.read(at: offset, count: 1 << 20, upToEnd: true)
            if block.isEmpty { break }
            offset += block.count
            block.withUnsafeBufferPointer { bytes in
                let base = bytes.baseAddress!
                var start = 0
                while start < bytes.count, let target = targets.first {
                    // Lines are found with memchr: only the wanted ones are copied.
                    guard let newline = memchr(base + start, 0x0A, bytes.count - start) else {
                        if line == target { partial += bytes[start...] }
                        return
                    }
                    let end = UnsafeRawPointer(base).distance(to: newline)
                    if line == target {
                        found[line] = String(decoding: partial + bytes[start..<end], as: UTF8.self)
                        targets.removeFirst()
                    }
                    partial.removeAll()
                    line += 1
                    start = end + 1
                }
            }
        }
        return found
    }
}
