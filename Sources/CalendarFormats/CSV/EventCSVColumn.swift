/// The columns of icalkit's CSV, named as Google Calendar's and Outlook's CSV import screens
/// name them (Google: "Create or edit a CSV file"; Outlook's export of a calendar to CSV uses
/// the same names for these fields).
public enum EventCSVColumn: String, CaseIterable, Sendable {
    case subject = "Subject"
    case startDate = "Start Date"
    case startTime = "Start Time"
    case endDate = "End Date"
    case endTime = "End Time"
    case allDayEvent = "All Day Event"
    case description = "Description"
    case location = "Location"
    case `private` = "Private"
    case uid = "UID"
    case timeZone = "Time Zone"

    /// What `--columns` gives when it is not set: the importers' columns, in their order.
    public static let importerColumns: [EventCSVColumn] = [.subject, .startDate, .startTime, .endDate, .endTime, .allDayEvent,
                                                    .description, .location, .private]

    /// A column named in a header or in `--columns`: its name in any case, spaces optional
    /// (`start date`, `StartDate`).
    public init?(named name: String) {
        let key = Self.key(name)
        guard let column = Self.allCases.first(where: { Self.key($0.rawValue) == key }) else { return nil }
        self = column
    }

    private static func key(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" }
    }

    /// Every name, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
