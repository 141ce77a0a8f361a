import CalendarModel
import CalendarStore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Crash safety and concurrency through the real `icalkit` binary: an import killed with
/// SIGKILL at any moment leaves a sound store holding none or all of the file; two processes
/// importing into one store both succeed; a full file system rolls the import back.
@Suite("Reliability", .enabled(if: icalkitBinary != nil, "the icalkit binary is built"), .serialized)
struct ReliabilityTests {
    /// A feed of `count` simple events (UIDs `prefix-N`), a quarter of them weekly.
    static func feed(_ count: Int, prefix: String) -> String {
        var s = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//reliability//EN\r\nX-WR-CALNAME:\(prefix)\r\n"
        for i in 0..<count {
            let day = 1 + i % 28, hour = 8 + i % 10
            s += "BEGIN:VEVENT\r\nUID:\(prefix)-\(i)\r\nDTSTAMP:20260101T000000Z\r\n"
            s += String(format: "DTSTART:202603%02dT%02d0000Z\r\nDTEND:202603%02dT%02d3000Z\r\n", day, hour, day, hour)
            s += "SUMMARY:Event \(i) of \(prefix)\r\nDESCRIPTION:" + String(repeating: "x", count: 200) + "\r\n"
            if i % 4 == 0 { s += "RRULE:FREQ=WEEKLY;COUNT=10\r\n" }
            s += "END:VEVENT\r\n"
        }
        return s + "END:VCALENDAR\r\n"
    }

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-rel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Starts `icalkit args...`; its standard error goes to `errors` when given.
    static func start(_ args: [String], errors: URL? = nil) throws -> Process {
        let p = Process()
        guard let binary = icalkitBinary else { throw CocoaError(.fileNoSuchFile) }
        p.executableURL = binary
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        if let errors {
            guard FileManager.default.createFile(atPath: errors.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            p.standardError = try FileHandle(forWritingTo: errors)
        } else {
            p.standardError = FileHandle.nullDevice
        }
        try p.run()
        return p
    }

    /// Number of stored events (masters) of a calendar, and the integrity check's findings.
    static func inspect(_ store: URL, calendar: String) throws -> (count: Int, problems: [String]) {
        guard FileManager.default.fileExists(atPath: store.path) else { return (0, []) }
        let s = try EventStore(path: store.path)
        defer { try? s.close() }
        let problems = try s.integrityProblems()
        guard try s.calendar(titled: calendar) != nil else { return (0, problems) }
        return (try s.document(forCalendar: calendar).events.count, problems)
    }

    @Test(arguments: [0.0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.4, 0.8])
    func killedImportLeavesNoneOrAll(after delay: Double) throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("feed.ics")
        let count = 4_000
        try Data(Self.feed(count, prefix: "kill").utf8).write(to: file)
        let store = dir.appendingPathComponent("store.sqlite")
        let p = try Self.start(["--store", store.path, "import", file.path])
        Thread.sleep(forTimeInterval: delay)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        let (stored, problems) = try Self.inspect(store, calendar: "kill")
        #expect(problems.isEmpty, "integrity_check: \(problems)")
        #expect(stored == 0 || stored == count, "killed after \(delay) s: \(stored) of \(count) events stored")
        // The store still works: importing again completes.
        let again = try Self.start(["--store", store.path, "import", file.path])
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(try Self.inspect(store, calendar: "kill").count == count)
    }

