import CalendarModel
import CWinZones
import Foundation
import ICalCore
import Synchronization

/// Resolves TZIDs in the order DESIGN.md gives: the file's own VTIMEZONE; a tz database id
/// (after stripping vendor prefixes such as `/mozilla.org/20070129_1/`); a Windows zone name
/// through ICU's CLDR mapping; else nothing (the caller reads the time as floating and says so).
public final class ZoneResolver: Sendable {
    private let definitions: [String: String]
    private let cache = Mutex<[String: ResolvedZone?]>([:])
    private let prebuilder: ZonePrebuilder?

    /// `timeZones`: the VTIMEZONE definitions available (from the file or the store).
    /// `prebuilder`: where a file's definitions are being built ahead (see ``ZonePrebuilder``).
    public init(timeZones: [TimeZoneDefinition] = [], prebuilder: ZonePrebuilder? = nil) {
        var defs: [String: String] = [:]
        for tz in timeZones where defs[tz.tzid] == nil { defs[tz.tzid] = tz.text }
        definitions = defs
        self.prebuilder = prebuilder
    }

    public func resolve(_ tzid: String) -> ResolvedZone? {
        if let hit = cache.withLock({ $0[tzid] }) { return hit }
        let resolved = build(tzid)
        cache.withLock { $0[tzid] = resolved }
        return resolved
    }

    private func build(_ tzid: String) -> ResolvedZone? {
        let iana = ZoneResolver.ianaIdentifier(for: tzid)
        if let text = definitions[tzid], let vtz = vtimezone(text) {
            let id = iana ?? vtz.location.flatMap { ZoneResolver.ianaIdentifier(for: $0) }
            return ResolvedZone(tzid: tzid, ianaID: id, rules: .vtimezone(vtz))
        }
        if let iana, let zone = TimeZone(identifier: iana) {
            return ResolvedZone(tzid: tzid, ianaID: iana, rules: .tzdb(zone))
        }
        return nil
    }

    private func vtimezone(_ text: String) -> VTimeZone? {
        if let prebuilder, case .built(let zone) = prebuilder.zone(for: text) { return zone }
        return VTimeZone(text: text)
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
        if let windows = windowsToIANA(trimmed) { return windows }
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

    static func canonical(_ id: String) -> String { id }

    private static let knownIdentifiers: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers)

    /// ICU's Windows → IANA mapping (CLDR primary zone).
    public static func windowsToIANA(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let n = name.withCString { cwinzones_iana_for_windows($0, &buffer, buffer.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
