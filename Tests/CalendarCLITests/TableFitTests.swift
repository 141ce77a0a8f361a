import CalendarModel
@testable import CalendarCLI
import Foundation
import Testing

/// How tables share a terminal's width: widths worked out by hand from the rounds
/// ``ColumnFit`` documents (others down to 6 before the first listed, the title, gives; then
/// all down to 6; then all down to 3; of equal ones the rightmost first; 2 columns a gap).
@Suite("Table fitting")
struct TableFitTests {
    struct FitCase: Sendable, CustomTestStringConvertible {
        let id: String, natural: [Int], cut: [Int], limit: Int, expected: [Int]
        var testDescription: String { id }
    }

    static let fits: [FitCase] = [
        // 5 + 2 + 10 = 17.
        FitCase(id: "fits uncut", natural: [5, 10], cut: [1], limit: 17, expected: [5, 10]),
        // 30 + 2 + 20 = 52, 10 too many: all from the second.
        FitCase(id: "others give before the title", natural: [30, 20], cut: [0, 1], limit: 42, expected: [30, 10]),
        // 64 in 40: the others give 14 + 4 down to 6, the title the last 6.
        FitCase(id: "the title gives when the others are at 6", natural: [30, 20, 10], cut: [0, 1, 2], limit: 40, expected: [24, 6, 6]),
        // 34 in 31: the third, the second, the third again.
        FitCase(id: "of equal ones the rightmost gives first", natural: [10, 10, 10], cut: [0, 1, 2], limit: 31, expected: [10, 9, 8]),
        // 42 in 8: both down to 6, then to 3 each.
        FitCase(id: "down to three when nothing else helps", natural: [20, 20], cut: [0, 1], limit: 8, expected: [3, 3]),
        // 38 in 20: only the second may give, down to 3; the table stays one too wide.
        FitCase(id: "columns not listed keep their width", natural: [16, 20], cut: [1], limit: 20, expected: [16, 3]),
    ]

    @Test(arguments: fits)
    func columnWidths(_ c: FitCase) {
        #expect(ColumnFit.widths(c.natural, cut: c.cut, limit: c.limit) == c.expected)
    }

    /// Four events shown in Europe/Berlin (CET, +01:00), in three zones and an all-day one:
    /// - Dentist, Berlin, 2026-03-10 08:00Z–09:00Z: 09:00–10:00.
    /// - Conference, all day 2026-03-12 to 14 (exclusive): its last day is 03-13.
    /// - Late call, UTC, 2026-03-20 22:30Z–23:30Z: 23:30 to 00:30 the next day.
    /// - Planning, New York (EDT, −04:00 since 8 March), 15:00–16:00 there, 19:00Z: 20:00–21:00.
    static func occurrences() throws -> (occurrences: [Occurrence], ids: [String: String]) {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        var dentist = JSONOutputTests.event("dentist", 1_773_129_600, 1_773_133_200, zone: berlin)      // 2026-03-10T08:00Z
        dentist.title = "Dentist"
        dentist.location = "Hauptstraße 5"
        var conference = JSONOutputTests.event("conference", 1_773_273_600, 1_773_446_400, zone: nil, allDay: true)  // 03-12..14
        conference.title = "Conference"
        var late = JSONOutputTests.event("late", 1_774_045_800, 1_774_049_400, zone: .gmt)              // 2026-03-20T22:30Z
        late.title = "Late call"
        var planning = JSONOutputTests.event("planning", 1_774_378_800, 1_774_382_400, zone: newYork)   // 2026-03-24T19:00Z
        planning.title = "Quarterly planning with the whole platform group"
        planning.location = "Building 4, room 12"
        let ids = ["dentist": "d1d1d1", "conference": "c2c2c2", "late": "l3l3l3", "planning": "q4q4q4"]
        return ([dentist, conference, late, planning].map { JSONOutputTests.occurrence($0) }, ids)
    }

    static func table(width: Int?) throws -> String {
        let (occurrences, ids) = try Self.occurrences()
        var table = TableOutput(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), color: false)
        table.shortIDs = ids
        table.width = width
        return table.events(occurrences)
    }

    /// Uncut (145 columns): full ends and zones.
    @Test func wideEnoughKeepsEverything() throws {
        #expect(try Self.table(width: 145) == """
            ID      START             END                   TITLE                                             CALENDAR  LOCATION             ZONE
            d1d1d1  2026-03-10 09:00  10:00                 Dentist                                           Work      Hauptstraße 5        Europe/Berlin
            c2c2c2  2026-03-12        2026-03-13 (all day)  Conference                                        Work
            l3l3l3  2026-03-20 23:30  2026-03-21 00:30      Late call                                         Work                           UTC
            q4q4q4  2026-03-24 20:00  21:00                 Quarterly planning with the whole platform group  Work      Building 4, room 12  America/New_York

            """)
        #expect(try Self.table(width: nil) == Self.table(width: 145))
    }

    /// 120 columns: compact ends (11) and zones by city (8) give 128; LOCATION gives the other 8
    /// (19 → 11) and the title stays whole.
    @Test func at120TheTitleStaysWhole() throws {
        #expect(try Self.table(width: 120) == """
            ID      START             END          TITLE                                             CALENDAR  LOCATION     ZONE
            d1d1d1  2026-03-10 09:00  10:00        Dentist                                           Work      Hauptstraß…  Berlin
            c2c2c2  2026-03-12        until 03-13  Conference                                        Work
            l3l3l3  2026-03-20 23:30  03-21 00:30  Late call                                         Work                   UTC
            q4q4q4  2026-03-24 20:00  21:00        Quarterly planning with the whole platform group  Work      Building 4…  New_York

            """)
    }

    /// 80 columns: ID, START and the compact END take 33 and the gaps 12, leaving 35:
    /// CALENDAR, LOCATION and ZONE give down to 6 each, the title keeps 17. An all-day event
    /// of several days no longer widens END to 20.
    @Test func at80TheTitleKeepsMostRoom() throws {
        let text = try Self.table(width: 80)
        #expect(text == """
            ID      START             END          TITLE              CALEN…  LOCAT…  ZONE
            d1d1d1  2026-03-10 09:00  10:00        Dentist            Work    Haupt…  Berlin
            c2c2c2  2026-03-12        until 03-13  Conference         Work
            l3l3l3  2026-03-20 23:30  03-21 00:30  Late call          Work            UTC
            q4q4q4  2026-03-24 20:00  21:00        Quarterly planni…  Work    Build…  New_Y…

            """)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// An all-day event into the next year keeps the year of its last day. 58 columns in 52:
    /// LOCATION and CALENDAR give 2 each (8 → 6), the title 2 (8 → 6).
    @Test func untilAnotherYear() throws {
        var newYear = JSONOutputTests.event("ny", 1_798_675_200, 1_798_848_000, zone: nil, allDay: true)  // 2026-12-31..2027-01-02
        newYear.title = "New Year"
        var table = TableOutput(timeZone: .gmt, color: false)
        table.width = 52
        #expect(table.events([JSONOutputTests.occurrence(newYear)]) == """
            START       END               TITLE   CALEN…  LOCAT…
            2026-12-31  until 2027-01-01  New Y…  Work

            """)
    }

    @Test(arguments: [("Europe/Berlin", "Berlin"), ("America/Argentina/Buenos_Aires", "Buenos_Aires"), ("UTC", "UTC"),
                      ("floating", "floating"), ("Customized Time Zone", "Customized Time Zone")])
    func zonesByCity(_ zone: String, _ city: String) {
        #expect(TableOutput.city(zone) == city)
    }
}
