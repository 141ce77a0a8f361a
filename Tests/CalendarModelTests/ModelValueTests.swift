import CalendarModel
import Foundation
import Synchronization
import Testing

/// The overlap rule of ``EventPredicate/matches(start:end:)`` on the window
/// [2026-03-01T10:00Z, 2026-03-01T11:00Z).
@Suite("EventPredicate.matches")
struct EventPredicateTests {
    /// 2026-03-01T10:00:00Z and 11:00:00Z (python3 timestamps 1772359200, 1772362800).
    static let ten = Date(timeIntervalSince1970: 1_772_359_200)
    static let eleven = Date(timeIntervalSince1970: 1_772_362_800)
    static let predicate = EventPredicate(startDate: ten, endDate: eleven, timeZone: .gmt)

    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        /// Minutes from 10:00.
        let start: Double
        let end: Double
        let matches: Bool
        var testDescription: String { id }
        static let all = [
            Case(id: "ends where the window starts", start: -60, end: 0, matches: false),
            Case(id: "ends one second into the window", start: -60, end: 1.0 / 60, matches: true),
            Case(id: "inside", start: 30, end: 45, matches: true),
            Case(id: "starts inside, ends after", start: 59, end: 120, matches: true),
            Case(id: "starts where the window ends", start: 60, end: 120, matches: false),
            Case(id: "covers the window", start: -60, end: 120, matches: true),
            Case(id: "exactly the window", start: 0, end: 60, matches: true),
            Case(id: "entirely before", start: -120, end: -60, matches: false),
            Case(id: "entirely after", start: 120, end: 180, matches: false),
            Case(id: "zero-length at the window start", start: 0, end: 0, matches: true),
            Case(id: "zero-length at the window end", start: 60, end: 60, matches: false),
            Case(id: "zero-length inside", start: 30, end: 30, matches: true),
            Case(id: "zero-length just before", start: -1.0 / 60, end: -1.0 / 60, matches: false),
            Case(id: "zero-length one second before the end", start: 59 + 59.0 / 60, end: 59 + 59.0 / 60, matches: true),
            Case(id: "end before start is treated as zero-length", start: 30, end: 10, matches: true),
        ]
    }

    @Test(arguments: Case.all)
    func overlap(_ c: Case) {
        let start = Self.ten.addingTimeInterval(c.start * 60)
        let end = Self.ten.addingTimeInterval(c.end * 60)
        #expect(Self.predicate.matches(start: start, end: end) == c.matches)
    }
}

@Suite("SourceText")
struct SourceTextTests {
    /// 2026-03-01T09:00:00Z
    static let nine = Date(timeIntervalSince1970: 1_772_355_600)

    static func event() -> Event {
        var e = Event(uid: "s@example.com", title: "Standup", startDate: nine, endDate: nine.addingTimeInterval(900))
        e.location = "Room 1"
        e.categories = ["WORK"]
        return e
    }

    static let text = "BEGIN:VEVENT\r\nUID:s@example.com\r\nSUMMARY:Standup\r\nEND:VEVENT\r\n"

    @Test func unchangedRightAfterReading() {
        var e = Self.event()
        let source = SourceText(text: Self.text, event: e)
        e.source = source
        #expect(source.isUnchanged(e))
        #expect(source.text == Self.text)
    }

    @Test func madeTextIsMadeOnceAtFirstRead() async {
        let calls = Mutex(0)
        let e = Self.event()
        let source = SourceText(makingText: { calls.withLock { $0 += 1 }; return Self.text }, event: e)
        #expect(calls.withLock { $0 } == 0)
        // Two threads read at once: both get the text, made once.
        async let first = Task.detached { source.text }.value
        async let second = Task.detached { source.text }.value
        let texts = await [first, second]
        #expect(texts == [Self.text, Self.text])
        #expect(source.text == Self.text)
        #expect(calls.withLock { $0 } == 1)
        #expect(source.isUnchanged(e))
    }

    /// Given as bytes (as an import makes it): made once, at the first read of either form;
    /// the text is those bytes, and the bytes of a text given as a String are its UTF-8.
    @Test func madeBytesAreMadeOnceAndReadAsEitherForm() async {
        let calls = Mutex(0)
        let e = Self.event()
        let text = Self.text + "DESCRIPTION:Café ☕\r\n"
        let source = SourceText(makingUTF8: { calls.withLock { $0 += 1 }; return Array(text.utf8) }, event: e)
        #expect(calls.withLock { $0 } == 0)
        async let first = Task.detached { source.utf8 }.value
        async let second = Task.detached { source.text }.value
        let (bytes, string) = await (first, second)
        #expect(bytes == Array(text.utf8))
        #expect(string == text)
        #expect(source.text == text && source.utf8 == Array(text.utf8))
        #expect(calls.withLock { $0 } == 1)
        #expect(source.isUnchanged(e))
        let reminder = SourceText(makingUTF8: { Array(text.utf8) }, reminder: Reminder(uid: "r@x", title: "r"))
        #expect(reminder.text == text)
        #expect(SourceText(text: text, event: e).utf8 == Array(text.utf8))
        #expect(SourceText(makingText: { text }, event: e).utf8 == Array(text.utf8))
    }

