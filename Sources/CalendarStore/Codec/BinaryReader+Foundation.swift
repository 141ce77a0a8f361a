import Foundation

/// Foundation values written by ``BinaryWriter``'s `writeTimeZone`, `writeURL`,
/// `writeDateComponents`.
extension BinaryReader {
    package mutating func readTimeZone() throws(StoreError) -> TimeZone {
        switch try readByte() {
        case BinaryWriter.TimeZoneTag.identifier.rawValue:
            let identifier = try readString()
            guard let zone = TimeZone(identifier: identifier) else { throw Self.failure("unknown time zone '\(identifier)'") }
            return zone
        case BinaryWriter.TimeZoneTag.fixedOffset.rawValue:
            let seconds = try readInt()
            guard let zone = TimeZone(secondsFromGMT: seconds) else { throw Self.failure("bad time zone offset \(seconds)") }
            return zone
        case let tag:
            throw Self.failure("unknown time zone tag \(tag) at byte \(offset - 1)")
        }
    }

    package mutating func readURL() throws(StoreError) -> URL {
        let text = try readString()
        guard let url = URL(string: text) else { throw Self.failure("bad URL '\(text)'") }
        return url
    }

    package mutating func readDateComponents() throws(StoreError) -> DateComponents {
        let mask = try readVarint()
        guard mask & ~DateComponentsField.allBits == 0 else { throw Self.failure("unknown date components fields \(mask)") }
        var c = DateComponents()
        for (bit, field) in DateComponentsField.integerFields.enumerated() where mask & (1 << UInt64(bit)) != 0 {
            field.set(&c, try readInt())
        }
        if mask & DateComponentsField.isLeapMonthBit != 0 { c.isLeapMonth = try readBool() }
        if mask & DateComponentsField.timeZoneBit != 0 { c.timeZone = try readTimeZone() }
        if mask & DateComponentsField.calendarBit != 0 {
            let count = try readCount()
            var json: [UInt8] = []
            json.reserveCapacity(count)
            for _ in 0..<count { json.append(try readByte()) }
            do {
                c.calendar = try JSONDecoder().decode(Calendar.self, from: Data(json))
            } catch {
                throw Self.failure("bad calendar in date components: \(error)")
            }
        }
        return c
    }
}
