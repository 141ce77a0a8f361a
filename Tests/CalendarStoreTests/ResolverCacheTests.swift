import CalendarModel
import CalendarStore
import Foundation
import Testing

/// The store's expander keeps one zone resolver per set of VTIMEZONE definitions (found by the
/// array's storage first). Whatever the array, the zones used are the ones it holds now.
@Suite("Zone resolvers kept by the store's expander")
struct ResolverCacheTests {
    /// The same TZID, once at a steady +01:00, once with Europe/Berlin's rules since 1996.
    static let steady = TimeZoneDefinition(tzid: "Z", text: """
        BEGIN:VTIMEZONE\r
        TZID:Z\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """)
    static let summerTime = TimeZoneDefinition(tzid: "Z", text: """
        BEGIN:VTIMEZONE\r
        TZID:Z\r
        BEGIN:DAYLIGHT\r
        DTSTART:19960331T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        DTSTART:19961027T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """)

    /// A daily 09:00 series in zone Z from Friday 2026-03-27 (08:00Z at +01:00): its Monday
    /// 2026-03-30 occurrence is 08:00Z at a steady +01:00, and 07:00Z once summer time began on
    /// the last Sunday of March (the 29th).
    static func monday(_ expander: RecurringEventExpander, _ zones: [TimeZoneDefinition]) throws -> Date? {
        var master = Event(uid: "s@x", title: "Series", startDate: Date(timeIntervalSince1970: 1_774_598_400),
                           endDate: Date(timeIntervalSince1970: 1_774_600_200))
        master.timeZoneIdentifier = "Z"
        master.timeZone = TimeZone(secondsFromGMT: 3600)   // zoned; its rules come from TZID Z
        master.recurrenceRules = [RecurrenceRule(frequency: .daily, end: .afterOccurrences(5))]
        let day = EventPredicate(startDate: Date(timeIntervalSince1970: 1_774_828_800), endDate: Date(timeIntervalSince1970: 1_774_915_200),
                                 timeZone: TimeZone(identifier: "UTC")!)
        return try expander.occurrences(master: master, overrides: [], timeZones: zones, calendarTitle: "Work", matching: day)
            .first?.startDate
    }

    static let steadyMonday = Date(timeIntervalSince1970: 1_774_857_600)   // 2026-03-30T08:00:00Z
    static let summerMonday = Date(timeIntervalSince1970: 1_774_854_000)   // 2026-03-30T07:00:00Z

    @Test func theZonesUsedAreTheArraysCurrentOnes() throws {
        let expander = RecurringEventExpander()
        var zones = [Self.steady]
        #expect(try Self.monday(expander, zones) == Self.steadyMonday)
        #expect(try Self.monday(expander, zones) == Self.steadyMonday)
        // Changed in place: the same variable now holds other rules for Z.
        zones[0] = Self.summerTime
        #expect(try Self.monday(expander, zones) == Self.summerMonday)
        // Another array with the first contents gets the first rules again.
        #expect(try Self.monday(expander, [TimeZoneDefinition(tzid: "Z", text: Self.steady.text)]) == Self.steadyMonday)
        #expect(try Self.monday(expander, zones) == Self.summerMonday)
    }
}

