import CalendarModel
import CWinZones
import Foundation
import ICalCore
import Synchronization

/// Resolves TZIDs in the order DESIGN.md gives: a TZID that names a tz database zone (after
/// stripping vendor prefixes such as `/mozilla.org/20070129_1/`) is that zone, whatever the
/// file's VTIMEZONE for it says (the definition is kept for export and checked against the
/// zone by the reader); any other TZID with a VTIMEZONE is the tz database zone that agrees
/// with it (``ZoneMatcher``; for a Windows name, the zone ICU's CLDR table maps it to first),
/// else the definition itself; a TZID without one is a tz
/// database id found by ``ianaIdentifier(for:)`` (`Europe_Berlin`, `US-Eastern`); else nothing (the caller reads the time as floating and says so).
public final class ZoneResolver: Sendable {
    private let definitions: [String: String]
    /// ``TimeZoneDefinition/matchedZone`` by TZID: tried after the TZID's own candidates when
    /// matching that definition.
    private let earlierMatches: [String: String]
    private let cache = Mutex<[String: ResolvedZone?]>([:])
    private let built = Mutex<[String: VTimeZone?]>([:])
    private let prebuilder: ZonePrebuilder?

    /// `timeZones`: the VTIMEZONE definitions available (from the file or the store).
    /// `prebuilder`: where a file's definitions are being built ahead (see ``ZonePrebuilder``).
    public init(timeZones: [TimeZoneDefinition] = [], prebuilder: ZonePrebuilder? = nil) {
        var defs: [String: String] = [:], matches: [String: String] = [:]
        for tz in timeZones where defs[tz.tzid] == nil {
            defs[tz.tzid] = tz.text
            matches[tz.tzid] = tz.matchedZone
        }
        definitions = defs
        earlierMatches = matches
        self.prebuilder = prebuilder
    }

    public func resolve(_ tzid: String) -> ResolvedZone? {
        // Built holding the lock: the threads expanding one calendar's series ask for its zones
        // at the same moment, and a zone matched by its rules is worth building once.
        cache.withLock { cache in
            if let hit = cache[tzid] { return hit }
            let resolved = build(tzid)
            cache[tzid] = resolved
            return resolved
        }
    }

    /// The TZIDs resolved so far whose definition was matched to a tz database zone by its
    /// rules, with that zone: what ``TimeZoneDefinition/matchedZone`` keeps for a later reading.
    public func zonesMatchedByRules() -> [String: String] {
        cache.withLock { cache in
            var matched: [String: String] = [:]
            for case let (tzid, zone?) in cache where zone.origin == .matchedByRules { matched[tzid] = zone.ianaID }
            return matched
        }
    }

    /// The file's VTIMEZONE for a TZID, built by libical (nil when there is none or libical
    /// cannot build it).
    public func definition(_ tzid: String) -> VTimeZone? {
        if let hit = built.withLock({ $0[tzid] }) { return hit }
        let zone = definitions[tzid].flatMap { vtimezone($0) }
        built.withLock { $0[tzid] = zone }
        return zone
    }

    private func build(_ tzid: String) -> ResolvedZone? {
        if let iana = ZoneResolver.namedIdentifier(tzid), let zone = TimeZone(identifier: iana) {
            return ResolvedZone(tzid: tzid, ianaID: iana, rules: .tzdb(zone))
        }
        if let vtz = definition(tzid) {
            // A Windows name's CLDR zone first: when the definition agrees with it, the name said it.
            // After the TZID's own candidates, the zone an earlier reading matched by the rules:
            // the first agreeing zone then, taken again while it agrees, so that the search over
            // all zones is not made anew.
            let windows = ZoneResolver.windowsToIANA(tzid.trimmedSpaces)
            let preferred = [windows, ZoneResolver.ianaIdentifier(for: tzid),
                             vtz.location.flatMap { ZoneResolver.ianaIdentifier(for: $0) }, earlierMatches[tzid]]
            if let matched = ZoneMatcher.match(vtz, tzid: tzid, preferring: preferred.compactMap { $0 }),
               case let id = ZoneResolver.canonical(matched), let zone = TimeZone(identifier: id) {
                return ResolvedZone(tzid: tzid, ianaID: id, rules: .tzdb(zone), origin: matched == windows ? .named : .matchedByRules)
            }
            return ResolvedZone(tzid: tzid, ianaID: nil, rules: .vtimezone(vtz), origin: .definition)
        }
        if let iana = ZoneResolver.ianaIdentifier(for: tzid), let zone = TimeZone(identifier: iana) {
            return ResolvedZone(tzid: tzid, ianaID: iana, rules: .tzdb(zone))
        }
        return nil
    }

    private func vtimezone(_ text: String) -> VTimeZone? {
        if let prebuilder, case .built(let zone) = prebuilder.zone(for: text) { return zone }
        return VTimeZone(text: text)
    }

