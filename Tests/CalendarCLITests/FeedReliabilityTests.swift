import CalendarStore
import CalendarTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A refresh through the real `icalkit` binary: killed with SIGKILL at any moment it leaves
/// the store sound, holding the previous copy of the feed or the new one, whole; two refreshes
/// at once both end cleanly; one that runs out of disk fails and leaves the previous copy.
@Suite("Feed reliability", .enabled(if: icalkitBinary != nil, "the icalkit binary is built"), .serialized)
struct FeedReliabilityTests {
    static let before = 4_000
    static let after = 3_000

    /// A store subscribed (as calendar "Feed") to a feed of `before` events, which the server
    /// then replaces with `after` other ones.
    static func subscribed(_ dir: URL, _ server: FeedServer) throws -> URL {
        let store = dir.appendingPathComponent("store.sqlite")
        try server.serve("feed.ics", ReliabilityTests.feed(before, prefix: "old"))
        let subscribe = try ReliabilityTests.start(["--store", store.path, "subscribe", server.url("plain/feed.ics"), "--calendar", "Feed"])
        subscribe.waitUntilExit()
        #expect(subscribe.terminationStatus == 0)
        #expect(try ReliabilityTests.inspect(store, calendar: "Feed").count == before)
        try server.serve("feed.ics", ReliabilityTests.feed(after, prefix: "new"))
        return store
    }

    @Test(arguments: [0.0, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6])
    func killedRefreshLeavesThePreviousCopyOrTheNew(after delay: Double) throws {
        let dir = try ReliabilityTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try FeedServer()
        let store = try Self.subscribed(dir, server)
        let p = try ReliabilityTests.start(["--store", store.path, "refresh", "Feed"])
        Thread.sleep(forTimeInterval: delay)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        let (stored, problems) = try ReliabilityTests.inspect(store, calendar: "Feed")
        #expect(problems.isEmpty, "integrity_check: \(problems)")
        #expect(stored == Self.before || stored == Self.after, "killed after \(delay) s: \(stored) events stored")
        // The subscription is intact and the next refresh completes.
        let again = try ReliabilityTests.start(["--store", store.path, "refresh", "Feed", "--force"])
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(try ReliabilityTests.inspect(store, calendar: "Feed").count == Self.after)
    }

    /// A disk that fills up during the refresh, made by a file size limit (`ulimit -f`, with
    /// SIGXFSZ ignored so a write past it fails with EFBIG instead of killing the process): the
    /// refresh fails with the store I/O status and the calendar still holds the previous copy.
    /// 256 KiB stops the temporary copy of the body (about 800 KiB); 1,200 KiB lets it through
    /// and stops the store's transaction, which writes more than that to the WAL.
    @Test(arguments: [256, 1_200])
    func fullDiskDuringRefreshKeepsThePreviousCopy(limitKiB: Int) throws {
        let dir = try ReliabilityTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try FeedServer()
        let store = try Self.subscribed(dir, server)
        guard let binary = icalkitBinary else { throw CocoaError(.fileNoSuchFile) }
        let errors = dir.appendingPathComponent("full.err")
        guard FileManager.default.createFile(atPath: errors.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "trap '' XFSZ; ulimit -f \(limitKiB); exec \"$0\" \"$@\"",
                       binary.path, "--store", store.path, "refresh", "Feed"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try FileHandle(forWritingTo: errors)
        try p.run()
        p.waitUntilExit()
        let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(p.terminationStatus == 74, "exit \(p.terminationStatus): \(message)")
        #expect(message.contains("Feed"), "the error names the calendar: \(message)")
        #expect(message.contains("temporary copy") == (limitKiB < 800), "which write failed: \(message)")
        #expect(message.contains(limitKiB < 800 ? "nothing changed" : "keeps its previous copy"), "says nothing was lost: \(message)")
        let (stored, problems) = try ReliabilityTests.inspect(store, calendar: "Feed")
        #expect(problems.isEmpty, "integrity_check: \(problems)")
        #expect(stored == Self.before)
        // With room again, the next refresh completes.
        let again = try ReliabilityTests.start(["--store", store.path, "refresh", "Feed"])
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(try ReliabilityTests.inspect(store, calendar: "Feed").count == Self.after)
    }

    @Test func twoRefreshesAtOnce() throws {
        let dir = try ReliabilityTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try FeedServer()
        let store = try Self.subscribed(dir, server)
        let ea = dir.appendingPathComponent("a.err"), eb = dir.appendingPathComponent("b.err")
        let a = try ReliabilityTests.start(["--store", store.path, "refresh", "--force"], errors: ea)
        let b = try ReliabilityTests.start(["--store", store.path, "refresh", "--force"], errors: eb)
        a.waitUntilExit()
        b.waitUntilExit()
        #expect(a.terminationStatus == 0, "\((try? String(contentsOf: ea, encoding: .utf8)) ?? "")")
        #expect(b.terminationStatus == 0, "\((try? String(contentsOf: eb, encoding: .utf8)) ?? "")")
        let (stored, problems) = try ReliabilityTests.inspect(store, calendar: "Feed")
        #expect(problems.isEmpty, "integrity_check: \(problems)")
        #expect(stored == Self.after)
        let s = try EventStore(path: store.path)
        defer { try? s.close() }
        #expect(try s.subscription(forCalendar: "Feed")?.lastOutcome == .refreshed)
    }
}
