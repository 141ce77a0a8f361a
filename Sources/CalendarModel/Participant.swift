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
    public var email: String? { emailStart.map { String(url[$0...]) } }

    /// Where the address starts in ``url``, after its `mailto:` scheme; nil without one.
    package var emailStart: String.Index? {
        // The scheme compared byte by byte, ASCII letters in any case: no lowercased copy of the
        // URL and no grapheme breaking (the scheme is ASCII).
        let bytes = url.utf8
        var i = bytes.startIndex
        for expected in "mailto:".utf8 {
            guard i != bytes.endIndex else { return nil }
            let b = bytes[i]
            guard ((0x41...0x5A).contains(b) ? b | 0x20 : b) == expected else { return nil }
            i = bytes.index(after: i)
        }
        return i
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
