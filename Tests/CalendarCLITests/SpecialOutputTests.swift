@testable import CalendarCLI
import CalendarTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

/// `-o` to something that is not a regular file (a FIFO, a character device) writes into it
/// and leaves it as it was, instead of renaming a new regular file over it; a regular file is
/// still replaced whole. The targets are made under a temporary directory (never /dev/null).
@Suite("Output to a FIFO or a device")
struct SpecialOutputTests {
    static let ics = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icalkit//tests//EN",
        "BEGIN:VEVENT", "UID:one@example.com", "DTSTAMP:20260301T000000Z",
        "DTSTART:20260302T090000Z", "DTEND:20260302T100000Z", "SUMMARY:One", "END:VEVENT",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// `convert --to json -o FIFO` and `convert --to ics -o FIFO`: a reader gets the whole output
    /// and the FIFO is still a FIFO.
    @Test(arguments: ["json", "ics"])
    func fifoIsWrittenInPlace(_ format: String) throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("one.ics")
        try Data(Self.ics.utf8).write(to: URL(fileURLWithPath: input))
        let fifo = dir.path("out.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader opens the FIFO (so the writer's open does not wait for ever) and reads to EOF.
        let received = Mutex<Data?>(nil)
        let reader = Thread {
            let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            received.withLock { $0 = data }
        }
        reader.start()
        let result = runCLI(["convert", input, "--to", format, "-o", fifo])
        #expect(result.status == .ok, "\(result)")
        while !reader.isFinished { usleep(1000) }
        let text = String(decoding: try #require(received.withLock { $0 }), as: UTF8.self)
        #expect(text.contains(format == "json" ? "\"uid\": \"one@example.com\"" : "UID:one@example.com"))
        #expect(Self.fileType(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["one.ics", "out.fifo"])
    }

    /// A character device made with mknod (1,3: the null device; glibc's makedev for numbers this small is major << 8 | minor): written, and still a device.
    /// Making a device needs root (CAP_MKNOD); without it the test has nothing to check.
    @Test func characterDeviceIsWrittenInPlace() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("one.ics")
        try Data(Self.ics.utf8).write(to: URL(fileURLWithPath: input))
        let device = dir.path("null")
        guard mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else {
            Issue.record("mknod failed: \(String(cString: strerror(errno))); run as root to test a device")
            return
        }
        #expect(runCLI(["convert", input, "--to", "json", "-o", device]).status == .ok)
        #expect(Self.fileType(device) == S_IFCHR)
        try OutputFile.write(Data("x\n".utf8), to: device)
        #expect(Self.fileType(device) == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["null", "one.ics"])
    }

    /// The atomic replacement stays for a regular file: a new file is renamed over it.
    @Test func regularFileIsStillReplaced() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("one.ics")
        try Data(Self.ics.utf8).write(to: URL(fileURLWithPath: input))
        let target = dir.path("out.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        var before = stat()
        _ = stat(target, &before)
        #expect(runCLI(["convert", input, "--to", "json", "-o", target]).status == .ok)
        var after = stat()
        _ = stat(target, &after)
        #expect(after.st_ino != before.st_ino, "a new file renamed over the old one")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("one@example.com"))
    }
}
