import CalendarModel
import Foundation

/// A rendered event with what writing the dates of its instances needs.
public struct RenderedEvent: Sendable {
    public let uid: String
    public let isAllDay: Bool
    /// The event's zone, as ``Event/timeZone`` (nil for floating events).
    public let timeZone: TimeZone?
    /// `timeZone`'s identifier, read once.
    public let timeZoneIdentifier: String?
    /// ``Event/definedTimeZone``: the offsets of a VTIMEZONE no tz database zone agrees with.
    public private(set) var definedTimeZone: DefinedTimeZone? = nil
    /// The RECURRENCE-ID was a DATE.
    public let occurrenceDateIsAllDay: Bool
    public let isCanceled: Bool
    /// The renderer's output: a whole array for an event rendered anew, a slice of the pack it
    /// was read from for a kept rendering (``RenderingPack``; one array for the week's
    /// thousands of events, not one each).
    public let bytes: ArraySlice<UInt8>

    public init(uid: String, isAllDay: Bool, timeZone: TimeZone?, occurrenceDateIsAllDay: Bool, isCanceled: Bool, bytes: [UInt8]) {
        self.init(uid: uid, isAllDay: isAllDay, timeZone: timeZone, timeZoneIdentifier: timeZone?.identifier,
                  occurrenceDateIsAllDay: occurrenceDateIsAllDay, isCanceled: isCanceled, bytes: bytes[...])
    }

    /// With `timeZone`'s identifier known already (it must be `timeZone?.identifier`).
    init(uid: String, isAllDay: Bool, timeZone: TimeZone?, timeZoneIdentifier: String?, occurrenceDateIsAllDay: Bool,
         isCanceled: Bool, bytes: ArraySlice<UInt8>) {
        self.uid = uid
        self.isAllDay = isAllDay
        self.timeZone = timeZone
        self.timeZoneIdentifier = timeZoneIdentifier
        self.occurrenceDateIsAllDay = occurrenceDateIsAllDay
        self.isCanceled = isCanceled
        self.bytes = bytes
    }

    public init(_ event: Event, renderer: EventRenderer) {
        self.init(uid: event.uid, isAllDay: event.isAllDay, timeZone: event.timeZone,
                  occurrenceDateIsAllDay: event.occurrenceDateIsAllDay, isCanceled: event.status == .canceled,
                  bytes: renderer.render(event))
        definedTimeZone = event.definedTimeZone
    }

    /// The same event with its bytes in an array of their own (not a slice of a larger one).
    func withOwnBytes() -> RenderedEvent {
        var copy = RenderedEvent(uid: uid, isAllDay: isAllDay, timeZone: timeZone, timeZoneIdentifier: timeZoneIdentifier,
                                 occurrenceDateIsAllDay: occurrenceDateIsAllDay, isCanceled: isCanceled, bytes: Array(bytes)[...])
        copy.definedTimeZone = definedTimeZone
        return copy
    }

    /// Floating and all-day events: their times are wall clock, placed in a query's zone.
    public var keepsWallClock: Bool { isAllDay || timeZone == nil }
}
