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
        let mondays = try store.events(matching: january).filter(\.isRecurring)
        var first = mondays[0]                                              // one occurrence of a series
        first.event.title += " (room 4)"
        try store.save(first, span: .thisEvent, commit: false)              // an override, in a batch
        try store.remove(mondays[2], span: .futureEvents, commit: false)    // the series ends before it
        try store.commit()                                                  // both in one transaction
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
            // team.ics: a weekly stand-up on Mondays 09:30 London from 5 January 2026 (and one
            // reminder). The first becomes an override; the series ends before the third.
            #expect(shown.map(\.event.title) == ["Weekly stand-up (room 4)", "Weekly stand-up"])
            #expect(shown.map { $0.startDate.formatted(.iso8601) } == ["2026-01-05T09:30:00Z", "2026-01-12T09:30:00Z"])
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
