import CalendarModel
import Foundation

/// Turns an event into output bytes (for instance the JSON members that depend on the event
/// alone), for ``EventStore/renderedEvents(matching:renderer:)``.
///
/// The store keeps the bytes of each stored event it has rendered, under ``format``, until the
/// event is written again, so a later query reads them instead of decoding and rendering the
/// event once more. Hence two rules for a renderer:
/// - the bytes depend on the event alone, and not on what differs between its instances
///   (`startDate`, `endDate`, `occurrenceDate`, `appliesToFutureOccurrences`);
/// - ``format`` names the rendering and its version: change it whenever the bytes would change.
public struct EventRenderer: Sendable {
    public let format: String
    public let render: @Sendable (Event) -> [UInt8]

    public init(format: String, render: @escaping @Sendable (Event) -> [UInt8]) {
        self.format = format
        self.render = render
    }
}
