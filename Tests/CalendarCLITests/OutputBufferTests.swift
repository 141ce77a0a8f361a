@testable import CalendarCLI
import CalendarModel
import Foundation
import Testing

@Suite("Output buffer")
struct OutputBufferTests {
    /// Pieces arrive in order, each once the threshold is reached, and together they are the
    /// whole output.
    @Test func deliversPiecesInOrderAtTheThreshold() throws {
        var pieces: [[UInt8]] = []
        var out = OutputBuffer(threshold: 4) { pieces.append(Array($0)) }
        out.bytes.append(contentsOf: "ab".utf8)
        try out.flushIfFull()
        #expect(pieces.isEmpty)
        out.bytes.append(contentsOf: "cde".utf8)
        try out.flushIfFull()
        #expect(pieces == [Array("abcde".utf8)])
        out.bytes.append(contentsOf: "f".utf8)
        try out.finish()
        #expect(pieces == [Array("abcde".utf8), Array("f".utf8)])
        try out.finish()
        #expect(pieces.count == 2, "nothing left, nothing delivered")
    }

    /// The events document written in many small pieces is byte for byte the one built whole.
    @Test func eventsInSmallPiecesEqualTheWholeDocument() throws {
        var list: [Occurrence] = []
        for day in 0..<50 {
            var e = Event(uid: "d\(day % 7)@x", title: "Day \(day) \"q\"", startDate: Date(timeIntervalSince1970: 1_772_442_000 + Double(day) * 86_400),
                          endDate: Date(timeIntervalSince1970: 1_772_445_600 + Double(day) * 86_400))
            e.timeZone = day.isMultiple(of: 3) ? nil : TimeZone(identifier: "Europe/Berlin")
            list.append(Occurrence(event: e, calendarTitle: day.isMultiple(of: 2) ? "Work" : "Home", startDate: e.startDate,
                                   endDate: e.endDate, occurrenceDate: day.isMultiple(of: 5) ? e.startDate : nil,
                                   isRecurring: day.isMultiple(of: 5), isDetached: false))
        }
        var collected: [UInt8] = []
        var deliveries = 0
        var out = OutputBuffer(threshold: 300) { collected.append(contentsOf: $0); deliveries += 1 }
        try JSONOutput.writeEvents(list, keepOrder: true, to: &out)
        #expect(deliveries > 10)
        #expect(String(decoding: collected, as: UTF8.self) == JSONOutput.events(list, keepOrder: true))
    }

    /// A floating occurrence from the store is placed on the time line in the query zone; the
    /// writer turns it back into its wall clock: 09:00 floating is written as 09:00 whatever the zone.
    @Test func storeOccurrencesAreWrittenAsWallClock() throws {
        let wall = Date(timeIntervalSince1970: 1_772_442_000)  // 2026-03-02T09:00:00 read as UTC
        let e = Event(uid: "f@x", title: "Floating", startDate: wall, endDate: wall + 3600)
        let newYork = try #require(TimeZone(identifier: "America/New_York"))  // UTC-5 on 2026-03-02
        let placed = Occurrence(event: e, calendarTitle: "Work", startDate: wall + 5 * 3600, endDate: wall + 6 * 3600,
                                occurrenceDate: nil, isRecurring: false, isDetached: false)
        var collected: [UInt8] = []
        var out = OutputBuffer { collected.append(contentsOf: $0) }
        try JSONOutput.writeEvents([placed], keepOrder: true, wallClockZone: newYork, to: &out)
        let text = String(decoding: collected, as: UTF8.self)
        #expect(text.contains("\"start\": \"2026-03-02T09:00:00\""))
        #expect(text.contains("\"end\": \"2026-03-02T10:00:00\""))
    }

    /// Only the process's own IO leaves a command's results for the exit to drop; an IO of
    /// tests, which run many commands in one process, frees them as usual.
    @Test func onlyTheProcessIOKeepsResultsUntilExit() {
        #expect(CLIIO.standard.exitsAfterCommand)
        #expect(!CLIIO.capturing().0.exitsAfterCommand)
    }

    /// A stdout that refuses the bytes makes `events --format json` exit 74 with a message.
    @Test func failedStdoutWriteIs74() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        struct Closed: Error {}
        let (base, captured) = CLIIO.capturing(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        var io = base
        io.writeStdout = { _ in throw Closed() }
        let status = CLI.run(["--store", store.path, "events", "--from", "2026-01-01", "--to", "2027-01-01", "--format", "json"], io: io)
        #expect(status == .ioError)
        #expect(captured.stderr.contains("cannot write to standard output"))
    }
}
