import CalendarModel
import Foundation

/// A reminder's fields in declaration order, but `definedTimeZone` last (added in item format
/// version 3: an item of an older version ends after `extraComponents`); `source` is left
/// out, as for ``Event``.
extension Reminder: BinaryCodable {
    package static let binaryFieldNames = [
        "uid", "title", "notes", "url", "location", "startDateComponents", "dueDateComponents", "timeZoneIdentifier",
        "isCompleted", "completionDate", "priority", "percentComplete", "status", "parentUID", "alarms",
        "recurrenceRules", "recurrenceDates", "exceptionDates", "occurrenceDate", "categories", "privacy",
        "sequence", "creationDate", "lastModifiedDate", "timestamp", "extraProperties", "extraComponents", "definedTimeZone",
    ]
    package static let binarySkippedFieldNames = ["source"]

    package func encode(to w: inout BinaryWriter) {
        w.write(uid)
        w.write(title)
        w.write(notes)
        w.writeOptional(url) { $0.writeURL($1) }
        w.write(location)
        w.writeOptional(startDateComponents) { $0.writeDateComponents($1) }
        w.writeOptional(dueDateComponents) { $0.writeDateComponents($1) }
        w.write(timeZoneIdentifier)
        w.write(isCompleted)
        w.write(completionDate)
        w.write(priority)
        w.write(percentComplete)
        w.writeByte(status.binaryTag)
        w.write(parentUID)
        w.write(alarms)
        w.write(recurrenceRules)
        w.write(recurrenceDates)
        w.write(exceptionDates)
        w.write(occurrenceDate)
        w.write(categories)
        w.writeOptional(privacy) { $0.writeByte($1.binaryTag) }
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
        self.init(uid: uid, title: title)
        notes = try r.readOptionalString()
        url = try r.readOptional { r throws(StoreError) in try r.readURL() }
        location = try r.readOptionalString()
        startDateComponents = try r.readOptional { r throws(StoreError) in try r.readDateComponents() }
        dueDateComponents = try r.readOptional { r throws(StoreError) in try r.readDateComponents() }
        timeZoneIdentifier = try r.readOptionalString()
        isCompleted = try r.readBool()
        completionDate = try r.readOptionalDate()
        priority = try r.readInt()
        percentComplete = try r.readOptionalInt()
        status = try r.readTag("reminder status", Status.init(binaryTag:))
        parentUID = try r.readOptionalString()
        alarms = try r.readArray(of: Alarm.self)
        recurrenceRules = try r.readArray(of: RecurrenceRule.self)
        recurrenceDates = try r.readArray(of: RecurrenceDate.self)
        exceptionDates = try r.readArray(of: RecurrenceDate.self)
        occurrenceDate = try r.readOptionalDate()
        categories = try r.readStrings()
        privacy = try r.readOptional { r throws(StoreError) in try r.readTag("privacy", Event.Privacy.init(binaryTag:)) }
        sequence = try r.readInt()
        creationDate = try r.readOptionalDate()
        lastModifiedDate = try r.readOptionalDate()
        timestamp = try r.readOptionalDate()
        extraProperties = try r.readStrings()
        extraComponents = try r.readStrings()
        if r.formatVersion >= 3 { definedTimeZone = try r.readOptional(DefinedTimeZone.self) }
    }
}

extension Reminder.Status {
    var binaryTag: UInt8 {
        switch self {
        case .none: 0
        case .needsAction: 1
        case .inProcess: 2
        case .completed: 3
        case .canceled: 4
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .none
        case 1: self = .needsAction
        case 2: self = .inProcess
        case 3: self = .completed
        case 4: self = .canceled
        default: return nil
        }
    }
}
