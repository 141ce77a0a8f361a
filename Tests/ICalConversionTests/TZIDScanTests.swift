import CalendarTestSupport
@testable import ICalConversion
import Testing

/// The TZID parameters export finds in verbatim text (to write one VTIMEZONE for each):
/// `ICalendarWriter.forEachTZIDBytes` skips lines without a ';' by memchr; here it is checked
/// against a plain per-line reading of the parameters.
@Suite("TZID scan of verbatim text")
struct TZIDScanTests {
    /// Per line: the part before the first ':' outside quotes, split at ';' outside quotes;
    /// every `TZID=` parameter (name in any case), its value without surrounding quotes.
    static func reference(_ text: String) -> [String] {
        var found: [String] = []
        // By scalars: "\r\n" is one Character, so a split at "\n" Characters would miss it.
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            var parts: [String] = []
            var current = ""
            var inQuotes = false
            for c in line {
                if c == "\"" { inQuotes.toggle() }
                if !inQuotes && c == ":" { break }
                if !inQuotes && c == ";" { parts.append(current); current = ""; continue }
                current.unicodeScalars.append(c)
            }
            parts.append(current)
            for p in parts.dropFirst() where p.count >= 5 && p.prefix(5).uppercased() == "TZID=" {
                var value = p.dropFirst(5)
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                found.append(String(value))
            }
        }
        return found
    }

    @Test func matchesAPlainReadingOfEveryLine() {
        let lines = [
            "DTSTART;TZID=Europe/Berlin:20260302T090000", "DTEND;tzid=\"America/New_York\":20260302T100000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3", "SUMMARY:a\\;b;TZID=not-a-parameter", "GEO:1.5;2.5",
            "X-A;X-P=\"a:b;TZID=quoted\";TzId=W. Europe Standard Time:v", "EXDATE;VALUE=DATE-TIME;TZID=Asia/Tokyo:20260101T000000",
            "ATTENDEE;CN=\"Doe; Jane\":mailto:j@x", "X-EMPTY;TZID=:x", "X-SHORT;TZID", ";TZID=Lead/Semicolon:x", "", "DESCRIPTION:plain",
        ]
        let ends = ["\r\n", "\n"]
        var rng = SplitMix64(seed: 0x7A1D)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 0...10, using: &rng) {
                text += lines[Int.random(in: 0..<lines.count, using: &rng)] + ends[Int.random(in: 0..<ends.count, using: &rng)]
            }
            if Bool.random(using: &rng) { text += lines[Int.random(in: 0..<lines.count, using: &rng)] }
            var found: [String] = []
            var copy = text
            copy.withUTF8 { bytes in ICalendarWriter.forEachTZIDBytes(inLines: bytes) { found.append(String(decoding: $0, as: UTF8.self)) } }
            #expect(found == Self.reference(text), "\(text.debugDescription)")
        }
    }
}
