#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names and enumerated values that nearly every iCalendar file spells the same way
/// (`DTSTART`, `TZID`, `PARTSTAT`, `ACCEPTED`, `VEVENT`...), found by their exact bytes and
/// given as the String literal with those bytes.
///
/// Making a String from bytes validates them as UTF-8 and, past 15 bytes, allocates; a 2,000-item
/// feed makes about 80,000 such strings, half of them these words. A literal costs neither, and
/// a long one is immortal, so copies of it are never retained or released.
///
/// The table is open-addressed by a hash of the length and the first and last bytes; a hit is
/// confirmed on every byte, so the result always equals `String(decoding: bytes, as: UTF8.self)`.
enum KnownTokens {
    /// The literal with exactly these bytes, or nil.
    @inline(__always)
    static func string(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let n = bytes.count
        guard n >= 2, n <= maxLength, let base = bytes.baseAddress else { return nil }
        let table = Self.table
        var slot = hash(count: n, first: base[0], last: base[n - 1]) & mask
        while true {
            let entry = table[slot]
            guard entry.count != 0 else { return nil }
            if entry.count == n, memcmp(entry.bytes, base, n) == 0 { return entry.string }
            slot = (slot + 1) & mask
        }
    }

    /// Every token in the table, as written. Property and parameter names (RFC 5545 §3.7–3.8,
    /// RFC 7986, common X- names), component names, and enumerated parameter and property values.
    static let words: [String] = [
        // Components.
        "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VALARM", "STANDARD", "DAYLIGHT",
        // Properties.
        "BEGIN", "END", "PRODID", "VERSION", "CALSCALE", "METHOD", "UID", "DTSTAMP", "DTSTART", "DTEND", "DUE",
        "DURATION", "SUMMARY", "DESCRIPTION", "LOCATION", "RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID",
        "SEQUENCE", "STATUS", "TRANSP", "CLASS", "CREATED", "LAST-MODIFIED", "ORGANIZER", "ATTENDEE",
        "CATEGORIES", "COMMENT", "CONTACT", "URL", "PRIORITY", "GEO", "RESOURCES", "RELATED-TO", "ATTACH",
        "REQUEST-STATUS", "COMPLETED", "PERCENT-COMPLETE", "FREEBUSY", "ACTION", "TRIGGER", "REPEAT", "TZID",
        "TZNAME", "TZOFFSETFROM", "TZOFFSETTO", "TZURL", "COLOR", "NAME", "IMAGE", "CONFERENCE", "REFRESH-INTERVAL",
        "X-WR-CALNAME", "X-WR-TIMEZONE", "X-WR-CALDESC", "X-APPLE-CALENDAR-COLOR", "X-MICROSOFT-CDO-BUSYSTATUS",
        "X-MICROSOFT-CDO-INTENDEDSTATUS", "X-MICROSOFT-CDO-ALLDAYEVENT", "X-MICROSOFT-CDO-IMPORTANCE",
        "X-MICROSOFT-DISALLOW-COUNTER", "X-LIC-LOCATION", "X-GOOGLE-CONFERENCE", "X-APPLE-STRUCTURED-LOCATION",
        "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR",
        // Parameters.
        "VALUE", "CN", "ROLE", "PARTSTAT", "RSVP", "CUTYPE", "EMAIL", "LANGUAGE", "ALTREP", "RELATED", "RELTYPE",
        "MEMBER", "DELEGATED-TO", "DELEGATED-FROM", "SENT-BY", "DIR", "FMTTYPE", "ENCODING", "FBTYPE", "RANGE",
        "X-NUM-GUESTS",
        // Values of VALUE, ROLE, PARTSTAT, CUTYPE, RSVP, RELATED, RANGE, ENCODING.
        "DATE", "DATE-TIME", "PERIOD", "TEXT", "URI", "BINARY", "BOOLEAN", "INTEGER", "UTC-OFFSET",
        "CHAIR", "REQ-PARTICIPANT", "OPT-PARTICIPANT", "NON-PARTICIPANT",
        "NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED", "IN-PROCESS",
        "INDIVIDUAL", "GROUP", "RESOURCE", "ROOM", "UNKNOWN", "TRUE", "FALSE", "START", "THISANDFUTURE", "BASE64",
        // Values of STATUS, TRANSP, CLASS, ACTION, METHOD, CALSCALE, VERSION.
        "CONFIRMED", "CANCELLED", "DRAFT", "FINAL", "OPAQUE", "TRANSPARENT", "PUBLIC", "PRIVATE", "CONFIDENTIAL",
        "DISPLAY", "AUDIO", "PUBLISH", "REQUEST", "GREGORIAN", "2.0", "BUSY", "FREE", "OOF",
    ]

    /// Longest token: longer bytes are not looked up.
    static let maxLength = 40

    /// `bytes` points into memory written once, before the table is published, and never after.
    private struct Entry: @unchecked Sendable {
        var count = 0
        var bytes: UnsafePointer<UInt8>
        var string: String
    }

    private static let mask = 511

    @inline(__always)
    private static func hash(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 37) ^ (Int(first) &* 11) ^ (Int(last) &* 131)
    }

    private static let table: [Entry] = {
        // The words' bytes, side by side, allocated once for the life of the process (a
        // literal of up to 15 bytes is held in the String value itself, not at a fixed place).
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: words.reduce(0) { $0 + $1.utf8.count })
        var table = [Entry](repeating: Entry(bytes: UnsafePointer(bytes), string: ""), count: mask + 1)
        var offset = 0
        for word in words {
            let utf8 = Array(word.utf8)
            let n = utf8.count
            precondition(n >= 2 && n <= maxLength && words.count * 2 <= mask, "token table out of range")
            (bytes + offset).initialize(from: utf8, count: n)
            var slot = hash(count: n, first: utf8[0], last: utf8[n - 1]) & mask
            while table[slot].count != 0 { slot = (slot + 1) & mask }
            table[slot] = Entry(count: n, bytes: UnsafePointer(bytes + offset), string: word)
            offset += n
        }
        return table
    }()
}
