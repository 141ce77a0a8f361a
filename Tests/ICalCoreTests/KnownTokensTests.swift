import CalendarTestSupport
import Testing
@testable import ICalCore

/// The parser gives common names and values as literals (`KnownTokens`): a literal must be
/// given for exactly its own bytes, and nothing else.
@Suite("KnownTokens: literals for their exact bytes")
struct KnownTokensTests {
    private func lookUp(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { KnownTokens.string(for: $0) }
    }

    @Test func everyWordIsFoundAsItself() {
        #expect(Set(KnownTokens.words).count == KnownTokens.words.count, "a word is listed twice")
        for word in KnownTokens.words {
            #expect(lookUp(Array(word.utf8)) == word)
            // The scanner gives a BEGIN/END value from the table without upper-casing it.
            #expect(word.uppercased() == word, "\(word) is not upper case")
        }
    }

    @Test func nearMissesAreNotFound() {
        /// The word these bytes spell when the table lists it, else nil.
        func listed(_ bytes: [UInt8]) -> String? {
            let text = String(decoding: bytes, as: UTF8.self)
            return KnownTokens.words.contains(text) ? text : nil
        }
        for word in KnownTokens.words {
            let bytes = Array(word.utf8)
            #expect(lookUp(Array(bytes.dropLast())) == listed(Array(bytes.dropLast())))
            #expect(lookUp(Array(bytes.dropFirst())) == listed(Array(bytes.dropFirst())))
            #expect(lookUp(bytes + [UInt8(ascii: "X")]) == listed(bytes + [UInt8(ascii: "X")]))
            if word.lowercased() != word { #expect(lookUp(Array(word.lowercased().utf8)) == nil) }
            for k in bytes.indices {
                var changed = bytes
                changed[k] ^= 0x01
                #expect(lookUp(changed) == listed(changed), "\(changed)")
            }
        }
        #expect(lookUp([]) == nil)
        #expect(lookUp([UInt8(ascii: "X")]) == nil)
    }

    /// Whatever bytes come, a literal given equals the String made from them.
    @Test func randomBytesNeverGiveAnotherString() {
        var generator = SplitMix64(seed: 0x70CE)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ-.0123456789".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
        var found = 0
        for _ in 0..<50_000 {
            var bytes: [UInt8]
            if generator.next() % 2 == 0 {
                // A word, maybe with one byte replaced.
                bytes = Array(KnownTokens.words[Int(generator.next() % UInt64(KnownTokens.words.count))].utf8)
                if generator.next() % 2 == 0 {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                }
            } else {
                bytes = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            }
            if let literal = lookUp(bytes) {
                found += 1
                #expect(Array(literal.utf8) == bytes)
            }
        }
        // A quarter of the draws are words left whole (about 12,500).
        #expect(found > 11_000)
    }

    @Test func theParserGivesTheSameLineWithTheTable() throws {
        let line = "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE;X-NUM-GUESTS=0:mailto:a@example.com"
        var invalid = false
        let parsed = try #require(Array(line.utf8).withUnsafeBufferPointer { ContentLineParser.parse($0, line: 3, invalidUTF8: &invalid) })
        #expect(parsed.name == "ATTENDEE")
        #expect(parsed.parameters.map(\.name) == ["CUTYPE", "ROLE", "PARTSTAT", "RSVP", "X-NUM-GUESTS"])
        #expect(parsed.parameters.map(\.values) == [["INDIVIDUAL"], ["REQ-PARTICIPANT"], ["ACCEPTED"], ["TRUE"], ["0"]])
        #expect(parsed.value == "mailto:a@example.com")
        #expect(parsed.text == line)
        #expect(!invalid)
    }
}
