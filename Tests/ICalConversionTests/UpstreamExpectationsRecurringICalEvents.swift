import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// python-recurring-ical-events' expectations (SOURCES.md §1 "Known expectations"), as table
/// cases. `at(day)` = overlap with that whole day, `between(a, b)` = overlap with [a, b), dates
/// local to the event's zone unless a Z or zone is given. Upstream runs each test with the
/// components in file order and reversed; so do these.
@Suite("Upstream expectations: python-recurring-ical-events", .enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
struct UpstreamExpectationsRecurringICalEvents {
    @Test(arguments: Self.cases, [false, true])
    func expectation(_ c: UpstreamCase, reversed: Bool) throws {
        try c.run(reversed: reversed)
    }

    /// SOURCES.md §1 `bad_rrule_missing_until_event.ics`: "Invalid RRULE: an error with \"UNTIL parameter
    /// is missing\". With skip-bad-series on, it is skipped." The RRULE is `FREQ=WEEKLY;UNTL=20191023;…`.
    /// icalkit's counterpart of the error is a diagnostic on that RRULE line, naming the UID; the
    /// event is not silently expanded as an endless series.
    @Test func badRuleIsReported() throws {
        guard let corpus = TestFiles.corpus else { return }
        let path = Self.dir + "bad_rrule_missing_until_event.ics"
        let result = ICalendarReader().read(try Data(contentsOf: corpus.appendingPathComponent(path)), fileName: path)
        let rrule = result.diagnostics.filter { $0.property == "RRULE" }
        #expect(rrule.contains { $0.severity != .note && $0.uid == "blabla" && $0.line != nil }, "an RRULE diagnostic: \(result.diagnostics)")
        let endless = try Upstream.occurrences(path, .after("2019-08-01"), in: "Europe/London")
        #expect(endless.count <= 1, "not expanded as an endless weekly series: \(endless.count)")
    }

    static let dir = "python-recurring-ical-events/recurring_ical_events/test/calendars/"

    /// A case for `file` in this source's folder.
    static func c(_ name: String, _ file: String, _ window: Upstream.Window, _ zone: String, count: Int? = nil,
                  starts: [String]? = nil, ends: [String]? = nil, summaries: [String]? = nil, durations: [Int]? = nil,
                  row: String, knownIssue: String? = nil, extra: (@Sendable ([Occurrence]) -> Void)? = nil) -> UpstreamCase {
        UpstreamCase(name: "\(file): \(name)", file: dir + file, window: window, zone: zone, count: count, starts: starts, ends: ends,
                     summaries: summaries, durations: durations, row: "SOURCES.md §1 `\(file)`: \(row)", knownIssue: knownIssue, extra: extra)
    }

    /// Only the occurrences whose UID is `uid` must number `count`.
    static func uidCount(_ uid: String, _ count: Int) -> @Sendable ([Occurrence]) -> Void {
        { found in #expect(found.filter { $0.event.uid == uid }.count == count, "occurrences of UID \(uid)") }
    }

    static let h = Hours.h, d = Hours.d

    static let cases: [UpstreamCase] = (threeEvents + germany + series + durations + rdates + issues + overrides + timeZones).map { c in
        var c = c
        c.knownIssue = knownIssues[c.name]
        return c
    }

    /// Expectations icalkit does not meet yet, by case name, with the reason (for the expander's
    /// owner: file, instants, RFC section). Each stays a `withKnownIssue`, which fails once fixed.
    static let knownIssues: [String: String] = [
        "issue_117_until_before_dtstart.ics: UNTIL before DTSTART → 0":
            "Genuine difference (Conformance/KNOWN_DIFFERENCES.md R1): recurring-ical-events gives no occurrence; icalkit keeps DTSTART "
            + "as the one occurrence (RFC 5545 §3.3.10: \"The DTSTART property value always counts as the first occurrence\"; issue 22)",
        "issue_201_test_matrix.ics: VEVENT-DATE-HOURS lasts 36000 s":
            "Genuine difference (Conformance/KNOWN_DIFFERENCES.md K13): DTSTART;VALUE=DATE:20000101 with DURATION:PT10H is an all-day "
            + "instance; icalkit makes it cover the date it touches, 2000-01-01..01-02 (86400 s), recurring-ical-events ends it at "
            + "10:00 (RFC 5545 §3.3.4: a DATE has no time of day; §3.6.1)",
        "issue_223_thunderbird.ics: 2025-04-23: 1 with SEQUENCE 3":
            "Genuine difference: recurring-ical-events gives every occurrence the highest SEQUENCE of the series (3); icalkit keeps the "
            + "SEQUENCE of the component each occurrence comes from (master: 1) (RFC 5545 §3.8.7.4: SEQUENCE is per component revision)",
        "issue_223_thunderbird.ics: 2025-04-24: 1 with SEQUENCE 3":
            "Genuine difference: recurring-ical-events gives every occurrence the highest SEQUENCE of the series (3); icalkit keeps the "
            + "SEQUENCE of the override RECURRENCE-ID 2025-04-24T09:00 Europe/London (2) (RFC 5545 §3.8.7.4)",
    ]

    static let threeEvents: [UpstreamCase] = {
        let f = "three_events.ics", b = "Europe/Berlin"
        return [
            c("3 in total", f, .all, b, count: 3, row: "3 in total"),
            c("end 2019-03-03 → 0", f, .between("2000-01-01", "2019-03-03"), b, count: 0, row: "End 2019-03-03 → 0 (start 2000-01-01)"),
            c("end 2019-03-05 → 1", f, .between("2000-01-01", "2019-03-05"), b, count: 1, row: "end 03-05 → 1 (start 2000-01-01)"),
            c("end 2019-03-08 → 2", f, .between("2000-01-01", "2019-03-08"), b, count: 2, row: "end 03-08 → 2 (start 2000-01-01)"),
            c("start 2019-03-03 → 3", f, .after("2019-03-03"), b, count: 3, row: "Start 03-03 → 3"),
            c("start 2019-03-05 → 2", f, .after("2019-03-05"), b, count: 2, row: "start 03-05 → 2"),
            c("start 2019-03-08 → 1", f, .after("2019-03-08"), b, count: 1, row: "start 03-08 → 1"),
            c("24 h from 2019-03-04 Berlin → 1", f, .between("2019-03-04", "2019-03-05"), b, count: 1, row: "24 h from 2019-03-04 00:00: Europe/Berlin → 1"),
            c("24 h from 2019-03-04 Panama → 0", f, .between("2019-03-04", "2019-03-05"), "America/Panama", count: 0, row: "America/Panama → 0"),
            c("24 h from 2019-03-04 Ho Chi Minh → 1", f, .between("2019-03-04", "2019-03-05"), "Asia/Ho_Chi_Minh", count: 1, row: "Asia/Ho_Chi_Minh → 1"),
            c("1 h from 2019-03-04 Ho Chi Minh → 0", f, .between("2019-03-04T00:00", "2019-03-04T01:00"), "Asia/Ho_Chi_Minh", count: 0, row: "Ho_Chi_Minh windows of 1 h → 0"),
            c("6 h from 2019-03-04 Ho Chi Minh → 0", f, .between("2019-03-04T00:00", "2019-03-04T06:00"), "Asia/Ho_Chi_Minh", count: 0, row: "Ho_Chi_Minh windows of 6 h → 0"),
            c("7 h from 2019-03-04 Ho Chi Minh → 1", f, .between("2019-03-04T00:00", "2019-03-04T07:00"), "Asia/Ho_Chi_Minh", count: 1, row: "Ho_Chi_Minh 7 h → 1"),
            c("none in 2000", f, .year(2000), b, count: 0, row: "None in 2000"),
            c("none after 2030", f, .after("2030-01-01"), b, count: 0, row: "none after 2030"),
        ]
    }()

    static let germany: [UpstreamCase] = {
        let f = "Germany.ics"
        let oneHour = Upstream.Window.between("2019-01-01T00:00", "2019-01-01T01:00")
        var out = ["Europe/Berlin", "Asia/Ho_Chi_Minh", "America/Panama"].map { z in
            c("1 h from 2019-01-01 00:00 \(z) → 1 (all-day events float)", f, oneHour, z, count: 1,
              row: "A 1 h window starting 2019-01-01 00:00 finds 1 event whether the window is Berlin, Ho_Chi_Minh or Panama")
        }
        out.append(c("2014-05-11: Mother's Day, a DATE", f, .day("2014-05-11"), "Europe/Berlin", count: 1,
                     summaries: ["Germany: Mother's Day [Not a public holiday]"], row: "On 2014-05-11: exactly 1 … DTSTART is a DATE",
                     extra: { found in #expect(found.allSatisfy { $0.event.isAllDay }, "DTSTART is a DATE") }))
        out.append(c("17 in 2020", "Germany_Holidays.ics", .year(2020), "Etc/GMT", count: 17, row: "17 events in 2020"))
        return out
    }()

    static let series: [UpstreamCase] = {
        let m = "machbar_16_feb_2019.ics", b = "Europe/Berlin"
        let machbarDays = ["2018-09-22", "2018-10-20", "2018-11-17", "2018-12-08", "2019-01-12", "2019-01-27", "2019-02-09",
                           "2019-02-24", "2019-03-23", "2019-04-27", "2019-05-25", "2019-06-22"]
        @Sendable func tour(_ found: [Occurrence]) -> [Occurrence] { found.filter { $0.event.title.hasPrefix("mB-onTour") } }
        var out = machbarDays.map { day in
            c("1 on \(day)", m, .day(day), b, count: 1, row: "Exactly 1 event on each of 2018-09-22 … 06-22")
        }
        out.append(c("mB-onTour only on those 12 days, 2018-09 to 2019-07", m, .between("2018-09-01", "2019-07-01"), b,
                     row: "No other \"mB-onTour\" events from 2018-09 to 2019-07",
                     extra: { found in
                         let days = tour(found).map { Upstream.local($0.startDate, of: $0.event, in: "Europe/Berlin").prefix(10) }.map(String.init)
                         #expect(days == machbarDays, "mB-onTour days")
                     }))
        out.append(c("2018-03-04 to 2020-03-04 does not fail", "fablab_cottbus.ics", .between("2018-03-04", "2020-03-04"), b,
                     row: "Must not fail for 2018-03-04 to 2020-03-04 (mixes naive and aware datetimes)"))
        out.append(c("7 in total", "each_week_but_one_deleted.ics", .all, b, count: 7, row: "7 / 6 occurrences in total"))
        out.append(c("6 in total", "each_week_but_two_deleted.ics", .all, b, count: 6, row: "7 / 6 occurrences in total"))
        let e10 = "event_10_times.ics"
        out.append(c("daily 2020-01-13 to 01-22", e10, .all, b, count: 10,
                     starts: (13...22).map { "2020-01-\($0)" }, row: "Daily 2020-01-13 to 01-22 (10)"))
        for (i, day) in (13...23).enumerated() {
            out.append(c("after 2020-01-\(day) → \(10 - i)", e10, .after("2020-01-\(day)"), b, count: 10 - i,
                         row: "Occurrences after 01-13: 10, after 01-14: 9 … after 01-22: 1, after 01-23: 0"))
        }
        out.append(c("after 2020-01-19T00:00Z → 4", e10, .after("2020-01-19T00:00Z"), b, count: 4, row: "After 2020-01-19T00:00Z: 4"))
        out.append(c("after 2024-03-24: event 1 … 7 in order", "after_many_events_in_order.ics", .after("2024-03-24"), "Europe/London",
                     summaries: (1...7).map { "event \($0)" }, row: "After 2024-03-24: \"event 1\" … \"event 7\", in that order, each once"))
        out.append(c("1 event test1", "one_event.ics", .all, b, count: 1, summaries: ["test1"], row: "1 event (SUMMARY test1; RECURRENCE-ID = DTSTART)"))
        out.append(c("0 events", "no_events.ics", .all, b, count: 0, row: "/ 0"))
        out.append(c("stays DATE", "one_day_event.ics", .all, b, count: 1, row: "DTSTART and DTEND stay DATE values",
                     extra: { found in #expect(found.allSatisfy { $0.event.isAllDay }, "all-day") }))
        for day in 4...7 {
            out.append(c("1 on 2019-03-0\(day)", "one_day_event_repeat_every_day.ics", .day("2019-03-0\(day)"), b, count: 1,
                         row: "Exactly 1 on each day 2019-03-04 to 03-07"))
        }
        return out
    }()

    static let durations: [UpstreamCase] = {
        // duration.ics is floating (read in any zone the same): Event 1 DATE 2018-01-10 P3D,
        // Event 2 2018-01-15 10:00 PT3H, "Short event" 2018-01-20 12:00 (no DTEND).
        let f = "duration.ics", z = "UTC", r = "DURATION, no DTEND"
        var out: [UpstreamCase] = [
            c("2018 → 3", f, .year(2018), z, count: 3, row: r + ": 2018 → 3"),
            c("2018-01 → 3", f, .month(2018, 1), z, count: 3, row: r + ": 2018-01 → 3"),
        ]
        for (day, n) in [("2018-01-09", 0), ("2018-01-10", 1), ("2018-01-11", 1), ("2018-01-12", 1), ("2018-01-14", 0),
                         ("2018-01-19", 0), ("2018-01-20", 1), ("2018-01-21", 0)] {
            out.append(c("\(day) → \(n)", f, .day(day), z, count: n, row: r + ": 01-10, 01-11, 01-12 → 1; 01-09 and 01-14 → 0 … 01-20 → 1; 01-19 and 01-21 → 0"))
        }
        for (hour, n) in [(9, 0), (10, 1), (11, 1), (12, 1), (14, 0)] {
            out.append(c("2018-01-15 hour \(hour) → \(n)", f, .hour("2018-01-15", hour), z, count: n, row: r + ": 2018-01-15 at hours 10, 11, 12 → 1; at 9 and 14 → 0"))
        }
        let e = "duration_edited.ics", b = "Europe/Berlin"
        out += [
            c("2019-03-18 original 1 h", e, .day("2019-03-18"), b, count: 1, summaries: ["original event"], durations: [h], row: "2019-03-18 \"original event\" 1 h"),
            c("2019-03-19 edited 3 h", e, .day("2019-03-19"), b, count: 1, summaries: ["edited duration"], durations: [3 * h], row: "03-19 \"edited duration\" 3 h"),
            c("2019-03-20 original 1 h", e, .day("2019-03-20"), b, count: 1, summaries: ["original event"], durations: [h], row: "03-20 \"original event\" 1 h"),
        ]
        let cd = "recurring_events_changed_duration.ics"
        for (day, len) in [("2019-03-07", h), ("2019-03-08", 2 * h), ("2019-03-09", h / 2), ("2019-03-10", d)] {
            out.append(c("\(day) lasts \(len) s", cd, .day(day), b, durations: [len], row: "Durations on 03-07, 08, 09 and 10: 1 h, 2 h, 30 min, 1 d"))
        }
        out.append(c("2019: 1, 08:00–08:30", "end_before_start_event.ics", .year(2019), b, count: 1,
                     starts: ["2019-03-04T08:00"], ends: ["2019-03-04T08:30"], row: "2019 → 1: 2019-03-04 08:00–08:30 Europe/Berlin"))
        out.append(c("VEVENT read as 23:30–23:45", "issue_132_swapped_start_and_end.ics", .all, "Europe/Paris", count: 1,
                     starts: ["2023-12-18T23:30"], ends: ["2023-12-18T23:45"], row: "VEVENT … with end before start are read as 2023-12-18 23:30–23:45"))
        out.append(c("DATE without DTEND: found at 00:00", "issue_179_example.ics", .hour("1997-11-02", 0), "UTC", count: 1, durations: [d],
                     row: "DATE DTSTART with no DTEND lasts 1 day: found at 1997-11-02 00:00 and 01:00"))
        out.append(c("DATE without DTEND: found at 01:00", "issue_179_example.ics", .hour("1997-11-02", 1), "UTC", count: 1, durations: [d],
                     row: "DATE DTSTART with no DTEND lasts 1 day: found at 1997-11-02 00:00 and 01:00"))
        out.append(c("DATE start, UTC end: 1 occurrence", "issue_201_mixed_datetime_and_date.ics", .all, "UTC", count: 1,
                     starts: ["2023-07-24T00:00"], ends: ["2023-08-17T00:00"], row: "1 occurrence, 2023-07-24T00:00Z to 2023-08-17T00:00Z"))
        // issue_201_test_matrix: UID VEVENT-<start kind>-<end kind>; the length depends on the end kind.
        let lengths = [("DATE", d), ("DATETIME", d + 4 * h), ("UTC", 2 * d + 2 * h), ("DAYS", 3 * d), ("HOURS", 10 * h)]
        for start in ["DATE", "DATETIME", "UTC"] {
            for (end, len) in lengths {
                let uid = "VEVENT-\(start)-\(end)"
                out.append(c("\(uid) lasts \(len) s", "issue_201_test_matrix.ics", .all, "UTC",
                             row: "Durations by end kind: DATE 1 d, DATETIME 1 d 4 h, UTC 2 d 2 h, DAYS 3 d, HOURS 10 h",
                             extra: { found in
                                 let mine = found.filter { $0.event.uid == uid }
                                 #expect(mine.count == 1, "\(uid): one occurrence")
                                 #expect(mine.map { Int($0.endDate.timeIntervalSince($0.startDate)) } == [len], "\(uid): length")
                             }))
            }
        }
        out.append(c("1 on 2019-01-17", "discourse_no_dtend.ics", .day("2019-01-17"), b, count: 1, row: "1 on 2019-01-17; instances get a DTEND"))
        return out
    }()

    static let rdates: [UpstreamCase] = {
        var out: [UpstreamCase] = [
            c("2014-07-05 → 1 (RRULE and RDATE coincide)", "rdate.ics", .day("2014-07-05"), "UTC", count: 1, row: "2014-07-05 → 1 (RRULE and RDATE coincide, counted once)"),
            c("2025-07-05 → 0 (RDATE removed by EXDATE)", "rdate.ics", .day("2025-07-05"), "UTC", count: 0, row: "2025-07-05 → 0 (RDATE removed by EXDATE)"),
            c("2015-07-05 → 0", "rdate.ics", .day("2015-07-05"), "UTC", count: 0, row: "2015-07-05 → 0"),
        ]
        let hpr = "rdate_hackerpublicradio.ics", l = "Europe/London"
        let hprDays = ["2013-08-03", "2013-08-31", "2013-10-05", "2013-11-02", "2013-11-30", "2014-01-04", "2014-02-01",
                       "2014-03-01", "2014-04-05", "2014-05-03", "2014-05-31", "2014-07-05"]
        out.append(c("12 in total", hpr, .all, l, count: 12, starts: hprDays, row: "12 in total, 1 on each of 2013-08-03 … 07-05"))
        out += hprDays.map { c("1 on \($0)", hpr, .day($0), l, count: 1, row: "1 on each of 2013-08-03 … 2014-07-05") }
        out.append(c("first instance 20:00 London, 2 h", hpr, .all, l, starts: ["2013-08-03T20:00"], durations: nil,
                     row: "First instance 2013-08-03T19:00Z (= 20:00 Europe/London), 2 h long",
                     extra: { found in #expect(found.first.map { Int($0.endDate.timeIntervalSince($0.startDate)) } == 2 * 3600, "2 h long") }))
        out.append(c("found at its start", hpr, .hour("2013-08-03", 20), l, count: 1, row: "found at its start and at +1 h, not at +2 h"))
        out.append(c("found at +1 h", hpr, .hour("2013-08-03", 21), l, count: 1, row: "found at its start and at +1 h, not at +2 h"))
        out.append(c("not at +2 h", hpr, .hour("2013-08-03", 22), l, count: 0, row: "found at its start and at +1 h, not at +2 h"))
        out.append(c("1 on 2020-02-04", "rdate_falls_on_rrule_until.ics", .day("2020-02-04"), "Europe/Berlin", count: 1, row: "Exactly 1 on 2020-02-04"))
        out.append(c("the RDATE PERIOD runs 12:00–15:00", "issue_113_period_in_rdate.ics", .day("2023-12-13"), "America/Vancouver",
                     starts: ["2023-12-13T12:00"], ends: ["2023-12-13T15:00"], row: "The 2023-12-13 instance (RDATE PERIOD) runs 12:00–15:00 America/Vancouver"))
        out.append(c("RDATE PERIOD start/duration: 1 lasting 2 h", "issue_113_period_rdate_duration.ics", .day("2024-09-13"), "UTC", count: 1,
                     durations: [2 * h], row: "1 on 2024-09-13, lasting 2 h (PERIOD written as start/duration)"))
        out.append(c("two RRULEs: 22 in 2023", "multiple_rrule.ics", .year(2023), l, count: 22,
                     row: "Two RRULEs: 22 in 2023 (20 + 2), including 02-09, 02-13, 02-16 and 03-13",
                     extra: { found in
                         let days = Set(found.map { String(Upstream.local($0.startDate, of: $0.event, in: "Europe/London").prefix(10)) })
                         for day in ["2023-02-09", "2023-02-13", "2023-02-16", "2023-03-13"] { #expect(days.contains(day), "includes \(day)") }
                     }))
        out.append(c("repeated RRULE line: 20 in 2023", "duplicated_rrule.ics", .year(2023), l, count: 20, row: "20 in 2023 (the repeated RRULE line is not counted twice)"))
        out.append(c("DATE EXDATE against a DATE-TIME series: nothing on 2023-12-16", "date_exclude.txt", .day("2023-12-16"), "UTC", count: 0,
                     row: "`EXDATE;VALUE=DATE` against a DATE-TIME series, and FREQ written twice in the RRULE: nothing on 2023-12-16"))
        return out
    }()

    static let issues: [UpstreamCase] = {
        let b = "Europe/Berlin"
        var out: [UpstreamCase] = [
            c("2019-06-13: 1 all-day (UNTIL inclusive)", "issue_4.ics", .day("2019-06-13"), "UTC", count: 1, row: "On 2019-06-13: 1 all-day instance",
              extra: { found in #expect(found.allSatisfy { $0.event.isAllDay }) }),
            c("12 in total", "issue_4_rrule_until.ics", .all, "Europe/London", count: 12, row: "12 in total (UNTIL is inclusive)"),
            c("2 in total", "issue_4_weidenrinde.ics", .all, "UTC", count: 2, row: "2 in total"),
            c("3 on 2013-08-03", "issue_15_duplicated_events.ics", .day("2013-08-03"), "UTC", count: 3, row: "3 events on 2013-08-03 (no SEQUENCE present)"),
        ]
        for (day, cancelled) in [("2020-01-28", false), ("2020-01-29", true), ("2020-01-30", false)] {
            out.append(c("\(day) \(cancelled ? "CANCELLED" : "no STATUS"), OPAQUE", "issue_18_cancel_status.ics", .day(day), b, count: 1,
                         row: "On 2020-01-29 the instance has STATUS:CANCELLED. On 01-28 and 01-30 there is no STATUS. TRANSP is OPAQUE on all three",
                         extra: { found in
                             #expect(found.map(\.event.status) == [cancelled ? .canceled : Event.Status.none], "STATUS")
                             #expect(found.allSatisfy { $0.event.availability == .busy }, "TRANSP:OPAQUE")
                         }))
        }
        let i20 = ["2019-10-29", "2019-11-12", "2019-12-10", "2020-01-07", "2020-01-14", "2020-01-21", "2020-01-28"]
        out.append(c("7 in total, EXDATEs removed", "issue_20_exdate_ignored.ics", .all, b, count: 7, starts: i20,
                     row: "7 in total: 2019-10-29 … 01-28. EXDATEs … never appear. UNTIL ends 1 s before a February instance"))
        out.append(c("2 in 2020-04-25..30 (UNTIL floating)", "issue_27_t1.ics", .between("2020-04-25", "2020-04-30"), b, count: 2, row: "2 between 2020-04-25 and 04-30 (EXDATE removes one)"))
        out.append(c("2 in 2020-04-25..30 (UNTIL in default zone)", "issue_27_t2.ics", .between("2020-04-25", "2020-04-30"), b, count: 2, row: "2 between 2020-04-25 and 04-30 (EXDATE removes one)"))
        let i28 = "issue_28_rrule_with_UTC_endinginZ.ics"
        out.append(c("15 between 2020-05-25 and 09-05", i28, .between("2020-05-25", "2020-09-05"), "Europe/London", count: 15, row: "15 between 2020-05-25 and 09-05 (\"as Outlook online shows\")"))
        out.append(c("1 moved instance between 09-03 and 09-05", i28, .between("2020-09-03", "2020-09-05"), "Europe/London", count: 1, row: "1 (a moved instance) between 09-03 and 09-05"))
        out.append(c("2020-08-14 → 1 test2", "issue_44_double_event.ics", .day("2020-08-14"), "Europe/London", count: 1, summaries: ["test2"], row: "2020-08-14 → 1 (\"test2\")"))
        out.append(c("2020-08-13 → 0", "issue_44_double_event.ics", .day("2020-08-13"), "Europe/London", count: 0, row: "08-13 and 08-15 → 0"))
        out.append(c("2020-08-15 → 0", "issue_44_double_event.ics", .day("2020-08-15"), "Europe/London", count: 0, row: "08-13 and 08-15 → 0"))
        out.append(c("no VEVENT occurrences from a VTODO file", "issue_97_simple_todo.ics", .all, "UTC", count: 0, row: "(VTODO/VJOURNAL) … Not returned when only VEVENT is asked for"))
        out.append(c("no VEVENT occurrences from a VJOURNAL file", "issue_97_simple_journal.ics", .all, "UTC", count: 0, row: "(VTODO/VJOURNAL) … Not returned when only VEVENT is asked for"))
        out.append(c("no VEVENT occurrences from a VTODO file without DTSTART", "issue_97_todo_nodtstart.ics", .all, "UTC", count: 0, row: "(VTODO/VJOURNAL) … Not returned when only VEVENT is asked for"))
        out.append(c("365 days from 2023-01-30 include 06-01 and the last, 06-08", "issue_107_omitting_last_event.ics", .between("2023-01-30", "2024-01-30"), "America/Los_Angeles",
                     row: "From 2023-01-30 for 365 days: includes 2023-06-01 and the last instance, 2023-06-08",
                     extra: { found in
                         let days = found.map { String(Upstream.local($0.startDate, of: $0.event, in: "America/Los_Angeles").prefix(10)) }
                         #expect(days.contains("2023-06-01"), "includes 2023-06-01: \(days)")
                         #expect(days.last == "2023-06-08", "last instance 2023-06-08: \(days)")
                     }))
        out.append(c("UNTIL before DTSTART → 0", "issue_117_until_before_dtstart.ics", .all, "UTC", count: 0, row: "0 occurrences (UNTIL < DTSTART)"))
        out.append(c("COUNT=-1 → 7", "issue_128_only_first_event.ics", .all, "UTC", count: 7, row: "`COUNT=-1` (Confluence) → 7 occurrences, not 1"))
        out.append(c("2 in total", "issue_148_ignored_exdate.ics", .all, "UTC", count: 2, starts: ["2024-07-01", "2024-07-29"],
                     summaries: ["test123 - edited", "test123 - edited"], row: "2 in total; none on 2024-07-15. 07-01 and 07-29 have SUMMARY \"test123 - edited\""))
        out.append(c("none on 2024-07-15", "issue_148_ignored_exdate.ics", .day("2024-07-15"), "UTC", count: 0, row: "none on 2024-07-15"))
        for (file, counts) in [("issue_148_exdate_and_rdate_updated.ics", [1, 1, 0, 0, 1]), ("issue_148_exdate_and_rdate_unedited.ics", [1, 0, 1, 1, 0])] {
            for (day, n) in zip(["2024-07-01", "2024-07-15", "2024-07-17", "2024-07-29", "2024-07-30"], counts) {
                out.append(c("\(day) → \(n)", file, .day(day), "UTC", count: n,
                             row: "Counts on 2024-07-01, 07-15, 07-17, 07-29, 07-30: updated 1, 1, 0, 0, 1; unedited 1, 0, 1, 1, 0"))
            }
        }
        out.append(c("2: 07-01, 07-29", "issue_148_edge_case_1.ics", .all, "UTC", count: 2, starts: ["2024-07-01", "2024-07-29"], row: "2 (07-01, 07-29; not 07-02)"))
        out.append(c("3: 07-01, 07-02, 07-29", "issue_148_edge_case_2.ics", .all, "UTC", count: 3, starts: ["2024-07-01", "2024-07-02", "2024-07-29"], row: "3 (07-01, 07-02, 07-29)"))
        out.append(c("1 in 2024-08-02 02:00–03:00Z", "issue_151_macos_linux_difference.ics", .between("2024-08-02T02:00Z", "2024-08-02T03:00Z"), "America/Los_Angeles", count: 1,
                     row: "1 between epoch 1722564000 and 1722567600 (2024-08-02 02:00–03:00Z)"))
        out.append(c("1 on 2024-08-01", "issue_151_macos_linux_difference.ics", .day("2024-08-01"), "America/Los_Angeles", count: 1, row: "1 on 2024-08-01"))
        out.append(c("EXDATE removes a modified instance: 0 on 2024-08-19", "issue_163_deleted_modification.ics", .day("2024-08-19"), "UTC", count: 0,
                     row: "0 on 2024-08-19 (EXDATE removes a modified instance that has a higher SEQUENCE)"))
        out.append(c("2 in August 2024", "issue_164_duplicated_event.ics", .month(2024, 8), "UTC", count: 2, row: "2 in August 2024, with no duplicates"))
        out.append(c("July 2024: 2 all-day 7-day instances", "issue_253_additional_recurrence_id.ics", .month(2024, 7), "UTC", count: 2,
                     starts: ["2024-07-01", "2024-07-15"], durations: [7 * d, 7 * d], row: "July 2024 → 2 all-day 7-day instances, starting 07-01 and 07-15",
                     extra: { found in #expect(found.allSatisfy { $0.event.isAllDay }) }))
        out.append(c("July 2024: event 2 on 07-01, event 1 on 07-29", "issue_253_edge_case_1.ics", .month(2024, 7), "UTC", count: 2,
                     starts: ["2024-07-01", "2024-07-29"], summaries: ["event 2", "event 1"], row: "July 2024 → 2: 07-01 \"event 2\" and 07-29 \"event 1\""))
        for (day, n) in [("2024-09-23", 0), ("2024-09-24", 3), ("2024-09-25", 0), ("2024-09-26", 3), ("2024-09-27", 0)] {
            out.append(c("\(day) → \(n)", "same_event_recurring_at_same_time.ics", .day(day), "Europe/London", count: n, row: "Counts on 2024-09-23, 24, 25, 26, 27: 0, 3, 0, 3, 0"))
        }
        let z = "zero_size_event.ics"
        for (w, n, r) in [(Upstream.Window.day("2019-03-04"), 1, "03-04 → 1"), (.day("2019-03-03"), 0, "03-03 and 03-05 → 0"), (.day("2019-03-05"), 0, "03-03 and 03-05 → 0"),
                          (.hour("2019-03-04", 8), 1, "Hour 8 → 1"), (.hour("2019-03-04", 7), 0, "hours 7 and 9 → 0"), (.hour("2019-03-04", 9), 0, "hours 7 and 9 → 0"),
                          (.between("2019-03-04T08:00", "2019-03-04T09:00"), 1, "Window [08:00, 09:00) → 1"),
                          (.between("2019-03-04T07:00", "2019-03-04T08:00"), 0, "[07:00, 08:00) → 0")] {
            out.append(c("\(w) → \(n)", z, w, b, count: n, durations: Array(repeating: 0, count: n), row: "DTSTART = DTEND = 2019-03-04T08:00: " + r))
        }
        return out
    }()

    static let overrides: [UpstreamCase] = {
        let b = "Europe/Berlin"
        var out: [UpstreamCase] = []
        let i36 = "issue_36_recurrence_ID_format.ics"
        out.append(c("09-17 DATE-TIME→DATE-TIME override", i36, .day("2020-09-17"), b, row: "2020-09-17 \"Modified event\" (DATE-TIME→DATE-TIME)",
                     extra: { found in #expect(found.filter { $0.event.uid == "series 1" }.map(\.event.title) == ["Modified event"]) }))
        out.append(c("09-14 DATE→DATE override", i36, .day("2020-09-14"), b, row: "09-14 \"Modified event 1\" (DATE→DATE)",
                     extra: { found in #expect(found.filter { $0.event.uid == "series 2" }.map(\.event.title) == ["Modified event 1"]) }))
        out.append(c("09-21 DATE RECURRENCE-ID written as DATE-TIME", i36, .day("2020-09-21"), b, row: "09-21 \"Modified event 2\" (DATE RECURRENCE-ID replaced by DATE-TIME)",
                     extra: { found in #expect(found.filter { $0.event.uid == "series 2" }.map(\.event.title) == ["Modified event 2"]) }))
        let i62 = "issue_62_moved_event.ics"
        out.append(c("moved away from 2021-12-31", i62, .day("2021-12-31"), b, count: 0, row: "moved from 2021-12-31 to 12-17 21:30 Berlin: 12-31 → 0"))
        out.append(c("moved to 2021-12-17 21:30", i62, .day("2021-12-17"), b, count: 1, starts: ["2021-12-17T21:30"], row: "12-17 → 1 (21:30 Berlin)"))
        out.append(c("December 2021 → 1", i62, .month(2021, 12), b, count: 1, row: "December 2021 → 1"))
        let i62b = "issue_62_moved_event_2.ics", syd = "Australia/Sydney"
        out.append(c("August 2023 → 6", i62b, .month(2023, 8), syd, count: 6,
                     starts: ["2023-08-08", "2023-08-10", "2023-08-14", "2023-08-16", "2023-08-22", "2023-08-24"],
                     summaries: ["Datetime", "All Day", "Datetime", "All Day", "Datetime", "All Day"],
                     row: "August 2023 → 6. \"All Day\" on 08-10, 08-16, 08-24; \"Datetime\" on 08-08, 08-14, 08-22"))
        out.append(c("nothing on 2023-08-15", i62b, .day("2023-08-15"), syd, count: 0, row: "nothing on 08-15 or 08-17"))
        out.append(c("nothing on 2023-08-17", i62b, .day("2023-08-17"), syd, count: 0, row: "nothing on 08-15 or 08-17"))

        // RANGE=THISANDFUTURE (issue_75): all in UTC.
        let i75 = "issue_75_range_parameter.ics", r75 = "SUMMARY by day (2024-09)"
        for (day, title) in [("01", "ORIGINAL EVENT"), ("11", "ORIGINAL EVENT"), ("13", "MODIFIED EVENT"), ("14", "MODIFIED EVENT"), ("15", "MODIFIED EVENT"),
                             ("17", "MODIFIED EVENT"), ("19", "MODIFIED EVENT"), ("22", "EDITED EVENT"), ("24", "EDITED EVENT"), ("26", "EDITED EVENT")] {
            out.append(c("2024-09-\(day) \(title)", i75, .day("2024-09-\(day)"), "UTC", count: 1, summaries: [title],
                         row: r75 + ": 01 and 11 \"ORIGINAL EVENT\"; 13, 14 (RDATE), 15, 17 and 19 \"MODIFIED EVENT\"; 22, 24 and 26 \"EDITED EVENT\""))
        }
        for (to, n) in [("2024-09-11T23:59:59Z", 6), ("2024-09-13T23:59:59Z", 7), ("2024-09-14T23:59:59Z", 8), ("2024-09-15T23:59:59Z", 9),
                        ("2024-09-17T23:59:59Z", 10), ("2024-09-19T23:59:59Z", 11), ("2024-09-22T23:59:59Z", 12), ("2024-09-24T23:59:59Z", 13)] {
            out.append(c("from 09-01 to \(to) → \(n)", i75, .between("2024-09-01T00:00Z", to), "UTC", count: n,
                         row: "Running counts from 09-01T00:00Z to 09-11T23:59:59Z = 6, … to 24 = 13"))
        }
        out.append(c("09-13T00Z to 09-22T00Z → 5", i75, .between("2024-09-13T00:00Z", "2024-09-22T00:00Z"), "UTC", count: 5, row: "Windows 09-13T00Z to 09-22T00Z = 5"))
        out.append(c("09-13T00Z to 09-22T23:59:59Z → 6", i75, .between("2024-09-13T00:00Z", "2024-09-22T23:59:59Z"), "UTC", count: 6, row: "09-13T00Z to 09-22T23:59:59Z = 6"))
        out.append(c("09-24T00Z to 09-25T23:59:59Z → 1", i75, .between("2024-09-24T00:00Z", "2024-09-25T23:59:59Z"), "UTC", count: 1, row: "09-24T00Z to 09-25T23:59:59Z = 1"))
        for (day, s, e) in [("13", "09:00", "16:00"), ("17", "09:00", "16:00"), ("22", "14:22", "16:13"), ("24", "14:22", "16:13")] {
            out.append(c("2024-09-\(day) runs \(s)–\(e)", i75, .day("2024-09-\(day)"), "UTC", starts: ["2024-09-\(day)T\(s)"], ends: ["2024-09-\(day)T\(e)"],
                         row: "Times: 09-13 and 09-17 run 09:00–16:00; 09-22 and 09-24 run 14:22–16:13"))
        }

        out.append(c("override with no master on 2024-01-08", "issue_173_only_modifications_error.ics", .day("2024-01-08"), "Europe/Paris",
                     row: "On 2024-01-08 it includes UID …_R20231009T130000@google.com with RECURRENCE-ID 2024-01-08T15:00 Europe/Paris",
                     extra: { found in
                         let uid = "_6krj2dhl74q34b9j60sj4b9k8h238b9p6gok2ba68gojgchl6cpj0h1o88_R20231009T130000@google.com"
                         let rids = found.filter { $0.event.uid == uid }.compactMap(\.occurrenceDate)
                         let expected = try? Upstream.instant("2024-01-08T15:00", in: "Europe/Paris")
                         #expect(!rids.isEmpty && rids.allSatisfy { $0 == expected }, "RECURRENCE-ID of \(uid): \(rids)")
                     }))
        out.append(c("SEQUENCE 0 on 2019-03-04", "issue_223_one_event_with_sequence.ics", .day("2019-03-04"), b, count: 1, row: "2019-03-05 SEQUENCE 1; 2019-03-04 SEQUENCE 0",
                     extra: { found in #expect(found.map(\.event.sequence) == [0]) }))
        out.append(c("SEQUENCE 1 on 2019-03-05", "issue_223_one_event_with_sequence.ics", .day("2019-03-05"), b, count: 1, row: "2019-03-05 SEQUENCE 1; 2019-03-04 SEQUENCE 0",
                     extra: { found in #expect(found.map(\.event.sequence) == [1]) }))
        for day in ["2025-04-23", "2025-04-24", "2025-04-25"] {
            out.append(c("\(day): 1 with SEQUENCE 3", "issue_223_thunderbird.ics", .day(day), "Europe/London", count: 1, row: "1 on each of 2025-04-23, 04-24 and 04-25, all with SEQUENCE 3",
                         extra: { found in #expect(found.map(\.event.sequence) == [3]) }))
        }
        out.append(c("first instance's RECURRENCE-ID is 2015-09-01T08:00", "issue_243_recurrence_id_is_not_identical_to_dtstart.ics",
                     .between("2015-09-01", "2015-09-04"), "UTC", row: "The first instance between 2015-09-01 and 09-04 has RECURRENCE-ID 2015-09-01T08:00",
                     extra: { found in
                         // Floating: the RECURRENCE-ID holds the wall clock read as UTC.
                         #expect(found.first.flatMap(\.occurrenceDate) == (try? Upstream.instant("2015-09-01T08:00", in: "UTC")))
                     }))
        out.append(c("2020-09-22 → Modified event (lower SEQUENCE)", "recurrence_sequence_number.ics", .day("2020-09-22"), "UTC", summaries: ["Modified event"],
                     row: "2020-09-22 → \"Modified event\" (the override wins even though its SEQUENCE is lower)"))
        for (day, hour) in [("2019-03-07", 2), ("2019-03-08", 1), ("2019-03-09", 3), ("2019-03-10", 2)] {
            out.append(c("\(day) starts at \(hour):00", "recurring_events_moved.ics", .day(day), b, starts: [String(format: "%@T%02d:00", day, hour)],
                         row: "Start hours on 2019-03-07, 08, 09 and 10: 2, 1, 3, 2"))
        }
        out.append(c("03-09: RECURRENCE-ID 02:00, starts 03:00, New Event", "recurring_events_moved.ics", .day("2019-03-09"), b, count: 1, summaries: ["New Event"],
                     row: "The 03-09 instance has RECURRENCE-ID 02:00 Berlin and starts 03:00 Berlin, SUMMARY \"New Event\"",
                     extra: { found in
                         #expect(found.first.flatMap(\.occurrenceDate) == (try? Upstream.instant("2019-03-09T02:00", in: "Europe/Berlin")))
                         #expect(found.first?.startDate == (try? Upstream.instant("2019-03-09T03:00", in: "Europe/Berlin")))
                     }))
        out.append(c("3: 2× test7, 1× edited with LOCATION, equal lengths", "three_events_one_edited.ics", .all, b, count: 3,
                     row: "3 in total: 2× \"test7\" and 1× \"test7 - edited\" (LOCATION \"location\"). All durations equal; DTSTART and DTEND values differ",
                     extra: { found in
                         #expect(found.filter { $0.event.title == "test7" }.count == 2)
                         #expect(found.filter { $0.event.title == "test7 - edited" }.map(\.event.location) == ["location"])
                         #expect(Set(found.map { $0.endDate.timeIntervalSince($0.startDate) }).count == 1, "all durations equal")
                         #expect(Set(found.map(\.startDate)).count == 3 && Set(found.map(\.endDate)).count == 3, "DTSTART and DTEND differ")
                     }))
        return out
    }()

    static let timeZones: [UpstreamCase] = {
        let b = "Europe/Berlin"
        let dst = "daylight_saving_time.ics", uid = "7uartkcnhf0elbvs8md0itrf6c@google.com"
        var out: [UpstreamCase] = []
        for day in ["2019-03-20", "2019-04-24"] {
            out.append(c("\(uid) at 19:00 Berlin on \(day)", dst, .day(day), b, row: "starts at 19:00 Europe/Berlin on both 2019-03-20 (UTC+1) and 2019-04-24 (UTC+2)",
                         extra: { found in
                             let mine = found.filter { $0.event.uid == uid }
                             #expect(mine.map { Upstream.local($0.startDate, of: $0.event, in: "Europe/Berlin") } == ["\(day)T19:00"])
                         }))
        }
        let lis = "issue_48_daylight_aware_repeats.ics"
        for t in ["11:31", "12:00", "12:01", "12:59"] {
            out.append(c("EVENT2 found at \(t) Lisbon", lis, .between("2020-11-02T\(t)", "2020-11-02T\(t):59"), "Europe/Lisbon",
                         row: "Europe/Lisbon, 2020-11-02: UID EVENT2 found at 11:31, 12:00, 12:01 and 12:59", extra: uidCount("EVENT2", 1)))
        }
        for t in ["11:15", "13:01"] {
            out.append(c("nothing at \(t) Lisbon", lis, .between("2020-11-02T\(t)", "2020-11-02T\(t):59"), "Europe/Lisbon", count: 0, row: "Nothing at 11:15 or 13:01"))
        }
        out.append(c("3 between 10:00 and 15:00 Chicago", "issue_48_dst.ics", .between("2020-12-11T10:00", "2020-12-11T15:00"), "America/Chicago", count: 3,
                     row: "3 events between 2020-12-11 10:00 and 15:00 America/Chicago"))
        out.append(c("1 all-day at 2021-12-15 17:41", "issue_61_time_zone_error.ics", .between("2021-12-15T17:41", "2021-12-15T17:41:59"), "America/Los_Angeles", count: 1,
                     row: "At 2021-12-15 17:41 in the calendar's X-WR-TIMEZONE: 1 event, and its DTSTART is a DATE",
                     extra: { found in #expect(found.allSatisfy { $0.event.isAllDay }) }))
        out.append(c("X-WR-TIMEZONE applied: 2021-09-16 21:00 CEST", "issue_86_x_wr_timezone_without_time_zone_in_dt.ics", .all, "Europe/Brussels", count: 1,
                     starts: ["2021-09-16T21:00"], row: "DTSTART becomes 2021-09-16 21:00 CEST (X-WR-TIMEZONE applied)",
                     extra: { found in
                         #expect(found.first?.event.timeZone != nil, "zoned, not floating")
                         #expect(found.first?.startDate == (try? Upstream.instant("2021-09-16T19:00Z", in: "UTC")), "21:00 CEST = 19:00Z")
                     }))
        let ny = "x_wr_timezone_simple_events_issue_59.ics"
        for (t, n) in [("12:00", 1), ("12:59", 1), ("11:59", 0), ("13:00", 0), ("21:00", 1), ("21:59", 1), ("20:59", 0), ("22:00", 0)] {
            out.append(c("\(n == 1 ? "found" : "not") at \(t) New York", ny, .between("2021-12-22T\(t)", "2021-12-22T\(t):59"), "America/New_York", count: n,
                         row: "found at 12:00 and 12:59, not at 11:59 or 13:00; found at 21:00 and 21:59, not at 20:59 or 22:00"))
        }
        return out
    }()
}
