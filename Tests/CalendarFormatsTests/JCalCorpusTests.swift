import CalendarFormats
import CalendarTestSupport
import Foundation
import ICalCore
import Testing

/// Every `.ics` file of the third-party corpus through jCal and back: the iCalendar that the
/// jCal reader writes gives the same jCal again, so every component, property, parameter and
/// value survives iCalendar → jCal → iCalendar by meaning. A file whose jCal is refused must
/// be one the iCalendar scanner reports problems in.
@Suite("jCal: corpus round trip", .enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
struct JCalCorpusTests {
    /// The same for our fixtures, the bad inputs and the fuzzers' findings included
    /// (`fuzz/control-characters-in-parameter-name.ics`: a parameter name of control characters,
    /// which the scanner takes and the jCal reader refused).
    @Test(arguments: TestFiles.fixtureFiles("import") + TestFiles.fixtureFiles("fuzz"))
    func fixtureRoundTrips(_ file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: TestFiles.fixtures.appendingPathComponent(file)))
        let first = JCalWriter.jcal(fromICalendar: bytes)
        guard ICalScanner().scan(bytes).issues.isEmpty else { return }
        let second = JCalWriter.jcal(fromICalendar: try JCalReader.iCalendar(from: first).iCalendar)
        #expect(JCalMeaning.firstDifference(JCalMeaning.normalized(first), JCalMeaning.normalized(second)) == nil)
    }

    @Test func everyCorpusFileRoundTrips() throws {
        let corpus = try #require(TestFiles.corpus)
        var checked = 0
        var refused = 0
        for file in TestFiles.corpusFiles() {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            let first = JCalWriter.jcal(fromICalendar: bytes)
            let back: TranslatedInput
            do { back = try JCalReader.iCalendar(from: first) } catch {
                #expect(!ICalScanner().scan(bytes).issues.isEmpty, "\(file): its jCal is refused: \(error)")
                refused += 1
                continue
            }
            let second = JCalWriter.jcal(fromICalendar: back.iCalendar)
            let difference = JCalMeaning.firstDifference(JCalMeaning.normalized(first), JCalMeaning.normalized(second))
            #expect(difference == nil, "\(file)")
            checked += 1
        }
        #expect(checked > 100 && refused < 10)
    }
}
