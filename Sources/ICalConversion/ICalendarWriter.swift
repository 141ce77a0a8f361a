import CalendarModel
import Foundation

/// Writes model values as RFC 5545 text: CRLF, folded at 75 octets, one VTIMEZONE per TZID used.
public struct ICalendarWriter: Sendable {
    public init() {}

    /// One VCALENDAR per document, concatenated.
    public func write(_ documents: [CalendarDocument]) -> String {
        ""   // implemented by the export work
    }
}
