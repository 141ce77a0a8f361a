import CalendarModel
import CalendarStore
import CalendarTestSupport
import Foundation
import ICalConversion
import Testing

// MARK: - Values

/// Fully populated values (every optional set, nothing at its default) and their empty forms.
enum CodecSamples {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    static let oddOffset = TimeZone(secondsFromGMT: 5 * 3600 + 30 * 60 + 17) ?? .gmt
    static let date = Date(timeIntervalSince1970: 1_767_225_600.123_456_789)

    static var duration: ICalDuration { ICalDuration(isNegative: true, weeks: 1, days: 2, hours: 3, minutes: 4, seconds: 5) }

    static var location: StructuredLocation {
        var location = StructuredLocation(title: "Büro ☕️", latitude: 52.52, longitude: -13.405, radius: 150.5, origin: .appleStructuredLocation)
        location.extraParameters = ["X-ADDRESS=Somewhere 1", "X-APPLE-MAPKIT-HANDLE=abc"]
        return location
    }

    static var participant: Participant {
        var participant = Participant(url: "mailto:ana@example.com", name: "Ana \"A\" Müller")
        participant.role = .chair
        participant.status = .inProcess
        participant.type = .room
        participant.rsvp = false
        participant.extraParameters = ["X-NUM-GUESTS=2", "DELEGATED-FROM=\"mailto:b@example.com\""]
        return participant
    }

    static var alarm: Alarm {
        var alarm = Alarm(relativeOffset: -900)
        alarm.relativeDuration = duration
        alarm.absoluteDate = date
        alarm.relatedTo = .end
        alarm.repeatCount = 3
        alarm.repeatInterval = 300.25
        alarm.action = .procedure
        alarm.summary = "Wake up"
        alarm.notes = "Line 1\nLine 2"
        alarm.attendees = [participant, Participant(url: "mailto:x@example.com")]
        alarm.structuredLocation = location
        alarm.proximity = .leave
        alarm.extraProperties = ["X-WR-ALARMUID:1234", "ACKNOWLEDGED:20250101T000000Z"]
        return alarm
    }

    static var end: RecurrenceRule.End {
        var end = RecurrenceRule.End.afterDate(date, isDate: true, isFloating: true)
        end.count = 12
        return end
    }

    static var rule: RecurrenceRule {
        var rule = RecurrenceRule(frequency: .secondly, interval: 3, end: end)
        rule.firstDayOfTheWeek = .saturday
        rule.daysOfTheWeek = [.init(.monday), .init(.friday, weekNumber: -1), .init(.sunday, weekNumber: 53)]
        rule.daysOfTheMonth = [1, -1, 31]
        rule.daysOfTheYear = [1, -366, 200]
        rule.weeksOfTheYear = [1, -53]
        rule.monthsOfTheYear = [2, 12]
        rule.setPositions = [-1, 1]
        rule.hours = [0, 23]
        rule.minutes = [0, 59]
        rule.seconds = [0, 60]
        rule.extraParts = ["RSCALE=GREGORIAN", "SKIP=FORWARD"]
        return rule
    }

    static var recurrenceDate: RecurrenceDate {
        RecurrenceDate(date: date, isDateOnly: true, isFloating: true, periodEnd: date.addingTimeInterval(3600), periodDuration: duration)
    }

