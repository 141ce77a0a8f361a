import CalendarFormats
import CalendarTestSupport
import Testing

/// jCal and icalkit JSON translated as they are read (``InputFormat/translate(chunks:_:)``):
/// the same iCalendar text and places whatever the chunks, and the errors of a document read
/// whole (JSON paths of the item at fault, text that is not JSON said first).
@Suite("jCal and JSON read in chunks")
struct StreamedTranslationTests {
    /// The translation of `text` read in chunks of `size` bytes, joined.
    static func translated(_ text: String, as format: InputFormat, size: Int) throws -> TranslatedInput {
        let bytes = Array(text.utf8)
        var offset = 0
        var whole = TranslatedInput()
        try format.translate(chunks: {
            guard offset < bytes.count else { return nil }
            defer { offset += size }
            return Array(bytes[offset..<min(offset + size, bytes.count)])
        }, { piece in
            whole.iCalendar += piece.iCalendar
            whole.placeLines += piece.placeLines
        })
        return whole
    }

    /// The error of `text` (jCal or icalkit JSON, told apart as `convert` does) read in chunks of `size`.
    static func error(_ text: String, size: Int) -> String? {
        do {
            _ = try translated(text, as: InputFormat.detect(prefix: Array(text.utf8), fileExtension: ""), size: size)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func lines(_ t: TranslatedInput) -> [String] {
        String(decoding: t.iCalendar, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    /// Two events, the second's summary with RFC 8259 escapes: `\"`, `\\`, `\n` and a surrogate
    /// pair (U+1D11E, RFC 8259 §7's example); iCalendar TEXT (RFC 5545 §3.3.11) writes the
    /// backslash as `\\` and the line break as `\n`, the quote and the character as they are.
    static let jcal = #"""
        ["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//x//y//EN"]],[
          ["vevent",[["uid",{},"text","a@x"],["dtstart",{},"date","2026-03-02"]],[]],
          ["vevent",[["uid",{},"text","b@x"],["summary",{},"text","say \"hi\" \\ now\nthen \uD834\uDD1E"],
                     ["dtstart",{"tzid":"Europe/Berlin"},"date-time","2026-03-03T09:00:00"]],
           [["valarm",[["action",{},"text","DISPLAY"],["trigger",{},"duration","-PT15M"]],[]]]]
        ]]
        """#

    static let expectedJCalLines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN",
        "BEGIN:VEVENT", "UID:a@x", "DTSTART;VALUE=DATE:20260302", "END:VEVENT",
        "BEGIN:VEVENT", "UID:b@x", "SUMMARY:say \"hi\" \\\\ now\\nthen \u{1D11E}",
        "DTSTART;TZID=Europe/Berlin:20260303T090000",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
        "END:VCALENDAR",
    ]

    static let json = #"""
        {"schemaVersion": 1, "calendars": [
          {"title": "Plan", "events": [
            {"uid": "a@x", "title": "caf\u00e9 \ud834\udd1e", "start": "2026-03-02", "end": "2026-03-03"},
            {"uid": "b@x", "start": "2026-03-03T08:00:00Z", "recurrenceRules": ["FREQ=WEEKLY;COUNT=2"]}
          ], "reminders": [{"uid": "r@x", "title": "notes\ttab", "due": "2026-03-04"}], "color": "#FF0000"}
        ]}
        """#

    /// Read in chunks, each document gives the text and places it gives read whole, and the
    /// lines written out above from its text.
    @Test(arguments: [1, 7, 1 << 20])
    func inChunksIsReadWhole(_ size: Int) throws {
        let jcal = try Self.translated(Self.jcal, as: .jcal, size: size)
        let jcalWhole = try JCalReader.iCalendar(fromJSON: Array(Self.jcal.utf8))
        #expect(jcal.iCalendar == jcalWhole.iCalendar)
        #expect(jcal.places == jcalWhole.places)
        #expect(Self.lines(jcal) == Self.expectedJCalLines)
        #expect(jcal.places[8] == "[2][1][1][0]")   // UID:b@x
        #expect(jcal.places[11] == "[2][1][2][0]")  // BEGIN:VALARM

        let json = try Self.translated(Self.json, as: .calendarJSON, size: size)
        let jsonWhole = try CalendarJSONReader.iCalendar(fromJSON: Array(Self.json.utf8))
        #expect(json.iCalendar == jsonWhole.iCalendar)
        #expect(json.places == jsonWhole.places)
        let lines = Self.lines(json)
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.contains("X-WR-CALNAME:Plan"))
        #expect(lines.contains("SUMMARY:caf\u{E9} \u{1D11E}"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;COUNT=2"))
        #expect(lines.contains("SUMMARY:notes\ttab"))
        // A head member after the items is the calendar's all the same, written before its END.
        #expect(Array(lines.suffix(2)) == ["COLOR:#FF0000", "END:VCALENDAR"])
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 1)
    }

    /// Each physical line's place, a folded line's on both of its lines (RFC 5545 §3.1 folds at
    /// 75 octets; the 100-letter description makes two), and the places of chosen lines found
    /// in one pass as the whole list gives them.
    @Test func foldedLineHasItsPlaceOnEachLine() throws {
        let long = String(repeating: "x", count: 100)
        let text = #"["vcalendar",[["version",{},"text","2.0"]],[["vevent",[["uid",{},"text","a"],["description",{},"text",""# + long + #""]],[]]]]"#
        let t = try JCalReader.iCalendar(fromJSON: Array(text.utf8))
        #expect(Self.lines(t).count == 8)
        #expect(t.places == ["(top level)", "[1][0]", "[2][0]", "[2][0][1][0]", "[2][0][1][1]", "[2][0][1][1]", "[2][0]", "(top level)"])
        #expect(t.places(ofLines: [1, 5, 6, 8, 9]) == [1: "(top level)", 5: "[2][0][1][1]", 6: "[2][0][1][1]", 8: "(top level)"])
    }

    static let badCases: [BadInputCase] = [
        BadInputCase(id: "JSON: the 2nd event after a valid one", json: #"{"calendars":[{"events":[{"uid":"a","start":"2026-03-02"},{"uid":"b","start":"soon"}]}]}"#,
                message: #"calendars[0].events[1].start: expected RFC 3339 or YYYY-MM-DD, found "soon""#),
        BadInputCase(id: "JSON: the 2nd calendar after a valid one", json: #"{"calendars":[{"events":[{"uid":"a","start":"2026-03-02"}]},{"reminders":[{"uid":"r","priority":"high"}]}]}"#,
                message: "calendars[1].reminders[0].priority: expected a whole number from 0 to 9, found \"high\""),
        BadInputCase(id: "jCal: the 2nd event after a valid one", json: #"["vcalendar",[],[["vevent",[["uid",{},"text","a"]],[]],["vevent",[["summary",{},"text",5]],[]]]]"#,
                message: "[2][1][1][0][3]: expected a string"),
        BadInputCase(id: "jCal: the 2nd calendar of a list", json: #"[["vcalendar",[],[]],["vcalendar",[],[["vevent",[7],[]]]]]"#,
                message: "[1][2][0][1][0]: expected an array (a property: [name, {parameters}, type, value...]), found a number"),
        BadInputCase(id: "JSON: truncated after a valid item", json: "{\"calendars\":[{\"events\":[\n{\"uid\":\"a\",\"start\":\"2026-03-02\"},\n{\"uid\":\"b\",\"sta",
                message: "line 3, column 16: not JSON: the string is not closed"),
        BadInputCase(id: "jCal: truncated", json: #"["vcalendar",[],[["vevent",[],[]],"#,
                message: "line 1, column 35: not JSON: expected a value"),
        // What is not JSON is said first, as when the document was parsed whole before it was read.
        BadInputCase(id: "jCal: a shape error before text that is not JSON", json: #"["vcalendar",[["version",{},"text"]],[["vevent",[],[]] x"#,
                message: "line 1, column 56: not JSON: expected ',' or ']'"),
        BadInputCase(id: "JSON: a shape error before text that is not JSON", json: #"{"calendars":[{"events":[{"uid":5}]}], "x": tru}"#,
                message: "line 1, column 45: not JSON: expected a value"),
        // A component of other than three items is said as that first, as when read whole.
        BadInputCase(id: "jCal: four items and a bad property", json: #"["vcalendar",[["version",{},"text"]],[["vevent",[],[]]],{"x":1}]"#,
                message: "(top level): expected a component of 3 items ([name, [properties], [components]]), found 4"),
        BadInputCase(id: "jCal: a bad item in a calendar of four items", json: #"[["vcalendar",[],[["vevent",[5],[]]],[],[]]]"#,
                message: "[0]: expected a component of 3 items ([name, [properties], [components]]), found 5"),
        // Inside a component, what is checked first when it is read whole is said first: its
        // count, its name, that its properties and then its subcomponents are arrays, then the
        // properties in order, then the subcomponents.
        BadInputCase(id: "jCal: an item of four items and a bad property", json: #"["vcalendar",[],[["vevent",[7],[],[]]]]"#,
                message: "[2][0]: expected a component of 3 items ([name, [properties], [components]]), found 4"),
        BadInputCase(id: "jCal: an item of two items and a bad name", json: #"["vcalendar",[],[[5,[]]]]"#,
                message: "[2][0]: expected a component of 3 items ([name, [properties], [components]]), found 2"),
        BadInputCase(id: "jCal: an item with a bad name and properties not an array", json: #"["vcalendar",[],[[5,{},[]]]]"#,
                message: "[2][0][0]: expected a string (the component name), found a number"),
        BadInputCase(id: "jCal: an item's subcomponents not an array, and a bad property", json: #"["vcalendar",[],[["vevent",[7],5]]]"#,
                message: "[2][0][2]: expected an array (the subcomponents), found a number"),
        BadInputCase(id: "jCal: a calendar's subcomponents not an array, and a bad property", json: #"["vcalendar",[7],{"a":[]}]"#,
                message: "[2]: expected an array (the subcomponents), found an object"),
        BadInputCase(id: "jCal: an item not an array", json: #"["vcalendar",[],[{"a":1}]]"#,
                message: "[2][0]: expected an array (a component: [name, [properties], [components]]), found an object"),
        BadInputCase(id: "jCal: an alarm of two items in an item of four", json: #"["vcalendar",[],[["vevent",[],[["valarm",[]]],[]]]]"#,
                message: "[2][0]: expected a component of 3 items ([name, [properties], [components]]), found 4"),
        BadInputCase(id: "jCal: an alarm of two items", json: #"["vcalendar",[],[["vevent",[],[["valarm",[]]]]]]"#,
                message: "[2][0][2][0]: expected a component of 3 items ([name, [properties], [components]]), found 2"),
        BadInputCase(id: "jCal: a bad alarm property after a bad item property", json: #"["vcalendar",[],[["vevent",[["uid",{},"text",1]],[["valarm",[7],[]]]]]]"#,
                message: "[2][0][1][0][3]: expected a string"),
        BadInputCase(id: "jCal: a property of three items and a bad name", json: #"["vcalendar",[],[["vevent",[[5,{},"text"]],[]]]]"#,
                message: "[2][0][1][0]: expected a property of at least 4 items ([name, {parameters}, type, value...]), found 3"),
        BadInputCase(id: "jCal: a bad name before bad parameters", json: #"["vcalendar",[],[["vevent",[[5,[],"text","v"]],[]]]]"#,
                message: "[2][0][1][0][0]: expected a string (the property name), found a number"),
        BadInputCase(id: "jCal: a bad type before a bad parameter", json: #"["vcalendar",[],[["vevent",[["x-a",{"p":1},5,"v"]],[]]]]"#,
                message: #"[2][0][1][0][2]: expected a string (the value type, such as "text" or "date-time")"#),
        BadInputCase(id: "jCal: a bad parameter before a bad value", json: #"["vcalendar",[],[["vevent",[["x-a",{"value":"x"},"text",5]],[]]]]"#,
                message: #"[2][0][1][0][1].value: the value type goes in the property's third item, not a "value" parameter"#),
        BadInputCase(id: "jCal: the second of two bad values", json: #"["vcalendar",[],[["vevent",[["categories",{},"text","a",5,6]],[]]]]"#,
                message: "[2][0][1][0][4]: expected a string"),
        BadInputCase(id: "JSON: schemaVersion after a bad calendar", json: #"{"calendars":[{"events":[{"uid":5}]}],"schemaVersion":2}"#,
                message: "schemaVersion: expected 1 (the version of icalkit's JSON this icalkit reads)"),
        BadInputCase(id: "JSON: too deep", json: #"{"calendars":[{"events":[{"uid":"a","x":"# + String(repeating: "[", count: 260) + String(repeating: "]", count: 260) + "}]}]}",
                message: "line 1, column 292: not JSON: nested more than 256 deep"),
    ]

    @Test(arguments: badCases)
    func errorsAreThoseOfTheWholeDocument(_ c: BadInputCase) {
        for size in [1, 7, 1 << 20] {
            #expect(Self.error(c.json, size: size) == c.message, "chunks of \(size)")
        }
    }
}
