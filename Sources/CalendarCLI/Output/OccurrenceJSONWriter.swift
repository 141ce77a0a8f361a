import CalendarModel
import CalendarStore
import Foundation

/// Writes the occurrence objects of `events --format json` from ``RenderedOccurrences``: the
/// members that come from the event alone are copied from its rendering (``JSONOutput``'s
/// `EventChunks`), the dates and the instance's flags are written here. Each object is laid out
/// in place in a block of memory of its own, through a pointer, and the block is handed to the
/// output as it is, lent (``OutputBuffer/append(lent:)``): before, each object was laid out in
/// a staging buffer and copied into the output's piece (a copy of every byte written, 7% of a
/// one-week query's cycles on the 100k store). The zone of
/// each event is named once (a ``ZoneOffsetMemo`` slot) and the calendar day of the last date
/// written is remembered, so a date costs neither a string comparison nor a calendar computation
/// when it falls on the same day as the date written before it.
struct OccurrenceJSONWriter {
    private var memo = ZoneOffsetMemo()
    private var lastDay = (number: Int.min, year: 0, month: 0, day: 0)

    /// The members of every occurrence of `list`, in its order, each object followed by `,`
    /// except the last; byte for byte what `JSONValue.object([...]).rendered()` gives.
    /// `wallClockZone`: see ``JSONOutput/writeEvents(_:keepOrder:wallClockZone:to:)``.
    mutating func write(_ list: RenderedOccurrences, wallClockZone: TimeZone?, to out: inout OutputBuffer) throws {
        let wallClockSlot = wallClockZone.map { memo.slot(for: $0.identifier) }
        let zoneSlots = list.events.map { event in event.timeZoneIdentifier.map { memo.slot(for: $0) } ?? -1 }
        let calendarMembers: [[UInt8]] = list.calendarTitles.map { title in
            var member: [UInt8] = []
            JSONValue.writeMembers([("calendar", .string(title))], indent: 3, closesObject: false, to: &member)
            return member
        }
        let last = list.rows.count - 1
        var block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: min(out.threshold, Self.blockBytes))
        defer { block.deallocate() }
        var used = 0
        // The events are read in place through a pointer, not copied per occurrence (a copy
        // retains and releases its four references).
        try list.events.withUnsafeBufferPointer { events in
            for (i, row) in list.rows.enumerated() {
                let e = events.baseAddress! + row.event
                let calendar = calendarMembers[row.calendar]
                let zoneSlot = zoneSlots[row.event]
                var start = row.startDate
                var end = row.endDate
                if let zone = wallClockZone, let slot = wallClockSlot, e.pointee.keepsWallClock {
                    start += TimeInterval(memo.secondsFromGMT(slot: slot, zone, at: start))
                    end += TimeInterval(memo.secondsFromGMT(slot: slot, zone, at: end))
                }
                let need = e.pointee.bytes.count + calendar.count + 3 * DateText.maxBytes + 512
                if block.count - used < need {
                    try out.append(lent: UnsafeBufferPointer(rebasing: block[0..<used]))
                    used = 0
                    if block.count < need {
                        block.deallocate()
                        block = .allocate(capacity: need)
                    }
                }
                let count = e.pointee.bytes.withUnsafeBufferPointer { packed in
                    calendar.withUnsafeBufferPointer { calendar in
                        object(row, of: e, zoneSlot: zoneSlot, start: start, end: end, chunks: JSONOutput.EventChunks.unpacked(packed),
                               calendar: calendar, isLast: i == last, into: block.baseAddress! + used)
                    }
                }
                assert(count <= need, "an occurrence object longer than its estimate")
                used += count
            }
        }
        try out.append(lent: UnsafeBufferPointer(rebasing: block[0..<used]))
    }

    /// The largest block occurrence objects are laid out in before it is handed over (the
    /// output's own piece size when smaller).
    static let blockBytes = 1 << 20

    /// One occurrence object at `p`; returns its length.
    private mutating func object(_ row: RenderedOccurrences.Row, of e: UnsafePointer<RenderedEvent>, zoneSlot: Int, start: Date, end: Date,
                                 chunks: (uid: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>,
                                          details: UnsafeBufferPointer<UInt8>, people: UnsafeBufferPointer<UInt8>),
                                 calendar: UnsafeBufferPointer<UInt8>, isLast: Bool, into p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        func put(_ text: StaticString) {
            (p + n).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            n += text.utf8CodeUnitCount
        }
        func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            if let base = bytes.baseAddress { (p + n).update(from: base, count: bytes.count) }
            n += bytes.count
        }
        put("    {\n")
        put(chunks.uid)
        put(calendar)
        put(chunks.title)
        put("      \"start\": \"")
        n += eventDate(start, of: e, zoneSlot: zoneSlot, into: p + n)
        put("\",\n      \"end\": \"")
        n += eventDate(end, of: e, zoneSlot: zoneSlot, into: p + n)
        put("\",\n")
        put(chunks.details)
        put(row.isRecurring ? "      \"recurring\": true,\n" : "      \"recurring\": false,\n")
        if let date = row.occurrenceDate {
            put("      \"occurrenceDate\": \"")
            if e.pointee.occurrenceDateIsAllDay {
                n += DateText.write(fields(date), time: false, suffix: .none, into: p + n)
            } else {
                n += eventDate(date, of: e, zoneSlot: zoneSlot, into: p + n)
            }
            put("\",\n")
        } else {
            put("      \"occurrenceDate\": null,\n")
        }
        put(row.isDetached ? "      \"isDetached\": true,\n" : "      \"isDetached\": false,\n")
        put(chunks.people)
        put(isLast ? "    }\n" : "    },\n")
        return n
    }

    /// A date of the event as JSON writes it (see ``DateText``): a day for all-day events, a
    /// wall clock for floating ones, else RFC 3339 with the zone's offset at that instant.
    private mutating func eventDate(_ date: Date, of e: UnsafePointer<RenderedEvent>, zoneSlot: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
        if e.pointee.isAllDay { return DateText.write(fields(date), time: false, suffix: .none, into: p) }
        if let defined = e.pointee.definedTimeZone {
            let offset = defined.secondsFromGMT(at: date)
            return DateText.write(fields(date.addingTimeInterval(TimeInterval(offset))), time: true, suffix: .offset(offset), into: p)
        }
        guard zoneSlot >= 0, let zone = e.pointee.timeZone else { return DateText.write(fields(date), time: true, suffix: .none, into: p) }
        guard let offset = memo.offset(slot: zoneSlot, zone, at: date) else {
            return DateText.write(fields(date), time: true, suffix: .z, into: p)
        }
        return DateText.write(fields(date.addingTimeInterval(TimeInterval(offset))), time: true, suffix: .offset(offset), into: p)
    }

    /// ``utcComponents(_:)``, the calendar day computed only when it is not the last one's.
    private mutating func fields(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let t = Int(date.timeIntervalSince1970.rounded(.down))
        var days = t / 86_400
        var seconds = t % 86_400
        if seconds < 0 { seconds += 86_400; days -= 1 }
        if days != lastDay.number {
            let c = utcComponents(date)
            lastDay = (days, c.year, c.month, c.day)
        }
        return (lastDay.year, lastDay.month, lastDay.day, seconds / 3600, (seconds % 3600) / 60, seconds % 60)
    }
}
