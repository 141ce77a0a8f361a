import CalendarModel
import Foundation

/// Renders the events of occurrences in memory, each distinct event once (occurrences of one
/// series carry the same event with other dates; an override or a THISANDFUTURE part is a
/// different event).
public struct EventRenderingCache {
    public let renderer: EventRenderer
    private var byUID: [String: [(event: Event, rendered: RenderedEvent)]] = [:]

    public init(renderer: EventRenderer) { self.renderer = renderer }

    public mutating func rendered(_ o: Occurrence) -> RenderedOccurrence {
        RenderedOccurrence(event: rendered(o.event), calendarTitle: o.calendarTitle, startDate: o.startDate, endDate: o.endDate,
                           occurrenceDate: o.occurrenceDate, isRecurring: o.isRecurring, isDetached: o.isDetached)
    }

    /// The event's rendering, ignoring what differs between instances.
    public mutating func rendered(_ event: Event) -> RenderedEvent {
        var key = event
        key.startDate = .distantPast
        key.endDate = .distantPast
        key.occurrenceDate = nil
        key.appliesToFutureOccurrences = false
        if let hit = byUID[event.uid]?.first(where: { $0.event == key }) { return hit.rendered }
        let made = RenderedEvent(event, renderer: renderer)
        byUID[event.uid, default: []].append((key, made))
        return made
    }
}
