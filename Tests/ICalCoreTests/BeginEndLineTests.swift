import CalendarTestSupport
import Foundation
import Testing
@testable import ICalCore

/// The scanner reads `BEGIN:NAME` and `END:NAME` lines from their bytes
/// (`ScanTreeBuilder.plainBeginOrEnd`) instead of parsing them into a ContentLine: wherever it
/// does, the parser must give the same line (name BEGIN or END, no parameters, that value,
/// valid UTF-8).
@Suite("ICalScanner: BEGIN and END read from the bytes")
struct BeginEndLineTests {
    @Test func theBytesGiveWhatTheParserGives() {
        let names = ["BEGIN", "END", "begin", "End", "bEgIn", "BEGI", "BEGINS", "EN", "ENDS", "B", "E", ""]
        let values = ["VEVENT", "vtodo", "", "VÉVENT", "X-CUSTOM", "a:b", " VEVENT ", "V;X", "\u{7F}"]
        let separators = [":", ";X=1:", ";", "=", " :"]
        var generator = SplitMix64(seed: 0xBE61)
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        var fast = 0
        for _ in 0..<5_000 {
            var bytes = Array((pick(names) + pick(separators) + pick(values)).utf8)
            if generator.next() % 7 == 0 { bytes.append(0xFF) }   // not UTF-8
            bytes.withUnsafeBufferPointer { line in
                var invalid = false
                let parsed = ContentLineParser.parse(line, line: 1, invalidUTF8: &invalid)
                if let (isBegin, value) = ScanTreeBuilder.plainBeginOrEnd(line) {
                    fast += 1
                    #expect(parsed?.name == (isBegin ? "BEGIN" : "END"), "\(bytes)")
                    #expect(parsed?.parameters.isEmpty == true, "\(bytes)")
                    #expect(parsed?.value == String(decoding: value, as: UTF8.self), "\(bytes)")
                    #expect(!invalid, "\(bytes)")
                } else if let parsed, parsed.name == "BEGIN" || parsed.name == "END", parsed.parameters.isEmpty,
                          !invalid, !parsed.value.isEmpty, parsed.value.utf8.allSatisfy({ $0 < 0x80 }) {
                    Issue.record("a plain \(parsed.name) line went to the parser: \(bytes)")
                }
            }
        }
        #expect(fast > 200)   // 273 of the 5,000 lines with this seed
    }

    @Test func examples() {
        func read(_ text: String) -> (Bool, String)? {
            Array(text.utf8).withUnsafeBufferPointer { line in
                ScanTreeBuilder.plainBeginOrEnd(line).map { ($0.isBegin, String(decoding: $0.value, as: UTF8.self)) }
            }
        }
        #expect(read("BEGIN:VEVENT")! == (true, "VEVENT"))
        #expect(read("begin:vevent")! == (true, "vevent"))
        #expect(read("END:VCALENDAR")! == (false, "VCALENDAR"))
        #expect(read("BEGIN;X=1:VEVENT") == nil)
        #expect(read("BEGIN:") == nil)
        #expect(read("BEGIN:VÉVENT") == nil)
        #expect(read("BEGINS:VEVENT") == nil)
        #expect(read("ENDX:VEVENT") == nil)
        #expect(read("DTEND:20260101") == nil)
    }
}
