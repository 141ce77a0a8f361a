import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// Every kind of bad input has a defined outcome: refused, item skipped, or repaired, each
/// with a diagnostic naming file and line; the good items around it are still read.
/// Expected counts and line numbers come from the fixture text (`grep -n` / `grep -c`).
@Suite("Bad input")
struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var refused = false
        var events: Int
        var skipped = 0
        /// (line, action, a word the message must contain)
        var diagnostics: [Expected] = []
        var testDescription: String { file }
    }
    struct Expected: Sendable {
        var line: Int?
        var action: ConversionDiagnostic.Action
        var mentions: String
    }

    static let cases: [Case] = [
        Case(file: "html-error-page.ics", refused: true, events: 0, diagnostics: [.init(line: 1, action: .refused, mentions: "not iCalendar")]),
        Case(file: "empty.ics", refused: true, events: 0, diagnostics: [.init(line: nil, action: .refused, mentions: "empty")]),
        Case(file: "binary-junk.ics", refused: true, events: 0, diagnostics: [.init(line: 1, action: .refused, mentions: "not iCalendar")]),
        Case(file: "truncated.ics", events: 2, diagnostics: [.init(line: 29, action: .repaired, mentions: "no END")]),
        Case(file: "unbalanced-begin-end.ics", events: 5, diagnostics: [
            .init(line: 39, action: .ignored, mentions: "VALARM"),
            .init(line: 46, action: .ignored, mentions: "END:VTODO"),
            .init(line: 47, action: .ignored, mentions: "BEGIN:VEVENT inside VEVENT"),
        ]),
        Case(file: "bad-dtstart.ics", events: 2, skipped: 1, diagnostics: [.init(line: 32, action: .skipped, mentions: "2026-13-45T25:00")]),
        Case(file: "bad-dtend-before-dtstart.ics", events: 3, diagnostics: [.init(line: nil, action: .repaired, mentions: "swapped")]),
        Case(file: "bad-rrule.ics", events: 4, diagnostics: [
            .init(line: 34, action: .ignored, mentions: "FORTNIGHTLY"),
            .init(line: 42, action: .repaired, mentions: "COUNT kept"),
        ]),
        Case(file: "unknown-tzid.ics", events: 2, diagnostics: [.init(line: 7, action: .repaired, mentions: "Mars/Olympus_Mons")]),
        Case(file: "missing-uid.ics", events: 2, diagnostics: [.init(line: 29, action: .repaired, mentions: "no UID")]),
        Case(file: "invalid-utf8.ics", events: 3, diagnostics: [.init(line: 34, action: .repaired, mentions: "ISO-8859-1")]),
    ]

    @Test(arguments: cases)
    func definedOutcome(_ c: Case) throws {
        let path = "import/invalid/" + c.file
        let data = try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(path))
        let r = ICalendarReader().read(data, fileName: path)
        #expect(r.refused == c.refused)
        #expect(r.eventCount == c.events)
        #expect(r.skippedCount == c.skipped)
        for e in c.diagnostics {
            let found = r.diagnostics.contains { d in
                d.file == path && (e.line == nil || d.line == e.line) && d.action == e.action && d.description.contains(e.mentions)
            }
            #expect(found, "expected a diagnostic at line \(e.line.map(String.init) ?? "?") (\(e.action)) mentioning \(e.mentions); got:\n\(r.diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func derivedUIDIsStable() throws {
        let data = try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("import/invalid/missing-uid.ics"))
        let a = ICalendarReader().read(data).documents.flatMap(\.events).map(\.uid)
        let b = ICalendarReader().read(data).documents.flatMap(\.events).map(\.uid)
        #expect(a == b)
        #expect(a.contains { $0.hasPrefix("icalkit-derived-") })
    }

    @Test func latin1IsReadWithoutLoss() throws {
        let data = try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("import/invalid/invalid-utf8.ics"))
        let titles = ICalendarReader().read(data).documents.flatMap(\.events).map(\.title)
        #expect(titles.contains { $0.hasPrefix("Café crème with Renée") })
    }

    @Test(arguments: [
        ("FREQ=DAILY;COUNT=-1;UNTIL=20260110T000000Z", "negative COUNT read as no COUNT; UNTIL applies"),
        ("FREQ=DAILY;COUNT=-1", nil),   // libical 3.0.16 refuses the rule itself (a separate warning)
        ("FREQ=MONTHLY;BYDAY=-1SU;COUNT=3", nil),
        ("FREQ=YEARLY;BYSETPOS=-1;BYDAY=MO,TU", nil),
    ] as [(String, String?)])
    func negativeCountIsNamed(_ rule: String, _ warning: String?) {
        // Only a COUNT below zero is named, not the minus signs of BYDAY or BYSETPOS.
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:n@x\r\nDTSTART:20260101T100000Z\r\nRRULE:\(rule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let r = ICalendarReader().read(Data(text.utf8))
        #expect(r.eventCount == 1)
        let countNotes = r.diagnostics.filter { $0.message.hasPrefix("negative COUNT") }.map(\.message)
        #expect(countNotes == (warning.map { [$0] } ?? []), "\(r.diagnostics.map(\.description))")
    }

    @Test func deepNestingStopsAtTheLimit() {
        var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:deep@x\r\nDTSTART:20260101T100000Z\r\n"
        for i in 0..<5_000 { text += "BEGIN:X-N\(i)\r\n" }
        for i in (0..<5_000).reversed() { text += "END:X-N\(i)\r\n" }
        text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
        let r = ICalendarReader().read(Data(text.utf8))
        #expect(r.eventCount == 1)
        #expect(r.diagnostics.contains { $0.description.contains("max-nesting-depth") })
    }

    @Test func hugeLineHitsTheNamedLimit() {
        var options = ConversionOptions()
        options.limits.maxLineBytes = 1 << 20
        let big = String(repeating: "a", count: 20 << 20)
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:big@x\r\nDTSTART:20260101T100000Z\r\nDESCRIPTION:\(big)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let r = ICalendarReader(options: options).read(Data(text.utf8))
        #expect(r.diagnostics.contains { $0.line == 5 && $0.description.contains("max-line-bytes") })
        #expect(r.hasDataErrors)
    }
}

