import CalendarModel
import Foundation
import Testing

/// Every field of an Event and a Reminder survives JSON encoding and decoding.
@Suite("Codable round trip")
struct CodableRoundTripTests {
    /// 2026-03-01T09:00:00Z
    static let start = Date(timeIntervalSince1970: 1_772_355_600)
    /// 2026-04-30T17:30:00Z
    static let later = Date(timeIntervalSince1970: 1_777_570_200)

    static func fullAlarm() -> Alarm {
        var a = Alarm(relativeOffset: -900)
        a.relatedTo = .end
        a.repeatCount = 2
        a.repeatInterval = 300
        a.action = .email
        a.summary = "Reminder"
        a.notes = "Don't forget"
        a.attendees = [Participant(url: "mailto:me@example.com", name: "Me")]
        var loc = StructuredLocation(title: "Office", latitude: 52.52, longitude: 13.405, radius: 150, origin: .appleStructuredLocation)
        loc.extraParameters = ["X-ADDRESS=Somewhere 1"]
        a.structuredLocation = loc
        a.proximity = .leave
        a.extraProperties = ["UID:alarm-1", "X-WR-ALARMUID:alarm-1"]
        return a
    }

    static func fullRule() -> RecurrenceRule {
        var r = RecurrenceRule(frequency: .monthly, interval: 2, end: .afterDate(later, isDate: false, isFloating: true))
        r.firstDayOfTheWeek = .monday
        r.daysOfTheWeek = [.init(.friday, weekNumber: -1), .init(.monday)]
        r.daysOfTheMonth = [1, -1]
        r.daysOfTheYear = [100]
        r.weeksOfTheYear = [20]
        r.monthsOfTheYear = [3, 9]
        r.setPositions = [-2]
        r.hours = [9]
        r.minutes = [30]
        r.seconds = [0]
        r.extraParts = ["RSCALE=GREGORIAN"]
        return r
    }

    static func fullEvent() -> Event {
        var e = Event(uid: "full@example.com", title: "Everything, set", startDate: start, endDate: start.addingTimeInterval(5400))
        e.isAllDay = false
        e.timeZone = TimeZone(identifier: "Europe/Berlin")
        e.timeZoneIdentifier = "W. Europe Standard Time"
        e.duration = ICalDuration(hours: 1, minutes: 30)
        e.location = "Room 4; 2nd floor"
        e.structuredLocation = StructuredLocation(title: "Room 4", latitude: 52.5, longitude: 13.4)
        e.notes = "Line one\nLine two, with comma"
        e.url = URL(string: "https://example.com/meeting?id=1")
        e.availability = .tentative
        e.status = .confirmed
        var organizer = Participant(url: "mailto:boss@example.com", name: "Boss")
        organizer.role = .chair
        organizer.status = .accepted
        organizer.type = .person
        organizer.rsvp = false
        e.organizer = organizer
        var attendee = Participant(url: "mailto:a@example.com", name: "Doe, Jane")
        attendee.role = .optional
        attendee.status = .tentative
        attendee.type = .room
        attendee.rsvp = true
        attendee.extraParameters = ["X-NUM-GUESTS=0"]
        e.attendees = [attendee, Participant(url: "urn:uuid:1234")]
        e.alarms = [fullAlarm(), Alarm(absoluteDate: later)]
        e.recurrenceRules = [fullRule(), RecurrenceRule(frequency: .daily, end: .afterOccurrences(3))]
        e.exceptionRules = [RecurrenceRule(frequency: .weekly)]
        e.recurrenceDates = [RecurrenceDate(date: later, periodEnd: later.addingTimeInterval(3600)),
                             RecurrenceDate(date: later, periodDuration: ICalDuration(days: 1))]
        e.exceptionDates = [RecurrenceDate(date: start.addingTimeInterval(86_400), isDateOnly: true),
                            RecurrenceDate(date: start, isFloating: true)]
        e.occurrenceDate = start
        e.occurrenceDateIsAllDay = true
        e.appliesToFutureOccurrences = true
        e.categories = ["WORK", "Zoë's"]
        e.privacy = .confidential
        e.priority = 5
        e.sequence = 3
        e.creationDate = start.addingTimeInterval(-86_400)
        e.lastModifiedDate = start.addingTimeInterval(-3600)
        e.timestamp = start.addingTimeInterval(-60)
        e.extraProperties = ["X-VENDOR;A=b:value"]
        e.extraComponents = ["BEGIN:X-THING\r\nX-P:1\r\nEND:X-THING\r\n"]
        return e
    }

