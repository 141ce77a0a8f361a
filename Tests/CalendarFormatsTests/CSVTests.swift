import CalendarModel
@testable import CalendarFormats
import Foundation
import Testing

/// CSV (issue 26 point 3): RFC 4180 quoting checked against RFC 4180 §2's own examples and
/// python's csv module (an independent reader and writer); the event columns and value forms
/// of Google Calendar's CSV import help ("Subject", "Start Date" 05/30/2020, "Start Time"
/// 10:00 AM, "All Day Event" True/False, "Private" True/False).
@Suite("CSV")
struct CSVTests {
    // MARK: RFC 4180

    /// RFC 4180 §2 rules 5–7: fields with commas, quotes and line breaks are quoted; a quote
    /// inside is doubled (`"b""bb"`).
    @Test func quotingFollowsRFC4180() {
        #expect(CSVText.record(["aaa", "b\"bb", "ccc"], guardingFormulas: false) == "aaa,\"b\"\"bb\",ccc\r\n")
        #expect(CSVText.record(["a,b", "line\r\nbreak", "plain"], guardingFormulas: false) == "\"a,b\",\"line\r\nbreak\",plain\r\n")
        #expect(CSVText.record(["", " padded "], guardingFormulas: false) == ",\" padded \"\r\n")
    }

