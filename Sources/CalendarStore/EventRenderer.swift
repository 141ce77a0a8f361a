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
///
/// Kept bytes come back from a file that anything may have written: ``accepts`` is asked about
/// each before it is used, and bytes it refuses are rendered again (and replaced).
public struct EventRenderer: Sendable {
    public let format: String
    public let render: @Sendable (Event) -> [UInt8]
    /// Whether kept bytes are this renderer's, lent for the call.
    public let accepts: @Sendable (UnsafeBufferPointer<UInt8>) -> Bool

    public init(format: String, render: @escaping @Sendable (Event) -> [UInt8],
                accepts: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true }) {
        self.format = format
        self.render = render
        self.accepts = accepts
    }
}
