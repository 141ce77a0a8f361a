import CalendarModel
import Foundation
@testable import ICalConversion
import Testing

/// RECURRENCE-ID overrides. The series: weekly on Monday 09:00 Europe/Berlin from 2026-01-05,
/// one hour. Instants from Python's zoneinfo:
/// `python3 -c "from zoneinfo import ZoneInfo as Z; from datetime import datetime as D, timezone as T;
///  print(D(2026,3,9,9,tzinfo=Z('Europe/Berlin')).astimezone(T.utc))"` → 2026-03-09 08:00:00+00:00
/// (winter Mondays 09:00 = 08:00Z; 2026-04-06 10:00 → 08:00Z, 04-13 09:00 → 07:00Z, 04-13 08:00 → 06:00Z,
/// 04-20 08:00 → 06:00Z).
@Suite("Expansion: overrides")
struct ExpansionOverrideTests {
    static var master: Event {
        var m = Fixture.zoned("series", "Europe/Berlin", start: Fixture.utc(2026, 1, 5, 8), rrule: "FREQ=WEEKLY;BYDAY=MO")
        m.title = "Weekly"
        m.sequence = 5
        return m
    }

    static func override(rid: Date, start: Date, length: TimeInterval = 3600, zone: String? = "Europe/Berlin", title: String = "Moved") -> Event {
        var o = Event(uid: "series", title: title, startDate: start, endDate: start.addingTimeInterval(length))
        if let zone {
            o.timeZone = TimeZone(identifier: zone)
            o.timeZoneIdentifier = zone
        }
        o.occurrenceDate = rid
        return o
    }

    static let twoWeeks = Fixture.window(Fixture.utc(2026, 3, 9), Fixture.utc(2026, 3, 21))

    struct RidCase: Sendable, CustomTestStringConvertible {
        let id: String
        let override: Event
        var testDescription: String { id }
    }