    @Test func readsRFC4180Examples() throws {
        // §2 examples: a final record with or without CRLF, quoted fields, embedded CRLF and quotes.
        #expect(try CSVText.records("aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n").map(\.fields) == [["aaa", "bbb", "ccc"], ["zzz", "yyy", "xxx"]])
        #expect(try CSVText.records("aaa,bbb,ccc\r\nzzz,yyy,xxx").map(\.fields) == [["aaa", "bbb", "ccc"], ["zzz", "yyy", "xxx"]])
        #expect(try CSVText.records("\"aaa\",\"b\r\nbb\",\"ccc\"\r\nzzz,yyy,xxx").map(\.fields) == [["aaa", "b\r\nbb", "ccc"], ["zzz", "yyy", "xxx"]])
        #expect(try CSVText.records("\"aaa\",\"b\"\"bb\",\"ccc\"").map(\.fields) == [["aaa", "b\"bb", "ccc"]])
        // A byte order mark is skipped; LF alone ends records; lines are counted for messages.
        let records = try CSVText.records("\u{FEFF}a,b\n\"multi\nline\",x\nlast,y\n")
        #expect(records.map(\.fields) == [["a", "b"], ["multi\nline", "x"], ["last", "y"]])
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test func badQuotingNamesTheLine() {
        #expect(throws: CSVText.Failure(line: 2, message: "a quoted field that is never closed")) {
            try CSVText.records("a,b\n\"open,x\ny,z\n")
        }
        #expect(throws: CSVText.Failure(line: 1, message: "a quote inside an unquoted field (field 2); quote the field and double its quotes")) {
            try CSVText.records("a,b\"c\n")
        }
    }

    /// OWASP's CSV injection advice: cells starting with = + - @ (and tab, CR) get a leading '.
    @Test(arguments: ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "=HYPERLINK(\"http://x\",\"y\")"])
    func formulasAreDefused(_ cell: String) throws {
        let written = CSVText.field(cell, guardingFormulas: true)
        let read = try CSVText.records(written).first?.fields.first
        #expect(read == "'" + cell)
    }

    /// Python's csv module reads what icalkit writes, and icalkit reads what it writes.
    @Test func pythonCSVAgrees() throws {
        let rows = [["Subject", "Notes"], ["Quote \"here\"", "a,b"], ["Line\nbreak", " edge "], ["Ünïcödé ✓", ""]]
        let written = rows.map { CSVText.record($0, guardingFormulas: false) }.joined()
        let script = "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline='')))))"
        let read = try python(script, input: written)
        #expect(try JSONDecoder().decode([[String]].self, from: Data(read.utf8)) == rows)
        let pythonWritten = try python("import csv, json, sys; w = csv.writer(sys.stdout, lineterminator='\\r\\n'); w.writerows(json.load(sys.stdin))",
                                       input: String(decoding: try JSONEncoder().encode(rows), as: UTF8.self))
        #expect(try CSVText.records(pythonWritten).map(\.fields) == rows)
    }

    func python(_ script: String, input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed")
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Events

    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test func writesGoogleImportColumns() {
        let writer = EventCSVWriter(zone: Self.newYork)
        #expect(writer.header() == "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private\r\n")
        // 2020-05-30 14:00Z is 10:00 EDT.
        var meeting = Event(uid: "m", title: "Final exam", startDate: utcDate(year: 2020, month: 5, day: 30, hour: 14),
                            endDate: utcDate(year: 2020, month: 5, day: 30, hour: 17, minute: 30))
        meeting.timeZone = Self.newYork
        meeting.location = "Columbia, Schermerhorn 614"
        meeting.notes = "=cmd|' /C calc'!A0"
        meeting.privacy = .private
        #expect(writer.row(meeting, start: meeting.startDate, end: meeting.endDate)
                == "Final exam,05/30/2020,10:00 AM,05/30/2020,1:30 PM,False,'=cmd|' /C calc'!A0,\"Columbia, Schermerhorn 614\",True\r\n")
        // An all-day event of two days: DTEND is exclusive (RFC 5545 §3.6.1), End Date inclusive.
        var trip = Event(uid: "t", title: "Trip", startDate: utcDate(year: 2020, month: 6, day: 1), endDate: utcDate(year: 2020, month: 6, day: 3))
        trip.isAllDay = true
        #expect(writer.row(trip) == "Trip,06/01/2020,,06/02/2020,,True,,,False\r\n")
        // The same days placed in the zone, as an occurrence from a query has them.
        #expect(writer.row(trip, start: utcDate(year: 2020, month: 6, day: 1, hour: 4), end: utcDate(year: 2020, month: 6, day: 3, hour: 4))
                == "Trip,06/01/2020,,06/02/2020,,True,,,False\r\n")
        #expect(EventCSVWriter(columns: [.subject], zone: .gmt, byteOrderMark: true).header() == "\u{FEFF}Subject\r\n")
    }

    @Test func readsImportColumns() throws {
        let table = """
            subject,start date,Start Time,End Date,End Time,All Day Event,Description,Location,Private,Colour
            Final exam,05/30/2020,10:00 AM,05/30/2020,1:30 PM,False,Bring a pen,"Room 614, west",True,red
            Trip,2020-06-01,,2020-06-02,,True,,,,
            Call,6/3/2020,14:00,,,,,,,

            """
        let result = try EventCSVReader(zone: Self.newYork).read(table)
        #expect(result.ignoredColumns == ["Colour"])
        #expect(result.events.count == 3)
        let exam = result.events[0], trip = result.events[1], call = result.events[2]
        #expect(exam.title == "Final exam" && exam.notes == "Bring a pen" && exam.location == "Room 614, west" && exam.privacy == .private)
        #expect(exam.startDate == utcDate(year: 2020, month: 5, day: 30, hour: 14))
        #expect(exam.endDate == utcDate(year: 2020, month: 5, day: 30, hour: 17, minute: 30))
        #expect(exam.timeZone?.identifier == "America/New_York")
        #expect(trip.isAllDay && trip.startDate == utcDate(year: 2020, month: 6, day: 1) && trip.endDate == utcDate(year: 2020, month: 6, day: 3))
        // No end: one hour.
        #expect(call.startDate == utcDate(year: 2020, month: 6, day: 3, hour: 18) && call.endDate == utcDate(year: 2020, month: 6, day: 3, hour: 19))
        // UIDs come from the cells: the same table gives the same ones, different rows differ.
        #expect(try EventCSVReader(zone: Self.newYork).read(table).events.map(\.uid) == result.events.map(\.uid))
        #expect(Set(result.events.map(\.uid)).count == 3)
    }

    struct BadRow: Sendable, CustomTestStringConvertible {
        var row: String
        var expected: String
        var testDescription: String { expected }
    }

    @Test(arguments: [
        BadRow(row: ",05/30/2020,10:00 AM", expected: "line 2, column \"Subject\": empty: every event needs a title"),
        BadRow(row: "x,02/30/2026,10:00 AM", expected: "line 2, column \"Start Date\": \"02/30/2026\" is not a date; use MM/DD/YYYY or YYYY-MM-DD"),
        BadRow(row: "x,05/30/2020,25:00", expected: "line 2, column \"Start Time\": \"25:00\" is not a time; use 10:00 AM or 14:00"),
        BadRow(row: "x,05/30/2020,13:00 PM", expected: "line 2, column \"Start Time\": \"13:00 PM\" is not a time; use 10:00 AM or 14:00"),
        BadRow(row: "x,05/30/2020,10:00 AM,05/30/2020,9:00 AM", expected: "line 2, column \"End Time\": the end is before the start"),
        BadRow(row: "x,05/30/2020,10:00 AM,,,maybe", expected: "line 2, column \"All Day Event\": \"maybe\" is not True or False"),
    ])
    func badRowsSayWhereAndWhat(_ c: BadRow) {
        let table = "Subject,Start Date,Start Time,End Date,End Time,All Day Event\n" + c.row + "\n"
        #expect(throws: (any Error).self) { try EventCSVReader(zone: Self.newYork).read(table) }
        do { _ = try EventCSVReader(zone: Self.newYork).read(table) } catch { #expect(error.description == c.expected) }
    }

    @Test func aTableWithoutSubjectIsRefused() {
        do {
            _ = try EventCSVReader(zone: .gmt).read("Name,Start Date\nx,2020-01-01\n")
            Issue.record("read a table without a Subject column")
        } catch {
            #expect(error.description.hasPrefix("line 1: the header has no \"Subject\" column"))
        }
    }

    /// A written row reads back to the same event (times, all-day days, text, privacy).
    @Test func writtenRowsReadBack() throws {
        var event = Event(uid: "x", title: "Dinner, late", startDate: utcDate(year: 2026, month: 11, day: 1, hour: 5, minute: 30),
                          endDate: utcDate(year: 2026, month: 11, day: 1, hour: 7))
        event.timeZone = Self.newYork
        event.notes = "Line one\nline \"two\""
        let writer = EventCSVWriter(zone: Self.newYork)
        let table = writer.header() + writer.row(event, start: event.startDate, end: event.endDate)
        let read = try #require(try EventCSVReader(zone: Self.newYork).read(table).events.first)
        #expect(read.title == event.title && read.notes == event.notes)
        #expect(read.startDate == event.startDate && read.endDate == event.endDate)
    }
}