    static var event: Event {
        var event = Event(uid: "populated@example.com", title: "Everything 🎉", startDate: date, endDate: date.addingTimeInterval(5400))
        event.isAllDay = true
        event.timeZone = berlin
        event.timeZoneIdentifier = "W. Europe Standard Time"
        event.definedTimeZone = DefinedTimeZone(tzid: "Custom", initialOffset: 3600, transitions: [-86_400, 1_774_746_000], offsets: [7200, -1800])
        event.duration = duration
        event.location = "Room 1"
        event.structuredLocation = location
        event.notes = "Notes with\r\nCRLF and ; , \\ specials"
        event.url = URL(string: "https://example.com/event?id=1&x=%20y#frag")
        event.availability = .unavailable
        event.status = .canceled
        event.organizer = participant
        event.attendees = [participant, Participant(url: "mailto:plain@example.com")]
        event.alarms = [alarm, Alarm(absoluteDate: date)]
        event.recurrenceRules = [rule, RecurrenceRule(frequency: .yearly)]
        event.exceptionRules = [RecurrenceRule(frequency: .weekly, interval: 2, end: .afterOccurrences(4))]
        event.recurrenceDates = [recurrenceDate, RecurrenceDate(date: date)]
        event.exceptionDates = [RecurrenceDate(date: date.addingTimeInterval(86_400), isDateOnly: true)]
        event.occurrenceDate = date.addingTimeInterval(-86_400)
        event.occurrenceDateIsAllDay = true
        event.appliesToFutureOccurrences = true
        event.categories = ["Work", "Ünïcödé", ""]
        event.privacy = .confidential
        event.priority = 9
        event.sequence = Int.max
        event.creationDate = date.addingTimeInterval(-1)
        event.lastModifiedDate = date.addingTimeInterval(-2)
        event.timestamp = Date(timeIntervalSince1970: -1_000_000_000.5)
        event.extraProperties = ["X-VENDOR;A=b:value", "X-EMPTY:"]
        event.extraComponents = ["BEGIN:X-THING\r\nX-A:1\r\nEND:X-THING"]
        return event
    }

    static var emptyEvent: Event {
        Event(uid: "", startDate: Date(timeIntervalSinceReferenceDate: 0), endDate: Date(timeIntervalSinceReferenceDate: 0))
    }

    static func components(zone: TimeZone?, dateOnly: Bool = false) -> DateComponents {
        var c = DateComponents(year: 2026, month: 3, day: 29)
        guard !dateOnly else { return c }
        c.hour = 2
        c.minute = 30
        c.second = 59
        c.timeZone = zone
        return c
    }

    static var reminder: Reminder {
        var reminder = Reminder(uid: "todo@example.com", title: "Do it")
        reminder.notes = "Notes"
        reminder.url = URL(string: "mailto:someone@example.com")
        reminder.location = "Home"
        reminder.startDateComponents = components(zone: berlin)
        reminder.dueDateComponents = components(zone: oddOffset)
        reminder.timeZoneIdentifier = "Custom/Zone"
        reminder.isCompleted = true
        reminder.completionDate = date
        reminder.priority = 1
        reminder.percentComplete = 55
        reminder.status = .inProcess
        reminder.parentUID = "parent@example.com"
        reminder.alarms = [alarm]
        reminder.recurrenceRules = [rule]
        reminder.recurrenceDates = [recurrenceDate]
        reminder.exceptionDates = [RecurrenceDate(date: date, isFloating: true)]
        reminder.occurrenceDate = date
        reminder.categories = ["Home"]
        reminder.privacy = .private
        reminder.sequence = 7
        reminder.creationDate = date
        reminder.lastModifiedDate = date
        reminder.timestamp = date
        reminder.extraProperties = ["X-A:b"]
        reminder.extraComponents = ["BEGIN:X\r\nEND:X"]
        reminder.definedTimeZone = DefinedTimeZone(tzid: "Custom", initialOffset: 3600, transitions: [1_774_746_000], offsets: [7200])
        return reminder
    }

    /// Every zone shape the reader makes: IANA, UTC, fixed offsets (also with odd seconds).
    static var zones: [TimeZone] {
        [berlin, oddOffset, TimeZone(identifier: "UTC"), TimeZone(identifier: "America/Argentina/Buenos_Aires"),
         TimeZone(secondsFromGMT: 0), TimeZone(secondsFromGMT: -3 * 3600 - 30 * 60), TimeZone(secondsFromGMT: 14 * 3600),
         TimeZone(identifier: "Asia/Kolkata"), TimeZone.gmt].compactMap { $0 }
    }
}

/// Encodes and decodes one value with the primitives, requiring every byte to be read.
func binaryRoundTrip<T: BinaryCodable>(_ value: T) throws -> T {
    var writer = BinaryWriter()
    writer.write(value)
    let bytes = writer.bytes
    return try bytes.withUnsafeBytes { buffer in
        var reader = BinaryReader(buffer)
        let decoded = try T(from: &reader)
        #expect(reader.isAtEnd, "\(T.self): \(reader.remaining) bytes left")
        return decoded
    }
}

