@testable import CalendarCLI
import CalendarStore
import CalendarTestSupport
import Foundation
import Testing

/// A fresh, empty store in a fresh directory for one test; `run` prepends `--store PATH`.
final class StoreUnderTest {
    let directory: TemporaryDirectory
    var path: String { directory.path("store.sqlite") }

    init() throws {
        directory = try TemporaryDirectory()
        try EventStore(path: path).close()
    }

    /// `icalkit --store PATH args...` in this process (clock fixed at 2026-03-02T09:00:00Z).
    func run(_ args: [String], zone: String = "Europe/Berlin", stdin: String = "") -> CLIResult {
        runCLI(["--store", path] + args, stdin: stdin, zone: zone)
    }

    /// Runs and requires success; returns stdout.
    @discardableResult
    func ok(_ args: [String], zone: String = "Europe/Berlin", sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(args, zone: zone)
        #expect(result.status == .ok, "\(args): \(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `events --format json` of a window, as parsed objects.
    func events(_ window: [String], zone: String = "Europe/Berlin", sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let out = ok(["events"] + window + ["--format", "json"], zone: zone, sourceLocation: sourceLocation)
        return try jsonObject(out)["events"] as? [[String: Any]] ?? []
    }

    func reminders(_ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let out = ok(["reminders", "--format", "json"] + extra, sourceLocation: sourceLocation)
        return try jsonObject(out)["reminders"] as? [[String: Any]] ?? []
    }

    /// `export` (iCalendar) unfolded: continuation lines joined, one content line per element.
    func exportLines(_ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        unfold(ok(["export"] + extra, sourceLocation: sourceLocation))
    }
}

/// A fixture's absolute path (`import/valid/…`, `demo/team.ics`).
func fixture(_ relative: String) -> String {
    TestFiles.fixtures.appendingPathComponent(relative).path
}

func jsonObject(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not a JSON object: \(text)")
}

/// RFC 5545 unfolding: CRLF or LF followed by a space or tab continues the line.
func unfold(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
        .replacingOccurrences(of: "\n\t", with: "").split(separator: "\n").map(String.init)
}

/// The VEVENT/VTODO blocks of unfolded lines whose UID is `uid`.
func components(_ lines: [String], uid: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]? = nil
    var depth = 0
    for line in lines {
        if line == "BEGIN:VEVENT" || line == "BEGIN:VTODO" {
            if depth == 0 { current = [] }
        }
        if line.hasPrefix("BEGIN:") && current != nil { depth += 1 }
        current?.append(line)
        if line.hasPrefix("END:") && current != nil {
            depth -= 1
            if depth == 0, let block = current {
                if block.contains("UID:" + uid) { blocks.append(block) }
                current = nil
            }
        }
    }
    return blocks
}

/// Titles of event objects, in output order.
func titles(_ events: [[String: Any]]) -> [String] { events.compactMap { $0["title"] as? String } }
