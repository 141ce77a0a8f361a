internal import CLibical
import Synchronization

/// A time zone defined by a VTIMEZONE component, evaluated by libical (`icaltimezone`).
///
/// libical expands a zone's observances lazily and caches them inside the zone object, so
/// every call here holds the zone's own lock: a `VTimeZone` may be shared across threads.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.6.5>
public final class VTimeZone: Sendable {
    public let tzid: String
    /// X-LIC-LOCATION, when the definition names its tz database zone.
    public let location: String?
    /// The onsets the definition covers, as wall-clock seconds read as UTC: from its earliest
    /// DTSTART to its last onset (the latest DTSTART, RDATE or UNTIL; a rule with COUNT taken
    /// as one onset a year), `Int.max` when a rule has neither UNTIL nor COUNT or when every
    /// observance has the same TZOFFSETTO (a zone without changes: its one offset holds on).
    /// Outside it, RFC 5545 §3.6.5 does not say what the zone's offset is.
    public let span: ClosedRange<Int>
    /// Observances whose yearly rule ``ZoneRuleUnroller`` wrote out before the horizon.
    let unrolledObservances: Int
    private let guarded: Mutex<ZoneHandle>

    /// nil when libical cannot build a zone from the text (no TZID, no observances).
    public convenience init?(text: String) {
        self.init(text: text, unrollingRules: true)
    }

    /// The year from which libical walks the zone's plain yearly rules itself: the days before
    /// it are given to libical as RDATEs (``ZoneRuleUnroller``). One past the decade libical is
    /// first asked to cover (``coverDecadeAhead()``), so that first expansion walks no rule.
    static var unrollingHorizonYear: Int { Int(icaltime_today().year) + 11 }

    /// `unrollingRules: false` gives libical the definition as written (for tests comparing the two).
    init?(text: String, unrollingRules: Bool) {
        // An observance repeating more often than daily is no time zone rule, and libical walks
        // such a rule hour by hour (or second by second) to 2037 while expanding the zone:
        // seconds or minutes for one definition. Refused, so the caller falls back.
        guard !VTimeZone.hasSubDailyObservance(text) else { return nil }
        guard let comp = text.withCString({ icalparser_parse_string($0) }) else { return nil }
        var vtz: OpaquePointer? = comp
        if icalcomponent_isa(comp) != ICAL_VTIMEZONE_COMPONENT {
            vtz = icalcomponent_get_first_component(comp, ICAL_VTIMEZONE_COMPONENT)
            if let inner = vtz { icalcomponent_remove_component(comp, inner) }
            icalcomponent_free(comp)
        }
        guard let vtz else { return nil }
        guard let tzidProp = icalcomponent_get_first_property(vtz, ICAL_TZID_PROPERTY),
              let tzidC = icalproperty_get_tzid(tzidProp),
              icalcomponent_get_first_component(vtz, ICAL_XSTANDARD_COMPONENT) != nil
                || icalcomponent_get_first_component(vtz, ICAL_XDAYLIGHT_COMPONENT) != nil
        else {
            icalcomponent_free(vtz)
            return nil
        }
        tzid = String(cString: tzidC)
        if let loc = icalcomponent_get_first_property(vtz, ICAL_LOCATION_PROPERTY) ?? VTimeZone.xProperty(vtz, "X-LIC-LOCATION"),
           let v = icalproperty_get_value_as_string(loc) {
            location = String(cString: v)
        } else {
            location = nil
        }
        span = VTimeZone.onsetSpan(vtz)
        unrolledObservances = unrollingRules ? ZoneRuleUnroller.unroll(vtz, horizonYear: VTimeZone.unrollingHorizonYear) : 0
        guard let zone = icaltimezone_new() else { icalcomponent_free(vtz); return nil }
        guard icaltimezone_set_component(zone, vtz) != 0 else {
            icalcomponent_free(vtz)
            icaltimezone_free(zone, 1)
            return nil
        }
        guarded = Mutex(ZoneHandle(raw: zone))
        coverDecadeAhead()
    }

    /// Has libical expand the zone's observances through ten years from now at once. libical
    /// expands them on first use through five years past the later of now and the year asked,
    /// and each later year asked redoes the whole expansion from the observances' start (for
    /// rules ``ZoneRuleUnroller`` leaves alone, an ICU-driven walk of ~5 million instructions
    /// per zone): a 2,000-event feed with dates up to 2034 expanded its zones 13 times instead of 9. One expansion five years further costs
    /// about a tenth more than libical's first one; offsets are the same either way.
    private func coverDecadeAhead() {
        let year = Int(icaltime_today().year) + 5
        _ = utcOffset(atUTC: DateTimeValue(year: year, month: 7, day: 1, hour: 12).secondsAsUTC)
    }