    static func fullReminder() -> Reminder {
        var r = Reminder(uid: "todo@example.com", title: "File taxes")
        r.notes = "Forms A and B"
        r.url = URL(string: "https://example.com/taxes")
        r.location = "Desk"
        r.startDateComponents = DateComponents(year: 2026, month: 3, day: 1)
        r.dueDateComponents = DateComponents(timeZone: TimeZone(identifier: "America/New_York"), year: 2026, month: 4, day: 15, hour: 17, minute: 0, second: 0)
        r.timeZoneIdentifier = "America/New_York"
        r.isCompleted = true
        r.completionDate = later
        r.priority = 1
        r.percentComplete = 100
        r.status = .completed
        r.parentUID = "parent@example.com"
        r.alarms = [fullAlarm()]
        r.recurrenceRules = [fullRule()]
        r.recurrenceDates = [RecurrenceDate(date: later)]
        r.exceptionDates = [RecurrenceDate(date: start, isDateOnly: true)]
        r.occurrenceDate = start
        r.categories = ["ADMIN"]
        r.privacy = .private
        r.sequence = 2
        r.creationDate = start
        r.lastModifiedDate = later
        r.timestamp = later
        r.extraProperties = ["X-A:1"]
        r.extraComponents = ["BEGIN:X-B\r\nEND:X-B\r\n"]
        return r
    }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        let data = try JSONEncoder().encode(value)
        return try JSONDecoder().decode(T.self, from: data)
    }

    @Test func event() throws {
        var e = Self.fullEvent()
        e.source = SourceText(text: "BEGIN:VEVENT\r\nEND:VEVENT\r\n", event: e)
        let decoded = try Self.roundTrip(e)
        #expect(decoded == e)
        // Field by field, so a failure says which one (== ignores `source`).
        #expect(decoded.timeZone?.identifier == "Europe/Berlin")
        #expect(decoded.url?.absoluteString == "https://example.com/meeting?id=1")
        #expect(decoded.alarms == e.alarms)
        #expect(decoded.recurrenceRules == e.recurrenceRules)
        #expect(decoded.recurrenceDates == e.recurrenceDates)
        #expect(decoded.organizer == e.organizer)
        #expect(decoded.attendees == e.attendees)
        #expect(decoded.source == nil, "provenance is not encoded")
    }

    @Test func eventFieldsAreNotDefaults() {
        // Guard against a "fully populated" fixture that left fields at their defaults.
        let e = Self.fullEvent()
        let d = Event(uid: e.uid, title: e.title, startDate: e.startDate, endDate: e.endDate)
        #expect(e != d)
        #expect(e.availability != d.availability && e.status != d.status && e.privacy != d.privacy)
        #expect(e.occurrenceDateIsAllDay != d.occurrenceDateIsAllDay && e.appliesToFutureOccurrences != d.appliesToFutureOccurrences)
    }

    @Test func reminder() throws {
        let r = Self.fullReminder()
        let decoded = try Self.roundTrip(r)
        #expect(decoded == r)
        #expect(decoded.dueDateComponents?.timeZone?.identifier == "America/New_York")
        #expect(decoded.dueDateComponents?.hour == 17)
        #expect(decoded.startDateComponents?.hour == nil)
        #expect(decoded.alarms == r.alarms)
    }

    @Test func documentWithEverything() throws {
        var calendar = EventCalendar(title: "Work")
        calendar.color = "#FF2968"
        calendar.calendarDescription = "Work things"
        calendar.allowsContentModifications = false
        calendar.sourceName = "/tmp/work.ics"
        calendar.productID = "-//icalkit//EN"
        calendar.defaultTimeZoneIdentifier = "Europe/Berlin"
        var doc = CalendarDocument(calendar: calendar)
        doc.events = [Self.fullEvent()]
        doc.reminders = [Self.fullReminder()]
        doc.timeZones = [TimeZoneDefinition(tzid: "X", text: "BEGIN:VTIMEZONE\r\nTZID:X\r\nEND:VTIMEZONE\r\n")]
        doc.extraProperties = ["METHOD:PUBLISH"]
        doc.extraComponents = ["BEGIN:VJOURNAL\r\nEND:VJOURNAL\r\n"]
        #expect(try Self.roundTrip(doc) == doc)
    }
}
