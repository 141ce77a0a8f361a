import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// python icalendar's time-zone expectation stored in a data file (SOURCES.md §3):
/// `calendars/issue_722_timezone_transition_ambiguity.ics`, where each VEVENT's `X-TZNAME` names
/// the observance of the custom zone `MyTimezone` its DTSTART falls in.
///
/// Offsets derived by hand from the file's VTIMEZONE:
/// - STANDARD "winter": from 2024-01-01T00:00 local, TZOFFSETTO +12:00.
/// - DAYLIGHT "summer": onset DTSTART 2024-05-05T08:00 local, read in the offset in force before
///   it (TZOFFSETFROM +12:00), so the instant is 2024-05-04T20:00Z; from then on +10:00. Clocks go
///   back from 08:00 to 06:00, so local 06:00–08:00 on 2024-05-05 happens twice: first at +12
///   (winter), then at +10 (summer). RFC 5545 §3.3.5: such a time means its first occurrence, +12.
/// - So "winter" ⇒ UTC = local − 12 h, "summer" ⇒ UTC = local − 10 h:
///   UID 0 2024-03-03T08:00 winter → 2024-03-02T20:00Z; UID 1 2024-08-03T08:00 summer → 2024-08-02T22:00Z;
///   UID 2 2024-05-05T08:00:01 summer (past the repeated hours) → 2024-05-04T22:00:01Z;
///   UID 3 2024-05-05T07:00:01 winter (repeated, first) → 2024-05-04T19:00:01Z.
@Suite("Upstream expectations: icalendar", .enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
struct UpstreamExpectationsICalendar {
    static let file = "icalendar/src/icalendar/tests/calendars/issue_722_timezone_transition_ambiguity.ics"

    /// Offsets of the observances, by TZNAME (derived above).
    static let offsets: [String: Int] = ["winter": 12 * 3600, "summer": 10 * 3600]

    struct Case: Sendable, CustomTestStringConvertible {
        var uid: String
        /// DTSTART as written (local to MyTimezone).
        var local: String
        /// The X-TZNAME the file gives for it.
        var tzname: String
        var testDescription: String { "UID \(uid): \(local) MyTimezone is \(tzname)" }
    }

    static let cases: [Case] = [
        Case(uid: "0", local: "2024-03-03T08:00:00", tzname: "winter"),
        Case(uid: "1", local: "2024-08-03T08:00:00", tzname: "summer"),
        Case(uid: "2", local: "2024-05-05T08:00:01", tzname: "summer"),
        Case(uid: "3", local: "2024-05-05T07:00:01", tzname: "winter"),
    ]

    @Test(arguments: cases)
    func startFollowsTheNamedObservance(_ c: Case) throws {
        // SOURCES.md §3: "each VEVENT has X-TZNAME:<expected TZNAME> for its DTSTART in the custom zone
        // MyTimezone … local times in the repeated hour must resolve to the earlier offset (RFC 5545):
        // 2024-05-05T07:00:01 → "winter", 08:00:01 → "summer"."
        let docs = try Upstream.documents(Self.file)
        let event = try #require(docs.flatMap(\.events).first { $0.uid == c.uid })
        #expect(event.extraProperties.contains("X-TZNAME:\(c.tzname)"), "the file names \(c.tzname) for UID \(c.uid): \(event.extraProperties)")
        let offset = try #require(Self.offsets[c.tzname])
        let expected = try Upstream.instant(c.local, in: "UTC").addingTimeInterval(-TimeInterval(offset))
        #expect(event.startDate == expected, "DTSTART \(c.local) MyTimezone (\(c.tzname), UTC\(offset >= 0 ? "+" : "")\(offset / 3600)) = \(expected)")

        // The same instant through the expander (the event is not recurring: one occurrence).
        let found = try Upstream.occurrences(Self.file, .all, in: "UTC").filter { $0.event.uid == c.uid }
        #expect(found.map(\.startDate) == [expected], "occurrence start")
    }
}
