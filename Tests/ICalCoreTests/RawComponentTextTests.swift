import Foundation
import ICalCore
import Testing

/// `RawComponent.text`: the lines as read (`raw`), or as built from name, parameters and value,
/// subcomponents in place, CRLF after each line; non-ASCII text kept byte for byte.
@Suite("Raw component text")
struct RawComponentTextTests {
    @Test func linesAndSubcomponentsInOrder() {
        let alarm = RawComponent(name: "VALARM", properties: [ContentLine(name: "ACTION", value: "DISPLAY"), ContentLine(name: "TRIGGER", value: "-PT15M")])
        let event = RawComponent(name: "VEVENT", properties: [
            ContentLine(name: "UID", value: "ü@x", raw: "UID:ü@x"),
            ContentLine(name: "SUMMARY", parameters: [ICalParameter("LANGUAGE", "de")], value: "Grüße"),
            ContentLine(name: "DTSTART", value: "20260302T090000Z"),
        ], components: [alarm])
        #expect(event.text == "BEGIN:VEVENT\r\nUID:ü@x\r\nSUMMARY;LANGUAGE=de:Grüße\r\nDTSTART:20260302T090000Z\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n")
        #expect(RawComponent(name: "VTODO").text == "BEGIN:VTODO\r\nEND:VTODO\r\n")
    }

    /// `utf8Text` is `text`'s UTF-8, for every component of every fixture file (folds,
    /// parameters, quotes, non-ASCII and ISO-8859-1 lines, nested subcomponents) and an empty one.
    @Test func utf8TextIsTheTextsUTF8() throws {
        #expect(RawComponent(name: "VTODO").utf8Text == Array("BEGIN:VTODO\r\nEND:VTODO\r\n".utf8))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") } ?? []
        #expect(files.count > 20, "fixture files found: \(files.count)")
        var checked = 0
        func check(_ component: RawComponent) {
            #expect(component.utf8Text == Array(component.text.utf8), "\(component.name) at line \(component.line)")
            checked += 1
            component.components.forEach(check)
        }
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(file)))
            ICalScanner().scan(bytes).components.forEach(check)
        }
        #expect(checked > 100)
    }
}