/// Decodes `bytes` as an event: nil when it throws (which must be `invalidData`).
func decodeOrNil(_ bytes: [UInt8]) -> Event? {
    do {
        return try ItemCodec.decodeEvent(bytes, sourceText: nil)
    } catch {
        #expect(error.reason == .invalidData)
        return nil
    }
}

// MARK: - Round trips

@Suite("Binary item codec")
struct BinaryCodecTests {
    @Test func populatedValuesOfEveryTypeRoundTrip() throws {
        #expect(try binaryRoundTrip(CodecSamples.duration) == CodecSamples.duration)
        #expect(try binaryRoundTrip(ICalDuration()) == ICalDuration())
        #expect(try binaryRoundTrip(CodecSamples.location) == CodecSamples.location)
        #expect(try binaryRoundTrip(StructuredLocation()) == StructuredLocation())
        #expect(try binaryRoundTrip(CodecSamples.participant) == CodecSamples.participant)
        #expect(try binaryRoundTrip(Participant(url: "")) == Participant(url: ""))
        #expect(try binaryRoundTrip(CodecSamples.alarm) == CodecSamples.alarm)
        #expect(try binaryRoundTrip(Alarm(relativeOffset: 0)) == Alarm(relativeOffset: 0))
        #expect(try binaryRoundTrip(CodecSamples.end) == CodecSamples.end)
        #expect(try binaryRoundTrip(RecurrenceRule.End.never) == .never)
        #expect(try binaryRoundTrip(CodecSamples.rule) == CodecSamples.rule)
        #expect(try binaryRoundTrip(RecurrenceRule(frequency: .daily)) == RecurrenceRule(frequency: .daily))
        #expect(try binaryRoundTrip(CodecSamples.recurrenceDate) == CodecSamples.recurrenceDate)
        #expect(try binaryRoundTrip(RecurrenceDate(date: .distantPast)) == RecurrenceDate(date: .distantPast))
    }

    @Test func everyEnumCaseRoundTrips() throws {
        for frequency in RecurrenceRule.Frequency.allCases {
            #expect(try binaryRoundTrip(RecurrenceRule(frequency: frequency)).frequency == frequency)
        }
        for weekday in RecurrenceRule.Weekday.allCases {
            #expect(try binaryRoundTrip(RecurrenceRule.DayOfWeek(weekday, weekNumber: -5)).weekday == weekday)
        }
        var event = CodecSamples.emptyEvent
        for availability: Event.Availability in [.notSupported, .busy, .free, .tentative, .unavailable] {
            event.availability = availability
            #expect(try binaryRoundTrip(event) == event)
        }
        for status: Event.Status in [.none, .confirmed, .tentative, .canceled] {
            event.status = status
            #expect(try binaryRoundTrip(event) == event)
        }
        for privacy: Event.Privacy? in [nil, .public, .private, .confidential] {
            event.privacy = privacy
            #expect(try binaryRoundTrip(event) == event)
        }
        var reminder = Reminder(uid: "r")
        for status: Reminder.Status in [.none, .needsAction, .inProcess, .completed, .canceled] {
            reminder.status = status
            #expect(try binaryRoundTrip(reminder) == reminder)
        }
        var alarm = Alarm(relativeOffset: 60)
        for action: Alarm.Action in [.display, .audio, .email, .none, .procedure] {
            alarm.action = action
            #expect(try binaryRoundTrip(alarm) == alarm)
        }
        for proximity: Alarm.Proximity in [.none, .enter, .leave] {
            alarm.proximity = proximity
            #expect(try binaryRoundTrip(alarm) == alarm)
        }
        var participant = Participant(url: "mailto:a@example.com")
        for role: Participant.Role in [.unknown, .required, .optional, .chair, .nonParticipant] {
            participant.role = role
            #expect(try binaryRoundTrip(participant) == participant)
        }
        for status: Participant.Status in [.unknown, .pending, .accepted, .declined, .tentative, .delegated, .completed, .inProcess] {
            participant.status = status
            #expect(try binaryRoundTrip(participant) == participant)
        }
        for type: Participant.ParticipantType in [.unknown, .person, .room, .resource, .group] {
            participant.type = type
            #expect(try binaryRoundTrip(participant) == participant)
        }
        for origin: StructuredLocation.Origin in [.geo, .appleStructuredLocation] {
            #expect(try binaryRoundTrip(StructuredLocation(origin: origin)).origin == origin)
        }
    }

