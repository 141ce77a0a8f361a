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
}
