import Foundation

/// One thing the reader noticed about its input, with where it was and what was done about it.
///
/// ```
/// feed.ics:42: UID abc@x: DTSTART: invalid date-time "2026-13-01": event skipped
/// ```
public struct ConversionDiagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Codable {
        /// Informational: something was read in a documented, non-default way.
        case note
        /// Something was wrong and was repaired or ignored; the item was kept.
        case warning
        /// An item (or the whole input) could not be read and was skipped.
        case error
    }

    /// What the reader did about it.
    public enum Action: String, Hashable, Sendable, Codable {
        case none, repaired, ignored, skipped, refused
    }

    public var severity: Severity
    public var file: String?
    public var line: Int?
    public var uid: String?
    public var property: String?
    public var message: String
    public var action: Action

    public init(severity: Severity, file: String? = nil, line: Int? = nil, uid: String? = nil, property: String? = nil, message: String, action: Action) {
        self.severity = severity
        self.file = file
        self.line = line
        self.uid = uid
        self.property = property
        self.message = message
        self.action = action
    }

    public var description: String {
        var s = file ?? "<input>"
        if let line { s += ":\(line)" }
        s += ": \(severity.rawValue):"
        if let uid { s += " UID \(uid):" }
        if let property { s += " \(property):" }
        s += " \(message)"
        switch action {
        case .none: break
        case .repaired: s += " (repaired)"
        case .ignored: s += " (ignored)"
        case .skipped: s += " (item skipped)"
        case .refused: s += " (input refused)"
        }
        return s
    }
}

extension Sequence<ConversionDiagnostic> {
    /// How many of these diagnostics have `severity`.
    public func count(_ severity: ConversionDiagnostic.Severity) -> Int {
        reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}