    @Test func populatedAndEmptyItemsRoundTrip() throws {
        let event = CodecSamples.event
        let decoded = try ItemCodec.decodeEvent(ItemCodec.encode(event), sourceText: nil)
        #expect(decoded == event)
        #expect(decoded.timeZone?.identifier == "Europe/Berlin")
        #expect(decoded.startDate.timeIntervalSinceReferenceDate.bitPattern == event.startDate.timeIntervalSinceReferenceDate.bitPattern)
        #expect(try ItemCodec.decodeEvent(ItemCodec.encode(CodecSamples.emptyEvent), sourceText: nil) == CodecSamples.emptyEvent)

        let reminder = CodecSamples.reminder
        let decodedReminder = try ItemCodec.decodeReminder(ItemCodec.encode(reminder), sourceText: nil)
        #expect(decodedReminder == reminder)
        #expect(decodedReminder.dueDateComponents?.timeZone?.secondsFromGMT() == CodecSamples.oddOffset.secondsFromGMT())
        let empty = Reminder(uid: "")
        #expect(try ItemCodec.decodeReminder(ItemCodec.encode(empty), sourceText: nil) == empty)
    }

    @Test func sourceTextIsReattachedNotEncoded() throws {
        var event = CodecSamples.event
        event.source = SourceText(text: "BEGIN:VEVENT\r\nEND:VEVENT", event: event)
        let bytes = ItemCodec.encode(event)
        var without = event
        without.source = nil
        #expect(bytes == ItemCodec.encode(without))
        let decoded = try ItemCodec.decodeEvent(bytes, sourceText: "TEXT")
        #expect(decoded.source?.text == "TEXT")
        #expect(decoded.source?.isUnchanged(decoded) == true)
        #expect(try ItemCodec.decodeEvent(bytes, sourceText: nil).source == nil)
    }

    @Test(arguments: CodecSamples.zones)
    func timeZonesRoundTripExactly(_ zone: TimeZone) throws {
        var event = CodecSamples.emptyEvent
        event.timeZone = zone
        let decoded = try ItemCodec.decodeEvent(ItemCodec.encode(event), sourceText: nil)
        #expect(decoded == event)
        #expect(decoded.timeZone?.identifier == zone.identifier)
        // Equal, not always the same kind: `TimeZone(identifier: "UTC")` (ICU-backed, printed "GMT")
        // decodes as Foundation's fixed GMT zone (printed "GMT (0)"), as the JSON codec did too.
        #expect(decoded.timeZone?.secondsFromGMT(for: CodecSamples.date) == zone.secondsFromGMT(for: CodecSamples.date))

        var reminder = Reminder(uid: "z")
        reminder.dueDateComponents = CodecSamples.components(zone: zone)
        reminder.startDateComponents = CodecSamples.components(zone: nil, dateOnly: true)
        let decodedReminder = try ItemCodec.decodeReminder(ItemCodec.encode(reminder), sourceText: nil)
        #expect(decodedReminder == reminder)
        #expect(decodedReminder.dueDateComponents?.timeZone?.secondsFromGMT(for: CodecSamples.date) == zone.secondsFromGMT(for: CodecSamples.date))
    }

