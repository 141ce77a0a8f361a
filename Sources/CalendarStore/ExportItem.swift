import CalendarModel

/// One item of a calendar as ``EventStore/exportCalendar(_:header:item:)`` reads it: the
/// original text of an item that was never edited (the exporter writes it as it is, so its
/// model is not decoded), or the model of an edited item (rebuilt by the exporter).
public enum ExportItem {
    /// A VEVENT's original text: unfolded lines, CRLF-separated, from BEGIN to END, as UTF-8.
    /// The bytes are borrowed from the store and valid only during the call.
    case eventText(UnsafeBufferPointer<UInt8>)
    /// A VTODO's original text, borrowed like ``eventText(_:)``.
    case reminderText(UnsafeBufferPointer<UInt8>)
    case event(Event)
    case reminder(Reminder)
}
