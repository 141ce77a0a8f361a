import CalendarTestSupport
import Foundation
import Testing
@testable import ICalCore

/// Quoted-printable and base64 values taken out of libical's vCal lexer's way
/// (``VCalendarPreparation``). Expected bytes follow RFC 2045 §6.7: `=XY` is the byte with hex
/// value XY, a `=` at the end of a line is a soft line break, and a `=` not followed by two hex
/// digits is kept as it is.
@Suite("vCalendar: quoted-printable before the parser")
struct VCalendarPreparationTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    static let mark = "\u{E000}"

    @Test func decodesHexPairsInEitherCase() {
        #expect(Self.text(VCalendarPreparation.decodedQuotedPrintable(Array("Caf=E9=3d=3D".utf8))) == "Caf\u{FFFD}==")
        #expect(VCalendarPreparation.decodedQuotedPrintable(Array("=C3=A9".utf8)) == [0xC3, 0xA9])
    }

    @Test func keepsAnEqualsSignWithoutTwoHexDigits() {
        #expect(Self.text(VCalendarPreparation.decodedQuotedPrintable(Array("a=G b=4 c=".utf8))) == "a=G b=4 c=")
    }

    @Test func lineBreaksBecomeTheMark() {
        #expect(Self.text(VCalendarPreparation.decodedQuotedPrintable(Array("one=0D=0Atwo=0Athree=0Dfour".utf8)))
                == "one\(Self.mark)two\(Self.mark)three\(Self.mark)four")
    }

    @Test func softLineBreakJoinsTheNextLine() {
        let input = "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nSUMMARY;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Plan =\r\nB=C3=A9=0D=0Ata\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let prepared = VCalendarPreparation.prepare(Array(input.utf8))
        #expect(Self.text(prepared.text) == "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nSUMMARY;CHARSET=UTF-8:Plan Bé\(Self.mark)ta\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        #expect(prepared.notes.isEmpty)
    }

    /// vCal 1.0's bare parameter (`;QUOTED-PRINTABLE`) switches the lexer's mode too.
    @Test func bareParameterIsTakenOut() {
        let prepared = VCalendarPreparation.prepare(Array("DESCRIPTION;QUOTED-PRINTABLE:x=3Dy\n".utf8))
        #expect(Self.text(prepared.text) == "DESCRIPTION:x=y\r\n")
    }

    @Test func base64ValueIsDroppedWithANote() {
        let input = "BEGIN:VEVENT\r\nATTACH;ENCODING=BASE64:\r\n  aGVsbG8g\r\n  d29ybGQ=\r\n\r\nSUMMARY:x\r\nEND:VEVENT\r\n"
        let prepared = VCalendarPreparation.prepare(Array(input.utf8))
        #expect(Self.text(prepared.text) == "BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n")
        #expect(prepared.notes == ["line 2: ATTACH: a BASE64 value is not read (dropped)"])
    }

    @Test func restoresTheMarkAsAnEscapedLineBreakAcrossFolds() {
        // The mark's three bytes split by a fold (CRLF and a space), as a 75-octet fold may.
        let ics: [UInt8] = Array("DESCRIPTION:a".utf8) + [0xEE, 0x0D, 0x0A, 0x20, 0x80, 0x80] + Array("b\r\n".utf8)
        #expect(Self.text(VCalendarPreparation.restoringLineBreaks(ics)) == "DESCRIPTION:a\\nb\r\n")
    }

    /// Found by `make fuzz FUZZ_FORMAT=vcal`: a QUOTED-PRINTABLE value with `=G` made libical's
    /// parser allocate without end. It now ends at once with an error (the file is not vCal the
    /// parser can read: a `,` in a property name).
    @Test func fuzzFindingEndsWithAnError() throws {
        let bytes = try [UInt8](Data(contentsOf: TestFiles.fixtures.appendingPathComponent("fuzz/vcal-quoted-printable-hang.vcs")))
        let started = Date()
        #expect(throws: ICalError.self) { try VCalendarConverter.iCalendar(fromVCalendar: bytes) }
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