    @Test func dateComponentsBeyondTheReadersFieldsRoundTrip() throws {
        var c = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: CodecSamples.berlin, era: 1, year: -44, month: 3, day: 15,
                               hour: 12, minute: 0, second: 0, nanosecond: 999_999_999, weekday: 6, weekdayOrdinal: 3,
                               quarter: 1, weekOfMonth: 2, weekOfYear: 11, yearForWeekOfYear: -44)
        c.isLeapMonth = false
        var reminder = Reminder(uid: "rome")
        reminder.dueDateComponents = c
        reminder.startDateComponents = DateComponents()
        #expect(try ItemCodec.decodeReminder(ItemCodec.encode(reminder), sourceText: nil) == reminder)
    }

    @Test func extremeNumbersRoundTrip() throws {
        for value in [0, 1, -1, 63, -64, 64, 127, 128, Int.max, Int.min, Int(Int32.max), Int(Int32.min)] {
            var rule = RecurrenceRule(frequency: .daily, interval: value)
            rule.daysOfTheMonth = [value, ~value]
            #expect(try binaryRoundTrip(rule) == rule)
        }
        for value in [0.0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-300] {
            let location = StructuredLocation(latitude: value, longitude: -value, radius: value)
            let decoded = try binaryRoundTrip(location)
            #expect(decoded.latitude?.bitPattern == value.bitPattern)
            #expect(decoded == location)
        }
        let nan = try binaryRoundTrip(StructuredLocation(radius: .nan))
        #expect(nan.radius.isNaN)
    }

    // MARK: - Guard: every stored property is encoded

    /// Fails when a stored property is added to a model type without updating its codec: the
    /// property names `Mirror` sees must be exactly those the codec lists (encoded or skipped).
    @Test func codecCoversEveryStoredProperty() {
        func check<T: BinaryCodable>(_ value: T) {
            // A property wrapper's storage shows as `_name` (Reminder.source is `@NotCompared`).
            let labels = Mirror(reflecting: value).children.compactMap(\.label).map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
            let handled = T.binaryFieldNames + T.binarySkippedFieldNames
            #expect(labels.sorted() == handled.sorted(), "\(T.self): stored \(labels), codec handles \(handled)")
            #expect(Set(handled).count == handled.count, "\(T.self): a field is listed twice")
        }
        check(CodecSamples.event)
        check(CodecSamples.reminder)
        check(CodecSamples.alarm)
        check(CodecSamples.participant)
        check(CodecSamples.location)
        check(CodecSamples.rule)
        check(RecurrenceRule.DayOfWeek(.monday, weekNumber: 1))
        check(CodecSamples.end)
        check(CodecSamples.recurrenceDate)
        check(CodecSamples.duration)
    }

    /// The populated samples really are populated: no property left at its default, so the round
    /// trips above exercise every field.
    @Test func samplesSetEveryProperty() {
        func defaults<T>(_ value: T, _ empty: T) -> [String] {
            zip(Mirror(reflecting: value).children, Mirror(reflecting: empty).children).compactMap { a, b in
                guard let label = a.label, label != "source", label != "_source" else { return nil }
                return String(describing: a.value) == String(describing: b.value) ? label : nil
            }
        }
        #expect(defaults(CodecSamples.event, CodecSamples.emptyEvent) == [])
        #expect(defaults(CodecSamples.reminder, Reminder(uid: "")) == [])
        var bareAlarm = Alarm(absoluteDate: .distantPast)
        bareAlarm.absoluteDate = nil
        #expect(defaults(CodecSamples.alarm, bareAlarm) == [])
        #expect(defaults(CodecSamples.participant, Participant(url: "")) == [])
        #expect(defaults(CodecSamples.location, StructuredLocation()) == [])
        #expect(defaults(CodecSamples.rule, RecurrenceRule(frequency: .daily)) == [])
        #expect(defaults(CodecSamples.end, RecurrenceRule.End.never) == [])
        #expect(defaults(CodecSamples.recurrenceDate, RecurrenceDate(date: .distantPast)) == [])
        #expect(defaults(CodecSamples.duration, ICalDuration()) == [])
    }

    // MARK: - Everything the reader produces

    static let fixtures = TestFiles.fixtureFiles("import/valid")

    @Test(arguments: fixtures)
    func fixtureItemsRoundTrip(_ path: String) throws {
        let result = try ICalendarReader().read(contentsOf: TestFiles.fixtures.appendingPathComponent(path))
        try Self.checkItems(of: result.documents, path)
    }

    @Test(.enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)),
          arguments: TestFiles.corpusFiles())
    func corpusItemsRoundTrip(_ path: String) throws {
        let corpus = try #require(TestFiles.corpus)
        let result = try ICalendarReader().read(contentsOf: corpus.appendingPathComponent(path))
        try Self.checkItems(of: result.documents, path)
    }

    /// Each item, without its source (an optional the codec leaves to the store), decodes equal.
    static func checkItems(of documents: [CalendarDocument], _ path: String) throws {
        for var event in documents.flatMap(\.events) {
            event.source = nil
            let decoded = try ItemCodec.decodeEvent(ItemCodec.encode(event), sourceText: nil)
            #expect(decoded == event, "\(path): event \(event.uid)")
        }
        for var reminder in documents.flatMap(\.reminders) {
            reminder.source = nil
            let decoded = try ItemCodec.decodeReminder(ItemCodec.encode(reminder), sourceText: nil)
            #expect(decoded == reminder, "\(path): reminder \(reminder.uid)")
        }
    }

    // MARK: - Bad input

    @Test func everyPrefixThrows() throws {
        for bytes in [ItemCodec.encode(CodecSamples.event), ItemCodec.encode(CodecSamples.emptyEvent)] {
            for length in 0..<bytes.count {
                #expect(decodeOrNil(Array(bytes.prefix(length))) == nil, "prefix of \(length) bytes decoded")
            }
        }
        let reminder = ItemCodec.encode(CodecSamples.reminder)
        for length in 0..<reminder.count {
            #expect(throws: StoreError.self) { try ItemCodec.decodeReminder(Array(reminder.prefix(length)), sourceText: nil) }
        }
    }

    @Test func unknownVersionKindAndTrailingBytesThrow() throws {
        let bytes = ItemCodec.encode(CodecSamples.event)
        var newer = bytes
        newer[0] = ItemCodec.formatVersion &+ 1
        let error = try #require(throws: StoreError.self) { try ItemCodec.decodeEvent(newer, sourceText: nil) }
        #expect(error.reason == .invalidData)
        #expect(error.message.contains("version"))
        #expect(throws: StoreError.self) { try ItemCodec.decodeReminder(bytes, sourceText: nil) }
        #expect(decodeOrNil(bytes + [0]) == nil)
        #expect(decodeOrNil(Array("{\"uid\":\"json\"}".utf8)) == nil)
    }

    @Test func malformedPrimitivesThrow() {
        func read<T>(_ bytes: [UInt8], _ body: (inout BinaryReader) throws(StoreError) -> T) -> StoreError? {
            bytes.withUnsafeBytes { buffer in
                var reader = BinaryReader(buffer)
                do throws(StoreError) { _ = try body(&reader); return nil } catch { return error }
            }
        }
        #expect(read([0x80, 0x80]) { r throws(StoreError) in try r.readVarint() }?.reason == .invalidData)
        #expect(read([UInt8](repeating: 0xFF, count: 10) + [0x01]) { r throws(StoreError) in try r.readVarint() }?.reason == .invalidData)
        #expect(read([UInt8](repeating: 0xFF, count: 9) + [0x02]) { r throws(StoreError) in try r.readVarint() }?.reason == .invalidData)
        #expect(read([UInt8](repeating: 0xFF, count: 9) + [0x01]) { r throws(StoreError) in try r.readVarint() } == nil)
        #expect(read([2]) { r throws(StoreError) in try r.readBool() }?.reason == .invalidData)
        #expect(read([2, 0]) { r throws(StoreError) in try r.readOptionalInt() }?.reason == .invalidData)
        #expect(read([5, 65, 66]) { r throws(StoreError) in try r.readString() }?.reason == .invalidData)
        #expect(read([0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) { r throws(StoreError) in try r.readStrings() }?.reason == .invalidData)
        #expect(read([1, 2, 3, 4, 5, 6, 7]) { r throws(StoreError) in try r.readDouble() }?.reason == .invalidData)
        #expect(read([9]) { r throws(StoreError) in try r.readTimeZone() }?.reason == .invalidData)
        #expect(read([0, 3, 88, 47, 89]) { r throws(StoreError) in try r.readTimeZone() }?.reason == .invalidData)
        #expect(read([0xFF, 0xFF, 0x7F]) { r throws(StoreError) in try r.readDateComponents() }?.reason == .invalidData)
        #expect(read([7]) { r throws(StoreError) in try r.read(RecurrenceRule.self) }?.reason == .invalidData)
        #expect(read([]) { r throws(StoreError) in try r.readByte() }?.reason == .invalidData)
    }

    /// Random byte flips, insertions and garbage: decoding throws `invalidData` or returns a
    /// value, and never crashes.
    @Test func corruptedBuffersNeverCrash() {
        var random = SplitMix64(seed: 0x1CA1_C0DE)
        let samples = [ItemCodec.encode(CodecSamples.event), ItemCodec.encode(CodecSamples.emptyEvent)]
        let reminder = ItemCodec.encode(CodecSamples.reminder)
        for round in 0..<3_000 {
            var bytes = samples[round % samples.count]
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[index] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
                case 1: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
                default: bytes.remove(at: index); if bytes.isEmpty { bytes = [1] }
                }
            }
            _ = decodeOrNil(bytes)
            var flipped = reminder
            let index = Int(random.next() % UInt64(flipped.count))
            flipped[index] = UInt8(truncatingIfNeeded: random.next())
            _ = try? ItemCodec.decodeReminder(flipped, sourceText: nil)
        }
        for _ in 0..<1_000 {
            let garbage = (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = decodeOrNil([ItemCodec.formatVersion, 1] + garbage)
            _ = try? ItemCodec.decodeReminder([ItemCodec.formatVersion, 2] + garbage, sourceText: nil)
        }
    }
}