    /// The 2026-03-09 09:00 Berlin instance (08:00Z), named in different ways, moved to 11:00Z.
    static let ridCases: [RidCase] = {
        var utcOverride = override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 9, 11), zone: "UTC")
        utcOverride.sequence = 0                    // lower SEQUENCE than the master still replaces
        let newYork = override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 9, 11), zone: "America/New_York")  // 04:00 EDT
        var date = override(rid: Fixture.utc(2026, 3, 9), start: Fixture.utc(2026, 3, 9, 11))
        date.occurrenceDateIsAllDay = true
        let floating = override(rid: Fixture.utc(2026, 3, 9, 9), start: Fixture.utc(2026, 3, 9, 11), zone: nil)
        return [
            RidCase(id: "same zone", override: override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 9, 11))),
            RidCase(id: "UTC, lower SEQUENCE", override: utcOverride),
            RidCase(id: "another zone (New York)", override: newYork),
            RidCase(id: "DATE", override: date),
            RidCase(id: "floating, read in the series' zone", override: floating),
        ]
    }()

    @Test(arguments: ridCases)
    func overrideReplacesItsInstance(_ c: RidCase) throws {
        let list = try Fixture.occurrences(Self.master, [c.override], Self.twoWeeks)
        // A floating override keeps the model convention (11:00 wall clock) and is placed in
        // the query's zone (UTC here), so 11:00Z either way.
        #expect(Fixture.starts(list) == ["2026-03-09T11:00:00Z", "2026-03-16T08:00:00Z"])
        #expect(list.map(\.event.title) == ["Moved", "Weekly"])
        #expect(list.map(\.isDetached) == [true, false])
        #expect(list.first?.occurrenceDate == c.override.occurrenceDate)
        #expect(list.last?.occurrenceDate == Fixture.utc(2026, 3, 16, 8))
    }

    @Test func movedIntoAndOutOfWindow() throws {
        // 03-02 (outside) moved to 03-10 (inside); 03-09 (inside) moved to 03-25 (outside).
        let into = Self.override(rid: Fixture.utc(2026, 3, 2, 8), start: Fixture.utc(2026, 3, 10, 8), title: "Into")
        let outOf = Self.override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 25, 8), title: "Out")
        let list = try Fixture.occurrences(Self.master, [into, outOf], Self.twoWeeks)
        #expect(list.map(\.event.title) == ["Into", "Weekly"])
        #expect(Fixture.starts(list) == ["2026-03-10T08:00:00Z", "2026-03-16T08:00:00Z"])
    }

    @Test func overrideMatchingNoInstanceIsShown() throws {
        // Wednesday 2026-03-11 09:00 is no instance of a Monday rule (RFC 5545: it adds one).
        // With the master's SEQUENCE (an override of an older revision that names no instance
        // is a leftover: see staleOverrideNamingNoInstanceIsDropped).
        var extra = Self.override(rid: Fixture.utc(2026, 3, 11, 8), start: Fixture.utc(2026, 3, 11, 8), title: "Extra")
        extra.sequence = Self.master.sequence
        let list = try Fixture.occurrences(Self.master, [extra], Self.twoWeeks)
        #expect(list.map(\.event.title) == ["Weekly", "Extra", "Weekly"])
    }

    @Test func staleOverrideNamingNoInstanceIsDropped() throws {
        // SEQUENCE 0 < the master's 5, and Wednesday 2026-03-11 is no instance: superseded
        // (RFC 5545 §3.8.4.4, RFC 5546 §2.1.5). A lower SEQUENCE naming an instance still replaces it.
        let stale = Self.override(rid: Fixture.utc(2026, 3, 11, 8), start: Fixture.utc(2026, 3, 11, 8), title: "Extra")
        let list = try Fixture.occurrences(Self.master, [stale], Self.twoWeeks)
        #expect(list.map(\.event.title) == ["Weekly", "Weekly"])
    }

    /// recurring-ical-events `issue_163_deleted_modification.ics`: an EXDATE removes an
    /// override of the same instance.
    @Test func exdateRemovesOverride() throws {
        var m = Self.master
        m.exceptionDates = [RecurrenceDate(date: Fixture.utc(2026, 3, 9, 8))]
        let o = Self.override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 9, 11))
        let list = try Fixture.occurrences(m, [o], Self.twoWeeks)
        #expect(Fixture.starts(list) == ["2026-03-16T08:00:00Z"])
    }

    @Test func cancelledOverrideLeftOut() throws {
        var o = Self.override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 9, 8))
        o.status = .canceled
        #expect(Fixture.starts(try Fixture.occurrences(Self.master, [o], Self.twoWeeks)) == ["2026-03-16T08:00:00Z"])
        let all = try Fixture.occurrences(Self.master, [o], Fixture.window(Fixture.utc(2026, 3, 9), Fixture.utc(2026, 3, 21), cancelled: true))
        #expect(all.count == 2)
    }

    /// RANGE=THISANDFUTURE: from 2026-02-02 the series moves to 10:00 for 2 h titled "Later";
    /// from 2026-04-13 to 08:00 for 30 min titled "Early". The shift is on the wall clock, so
    /// after the March DST change "Later" is still 10:00 local (08:00Z on 04-06).
    @Test func thisAndFuture() throws {
        var later = Self.override(rid: Fixture.utc(2026, 2, 2, 8), start: Fixture.utc(2026, 2, 2, 9), length: 7200, title: "Later")
        later.appliesToFutureOccurrences = true
        var early = Self.override(rid: Fixture.utc(2026, 4, 13, 7), start: Fixture.utc(2026, 4, 13, 6), length: 1800, title: "Early")
        early.appliesToFutureOccurrences = true
        let list = try Fixture.occurrences(Self.master, [later, early], Fixture.window(Fixture.utc(2026, 1, 26), Fixture.utc(2026, 4, 21)))
        let byDay = Dictionary(list.map { (Fixture.iso($0.occurrenceDate ?? $0.startDate).prefix(10), $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byDay["2026-01-26"]?.event.title == "Weekly")
        #expect(byDay["2026-01-26"].map { Fixture.iso($0.startDate) } == "2026-01-26T08:00:00Z")
        #expect(byDay["2026-02-02"].map { Fixture.iso($0.startDate) } == "2026-02-02T09:00:00Z")
        #expect(byDay["2026-02-02"]?.isDetached == true)
        #expect(byDay["2026-02-09"].map { Fixture.iso($0.startDate) } == "2026-02-09T09:00:00Z")
        #expect(byDay["2026-02-09"].map { $0.endDate.timeIntervalSince($0.startDate) } == 7200)
        #expect(byDay["2026-02-09"]?.event.title == "Later")
        #expect(byDay["2026-04-06"].map { Fixture.iso($0.startDate) } == "2026-04-06T08:00:00Z")
        #expect(byDay["2026-04-13"].map { Fixture.iso($0.startDate) } == "2026-04-13T06:00:00Z")
        #expect(byDay["2026-04-20"].map { Fixture.iso($0.startDate) } == "2026-04-20T06:00:00Z")
        #expect(byDay["2026-04-20"]?.event.title == "Early")
        #expect(byDay["2026-04-20"].map { $0.endDate.timeIntervalSince($0.startDate) } == 1800)
        #expect(list.count == 13)   // Mondays 01-26 … 04-20
    }

    /// A THISANDFUTURE shift that moves later instances into the window is seen even when the
    /// slots themselves lie before it.
    @Test func thisAndFutureShiftIntoWindow() throws {
        var later = Self.override(rid: Fixture.utc(2026, 3, 2, 8), start: Fixture.utc(2026, 3, 4, 8), title: "Wednesday")
        later.appliesToFutureOccurrences = true
        // Window: Wednesday 2026-03-11 only. Its slot is Monday 03-09.
        let list = try Fixture.occurrences(Self.master, [later], Fixture.window(Fixture.utc(2026, 3, 11), Fixture.utc(2026, 3, 12)))
        #expect(Fixture.starts(list) == ["2026-03-11T08:00:00Z"])
        #expect(list.first?.occurrenceDate == Fixture.utc(2026, 3, 9, 8))
    }

    @Test func orphanOverridesSortedByStartThenUID() throws {
        let b = Self.override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 9, 8))
        var a = Self.override(rid: Fixture.utc(2026, 3, 9, 8), start: Fixture.utc(2026, 3, 9, 8))
        a.uid = "another"
        let c = Self.override(rid: Fixture.utc(2026, 3, 16, 8), start: Fixture.utc(2026, 3, 10, 7))
        let list = try Fixture.occurrences(nil, [b, c, a], Self.twoWeeks)
        #expect(list.map(\.event.uid) == ["another", "series", "series"])
        #expect(Fixture.starts(list) == ["2026-03-09T08:00:00Z", "2026-03-09T08:00:00Z", "2026-03-10T07:00:00Z"])
        #expect(list.allSatisfy { $0.isDetached && $0.isRecurring })
    }
}
