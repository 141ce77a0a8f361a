import CalendarModel
import CalendarStore
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

/// `importFile(at:into:options:)`: the streaming, threaded import, through the public API.
@Suite("Importing a file")
struct FileImportTests {
    static let team = TestFiles.fixtures.appendingPathComponent("demo/team.ics")

    /// The store holds what the reader reads from the file, as `importDocument` of the whole
    /// read document stores it.
    @Test func aFileLandsAsItsReadDocumentDoes() throws {
        try withStore { streamed in
            try withStore { whole in
                let imported = try streamed.importFile(at: Self.team)
                #expect(imported.imported)
                #expect(imported.reports.map(\.calendarTitle) == ["Platform Team"])
                let read = try ICalendarReader().read(contentsOf: Self.team)
                for document in read.documents { _ = try whole.importDocument(document) }
                #expect(try streamed.calendars().map(\.title) == whole.calendars().map(\.title))
                let a = try streamed.document(forCalendar: "Platform Team"), b = try whole.document(forCalendar: "Platform Team")
                #expect(a.events.map(\.uid).sorted() == b.events.map(\.uid).sorted())
                #expect(a.events.count == read.documents.flatMap(\.events).count)
                #expect(Set(a.events) == Set(b.events))
                #expect(Set(a.reminders) == Set(b.reminders))
                let year = streamed.predicateForEvents(withStart: utc(2026, 1, 1), end: utc(2027, 1, 1), calendars: nil, timeZone: .gmt)
                #expect(try streamed.events(matching: year) == whole.events(matching: year))
            }
        }
    }

    @Test func intoACalendarReadOnlyAndDryRun() throws {
        try withStore { store in
            let dry = try store.importFile(at: Self.team, into: "Work", options: FileImportOptions(dryRun: true))
            #expect(!dry.imported && dry.reports.first?.dryRun == true)
            #expect(try store.calendars().isEmpty)
            let done = try store.importFile(at: Self.team, into: "Work", options: FileImportOptions(readOnly: true))
            #expect(done.imported)
            #expect(try store.calendar(titled: "Work")?.allowsContentModifications == false)
        }
    }

    /// A file that is not iCalendar is refused and nothing is imported from it.
    @Test func aFileThatIsNotICalendarIsNotImported() throws {
        try withTemporaryDirectory { directory in
            let page = directory.appendingPathComponent("page.ics")
            try Data("<html><body>Not found</body></html>\n".utf8).write(to: page)
            try withStore { store in
                let result = try store.importFile(at: page)
                #expect(result.read.refused && !result.imported && result.reports.isEmpty)
                #expect(try store.calendars().isEmpty)
            }
        }
    }
}
