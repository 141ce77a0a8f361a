import CalendarStore
import CalendarTestSupport
import Foundation
import Testing

/// The built `icalkit` next to the running test bundle (or a few folders up), if any.
let icalkitBinary: URL? = {
    var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = dir.appendingPathComponent("icalkit")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}()

/// The built binary allocates with a sanitizer's allocator (its malloc bound inside the
/// executable itself), as `make test-asan` and `make test-tsan` build it.
let binaryHasSanitizerAllocator: Bool = {
    guard let binary = icalkitBinary, let bindings = try? ExecutableTests.mallocBindings() else { return false }
    return bindings.contains { $0.contains("to \(binary.path) ") || $0.contains("to \(binary.resolvingSymlinksInPath().path) ") }
}()

/// A few runs of the built `icalkit` binary, to check what in-process tests cannot: the real
/// streams, `exit` with the status, and standard input. The binary is found beside the test
/// bundle (`swift build --build-tests` builds it too).
@Suite("icalkit executable", .enabled(if: icalkitBinary != nil, "the icalkit binary is built"))
struct ExecutableTests {

    struct Run: Equatable { var stdout: String; var stderr: String; var status: Int32 }

    func execute(_ args: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        guard let binary = icalkitBinary else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = binary
        process.arguments = args
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                   status: process.terminationStatus)
    }

    /// The binary's allocator is mimalloc: the dynamic linker binds the C library's own calls
    /// to malloc to libmimalloc (`LD_DEBUG=bindings`).
    @Test(.enabled(if: !binaryHasSanitizerAllocator, "a sanitizer build allocates with its own checking allocator"))
    func allocatorIsMimalloc() throws {
        let bindings = try Self.mallocBindings()
        try #require(!bindings.isEmpty)
        #expect(bindings.allSatisfy { $0.contains("libmimalloc") }, "\(bindings)")
    }

    /// Where the binary's malloc is bound, one line per binding (`LD_DEBUG=bindings`, written
    /// to a file: thousands of lines, more than a pipe holds while the output is read first).
    static func mallocBindings() throws -> [Substring] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-ld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("bindings")
        _ = try ExecutableTests().execute(["--version"], environment: ["LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": log.path])
        var lines: [Substring] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {   // bindings.PID
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            lines += text.split(separator: "\n").filter { $0.hasSuffix("normal symbol `malloc' [GLIBC_2.2.5]") }
        }
        return lines
    }

    /// The process marks memory for transparent huge pages as it starts, before it reads any
    /// input: `import` of standard input is held open while /proc/PID/smaps is read.
    @Test(.enabled(if: !binaryHasSanitizerAllocator, "a sanitizer build allocates with its own checking allocator"),
          .enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
                   "the kernel has transparent huge pages"))
    func memoryIsMarkedForHugePagesAtStart() throws {
        let binary = try #require(icalkitBinary)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-hp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["import", "--store", directory.appendingPathComponent("s.sqlite").path, "-"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var marked = false
        for _ in 0..<250 where !marked {
            let smaps = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/smaps", encoding: .utf8)) ?? ""
            marked = smaps.split(separator: "\n").contains { $0.hasPrefix("VmFlags:") && $0.split(separator: " ").contains("hg") }
            if !marked { usleep(20_000) }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(marked)
    }

    /// A read command where no store is: it says so and exits 66 (EX_NOINPUT), and creates
    /// neither the store nor its directory.
    @Test(arguments: [["events", "--day", "2026-03-02"], ["events", "--day", "2026-03-02", "--format", "json"], ["reminders"], ["export"],
                      ["calendars", "list"], ["changes", "--since", "0"]])
    func readCommandsNeedAStore(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("typo/store.sqlite")
        let run = try execute(["--store", path] + command)
        #expect(run.status == 66, "\(run)")
        #expect(run.stderr.contains("no store at \(path); import a file first"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("typo")))
    }

    /// With `ICALKIT_DEBUG` set, a query on a store another process is writing says on standard
    /// error why its occurrence index was not brought up to date, and still answers.
    @Test func debugOutputTellsWhyTheIndexWasNotUpdated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        #expect(try execute(["--store", path, "import", "-"], stdin: Self.weekly).status == 0)
        let query = ["--store", path, "events", "--from", "2026-03-01", "--to", "2026-03-15", "--format", "json"]
        let writer = try EventStore(path: path)
        defer { try? writer.close() }
        let (quiet, debug) = try writer.withRawConnection { db in
            try db.execute("BEGIN IMMEDIATE")
            defer { try? db.execute("ROLLBACK") }
            return (try execute(query), try execute(query, environment: ["ICALKIT_DEBUG": "1"]))
        }
        #expect(quiet.status == 0 && debug.status == 0, "\(quiet) \(debug)")
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(debug.stderr.contains("icalkit: debug: occurrence index not updated"), "\(debug.stderr)")
        #expect(debug.stdout == quiet.stdout)
        #expect(quiet.stdout.components(separatedBy: "\"uid\": \"weekly@x\"").count - 1 == 2)
    }

    /// Two Mondays of a weekly series (2026-03-02 and 03-09 fall in the window above).
    static let weekly = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:weekly@x\r\nDTSTAMP:20260101T000000Z\r\n\
        DTSTART:20260302T090000Z\r\nDTEND:20260302T100000Z\r\nRRULE:FREQ=WEEKLY;COUNT=4\r\nSUMMARY:Weekly\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
        """

    @Test func version() throws {
        #expect(try execute(["--version"]) == Run(stdout: "icalkit 0.1.0\n", stderr: "", status: 0))
    }

    @Test func usageError() throws {
        let run = try execute(["convert", "--too", "json"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.split(separator: "\n").count == 3)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--too'. Did you mean '--to'?\n"))
    }

    @Test func missingInput() throws {
        #expect(try execute(["validate", "/nonexistent/feed.ics"])
                == Run(stdout: "", stderr: "Error: No such file: '/nonexistent/feed.ics'\n", status: 66))
    }

    @Test func helpOnStdout() throws {
        let run = try execute(["help", "convert"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("OVERVIEW: Convert between iCalendar, vCalendar, jCal, JSON and CSV (no store)."))
    }
}
