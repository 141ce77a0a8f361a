@testable import CalendarCLI
import CalendarModel
import CalendarStore
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// `export` writes unedited items from the text the store kept, reading the items in the key
/// index's order (overrides before their master) and putting each master first again. The
/// document path (`EventStore.document(forCalendar:)` + `ICalendarWriter`) decodes every model
/// and sorts in SQL; both must give the same bytes.
@Suite("export order and original texts")
struct ExportOrderTests {
    /// UIDs chosen so that index order and export order differ: overrides of `b` sort before
    /// its master in the index; `a` has overrides only; `c` folds a long multi-byte line; `d`
    /// is edited after import (exported from its model); a VTODO and a second calendar.
    static let work = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        X-WR-CALNAME:Work\r
        BEGIN:VEVENT\r
        UID:b\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260302T090000\r
        DURATION:PT1H\r
        RRULE:FREQ=DAILY;COUNT=5\r
        SUMMARY:Standup\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:b\r
        DTSTAMP:20260101T000000Z\r
        RECURRENCE-ID;TZID=Europe/Berlin:20260304T090000\r
        DTSTART;TZID=America/New_York:20260304T040000\r
        DURATION:PT1H\r
        SUMMARY:Standup (moved)\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:b\r
        DTSTAMP:20260101T000000Z\r
        RECURRENCE-ID;TZID=Europe/Berlin:20260303T090000\r
        DTSTART;TZID=Europe/Berlin:20260303T100000\r
        DURATION:PT1H\r
        SUMMARY:Standup (late)\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:a\r
        DTSTAMP:20260101T000000Z\r
        RECURRENCE-ID:20260310T080000Z\r
        DTSTART:20260310T090000Z\r
        DURATION:PT30M\r
        SUMMARY:Orphan override\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:c\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Asia/Tokyo:20260305T090000\r
        DTEND;TZID=Asia/Tokyo:20260305T100000\r
        SUMMARY:Überprüfung der Größenordnung – \(String(repeating: "äöü€𝄞", count: 20))\r
        DESCRIPTION:\(String(repeating: "Zeile mit Umlauten äöü und mehr Text ", count: 6))\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:d\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260306T090000Z\r
        DURATION:PT1H\r
        SUMMARY:To be edited\r
        X-KEPT:yes\r
        END:VEVENT\r
        BEGIN:VTODO\r
        UID:t1\r
        DTSTAMP:20260101T000000Z\r
        DUE;TZID=Australia/Sydney:20260307T170000\r
        SUMMARY:File report\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    static let home = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        X-WR-CALNAME:Home\r
        BEGIN:VEVENT\r
        UID:h\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;VALUE=DATE:20260308\r
        SUMMARY:Day off\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func exportEqualsTheDocumentWriter() throws {
        let store = try StoreUnderTest()
        #expect(store.run(["import", "-"], stdin: Self.work).status == .ok)
        #expect(store.run(["import", "-"], stdin: Self.home).status == .ok)
        let opened = try EventStore(path: store.path)
        defer { try? opened.close() }
        var edited = try #require(try opened.event(withUID: "d")).event
        edited.title = "Edited"
        try opened.save(edited, in: "Work")

        let documents = try opened.calendars().map { try opened.document(forCalendar: $0.title) }
        #expect(documents.map(\.calendar.title) == ["Home", "Work"])
        let work = try #require(documents.last)
        #expect(work.events.map(\.uid) == ["a", "b", "b", "b", "c", "d"])
        #expect(work.events.filter { $0.uid == "d" }.allSatisfy { $0.source == nil })
        #expect(work.events.filter { $0.uid != "d" }.allSatisfy { $0.source != nil })

        let exported = store.ok(["export"])
        #expect(exported == ICalendarWriter().write(documents))
        #expect(exported.contains("SUMMARY:Edited"))
        #expect(store.ok(["export", "--calendar", "Work"]) == ICalendarWriter().write([work]))
    }
}
