import CalendarModel
import Foundation

/// An event's fields in declaration order, but `definedTimeZone` last (added in item format
/// version 2: an item of version 1 ends after `extraComponents`); `source` is left out
/// (the store keeps the source text in its own column and re-attaches it, see
/// ``ItemCodec/decodeEvent(_:sourceText:)``).
extension Event: BinaryCodable {
    package static let binaryFieldNames = [
        "uid", "title", "startDate", "endDate", "isAllDay", "timeZone", "timeZoneIdentifier", "duration",
        "location", "structuredLocation", "notes", "url", "availability", "status", "organizer", "attendees",
        "alarms", "recurrenceRules", "exceptionRules", "recurrenceDates", "exceptionDates",
        "occurrenceDate", "occurrenceDateIsAllDay", "appliesToFutureOccurrences", "categories",
        "privacy", "priority", "sequence", "creationDate", "lastModifiedDate", "timestamp",
        "extraProperties", "extraComponents", "definedTimeZone",
    ]
    package static let binarySkippedFieldNames = ["source"]

    package func encode(to w: inout BinaryWriter) {
        w.write(uid)
        w.write(title)
        w.write(startDate)
        w.write(endDate)
        w.write(isAllDay)
        w.writeOptional(timeZone) { $0.writeTimeZone($1) }
        w.write(timeZoneIdentifier)
        w.write(duration)
        w.write(location)
        w.write(structuredLocation)
        w.write(notes)
        w.writeOptional(url) { $0.writeURL($1) }
        w.writeByte(availability.binaryTag)
        w.writeByte(status.binaryTag)
        w.write(organizer)
        w.write(attendees)
        w.write(alarms)
        w.write(recurrenceRules)
        w.write(exceptionRules)
        w.write(recurrenceDates)
        w.write(exceptionDates)
        w.write(occurrenceDate)
        w.write(occurrenceDateIsAllDay)
        w.write(appliesToFutureOccurrences)
        w.write(categories)
        w.writeOptional(privacy) { $0.writeByte($1.binaryTag) }
        w.write(priority)
        w.write(sequence)
        w.write(creationDate)
        w.write(lastModifiedDate)
        w.write(timestamp)
        w.write(extraProperties)
        w.write(extraComponents)
        w.write(definedTimeZone)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        let uid = try r.readString()
        let title = try r.readString()
        let startDate = try r.readDate()
        let endDate = try r.readDate()
        var f = Event.Fields(uid: uid, title: title)
        f.isAllDay = try r.readBool()
        f.timeZone = try r.readOptional { r throws(StoreError) in try r.readTimeZone() }
        f.timeZoneIdentifier = try r.readOptionalString()
        f.duration = try r.readOptional(ICalDuration.self)
        f.location = try r.readOptionalString()
        f.structuredLocation = try r.readOptional(StructuredLocation.self)
        f.notes = try r.readOptionalString()
        f.url = try r.readOptional { r throws(StoreError) in try r.readURL() }
        f.availability = try r.readTag("availability", Availability.init(binaryTag:))
        f.status = try r.readTag("event status", Status.init(binaryTag:))
        f.organizer = try r.readOptional(Participant.self)
        f.attendees = try r.readArray(of: Participant.self)
        f.alarms = try r.readArray(of: Alarm.self)
        f.recurrenceRules = try r.readArray(of: RecurrenceRule.self)
        f.exceptionRules = try r.readArray(of: RecurrenceRule.self)
        f.recurrenceDates = try r.readArray(of: RecurrenceDate.self)
        f.exceptionDates = try r.readArray(of: RecurrenceDate.self)
        f.occurrenceDate = try r.readOptionalDate()
        f.occurrenceDateIsAllDay = try r.readBool()
        f.appliesToFutureOccurrences = try r.readBool()
        f.categories = try r.readStrings()
        f.privacy = try r.readOptional { r throws(StoreError) in try r.readTag("privacy", Privacy.init(binaryTag:)) }
        f.priority = try r.readInt()
        f.sequence = try r.readInt()
        f.creationDate = try r.readOptionalDate()
        f.lastModifiedDate = try r.readOptionalDate()
        f.timestamp = try r.readOptionalDate()
        f.extraProperties = try r.readStrings()
        f.extraComponents = try r.readStrings()
        if r.formatVersion >= 2 { f.definedTimeZone = try r.readOptional(DefinedTimeZone.self) }
        self.init(startDate: startDate, endDate: endDate, fields: f)
    }
}

extension DefinedTimeZone: BinaryCodable {
    package static let binaryFieldNames = ["tzid", "initialOffset", "transitions", "offsets"]

    package func encode(to w: inout BinaryWriter) {
        w.write(tzid)
        w.write(initialOffset)
        w.write(transitions)
        w.write(offsets)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        let tzid = try r.readString()
        let initialOffset = try r.readInt()
        let transitions = try r.readInts()
        let offsets = try r.readInts()
        guard transitions.count == offsets.count else {
            throw BinaryReader.failure("time zone \(tzid): \(transitions.count) transitions but \(offsets.count) offsets")
        }
        self.init(tzid: tzid, initialOffset: initialOffset, transitions: transitions, offsets: offsets)
    }
}

// Enum tags are part of the stored format: never renumber, only append.

extension Event.Availability {
    var binaryTag: UInt8 {
        switch self {
        case .notSupported: 0
        case .busy: 1
        case .free: 2
        case .tentative: 3
        case .unavailable: 4
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .notSupported
        case 1: self = .busy
        case 2: self = .free
        case 3: self = .tentative
        case 4: self = .unavailable
        default: return nil
        }
    }
}

extension Event.Status {
    var binaryTag: UInt8 {
        switch self {
        case .none: 0
        case .confirmed: 1
        case .tentative: 2
        case .canceled: 3
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .none
        case 1: self = .confirmed
        case 2: self = .tentative
        case 3: self = .canceled
        default: return nil
        }
    }
}

extension Event.Privacy {
    var binaryTag: UInt8 {
        switch self {
        case .public: 0
        case .private: 1
        case .confidential: 2
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .public
        case 1: self = .private
        case 2: self = .confidential
        default: return nil
        }
    }
}
