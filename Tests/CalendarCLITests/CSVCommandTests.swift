@testable import CalendarCLI
import CalendarTestSupport
import Foundation
import Testing

/// `events --format csv`, `export --format csv` (`--columns`, `--bom`) and CSV input to
/// `convert`, `import` and `validate` (issue 26 point 3). Expected rows follow Google
/// Calendar's CSV import help (05/30/2020, 10:00 AM, True/False) for the demo fixture's
/// events, whose times Fixtures/demo/team.ics gives in Outlook's "GMT Standard Time"
/// (Europe/London).
@Suite("CSV commands")
struct CSVCommandTests {
    static let table = """
        Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private
        Final exam,05/30/2020,10:00 AM,05/30/2020,1:00 PM,False,"Bring a pen, paper",Room 614,True
        Trip,2020-06-01,,2020-06-02,,True,,,

        """

    @Test func eventsAndExportWriteImportColumns() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        // The week of 4 May 2026: Monday's stand-up moved to Tuesday 10:00-10:15 (an override).
        let week = store.ok(["events", "--from", "2026-05-04", "--to", "2026-05-11", "--tz", "Europe/London", "--format", "csv"])
        let rows = week.components(separatedBy: "\r\n")
        #expect(rows.first == "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private")
        #expect(rows.dropFirst().first?.hasPrefix("Weekly stand-up (Tuesday this week),05/05/2026,10:00 AM,05/05/2026,10:15 AM,False,") == true)
        // Export: one row per stored event, columns chosen; an all-day event has no times.
        let export = store.ok(["export", "--format", "csv", "--columns", "subject, start date ,start time,All Day Event", "--tz", "Europe/London"])
        #expect(export.hasPrefix("Subject,Start Date,Start Time,All Day Event\r\n"))
        #expect(export.contains("Team offsite – Lake District,06/17/2026,,True\r\n"))
        #expect(export.contains("Weekly stand-up,01/05/2026,9:30 AM,False\r\n"))
        #expect(store.ok(["export", "--format", "csv", "--bom", "--columns", "subject"]).hasPrefix("\u{FEFF}Subject\r\n"))
    }

    @Test func csvOptionsNeedCSV() throws {
        let store = try StoreUnderTest()
        store.ok(["import", fixture("demo/team.ics")])
        let wrong = store.run(["events", "--day", "2026-05-05", "--format", "json", "--bom"])
        #expect(wrong.status == .usage && wrong.stderr.contains("--columns and --bom are for --format csv"))
        let unknown = store.run(["export", "--format", "csv", "--columns", "Subject,Colour"])
        #expect(unknown.status == .usage && unknown.stderr.contains("Unknown column 'Colour' for '--columns'"))
    }

    @Test func convertReadsATableInTheZoneOfTz() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("schedule.csv")
        try Self.table.write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["convert", path, "--format", "ics", "--tz", "America/New_York"])
        #expect(result.status == .ok, "\(result)")
        let lines = unfold(result.stdout)
        // 10:00 and 13:00 in New York; the all-day trip's End Date 06/02 is inclusive, DTEND exclusive (RFC 5545 §3.6.1).
        #expect(lines.contains("DTSTART;TZID=America/New_York:20200530T100000"))
        #expect(lines.contains("DTEND;TZID=America/New_York:20200530T130000"))
        #expect(lines.contains("DESCRIPTION:Bring a pen\\, paper"))
        #expect(lines.contains("CLASS:PRIVATE"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20200601") && lines.contains("DTEND;VALUE=DATE:20200603"))
        // RFC 5545 §3.6.1: UID and DTSTAMP in every VEVENT.
        #expect(lines.filter { $0.hasPrefix("UID:") }.count == 2 && lines.filter { $0.hasPrefix("DTSTAMP:") }.count == 2)
        #expect(runCLI(["validate", path]).stdout == "\(path): 2 events, 0 reminders, 0 warnings, 0 errors\n")
    }

    @Test func importReadsATableAndBadCellsSayWhere() throws {
        let directory = try TemporaryDirectory()
        let good = directory.path("schedule.csv"), bad = directory.path("bad.csv")
        try Self.table.write(toFile: good, atomically: true, encoding: .utf8)
        try "Subject,Start Date,Start Time\nExam,02/30/2026,10:00 AM\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let store = try StoreUnderTest()
        store.ok(["import", good, "--calendar", "School", "--tz", "America/New_York"])
        let found = try store.events(["--from", "2020-05-30", "--to", "2020-05-31"], zone: "UTC")
        #expect(found.map { $0["start"] as? String } == ["2020-05-30T10:00:00-04:00"])
        let failed = store.run(["import", bad, "--calendar", "School"])
        #expect(failed.status == .dataError)
        #expect(failed.stderr.contains("bad.csv: not valid CSV: line 2, column \"Start Date\": \"02/30/2026\" is not a date"))
        // Nothing of the bad table was imported.
        #expect(try store.events(["--from", "2026-02-01", "--to", "2026-04-01"]).isEmpty)
    }
}
