import CalendarModel
@testable import CalendarCLI
import Foundation
import Testing

@Suite("Table output")
struct TableOutputTests {
    @Test func eventsInTheChosenZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let standup = JSONOutputTests.event("standup", 1_772_438_400, 1_772_439_300, zone: berlin)   // 09:00–09:15 CET
        var holiday = JSONOutputTests.event("holiday", 1_772_409_600, 1_772_496_000, zone: nil, allDay: true)
        holiday.title = "Holiday"
        let trip = JSONOutputTests.event("trip", 1_772_409_600, 1_772_582_400, zone: nil, allDay: true)  // 03-02..03-03
        let floating = JSONOutputTests.event("float", 1_772_442_000, 1_772_445_600, zone: nil)     // 09:00–10:00 as written
        var located = standup
        located.location = "Room 1"
        let occurrences = [
            JSONOutputTests.occurrence(located, recurring: true),
            JSONOutputTests.occurrence(holiday),
            JSONOutputTests.occurrence(trip),
            JSONOutputTests.occurrence(floating),
        ]
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let expected = """
            START             END                   TITLE        CALENDAR  LOCATION
            2026-03-02        all day               Holiday      Work
            2026-03-02        2026-03-03 (all day)  T trip       Work
            2026-03-02 03:00  03:15                 T standup ↻  Work      Room 1
            2026-03-02 09:00  10:00                 T float      Work

            """
        #expect(TableOutput(timeZone: newYork, color: false).events(occurrences) == expected)
    }

    @Test func colourOnlyWhenAsked() {
        let plain = TableOutput(timeZone: .gmt, color: false).table(header: ["A", "B"], rows: [["x", "y"]])
        #expect(plain == "A  B\nx  y\n")
        let coloured = TableOutput(timeZone: .gmt, color: true).table(header: ["A", "B"], rows: [["x", "y"]])
        #expect(coloured == "\u{1B}[1mA  B\u{1B}[0m\nx  y\n")
    }

    @Test func colourFollowsTerminalAndNO_COLOR() {
        var (io, _) = CLIIO.capturing()
        #expect(!io.usesColor)
        io.stdoutIsTerminal = true
        #expect(io.usesColor)
        io.environment["NO_COLOR"] = "1"
        #expect(!io.usesColor)
    }

    @Test func empty() {
        #expect(TableOutput(timeZone: .gmt, color: false).events([]) == "No events.\n")
    }
}
