import CalendarModel

extension Participant: BinaryCodable {
    package static let binaryFieldNames = ["url", "name", "role", "status", "type", "rsvp", "extraParameters"]

    package func encode(to w: inout BinaryWriter) {
        w.write(url)
        w.write(name)
        w.writeByte(role.binaryTag)
        w.writeByte(status.binaryTag)
        w.writeByte(type.binaryTag)
        w.write(rsvp)
        w.write(extraParameters)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        let url = try r.readString()
        let name = try r.readOptionalString()
        self.init(url: url, name: name)
        role = try r.readTag("participant role", Role.init(binaryTag:))
        status = try r.readTag("participant status", Status.init(binaryTag:))
        type = try r.readTag("participant type", ParticipantType.init(binaryTag:))
        rsvp = try r.readOptionalBool()
        extraParameters = try r.readStrings()
    }
}

extension Participant.Role {
    var binaryTag: UInt8 {
        switch self {
        case .unknown: 0
        case .required: 1
        case .optional: 2
        case .chair: 3
        case .nonParticipant: 4
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .unknown
        case 1: self = .required
        case 2: self = .optional
        case 3: self = .chair
        case 4: self = .nonParticipant
        default: return nil
        }
    }
}

extension Participant.Status {
    var binaryTag: UInt8 {
        switch self {
        case .unknown: 0
        case .pending: 1
        case .accepted: 2
        case .declined: 3
        case .tentative: 4
        case .delegated: 5
        case .completed: 6
        case .inProcess: 7
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .unknown
        case 1: self = .pending
        case 2: self = .accepted
        case 3: self = .declined
        case 4: self = .tentative
        case 5: self = .delegated
        case 6: self = .completed
        case 7: self = .inProcess
        default: return nil
        }
    }
}

extension Participant.ParticipantType {
    var binaryTag: UInt8 {
        switch self {
        case .unknown: 0
        case .person: 1
        case .room: 2
        case .resource: 3
        case .group: 4
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .unknown
        case 1: self = .person
        case 2: self = .room
        case 3: self = .resource
        case 4: self = .group
        default: return nil
        }
    }
}
