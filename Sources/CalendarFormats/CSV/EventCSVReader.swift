import CalendarModel
import Foundation

/// Events from a CSV table with a header row of ``EventCSVColumn`` names (Google's and
/// Outlook's import columns, in any order and case; unknown columns are ignored with a note).
///
/// - Dates: `MM/DD/YYYY` (as those importers take them, also `M/D/YYYY`) or ISO `YYYY-MM-DD`.
/// - Times: `10:00 AM`, `10:00:30 PM`, `14:00` or `14:00:00`; read in `zone`, or in the row's
///   `Time Zone` when the table has that column.
/// - A row without a Start Time, or with All Day Event true, is an all-day event; its End
///   Date is its last day (inclusive). Without an end, a timed event lasts one hour and an
///   all-day one a day.
/// - `Private` true is CLASS:PRIVATE. A row's UID is its `UID` cell, else one made from the
///   row's cells, so converting the same table twice gives the same UIDs.
public struct EventCSVReader {
    public var zone: TimeZone
    /// DTSTAMP of the events made (RFC 5545 requires one): when the table was read.
    public var now: Date

    public init(zone: TimeZone, now: Date = Date()) {
        self.zone = zone
        self.now = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    }

    /// A row that cannot be read: its line, the column and what was wrong.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: String?
        public var message: String
        public var description: String { "line \(line)" + (column.map { ", column \"\($0)\"" } ?? "") + ": " + message }
    }

    public struct Result {
        public var events: [Event]
        /// The line of the table each event's row starts on (element i is events[i]'s).
        public var lines: [Int]
        /// Header cells that name no column, ignored.
        public var ignoredColumns: [String]
    }

    public func read(_ text: String) throws(Failure) -> Result {
        let records: [(line: Int, fields: [String])]
        do { records = try CSVText.records(text) } catch { throw Failure(line: error.line, column: nil, message: error.message) }
        guard let header = records.first else { throw Failure(line: 1, column: nil, message: "no header row (expected columns such as Subject, Start Date, Start Time)") }
        var index: [EventCSVColumn: Int] = [:]
        var ignored: [String] = []
        for (i, name) in header.fields.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if let column = EventCSVColumn(named: trimmed), index[column] == nil { index[column] = i } else if !trimmed.isEmpty { ignored.append(trimmed) }
        }
        for required in [EventCSVColumn.subject, .startDate] where index[required] == nil {
            throw Failure(line: header.line, column: nil,
                          message: "the header has no \"\(required.rawValue)\" column (columns: \(EventCSVColumn.names))")
        }
        var events: [Event] = []
        var lines: [Int] = []
        var seen: [String: Int] = [:]
        for record in records.dropFirst() {
            var event = try event(record.fields, line: record.line, index)
            // Two equal rows would make one UID: the later ones get a count.
            let count = seen[event.uid, default: 0] + 1
            seen[event.uid] = count
            if count > 1 { event.uid = event.uid.replacingOccurrences(of: "@icalkit", with: "-\(count)@icalkit") }
            events.append(event)
            lines.append(record.line)
        }
        return Result(events: events, lines: lines, ignoredColumns: ignored)
    }

    private func event(_ fields: [String], line: Int, _ index: [EventCSVColumn: Int]) throws(Failure) -> Event {
        func cell(_ column: EventCSVColumn) -> String? {
            guard let i = index[column], i < fields.count else { return nil }
            let text = fields[i].trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        func fail(_ column: EventCSVColumn, _ message: String) -> Failure { Failure(line: line, column: column.rawValue, message: message) }

        guard let title = cell(.subject) else { throw fail(.subject, "empty: every event needs a title") }
        guard let startText = cell(.startDate) else { throw fail(.startDate, "empty: every event needs a start date") }
        guard let startDay = Self.day(startText) else { throw fail(.startDate, "\"\(startText)\" is not a date; use MM/DD/YYYY or YYYY-MM-DD") }
        let endDay: (Int, Int, Int)?
        if let text = cell(.endDate) {
            guard let day = Self.day(text) else { throw fail(.endDate, "\"\(text)\" is not a date; use MM/DD/YYYY or YYYY-MM-DD") }
            endDay = day
        } else { endDay = nil }
        var allDay = cell(.startTime) == nil
        if let text = cell(.allDayEvent) {
            guard let flag = Self.flag(text) else { throw fail(.allDayEvent, "\"\(text)\" is not True or False") }
            allDay = flag
        }
        var isPrivate = false
        if let text = cell(.private) {
            guard let flag = Self.flag(text) else { throw fail(.private, "\"\(text)\" is not True or False") }
            isPrivate = flag
        }
        var eventZone = zone
        if let text = cell(.timeZone) {
            guard let named = TimeZone(identifier: text) else { throw fail(.timeZone, "\"\(text)\" is not a tz database zone (such as Europe/Berlin)") }
            eventZone = named
        }

        var event: Event
        if allDay {
            let start = utcDate(year: startDay.0, month: startDay.1, day: startDay.2)
            let last = endDay.map { utcDate(year: $0.0, month: $0.1, day: $0.2) } ?? start
            guard last >= start else { throw fail(.endDate, "before the start date") }
            event = Event(uid: "", title: title, startDate: start, endDate: last.addingTimeInterval(86_400))
            event.isAllDay = true
        } else {
            guard let startText = cell(.startTime), let startTime = Self.time(startText) else {
                throw fail(.startTime, "\"\(cell(.startTime) ?? "")\" is not a time; use 10:00 AM or 14:00")
            }
            let start = WallClock.instant(utcDate(year: startDay.0, month: startDay.1, day: startDay.2, hour: startTime.0,
                                                  minute: startTime.1, second: startTime.2), in: eventZone)
            var end = start.addingTimeInterval(3_600)
            if let text = cell(.endTime) {
                guard let t = Self.time(text) else { throw fail(.endTime, "\"\(text)\" is not a time; use 11:00 AM or 15:00") }
                let day = endDay ?? startDay
                end = WallClock.instant(utcDate(year: day.0, month: day.1, day: day.2, hour: t.0, minute: t.1, second: t.2), in: eventZone)
            } else if endDay != nil {
                throw fail(.endTime, "empty while End Date is set: give the end time too")
            }
            guard end >= start else { throw fail(.endTime, "the end is before the start") }
            event = Event(uid: "", title: title, startDate: start, endDate: end)
            event.timeZone = eventZone
            event.timeZoneIdentifier = eventZone.identifier
        }
        event.notes = cell(.description)
        event.location = cell(.location)
        if isPrivate { event.privacy = .private }
        event.uid = cell(.uid) ?? Self.uid(fields)
        event.timestamp = now
        return event
    }

    /// `MM/DD/YYYY`, `M/D/YYYY` or `YYYY-MM-DD`, a day that exists.
    static func day(_ text: String) -> (Int, Int, Int)? {
        let parts: [Int]
        let ymd: Bool
        if text.contains("/") {
            parts = text.split(separator: "/", omittingEmptySubsequences: false).compactMap { Int($0) }
            ymd = false
        } else {
            parts = text.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
            ymd = true
        }
        guard parts.count == 3 else { return nil }
        let (year, month, day) = ymd ? (parts[0], parts[1], parts[2]) : (parts[2], parts[0], parts[1])
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month, year) else { return nil }
        return (year, month, day)
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `10:00 AM`, `10:00:30 pm`, `14:00`, `14:00:00`.
    static func time(_ text: String) -> (Int, Int, Int)? {
        var rest = text.uppercased()
        var meridiem: String?
        for suffix in ["AM", "PM"] where rest.hasSuffix(suffix) {
            meridiem = suffix
            rest = String(rest.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        var hour = parts[0]!
        let minute = parts[1]!, second = parts.count == 3 ? parts[2]! : 0
        guard (0...59).contains(minute), (0...59).contains(second) else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        }
        guard (0...23).contains(hour) else { return nil }
        return (hour, minute, second)
    }

    /// True/False, Yes/No, 1/0, in any case.
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1", "y": true
        case "false", "no", "0", "n": false
        default: nil
        }
    }

    /// A UID from the row's cells (FNV-1a, 64 bits): the same row gives the same UID.
    static func uid(_ fields: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in fields.joined(separator: "\u{1F}").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "csv-" + String(repeating: "0", count: 16 - hex.count) + hex + "@icalkit"
    }
}
