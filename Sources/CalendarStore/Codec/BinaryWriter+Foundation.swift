import Foundation

/// Foundation values in the binary item format; ``BinaryReader`` reads them back.
extension BinaryWriter {
    /// Tags of a time zone: an identifier (`TimeZone(identifier:)`) or a fixed offset
    /// (`TimeZone(secondsFromGMT:)`, whose identifier `GMT+0530` drops odd seconds).
    enum TimeZoneTag: UInt8 { case identifier = 0, fixedOffset = 1 }

    /// A zone written so that decoding gives an equal value: a fixed-offset zone `GMT+hhmm`
    /// (what the reader makes for a VTIMEZONE it cannot map to IANA) by its offset in seconds,
    /// any other (IANA, and UTC, which Foundation calls `GMT`) by its identifier.
    package mutating func writeTimeZone(_ zone: TimeZone) {
        let identifier = zone.identifier
        if identifier.utf8.count > 3 && identifier.hasPrefix("GMT") {
            let seconds = zone.secondsFromGMT()
            if let fixed = TimeZone(secondsFromGMT: seconds), fixed == zone {
                writeByte(TimeZoneTag.fixedOffset.rawValue)
                write(seconds)
                return
            }
        }
        writeByte(TimeZoneTag.identifier.rawValue)
        write(identifier)
    }

    /// The absolute string; read back with `URL(string:)`.
    package mutating func writeURL(_ url: URL) {
        write(url.absoluteString)
    }

    /// Which fields of a `DateComponents` are present (a varint bit mask), then those fields in
    /// bit order. The reader fills year...second and the zone; the rest is kept for values
    /// built by API users. A `calendar` is stored as its Codable JSON (rare, cold).
    package mutating func writeDateComponents(_ c: DateComponents) {
        var calendarJSON: Data?
        if let calendar = c.calendar { calendarJSON = try? JSONEncoder().encode(calendar) }
        let ints = DateComponentsField.integerFields.map { $0.get(c) }
        var mask: UInt64 = 0
        for (bit, value) in ints.enumerated() where value != nil { mask |= 1 << UInt64(bit) }
        if c.isLeapMonth != nil { mask |= DateComponentsField.isLeapMonthBit }
        if c.timeZone != nil { mask |= DateComponentsField.timeZoneBit }
        if calendarJSON != nil { mask |= DateComponentsField.calendarBit }
        writeVarint(mask)
        for value in ints { if let value { write(value) } }
        if let leap = c.isLeapMonth { write(leap) }
        if let zone = c.timeZone { writeTimeZone(zone) }
        if let calendarJSON {
            writeCount(calendarJSON.count)
            for byte in calendarJSON { writeByte(byte) }
        }
    }
}

/// The integer fields of `DateComponents` in their stored bit order (never reorder).
enum DateComponentsField {
    struct Field: Sendable {
        let get: @Sendable (DateComponents) -> Int?
        let set: @Sendable (inout DateComponents, Int) -> Void
    }

    static let integerFields: [Field] = [
        Field(get: { $0.era }, set: { $0.era = $1 }),
        Field(get: { $0.year }, set: { $0.year = $1 }),
        Field(get: { $0.month }, set: { $0.month = $1 }),
        Field(get: { $0.day }, set: { $0.day = $1 }),
        Field(get: { $0.hour }, set: { $0.hour = $1 }),
        Field(get: { $0.minute }, set: { $0.minute = $1 }),
        Field(get: { $0.second }, set: { $0.second = $1 }),
        Field(get: { $0.nanosecond }, set: { $0.nanosecond = $1 }),
        Field(get: { $0.weekday }, set: { $0.weekday = $1 }),
        Field(get: { $0.weekdayOrdinal }, set: { $0.weekdayOrdinal = $1 }),
        Field(get: { $0.quarter }, set: { $0.quarter = $1 }),
        Field(get: { $0.weekOfMonth }, set: { $0.weekOfMonth = $1 }),
        Field(get: { $0.weekOfYear }, set: { $0.weekOfYear = $1 }),
        Field(get: { $0.yearForWeekOfYear }, set: { $0.yearForWeekOfYear = $1 }),
    ]
    static let isLeapMonthBit: UInt64 = 1 << 14
    static let timeZoneBit: UInt64 = 1 << 15
    static let calendarBit: UInt64 = 1 << 16
    static let allBits: UInt64 = (1 << 17) - 1
}
