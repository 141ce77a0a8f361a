import CalendarTestSupport
import ICalCore
import Testing

/// Folding at 75 octets (RFC 5545 §3.1), checked on the bytes of the output.
@Suite("LineFolder")
struct LineFolderTests {
    /// The physical lines of folded output (CRLF removed); nil when it does not end in CRLF or
    /// holds a bare CR or LF.
    static func physicalLines(_ folded: String) -> [[UInt8]]? {
        let bytes = Array(folded.utf8)
        guard bytes.count >= 2, bytes[bytes.count - 2] == 0x0D, bytes[bytes.count - 1] == 0x0A else { return nil }
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D {
                guard i + 1 < bytes.count, bytes[i + 1] == 0x0A else { return nil }
                lines.append(current)
                current = []
                i += 2
            } else if bytes[i] == 0x0A {
                return nil
            } else {
                current.append(bytes[i])
                i += 1
            }
        }
        return lines
    }

    /// Joins physical lines back, dropping the one leading space of each continuation.
    static func unfold(_ lines: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        for (n, line) in lines.enumerated() {
            out += n == 0 ? line[...] : line.dropFirst()
        }
        return out
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let line: String
        /// Octets of each physical line, counted by hand (continuations include their space).
        let octets: [Int]
        var testDescription: String { id }
        static func x(_ n: Int) -> String { "X:" + String(repeating: "a", count: n - 2) }
        static let all = [
            Case(id: "empty", line: "", octets: [0]),
            Case(id: "74 octets", line: x(74), octets: [74]),
            Case(id: "75 octets", line: x(75), octets: [75]),
            Case(id: "76 octets", line: x(76), octets: [75, 2]),
            // 75 + 74 = 149 octets of content fill exactly two lines.
            Case(id: "149 octets", line: x(149), octets: [75, 75]),
            Case(id: "150 octets", line: x(150), octets: [75, 75, 2]),
            // é is 2 octets at 75–76: the first line stops at 74.
            Case(id: "2-byte char across 75", line: x(74) + "é", octets: [74, 3]),
            Case(id: "2-byte char ending at 75", line: x(73) + "é", octets: [75]),
            // € is 3 octets at 74–76 or 75–77.
            Case(id: "3-byte char across 75 (74-76)", line: x(73) + "€", octets: [73, 4]),
            Case(id: "3-byte char across 75 (75-77)", line: x(74) + "€", octets: [74, 4]),
            Case(id: "3-byte char ending at 75", line: x(72) + "€", octets: [75]),
            // 😀 is 4 octets.
            Case(id: "4-byte char across 75 (73-76)", line: x(72) + "😀", octets: [72, 5]),
            Case(id: "4-byte char across 75 (75-78)", line: x(74) + "😀", octets: [74, 5]),
            Case(id: "4-byte char ending at 75", line: x(71) + "😀", octets: [75]),
            Case(id: "all 2-byte", line: String(repeating: "é", count: 80), octets: [74, 75, 13]),
        ]
    }

    @Test(arguments: Case.all)
    func folds(_ c: Case) throws {
        let folded = LineFolder.fold(c.line)
        let lines = try #require(Self.physicalLines(folded))
        #expect(lines.map(\.count) == c.octets)
        for (n, line) in lines.enumerated() {
            #expect(String(validating: line, as: UTF8.self) != nil, "physical line \(n) is valid UTF-8 on its own")
            if n > 0 { #expect(line.first == 0x20) }
        }
        #expect(Self.unfold(lines) == Array(c.line.utf8))
    }

    @Test func appendAddsToExistingText() {
        var out = "BEGIN:VEVENT\r\n"
        LineFolder.append("SUMMARY:x", to: &out)
        #expect(out == "BEGIN:VEVENT\r\nSUMMARY:x\r\n")
    }

    /// Many generated lines of mixed 1- to 4-byte characters (fixed seed).
    @Test func propertyEveryLineFitsAndUnfoldsBack() throws {
        let alphabet: [Character] = ["a", "Z", "0", " ", ";", ":", ",", "\\", "é", "ß", "Ω", "€", "中", "✓", "😀", "𝄞", "e\u{301}"]
        var rng = SplitMix64(seed: 0x1CA1_C17)
        var checked = 0
        for _ in 0..<2000 {
            let length = Int.random(in: 0...400, using: &rng)
            var line = ""
            for _ in 0..<length {
                line.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
            }
            let folded = LineFolder.fold(line)
            let lines = try #require(Self.physicalLines(folded), "output ends in CRLF with no bare CR/LF: \(line)")
            for physical in lines {
                #expect(physical.count <= 75, "line of \(physical.count) octets from \(line)")
                #expect(String(validating: physical, as: UTF8.self) != nil, "split character in \(line)")
            }
            for continuation in lines.dropFirst() {
                #expect(continuation.first == 0x20)
                #expect(continuation.count >= 2, "an empty continuation line")
            }
            #expect(Self.unfold(lines) == Array(line.utf8))
            // Folding wastes no room: every line but the last is full up to one character.
            for physical in lines.dropLast() { #expect(physical.count > 75 - 4) }
            checked += 1
        }
        #expect(checked == 2000)
    }

    @Test func foldedOutputScansBackToTheSameValue() throws {
        let value = String(repeating: "Zoë € 😀 ", count: 40)
        let folded = LineFolder.fold("SUMMARY:" + value)
        let bytes = Array(("BEGIN:VEVENT\r\n" + folded + "END:VEVENT\r\n").utf8)
        let scan = ICalScanner().scan(bytes)
        #expect(scan.issues.isEmpty)
        #expect(scan.components.first?.property("SUMMARY")?.value == value)
    }

    /// A verbatim component text is folded line by line: CRLF and LF both end a line, empty
    /// lines are dropped, and a long line with multi-byte characters folds as a single line does.
    @Test func componentTextFoldsLineByLine() throws {
        let long = "DESCRIPTION:" + String(repeating: "Zoë € 😀 ", count: 20)
        let text = "BEGIN:VEVENT\r\nUID:a@b\n\r\n" + long + "\r\nEND:VEVENT"
        var out: [UInt8] = []
        LineFolder.appendLines(of: text, to: &out)
        let expected = "BEGIN:VEVENT\r\nUID:a@b\r\n" + LineFolder.fold(long) + "END:VEVENT\r\n"
        #expect(out == Array(expected.utf8))
        let lines = try #require(Self.physicalLines(String(decoding: out, as: UTF8.self)))
        #expect(lines.count > 4, "the long line was folded")
        for physical in lines { #expect(physical.count <= 75) }
    }

    /// Component texts of random lines (short and long, CRLF or bare LF ends, empty lines, a
    /// lone CR, no final line end) come out as folding each line on its own gives them.
    @Test func componentTextMatchesLineByLineFolding() {
        let pieces = ["BEGIN:VEVENT", "UID:x", "DTSTART;TZID=Europe/Berlin:20260302T090000", "", "\r",
                      "SUMMARY:" + String(repeating: "ab", count: 34), "SUMMARY:" + String(repeating: "a", count: 67),
                      "DESCRIPTION:" + String(repeating: "Zoë € 😀 ", count: 12), "X:é"]
        let ends = ["\r\n", "\n", "\r\n", "\r\n"]
        var rng = SplitMix64(seed: 0xF01D)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &rng)] + ends[Int.random(in: 0..<ends.count, using: &rng)]
            }
            if Bool.random(using: &rng) { text += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
            var expected: [UInt8] = []
            var fast: [UInt8] = []
            var copy = text
            copy.withUTF8 { bytes in
                LineFolder.forEachLine(in: bytes) { LineFolder.append(bytes: $0, to: &expected) }
                LineFolder.appendLines(of: bytes, to: &fast)
            }
            #expect(fast == expected, "\(text.debugDescription)")
        }
    }
}