    @Test func twoProcessesImportIntoOneStore() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("store.sqlite")
        // Create the store first so both writers race on imports, not on creation.
        let create = try Self.start(["--store", store.path, "calendars", "create", "Seed"])
        create.waitUntilExit()
        let a = dir.appendingPathComponent("a.ics"), b = dir.appendingPathComponent("b.ics")
        try Data(Self.feed(3_000, prefix: "alpha").utf8).write(to: a)
        try Data(Self.feed(3_000, prefix: "beta").utf8).write(to: b)
        let pa = try Self.start(["--store", store.path, "import", a.path])
        let pb = try Self.start(["--store", store.path, "import", b.path])
        pa.waitUntilExit()
        pb.waitUntilExit()
        #expect(pa.terminationStatus == 0)
        #expect(pb.terminationStatus == 0)
        #expect(try Self.inspect(store, calendar: "alpha").count == 3_000)
        #expect(try Self.inspect(store, calendar: "beta").count == 3_000)
    }

    /// Where no store exists yet, two imports started at the same moment both land.
    @Test(arguments: 0..<3)
    func twoImportsCreateOneStore(round: Int) throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("new/store.sqlite")
        let a = dir.appendingPathComponent("a.ics"), b = dir.appendingPathComponent("b.ics")
        try Data(Self.feed(2_000, prefix: "alpha").utf8).write(to: a)
        try Data(Self.feed(2_000, prefix: "beta").utf8).write(to: b)
        let ea = dir.appendingPathComponent("a.err"), eb = dir.appendingPathComponent("b.err")
        let pa = try Self.start(["--store", store.path, "import", a.path], errors: ea)
        let pb = try Self.start(["--store", store.path, "import", b.path], errors: eb)
        pa.waitUntilExit()
        pb.waitUntilExit()
        #expect(pa.terminationStatus == 0, "round \(round): \((try? String(contentsOf: ea, encoding: .utf8)) ?? "")")
        #expect(pb.terminationStatus == 0, "round \(round): \((try? String(contentsOf: eb, encoding: .utf8)) ?? "")")
        #expect(try Self.inspect(store, calendar: "alpha").count == 2_000)
        #expect(try Self.inspect(store, calendar: "beta").count == 2_000)
        // Nothing left beside the store but SQLite's own files.
        let names = try FileManager.default.contentsOfDirectory(atPath: store.deletingLastPathComponent().path)
        #expect(names.allSatisfy { $0.hasPrefix("store.sqlite") }, "\(names)")
    }

    /// A 1 MiB tmpfs holds the store; a feed far larger than that cannot fit. Needs root (to
    /// mount); skipped otherwise.
    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func fullDiskRollsBack() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mountPoint = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "could not mount a tmpfs")
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [mountPoint.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        let store = mountPoint.appendingPathComponent("store.sqlite")
        let small = dir.appendingPathComponent("small.ics"), big = dir.appendingPathComponent("big.ics")
        try Data(Self.feed(20, prefix: "small").utf8).write(to: small)
        try Data(Self.feed(8_000, prefix: "big").utf8).write(to: big)
        let first = try Self.start(["--store", store.path, "import", small.path])
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let second = Process()
        second.executableURL = icalkitBinary
        second.arguments = ["--store", store.path, "import", big.path]
        let err = Pipe()
        second.standardError = err
        second.standardOutput = FileHandle.nullDevice
        try second.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        second.waitUntilExit()
        #expect(second.terminationStatus == 74, "exit \(second.terminationStatus): \(message)")
        #expect(message.hasPrefix("Error: "))
        let (bigCount, problems) = try Self.inspect(store, calendar: "big")
        #expect(problems.isEmpty)
        #expect(bigCount == 0)
        #expect(try Self.inspect(store, calendar: "small").count == 20)
    }
}

/// The progress bar through a real pseudo-terminal (`script` from util-linux gives the command
/// a pty for stdin/stdout/stderr), and its absence when stderr is a pipe.
@Suite("Progress on a terminal", .enabled(if: icalkitBinary != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
                                          "needs the built binary and /usr/bin/script"))
struct TerminalProgressTests {
    func underPTY(_ command: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", command, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["ICALKIT_PROGRESS_DELAY"] = "0"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func importShowsABarOnlyOnATerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = try #require(icalkitBinary).path
        let team = TestFilesPath.fixture("demo/team.ics")
        let store = dir.appendingPathComponent("s.sqlite").path
        let shown = try underPTY("'\(binary)' --store '\(store)' import '\(team)'")
        #expect(shown.contains("\u{1B}[K["), "no bar drawn on a terminal: \(shown.debugDescription)")
        #expect(shown.contains("team.ics: 0 added, 0 updated, 4 unchanged") || shown.contains("team.ics: 4 added"))
        let quiet = try underPTY("'\(binary)' --store '\(store)' import --quiet '\(team)'")
        #expect(!quiet.contains("\u{1B}[K"))
        // Piped stderr (no terminal): no escape sequences at all.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["--store", store, "import", team]
        p.environment = ["ICALKIT_PROGRESS_DELAY": "0"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let piped = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(piped.isEmpty)
    }
}

enum TestFilesPath {
    static func fixture(_ relative: String) -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
    }
}
