import CalendarModel
@testable import CalendarStore
import Foundation
import Testing

/// Item format version 2 stores ``Event/definedTimeZone`` (a VTIMEZONE's own offsets) after
/// the other fields, version 3 ``Reminder/definedTimeZone``; items written before either
/// still read.
@Suite("Stored defined time zones")
struct DefinedZoneCodecTests {
    static var event: Event {
        var e = Event(uid: "z@example.com", title: "Zoned", startDate: Date(timeIntervalSince1970: 1_768_478_400),
                      endDate: Date(timeIntervalSince1970: 1_768_482_000))
        e.timeZone = TimeZone(secondsFromGMT: 10_800)
        e.timeZoneIdentifier = "Fictitious"
        return e
    }

    static let fictitious = DefinedTimeZone(tzid: "Fictitious", initialOffset: 10_800, transitions: [1_777_762_800, 1_788_649_200],
                                            offsets: [14_400, 10_800])

    static var reminder: Reminder {
        var r = Reminder(uid: "t@example.com", title: "Zoned")
        r.dueDateComponents = DateComponents(timeZone: TimeZone(secondsFromGMT: 14_400), year: 2026, month: 6, day: 15, hour: 12, minute: 0, second: 0)
        r.timeZoneIdentifier = "Fictitious"
        return r
    }

    @Test func definedZoneRoundTrips() throws {
        var e = Self.event
        e.definedTimeZone = DefinedTimeZone(tzid: "Fictitious", initialOffset: 10_800, transitions: [1_777_762_800, 1_788_649_200],
                                            offsets: [14_400, 10_800])
        let bytes = ItemCodec.encode(e)
        #expect(bytes[0] == ItemCodec.formatVersion)
        let back = try bytes.withUnsafeBytes { buffer throws(StoreError) in try ItemCodec.decodeEvent(buffer, sourceText: nil) }
        #expect(back == e)
        #expect(back.definedTimeZone?.secondsFromGMT(at: Date(timeIntervalSince1970: 1_777_762_799)) == 10_800)
        #expect(back.definedTimeZone?.secondsFromGMT(at: Date(timeIntervalSince1970: 1_777_762_800)) == 14_400)
        #expect(back.definedTimeZone?.secondsFromGMT(at: Date(timeIntervalSince1970: 1_788_649_200)) == 10_800)
    }

    /// A version 1 item is a version 2 item without the presence byte of `definedTimeZone`.
    @Test func versionOneItemsStillRead() throws {
        var bytes = ItemCodec.encode(Self.event)
        #expect(bytes.last == 0)
        bytes.removeLast()
        bytes[0] = 1
        let back = try bytes.withUnsafeBytes { buffer throws(StoreError) in try ItemCodec.decodeEvent(buffer, sourceText: nil) }
        #expect(back == Self.event)
        #expect(back.definedTimeZone == nil)
    }

    @Test func reminderDefinedZoneRoundTrips() throws {
        var r = Self.reminder
        r.definedTimeZone = Self.fictitious
        let bytes = ItemCodec.encode(r)
        let back = try bytes.withUnsafeBytes { buffer throws(StoreError) in try ItemCodec.decodeReminder(buffer, sourceText: nil) }
        #expect(back == r)
        #expect(back.definedTimeZone == Self.fictitious)
    }

    /// A version 2 reminder is a version 3 one without the presence byte of `definedTimeZone`.
    @Test func versionTwoRemindersStillRead() throws {
        var bytes = ItemCodec.encode(Self.reminder)
        #expect(bytes.last == 0)
        bytes.removeLast()
        bytes[0] = 2
        let back = try bytes.withUnsafeBytes { buffer throws(StoreError) in try ItemCodec.decodeReminder(buffer, sourceText: nil) }
        #expect(back == Self.reminder)
        #expect(back.definedTimeZone == nil)
    }
}