// MARK: - Store

@Suite("Binary models in the store")
struct BinaryStoreTests {
    @Test func modelsAreStoredAsBlobs() throws {
        try withStore { store in
            try store.saveCalendar(EventCalendar(title: "Work"))
            try store.save(CodecSamples.event, in: "Work")
            try store.save(CodecSamples.reminder, in: "Work")
            let types = try store.withRawConnection { db in try db.rows("SELECT DISTINCT typeof(model) FROM items") }
            #expect(types == [[.text("blob")]])
            #expect(try store.event(withUID: CodecSamples.event.uid)?.event == CodecSamples.event)
            #expect(try store.reminder(withUID: CodecSamples.reminder.uid)?.reminder == CodecSamples.reminder)
        }
    }

    /// A store written by schema version 1 (JSON text models, built here with raw SQL) opens,
    /// is migrated, and gives equal models, source text and index columns.
    @Test func version1JSONStoreIsMigrated() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("v1.sqlite").path
            var events = [CodecSamples.event, CodecSamples.emptyEvent]
            events[1].uid = "empty@example.com"
            let fixture = try ICalendarReader().read(contentsOf: TestFiles.fixtures.appendingPathComponent("import/valid/outlook-windows-zones-overrides.ics"))
            events += fixture.documents.flatMap(\.events).map { var e = $0; e.source = nil; return e }
            let reminders = [CodecSamples.reminder]

