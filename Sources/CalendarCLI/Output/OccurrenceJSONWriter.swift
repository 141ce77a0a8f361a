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
    /// object: `uid`; `title`; `isAllDay` to `status`; `alarms` to `attendees`. A class, so that
    /// looking one up does not copy the event it keeps.
    private final class EventParts {
        let event: Event
        /// The event's zone as written (``JSONOutput/zoneName(of:)``).
        let zoneName: String?
        /// A zoned event's offset from UTC over the span of its last date written (from
        /// ``ZoneOffsets/offsetSpan(_:at:)``): most of its other dates are in the same span.
        var offset: (seconds: Int, span: Range<TimeInterval>)?
        /// Where its member lines are in the writer's ``OccurrenceJSONWriter/partBytes``.
        var uid = 0..<0
        var title = 0..<0
        var details = 0..<0
        var people = 0..<0

        init(event: Event, zoneName: String?) {
            self.event = event
            self.zoneName = zoneName
        }
    }

    /// The indentation of the object's `{`; its members are one level in.
    let indent: Int
    /// The parts made so far, and where those of each UID are, by the UID's hash (the UIDs
    /// themselves are compared by ``shows(_:sameAs:)``): the UID is hashed once per event.
    private var made: [EventParts] = []
    private var madeForUID: [Int: [Int]] = [:]
    /// The parts of each event storage seen (``Event/storageIdentity``), with an event that
    /// keeps that storage alive, so its identity is not given to another event meanwhile.
    private var madeForStorage: [ObjectIdentifier: (parts: Int, keptAlive: Event)] = [:]
    /// The member lines of every part made, one after another.
    private let partBytes = ByteBuffer(capacity: 1 << 16)
    /// The object being written.
    private let object = ByteBuffer()
    /// The `calendar` member line last written, and the title it is for.
    private var calendarLine: (title: String, bytes: Range<Int>)?

    init(indent: Int) { self.indent = indent }

    /// The occurrence object (no indentation before its `{`, no separator after its `}`), with
    /// `start` and `end` as its dates and then `more` members (written by ``JSONValue``).
    mutating func write(_ o: Occurrence, start: Date, end: Date, more: [(String, JSONValue)] = [], to out: inout [UInt8]) {
        let parts = self.parts(of: o.event)
        let w = MemberWriter(indent: indent + 1, out: object)
        object.removeAll()
        object.append("{\n")
        object.append(partBytes[parts.uid])
        object.append(partBytes[calendarLine(o.calendarTitle)])
        object.append(partBytes[parts.title])
        writeDate("start", start, of: o.event, parts: parts, w)
        writeDate("end", end, of: o.event, parts: parts, w)
        object.append(partBytes[parts.details])
        w.bool("recurring", o.isRecurring)
        if let date = o.occurrenceDate {
            if o.event.occurrenceDateIsAllDay {
                w.day("occurrenceDate", date)
            } else {
                writeDate("occurrenceDate", date, of: o.event, parts: parts, w)
            }
        } else {
            w.null("occurrenceDate")
        }
        w.bool("isDetached", o.isDetached)
        object.append(partBytes[parts.people])
        if !more.isEmpty {
            var bytes: [UInt8] = []
            JSONValue.writeMembers(more, indent: indent + 1, closesObject: false, to: &bytes)
            bytes.withUnsafeBufferPointer { object.append($0) }
        }
        // Every member line ends with ",\n": the last one's comma goes.
        object.removeLast(2)
        object.append(byte: 0x0A)
        object.appendSpaces(2 * indent)
        object.append(byte: UInt8(ascii: "}"))
        out.append(contentsOf: object.bytes)
    }

    /// Where the `calendar` member line for this title is in ``partBytes``: an output's
    /// occurrences are mostly from one calendar.
    private mutating func calendarLine(_ title: String) -> Range<Int> {
        if let line = calendarLine, Self.same(line.title, title) { return line.bytes }
        let start = partBytes.count
        MemberWriter(indent: indent + 1, out: partBytes).string("calendar", title)
        calendarLine = (title, start..<partBytes.count)
        return start..<partBytes.count
    }

    /// A date of the event as ``DateText/writeEventDate(_:of:to:)`` writes it; a zoned date's
    /// offset is the one of its event's last date when that date's span holds it.
    private func writeDate(_ name: StaticString, _ date: Date, of e: Event, parts: EventParts, _ w: MemberWriter) {
        guard !e.isAllDay, e.definedTimeZone == nil, let zone = e.timeZone else { return w.date(name, date, of: e) }
        guard parts.zoneName != "UTC" else { return w.date(name, date, offset: nil) }
        let t = date.timeIntervalSince1970
        if let known = parts.offset, known.span.contains(t) { return w.date(name, date, offset: known.seconds) }
        let found = ZoneOffsets.shared.offsetSpan(zone, at: date)
        parts.offset = (found.offset, found.span)
        w.date(name, date, offset: found.offset)
    }

    /// The event's parts: made now unless an event showing the same was written before.
    private mutating func parts(of e: Event) -> EventParts {
        // Copies of one stored event (a series' occurrences) share its storage.
        if let known = madeForStorage[e.storageIdentity] { return made[known.parts] }
        let zoneName = JSONOutput.zoneName(of: e)
        let uidHash = e.uid.hashValue
        if let known = madeForUID[uidHash]?.first(where: { zoneName == made[$0].zoneName && Self.shows(e, sameAs: made[$0].event) }) {
            madeForStorage[e.storageIdentity] = (known, e)
            return made[known]
        }
        let w = MemberWriter(indent: indent + 1, out: partBytes)
        let p = EventParts(event: e, zoneName: zoneName)
        var mark = partBytes.count
        w.string("uid", e.uid)
        p.uid = mark..<partBytes.count
        mark = partBytes.count
        w.string("title", e.title)
        p.title = mark..<partBytes.count
        mark = partBytes.count
        w.bool("isAllDay", e.isAllDay)
        w.string("timeZone", zoneName)
        w.string("location", e.location)
        w.string("notes", e.notes)
        w.string("url", e.url?.absoluteString)
        w.string("status", e.status.rawValue)
        p.details = mark..<partBytes.count
        mark = partBytes.count
        w.array("alarms", e.alarms) { a, inner in
            let offset = a.relativeDuration ?? a.relativeOffset.map { ICalDuration(exactly: $0) }
            inner.string("action", a.action.rawValue.lowercased())
            inner.string("offset", offset?.description)
            inner.string("relatedTo", offset == nil ? nil : a.relatedTo.rawValue)
            inner.string("date", a.absoluteDate.map(DateText.utc))
        }
        if let organizer = e.organizer {
            w.object("organizer") { inner in Self.participant(organizer, inner) }
        } else {
            w.null("organizer")
        }
        w.array("attendees", e.attendees) { a, inner in Self.participant(a, inner) }
        p.people = mark..<partBytes.count
        made.append(p)
        madeForUID[uidHash, default: []].append(made.count - 1)
        madeForStorage[e.storageIdentity] = (made.count - 1, e)
        return p
    }

    /// The two events are written alike by ``parts(of:)``: equal in every field it shows but the
    /// zone (which the caller compares by the name it writes).
    /// Texts are compared by their UTF-8 bytes: `String`'s `==` holds two spellings of one
    /// accented letter equal, which are written differently.
    private static func shows(_ a: Event, sameAs b: Event) -> Bool {
        same(a.uid, b.uid) && same(a.title, b.title) && a.isAllDay == b.isAllDay && a.definedTimeZone == b.definedTimeZone
            && same(a.location, b.location) && same(a.notes, b.notes) && same(a.url?.absoluteString, b.url?.absoluteString)
            && a.status == b.status && a.alarms == b.alarms
            && same(a.organizer, b.organizer) && a.attendees.count == b.attendees.count
            && zip(a.attendees, b.attendees).allSatisfy { same($0, $1) }
    }

    /// The two are written alike by ``participant(_:_:)``.
    private static func same(_ a: Participant?, _ b: Participant?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return same(a.name, b.name) && same(a.url, b.url) && a.role == b.role && a.status == b.status && a.type == b.type
            && a.rsvp == b.rsvp
    }

    static func same(_ a: String?, _ b: String?) -> Bool {
        guard var a, var b else { return a == nil && b == nil }
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
        }
    }

    private static func participant(_ p: Participant, _ w: MemberWriter) {
        w.string("name", p.name)
        // The address as a slice of the URL: no string made for it.
        w.string("email", p.emailStart.map { p.url[$0...] })
        w.string("url", p.url)
        w.string("role", p.role.rawValue)
        w.string("status", p.status.rawValue)
        w.string("type", p.type.rawValue)
        if let rsvp = p.rsvp { w.bool("rsvp", rsvp) } else { w.null("rsvp") }
    }

    /// Writes `"key": value,` lines at one indentation into a ``ByteBuffer``, in the layout of
    /// ``JSONValue/rendered()``; an object or array it writes drops the comma of its own last
    /// member.
    private struct MemberWriter {
        let indent: Int
        let out: ByteBuffer

        /// The indentation, the quoted key and `": `.
        @inline(__always)
        private func key(_ key: StaticString) {
            key.withUTF8Buffer { name in
                let p = out.reserve(2 * indent + name.count + 4)
                p.update(repeating: UInt8(ascii: " "), count: 2 * indent)
                var n = 2 * indent
                p[n] = UInt8(ascii: "\"")
                (p + n + 1).update(from: name.baseAddress!, count: name.count)
                n += name.count + 1
                p[n] = UInt8(ascii: "\"")
                p[n + 1] = UInt8(ascii: ":")
                p[n + 2] = UInt8(ascii: " ")
                out.didWrite(n + 3)
            }
        }

        /// A string, or null.
        func string(_ name: StaticString, _ value: String?) {
            guard var value else { return null(name) }
            value.withUTF8 { escaped(name, $0) }
        }

        /// A part of a string, or null.
        func string(_ name: StaticString, _ value: Substring?) {
            guard var value else { return null(name) }
            value.withUTF8 { escaped(name, $0) }
        }

        /// `"name": "…",` with these UTF-8 bytes escaped between the quotes.
        @inline(__always)
        private func escaped(_ name: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) {
            key(name)
            let p = out.reserve(JSONValue.maxQuotedCount(bytes.count) + 2)
            var n = JSONValue.writeQuoted(bytes, into: p)
            p[n] = UInt8(ascii: ",")
            p[n + 1] = 0x0A
            n += 2
            out.didWrite(n)
        }

        func null(_ name: StaticString) {
            key(name)
            out.append("null,\n")
        }

        func bool(_ name: StaticString, _ value: Bool) {
            key(name)
            out.append(value ? "true,\n" : "false,\n")
        }

        /// A date of the event as ``DateText/writeEventDate(_:of:to:)`` writes it.
        func date(_ name: StaticString, _ date: Date, of event: Event) {
            quoted(name) { DateText.writeEventDate(date, of: event, into: $0) }
        }

        /// A date at this offset from UTC (nil: in UTC), as ``DateText/writeRFC3339(_:offset:to:)`` writes it.
        func date(_ name: StaticString, _ date: Date, offset: Int?) {
            quoted(name) { DateText.writeRFC3339(date, offset: offset, into: $0) }
        }

        func day(_ name: StaticString, _ date: Date) {
            quoted(name) { DateText.writeDay(date, into: $0) }
        }

        /// `"name": "…",` with what `text` writes (at most ``DateText/maxBytes``) between the quotes.
        @inline(__always)
        private func quoted(_ name: StaticString, _ text: (UnsafeMutablePointer<UInt8>) -> Int) {
            key(name)
            let p = out.reserve(DateText.maxBytes + 4)
            p[0] = UInt8(ascii: "\"")
            let n = text(p + 1)
            p[n + 1] = UInt8(ascii: "\"")
            p[n + 2] = UInt8(ascii: ",")
            p[n + 3] = 0x0A
            out.didWrite(n + 4)
        }

        /// An object whose members `body` writes (with the writer one level in).
        func object(_ name: StaticString, _ body: (MemberWriter) -> Void) {
            key(name)
            openObject(body)
            out.append(",\n")
        }

        /// An array of objects, one per element, each written by `body` two levels in.
        func array<T>(_ name: StaticString, _ items: [T], _ body: (T, MemberWriter) -> Void) {
            key(name)
            if items.isEmpty {
                out.append("[],\n")
                return
            }
            out.append("[\n")
            let element = MemberWriter(indent: indent + 1, out: out)
            for (i, item) in items.enumerated() {
                out.appendSpaces(2 * (indent + 1))
                element.openObject { w in body(item, w) }
                out.append(i + 1 < items.count ? ",\n" : "\n")
            }
            out.appendSpaces(2 * indent)
            out.append("],\n")
        }

        /// `{`, the members one level in (the last one's comma dropped), `}` at this level.
        private func openObject(_ body: (MemberWriter) -> Void) {
            out.append("{\n")
            let start = out.count
            body(MemberWriter(indent: indent + 1, out: out))
            if out.count > start {
                out.removeLast(2)
                out.append(byte: 0x0A)
            }
            out.appendSpaces(2 * indent)
            out.append(byte: UInt8(ascii: "}"))
        }
    }
}
