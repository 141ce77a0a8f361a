import Foundation

/// Reads a `--tz ZONE` value: an IANA zone id from the tz database (`Europe/Berlin`, `UTC`).
///
/// Foundation also accepts ICU's abbreviations and offsets (`PST`, `GMT+1`); those are refused
/// unless the tz database itself has a zone of that name (it has `CET` and `EST5EDT`).
enum TimeZoneArgument {
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var text: String
        var suggestion: String?
        var description: String {
            var s = "Unknown time zone '\(text)'. Zone ids are IANA names from the tz database "
                + "(e.g. Europe/Berlin; see /usr/share/zoneinfo)"
            if let suggestion { s += ". Did you mean '\(suggestion)'?" }
            return s
        }
    }

    static let utcAliases: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "UCT", "Etc/UCT", "Universal",
                                          "Etc/Universal", "Zulu", "Etc/Zulu", "Z"]

    static func parse(_ text: String) throws(Failure) -> TimeZone {
        if utcAliases.contains(text), let utc = TimeZone(identifier: "UTC") { return utc }
        let known = TimeZone.knownTimeZoneIdentifiers
        if let zone = TimeZone(identifier: text), zone.identifier == text, known.contains(text) || inDatabase(text) {
            return zone
        }
        let lowered = text.lowercased()
        let caseFix = known.first { $0.lowercased() == lowered }
        throw Failure(text: text, suggestion: caseFix ?? Suggestion.closest(to: text, in: known))
    }

    static let databaseDirectory = "/usr/share/zoneinfo"

    /// True when the tz database on this machine has a zone file of that name.
    private static func inDatabase(_ id: String) -> Bool {
        guard !id.isEmpty, !id.hasPrefix("/"), !id.split(separator: "/").contains("..") else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: databaseDirectory + "/" + id, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }
}
