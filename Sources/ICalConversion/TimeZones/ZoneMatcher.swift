import Foundation
import ICalCore

/// Finds the tz database zone whose offsets and transition instants agree with a VTIMEZONE
/// that a TZID does not name (Outlook's `(UTC+10:00) Canberra, Melbourne, Sydney` or
/// `Customized Time Zone`, any custom TZID), and compares a VTIMEZONE with a zone.
///
/// Agreement is checked over the years the definition's onsets cover, near the present: its
/// span (``VTimeZone/span``) from two years before this one to ten years ahead, or the twelve
/// years at the end of the span nearest to them. (Producers such as Outlook write the rules in
/// force when they export, from 1601 on; a zone whose rules changed since is matched by the
/// present rules, and the tz database gives its past.) The candidates are the zones ICU lists
/// for the definition's offsets at two instants half a year apart as their standard offset;
/// those that give these offsets there are compared in full (``firstDisagreement(_:_:within:)``).
///
/// Among agreeing zones the first by: the caller's candidates in their order (the zone ICU's
/// CLDR table maps a Windows name to, a tz id spelled with other separators, X-LIC-LOCATION,
/// the zone an earlier reading matched); a zone
/// whose city the TZID mentions; a zone CLDR names first (territory `001`) for its Windows
/// zone; the Windows zone with most zones among the candidates; the id.
enum ZoneMatcher {
    /// The tz database id whose zone agrees with `vtz`, or nil.
    static func match(_ vtz: VTimeZone, tzid: String, preferring preferred: [String]) -> String? {
        guard let window = comparisonWindow(vtz.span) else { return nil }
        for id in preferred {
            if let zone = TimeZone(identifier: id), firstDisagreement(vtz, zone, within: window) == nil { return id }
        }
        // Candidates: the zones whose standard offset is one of the definition's offsets at
        // two instants half a year apart, that give those offsets there.
        let probes = [window.lowerBound, min(window.upperBound, window.lowerBound + 182 * 86_400)]
        let expected = probes.map { vtz.utcOffset(atUTC: $0) }
        let candidates = Set(expected).sorted().flatMap { ZoneResolver.zones(withStandardOffset: $0) }
        let agreeing = candidates.compactMap { id -> (id: String, windows: String?)? in
            guard let zone = TimeZone(identifier: id), zip(probes, expected).allSatisfy({ offset(zone, $0) == $1 }),
                  firstDisagreement(vtz, zone, within: window) == nil else { return nil }
            return (id, ZoneResolver.windowsName(for: id))
        }
        // How many zones of the candidates' offsets CLDR maps to each Windows zone name.
        var sizes: [String: Int] = [:]
        for id in candidates { if let w = ZoneResolver.windowsName(for: id) { sizes[w, default: 0] += 1 } }
        let lowered = tzid.lowercased()
        return agreeing.min { rank($0, sizes, lowered) < rank($1, sizes, lowered) }?.id
    }

    /// The first instant in `window` (inside the definition's span) found where `vtz` and
    /// `zone` give different offsets: the instant, the definition's offset, the zone's.
    ///
    /// Compared at either side of each of the zone's transitions and at most 61 days apart
    /// between them: a definition whose transitions fall at other instants differs on one side
    /// of the zone's, and one with a period the zone lacks differs inside a steady stretch.
    static func firstDisagreement(_ vtz: VTimeZone, _ zone: TimeZone, within window: ClosedRange<Int>)
        -> (instant: Int, file: Int, tzdb: Int)? {
        guard let inside = clamped(window, to: vtz.span) else { return nil }
        var from = inside.lowerBound
        while true {
            let next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(from)))
                .map { Int($0.timeIntervalSince1970.rounded(.down)) }
            let end = min(next.map { max($0, from + 1) } ?? Int.max, inside.upperBound + 1)
            for t in Array(stride(from: from, to: end, by: 61 * 86_400)) + [end - 1] {
                let file = vtz.utcOffset(atUTC: t), tzdb = offset(zone, t)
                if file != tzdb { return (t, file, tzdb) }
            }
            if end > inside.upperBound { return nil }
            from = end
        }
    }

    /// The UTC seconds of a calendar year: 1 January 00:00:00 through 31 December 23:59:59.
    static func year(_ y: Int) -> ClosedRange<Int> {
        DateTimeValue(year: y, month: 1, day: 1).secondsAsUTC...(DateTimeValue(year: y + 1, month: 1, day: 1).secondsAsUTC - 1)
    }

    /// The instants to compare a definition with a zone over, see the type's comment.
    static func comparisonWindow(_ span: ClosedRange<Int>) -> ClosedRange<Int>? {
        let now = DateTimeValue(secondsAsUTC: Int(Date().timeIntervalSince1970)).year
        let spanFirst = span.lowerBound == Int.min ? now - 2 : DateTimeValue(secondsAsUTC: span.lowerBound).year
        let spanLast = span.upperBound == Int.max ? now + 10 : DateTimeValue(secondsAsUTC: span.upperBound).year
        var first = max(spanFirst, now - 2), last = min(spanLast, now + 10)
        if first > last {
            if spanLast < now { (first, last) = (max(spanFirst, spanLast - 12), spanLast) }
            else { (first, last) = (spanFirst, min(spanLast, spanFirst + 12)) }
        }
        return clamped(year(first).lowerBound...year(last).upperBound, to: span)
    }

    /// `window` within the instants a definition with `span` speaks for: from a day after its
    /// first onset (onsets are wall-clock times, at most a day from UTC) to its last.
    private static func clamped(_ window: ClosedRange<Int>, to span: ClosedRange<Int>) -> ClosedRange<Int>? {
        let from = max(window.lowerBound, span.lowerBound == Int.min ? Int.min : span.lowerBound + 86_400)
        let to = min(window.upperBound, span.upperBound)
        return from <= to ? from...to : nil
    }

    private static func offset(_ zone: TimeZone, _ t: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
    }

    /// Smaller is better, see the type's comment (the TZID's own candidates were tried first).
    private static func rank(_ candidate: (id: String, windows: String?), _ sizes: [String: Int], _ loweredTZID: String)
        -> (Int, Int, Int, String) {
        let city = candidate.id.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ").lowercased() } ?? ""
        let mentioned = !city.isEmpty && loweredTZID.contains(city)
        let first = candidate.windows.flatMap { ZoneResolver.windowsToIANA($0) } == candidate.id
        return (mentioned ? 0 : 1, first ? 0 : 1, -(candidate.windows.flatMap { sizes[$0] } ?? 0), candidate.id)
    }
}