            let raw = try Connection(path: path)
            try raw.execute(Self.version1Schema)
            try raw.run("INSERT INTO calendars (id, title) VALUES (1, 'Old')")
            for (index, event) in events.enumerated() {
                try raw.run("""
                    INSERT INTO items (calendar_id, uid, recurrence_id, kind, model, source_text, sequence, first_start, last_end)
                    VALUES (1, ?, ?, 'event', ?, ?, ?, ?, ?)
                    """, [.text(event.uid), SQLValue(event.occurrenceDate?.timeIntervalSince1970), .text(try ItemCodec.encodeJSON(event)),
                          index == 0 ? .text("BEGIN:VEVENT\r\nEND:VEVENT") : .null, SQLValue(event.sequence),
                          .real(event.startDate.timeIntervalSince1970), .null])
            }
            for reminder in reminders {
                try raw.run("INSERT INTO items (calendar_id, uid, kind, model, completed) VALUES (1, ?, 'reminder', ?, 1)",
                            [.text(reminder.uid), .text(try ItemCodec.encodeJSON(reminder))])
            }
            try raw.execute("PRAGMA user_version = 1")
            let before = try raw.rows("SELECT id, calendar_id, uid, recurrence_id, kind, source_text, sequence, first_start, last_end, completed FROM items ORDER BY id")
            try raw.close()