    struct Edit: Sendable, CustomTestStringConvertible {
        let field: String
        let apply: @Sendable (inout Event) -> Void
        var testDescription: String { field }
        static let all: [Edit] = [
            Edit(field: "title") { $0.title = "Standup!" },
            Edit(field: "startDate") { $0.startDate = $0.startDate.addingTimeInterval(60) },
            Edit(field: "endDate") { $0.endDate = $0.endDate.addingTimeInterval(1) },
            Edit(field: "isAllDay") { $0.isAllDay = true },
            Edit(field: "timeZone") { $0.timeZone = TimeZone(identifier: "Europe/Berlin") },
            Edit(field: "timeZoneIdentifier") { $0.timeZoneIdentifier = "W. Europe Standard Time" },
            Edit(field: "duration") { $0.duration = ICalDuration(minutes: 15) },
            Edit(field: "location") { $0.location = nil },
            Edit(field: "notes") { $0.notes = "" },
            Edit(field: "url") { $0.url = URL(string: "https://example.com") },
            Edit(field: "availability") { $0.availability = .free },
            Edit(field: "status") { $0.status = .canceled },
            Edit(field: "organizer") { $0.organizer = Participant(url: "mailto:o@example.com") },
            Edit(field: "attendees") { $0.attendees = [Participant(url: "mailto:a@example.com")] },
            Edit(field: "alarms") { $0.alarms = [Alarm(relativeOffset: -600)] },
            Edit(field: "recurrenceRules") { $0.recurrenceRules = [RecurrenceRule(frequency: .daily)] },
            Edit(field: "exceptionDates") { $0.exceptionDates = [RecurrenceDate(date: $0.startDate)] },
            Edit(field: "occurrenceDate") { $0.occurrenceDate = $0.startDate },
            Edit(field: "categories") { $0.categories.append("HOME") },
            Edit(field: "privacy") { $0.privacy = .private },
            Edit(field: "priority") { $0.priority = 1 },
            Edit(field: "sequence") { $0.sequence += 1 },
            Edit(field: "lastModifiedDate") { $0.lastModifiedDate = $0.startDate },
            Edit(field: "extraProperties") { $0.extraProperties = ["X-A:1"] },
            Edit(field: "extraComponents") { $0.extraComponents = ["BEGIN:X-C\r\nEND:X-C\r\n"] },
        ]
    }

    @Test(arguments: Edit.all)
    func changedAfterAnyEdit(_ edit: Edit) {
        var e = Self.event()
        let source = SourceText(text: Self.text, event: e)
        e.source = source
        edit.apply(&e)
        #expect(!source.isUnchanged(e))
    }

    @Test func equalityAndHashIgnoreSource() {
        let plain = Self.event()
        var withSource = plain
        withSource.source = SourceText(text: Self.text, event: plain)
        var otherSource = plain
        otherSource.source = SourceText(text: "BEGIN:VEVENT\r\nEND:VEVENT\r\n", event: Self.event())
        #expect(plain == withSource)
        #expect(withSource == otherSource)
        #expect(plain.hashValue == withSource.hashValue)
        #expect(Set([plain, withSource, otherSource]).count == 1)
    }

    @Test func reminderSnapshot() {
        var r = Reminder(uid: "r@example.com", title: "Buy milk")
        let source = SourceText(text: "BEGIN:VTODO\r\nEND:VTODO\r\n", reminder: r)
        r.source = source
        #expect(source.isUnchanged(r))
        #expect(!source.isUnchanged(Self.event()), "a reminder's source never matches an event")
        r.isCompleted = true
        #expect(!source.isUnchanged(r))
        let eventSource = SourceText(text: Self.text, event: Self.event())
        #expect(!eventSource.isUnchanged(Reminder(uid: "r@example.com", title: "Buy milk")))
    }
}

@Suite("Participant.email")
struct ParticipantTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let email: String?
        var testDescription: String { url.isEmpty ? "(empty)" : url }
        static let all = [
            Case(url: "mailto:jane@example.com", email: "jane@example.com"),
            Case(url: "MAILTO:Jane@Example.com", email: "Jane@Example.com"),
            Case(url: "MailTo:x@y.org", email: "x@y.org"),
            Case(url: "mailto:", email: ""),
            Case(url: "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", email: nil),
            Case(url: "https://example.com/jane", email: nil),
            Case(url: "jane@example.com", email: nil),
            // A control character is not a colon in another case (0x1A | 0x20 is ':').
            Case(url: "mailto\u{1A}jane@example.com", email: nil),
            Case(url: "mailt", email: nil),
            Case(url: "", email: nil),
        ]
    }

    @Test(arguments: Case.all)
    func email(_ c: Case) {
        #expect(Participant(url: c.url).email == c.email)
    }
}
