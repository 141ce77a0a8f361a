import CalendarModel
import Foundation
import ICalCore

extension DefinedTimeZone {
    /// The first and last years the table covers; before and after them an event's offset is
    /// the table's first or last one.
    static let coveredYears = 1970...2070

    /// The offsets libical gives for a VTIMEZONE, 1970 through 2070, as a table: each change
    /// found between samples a week apart, to the second (``OffsetProfile``).
    init(_ vtz: VTimeZone, tzid: String) {
        let window = ZoneMatcher.year(Self.coveredYears.lowerBound).lowerBound...ZoneMatcher.year(Self.coveredYears.upperBound).upperBound
        let profile = OffsetProfile(window, offset: vtz.utcOffset(atUTC:))
        self.init(tzid: tzid, initialOffset: profile.samples.first?.offset ?? 0,
                  transitions: profile.changes.map(\.instant), offsets: profile.changes.map(\.after))
    }
}
