import CalendarFormats
import CalendarTestSupport
import Foundation
import ICalCore
import Testing

/// ical.js's jCal test pairs (`ical.js/test/parser/*.ics` and the `.json` ical.js expects for
/// each), compared by meaning: JSON numbers by value (`10.10` is `10.1`), and where ical.js
/// turns a value its type cannot read into `0` or `false` (`X-INVALID;VALUE=INTEGER:foobar`),
/// icalkit keeps the text as a JSON string instead (listed in ``keptAsText``).
@Suite("jCal: ical.js test pairs", .enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
struct JCalICalJSPairTests {
    static var folder: URL? { TestFiles.corpus?.appendingPathComponent("ical.js/test/parser") }

    static var pairs: [String] {
        guard let folder else { return [] }
        return TestFiles.files(under: folder).map { $0.deletingPathExtension().lastPathComponent }
            .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0 + ".json").path) }
    }

    /// Property names (lower case) whose values ical.js replaced by a default, with the text icalkit keeps.
    static let keptAsText: [String: String] = ["x-invalid-float": "my foo!", "x-invalid": "foobar", "x-maybe": "MAYBE"]

    static func load(_ name: String) throws -> (ics: [UInt8], expected: JSONNode) {
        let folder = try #require(folder)
        let ics = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".ics")))
        let json = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".json")))
        return (ics, try JSONNode(parsing: json))
    }

    @Test(arguments: pairs)
    func iCalendarToJCal(_ name: String) throws {
        let (ics, expected) = try Self.load(name)
        var ours = JCalWriter.jcal(fromICalendar: ics)
        for (property, text) in Self.keptAsText {
            let found = JCalMeaning.values(of: property, in: ours)
            if !found.isEmpty { #expect(found == [.string(text)], "\(property) keeps its text") }
            ours = JCalMeaning.removing(property, from: ours)
        }
        #expect(JCalMeaning.normalized(ours) == JCalMeaning.normalized(JCalMeaning.removing(Self.keptAsText.keys, from: expected)))
    }

    /// ical.js's jCal read by icalkit, written as iCalendar, and that text written as jCal again
    /// gives ical.js's jCal back.
    @Test(arguments: pairs)
    func jcalToICalendarAndBack(_ name: String) throws {
        let (_, expected) = try Self.load(name)
        let ics = try JCalReader.iCalendar(from: expected).iCalendar
        let again = JCalWriter.jcal(fromICalendar: ics)
        #expect(JCalMeaning.normalized(again) == JCalMeaning.normalized(expected), "\(String(decoding: ics, as: UTF8.self))")
    }
}
