import CalendarModel
import CalendarTestSupport
import Foundation
@testable import ICalConversion
import ICalCore
import Testing

/// VTIMEZONEs built ahead on a helper thread. Offsets expected for US Eastern come from
/// python3 zoneinfo (`ZoneInfo("America/New_York")`), as in VTimeZoneTests.
@Suite("Zones built ahead")
struct ZonePrebuilderTests {
    /// RFC 5545 §3.6.5's US Eastern rules under the TZID `tzid`.
    static func eastern(_ tzid: String) -> String { TestZones.usEastern(tzid: tzid) }

    /// 2026-01-15T00:00Z is EST (-5 h), 2026-07-01T00:00Z EDT (-4 h).
    static func expectEastern(_ zone: VTimeZone?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(zone?.utcOffset(atUTC: 1_768_435_200) == -18_000, sourceLocation: sourceLocation)
        #expect(zone?.utcOffset(atUTC: 1_782_864_000) == -14_400, sourceLocation: sourceLocation)
    }

    static func built(_ lookup: ZonePrebuilder.Lookup) -> VTimeZone?? {
        if case .built(let zone) = lookup { return .some(zone) }
        return .none
    }

    @Test func offeredZonesAreBuiltOnTheHelperThread() throws {
        let prebuilder = ZonePrebuilder()
        let texts = (0..<3).map { Self.eastern("Zone-\($0)") }
        texts.forEach(prebuilder.offer)
        prebuilder.waitForHelper()
        #expect(prebuilder.builtByHelper == 3)
        #expect(prebuilder.builtOnDemand == 0)
        for (i, text) in texts.enumerated() {
            let zone = try #require(Self.built(prebuilder.zone(for: text)))
            #expect(zone?.tzid == "Zone-\(i)")
            Self.expectEastern(zone)
        }
        // Asking again hands over the same zone; nothing is built twice.
        #expect(Self.built(prebuilder.zone(for: texts[0]))!! === Self.built(prebuilder.zone(for: texts[0]))!!)
        #expect(prebuilder.builtByHelper + prebuilder.builtOnDemand == 3)
    }

    @Test func textsNeverOfferedAreLeftToTheCaller() {
        let prebuilder = ZonePrebuilder()
        prebuilder.offer(Self.eastern("Offered"))
        #expect(Self.built(prebuilder.zone(for: Self.eastern("Not offered"))) == nil)
        prebuilder.waitForHelper()
    }

    @Test func offersPastTheLimitAreIgnored() {
        let prebuilder = ZonePrebuilder(limit: 2)
        let texts = (0..<4).map { Self.eastern("Zone-\($0)") }
        texts.forEach(prebuilder.offer)
        prebuilder.offer(texts[0])   // a repeated text counts once
        prebuilder.waitForHelper()
        #expect(prebuilder.builtByHelper == 2)
        #expect(Self.built(prebuilder.zone(for: texts[1])) != nil)
        #expect(Self.built(prebuilder.zone(for: texts[2])) == nil)
        #expect(Self.built(prebuilder.zone(for: texts[3])) == nil)
    }

    @Test func manyAskersShareOneBuildPerText() {
        let prebuilder = ZonePrebuilder()
        let texts = (0..<8).map { Self.eastern("Zone-\($0)") }
        texts.forEach(prebuilder.offer)
        // Eight threads ask for every text at once, each from a different starting point, so
        // some find a zone built, some wait for the helper, and some build it themselves.
        let seen = SeenZones()
        DispatchQueue.concurrentPerform(iterations: 8) { asker in
            for k in 0..<8 {
                let index = (asker + k) % 8
                if case .built(let zone) = prebuilder.zone(for: texts[index]) { seen.put(asker, index, zone) }
            }
        }
        prebuilder.waitForHelper()
        #expect(prebuilder.builtByHelper + prebuilder.builtOnDemand == 8)
        for index in 0..<8 {
            let zones = (0..<8).map { seen.get($0, index) }
            #expect(zones.allSatisfy { $0 != nil && $0 === zones[0] })
            Self.expectEastern(zones[0])
        }
    }

