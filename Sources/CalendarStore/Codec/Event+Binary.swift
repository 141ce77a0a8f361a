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
        self.init(uid: uid, title: title, startDate: startDate, endDate: endDate)
        isAllDay = try r.readBool()
        timeZone = try r.readOptional { r throws(StoreError) in try r.readTimeZone() }
        timeZoneIdentifier = try r.readOptionalString()
        duration = try r.readOptional(ICalDuration.self)
        location = try r.readOptionalString()
        structuredLocation = try r.readOptional(StructuredLocation.self)
        notes = try r.readOptionalString()
        url = try r.readOptional { r throws(StoreError) in try r.readURL() }
        availability = try r.readTag("availability", Availability.init(binaryTag:))
        status = try r.readTag("event status", Status.init(binaryTag:))
        organizer = try r.readOptional(Participant.self)
        attendees = try r.readArray(of: Participant.self)
        alarms = try r.readArray(of: Alarm.self)
        recurrenceRules = try r.readArray(of: RecurrenceRule.self)
        exceptionRules = try r.readArray(of: RecurrenceRule.self)
        recurrenceDates = try r.readArray(of: RecurrenceDate.self)
        exceptionDates = try r.readArray(of: RecurrenceDate.self)
        occurrenceDate = try r.readOptionalDate()
        occurrenceDateIsAllDay = try r.readBool()
        appliesToFutureOccurrences = try r.readBool()
        categories = try r.readStrings()
        privacy = try r.readOptional { r throws(StoreError) in try r.readTag("privacy", Privacy.init(binaryTag:)) }
        priority = try r.readInt()
        sequence = try r.readInt()
        creationDate = try r.readOptionalDate()
        lastModifiedDate = try r.readOptionalDate()
        timestamp = try r.readOptionalDate()
        extraProperties = try r.readStrings()
        extraComponents = try r.readStrings()
        if r.formatVersion >= 2 { definedTimeZone = try r.readOptional(DefinedTimeZone.self) }
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
