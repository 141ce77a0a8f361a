import ICalCore

/// One value of an iCalendar property in both notations: the iCalendar text (`20120901T130000Z`)
/// and the jCal JSON value (`"2012-09-01T13:00:00Z"`), per RFC 7265 §3.6.
///
/// A value that does not have its type's shape has no jCal value here (nil); ``JCalWriter``
/// then keeps its text (see there), so that nothing is lost going either way: ical.js makes
/// `0` of an unreadable INTEGER, icalkit keeps `"foobar"`.
///
/// ```swift
/// JCalValueCodec.json(fromICalendar: "20120901T130000Z", type: "date-time")  // .string("2012-09-01T13:00:00Z")
/// JCalValueCodec.json(fromICalendar: "2012", type: "date-time")              // nil
/// try JCalValueCodec.iCalendar(fromJSON: .number("105"), type: "integer", at: JSONPath())  // "105"
/// ```
/// Related RFC 7265 section: <https://www.rfc-editor.org/rfc/rfc7265#section-3.6>
enum JCalValueCodec {
    // MARK: - iCalendar to jCal

    /// The jCal value of one iCalendar value (one element of a comma list, one part of a
    /// structured value) of the given type, or nil when the text does not have the type's shape.
    static func json(fromICalendar text: String, type: String) -> JSONNode? {
        switch type {
        case "text": return .string(TextCodec.unescape(text))
        case "date": return compactDate(text).map(JSONNode.string)
        case "date-time": return extendedDateTime(text).map(JSONNode.string)
        case "time": return extendedTime(text).map(JSONNode.string)
        case "utc-offset": return extendedOffset(text).map(JSONNode.string)
        case "duration": return isDuration(text) ? .string(text) : nil
        case "period": return period(text)
        case "recur": return recur(text)
        case "integer": return Int(text).map(JSONNode.integer)
        case "float": return float(text).map(JSONNode.number)
        case "boolean":
            switch text.uppercased() {
            case "TRUE": return .bool(true)
            case "FALSE": return .bool(false)
            default: return nil
            }
        default: return .string(text)   // binary, uri, cal-address, unknown and others: as written
        }
    }

    /// Whether `text` is of the type's shape: ``json(fromICalendar:type:)`` is not nil (found
    /// without making the JSON value for the types of dates, times and numbers).
    static func hasShape(_ text: String, type: String) -> Bool {
        switch type {
        case "date": matches(text, "dddddddd")
        case "date-time": matches(text, "ddddddddTddddddZ") || matches(text, "ddddddddTdddddd")
        case "time": matches(text, "dddddd") || matches(text, "ddddddZ")
        case "utc-offset": matches(text, "sdddd") || matches(text, "sdddddd")
        case "duration": isDuration(text)
        case "integer": Int(text) != nil
        case "recur": isRecur(text)
        default: json(fromICalendar: text, type: type) != nil
        }
    }

    /// Whether every text is of this type's shape (``json(fromICalendar:type:)`` is never nil
    /// for it): TEXT, and the types kept as written.
    static func takesAnyText(_ type: String) -> Bool {
        switch type {
        case "date", "date-time", "time", "utc-offset", "duration", "period", "recur", "integer", "float", "boolean": false
        default: true
        }
    }

