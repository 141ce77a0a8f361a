import CalendarTestSupport
import Foundation
import Testing
@testable import ICalCore

/// A full scan keeps each item's lines as read, and `RawComponent.utf8Text` gives those bytes
/// instead of writing the text from the parsed lines. They must be the bytes the lines write,
/// and be kept only when they are.
@Suite("ICalScanner: item text kept as read")
struct ScannedTextTests {
    private func items(_ text: String, chunkBytes: Int = 128 << 10, maxNestingDepth: Int = 64) -> [RawComponent] {
        Self.items(of: ICalScanner(maxNestingDepth: maxNestingDepth, chunkBytes: chunkBytes).scan(Array(text.utf8)).components)
    }

    /// The items: the components of each VCALENDAR, and bare components.
    private static func items(of scanned: [RawComponent]) -> [RawComponent] {
        scanned.flatMap { $0.name == "VCALENDAR" ? $0.components : [$0] }
    }

    /// Checks every top-level component of `bytes`; returns (components, with kept bytes).
    private func check(_ bytes: [UInt8], _ label: String) -> (Int, Int) {
        var total = 0, kept = 0
        for component in Self.items(of: ICalScanner().scan(bytes).components) {
            total += 1
            guard let scanned = component.scanned.utf8 else { continue }
            kept += 1
            #expect(scanned == component.writtenUTF8Text, "\(label): \(component.name) at line \(component.line)")
        }
        return (total, kept)
    }

    @Test func fixturesKeepTheBytesTheirLinesWrite() throws {
        var total = 0, kept = 0
        for file in TestFiles.files(under: TestFiles.fixtures) {
            let (t, k) = check(try [UInt8](Data(contentsOf: file)), file.lastPathComponent)
            total += t; kept += k
        }
        #expect(total > 100)
        #expect(kept * 4 > total * 3, "kept \(kept) of \(total)")
    }

