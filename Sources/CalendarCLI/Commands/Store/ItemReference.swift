import CalendarModel
import CalendarStore
import Foundation

/// An event or a reminder named on the command line, with the calendar that holds it.
enum FoundItem {
    case event(StoredEvent)
    case reminder(StoredReminder)

    var uid: String {
        switch self {
        case .event(let e): e.event.uid
        case .reminder(let r): r.reminder.uid
        }
    }

    var calendarTitle: String {
        switch self {
        case .event(let e): e.calendarTitle
        case .reminder(let r): r.calendarTitle
        }
    }
}

/// Finds the item an item command names: by UID, else by short ID (``ShortID``), in the
/// calendar of `--calendar` when given. A UID that several calendars hold needs `--calendar`.
///
/// ```swift
/// let item = try ItemReference.one(invocation, in: store)   // exits 68 when nothing matches
/// ```
enum ItemReference {
    static let id = ArgumentSpec(name: "ID", help: "The item's UID, or its short ID (the ID column of events and reminders).")
    static let calendar = OptionSpec.option(
        "calendar", value: "NAME", help: "The calendar that holds the item, when several calendars hold its UID.")

    static let idHelp = """
        ID is a UID or a short ID (at least 6 characters of a hash of the UID, as the ID column of 'events' \
        and 'reminders' shows it). When several calendars hold the UID, --calendar NAME picks one.
        """

    /// Every item `text` names, in the `--calendar` calendar when one was given.
    static func all(_ invocation: Invocation, in store: EventStore) throws -> [FoundItem] {
        let text = invocation.arguments.value(id) ?? ""
        var found = try items(uid: text, store: store)
        if found.isEmpty, ShortID.isCandidate(text) {
            let prefix = text.lowercased()
            let uids = try store.allUIDs().filter { ShortID.hash($0).hasPrefix(prefix) }
            if uids.count > 1 {
                throw CLIError.failure("the short ID '\(text)' matches several items: "
                                       + uids.sorted().map { "'\($0)'" }.joined(separator: ", ") + "; give more of it, or the UID")
            }
            if let uid = uids.first { found = try items(uid: uid, store: store) }
        }
        if let name = invocation.arguments.value(calendar) {
            let title = try StoreAccess.calendarTitle(name, in: store)
            found = found.filter { $0.calendarTitle == title }
            if found.isEmpty { throw CLIError.noSuchItem("no item with UID or short ID '\(text)' in '\(title)'") }
        }
        if found.isEmpty { throw CLIError.noSuchItem("no item with UID or short ID '\(text)'") }
        return found
    }

    /// The one item named; several (the UID in several calendars) is an error naming them.
    static func one(_ invocation: Invocation, in store: EventStore) throws -> FoundItem {
        let found = try all(invocation, in: store)
        guard found.count == 1, let item = found.first else { throw ambiguity(found, invocation) }
        return item
    }

    /// The usage error for an ID that names items in several calendars.
    static func ambiguity(_ found: [FoundItem], _ invocation: Invocation) -> CLIError {
        let titles = found.map { "'\($0.calendarTitle)'" }.joined(separator: ", ")
        return CLIError.usage("'\(found.first?.uid ?? "")' is in several calendars (\(titles)); pick one with --calendar NAME",
                              command: invocation.path)
    }

    private static func items(uid: String, store: EventStore) throws -> [FoundItem] {
        let (events, reminders) = try store.items(withUID: uid)
        return (events.map(FoundItem.event) + reminders.map(FoundItem.reminder)).sorted { $0.calendarTitle < $1.calendarTitle }
    }
}
