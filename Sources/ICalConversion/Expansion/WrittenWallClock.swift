import CalendarModel
import Foundation
import ICalCore

/// DTSTART's and DTEND's wall clock as the file wrote them, where the model's instant does not
/// tell it: a local time in a spring-forward gap.
///
/// The reader places such a time with the offset before the gap (RFC 5545 §3.3.5: 02:30 on the
/// day New York moves to EDT is 07:30Z, shown as 03:30 EDT), so the instant's wall clock is an
/// hour later than the one written. A series recurs on the written wall clock: only an instance
/// whose own local time does not exist moves past the gap (`DTSTART;TZID=America/New_York:
/// 20260308T023000` daily: 03:30 EDT on 8 March, 02:30 EDT on 9 and 10 March;
/// Conformance/KNOWN_DIFFERENCES.md R4).
///
/// The model keeps instants only, so the written value is read back from the item's source text
/// (``Event/source``, kept by the reader and by the store) when, and only when, the instant's
/// wall clock minus the offset change is a local time that does not exist, the one case where
/// the instant could come from either, and the source's value is that time. An event built in
/// code (no source text) keeps its instant's wall clock.
enum WrittenWallClock {
    /// The wall clock (seconds, local fields read as UTC) that `property` (DTSTART or DTEND) of
    /// `event` was written with, when it lies in a gap of `zone`; nil otherwise.
    static func gapWall(of property: String, date: Date, event: Event, zone: ResolvedZone) -> Int? {
        let t = seconds(date)
        let offset = zone.utcOffset(atUTC: t)
        // The offset before a change in the six hours up to `t` (gaps are at most a few hours).
        let before = zone.utcOffset(atUTC: t - 6 * 3600)
        let gap = offset - before
        guard gap > 0 else { return nil }
        let candidate = t + offset - gap
        // `candidate` is nonexistent exactly when the §3.3.5 reading of it gives `t` back while
        // `t`'s own wall clock is later: then the written value was `candidate`, or `t`'s wall.
        guard zone.utcSeconds(forLocal: candidate) == t, let source = event.source,
              let written = value(of: property, in: source.text) else { return nil }
        return written.secondsAsUTC == candidate ? candidate : nil
    }

    /// The local date-time value of the component's first `property` line (not of a
    /// subcomponent), nil when absent or not a date-time.
    static func value(of property: String, in text: String) -> DateTimeValue? {
        var depth = 0
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let upper = line.uppercased()
            if upper.hasPrefix("BEGIN:") { depth += 1; continue }
            if upper.hasPrefix("END:") { depth -= 1; continue }
            guard depth == 1, upper.hasPrefix(property),
                  let next = upper.dropFirst(property.count).first, next == ":" || next == ";" else { continue }
            // The value follows the first colon outside a quoted parameter value.
            var quoted = false
            for i in line.indices {
                if line[i] == "\"" { quoted.toggle() }
                if line[i] == ":" && !quoted {
                    guard let v = DateTimeValue(parsing: String(line[line.index(after: i)...])), !v.isDate, !v.isUTC else { return nil }
                    return v
                }
            }
            return nil
        }
        return nil
    }
}
