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

    /// A folded line continues the value before it (vCalendar 1.0 §2.1.3, RFC 822 folding): text
    /// such as `;BASE64:` in it is not a parameter, and nothing of it is dropped.
    @Test func foldedLineIsTextOfTheValue() {
        let input = "DESCRIPTION:Send the scan\r\n as ;BASE64: or fax\r\nSUMMARY:Plan\r\n"
        let prepared = VCalendarPreparation.prepare(Array(input.utf8))
        #expect(prepared.notes.isEmpty)
        // The line is kept as it is; only the word gets the mark every encoding word gets.
        #expect(Self.text(prepared.text) == "DESCRIPTION:Send the scan\r\n as ;B\u{E001}ASE64: or fax\r\nSUMMARY:Plan\r\n")
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
        let converted = try #require(Self.convertedWithin(seconds: 5, bytes))
        #expect(throws: ICalError.self) { try converted.get() }
    }

    // MARK: - Encoding words where the lexer may read a value as parameters

    static let wordMark = "\u{E001}"

    /// vobject.c's property table makes `QP` an alias of `QUOTED-PRINTABLE`, so the lexer decodes
    /// `ENCODING=QP` values too; the preparation does it first.
    @Test func qpAliasIsDecodedAndTakenOut() {
        let prepared = VCalendarPreparation.prepare(Array("DESCRIPTION;ENCODING=QP:x=3Dy\n".utf8))
        #expect(Self.text(prepared.text) == "DESCRIPTION:x=y\r\n")
    }

    /// A line that starts with `:` is a syntax error: the parser drops the `:` and the lexer reads
    /// `NOTE;ENCODING=QUOTED-PRINTABLE` as a property with a parameter, switching to its
    /// quoted-printable mode, where `a=;` (a `=` without hex digits) makes it return an empty
    /// string without reading on, for ever (as libical 3.0.16's vcc.y does on this input). Every
    /// whole word of that kind gets the mark, so the lexer's word is no longer an encoding.
    @Test func encodingWordsInValuesGetTheMark() {
        let input = "BEGIN:VEVENT\r\nSUMMARY:Plan\r\n:NOTE;ENCODING=QUOTED-PRINTABLE:a=;b\r\nEND:VEVENT\r\n"
        let prepared = VCalendarPreparation.prepare(Array(input.utf8))
        #expect(Self.text(prepared.text)
                == "BEGIN:VEVENT\r\nSUMMARY:Plan\r\n:NOTE;ENCODING=Q\(Self.wordMark)UOTED-PRINTABLE:a=;b\r\nEND:VEVENT\r\n")
        #expect(prepared.notes.isEmpty)
    }

    /// Words end where the lexer's words end (white space, `;`, `:`, `=`); a longer word is not an
    /// encoding and stays as it is.
    @Test func onlyWholeWordsGetTheMark() {
        let prepared = VCalendarPreparation.prepare(Array("SUMMARY:send as base64;or qp=QPX BASE64X quoted-printable\r\n".utf8))
        let m = Self.wordMark
        #expect(Self.text(prepared.text) == "SUMMARY:send as b\(m)ase64;or q\(m)p=QPX BASE64X q\(m)uoted-printable\r\n")
    }

    @Test func restoringTakesTheWordMarkOutAcrossFolds() {
        let ics: [UInt8] = Array("SUMMARY:Q".utf8) + [0xEE, 0x80, 0x0D, 0x0A, 0x20, 0x81] + Array("P notes\r\n".utf8)
        #expect(Self.text(VCalendarPreparation.restoringLineBreaks(ics)) == "SUMMARY:QP notes\r\n")
    }

    /// The small input above through the parser and converter: it ends, and the event keeps its
    /// SUMMARY (the parser drops only the `:`; the line after it is a property it reads).
    @Test func valueReadAsParametersEnds() throws {
        let input = "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nDTSTART:20260105T140000Z\r\nSUMMARY:Plan\r\n:NOTE;ENCODING=QUOTED-PRINTABLE:a=;b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let converted = try #require(Self.convertedWithin(seconds: 10, Array(input.utf8)))
        let ics = Self.text(try converted.get().iCalendar)
        #expect(ics.contains("SUMMARY:Plan\r\n"))
        #expect(!ics.contains("\u{E001}"))
    }

    /// Every vCal file the fuzzer flagged: the conversion returns (a result or an error) within
    /// 10 s. The parser cannot be stopped from outside, so the call runs on its own thread and a
    /// hang fails here instead of stalling the suite unnoticed.
    @Test(arguments: TestFiles.fixtureFiles("fuzz", extensions: ["vcs"]))
    func fuzzFindingReturns(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: TestFiles.fixtures.appendingPathComponent(path)))
        #expect(Self.convertedWithin(seconds: 10, bytes) != nil, "\(path): Parse_MIME did not return within 10 s")
    }

    /// The conversion of `bytes` on a thread of its own, or nil when it has not returned in time.
    static func convertedWithin(seconds: Double, _ bytes: [UInt8]) -> Result<VCalendarConverter.Conversion, ICalError>? {
        final class Box: @unchecked Sendable { var result: Result<VCalendarConverter.Conversion, ICalError>? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.result = Result { () throws(ICalError) in try VCalendarConverter.iCalendar(fromVCalendar: bytes) }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.result
    }
}
