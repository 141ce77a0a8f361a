import CalendarModel
import Foundation

/// The one writer of occurrence objects (`events --format json`, and the events of
/// `convert/export --format json`, which add members): `"key": value` lines in the layout of
/// ``JSONValue/rendered()``, written straight as bytes.
///
/// The members that come from the event alone (its UID, title, details, alarms and people) are
/// made once per event and reused for its other occurrences in the same output: a series' many
/// instances differ only in their dates. A made part is reused only for an event equal in every
/// field it shows (``shows(_:sameAs:)``).
struct OccurrenceJSONWriter {
    /// The members of an occurrence object that depend on its event only, in the order of the
    /// object: `uid`; `title`; `isAllDay` to `status`; `alarms` to `attendees`.
    private struct EventParts {
        var event: Event
        /// The event's zone as written (``JSONOutput/zoneName(of:)``).
        var zoneName: String?
        /// A zoned event's offset from UTC over the span of its last date written (from
        /// ``ZoneOffsets/offsetSpan(_:at:)``): most of its other dates are in the same span.
        var offset: (seconds: Int, span: Range<TimeInterval>)?
        /// The member lines, in the object's order: `uid`, `title`, `isAllDay` to `status`
        /// (``details``), `alarms` to `attendees` (``people``).
        var lines: [UInt8] = []
        var title = 0..<0
        var details = 0..<0
        var people = 0..<0

        init(event: Event, zoneName: String?) {
            self.event = event
            self.zoneName = zoneName
            lines.reserveCapacity(1024)
        }

        var uid: ArraySlice<UInt8> { lines[..<title.lowerBound] }
    }

    /// The indentation of the object's `{`; its members are one level in.
    let indent: Int
    /// The parts made so far, and where those of each UID are.
    private var made: [EventParts] = []
    private var madeForUID: [String: [Int]] = [:]

    init(indent: Int) { self.indent = indent }

