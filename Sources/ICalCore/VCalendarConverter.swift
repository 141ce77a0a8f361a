internal import CLibical
import Foundation

/// vCalendar 1.0 (`.vcs`: old Outlook, Nokia and Palm exports) to iCalendar 2.0 text, through
/// libical's vCal parser (`Parse_MIME`, vcc.h) and converter (`icalvcal_convert`, icalvcal.h,
/// libicalvcal): DCREATED, AALARM/DALARM, vCal 1.0's RRULE grammar (`W1 MO TU #10`) and
/// quoted-printable values become their iCalendar forms.
///
/// ```swift
/// let converted = try VCalendarConverter.iCalendar(fromVCalendar: Array(vcs.utf8))
/// converted.iCalendar   // "BEGIN:VCALENDAR\r\n…VERSION:2.0\r\n…" as UTF-8
/// converted.notes       // what the converter could not carry over
/// ```
/// What libical's converter could not carry over it notes as X-LIC-ERROR properties; those are
/// taken out of the text and returned as ``Conversion/notes`` (but for its notes that ENCODING
/// and CHARSET are unsupported: the parser has already decoded those values). An AALARM
/// without a sound is dropped by the converter (it needs one, RFC 5545 does not); that is a
/// note too. The file's PRODID is kept (the converter would write its own).
/// Quoted-printable values are decoded before the parser sees them and base64 values dropped
/// (``VCalendarPreparation``: the parser can loop for ever in those modes).
/// The parser keeps its state in globals, so calls are serialized. Input it cannot parse is an
/// ``ICalError`` (`.parse`).
/// Related specification: vCalendar 1.0, <https://www.imc.org/pdi/vcal-10.txt> (Internet Mail Consortium).
public enum VCalendarConverter {
    private static let lock = NSLock()

    /// Whether `prefix` (an input's first bytes) is vCalendar 1.0: a VCALENDAR whose VERSION is 1.0.
    public static func looksLikeVCalendar(_ prefix: some Collection<UInt8>) -> Bool {
        let text = String(decoding: prefix, as: UTF8.self).uppercased()
        guard text.contains("BEGIN:VCALENDAR") else { return false }
        return text.replacingOccurrences(of: " ", with: "").contains("\nVERSION:1.0")
    }

    /// The iCalendar text of a vCalendar 1.0 input, and what could not be carried over.
    public struct Conversion: Sendable {
        public var iCalendar: [UInt8]
        public var notes: [String]
    }

    public static func iCalendar(fromVCalendar bytes: [UInt8]) throws(ICalError) -> Conversion {
        lock.lock()
        defer { lock.unlock() }
        // Parse_MIME reads `len` bytes; a NUL inside would end a C string the converter copies.
        let text = bytes.filter { $0 != 0 }
        // Quoted-printable and base64 values never reach the lexer (see VCalendarPreparation:
        // in those modes it can loop for ever on malformed input).
        let prepared = VCalendarPreparation.prepare(text)
        guard let objects = prepared.text.withUnsafeBufferPointer({ buffer -> OpaquePointer? in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { Parse_MIME($0, UInt(buffer.count)) }
            }
        }) else {
            throw ICalError(code: .parse, message: "not a vCalendar 1.0 file that libical's vCal parser can read")
        }
        defer { cleanVObjects(objects) }
        guard let component = icalvcal_convert(objects) else {
            throw ICalError(code: .parse, message: "libical could not convert this vCalendar 1.0 file to iCalendar")
        }
        defer { icalcomponent_free(component) }
        var notes = prepared.notes
        takeErrors(of: component, into: &notes)
        // The converter writes its own PRODID; the file's says who made the data.
        let lines = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline)
        if let prodid = lines.first(where: { $0.uppercased().hasPrefix("PRODID:") })?.dropFirst(7),
           let p = icalcomponent_get_first_property(component, ICAL_PRODID_PROPERTY) {
            icalproperty_set_prodid(p, String(prodid))
        }
        let audioAlarms = count(of: component, ICAL_VALARM_COMPONENT) { icalcomponent_get_first_property($0, ICAL_ACTION_PROPERTY).map { icalproperty_get_action($0) == ICAL_ACTION_AUDIO } ?? false }
        let aalarms = lines.filter { $0.uppercased().hasPrefix("AALARM") }.count
        if aalarms > audioAlarms {
            notes.append("\(aalarms - audioAlarms) audio alarm\(aalarms - audioAlarms == 1 ? "" : "s") (AALARM) without a sound dropped: libical's vCalendar converter needs one")
        }
        guard let buffer = icalcomponent_as_ical_string_r(component) else { return Conversion(iCalendar: [], notes: notes) }
        defer { icalmemory_free_buffer(buffer) }
        let ics = Array(UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: strlen(buffer)))
        return Conversion(iCalendar: VCalendarPreparation.restoringLineBreaks(ics), notes: notes)
    }

    /// Removes the converter's X-LIC-ERROR properties from `component` and its subcomponents,
    /// noting their text (with the item's UID when it has one).
    private static func takeErrors(of component: OpaquePointer, into notes: inout [String]) {
        var found: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let p = property {
            found.append(p)
            property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        let uid = icalcomponent_get_first_property(component, ICAL_UID_PROPERTY).flatMap { icalproperty_get_uid($0) }.map { String(cString: $0) }
        for p in found {
            let text = icalproperty_get_xlicerror(p).map { String(cString: $0) } ?? "unknown"
            if !text.hasSuffix(": ENCODING") && !text.hasSuffix(": CHARSET") {
                notes.append((uid.map { "UID \($0): " } ?? "") + "vCalendar: " + text)
            }
            icalcomponent_remove_property(component, p)
            icalproperty_free(p)
        }
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let c = child {
            takeErrors(of: c, into: &notes)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
    }

    /// How many components of `kind` under `component` (at any depth) satisfy `test`.
    private static func count(of component: OpaquePointer, _ kind: icalcomponent_kind, where test: (OpaquePointer) -> Bool) -> Int {
        var n = 0
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let c = child {
            if icalcomponent_isa(c) == kind, test(c) { n += 1 }
            n += count(of: c, kind, where: test)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return n
    }
}
