/// What ``ICalScanner`` hands its consumer while it reads, in input order.
///
/// Components are handed over one at a time as soon as their `END` line is read, so a
/// consumer that lets go of each one reads a file of any size in the memory of its largest item.
public enum ScanEvent: Sendable {
    /// A top-level `BEGIN:VCALENDAR` (line of the BEGIN).
    case calendarBegan(line: Int)
    /// A complete component: a direct child of the open top-level VCALENDAR (`inCalendar`),
    /// or a component outside any VCALENDAR (a "bare" one). With ``ICalScanner/Focus/outline``
    /// only VTIMEZONEs are read whole; other items come as shells (name and lines, no content).
    case component(RawComponent, inCalendar: Bool)
    /// The top-level VCALENDAR closed (or was closed at the end of the input): its own
    /// properties, without its children (those were handed over as `.component`).
    case calendarEnded(RawComponent)
    /// Something noticed in the text (reported by ``ICalScanner/Focus/full`` scans only).
    case issue(ScanIssue)
    /// A time zone the items use, the first time it is named: the value of a `TZID` parameter
    /// in an item, or of a VCALENDAR's `X-WR-TIMEZONE` (reported by
    /// ``ICalScanner/Focus/outline`` scans only; quotes and surrounding spaces removed).
    case zoneReference(String)
}
