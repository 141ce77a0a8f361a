/// What jCal needs to know of an iCalendar property name: its default value type, whether
/// its value is a comma list (one JSON value each) and whether it is structured (one JSON
/// array of its `;`-separated parts).
///
/// Properties not in the tables (X- properties, unknown IANA names) have the type `unknown`
/// unless a `VALUE` parameter names one, as RFC 7265 §5 says.
/// Related RFC 7265 section: <https://www.rfc-editor.org/rfc/rfc7265#section-3.4.1>
struct JCalPropertyKind: Hashable, Sendable {
    /// The upper-case iCalendar name (`DTSTART`).
    let name: String
    /// The type a value of this property has when no `VALUE` parameter says otherwise.
    let defaultType: String
    /// The property's value may be a comma list, written as one JSON value per element
    /// (RFC 7265 §3.4.1.2). TEXT lists split at unescaped commas only.
    let isMultiValued: Bool
    /// The property's value is structured: its `;`-separated parts are one JSON array
    /// (GEO's two floats, REQUEST-STATUS's texts; RFC 7265 §3.4.1.3).
    let isStructured: Bool
    /// RFC 7986's properties whose grammar always has `VALUE` (REFRESH-INTERVAL, CONFERENCE, IMAGE).
    private let valueAlwaysWritten: Bool
    /// Whether every text is of ``defaultType``'s shape (``JCalValueCodec/takesAnyText(_:)``).
    private let defaultTypeTakesAnyText: Bool

    /// The kind of the property named `name` (upper case): one lookup, the answers of the
    /// properties in the tables made once.
    init(name: String) {
        self = Self.known[name] ?? JCalPropertyKind(unlisted: name)
    }

    /// A property not in the tables: of type `unknown`, one value, not structured (the names
    /// that are otherwise are all in the tables).
    private init(unlisted name: String) {
        self.name = name
        defaultType = "unknown"
        isMultiValued = false
        isStructured = false
        valueAlwaysWritten = false
        defaultTypeTakesAnyText = true
        takesDateOrPeriod = false
    }

    private init(name: String, defaultType: String) {
        self.name = name
        self.defaultType = defaultType
        isMultiValued = ["CATEGORIES", "RESOURCES", "FREEBUSY", "EXDATE", "RDATE"].contains(name)
        isStructured = name == "GEO" || name == "REQUEST-STATUS"
        valueAlwaysWritten = ["REFRESH-INTERVAL", "CONFERENCE", "IMAGE"].contains(name)
        defaultTypeTakesAnyText = JCalValueCodec.takesAnyText(defaultType)
        takesDateOrPeriod = defaultType == "date-time"
    }

    /// The properties of ``defaultTypes``, by name.
    private static let known: [String: JCalPropertyKind] = Dictionary(
        uniqueKeysWithValues: defaultTypes.map { ($0.key, JCalPropertyKind(name: $0.key, defaultType: $0.value)) })

    /// Whether every text is of `type`'s shape (``JCalValueCodec/takesAnyText(_:)``), answered
    /// without comparing names for the property's own type, the type of most values.
    func takesAnyText(_ type: String) -> Bool {
        type == defaultType ? defaultTypeTakesAnyText : JCalValueCodec.takesAnyText(type)
    }

    /// Default value types of RFC 5545 §3.7–3.8, RFC 7986 §5, RFC 7953 (BUSYTYPE) and RFC 9074
    /// (ACKNOWLEDGED, PROXIMITY), with RFC 7265's type names.
    static let defaultTypes: [String: String] = {
        var types: [String: String] = [:]
        let byType: [String: [String]] = [
            "text": ["CALSCALE", "METHOD", "PRODID", "VERSION", "CATEGORIES", "CLASS", "COMMENT", "DESCRIPTION",
                     "LOCATION", "RESOURCES", "STATUS", "SUMMARY", "TRANSP", "TZID", "TZNAME", "CONTACT",
                     "RELATED-TO", "UID", "ACTION", "REQUEST-STATUS", "NAME", "COLOR", "BUSYTYPE", "PROXIMITY"],
            "uri": ["ATTACH", "TZURL", "URL", "SOURCE", "IMAGE", "CONFERENCE"],
            "float": ["GEO"],
            "integer": ["PERCENT-COMPLETE", "PRIORITY", "REPEAT", "SEQUENCE"],
            "date-time": ["COMPLETED", "DTEND", "DUE", "DTSTART", "RECURRENCE-ID", "EXDATE", "RDATE",
                          "CREATED", "DTSTAMP", "LAST-MODIFIED", "ACKNOWLEDGED"],
            "duration": ["DURATION", "TRIGGER", "REFRESH-INTERVAL"],
            "period": ["FREEBUSY"],
            "utc-offset": ["TZOFFSETFROM", "TZOFFSETTO"],
            "cal-address": ["ATTENDEE", "ORGANIZER"],
            "recur": ["RRULE", "EXRULE"],
        ]
        for (type, names) in byType {
            for name in names { types[name] = type }
        }
        return types
    }()

    /// Properties whose default is DATE-TIME but which also take a DATE or (RDATE) a PERIOD:
    /// their type is read from the value when `VALUE` is absent, as RFC 7265 §3.4.1.1 allows.
    let takesDateOrPeriod: Bool

    /// The jCal type of a property without `VALUE`, looking at `value` (the iCalendar text) for
    /// the properties that take several types: `20120901` is a date, `…/…` a period.
    func inferredType(of value: String) -> String {
        guard takesDateOrPeriod else { return defaultType }
        // The first element of the comma list that is not empty (the whole value when none is).
        var value = value
        return value.withUTF8 { b in
            let comma = UInt8(ascii: ",")
            let start = b.firstIndex { $0 != comma }
            let first = start.map { b[$0..<(b[$0...].firstIndex(of: comma) ?? b.count)] } ?? b[...]
            if first.contains(UInt8(ascii: "/")) { return "period" }
            if first.count == 8, first.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return "date" }
            return defaultType
        }
    }

    /// Whether an iCalendar line of this property needs `VALUE=type` to be read as `type`
    /// (RFC 5545 asks for `VALUE=DATE` on a DTSTART that is a date, too), or its grammar
    /// requires the parameter even for the default type (RFC 7986's REFRESH-INTERVAL,
    /// CONFERENCE and IMAGE). `value` is the iCalendar text: a DATE-TIME that is not one
    /// (`DTSTART;VALUE=DATE-TIME:20120901`) keeps its `VALUE` too, or it would read as a date.
    func needsValueParameter(for type: String, value: String) -> Bool {
        // Of the default type, the parameter is needed where the value reads as another type,
        // or the grammar has it always; of another type, unless that type is `unknown`.
        if type == defaultType { return (type != inferredType(of: value) || valueAlwaysWritten) && type != "unknown" }
        return type != "unknown"
    }
}
