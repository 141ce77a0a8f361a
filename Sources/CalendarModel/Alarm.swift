import Foundation

/// A VALARM, shaped like `EKAlarm`: either a relative offset from the item's start (or end,
/// with `relatedTo == .end`) or an absolute date, plus repeats and Apple location alarms.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.6>
public struct Alarm: Hashable, Sendable, Codable {
    /// Seconds from the related edge; negative is before. nil when `absoluteDate` is set.
    public var relativeOffset: TimeInterval?
    /// The TRIGGER as a duration, kept so nominal days (`-P1D`) are written back as such.
    public var relativeDuration: ICalDuration?
    public var absoluteDate: Date?
    public var relatedTo: Edge = .start
    public var repeatCount: Int = 0
    /// Seconds between repeats.
    public var repeatInterval: TimeInterval = 0
    public var action: Action = .display
    public var summary: String? = nil
    public var notes: String? = nil
    public var attendees: [Participant] = []
    /// An Apple location alarm: where, and whether arriving or leaving triggers it.
    public var structuredLocation: StructuredLocation? = nil
    public var proximity: Proximity = .none
    /// Content lines the model does not represent (`UID`, `X-WR-ALARMUID`, `ACKNOWLEDGED`...).
    public var extraProperties: [String] = []

    public init(relativeOffset: TimeInterval) {
        self.relativeOffset = relativeOffset
        self.relativeDuration = ICalDuration(exactly: relativeOffset)
    }

    public init(absoluteDate: Date) {
        self.absoluteDate = absoluteDate
    }

    public enum Edge: String, Hashable, Sendable, Codable { case start, end }
    public enum Action: String, Hashable, Sendable, Codable {
        case display = "DISPLAY", audio = "AUDIO", email = "EMAIL", none = "NONE", procedure = "PROCEDURE"
    }
    /// EKAlarmProximity.
    public enum Proximity: String, Hashable, Sendable, Codable { case none, enter, leave }
}
