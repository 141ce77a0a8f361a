import CalendarModel
import Foundation

extension Alarm: BinaryCodable {
    package static let binaryFieldNames = [
        "relativeOffset", "relativeDuration", "absoluteDate", "relatedTo", "repeatCount", "repeatInterval",
        "action", "summary", "notes", "attendees", "structuredLocation", "proximity", "extraProperties",
    ]

    package func encode(to w: inout BinaryWriter) {
        w.write(relativeOffset)
        w.write(relativeDuration)
        w.write(absoluteDate)
        w.writeByte(relatedTo.binaryTag)
        w.write(repeatCount)
        w.write(repeatInterval)
        w.writeByte(action.binaryTag)
        w.write(summary)
        w.write(notes)
        w.write(attendees)
        w.write(structuredLocation)
        w.writeByte(proximity.binaryTag)
        w.write(extraProperties)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        let relativeOffset = try r.readOptionalDouble()
        let relativeDuration = try r.readOptional(ICalDuration.self)
        let absoluteDate = try r.readOptionalDate()
        self.init(absoluteDate: Date(timeIntervalSinceReferenceDate: 0))
        self.relativeOffset = relativeOffset
        self.relativeDuration = relativeDuration
        self.absoluteDate = absoluteDate
        relatedTo = try r.readTag("alarm edge", Edge.init(binaryTag:))
        repeatCount = try r.readInt()
        repeatInterval = try r.readDouble()
        action = try r.readTag("alarm action", Action.init(binaryTag:))
        summary = try r.readOptionalString()
        notes = try r.readOptionalString()
        attendees = try r.readArray(of: Participant.self)
        structuredLocation = try r.readOptional(StructuredLocation.self)
        proximity = try r.readTag("alarm proximity", Proximity.init(binaryTag:))
        extraProperties = try r.readStrings()
    }
}

extension Alarm.Edge {
    var binaryTag: UInt8 {
        switch self {
        case .start: 0
        case .end: 1
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .start
        case 1: self = .end
        default: return nil
        }
    }
}

extension Alarm.Action {
    var binaryTag: UInt8 {
        switch self {
        case .display: 0
        case .audio: 1
        case .email: 2
        case .none: 3
        case .procedure: 4
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .display
        case 1: self = .audio
        case 2: self = .email
        case 3: self = Alarm.Action.none
        case 4: self = .procedure
        default: return nil
        }
    }
}

extension Alarm.Proximity {
    var binaryTag: UInt8 {
        switch self {
        case .none: 0
        case .enter: 1
        case .leave: 2
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = Alarm.Proximity.none
        case 1: self = .enter
        case 2: self = .leave
        default: return nil
        }
    }
}
