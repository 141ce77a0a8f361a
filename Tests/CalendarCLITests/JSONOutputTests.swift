import CalendarModel
@testable import CalendarCLI
import Foundation
import Testing

@Suite("JSON output")
struct JSONOutputTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let utc = TimeZone(identifier: "UTC")!

    static func event(_ uid: String, _ start: TimeInterval, _ end: TimeInterval, zone: TimeZone?, allDay: Bool = false) -> Event {
        var e = Event(uid: uid, title: "T \(uid)", startDate: Date(timeIntervalSince1970: start), endDate: Date(timeIntervalSince1970: end))
        e.timeZone = zone
        e.isAllDay = allDay
        return e
    }

    static func occurrence(_ e: Event, recurring: Bool = false, occurrenceDate: TimeInterval? = nil, detached: Bool = false) -> Occurrence {
        Occurrence(event: e, calendarTitle: "Work", startDate: e.startDate, endDate: e.endDate,
                   occurrenceDate: occurrenceDate.map { Date(timeIntervalSince1970: $0) }, isRecurring: recurring, isDetached: detached)
    }

    @Test func fullEventDocument() {
        var e = Self.event("standup@example.com", 1_772_438_400, 1_772_439_300, zone: Self.berlin)  // 2026-03-02T08:00Z–08:15Z
        e.title = "Standup \"daily\""
        e.location = "Room 1"
        e.notes = "Line one\nLine two"
        e.url = URL(string: "https://example.com/standup")
        e.status = .confirmed
        var alarm = Alarm(relativeOffset: -900)
        alarm.action = .display
        e.alarms = [alarm, Alarm(absoluteDate: Date(timeIntervalSince1970: 1_772_436_600))]  // 2026-03-02T07:30:00Z
        e.organizer = Participant(url: "mailto:boss@example.com", name: "Boss")
        var attendee = Participant(url: "mailto:ann@example.com", name: "Ann")
        attendee.role = .required
        attendee.status = .accepted
        attendee.type = .person
        attendee.rsvp = true
        e.attendees = [attendee]
        let o = Self.occurrence(e, recurring: true, occurrenceDate: 1_772_438_400)
        let expected = """
            {
              "schemaVersion": 1,
              "events": [
                {
                  "uid": "standup@example.com",
                  "calendar": "Work",
                  "title": "Standup \\"daily\\"",
                  "start": "2026-03-02T09:00:00+01:00",
                  "end": "2026-03-02T09:15:00+01:00",
                  "isAllDay": false,
                  "timeZone": "Europe/Berlin",
                  "location": "Room 1",
                  "notes": "Line one\\nLine two",
                  "url": "https://example.com/standup",
                  "status": "confirmed",
                  "recurring": true,
                  "occurrenceDate": "2026-03-02T09:00:00+01:00",
                  "isDetached": false,
                  "alarms": [
                    {
                      "action": "display",
                      "offset": "-PT15M",
                      "relatedTo": "start",
                      "date": null
                    },
                    {
                      "action": "display",
                      "offset": null,
                      "relatedTo": null,
                      "date": "2026-03-02T07:30:00Z"
                    }
                  ],
                  "organizer": {
                    "name": "Boss",
                    "email": "boss@example.com",
                    "url": "mailto:boss@example.com",
                    "role": "unknown",
                    "status": "unknown",
                    "type": "unknown",
                    "rsvp": null
                  },
                  "attendees": [
                    {
                      "name": "Ann",
                      "email": "ann@example.com",
                      "url": "mailto:ann@example.com",
                      "role": "required",
                      "status": "accepted",
                      "type": "person",
                      "rsvp": true
                    }
                  ]
                }
              ]
            }

            """
        #expect(JSONOutput.events([o]) == expected)
    }

    struct TimeCase: Sendable, CustomTestStringConvertible {
        let id: String
        let event: Event
        let start: String
        let end: String
        let timeZone: String?
        var testDescription: String { id }
    }

    static let timeCases: [TimeCase] = [
        TimeCase(id: "Berlin winter +01:00", event: event("a", 1_772_438_400, 1_772_442_000, zone: berlin),  // 08:00Z–09:00Z
                 start: "2026-03-02T09:00:00+01:00", end: "2026-03-02T10:00:00+01:00", timeZone: "Europe/Berlin"),
        TimeCase(id: "Berlin summer +02:00", event: event("b", 1_782_889_200, 1_782_896_400, zone: berlin),  // 2026-07-01 07:00Z–09:00Z
                 start: "2026-07-01T09:00:00+02:00", end: "2026-07-01T11:00:00+02:00", timeZone: "Europe/Berlin"),
        TimeCase(id: "across the spring change", event: event("c", 1_774_738_800, 1_774_746_000, zone: berlin),  // 2026-03-28T23:00Z–03-29T01:00Z
                 start: "2026-03-29T00:00:00+01:00", end: "2026-03-29T03:00:00+02:00", timeZone: "Europe/Berlin"),
        TimeCase(id: "UTC", event: event("d", 1_772_442_000, 1_772_445_600, zone: utc),  // 09:00Z–10:00Z
                 start: "2026-03-02T09:00:00Z", end: "2026-03-02T10:00:00Z", timeZone: "UTC"),
        TimeCase(id: "GMT is UTC", event: event("e", 1_772_442_000, 1_772_445_600, zone: .gmt),
                 start: "2026-03-02T09:00:00Z", end: "2026-03-02T10:00:00Z", timeZone: "UTC"),
        TimeCase(id: "London winter is +00:00, not Z", event: event("f", 1_772_442_000, 1_772_445_600, zone: TimeZone(identifier: "Europe/London")!),
                 start: "2026-03-02T09:00:00+00:00", end: "2026-03-02T10:00:00+00:00", timeZone: "Europe/London"),
        TimeCase(id: "negative offset", event: event("g", 1_772_461_800, 1_772_465_400, zone: TimeZone(identifier: "America/St_Johns")!),  // 14:30Z
                 start: "2026-03-02T11:00:00-03:30", end: "2026-03-02T12:00:00-03:30", timeZone: "America/St_Johns"),
        TimeCase(id: "floating (wall clock read as UTC)", event: event("h", 1_772_442_000, 1_772_445_600, zone: nil),
                 start: "2026-03-02T09:00:00", end: "2026-03-02T10:00:00", timeZone: nil),
        TimeCase(id: "all-day, end exclusive", event: event("i", 1_772_409_600, 1_772_496_000, zone: nil, allDay: true),  // 03-02, 03-03
                 start: "2026-03-02", end: "2026-03-03", timeZone: nil),
        TimeCase(id: "all-day with a zone still a date", event: event("j", 1_772_409_600, 1_772_582_400, zone: berlin, allDay: true),
                 start: "2026-03-02", end: "2026-03-04", timeZone: nil),
    ]

    @Test(arguments: timeCases)
    func times(_ c: TimeCase) {
        let json = JSONOutput.events([Self.occurrence(c.event)])
        #expect(json.contains("\"start\": \"\(c.start)\",\n"))
        #expect(json.contains("\"end\": \"\(c.end)\",\n"))
        #expect(json.contains("\"timeZone\": \(c.timeZone.map { "\"\($0)\"" } ?? "null"),\n"))
        #expect(json.contains("\"isAllDay\": \(c.event.isAllDay),\n"))
    }

    @Test func sortedByStartThenUID() {
        let later = Self.event("a", 1_772_445_600, 1_772_449_200, zone: Self.utc)
        let early2 = Self.event("z", 1_772_442_000, 1_772_445_600, zone: Self.utc)
        let early1 = Self.event("m", 1_772_442_000, 1_772_445_600, zone: Self.utc)
        let json = JSONOutput.events([later, early2, early1].map { Self.occurrence($0) })
        let uids = json.split(separator: "\n").filter { $0.contains("\"uid\"") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(uids == ["\"uid\": \"m\",", "\"uid\": \"z\",", "\"uid\": \"a\","])
        #expect(JSONOutput.events([early1, later, early2].map { Self.occurrence($0) }) == json)
    }

    /// `events` writes occurrence by occurrence, reusing the members an event's earlier
    /// occurrence made; each object must be what that occurrence gives written alone.
    @Test func streamedEventsEqualTheDocumentForm() throws {
        var event = Event(uid: "s@x", title: "Standup \"daily\"", startDate: Date(timeIntervalSince1970: 1_772_442_000),
                          endDate: Date(timeIntervalSince1970: 1_772_442_900))
        event.timeZone = Self.berlin
        event.location = "Room\n2"
        event.alarms = [Alarm(relativeOffset: -900), Alarm(absoluteDate: Date(timeIntervalSince1970: 1_772_436_600))]
        var attendee = Participant(url: "mailto:a@example.com", name: "A \u{2028} \\ \u{7}")
        attendee.rsvp = true
        event.attendees = [attendee, Participant(url: "urn:uuid:x", name: nil)]
        event.organizer = Participant(url: "mailto:boss@example.com", name: "Boss")
        event.recurrenceRules = [RecurrenceRule(frequency: .daily)]
        var list: [Occurrence] = []
        for day in 0..<3 {
            var e = event
            e.startDate += TimeInterval(day * 86_400)
            e.endDate += TimeInterval(day * 86_400)
            list.append(Occurrence(event: e, calendarTitle: "Work", startDate: e.startDate, endDate: e.endDate,
                                   occurrenceDate: e.startDate, isRecurring: true, isDetached: false))
        }
        var moved = list[1]
        moved.event.title = "Moved"
        moved.isDetached = true
        list.append(moved)
        let alone = list.map { o -> String in
            let document = JSONOutput.events([o])
            let objects = document.dropFirst("{\n  \"schemaVersion\": 1,\n  \"events\": [\n".count).dropLast("\n  ]\n}\n".count)
            return String(objects)
        }
        let together = JSONOutput.events(list, keepOrder: true)
        #expect(together == "{\n  \"schemaVersion\": 1,\n  \"events\": [\n" + alone.joined(separator: ",\n") + "\n  ]\n}\n")
        #expect(together.components(separatedBy: "\"title\": \"Moved\"").count == 2)
        #expect(together.components(separatedBy: "\"title\": \"Standup \\\"daily\\\"\"").count == 4)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(together.utf8)) as? [String: Any])
        #expect((parsed["events"] as? [Any])?.count == 4)
    }

    /// A list long enough for the writer to reuse the members of its events many times and to
    /// hand its buffer over many times: the same bytes as each object written alone, in the
    /// given order, one comma between objects.
    @Test func longListEqualsItsObjectsAlone() throws {
        var list: [Occurrence] = []
        for i in 0..<9_001 {
            var e = Event(uid: "u\(i % 37)@x", title: "T \(i % 37)", startDate: Date(timeIntervalSince1970: 1_772_442_000 + Double(i) * 600),
                          endDate: Date(timeIntervalSince1970: 1_772_442_900 + Double(i) * 600))
            e.timeZone = i % 3 == 0 ? nil : Self.berlin
            e.notes = i % 5 == 0 ? "note \(i)" : nil
            list.append(Occurrence(event: e, calendarTitle: i % 2 == 0 ? "A" : "B", startDate: e.startDate, endDate: e.endDate,
                                   occurrenceDate: nil, isRecurring: false, isDetached: false))
        }
        let head = "{\n  \"schemaVersion\": 1,\n  \"events\": [\n", tail = "\n  ]\n}\n"
        let alone = list.map { String(JSONOutput.events([$0]).dropFirst(head.count).dropLast(tail.count)) }
        #expect(JSONOutput.events(list, keepOrder: true) == head + alone.joined(separator: ",\n") + tail)
    }

    @Test func emptyDocument() {
        #expect(JSONOutput.events([]) == "{\n  \"schemaVersion\": 1,\n  \"events\": []\n}\n")
        #expect(JSONOutput.calendars([]) == "{\n  \"schemaVersion\": 1,\n  \"calendars\": []\n}\n")
    }

    /// Two spellings of one accented letter are equal `String`s but different bytes: an event
    /// (or calendar) is never written with the text of another that is only equal so.
    @Test func textsEqualOnlyByUnicodeAreWrittenAsGiven() {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(composed == decomposed)    // what makes the case: Swift calls them equal
        let start = Date(timeIntervalSince1970: 1_772_442_000)
        var list: [Occurrence] = []
        for (i, text) in [composed, decomposed, composed, decomposed].enumerated() {
            var e = Event(uid: text, title: text, startDate: start + Double(i) * 3600, endDate: start + Double(i) * 3600 + 900)
            e.location = text
            e.attendees = [Participant(url: "mailto:\(text)@example.com", name: text)]
            list.append(Occurrence(event: e, calendarTitle: text, startDate: e.startDate, endDate: e.endDate,
                                   occurrenceDate: nil, isRecurring: false, isDetached: false))
        }
        let json = JSONOutput.events(list, keepOrder: true)
        // Each spelling, byte for byte, in the uid, calendar, title, location and email of its
        // two events.
        for text in [composed, decomposed] {
            let lines = json.utf8.split(separator: 0x0A).map { Array($0) }
            for member in ["uid", "calendar", "title", "location"] {
                let line = Array("      \"\(member)\": \"\(text)\",".utf8)
                #expect(lines.filter { $0 == line }.count == 2, "\(member) \(Array(text.utf8))")
            }
            #expect(lines.filter { $0 == Array("          \"email\": \"\(text)@example.com\",".utf8) }.count == 2)
        }
    }

    @Test func stringEscapes() {
        let value = JSONValue.string("q\" b\\ n\n t\t c\u{01} del\u{7F} é 🗓 /")
        #expect(value.rendered() == "\"q\\\" b\\\\ n\\n t\\t c\\u0001 del\\u007f é 🗓 /\"\n")
        // RFC 8259 allows U+2028/U+2029 raw, but JavaScript before ES2019 does not: escaped.
        // A lone escape at either end of the string, and CR, backspace, form feed.
        #expect(JSONValue.string("\u{2028}a\u{2029}\r\u{08}\u{0C}\"").rendered() == "\"\\u2028a\\u2029\\r\\b\\f\\\"\"\n")
    }

    /// The writer looks at long text eight bytes at a time: each character that needs an escape
    /// (and 0xE2-led ones that do not), at every position of a longer string, is still written
    /// as RFC 8259 §7 says, and Foundation's JSON parser reads the original string back.
    @Test(arguments: [
        ("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"), ("\u{08}", "\\b"), ("\u{0C}", "\\f"),
        ("\u{01}", "\\u0001"), ("\u{1F}", "\\u001f"), ("\u{7F}", "\\u007f"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"),
        ("\u{2013}", "\u{2013}"), ("\u{20AC}", "\u{20AC}"), ("é", "é"), (" ", " "), ("~", "~"),
    ])
    func stringEscapesAtEveryPosition(character: String, escaped: String) throws {
        for position in 0..<20 {
            let text = String(repeating: "a", count: position) + character + String(repeating: "b", count: 23 - position)
            let rendered = JSONValue.string(text).rendered()
            let expected = "\"" + String(repeating: "a", count: position) + escaped + String(repeating: "b", count: 23 - position) + "\"\n"
            #expect(rendered == expected, "at \(position)")
            let parsed = try JSONSerialization.jsonObject(with: Data(rendered.utf8), options: .fragmentsAllowed) as? String
            #expect(parsed == text, "at \(position)")
        }
    }

    @Test func reminders() throws {
        var zoned = Reminder(uid: "r1", title: "Zoned")
        zoned.dueDateComponents = DateComponents(timeZone: Self.berlin, year: 2026, month: 7, day: 1, hour: 9, minute: 0, second: 0)
        zoned.priority = 1
        var day = Reminder(uid: "r2", title: "Day")
        day.dueDateComponents = DateComponents(year: 2026, month: 3, day: 2)
        day.startDateComponents = DateComponents(year: 2026, month: 3, day: 1, hour: 9, minute: 30, second: 0)  // floating
        day.isCompleted = true
        day.completionDate = Date(timeIntervalSince1970: 1_772_442_000)  // 2026-03-02T09:00:00Z
        day.notes = "n"
        day.parentUID = "r1"
        let undated = Reminder(uid: "r0", title: "Undated")
        let expected = """
            {
              "schemaVersion": 1,
              "reminders": [
                {
                  "uid": "r2",
                  "calendar": "Home",
                  "title": "Day",
                  "due": "2026-03-02",
                  "start": "2026-03-01T09:30:00",
                  "completed": true,
                  "completionDate": "2026-03-02T09:00:00Z",
                  "priority": 0,
                  "notes": "n",
                  "parent": "r1"
                },
                {
                  "uid": "r1",
                  "calendar": "Home",
                  "title": "Zoned",
                  "due": "2026-07-01T09:00:00+02:00",
                  "start": null,
                  "completed": false,
                  "completionDate": null,
                  "priority": 1,
                  "notes": null,
                  "parent": null
                },
                {
                  "uid": "r0",
                  "calendar": "Home",
                  "title": "Undated",
                  "due": null,
                  "start": null,
                  "completed": false,
                  "completionDate": null,
                  "priority": 0,
                  "notes": null,
                  "parent": null
                }
              ]
            }

            """
        #expect(JSONOutput.reminders([(undated, "Home"), (zoned, "Home"), (day, "Home")]) == expected)
    }

    @Test func calendarDocument() {
        var calendar = EventCalendar(title: "Team")
        calendar.color = "#FF2968"
        calendar.defaultTimeZoneIdentifier = "Europe/Berlin"
        var document = CalendarDocument(calendar: calendar)
        var series = Self.event("s", 1_772_438_400, 1_772_439_300, zone: Self.berlin)
        var rule = RecurrenceRule(frequency: .weekly)
        rule.end = .afterOccurrences(3)
        series.recurrenceRules = [rule]
        series.exceptionDates = [RecurrenceDate(date: Date(timeIntervalSince1970: 1_773_043_200))]  // 2026-03-09T08:00:00Z
        var override = Self.event("s", 1_773_651_600, 1_773_652_500, zone: Self.berlin)  // 2026-03-16T09:00:00Z
        override.occurrenceDate = Date(timeIntervalSince1970: 1_773_648_000)            // 2026-03-16T08:00:00Z
        document.events = [override, series]
        document.reminders = [Reminder(uid: "todo", title: "Todo")]
        let json = JSONOutput.calendars([document])
        let expected = """
            {
              "schemaVersion": 1,
              "calendars": [
                {
                  "title": "Team",
                  "color": "#FF2968",
                  "description": null,
                  "readOnly": false,
                  "source": null,
                  "productID": null,
                  "timeZone": "Europe/Berlin",
                  "events": [
                    {
                      "uid": "s",
                      "calendar": "Team",
                      "title": "T s",
                      "start": "2026-03-02T09:00:00+01:00",
                      "end": "2026-03-02T09:15:00+01:00",
                      "isAllDay": false,
                      "timeZone": "Europe/Berlin",
                      "location": null,
                      "notes": null,
                      "url": null,
                      "status": "none",
                      "recurring": true,
                      "occurrenceDate": null,
                      "isDetached": false,
                      "alarms": [],
                      "organizer": null,
                      "attendees": [],
                      "recurrenceRules": [
                        "FREQ=WEEKLY;COUNT=3"
                      ],
                      "recurrenceDates": [],
                      "exceptionDates": [
                        "2026-03-09T09:00:00+01:00"
                      ]
                    },
                    {
                      "uid": "s",
                      "calendar": "Team",
                      "title": "T s",
                      "start": "2026-03-16T10:00:00+01:00",
                      "end": "2026-03-16T10:15:00+01:00",
                      "isAllDay": false,
                      "timeZone": "Europe/Berlin",
                      "location": null,
                      "notes": null,
                      "url": null,
                      "status": "none",
                      "recurring": true,
                      "occurrenceDate": "2026-03-16T09:00:00+01:00",
                      "isDetached": true,
                      "alarms": [],
                      "organizer": null,
                      "attendees": [],
                      "recurrenceRules": [],
                      "recurrenceDates": [],
                      "exceptionDates": []
                    }
                  ],
                  "reminders": [
                    {
                      "uid": "todo",
                      "calendar": "Team",
                      "title": "Todo",
                      "due": null,
                      "start": null,
                      "completed": false,
                      "completionDate": null,
                      "priority": 0,
                      "notes": null,
                      "parent": null
                    }
                  ]
                }
              ]
            }

            """
        #expect(json == expected)
    }
}
