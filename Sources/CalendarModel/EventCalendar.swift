import Foundation

/// A calendar, shaped like `EKCalendar` (named so to avoid clashing with Foundation's
/// `Calendar`): its title, colour, description, whether it may be changed, and where it came
/// from.
public struct EventCalendar: Identifiable, Hashable, Sendable, Codable {
    /// The store's identifier of the calendar, kept when it is renamed; nil for a calendar not
    /// saved in a store yet.
    public var calendarIdentifier: String? = nil
    public var id: String { calendarIdentifier ?? title }
    /// X-WR-CALNAME (or NAME, RFC 7986), else the file name.
    public var title: String
    /// COLOR (RFC 7986) or X-APPLE-CALENDAR-COLOR, as written (`#FF2968` or a CSS name).
    public var color: String? = nil
    /// X-WR-CALDESC (or DESCRIPTION, RFC 7986).
    public var calendarDescription: String? = nil
    /// false for read-only calendars (imported feeds marked so): writes to them fail.
    public var allowsContentModifications: Bool = true
    /// Where the calendar's data came from: a file path or URL, and its PRODID.
    public var sourceName: String? = nil
    public var productID: String? = nil
    /// X-WR-TIMEZONE, the zone Google and Apple read floating times in.
    public var defaultTimeZoneIdentifier: String? = nil

    public init(title: String) {
        self.title = title
    }
}
