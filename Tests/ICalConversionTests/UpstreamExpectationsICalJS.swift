import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// ical.js's expectations (SOURCES.md §4, `test/recur_expansion_test.js`), as table cases.
/// ical.js's RecurExpansion iterates the recurrence set of the master (DTSTART, RRULE, RDATE,
/// minus EXDATE): instance identities, i.e. RECURRENCE-IDs. icalkit's occurrences carry them as
/// `occurrenceDate` (an override keeps the one it replaces), so these cases compare those.
@Suite("Upstream expectations: ical.js", .enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
struct UpstreamExpectationsICalJS {
    @Test(arguments: Self.cases)
    func expectation(_ c: UpstreamCase) throws {
        try c.run(reversed: false)
    }

    static func c(_ name: String, _ file: String, _ window: Upstream.Window, count: Int? = nil, row: String,
                  extra: (@Sendable ([Occurrence]) -> Void)? = nil) -> UpstreamCase {
        UpstreamCase(name: "\(file): \(name)", file: "ical.js/samples/" + file, window: window, zone: "UTC", count: count,
                     row: "SOURCES.md §4 `\(file)`: \(row)", extra: extra)
    }

    /// The sorted instance identities (RECURRENCE-ID, or start for a non-recurring occurrence), as UTC text.
    @Sendable static func ids(_ found: [Occurrence]) -> [String] {
        found.map { Upstream.local($0.occurrenceDate ?? $0.startDate, of: $0.event, in: "UTC") + "Z" }.sorted()
    }

    static let first6 = ["2012-10-02T17:00Z", "2012-11-05T18:00Z", "2012-11-06T18:00Z", "2012-11-10T18:00Z", "2012-11-30T18:00Z", "2013-01-01T18:00Z"]

    /// SOURCES.md §4 `recur_instances_finite.ics`: "After these the iterator is complete, and this
    /// also holds after a toJSON round trip." icalkit's counterpart of ical.js's iterator
    /// serialization is export and re-import: the series, rebuilt from the model, expands to the same 5.
    @Test func finiteSetSurvivesExport() throws {
        let docs = try Upstream.documents("ical.js/samples/recur_instances_finite.ics")
        let text = ICalendarWriter().write(RoundTrip.strippingSources(docs))
        let again = ICalendarReader().read(Data(text.utf8), fileName: "recur_instances_finite.ics (re-read)")
        #expect(!again.hasDataErrors)
        let found = try Upstream.occurrences(of: again.documents, .all, in: "UTC")
        #expect(Self.ids(found) == ["2012-10-02T17:00Z", "2012-11-05T18:00Z", "2012-11-06T18:00Z", "2012-11-10T18:00Z", "2012-12-04T18:00Z"])
    }

    static let cases: [UpstreamCase] = [
        c("first 6 instances", "recur_instances.ics", .between("2012-10-01T00:00Z", "2013-01-02T00:00Z"),
          row: "the first 6 instances are 2012-10-02T17:00Z, 2012-11-05T18:00Z, 2012-11-06T18:00Z, 2012-11-10T18:00Z, 2012-11-30T18:00Z and 2013-01-01T18:00Z",
          extra: { found in #expect(ids(found) == first6, "instances") }),
        c("nothing before the first instance", "recur_instances.ics", .between("1900-01-01T00:00Z", "2012-10-02T17:00Z"), count: 0,
          row: "the first 6 instances are 2012-10-02T17:00Z, … (the first is DTSTART)"),
        c("EXDATEs never appear", "recur_instances.ics", .between("2012-10-01T00:00Z", "2013-06-01T00:00Z"),
          row: "Its EXDATEs are 2012-12-04T18:00Z, 2013-02-05T18:00Z and 2013-04-02T17:00Z",
          extra: { found in
              let got = Set(ids(found))
              for x in ["2012-12-04T18:00Z", "2013-02-05T18:00Z", "2013-04-02T17:00Z"] { #expect(!got.contains(x), "EXDATE \(x) excluded") }
              // and the rule's other first Tuesdays remain: 2013-03-05 18:00Z, 2013-05-07 17:00Z (PDT)
              #expect(got.contains("2013-03-05T18:00Z") && got.contains("2013-05-07T17:00Z"), "other instances kept: \(got.sorted())")
          }),
        c("RDATEs of 2023-11-23 and 2023-11-25 (a PERIOD) at 09:00Z", "recur_instances.ics", .between("2023-11-23T00:00Z", "2023-11-26T00:00Z"),
          row: "Its RDATE list is … plus 2023-11-23 and 2023-11-25 at 09:00Z (one of them a PERIOD)",
          extra: { found in
              #expect(ids(found) == ["2023-11-23T09:00Z", "2023-11-25T09:00Z"], "RDATE instances")
              // The PERIOD RDATE ends at its own end (20231125T123000Z), the other lasts as DTSTART–DTEND (30 min).
              #expect(found.map { Int($0.endDate.timeIntervalSince($0.startDate)) } == [1800, 12_600], "lengths")
          }),
        c("complete set of 5", "recur_instances_finite.ics", .all, count: 5,
          row: "the complete set is 2012-10-02T17:00Z, 2012-11-05T18:00Z, 2012-11-06T18:00Z, 2012-11-10T18:00Z and 2012-12-04T18:00Z. After these the iterator is complete",
          extra: { found in
              #expect(ids(found) == ["2012-10-02T17:00Z", "2012-11-05T18:00Z", "2012-11-06T18:00Z", "2012-11-10T18:00Z", "2012-12-04T18:00Z"], "instances")
          }),
    ]
}
