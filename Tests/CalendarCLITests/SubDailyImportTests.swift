import Foundation
import Testing

/// `icalkit import` of sub-daily rules whose day-level parts skip long spans: the store walks
/// COUNT series to their end for its index, which took libical 3.0.16 minutes per series
/// (`FREQ=SECONDLY;BYMONTH=2;COUNT=3` from March: 96 s of CPU). Now it must be quick.
@Suite("Import: sub-daily rules with day-level parts")
struct SubDailyImportTests {
    @Test func importsQuicklyAndListsTheInstances() throws {
        let store = try StoreUnderTest()
        let file = store.directory.path("subdaily.ics")
        func event(_ uid: String, _ dtstart: String, _ rrule: String) -> String {
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:\(dtstart)\r\nDURATION:PT1S\r\nRRULE:\(rrule)\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\n"
        }
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icalkit//tests//EN\r\n"
            + event("february-seconds", "20260301T000000Z", "FREQ=SECONDLY;BYMONTH=2;COUNT=3")
            + event("day-minus-30", "20260201T000000Z", "FREQ=SECONDLY;BYMONTHDAY=-30;COUNT=3")
            + event("day-100", "20260101T103000Z", "FREQ=HOURLY;BYYEARDAY=100;COUNT=26")
            + "END:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let clock = ContinuousClock()
        let began = clock.now
        #expect(store.ok(["import", file]) == "\(file): 3 added, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(clock.now - began < .seconds(4))

        // RFC 5545: DTSTART (March 1st) is the first of the 3; the next seconds in February are
        // 2027-02-01 00:00:00 and 00:00:01.
        let february = try store.events(["--from", "2027-01-31", "--to", "2027-03-01", "--tz", "UTC"], zone: "UTC")
        #expect(february.compactMap { $0["start"] as? String } == ["2027-02-01T00:00:00Z", "2027-02-01T00:00:01Z"])
        // BYMONTHDAY=-30 is March 2nd in 2026 (31 days); February (28 days) has none.
        let march = try store.events(["--from", "2026-03-02", "--to", "2026-03-03", "--tz", "UTC"], zone: "UTC")
        #expect(march.compactMap { $0["start"] as? String } == ["2026-03-02T00:00:00Z", "2026-03-02T00:00:01Z"])
        // Day 100 of 2027 is April 10; its first hour at DTSTART's minute is the 26th instance.
        let april = try store.events(["--from", "2027-01-01", "--to", "2028-01-01", "--tz", "UTC"], zone: "UTC")
        #expect(april.compactMap { $0["start"] as? String } == ["2027-02-01T00:00:00Z", "2027-02-01T00:00:01Z", "2027-04-10T00:30:00Z"])
    }
}
