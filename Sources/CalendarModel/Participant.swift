import Foundation

/// An ORGANIZER or ATTENDEE, shaped like `EKParticipant`.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.4.1>
public struct Participant: Hashable, Sendable, Codable {
    /// The calendar user address as written (`mailto:a@example.com`).
    public var url: String
    public var name: String? = nil
    public var role: Role = .unknown
    public var status: Status = .unknown
    public var type: ParticipantType = .unknown
    public var rsvp: Bool? = nil
    /// Parameters the model does not name, verbatim (`X-NUM-GUESTS=0`, `CUTYPE` values it lacks...).
    public var extraParameters: [String] = []

    public init(url: String, name: String? = nil) {
        self.url = url
        self.name = name
    }

    /// The address without its `mailto:` scheme, when it has one.
    public var email: String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("mailto:") else { return nil }
        return String(url.dropFirst(7))
    }

    /// ROLE (EKParticipantRole).
    public enum Role: String, Hashable, Sendable, Codable {
        case unknown, required, optional, chair, nonParticipant
    }
    /// PARTSTAT (EKParticipantStatus).
    public enum Status: String, Hashable, Sendable, Codable {
        case unknown, pending, accepted, declined, tentative, delegated, completed, inProcess
    }
    /// CUTYPE (EKParticipantType).
    public enum ParticipantType: String, Hashable, Sendable, Codable {
        case unknown, person, room, resource, group
    }
}