    /// The occurrence object (no indentation before its `{`, no separator after its `}`), with
    /// `start` and `end` as its dates and then `more` members (written by ``JSONValue``).
    mutating func write(_ o: Occurrence, start: Date, end: Date, more: [(String, JSONValue)] = [], to out: inout [UInt8]) {
        let parts = index(of: o.event)
        let w = MemberWriter(indent: indent + 1)
        out.append("{\n")
        out.append(contentsOf: made[parts].uid)
        w.string("calendar", o.calendarTitle, to: &out)
        out.append(contentsOf: made[parts].lines[made[parts].title])
        writeDate("start", start, of: o.event, parts: parts, w, to: &out)
        writeDate("end", end, of: o.event, parts: parts, w, to: &out)
        out.append(contentsOf: made[parts].lines[made[parts].details])
        w.bool("recurring", o.isRecurring, to: &out)
        if let date = o.occurrenceDate {
            if o.event.occurrenceDateIsAllDay {
                w.day("occurrenceDate", date, to: &out)
            } else {
                writeDate("occurrenceDate", date, of: o.event, parts: parts, w, to: &out)
            }
        } else {
            w.string("occurrenceDate", nil, to: &out)
        }
        w.bool("isDetached", o.isDetached, to: &out)
        out.append(contentsOf: made[parts].lines[made[parts].people])
        JSONValue.writeMembers(more, indent: indent + 1, closesObject: false, to: &out)
        // Every member line ends with ",\n": the last one's comma goes.
        out.removeLast(2)
        out.append(0x0A)
        JSONValue.indentation(indent, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A date of the event as ``DateText/writeEventDate(_:of:to:)`` writes it; a zoned date's
    /// offset is the one of its event's last date when that date's span holds it.
    private mutating func writeDate(_ name: StaticString, _ date: Date, of e: Event, parts: Int, _ w: MemberWriter,
                                    to out: inout [UInt8]) {
        guard !e.isAllDay, e.definedTimeZone == nil, let zone = e.timeZone else { return w.date(name, date, of: e, to: &out) }
        guard made[parts].zoneName != "UTC" else { return w.date(name, date, offset: nil, to: &out) }
        let t = date.timeIntervalSince1970
        if let known = made[parts].offset, known.span.contains(t) { return w.date(name, date, offset: known.seconds, to: &out) }
        let found = ZoneOffsets.shared.offsetSpan(zone, at: date)
        made[parts].offset = (found.offset, found.span)
        w.date(name, date, offset: found.offset, to: &out)
    }

    /// Where the event's parts are in ``made``: made now unless an event showing the same was
    /// written before.
    private mutating func index(of e: Event) -> Int {
        let zoneName = JSONOutput.zoneName(of: e)
        if let known = madeForUID[e.uid]?.first(where: { zoneName == made[$0].zoneName && Self.shows(e, sameAs: made[$0].event) }) {
            return known
        }
        let w = MemberWriter(indent: indent + 1)
        var p = EventParts(event: e, zoneName: zoneName)
        w.string("uid", e.uid, to: &p.lines)
        var mark = p.lines.count
        w.string("title", e.title, to: &p.lines)
        p.title = mark..<p.lines.count
        mark = p.lines.count
        w.bool("isAllDay", e.isAllDay, to: &p.lines)
        w.string("timeZone", zoneName, to: &p.lines)
        w.string("location", e.location, to: &p.lines)
        w.string("notes", e.notes, to: &p.lines)
        w.string("url", e.url?.absoluteString, to: &p.lines)
        w.string("status", e.status.rawValue, to: &p.lines)
        p.details = mark..<p.lines.count
        mark = p.lines.count
        w.array("alarms", e.alarms, to: &p.lines) { a, inner, out in
            let offset = a.relativeDuration ?? a.relativeOffset.map { ICalDuration(exactly: $0) }
            inner.string("action", a.action.rawValue.lowercased(), to: &out)
            inner.string("offset", offset?.description, to: &out)
            inner.string("relatedTo", offset == nil ? nil : a.relatedTo.rawValue, to: &out)
            inner.string("date", a.absoluteDate.map(DateText.utc), to: &out)
        }
        if let organizer = e.organizer {
            w.object("organizer", to: &p.lines) { inner, out in Self.participant(organizer, inner, &out) }
        } else {
            w.string("organizer", nil, to: &p.lines)
        }
        w.array("attendees", e.attendees, to: &p.lines) { a, inner, out in Self.participant(a, inner, &out) }
        p.people = mark..<p.lines.count
        made.append(p)
        madeForUID[e.uid, default: []].append(made.count - 1)
        return made.count - 1
    }

    /// The two events are written alike by ``parts(of:)``: equal in every field it shows but the
    /// zone (which the caller compares by the name it writes).
    private static func shows(_ a: Event, sameAs b: Event) -> Bool {
        a.uid == b.uid && a.title == b.title && a.isAllDay == b.isAllDay && a.definedTimeZone == b.definedTimeZone
            && a.location == b.location && a.notes == b.notes && a.url == b.url && a.status == b.status && a.alarms == b.alarms
            && a.organizer == b.organizer && a.attendees == b.attendees
    }

    private static func participant(_ p: Participant, _ w: MemberWriter, _ out: inout [UInt8]) {
        w.string("name", p.name, to: &out)
        w.string("email", p.email, to: &out)
        w.string("url", p.url, to: &out)
        w.string("role", p.role.rawValue, to: &out)
        w.string("status", p.status.rawValue, to: &out)
        w.string("type", p.type.rawValue, to: &out)
        if let rsvp = p.rsvp { w.bool("rsvp", rsvp, to: &out) } else { w.string("rsvp", nil, to: &out) }
    }

    /// Writes `"key": value,` lines at one indentation, in the layout of ``JSONValue/rendered()``;
    /// an object or array it writes drops the comma of its own last member.
    private struct MemberWriter {
        let indent: Int

        /// The indentation, the quoted key and `": `, laid out in a small buffer and appended at
        /// once (each append checks the array's capacity and uniqueness).
        private func key(_ key: StaticString, to out: inout [UInt8]) {
            key.withUTF8Buffer { name in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * indent + name.count + 4) { buffer in
                    var n = 0
                    for _ in 0..<(2 * indent) { buffer[n] = UInt8(ascii: " "); n += 1 }
                    buffer[n] = UInt8(ascii: "\""); n += 1
                    for byte in name { buffer[n] = byte; n += 1 }
                    buffer[n] = UInt8(ascii: "\""); buffer[n + 1] = UInt8(ascii: ":"); buffer[n + 2] = UInt8(ascii: " "); n += 3
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
                }
            }
        }

        /// A string, or null.
        func string(_ name: StaticString, _ value: String?, to out: inout [UInt8]) {
            key(name, to: &out)
            if let value { JSONValue.writeString(value, to: &out) } else { out.append("null") }
            out.append(",\n")
        }

        func bool(_ name: StaticString, _ value: Bool, to out: inout [UInt8]) {
            key(name, to: &out)
            out.append(value ? "true,\n" : "false,\n")
        }

        /// A date of the event as ``DateText/writeEventDate(_:of:to:)`` writes it.
        func date(_ name: StaticString, _ date: Date, of event: Event, to out: inout [UInt8]) {
            key(name, to: &out)
            out.append(UInt8(ascii: "\""))
            DateText.writeEventDate(date, of: event, to: &out)
            out.append("\",\n")
        }

        /// A date at this offset from UTC (nil: in UTC), as ``DateText/writeRFC3339(_:offset:to:)`` writes it.
        func date(_ name: StaticString, _ date: Date, offset: Int?, to out: inout [UInt8]) {
            key(name, to: &out)
            out.append(UInt8(ascii: "\""))
            DateText.writeRFC3339(date, offset: offset, to: &out)
            out.append("\",\n")
        }

        func day(_ name: StaticString, _ date: Date, to out: inout [UInt8]) {
            key(name, to: &out)
            out.append(UInt8(ascii: "\""))
            DateText.writeDay(date, to: &out)
            out.append("\",\n")
        }

        /// An object whose members `body` writes (with the writer one level in).
        func object(_ name: StaticString, to out: inout [UInt8], _ body: (MemberWriter, inout [UInt8]) -> Void) {
            key(name, to: &out)
            openObject(body, to: &out)
            out.append(",\n")
        }

        /// An array of objects, one per element, each written by `body` two levels in.
        func array<T>(_ name: StaticString, _ items: [T], to out: inout [UInt8], _ body: (T, MemberWriter, inout [UInt8]) -> Void) {
            key(name, to: &out)
            if items.isEmpty {
                out.append("[],\n")
                return
            }
            out.append("[\n")
            let element = MemberWriter(indent: indent + 1)
            for (i, item) in items.enumerated() {
                JSONValue.indentation(indent + 1, to: &out)
                element.openObject({ w, o in body(item, w, &o) }, to: &out)
                out.append(i + 1 < items.count ? ",\n" : "\n")
            }
            JSONValue.indentation(indent, to: &out)
            out.append("],\n")
        }

        /// `{`, the members one level in (the last one's comma dropped), `}` at this level.
        private func openObject(_ body: (MemberWriter, inout [UInt8]) -> Void, to out: inout [UInt8]) {
            out.append("{\n")
            let start = out.count
            body(MemberWriter(indent: indent + 1), &out)
            if out.count > start {
                out.removeLast(2)
                out.append(0x0A)
            }
            JSONValue.indentation(indent, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }
}
