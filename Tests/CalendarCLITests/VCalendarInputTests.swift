import CalendarTestSupport
import Foundation
import Testing

/// vCalendar 1.0 (`.vcs`) read through libical's vCal converter by `convert`, `validate` and
/// `import`. Expected values are what the vCalendar 1.0 specification (IMC, 1996) says the
/// fixture means: `W1 MO #3` is every week on Monday, three times (§3.5.2 and its grammar);
/// `DALARM` is run time; snooze time; repeat count; display string (§2.1.5.2.2); a
/// QUOTED-PRINTABLE value's `=0D=0A` is a line break.
@Suite("vCalendar 1.0 input")
struct VCalendarInputTests {
    @Test func readsTheNokiaExport() throws {
        let result = runCLI(["convert", fixture("vcal/nokia.vcs"), "--format", "json"])
        #expect(result.status == .ok, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let calendar = try #require((jsonObject(result.stdout)["calendars"] as? [[String: Any]])?.first)
        #expect(calendar["productID"] as? String == "-//Nokia Mobile Phones//NONSGML//EN")
        let event = try #require((calendar["events"] as? [[String: Any]])?.first)
        #expect(event["title"] as? String == "Dentist")
        #expect(event["start"] as? String == "2026-03-02T08:00:00Z")
        #expect(event["end"] as? String == "2026-03-02T09:00:00Z")
        #expect(event["notes"] as? String == "Bring the\nform")
        let alarm = try #require((event["alarms"] as? [[String: Any]])?.first)
        #expect(alarm["action"] as? String == "display")
        #expect(alarm["date"] as? String == "2026-03-02T07:45:00Z")
        let reminder = try #require((calendar["reminders"] as? [[String: Any]])?.first)
        #expect(reminder["title"] as? String == "Call the bank")
        #expect(reminder["due"] as? String == "2026-03-05T17:00:00Z")
        #expect(reminder["priority"] as? Int == 1)
        #expect(runCLI(["validate", fixture("vcal/nokia.vcs")]).stdout
                == "\(fixture("vcal/nokia.vcs")): 1 event, 1 reminder, 0 warnings, 0 errors\n")
    }

    @Test func importExpandsTheRule() throws {
        let store = try StoreUnderTest()
        #expect(store.run(["import", fixture("vcal/nokia.vcs")]).status == .ok)
        let starts = try store.events(["--from", "2026-03-01", "--to", "2026-05-01", "--tz", "UTC"]).compactMap { $0["start"] as? String }
        #expect(starts == ["2026-03-02T08:00:00Z", "2026-03-09T08:00:00Z", "2026-03-16T08:00:00Z"])
    }

    /// Found by content on standard input: a VCALENDAR with VERSION:1.0. (A file named .ics
    /// that says VERSION:1.0 stays iCalendar: most such files are iCalendar 2.0 mislabelled.)
    @Test func recognisedByContent() throws {
        let text = try String(contentsOfFile: fixture("vcal/nokia.vcs"), encoding: .utf8)
        let lines = unfold(runCLI(["convert", "-", "--format", "ics"], stdin: text).stdout)
        #expect(lines.contains("VERSION:2.0"))
        #expect(lines.contains { $0.hasPrefix("RRULE:") && $0.contains("FREQ=WEEKLY") && $0.contains("COUNT=3") && $0.contains("BYDAY=MO") })
    }

    /// What the converter cannot carry over is a warning: an AALARM without a sound.
    @Test func droppedAudioAlarmIsAWarning() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("alarm.vcs")
        try "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART:20260302T080000Z\r\nSUMMARY:x\r\nAALARM:20260302T074500Z;;;\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["validate", path])
        #expect(result.stdout == "\(path): 1 event, 0 reminders, 1 warning, 0 errors\n")
        #expect(result.stderr == "\(path): warning: 1 audio alarm (AALARM) without a sound dropped: libical's vCalendar converter needs one (ignored)\n")
    }

    @Test func unreadableVCalendarIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("junk.vcs")
        try "this is not a calendar\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCLI(["convert", path, "--format", "ics"])
        #expect(result.status == .dataError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: \(path): not valid vCalendar 1.0: not a vCalendar 1.0 file that libical's vCal parser can read\n")
    }
}
