import CalendarFormats
import CalendarTestSupport
import Foundation
import Testing
@testable import CalendarCLI

/// A jCal input's temporary iCalendar translation (``TranslatedFile``): readable while it is
/// in use, and never a file left in the temporary directory.
@Suite("Temporary translations")
struct TranslatedFileTests {
    /// The jCal of RFC 7265 §3.2's shape: one event, its UID and summary.
    static let jcal = #"["vcalendar", [["version", {}, "text", "2.0"], ["prodid", {}, "text", "-//test//EN"]], [["vevent", [["uid", {}, "text", "a@x"], ["dtstamp", {}, "date-time", "2026-01-01T00:00:00Z"], ["dtstart", {}, "date-time", "2026-03-05T18:00:00Z"], ["summary", {}, "text", "Yoga"]], []]]]"#

    static func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("icalkit-translated-") }
    }

    @Test func readableWhileAliveAndNothingLeftBehind() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("a.jcal")
        try Data(Self.jcal.utf8).write(to: URL(fileURLWithPath: input))
        let before = try Self.leftovers()
        var translated: TranslatedFile? = try TranslatedFile(translating: input, format: .jcal)
        let text = try String(contentsOfFile: translated!.path, encoding: .utf8)
        #expect(text.contains("UID:a@x\r\n") && text.contains("SUMMARY:Yoga\r\n"), "\(text)")
        // Read twice (the reader may open it more than once).
        #expect(try String(contentsOfFile: translated!.path, encoding: .utf8) == text)
        #if os(Linux)
        // Unlinked as soon as made: a Ctrl-C or crash leaves nothing in the temporary directory.
        #expect(try Self.leftovers() == before)
        #endif
        translated = nil
        #expect(try Self.leftovers() == before)
    }
}
