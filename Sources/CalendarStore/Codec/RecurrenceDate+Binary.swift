import CalendarModel

extension RecurrenceDate: BinaryCodable {
    package static let binaryFieldNames = ["date", "isDateOnly", "isFloating", "periodEnd", "periodDuration"]

    package func encode(to w: inout BinaryWriter) {
        w.write(date)
        w.write(isDateOnly)
        w.write(isFloating)
        w.write(periodEnd)
        w.write(periodDuration)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        self.init(date: try r.readDate(), isDateOnly: try r.readBool(), isFloating: try r.readBool(),
                  periodEnd: try r.readOptionalDate(), periodDuration: try r.readOptional(ICalDuration.self))
    }
}

extension ICalDuration: BinaryCodable {
    package static let binaryFieldNames = ["isNegative", "weeks", "days", "hours", "minutes", "seconds"]

    package func encode(to w: inout BinaryWriter) {
        w.write(isNegative)
        w.write(weeks)
        w.write(days)
        w.write(hours)
        w.write(minutes)
        w.write(seconds)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        self.init(isNegative: try r.readBool(), weeks: try r.readInt(), days: try r.readInt(),
                  hours: try r.readInt(), minutes: try r.readInt(), seconds: try r.readInt())
    }
}
