import Foundation
import Testing
@testable import CalendarCLI

/// How `import` locates an input: regular files (also through a link) are streamed from disk,
/// other things that can be read once are loaded, and missing paths or directories are 66.
@Suite("Input files")
struct InputFileTests {
    static let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"

    /// A fresh directory with `feed.ics` and a link to it, removed after `body`.
    static func withFiles(_ body: (_ directory: String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/feed.ics"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.ics", withDestinationPath: directory + "/feed.ics")
        try body(directory)
    }

    @Test func aRegularFileIsStreamedAndSoIsALinkToOne() throws {
        try Self.withFiles { directory in
            let (io, _) = CLIIO.capturing()
            for name in ["feed.ics", "link.ics"] {
                let path = directory + "/" + name
                #expect(InputFile.isRegularFile(path), "\(name)")
                let file = try InputFile.locate(path, io: io)
                #expect(file.isStreamed, "\(name)")
                #expect(file.data.isEmpty, "\(name): located, not loaded")
            }
        }
    }

    @Test func aDeviceIsLoadedNotStreamed() throws {
        let (io, _) = CLIIO.capturing()
        #expect(!InputFile.isRegularFile("/dev/null"))
        let file = try InputFile.locate("/dev/null", io: io)
        #expect(!file.isStreamed)
        #expect(file.data.isEmpty)
    }

    @Test func missingPathsDirectoriesAndDanglingLinksAreNoInput() throws {
        try Self.withFiles { directory in
            let (io, _) = CLIIO.capturing()
            try FileManager.default.createSymbolicLink(atPath: directory + "/dangling.ics", withDestinationPath: directory + "/gone.ics")
            let cases: [(path: String, message: String)] = [
                (directory + "/missing.ics", "No such file: '\(directory)/missing.ics'"),
                (directory + "/dangling.ics", "No such file: '\(directory)/dangling.ics'"),
                (directory, "'\(directory)' is a directory, not a file"),
            ]
            for (path, message) in cases {
                #expect(!InputFile.isRegularFile(path), "\(path)")
                do throws(CLIError) {
                    _ = try InputFile.locate(path, io: io)
                    Issue.record("\(path) was located")
                } catch {
                    #expect(error.message == message)
                    #expect(error.status == .noInput)
                }
            }
        }
    }
}