            let store = try EventStore(path: path)
            defer { try? store.close() }
            let (version, types, after, columnType, indexes) = try store.withRawConnection { db in
                (try db.scalarInt("PRAGMA user_version"),
                 try db.rows("SELECT DISTINCT typeof(model) FROM items"),
                 try db.rows("SELECT id, calendar_id, uid, recurrence_id, kind, source_text, sequence, first_start, last_end, completed FROM items ORDER BY id"),
                 try db.rows("SELECT type FROM pragma_table_info('items') WHERE name = 'model'"),
                 try db.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' AND sql IS NOT NULL ORDER BY name"))
            }
            #expect(version == Int64(EventStore.schemaVersion))
            #expect(types == [[.text("blob")]])
            #expect(after == before)
            #expect(columnType == [[.text("BLOB")]])
            #expect(indexes == [[.text("items_completion")], [.text("items_due")], [.text("items_key")], [.text("items_window")]])
            #expect(try store.integrityProblems() == [])

            let document = try store.document(forCalendar: "Old")
            let migrated = document.events.map { var e = $0; e.source = nil; return e }
            #expect(migrated.sorted { ($0.uid, $0.occurrenceDate ?? .distantPast) < ($1.uid, $1.occurrenceDate ?? .distantPast) }
                    == events.sorted { ($0.uid, $0.occurrenceDate ?? .distantPast) < ($1.uid, $1.occurrenceDate ?? .distantPast) })
            #expect(document.reminders == reminders)
            #expect(try store.event(withUID: CodecSamples.event.uid)?.event.source?.text == "BEGIN:VEVENT\r\nEND:VEVENT")
            // The migrated store takes writes as usual.
            var edited = CodecSamples.event
            edited.title = "Edited"
            try store.save(edited, in: "Old")
            #expect(try store.event(withUID: edited.uid)?.event == edited)
        }
    }

    /// Schema version 1 as icalkit wrote it.
    static let version1Schema = """
        CREATE TABLE calendars (
            id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, color TEXT, description TEXT,
            read_only INTEGER NOT NULL DEFAULT 0, source TEXT, product_id TEXT, default_tzid TEXT,
            is_default_events INTEGER NOT NULL DEFAULT 0, is_default_reminders INTEGER NOT NULL DEFAULT 0,
            extra_properties TEXT NOT NULL DEFAULT '[]', extra_components TEXT NOT NULL DEFAULT '[]'
        );
        CREATE UNIQUE INDEX calendars_default_events ON calendars(is_default_events) WHERE is_default_events = 1;
        CREATE UNIQUE INDEX calendars_default_reminders ON calendars(is_default_reminders) WHERE is_default_reminders = 1;
        CREATE TABLE calendar_time_zones (
            calendar_id INTEGER NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
            tzid TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (calendar_id, tzid)
        ) WITHOUT ROWID;
        CREATE TABLE items (
            id INTEGER PRIMARY KEY,
            calendar_id INTEGER NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
            uid TEXT NOT NULL, recurrence_id REAL,
            kind TEXT NOT NULL CHECK (kind IN ('event', 'reminder')),
            model TEXT NOT NULL, source_text TEXT, sequence INTEGER NOT NULL DEFAULT 0,
            last_modified REAL, dtstamp REAL, first_start REAL, last_end REAL, due REAL,
            completion_date REAL, completed INTEGER NOT NULL DEFAULT 0
        );
        CREATE UNIQUE INDEX items_key ON items(calendar_id, uid, coalesce(recurrence_id, 'master'));
        CREATE INDEX items_uid ON items(uid);
        CREATE INDEX items_window ON items(kind, last_end, first_start);
        CREATE INDEX items_due ON items(kind, completed, due);
        CREATE INDEX items_completion ON items(kind, completed, completion_date);
        CREATE TABLE changes (
            token INTEGER PRIMARY KEY AUTOINCREMENT, calendar TEXT NOT NULL, uid TEXT NOT NULL,
            change TEXT NOT NULL CHECK (change IN ('added', 'updated', 'deleted'))
        );
        """
}
