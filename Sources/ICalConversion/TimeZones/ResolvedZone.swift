import CalendarModel
import Foundation
import ICalCore

/// A TZID resolved to rules: a tz database zone (Foundation), or the file's VTIMEZONE
/// (evaluated by libical) when no tz database zone stands for it, with the IANA id to show
/// for it when one is known.
public struct ResolvedZone: Sendable {
    /// How the TZID found its zone.
    public enum Origin: Sendable, Equatable {
        /// The TZID names the zone: a tz database id (perhaps behind a vendor prefix), a
        /// Windows name, or a zone given without any VTIMEZONE.
        case named
        /// The file's VTIMEZONE agrees with this tz database zone (see ``ZoneMatcher``).
        case matchedByRules
        /// The file's VTIMEZONE itself: no tz database zone agrees with it.
        case definition
    }
    public enum Rules: Sendable {
        case vtimezone(VTimeZone)
        case tzdb(TimeZone)
    }
    /// The TZID as written.
    public let tzid: String
    /// The tz database id this zone stands for, when known ("W. Europe Standard Time" → "Europe/Berlin").
    public let ianaID: String?
    public let rules: Rules
    public let origin: Origin
    /// The tz database zone for `ianaID`, made once (TimeZone(identifier:) is not free).
    private let ianaZone: TimeZone?

    public init(tzid: String, ianaID: String?, rules: Rules, origin: Origin = .named) {
        self.tzid = tzid
        self.ianaID = ianaID
        self.rules = rules
        self.origin = origin
        if case .tzdb(let z) = rules { ianaZone = z } else { ianaZone = ianaID.flatMap { TimeZone(identifier: $0) } }
    }

    /// Seconds east of UTC at an instant.
    public func utcOffset(atUTC t: Int) -> Int {
        switch rules {
        case .vtimezone(let z): return z.utcOffset(atUTC: t)
        case .tzdb(let z): return ZoneOffsets.shared.secondsFromGMT(z, at: Date(timeIntervalSince1970: TimeInterval(t)))
        }
    }

    /// The instant of a wall-clock time in this zone, as RFC 5545 §3.3.5 orders: a time that
    /// occurs twice (fall-back overlap) is the first of the two; a time that does not exist
    /// (spring-forward gap) is read with the offset in effect before the gap, so 02:30 on a day
    /// that jumps from 02:00 to 03:00 is 03:30.
    /// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.5>
    public func utcSeconds(forLocal wall: Int) -> Int {
        WallClock.utcSeconds(forLocal: wall, offsetAt: utcOffset(atUTC:))
    }

    public func date(forLocal wall: DateTimeValue) -> Date {
        Date(timeIntervalSince1970: TimeInterval(utcSeconds(forLocal: wall.secondsAsUTC)))
    }

    /// The wall-clock fields of an instant in this zone.
    public func local(_ date: Date) -> DateTimeValue {
        let t = Int(date.timeIntervalSince1970.rounded(.down))
        return DateTimeValue(secondsAsUTC: t + utcOffset(atUTC: t))
    }

    /// A Foundation zone for the event: the IANA zone when known, else the fixed offset at
    /// `date` (Foundation cannot carry a VTIMEZONE's rules: output takes such an event's
    /// offsets from its ``DefinedTimeZone``).
    public func foundationZone(near date: Date) -> TimeZone? {
        if let ianaZone { return ianaZone }
        return TimeZone(secondsFromGMT: utcOffset(atUTC: Int(date.timeIntervalSince1970)))
    }
}
