import CWinZones
import Foundation

/// The id output shows for a tz database zone named by any of its names: ICU's canonical id
/// for it (CLDR's), which folds the tz database's links into their zone (`US/Eastern` and
/// `US-Eastern` guessed as `US/Eastern` are `America/New_York`), but
/// keeps the names CLDR gave first to zones the tz database has since renamed
/// (`Asia/Calcutta`, `Europe/Kiev`); for those, the id the tz database's `zone.tab` lists
/// for the same CLDR zone (`Asia/Kolkata`, `Europe/Kyiv`).
///
/// ```swift
/// CanonicalZoneID.of("Asia/Calcutta")   // "Asia/Kolkata"
/// ```
enum CanonicalZoneID {
    /// `id` itself when ICU knows no such zone or Foundation cannot make the canonical one.
    static func of(_ id: String) -> String {
        guard let cldr = icuCanonical(id) else { return id }
        let location = locationIDs.contains(cldr) ? cldr : locationByCLDR[cldr] ?? cldr
        return TimeZone(identifier: location) != nil ? location : id
    }

    /// ICU's canonical id, or nil when ICU knows no such zone.
    static func icuCanonical(_ id: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let n = id.withCString { cwinzones_canonical_id($0, &buffer, buffer.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The zone ids in the tz database's `zone.tab` (`$TZDIR`, else `/usr/share/zoneinfo`),
    /// in its order; none when it cannot be read (then CLDR's id is used as it is).
    static let locationList: [String] = {
        let directory = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        guard let data = FileManager.default.contents(atPath: directory + "/zone.tab") else { return [] }
        // Lines: country code, coordinates, zone id, optional comment; "#" starts a comment
        // line. Read as bytes (the file is ASCII): splitting Characters, or slices of Data, is
        // slow enough to show in every small import.
        var ids: [String] = []
        var field = 0, fieldStart = 0, comment = false
        let bytes = [UInt8](data)
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                if field == 2, !comment { ids.append(String(decoding: bytes[fieldStart..<i], as: UTF8.self)) }
                field = 0; fieldStart = i + 1; comment = false
            } else if byte == UInt8(ascii: "#"), i == fieldStart, field == 0 {
                comment = true
            } else if byte == UInt8(ascii: "\t"), !comment {
                if field == 2 { ids.append(String(decoding: bytes[fieldStart..<i], as: UTF8.self)) }
                field += 1; fieldStart = i + 1
            }
        }
        return ids
    }()

    private static let locationIDs = Set(locationList)

    /// Each zone.tab id under ICU's canonical id for it, where the two differ (made only when
    /// a canonical id is not in zone.tab itself).
    private static let locationByCLDR: [String: String] = {
        var map: [String: String] = [:]
        for id in locationList {
            if let cldr = icuCanonical(id), cldr != id, map[cldr] == nil { map[cldr] = id }
        }
        return map
    }()
}
