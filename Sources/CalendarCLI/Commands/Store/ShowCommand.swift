import CalendarModel
import CalendarStore
import Foundation

/// `icalkit show ID [--calendar NAME] [--format text|json]`: every field of one event (with its
/// overrides) or reminder. A UID that several calendars hold is shown once per calendar.
enum ShowCommand {
    static let format = OptionSpec.option(
        "format", value: "FORMAT", help: "text: one field a line; json: the JSON of 'convert --format json' (one calendar object each).",
        kind: .choice(["text", "json"]), default: "text")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show every field of an event or reminder.",
        discussion: """
            Prints the title, then ID, UID, calendar, start and end in the event's zone, the zone, each rule in words \
            and as RRULE, recurrence and exception dates, location, URL, status, notes, alarms, organizer, attendees \
            and overrides; for a reminder its due and start dates, priority and completion. A UID held by several \
            calendars is shown for each, unless --calendar picks one.
            \(ItemReference.idHelp)
            """,
        arguments: [ItemReference.id],
        options: [ItemReference.calendar, format],
        examples: [
            .init(commandLine: "show standup@example.com", explanation: "Every field of the series."),
            .init(commandLine: "show 3f9a1c --format json", explanation: "The item by its short ID, as JSON."),
        ],
        usesStore: true,
        handler: .run(run))

    static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
        let json = invocation.arguments.value(format) == "json"
        let text: String = try StoreAccess.with(invocation, reading: true) { store in
            let found = try ItemReference.all(invocation, in: store)
            let documents = try found.map { item in try document(of: item, store: store) }
            if json { return JSONOutput.calendars(documents) }
            let shortIDs = ShortID.shortest(for: try store.allUIDs())
            return zip(found, documents).map { item, document in
                switch item {
                case .event: ItemText.event(document.events, calendar: item.calendarTitle, shortID: shortIDs[item.uid])
                case .reminder(let r): ItemText.reminder(r.reminder, calendar: item.calendarTitle, shortID: shortIDs[item.uid])
                }
            }.joined(separator: "\n")
        }
        try invocation.io.print(text)
        return .ok
    }

    /// The item's calendar as a document that holds just the item (an event with its overrides).
    static func document(of item: FoundItem, store: EventStore) throws -> CalendarDocument {
        var document = try store.document(forCalendar: item.calendarTitle)
        switch item {
        case .event:
            document.events = document.events.filter { $0.uid == item.uid }
            document.reminders = []
        case .reminder:
            document.events = []
            document.reminders = document.reminders.filter { $0.uid == item.uid }
        }
        document.extraComponents = []
        return document
    }
}