    /// True when an observance's RRULE has FREQ=SECONDLY, MINUTELY or HOURLY.
    /// Read on the bytes, each line that starts with `RRULE` or `rrule` searched for the three
    /// frequencies in any letter case (String's `contains` cost 370,000 instructions a zone).
    public static func hasSubDailyObservance(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            func hasPrefix(_ at: Int, _ end: Int, _ word: StaticString, ignoringCase: Bool) -> Bool {
                let n = word.utf8CodeUnitCount
                guard end - at >= n else { return false }
                for k in 0..<n {
                    let c = b[at + k], w = word.utf8Start[k]
                    if c != w && !(ignoringCase && c >= 0x61 && c <= 0x7A && c - 0x20 == w) { return false }
                }
                return true
            }
            var start = 0
            while start < b.count {
                var end = start
                while end < b.count && b[end] != 0x0A && b[end] != 0x0D { end += 1 }
                if hasPrefix(start, end, "RRULE", ignoringCase: false) || hasPrefix(start, end, "rrule", ignoringCase: false) {
                    for at in start..<end where hasPrefix(at, end, "FREQ=SECONDLY", ignoringCase: true)
                        || hasPrefix(at, end, "FREQ=MINUTELY", ignoringCase: true) || hasPrefix(at, end, "FREQ=HOURLY", ignoringCase: true) {
                        return true
                    }
                }
                start = end + 1
            }
            return false
        }
    }

    /// Seconds east of UTC in effect at `utcSeconds` since 1970.
    public func utcOffset(atUTC utcSeconds: Int) -> Int {
        let fields = DateTimeValue(secondsAsUTC: utcSeconds)
        return guarded.withLock { handle in
            var t = fields.icalTime
            t.zone = icaltimezone_get_utc_timezone()
            var isDaylight: Int32 = 0
            return Int(icaltimezone_get_utc_offset_of_utc_time(handle.raw, &t, &isDaylight))
        }
    }

    /// ``span`` of a VTIMEZONE component, read before ``ZoneRuleUnroller`` adds RDATEs to it.
    private static func onsetSpan(_ vtz: OpaquePointer) -> ClosedRange<Int> {
        var first = Int.max, last = Int.min
        var offsets: Set<Int32> = []
        func onset(_ t: icaltimetype) {
            guard icaltime_is_null_time(t) == 0 else { return }
            let s = DateTimeValue(t).secondsAsUTC
            first = min(first, s)
            last = max(last, s)
        }
        for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
            var c = icalcomponent_get_first_component(vtz, kind)
            while let obs = c {
                let start = icalcomponent_get_dtstart(obs)
                onset(start)
                if let to = icalcomponent_get_first_property(obs, ICAL_TZOFFSETTO_PROPERTY) { offsets.insert(icalproperty_get_tzoffsetto(to)) }
                var p = icalcomponent_get_first_property(obs, ICAL_RDATE_PROPERTY)
                while let prop = p {
                    onset(icalproperty_get_rdate(prop).time)
                    p = icalcomponent_get_next_property(obs, ICAL_RDATE_PROPERTY)
                }
                p = icalcomponent_get_first_property(obs, ICAL_RRULE_PROPERTY)
                while let prop = p {
                    let rule = icalproperty_get_rrule(prop)
                    if icaltime_is_null_time(rule.until) == 0 {
                        onset(rule.until)
                    } else if rule.count > 0, icaltime_is_null_time(start) == 0 {
                        var end = start
                        end.year += rule.count - 1
                        onset(end)
                    } else {
                        last = Int.max
                    }
                    p = icalcomponent_get_next_property(obs, ICAL_RRULE_PROPERTY)
                }
                c = icalcomponent_get_next_component(vtz, kind)
            }
        }
        guard first != Int.max else { return Int.min...Int.max }
        return first...(offsets.count == 1 ? Int.max : max(first, last))
    }

    private static func xProperty(_ comp: OpaquePointer, _ name: String) -> OpaquePointer? {
        var p = icalcomponent_get_first_property(comp, ICAL_X_PROPERTY)
        while let prop = p {
            if let n = icalproperty_get_x_name(prop), String(cString: n) == name { return prop }
            p = icalcomponent_get_next_property(comp, ICAL_X_PROPERTY)
        }
        return nil
    }
}

/// Owns an `icaltimezone *` and the VTIMEZONE component inside it.
private struct ZoneHandle: ~Copyable, @unchecked Sendable {
    let raw: OpaquePointer
    deinit { icaltimezone_free(raw, 1) }
}
