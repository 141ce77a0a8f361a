@testable import CalendarCLI
import Foundation
import Testing

/// Input that could not be read whole is not "ok" (issue 22, part 5): a file that ends inside a
/// component and an RRULE that libical cannot read (or would iterate wrongly) are errors with
/// file:line, exit 65, and what could be read is still imported unless --strict; a rule that
/// breaks one of RFC 5545 §3.3.10's MUSTs on BY parts per FREQ is a warning with file:line.
@Suite("Unreadable input: errors and warnings")
struct UnreadableInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        /// `line: severity:` the diagnostic must start with (after `FILE:`), and a part of its text.
        var diagnostic: String
        var says: String
        var status: ExitStatus
        /// Titles imported without --strict.
        var imported: [String]
        var testDescription: String { name }
    }

    static let head = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\n"
    static func event(_ uid: String, _ day: Int, _ extra: String = "") -> String {
        "BEGIN:VEVENT\nUID:\(uid)\nDTSTAMP:20260101T000000Z\nDTSTART:202603\(String(format: "%02d", day))T090000Z\nSUMMARY:\(uid)\n\(extra)END:VEVENT\n"
    }

    static let cases: [Case] = [
        // RFC 5545 §3.4: "icalstream = 1*icalobject", each `"BEGIN" ":" "VCALENDAR" ... "END" ":" "VCALENDAR"`.
        Case(name: "a download cut short inside a VEVENT", body: head + event("a", 2) + "BEGIN:VEVENT\nUID:b\nDTSTAMP:20260101T000000Z\nDTSTART:20260303T090000Z\nSUMMARY:b\n",
             diagnostic: "10: error:", says: "has no END before the input ends", status: .dataError, imported: ["a", "b"]),
        Case(name: "a file cut short after the last END:VEVENT", body: head + event("a", 2),
             diagnostic: "1: error:", says: "BEGIN:VCALENDAR has no END", status: .dataError, imported: ["a"]),
        Case(name: "an RRULE libical cannot read", body: head + event("a", 2, "RRULE:FREQ=FORTNIGHTLY\n") + "END:VCALENDAR\n",
             diagnostic: "9: error:", says: "libical cannot read it", status: .dataError, imported: ["a"]),
        Case(name: "an INTERVAL libical would wrap", body: head + event("a", 2, "RRULE:FREQ=DAILY;INTERVAL=65537\n") + "END:VCALENDAR\n",
             diagnostic: "9: error:", says: "INTERVAL=65537", status: .dataError, imported: ["a"]),
        // RFC 5545 §3.3.10: "The BYWEEKNO rule part ... is only valid for YEARLY rules",
        // "The BYYEARDAY rule part MUST NOT be specified when the FREQ rule part is set to DAILY,
        // WEEKLY, or MONTHLY", "The BYMONTHDAY rule part MUST NOT be specified when the FREQ rule
        // part is set to WEEKLY".
        Case(name: "BYWEEKNO on a MONTHLY rule", body: head + event("a", 2, "RRULE:FREQ=MONTHLY;BYWEEKNO=20\n") + "END:VCALENDAR\n",
             diagnostic: "9: warning:", says: "BYWEEKNO is only valid with FREQ=YEARLY", status: .ok, imported: ["a"]),
        Case(name: "BYYEARDAY on a DAILY rule", body: head + event("a", 2, "RRULE:FREQ=DAILY;BYYEARDAY=100\n") + "END:VCALENDAR\n",
             diagnostic: "9: warning:", says: "BYYEARDAY MUST NOT be specified with FREQ=DAILY", status: .ok, imported: ["a"]),
        Case(name: "BYMONTHDAY on a WEEKLY rule", body: head + event("a", 2, "RRULE:FREQ=WEEKLY;BYMONTHDAY=5\n") + "END:VCALENDAR\n",
             diagnostic: "9: warning:", says: "BYMONTHDAY MUST NOT be specified with FREQ=WEEKLY", status: .ok, imported: ["a"]),
    ]

    static func write(_ c: Case, in dir: TemporaryDirectory) throws -> String {
        let path = dir.path("input.ics")
        try c.body.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: cases)
    func validateReportsIt(_ c: Case) throws {
        let dir = try TemporaryDirectory()
        let path = try Self.write(c, in: dir)
        let result = runCLI(["validate", path])
        #expect(result.status == c.status, "\(result)")
        let line = result.stderr.split(separator: "\n").first { $0.hasPrefix("\(path):\(c.diagnostic)") }
        #expect(line?.contains(c.says) == true, "\(result)")
    }

    @Test(arguments: cases)
    func importKeepsWhatWasReadUnlessStrict(_ c: Case) throws {
        let dir = try TemporaryDirectory()
        let path = try Self.write(c, in: dir)
        let store = try StoreUnderTest()
        let result = store.run(["import", path])
        #expect(result.status == c.status, "\(result)")
        #expect(result.stderr.contains("\(path):\(c.diagnostic)"), "\(result)")
        #expect(titles(try store.events(["--from", "2026-03-01", "--to", "2026-04-01"])).sorted() == c.imported.sorted())

        let strictStore = try StoreUnderTest()
        let strict = strictStore.run(["import", path, "--strict"])
        #expect(strict.status == c.status, "\(strict)")
        let kept = titles(try strictStore.events(["--from", "2026-03-01", "--to", "2026-04-01"]))
        #expect(kept.sorted() == (c.status == .ok ? c.imported.sorted() : []), "\(strict)")
    }
}