    /// RFC 5545 §3.3.6: `[+-]P` then weeks, or days and/or a time part (`-PT15M`, `P1DT2H`, `P2W`):
    /// each designator after its digits (`T` after none), in the order `W D T H M S`, each at
    /// most once; weeks alone; a time part only after `T`, and `T` not last.
    static func isDuration(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { b in
            var i = 0
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "P"), b.count - i > 1 else { return false }
            i += 1
            var last = -1          // the place in `W D T H M S` of the last designator
            var designators = 0
            var weeks = false
            var digits = 0
            while i < b.count {
                let c = b[i]
                i += 1
                if isDigit(c) {
                    digits += 1
                    continue
                }
                let place: Int
                switch c {
                case UInt8(ascii: "W"): place = 0
                case UInt8(ascii: "D"): place = 1
                case UInt8(ascii: "T"): place = 2
                case UInt8(ascii: "H"): place = 3
                case UInt8(ascii: "M"): place = 4
                case UInt8(ascii: "S"): place = 5
                default: return false
                }
                guard place == 2 ? digits == 0 : digits > 0, place > last else { return false }
                // A time part needs the `T` before it: the order puts `T` between days and hours.
                if place > 2 && last < 2 { return false }
                last = place
                weeks = weeks || place == 0
                designators += 1
                digits = 0
            }
            return digits == 0 && last != 2 && !(weeks && designators > 1)
        }
    }

    /// `20120901` → `2012-09-01`.
    static func compactDate(_ s: String) -> String? { reshaped(s, from: "dddddddd", to: "dddd-dd-dd") }

    /// `20120901T130000Z` → `2012-09-01T13:00:00Z` (also without `Z`).
    static func extendedDateTime(_ s: String) -> String? {
        reshaped(s, from: "ddddddddTddddddZ", to: "dddd-dd-ddTdd:dd:ddZ") ?? reshaped(s, from: "ddddddddTdddddd", to: "dddd-dd-ddTdd:dd:dd")
    }

    /// `230000` → `23:00:00`, `230000Z` → `23:00:00Z`.
    static func extendedTime(_ s: String) -> String? {
        reshaped(s, from: "dddddd", to: "dd:dd:dd") ?? reshaped(s, from: "ddddddZ", to: "dd:dd:ddZ")
    }

    /// `-0500` → `-05:00`, `+055001` → `+05:50:01`.
    static func extendedOffset(_ s: String) -> String? {
        reshaped(s, from: "sdddd", to: "sdd:dd") ?? reshaped(s, from: "sdddddd", to: "sdd:dd:dd")
    }

    /// `start/end` or `start/duration` → `["1996-04-03T02:00:00Z", "PT3H"]`.
    private static func period(_ text: String) -> JSONNode? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let start = extendedDateTime(parts[0]) else { return nil }
        if let end = extendedDateTime(parts[1]) { return .array([.string(start), .string(end)]) }
        return isDuration(parts[1]) ? .array([.string(start), .string(parts[1])]) : nil
    }

    /// Recurrence rule parts whose values are integers (RFC 7265 §3.6.10).
    static let integerRuleParts: Set<String> = [
        "count", "interval", "bysecond", "byminute", "byhour", "bymonthday", "byyearday", "byweekno", "bymonth", "bysetpos",
    ]

    /// `FREQ=MONTHLY;BYMONTH=1,3` → `{"freq":"MONTHLY","bymonth":[1,3]}`; nil for a rule that
    /// is not `KEY=VALUE` parts (``isRecur(_:)``).
    private static func recur(_ text: String) -> JSONNode? {
        guard isRecur(text) else { return nil }
        var members: [JSONNode.Member] = []
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = pair[0].lowercased()
            let values: [JSONNode] = pair[1].split(separator: ",", omittingEmptySubsequences: false).map { item in
                let item = String(item)
                if key == "until" { return .string(extendedDateTime(item) ?? compactDate(item) ?? item) }
                if integerRuleParts.contains(key), let n = Int(item) { return .integer(n) }
                return .string(item)
            }
            members.append(JSONNode.Member(key, values.count == 1 ? values[0] : .array(values)))
        }
        return .object(members)
    }

    /// Whether `text` is a rule ``recur(_:)`` can write: one or more `KEY=VALUE` parts (neither
    /// empty; empty parts between `;`s are skipped), an UNTIL's values each a date or a
    /// date-time. Read as bytes: `;`, `=` and `,` are ASCII, and this runs once per rule.
    private static func isRecur(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            var parts = 0
            var start = 0
            while start < b.count {
                let end = b[start...].firstIndex(of: UInt8(ascii: ";")) ?? b.count
                defer { start = end + 1 }
                guard end > start else { continue }
                guard let equals = b[start..<end].firstIndex(of: UInt8(ascii: "=")), equals > start, equals + 1 < end else { return false }
                parts += 1
                guard isUntil(UnsafeBufferPointer(rebasing: b[start..<equals])) else { continue }
                var item = equals + 1
                while item <= end {
                    let itemEnd = b[item..<end].firstIndex(of: UInt8(ascii: ",")) ?? end
                    let value = UnsafeBufferPointer(rebasing: b[item..<itemEnd])
                    guard matches(value, "ddddddddTddddddZ") || matches(value, "ddddddddTdddddd") || matches(value, "dddddddd") else {
                        return false
                    }
                    item = itemEnd + 1
                }
            }
            return parts > 0
        }
    }

    /// Whether `key` is `UNTIL` in any case.
    private static func isUntil(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        key.count == 5 && zip(key, "until".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The JSON literal of an iCalendar FLOAT (`10.35`, `+1.5` → `1.5`), or nil when it is not one.
    private static func float(_ text: String) -> String? {
        if isJSONNumber(text) { return text }
        guard let value = Double(text), value.isFinite, text.utf8.allSatisfy({ isDigit($0) || "+-.".utf8.contains($0) }) else {
            return nil
        }
        return String(value)
    }

    // MARK: - jCal to iCalendar

    /// The iCalendar text of one jCal value of the given type; throws where the JSON value is
    /// not of a kind the type takes.
    static func iCalendar(fromJSON value: JSONNode, type: String, at path: @autoclosure () -> JSONPath) throws(FormatError) -> String {
        switch (type, value) {
        case ("text", .string(let s)): return TextCodec.escape(s)
        case ("date", .string(let s)): return compactDay(s) ?? s
        case ("date-time", .string(let s)): return compactDateTime(s) ?? s
        case ("time", .string(let s)): return compactTime(s) ?? s
        case ("utc-offset", .string(let s)): return compactOffset(s) ?? s
        case ("period", .array(let parts)):
            guard parts.count == 2, let start = parts[0].string, let end = parts[1].string else {
                throw path().error("expected a period: an array of two strings (start, and end or duration)")
            }
            return (compactDateTime(start) ?? start) + "/" + (compactDateTime(end) ?? end)
        case ("recur", .object(let members)): return try recurText(members, at: path())
        case ("integer", .number(let literal)), ("float", .number(let literal)): return literal
        case ("boolean", .bool(let b)): return b ? "TRUE" : "FALSE"
        case (_, .string(let s)): return s   // the text as written (a value kept as text, or a type without a JSON form)
        case ("integer", _), ("float", _): throw path().error("expected a number")
        case ("boolean", _): throw path().error("expected true or false")
        case ("recur", _): throw path().error("expected an object (a recurrence rule)")
        default: throw path().error("expected a string")
        }
    }

    /// `2012-09-01T13:00:00Z` → `20120901T130000Z`.
    static func compactDateTime(_ s: String) -> String? {
        reshaped(s, from: "dddd-dd-ddTdd:dd:ddZ", to: "ddddddddTddddddZ") ?? reshaped(s, from: "dddd-dd-ddTdd:dd:dd", to: "ddddddddTdddddd")
    }

    /// `2012-09-01` → `20120901`.
    static func compactDay(_ s: String) -> String? { reshaped(s, from: "dddd-dd-dd", to: "dddddddd") }

    /// `23:00:00Z` → `230000Z`.
    static func compactTime(_ s: String) -> String? {
        reshaped(s, from: "dd:dd:dd", to: "dddddd") ?? reshaped(s, from: "dd:dd:ddZ", to: "ddddddZ")
    }

    /// `+05:50:01` → `+055001`.
    static func compactOffset(_ s: String) -> String? {
        reshaped(s, from: "sdd:dd", to: "sdddd") ?? reshaped(s, from: "sdd:dd:dd", to: "sdddddd")
    }

    /// `{"freq":"MONTHLY","bymonth":[1,3]}` → `FREQ=MONTHLY;BYMONTH=1,3` (FREQ first, the
    /// others in the order written).
    private static func recurText(_ members: [JSONNode.Member], at path: @autoclosure () -> JSONPath) throws(FormatError) -> String {
        let ordered = members.filter { $0.key.lowercased() == "freq" } + members.filter { $0.key.lowercased() != "freq" }
        var parts: [String] = []
        for member in ordered {
            let key = member.key.lowercased()
            let items = member.value.array ?? [member.value]
            var texts: [String] = []
            for (i, item) in items.enumerated() {
                switch item {
                case .number(let literal): texts.append(literal)
                case .string(let s) where key == "until": texts.append(compactDateTime(s) ?? compactDay(s) ?? s)
                case .string(let s): texts.append(s)
                default:
                    let memberPath = path().key(member.key)
                    throw (member.value.array == nil ? memberPath : memberPath.index(i)).error("expected a string or a number")
                }
            }
            parts.append(key.uppercased() + "=" + texts.joined(separator: ","))
        }
        return parts.joined(separator: ";")
    }

    // MARK: - Helpers

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Whether `s` has the shape of `pattern`: `d` stands for a digit and `s` for a sign (`+` or
    /// `-`), any other byte for itself. Byte by byte, as this runs once per date of every item.
    private static func matches(_ s: String, _ pattern: StaticString) -> Bool {
        guard s.utf8.count == pattern.utf8CodeUnitCount else { return false }
        var s = s
        return s.withUTF8 { matches($0, pattern) }
    }

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ pattern: StaticString) -> Bool {
        guard text.count == pattern.utf8CodeUnitCount else { return false }
        return pattern.withUTF8Buffer { pattern in
            for i in 0..<pattern.count {
                let c = text[i]
                switch pattern[i] {
                case UInt8(ascii: "d"): guard isDigit(c) else { return false }
                case UInt8(ascii: "s"): guard c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return false }
                case let p: guard c == p else { return false }
                }
            }
            return true
        }
    }

    /// `s` rewritten from one pattern (``matches(_:_:)``) to another when it has the shape of
    /// `from`, else nil: its digits and signs are copied in order into the places of `to`'s,
    /// the other bytes of `to` stand for themselves (`dddd-dd-dd` to `dddddddd` turns
    /// `2012-09-01` into `20120901`).
    private static func reshaped(_ s: String, from: StaticString, to: StaticString) -> String? {
        guard s.utf8.count == from.utf8CodeUnitCount else { return nil }
        var s = s
        return s.withUTF8 { text in
            guard matches(text, from) else { return nil }
            return from.withUTF8Buffer { from in to.withUTF8Buffer { to in
                String(unsafeUninitializedCapacity: to.count) { out in
                    var next = 0   // in `text` and `from`: the place of the next digit or sign to copy
                    for i in 0..<to.count {
                        let p = to[i]
                        guard p == UInt8(ascii: "d") || p == UInt8(ascii: "s") else {
                            out[i] = p
                            continue
                        }
                        while from[next] != UInt8(ascii: "d") && from[next] != UInt8(ascii: "s") { next += 1 }
                        out[i] = text[next]
                        next += 1
                    }
                    return to.count
                }
            } }
        }
    }

    /// RFC 8259's number grammar.
    private static func isJSONNumber(_ s: String) -> Bool {
        guard case .number? = try? JSONNode(parsing: Array(s.utf8)) else { return false }
        return true
    }
}
