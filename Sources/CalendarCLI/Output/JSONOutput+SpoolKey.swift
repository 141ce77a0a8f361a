import Foundation

// The JSON orders as keys of SpoolOrder: every field written, so a key read back from a run
// compares exactly as the one written.

extension JSONOutput.EventOrder: SpoolKey {
    func write(to bytes: inout [UInt8]) {
        bytes.appendKeyInteger(start.timeIntervalSinceReferenceDate.bitPattern)
        bytes.appendKeyInteger(end.timeIntervalSinceReferenceDate.bitPattern)
        bytes.appendKeyInteger(occurrenceDate == nil ? 0 : 1)
        bytes.appendKeyInteger(occurrenceDate?.timeIntervalSinceReferenceDate.bitPattern ?? 0)
        bytes.appendKeyInteger(UInt64(bitPattern: Int64(position)))
        bytes.appendKeyString(uid)
    }

    init(reading reader: inout SpoolKeyReader) throws(CLIError) {
        func date(_ bits: UInt64) -> Date { Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)) }
        start = date(try reader.integer())
        end = date(try reader.integer())
        let hasOccurrenceDate = try reader.integer() == 1
        let occurrenceBits = try reader.integer()
        occurrenceDate = hasOccurrenceDate ? date(occurrenceBits) : nil
        position = Int(Int64(bitPattern: try reader.integer()))
        uid = try reader.string()
    }
}

extension JSONOutput.ReminderOrder: SpoolKey {
    func write(to bytes: inout [UInt8]) {
        bytes.appendKeyInteger(due == nil ? 0 : 1)
        bytes.appendKeyString(due ?? "")
        bytes.appendKeyString(uid)
        bytes.appendKeyString(calendarTitle)
        bytes.appendKeyInteger(UInt64(bitPattern: Int64(position)))
    }

    init(reading reader: inout SpoolKeyReader) throws(CLIError) {
        let hasDue = try reader.integer() == 1
        let dueText = try reader.string()
        due = hasDue ? dueText : nil
        uid = try reader.string()
        calendarTitle = try reader.string()
        position = Int(Int64(bitPattern: try reader.integer()))
    }
}
