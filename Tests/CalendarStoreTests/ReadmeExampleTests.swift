import CalendarModel
import CalendarStore
import CalendarTestSupport
import Foundation
import Testing

/// The README's store example, compiled against the public API (no `@testable`) and run; the
/// README holds the same lines, which the second test checks.
@Suite("README example")
struct ReadmeExampleTests {
    static func example(directory: URL, teamFile: URL) throws -> [Occurrence] {
        var shown: [Occurrence] = []
        func print(_ items: Any...) {}
        // README begin
        let store = try EventStore(path: directory.appendingPathComponent("store.sqlite").path)
        let imported = try store.importFile(at: teamFile)                   // one transaction, streamed
        print(imported.reports.map(\.calendarTitle))                        // ["Platform Team"]
        let start = try Date("2026-01-01T00:00:00Z", strategy: .iso8601), end = start.addingTimeInterval(31 * 86_400)
        let january = store.predicateForEvents(withStart: start, end: end, calendars: nil)
        for occurrence in try store.events(matching: january) {
            print(occurrence.event.title, occurrence.startDate)
        // README end
            shown.append(occurrence)
        }
        try store.close()
        return shown
    }

    @Test func theExampleRuns() throws {
        try withTemporaryDirectory { directory in
            let shown = try Self.example(directory: directory, teamFile: TestFiles.fixtures.appendingPathComponent("demo/team.ics"))
            #expect(!shown.isEmpty)
            #expect(shown.allSatisfy { $0.calendarTitle == "Platform Team" })
        }
    }

    @Test func theReadmeShowsTheseLines() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: TestFiles.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// README begin\n")), end = try #require(source.range(of: "        // README end"))
        let lines = source[begin.upperBound..<end.lowerBound].split(separator: "\n").map { $0.dropFirst(8) }
        let shown = lines.joined(separator: "\n") + "\n}\ntry store.close()\n"
        #expect(readme.contains("```swift\n" + shown + "```"), "README lacks:\n\(shown)")
    }
}