/// Inputs the fuzzer (`make fuzz`) flagged, kept as regression cases: each must read, write
/// and read back without trapping, and keep its items.
@Suite("Fuzzer findings")
struct FuzzFindingTests {
    @Test(arguments: TestFiles.fixtureFiles("fuzz"))
    func readsWritesAndReadsBack(_ path: String) throws {
        let data = try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(path))
        let first = ICalendarReader().read(data, fileName: path)
        let text = ICalendarWriter().write(first.documents)
        let second = ICalendarReader().read(Data(text.utf8), fileName: path)
        #expect(second.eventCount == first.eventCount)
        #expect(second.reminderCount == first.reminderCount)
    }
}

/// A VTIMEZONE whose observance repeats hourly (found by the fuzzer: libical spent ~10 s
/// expanding it) is not used as a zone; the warning says so, and the TZID resolves as if the
/// file had not defined it (here: the tz database's Europe/Berlin).
@Suite("Unusable VTIMEZONE")
struct UnusableTimeZoneTests {
    @Test func hourlyObservanceIsRefused() throws {
        let path = "fuzz/hourly-vtimezone-observance.ics"
        let r = ICalendarReader().read(try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(path)), fileName: path)
        #expect(r.diagnostics.contains { $0.line == 9 && $0.description.contains("repeats more often than daily") })
        #expect(r.documents.first?.timeZones.isEmpty == true)
        let zoned = r.documents.flatMap(\.events).filter { $0.timeZoneIdentifier == "Europe/Berlin" }
        #expect(!zoned.isEmpty)
        #expect(zoned.allSatisfy { $0.timeZone?.identifier == "Europe/Berlin" })
        // Written back: the verbatim VTIMEZONE defines the TZID once; no second one is generated.
        let out = ICalendarWriter().write(r.documents)
        #expect(ICSInspection.timeZoneUse(out).defined["Europe/Berlin"] == 1)
    }
}
