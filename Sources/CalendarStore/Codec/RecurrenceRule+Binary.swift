import CalendarModel

extension RecurrenceRule: BinaryCodable {
    package static let binaryFieldNames = [
        "frequency", "interval", "end", "firstDayOfTheWeek", "daysOfTheWeek", "daysOfTheMonth", "daysOfTheYear",
        "weeksOfTheYear", "monthsOfTheYear", "setPositions", "hours", "minutes", "seconds", "extraParts",
    ]

    package func encode(to w: inout BinaryWriter) {
        w.writeByte(frequency.binaryTag)
        w.write(interval)
        w.write(end)
        w.writeOptional(firstDayOfTheWeek) { $0.writeByte($1.binaryTag) }
        w.write(daysOfTheWeek)
        w.write(daysOfTheMonth)
        w.write(daysOfTheYear)
        w.write(weeksOfTheYear)
        w.write(monthsOfTheYear)
        w.write(setPositions)
        w.write(hours)
        w.write(minutes)
        w.write(seconds)
        w.write(extraParts)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        let frequency = try r.readTag("frequency", Frequency.init(binaryTag:))
        let interval = try r.readInt()
        let end = try r.read(End.self)
        self.init(frequency: frequency, interval: interval, end: end)
        firstDayOfTheWeek = try r.readOptional { r throws(StoreError) in try r.readTag("weekday", Weekday.init(binaryTag:)) }
        daysOfTheWeek = try r.readArray(of: DayOfWeek.self)
        daysOfTheMonth = try r.readInts()
        daysOfTheYear = try r.readInts()
        weeksOfTheYear = try r.readInts()
        monthsOfTheYear = try r.readInts()
        setPositions = try r.readInts()
        hours = try r.readInts()
        minutes = try r.readInts()
        seconds = try r.readInts()
        extraParts = try r.readStrings()
    }
}

extension RecurrenceRule.DayOfWeek: BinaryCodable {
    package static let binaryFieldNames = ["weekday", "weekNumber"]

    package func encode(to w: inout BinaryWriter) {
        w.writeByte(weekday.binaryTag)
        w.write(weekNumber)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        self.init(try r.readTag("weekday", RecurrenceRule.Weekday.init(binaryTag:)), weekNumber: try r.readInt())
    }
}

extension RecurrenceRule.End: BinaryCodable {
    package static let binaryFieldNames = ["count", "until", "untilIsDate", "untilIsFloating"]

    package func encode(to w: inout BinaryWriter) {
        w.write(count)
        w.write(until)
        w.write(untilIsDate)
        w.write(untilIsFloating)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        let count = try r.readOptionalInt()
        let until = try r.readOptionalDate()
        let untilIsDate = try r.readBool()
        let untilIsFloating = try r.readBool()
        self = .never
        self.count = count
        self.until = until
        self.untilIsDate = untilIsDate
        self.untilIsFloating = untilIsFloating
    }
}

extension RecurrenceRule.Frequency {
    var binaryTag: UInt8 {
        switch self {
        case .secondly: 0
        case .minutely: 1
        case .hourly: 2
        case .daily: 3
        case .weekly: 4
        case .monthly: 5
        case .yearly: 6
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .secondly
        case 1: self = .minutely
        case 2: self = .hourly
        case 3: self = .daily
        case 4: self = .weekly
        case 5: self = .monthly
        case 6: self = .yearly
        default: return nil
        }
    }
}

extension RecurrenceRule.Weekday {
    var binaryTag: UInt8 {
        switch self {
        case .sunday: 0
        case .monday: 1
        case .tuesday: 2
        case .wednesday: 3
        case .thursday: 4
        case .friday: 5
        case .saturday: 6
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .sunday
        case 1: self = .monday
        case 2: self = .tuesday
        case 3: self = .wednesday
        case 4: self = .thursday
        case 5: self = .friday
        case 6: self = .saturday
        default: return nil
        }
    }
}