    @Test(.enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
    func corpusFilesKeepTheBytesTheirLinesWrite() throws {
        var total = 0, kept = 0
        for file in TestFiles.files(under: try #require(TestFiles.corpus)) {
            let (t, k) = check(try [UInt8](Data(contentsOf: file)), file.lastPathComponent)
            total += t; kept += k
        }
        #expect(total > 1_000)
        #expect(kept * 100 > total * 95, "kept \(kept) of \(total)")
    }

    @Test func anItemAsReadKeepsItsLinesUnfolded() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY;LANGUAGE=de:Gr\r\n üße\r\nattendee;cn=X:mailto:x@y\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let expected = "BEGIN:VEVENT\r\nUID:a\r\nSUMMARY;LANGUAGE=de:Grüße\r\nattendee;cn=X:mailto:x@y\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        for chunk in [7, 128 << 10] {
            let event = try #require(items(text, chunkBytes: chunk).first)
            #expect(event.scanned.utf8 == Array(expected.utf8))
            #expect(event.writtenUTF8Text == Array(expected.utf8))
        }
    }

    /// Items whose lines do not write back as read keep no bytes, and their text is written.
    @Test(arguments: [
        ("lower-case BEGIN", "begin:VEVENT\r\nUID:a\r\nEND:VEVENT\r\n"),
        ("lower-case component name", "BEGIN:vevent\r\nUID:a\r\nEND:VEVENT\r\n"),
        ("lower-case END", "BEGIN:VEVENT\r\nUID:a\r\nEnd:VEVENT\r\n"),
        ("END with a parameter", "BEGIN:VEVENT\r\nUID:a\r\nEND;X=1:VEVENT\r\n"),
        ("nested BEGIN in lower case", "BEGIN:VEVENT\r\nUID:a\r\nBEGIN:valarm\r\nEND:VALARM\r\nEND:VEVENT\r\n"),
        ("a line after a subcomponent", "BEGIN:VEVENT\r\nBEGIN:VALARM\r\nACTION:AUDIO\r\nEND:VALARM\r\nUID:a\r\nEND:VEVENT\r\n"),
        ("a malformed line", "BEGIN:VEVENT\r\nUID:a\r\nNOT A LINE\r\nEND:VEVENT\r\n"),
        ("no END before the input ends", "BEGIN:VEVENT\r\nUID:a\r\n"),
        ("no END before the next item", "BEGIN:VEVENT\r\nUID:a\r\nBEGIN:VEVENT\r\nUID:b\r\nEND:VEVENT\r\n"),
        ("a subcomponent without END", "BEGIN:VEVENT\r\nUID:a\r\nBEGIN:VALARM\r\nACTION:AUDIO\r\nEND:VEVENT\r\n"),
        ("an END without BEGIN", "BEGIN:VEVENT\r\nUID:a\r\nEND:VALARM\r\nEND:VEVENT\r\n"),
        ("nesting past the limit", "BEGIN:VEVENT\r\nBEGIN:X-A\r\nBEGIN:X-B\r\nBEGIN:X-C\r\nEND:X-C\r\nEND:X-B\r\nEND:X-A\r\nEND:VEVENT\r\n"),
    ])
    func itemsThatDoNotReadBackKeepNone(_ label: String, _ text: String) throws {
        let first = try #require(items("BEGIN:VCALENDAR\r\n" + text + "END:VCALENDAR\r\n", maxNestingDepth: 3).first)
        #expect(first.scanned.utf8 == nil, "\(label)")
        #expect(first.utf8Text == first.writtenUTF8Text)
        #expect(first.utf8Text == Array(first.text.utf8))
    }

    @Test func aLineNotUTF8KeepsNone() throws {
        let bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:caf".utf8) + [0xE9] + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let event = try #require(Self.items(of: ICalScanner().scan(bytes).components).first)
        #expect(event.scanned.utf8 == nil)
        #expect(event.utf8Text == Array("BEGIN:VEVENT\r\nSUMMARY:café\r\nEND:VEVENT\r\n".utf8))
    }

    /// The second item after a recovery is read afresh and keeps its bytes.
    @Test func anItemAfterARepairedOneKeepsItsBytes() throws {
        let found = items("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nBEGIN:VEVENT\r\nUID:b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        #expect(found.count == 2)
        #expect(found.first?.scanned.utf8 == nil)
        #expect(found.last?.scanned.utf8 == Array("BEGIN:VEVENT\r\nUID:b\r\nEND:VEVENT\r\n".utf8))
    }

    @Test func aChangedComponentWritesItsText() throws {
        var event = try #require(items("BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\n").first)
        #expect(event.scanned.utf8 != nil)
        event.properties.append(ContentLine(name: "SUMMARY", value: "x"))
        #expect(event.scanned.utf8 == nil)
        #expect(event.utf8Text == Array("BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:x\r\nEND:VEVENT\r\n".utf8))
        var renamed = try #require(items("BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\n").first)
        renamed.name = "VTODO"
        #expect(renamed.utf8Text == Array("BEGIN:VTODO\r\nUID:a\r\nEND:VTODO\r\n".utf8))
        var emptied = try #require(items("BEGIN:VEVENT\r\nBEGIN:VALARM\r\nEND:VALARM\r\nEND:VEVENT\r\n").first)
        emptied.components.removeAll()
        #expect(emptied.utf8Text == Array("BEGIN:VEVENT\r\nEND:VEVENT\r\n".utf8))
        // Equality is by content: the kept bytes take no part.
        #expect(event == RawComponent(name: "VEVENT", properties: event.properties, line: event.line, endLine: event.endLine))
    }

    /// Maker given to an import's SourceText: the same bytes either way.
    @Test func theMakerGivesTheText() throws {
        let event = try #require(items("BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\n").first)
        #expect(event.utf8TextMaker() == event.writtenUTF8Text)
        let built = RawComponent(name: "VEVENT", properties: [ContentLine(name: "UID", value: "a")])
        #expect(built.utf8TextMaker() == built.writtenUTF8Text)
    }
}