    /// Outlook's Europe/Berlin-style rules from 1601 under the TZID `tzid`: libical expands
    /// about 430 years of them (tens of millions of instructions), so a build takes a while.
    static func fromSixteenOhOne(_ tzid: String) -> String {
        """
        BEGIN:VTIMEZONE\r
        TZID:\(tzid)\r
        BEGIN:STANDARD\r
        DTSTART:16010101T030000\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:16010101T020000\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r

        """
    }

    @Test func stoppedPrebuilderLeavesTheRestToDemand() {
        let prebuilder = ZonePrebuilder()
        let texts = (0..<12).map { Self.fromSixteenOhOne("Zone-\($0)") }
        texts.forEach(prebuilder.offer)
        prebuilder.stop()
        prebuilder.offer(Self.eastern("Late"))
        prebuilder.waitForHelper()
        #expect(Self.built(prebuilder.zone(for: Self.eastern("Late"))) == nil)
        // Stopped right after the offers, the helper started a build or two, not all twelve
        // (each takes milliseconds; it would take a stall of the whole set's length to reach them).
        #expect(prebuilder.builtByHelper < texts.count)
        // Whatever the helper had not started is built on demand; each text exactly once.
        for text in texts {
            let zone = Self.built(prebuilder.zone(for: text)) ?? nil
            // 2026-01-15T00:00Z is winter (+01:00), 2026-07-01T00:00Z summer (+02:00).
            #expect(zone?.utcOffset(atUTC: 1_768_435_200) == 3_600)
            #expect(zone?.utcOffset(atUTC: 1_782_864_000) == 7_200)
        }
        #expect(prebuilder.builtByHelper + prebuilder.builtOnDemand == texts.count)
    }

    @Test func resolverTakesTheZoneBuiltAhead() throws {
        let text = Self.eastern("America/New_York")
        let prebuilder = ZonePrebuilder()
        prebuilder.offer(text)
        prebuilder.waitForHelper()
        let resolver = ZoneResolver(timeZones: [TimeZoneDefinition(tzid: "America/New_York", text: text)], prebuilder: prebuilder)
        // The TZID names a tz database zone, which it is; the file's definition (built ahead) is
        // what the reader compares with it.
        let resolved = try #require(resolver.resolve("America/New_York"))
        guard case .tzdb(let tz) = resolved.rules else {
            Issue.record("expected the tz database's rules, got \(resolved.rules)")
            return
        }
        #expect(tz.identifier == "America/New_York")
        let zone = try #require(resolver.definition("America/New_York"))
        #expect(zone === Self.built(prebuilder.zone(for: text))!!)
        #expect(prebuilder.builtOnDemand == 0)
    }

    @Test func unusableDefinitionFallsBackAsWithoutPrebuilder() throws {
        // No STANDARD or DAYLIGHT: libical makes no zone of it, so the TZID is resolved from
        // the tz database, as it is without a prebuilder.
        let text = "BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\nEND:VTIMEZONE\r\n"
        let prebuilder = ZonePrebuilder()
        prebuilder.offer(text)
        let lookup = Self.built(prebuilder.zone(for: text))
        #expect(lookup != nil && lookup! == nil)
        let definitions = [TimeZoneDefinition(tzid: "America/New_York", text: text)]
        for resolver in [ZoneResolver(timeZones: definitions, prebuilder: prebuilder), ZoneResolver(timeZones: definitions)] {
            let resolved = try #require(resolver.resolve("America/New_York"))
            guard case .tzdb(let zone) = resolved.rules else {
                Issue.record("expected tz database rules, got \(resolved.rules)")
                continue
            }
            #expect(zone.identifier == "America/New_York")
        }
        prebuilder.waitForHelper()
    }
}

/// Zones seen by 8 askers for 8 texts, written from several threads.
private final class SeenZones: @unchecked Sendable {
    private let lock = NSLock()
    private var zones = [VTimeZone?](repeating: nil, count: 64)
    func put(_ asker: Int, _ index: Int, _ zone: VTimeZone?) { lock.withLock { zones[asker * 8 + index] = zone } }
    func get(_ asker: Int, _ index: Int) -> VTimeZone? { lock.withLock { zones[asker * 8 + index] } }
}