    /// The tz database id a TZID is the name of: itself, or itself with a vendor prefix
    /// stripped (not a Windows name or a guess at other separators: a VTIMEZONE under such a
    /// TZID is matched by its rules, the Windows name's CLDR zone first).
    static func namedIdentifier(_ tzid: String) -> String? {
        let trimmed = tzid.trimmedSpaces
        if trimmed == "UTC" || trimmed == "GMT" { return "UTC" }
        if isKnownIANA(trimmed) { return canonical(trimmed) }
        let stripped = strippingVendorPrefix(trimmed)
        return isKnownIANA(stripped) ? canonical(stripped) : nil
    }

    /// The tz database id a TZID names, without consulting any VTIMEZONE: itself, itself with
    /// a vendor prefix stripped, a Windows name mapped by ICU, or nil.
    public static func ianaIdentifier(for tzid: String) -> String? {
        let trimmed = tzid.trimmedSpaces
        if trimmed.isEmpty { return nil }
        if trimmed == "UTC" || trimmed == "GMT" || trimmed == "Z" { return "UTC" }
        if trimmed.contains("/"), !trimmed.hasPrefix("/"), isKnownIANA(trimmed) { return canonical(trimmed) }
        let stripped = strippingVendorPrefix(trimmed)
        if isKnownIANA(stripped) { return canonical(stripped) }
        if let windows = windowsToIANA(trimmed) { return canonical(windows) }
        // "Europe_Berlin", "America-Chicago": separators other than "/".
        for sep in ["_", "-"] where stripped.contains(sep) {
            if let firstSep = stripped.range(of: sep) {
                let candidate = stripped.replacingCharacters(in: firstSep, with: "/")
                if isKnownIANA(candidate) { return canonical(candidate) }
            }
        }
        return nil
    }

    /// Drops `/vendor.org/version/` style prefixes: keeps the longest suffix that is a tz id.
    public static func strippingVendorPrefix(_ tzid: String) -> String {
        guard tzid.hasPrefix("/") else { return tzid }
        let parts = tzid.split(separator: "/")
        for start in parts.indices {
            let candidate = parts[start...].joined(separator: "/")
            if isKnownIANA(candidate) { return candidate }
        }
        return parts.suffix(2).joined(separator: "/")
    }

    /// A tz database id Foundation knows. One with a "/" is asked of Foundation directly (every
    /// id in its list of known ids can be made, and made zones are cached); one without must be
    /// in that list, as before (Foundation also makes zones of names such as "Japan" or "CET").
    /// The list costs about 8 million instructions to make, so only such ids pay for it.
    static func isKnownIANA(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count < 64, !id.hasPrefix("/") else { return false }
        if id.contains("/") { return TimeZone(identifier: id) != nil }
        return knownIdentifiers.contains(id)
    }

    /// The id output shows for a tz database zone (``CanonicalZoneID``): `America/New_York`
    /// for `US/Eastern`, `Asia/Kolkata` for `Asia/Calcutta`.
    static func canonical(_ id: String) -> String { CanonicalZoneID.of(id) }

    private static let knownIdentifiers: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers)

    /// ICU's IANA → Windows mapping ("Europe/Berlin" → "W. Europe Standard Time"), as
    /// `ucal_getWindowsTimeZoneID` gives it: the id made canonical, then looked up in CLDR's
    /// table (read once: ICU reads through the whole table for each id asked, and matching a
    /// zone by its rules asks for every candidate).
    static func windowsName(for iana: String) -> String? {
        if let name = windowsNames[iana] { return name }
        guard let canonical = CanonicalZoneID.icuCanonical(iana), canonical != iana else { return nil }
        return windowsNames[canonical]
    }

    /// CLDR's table of ``windowsName(for:)``: for each IANA id, the Windows name of its first line.
    private static let windowsNames: [String: String] = {
        var buffer = [CChar](repeating: 0, count: 1 << 17)
        let n = cwinzones_windows_table(&buffer, buffer.count)
        var names: [String: String] = [:]
        for line in buffer.prefix(n).split(separator: 0x0A) {
            guard let tab = line.firstIndex(of: 0x09) else { continue }
            let id = String(decoding: line[..<tab].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if names[id] == nil { names[id] = String(decoding: line[(tab + 1)...].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return names
    }()

    /// The tz database zones whose standard offset is `seconds` east of UTC (ICU's canonical
    /// location zones, in ICU's order). Kept for the process: ICU makes every zone to answer,
    /// and each zone matched by its rules asks for two offsets, on each thread that resolves it.
    static func zones(withStandardOffset seconds: Int) -> [String] {
        if let known = zonesByStandardOffset.withLock({ $0[seconds] }) { return known }
        var buffer = [CChar](repeating: 0, count: 32_768)
        let n = cwinzones_zones_with_offset(Int32(seconds * 1000), &buffer, buffer.count)
        let zones = buffer.prefix(n).split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        zonesByStandardOffset.withLock { $0[seconds] = zones }
        return zones
    }

    private static let zonesByStandardOffset = Mutex<[Int: [String]]>([:])

    /// ICU's Windows → IANA mapping (CLDR primary zone).
    public static func windowsToIANA(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let n = name.withCString { cwinzones_iana_for_windows($0, &buffer, buffer.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
