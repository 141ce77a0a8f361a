import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// khal's expectations (SOURCES.md §6 "Expectations in upstream test code"), as table cases.
/// khal lists the instances overlapping a range given in its local zone (Europe/Berlin in its tests).
@Suite("Upstream expectations: khal", .enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
struct UpstreamExpectationsKhal {
    @Test(arguments: Self.cases)
    func expectation(_ c: UpstreamCase) throws {
        try c.run(reversed: false)
    }

    static func c(_ name: String, _ file: String, _ window: Upstream.Window, _ zone: String = "Europe/Berlin", count: Int? = nil,
                  starts: [String]? = nil, ends: [String]? = nil, row: String, knownIssue: String? = nil,
                  extra: (@Sendable ([Occurrence]) -> Void)? = nil) -> UpstreamCase {
        UpstreamCase(name: "\(file): \(name)", file: "khal/tests/ics/" + file, window: window, zone: zone, count: count, starts: starts, ends: ends,
                     row: "SOURCES.md §6 `\(file)`: \(row)", knownIssue: knownIssue, extra: extra)
    }

    static let cases: [UpstreamCase] = [
        c("6 instances, 07-07 moved to 09:00", "event_rrule_recuid.ics", .between("2014-06-30", "2014-08-26"), count: 6,
          starts: ["2014-06-30T07:00", "2014-07-07T09:00", "2014-07-14T07:00", "2014-07-21T07:00", "2014-07-28T07:00"],
          row: "6 instances from 2014-06-30 to 08-26 (Berlin). They start 06-30 07:00, 07-07 09:00 (moved by RECURRENCE-ID), then 07-14, 07-21 and 07-28 07:00"),
        // khal's update replaces the stored event (same UID) by the new file's content, so the
        // result is the update file on its own: the master with EXDATE 2014-07-14.
        c("after the update: 5 instances", "event_rrule_recuid_update.ics", .between("2014-04-30", "2014-09-26"), count: 5,
          row: "`event_rrule_recuid_update.ics`, applied after `event_rrule_recuid.ics`: 5 instances from 2014-04-30 to 09-26"),
        c("07-14 07:00–12:00 is CANCELLED", "event_rrule_recuid_cancelled.ics", .day("2014-07-14"), count: 1,
          starts: ["2014-07-14T07:00"], ends: ["2014-07-14T12:00"], row: "the 2014-07-14 07:00–12:00 instance is CANCELLED",
          extra: { found in #expect(found.map(\.event.status) == [.canceled]) }),
        c("override without master: 1 floating instance", "event_dt_recuid_no_master.ics", .all, count: 1,
          starts: ["2017-03-29T16:00"], ends: ["2017-03-29T16:25"], row: "1 instance, 2017-03-29 16:00–16:25 (floating)",
          extra: { found in #expect(found.allSatisfy { $0.event.isFloating }, "floating") }),
        c("two overrides without master: 2 instances", "event_dt_multi_recuid_no_master.ics", .all, count: 2,
          starts: ["2014-06-30T07:30", "2014-07-07T08:30"], ends: ["2014-06-30T12:00", "2014-07-07T12:00"],
          row: "2 instances, 2014-06-30 07:30–12:00 and 2014-07-07 08:30–12:00"),
        c("DATE DTSTART, DATE-TIME UNTIL: 3 all-day", "event_dt_rrule_invalid_until.ics", .all, count: 3,
          starts: ["2007-12-01", "2008-01-01", "2008-02-01"], row: "all-day instances on 2007-12-01, 2008-01-01 and 2008-02-01",
          extra: { found in #expect(found.allSatisfy { $0.event.isAllDay }) }),
        c("DATE-TIME DTSTART, DATE UNTIL: 35 instances", "event_dt_rrule_invalid_until2.ics", .all, count: 35,
          row: "35 instances, from 2014-04-09 09:30–10:30 to 2014-12-03 09:30–10:30 Berlin",
          extra: { found in
              let spans = found.map { "\(Upstream.local($0.startDate, of: $0.event, in: "Europe/Berlin"))–\(Upstream.local($0.endDate, of: $0.event, in: "Europe/Berlin"))" }
              #expect(spans.first == "2014-04-09T09:30–2014-04-09T10:30", "first")
              #expect(spans.last == "2014-12-03T09:30–2014-12-03T10:30", "last")
          }),
        c("UNTIL before DTSTART: none", "event_dt_rrule_until_before_start.ics", .all, count: 0, row: "no instances",
          knownIssue: "Genuine difference: the RRULE's UNTIL lies before DTSTART. khal (dateutil) finds no instance; icalkit keeps DTSTART "
            + "as the one instance (RFC 5545 §3.3.10: \"The DTSTART property value always counts as the first occurrence\"; issue 22)"),
        c("rule matches nothing before UNTIL: none", "event_rrule_no_occurence.ics", .all, count: 0, row: "no instances",
          knownIssue: "Genuine difference: DTSTART 2021-01-01T09:30Z is a Friday, RRULE FREQ=WEEKLY;BYDAY=TU;UNTIL=20210104T090000Z matches nothing. "
            + "khal (dateutil) finds no instance; icalkit counts DTSTART as the first instance (RFC 5545 §3.8.5.3: \"The \"DTSTART\" property value "
            + "SHOULD be synchronized with the recurrence rule\" and DTSTART is always the first instance; DESIGN.md: recurring-ical-events does the same)"),
        c("mixed aware/naive: 2 instances 12:00–16:00", "event_dt_mixed_awareness.ics", .between("2015-05-29", "2015-06-03"), count: 2,
          starts: ["2015-05-30T12:00", "2015-06-02T12:00"], ends: ["2015-05-30T16:00", "2015-06-02T16:00"],
          row: "2 instances between 2015-05-29 and 06-03 (Berlin), 05-30 and 06-02, each 12:00–16:00",
          knownIssue: "Genuine difference on invalid input: DTSTART;TZID=Europe/Berlin:20150602T120000Z is a UTC value with a TZID, which "
            + "RFC 5545 §3.2.19 forbids. icalkit reads the Z (2015-06-02T12:00Z = 14:00 Berlin, and keeps the 4 h to the floating DTEND: "
            + "14:00–18:00); khal reads the TZID (12:00 Berlin) and the floating DTEND 16:00 as Berlin"),
        c("invalid TZOFFSETFROM: shows 08:00–09:30", "invalid_tzoffset.ics", .day("2012-12-02"), count: 1,
          starts: ["2012-12-02T08:00"], ends: ["2012-12-02T09:30"], row: "a warning, then the event shows as 02.12. 08:00–09:30"),
        c("Windows TZID New Zealand Standard Time is Pacific/Auckland", "tz_windows_format.ics", .all, "Pacific/Auckland", count: 1,
          starts: ["2019-11-20T13:00"], ends: ["2019-11-20T14:30"],
          row: "the TZID `New Zealand Standard Time` must map to Pacific/Auckland without a \"Cannot find timezone\" error",
          knownIssue: "Genuine difference (DESIGN.md: the file's own VTIMEZONE comes first): the file defines TZID New Zealand Standard Time "
            + "itself, and that VTIMEZONE is self-contradictory (STANDARD from 2019-10-27 at +01:00, DAYLIGHT from 2020-03-29 at +13:00), "
            + "so icalkit places 2019-11-20T13:00 at +01:00 = 12:00Z (Auckland 2019-11-21 01:00); khal ignores it and uses Pacific/Auckland "
            + "(+13:00: 2019-11-20T00:00Z). RFC 5545 §3.2.19: a TZID names the VTIMEZONE in the calendar object"),
    ]
}
