@testable import CalendarFormats
import Testing

/// Single properties both ways, with the jCal that RFC 7265 §3.4–3.6 gives for each iCalendar
/// line (its examples, and its rules where it gives none).
@Suite("jCal values (RFC 7265 examples)")
struct JCalValueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        /// One unfolded iCalendar content line.
        let ics: String
        /// The jCal property RFC 7265 gives for it.
        let jcal: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        // §3.6.1 BINARY
        Case(id: "binary", ics: "ATTACH;VALUE=BINARY;ENCODING=BASE64:SGVsbG8gV29ybGQh",
             jcal: #"["attach",{"encoding":"BASE64"},"binary","SGVsbG8gV29ybGQh"]"#),
        // §3.6.2 BOOLEAN
        Case(id: "boolean", ics: "X-NON-SMOKING;VALUE=BOOLEAN:TRUE", jcal: #"["x-non-smoking",{},"boolean",true]"#),
        // §3.6.3 CAL-ADDRESS
        Case(id: "cal-address", ics: "ATTENDEE:mailto:user@example.org", jcal: #"["attendee",{},"cal-address","mailto:user@example.org"]"#),
        // §3.6.4 DATE
        Case(id: "date", ics: "DTSTART;VALUE=DATE:20110512", jcal: #"["dtstart",{},"date","2011-05-12"]"#),
        // §3.6.5 DATE-TIME
        Case(id: "date-time UTC", ics: "DTSTART:20120901T130000Z", jcal: #"["dtstart",{},"date-time","2012-09-01T13:00:00Z"]"#),
        Case(id: "date-time in a zone", ics: "DTSTART;TZID=Europe/Berlin:20120901T130000",
             jcal: #"["dtstart",{"tzid":"Europe/Berlin"},"date-time","2012-09-01T13:00:00"]"#),
        // §3.6.6 DURATION
        Case(id: "duration", ics: "DURATION:P1DT3H", jcal: #"["duration",{},"duration","P1DT3H"]"#),
        // §3.6.7 FLOAT, §3.4.1.3 structured GEO
        Case(id: "geo", ics: "GEO:37.386013;-122.082932", jcal: #"["geo",{},"float",[37.386013,-122.082932]]"#),
        // §3.6.8 INTEGER
        Case(id: "integer", ics: "PERCENT-COMPLETE:42", jcal: #"["percent-complete",{},"integer",42]"#),
        // §3.6.9 PERIOD
        Case(id: "period with end", ics: "FREEBUSY:19970308T160000Z/19970308T200000Z",
             jcal: #"["freebusy",{},"period",["1997-03-08T16:00:00Z","1997-03-08T20:00:00Z"]]"#),
        Case(id: "period with duration", ics: "FREEBUSY:19970308T160000Z/PT8H30M",
             jcal: #"["freebusy",{},"period",["1997-03-08T16:00:00Z","PT8H30M"]]"#),
        // §3.6.10 RECUR
        Case(id: "recur", ics: "RRULE:FREQ=YEARLY;COUNT=5;BYDAY=-1SU,2MO",
             jcal: #"["rrule",{},"recur",{"freq":"YEARLY","count":5,"byday":["-1SU","2MO"]}]"#),
        Case(id: "recur with until", ics: "RRULE:FREQ=WEEKLY;UNTIL=20260331T220000Z;WKST=MO",
             jcal: #"["rrule",{},"recur",{"freq":"WEEKLY","until":"2026-03-31T22:00:00Z","wkst":"MO"}]"#),
        // §3.6.11 TEXT
        Case(id: "text with escapes", ics: #"DESCRIPTION:One\, two\; three\nfour \\ five"#,
             jcal: #"["description",{},"text","One, two; three\nfour \\ five"]"#),
        // §3.6.12 TIME
        Case(id: "time", ics: "X-TIME-OF-DAY;VALUE=TIME:123000", jcal: #"["x-time-of-day",{},"time","12:30:00"]"#),
        // §3.6.13 URI
        Case(id: "uri", ics: "TZURL:http://example.com/tz/America-New_York", jcal: #"["tzurl",{},"uri","http://example.com/tz/America-New_York"]"#),
        // §3.6.14 UTC-OFFSET
        Case(id: "utc-offset", ics: "TZOFFSETFROM:-0500", jcal: #"["tzoffsetfrom",{},"utc-offset","-05:00"]"#),
        // §3.4.1.2 multi-valued
        Case(id: "multi-valued exdate", ics: "EXDATE:20120901T130000Z,20120902T130000Z",
             jcal: #"["exdate",{},"date-time","2012-09-01T13:00:00Z","2012-09-02T13:00:00Z"]"#),
        // §3.4.1.3 structured REQUEST-STATUS
        Case(id: "request-status", ics: "REQUEST-STATUS:2.0;Success", jcal: #"["request-status",{},"text",["2.0","Success"]]"#),
        // §3.5 parameters: multi-valued as an array
        Case(id: "multi-valued parameter", ics: #"ATTENDEE;MEMBER="mailto:a@example.org","mailto:b@example.org":mailto:c@example.org"#,
             jcal: #"["attendee",{"member":["mailto:a@example.org","mailto:b@example.org"]},"cal-address","mailto:c@example.org"]"#),
        // §5: unknown properties without VALUE are "unknown", their text as written
        Case(id: "x-property", ics: #"X-WR-CALNAME:Team\, Berlin"#, jcal: #"["x-wr-calname",{},"unknown","Team\\, Berlin"]"#),
        // §3.4.1.1 a DATE-TIME property with a DATE value needs VALUE=DATE back in iCalendar
        Case(id: "rdate of dates", ics: "RDATE;VALUE=DATE:20121001,20121002", jcal: #"["rdate",{},"date","2012-10-01","2012-10-02"]"#),
    ]

    static func jcal(ofLine line: String) throws -> JSONNode {
        let ics = "BEGIN:VCALENDAR\r\n\(line)\r\nEND:VCALENDAR\r\n"
        let calendar = try #require(JCalWriter.jcal(fromICalendar: Array(ics.utf8)).array)
        return try #require(calendar[1].array?.first)
    }

    @Test(arguments: cases)
    func iCalendarToJCal(_ c: Case) throws {
        let expected = try JSONNode(parsing: Array(c.jcal.utf8))
        #expect(JCalMeaning.normalized(try Self.jcal(ofLine: c.ics)) == JCalMeaning.normalized(expected))
    }

    /// jCal to iCalendar gives the line as RFC 5545 writes it (here, every case's line is
    /// written as RFC 5545 would write it back).
    @Test(arguments: cases)
    func jcalToICalendar(_ c: Case) throws {
        let document = #"["vcalendar",["#.utf8 + Array(c.jcal.utf8) + #"],[]]"#.utf8
        let ics = try JCalReader.iCalendar(fromJSON: Array(document))
        let text = String(decoding: ics.iCalendar, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text == "BEGIN:VCALENDAR\r\n\(c.ics)\r\nEND:VCALENDAR\r\n")
    }

    /// A jCal value that does not have its type's iCalendar shape is written as it is, and keeps
    /// its type as `VALUE` (without it, the line would be read as of its property's default
    /// type, or as of type unknown); one that has the shape needs no `VALUE` for its default type.
    static let valueKept: [(jcal: String, ics: String)] = [
        (#"["dtstart",{},"date-time","2012"]"#, "DTSTART;VALUE=DATE-TIME:2012"),
        (#"["x-a",{},"integer","foobar"]"#, "X-A;VALUE=INTEGER:foobar"),
        (#"["sequence",{},"integer",3]"#, "SEQUENCE:3"),
        (#"["sequence",{},"integer",1.5]"#, "SEQUENCE;VALUE=INTEGER:1.5"),
        (#"["trigger",{},"duration","-PT15M"]"#, "TRIGGER:-PT15M"),
        (#"["trigger",{},"duration","15 minutes"]"#, "TRIGGER;VALUE=DURATION:15 minutes"),
        // DTSTART takes one value: two, joined by a comma, are not one DATE-TIME.
        (#"["dtstart",{},"date-time","2012-09-01T13:00:00Z","2012-09-02T13:00:00Z"]"#, "DTSTART;VALUE=DATE-TIME:20120901T130000Z,20120902T130000Z"),
        // EXDATE is a comma list: each element has the shape, the second written compact already.
        (#"["exdate",{},"date-time","2012-09-01T13:00:00Z","20120902T130000Z"]"#, "EXDATE:20120901T130000Z,20120902T130000Z"),
        (#"["exdate",{},"date-time","2012-09-01T13:00:00Z","tomorrow"]"#, "EXDATE;VALUE=DATE-TIME:20120901T130000Z,tomorrow"),
        (#"["geo",{},"float",[1.5,"x"]]"#, "GEO;VALUE=FLOAT:1.5;x"),
        (#"["rrule",{},"recur",{"freq":"DAILY","until":"soon"}]"#, "RRULE;VALUE=RECUR:FREQ=DAILY;UNTIL=soon"),
        (#"["x-t",{},"time","12:30"]"#, "X-T;VALUE=TIME:12:30"),
        (#"["tzoffsetto",{},"utc-offset","+01:00"]"#, "TZOFFSETTO:+0100"),
        (#"["x-b",{},"boolean",false]"#, "X-B;VALUE=BOOLEAN:FALSE"),
    ]

    @Test func valueNotOfItsTypesShapeKeepsItsType() throws {
        for c in Self.valueKept {
            let document = #"["vcalendar",["#.utf8 + Array(c.jcal.utf8) + #"],[]]"#.utf8
            let ics = try JCalReader.iCalendar(fromJSON: Array(document))
            let text = String(decoding: ics.iCalendar, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            #expect(text == "BEGIN:VCALENDAR\r\n\(c.ics)\r\nEND:VCALENDAR\r\n", "\(c.jcal)")
        }
    }

    /// The shape check the reader makes for `VALUE` says what making the jCal value says.
    @Test func shapeIsWhereTheJCalValueIsMade() {
        let texts = ["20120901", "20120901T130000Z", "20120901T130000", "2012-09-01", "2012", "20120901T1300", "123000", "123000Z",
                     "12:30:00", "-0500", "+055001", "0500", "+05", "P1D", "-PT15M", "P2W", "P1W2D", "PT", "P", "42", "-3", "+7",
                     "1.5", "1e3", "x", "", "TRUE", "false", "19970308T160000Z/PT8H", "FREQ=DAILY;COUNT=2", "FREQ", "2012-09-01T13:00:00Z",
                     "FREQ=DAILY;UNTIL=20120901", "FREQ=DAILY;UNTIL=soon", "FREQ=;COUNT=1", "=DAILY", ";;", "FREQ=DAILY;;COUNT=3",
                     "FREQ=WEEKLY;UNTIL=20120901T130000Z,20120902", "until=20120901T130000", "FREQ=WEEKLY;UNTIL=20120901,"]
        let types = ["date", "date-time", "time", "utc-offset", "duration", "integer", "float", "boolean", "period", "recur", "text", "uri", "unknown"]
        for type in types {
            for text in texts {
                #expect(JCalValueCodec.hasShape(text, type: type) == (JCalValueCodec.json(fromICalendar: text, type: type) != nil), "\(type) \(text)")
            }
        }
        #expect(JCalValueCodec.hasShape("20120901T130000Z", type: "date-time"))
        #expect(!JCalValueCodec.hasShape("2012-09-01T13:00:00Z", type: "date-time"))
        #expect(JCalValueCodec.hasShape("+055001", type: "utc-offset"))
        #expect(!JCalValueCodec.hasShape("0500", type: "utc-offset"))
        #expect(JCalValueCodec.hasShape("-PT15M", type: "duration"))
        #expect(!JCalValueCodec.hasShape("1.5", type: "integer"))
        #expect(JCalValueCodec.hasShape("FREQ=DAILY;UNTIL=20120901", type: "recur"))
        #expect(!JCalValueCodec.hasShape("FREQ=DAILY;UNTIL=soon", type: "recur"))
        #expect(!JCalValueCodec.hasShape("FREQ=;COUNT=1", type: "recur"))
    }

    /// RFC 5545 §3.3.6's grammar: `dur-value = (["+"] / "-") "P" (dur-date / dur-time / dur-week)`,
    /// `dur-date = dur-day [dur-time]`, `dur-time = "T" (dur-hour / dur-minute / dur-second)`
    /// with each of those a run of digits then its letter and, for hours and minutes, optionally
    /// the next smaller unit after it; `dur-week = 1*DIGIT "W"`.
    @Test func durationsFollowTheGrammar() {
        let durations = ["P15DT5H0M20S", "P7W", "PT1H0M0S", "-PT15M", "+P1D", "PT5M", "P2DT3S", "PT1H30M", "PT12S", "P0D"]
        let others = ["P", "PT", "-P", "P1DT", "P1H", "PT1D", "P1W2D", "P1D1W", "PW", "P1", "PT1H1H", "PT1M1H", "P1S",
                      "1D", "P1.5D", "P 1D", "P1DT1H1", "PT-1H", "--P1D", ""]
        for text in durations { #expect(JCalValueCodec.isDuration(text), "\(text)") }
        for text in others { #expect(!JCalValueCodec.isDuration(text), "\(text)") }
    }

    /// A DATE-TIME property's type without `VALUE` is that of its first element that is not empty.
    @Test func typeInferredFromTheFirstElement() {
        let rdate = JCalPropertyKind(name: "RDATE")
        #expect(rdate.inferredType(of: "20120901,20120902T100000Z") == "date")
        #expect(rdate.inferredType(of: ",,20120901") == "date")
        #expect(rdate.inferredType(of: "20120901T100000Z/PT1H,20120902") == "period")
        #expect(rdate.inferredType(of: "20120901T100000Z,20120902") == "date-time")
        #expect(rdate.inferredType(of: ",") == "date-time")
        #expect(rdate.inferredType(of: "") == "date-time")
        #expect(JCalPropertyKind(name: "SUMMARY").inferredType(of: "20120901") == "text")
    }

    @Test func errorPathsNameTheIndexAndTheKey() throws {
        let bad = #"["vcalendar",[],[["vevent",[["rrule",{},"recur",{"freq":"DAILY","count":true}]],[]]]]"#
        #expect(throws: FormatError(path: "[2][0][1][0][3].count", message: "expected a string or a number")) {
            try JCalReader.iCalendar(fromJSON: Array(bad.utf8))
        }
        #expect(throws: FormatError(path: "(top level)", message: "expected an array (a jCal component or a list of them), found an object")) {
            try JCalReader.iCalendar(fromJSON: Array(#"{"calendars":[]}"#.utf8))
        }
    }

    @Test func detectsJCalByContentAndExtension() {
        #expect(InputFormat.detect(prefix: Array("\u{FEFF} [ \"VCALENDAR\", [], [] ]".utf8), fileExtension: "") == .jcal)
        #expect(InputFormat.detect(prefix: Array("[[\"vcalendar\",[],[]]]".utf8), fileExtension: "json") == .jcal)
        #expect(InputFormat.detect(prefix: Array("BEGIN:VCALENDAR\r\n".utf8), fileExtension: "jcal") == .jcal)
        #expect(InputFormat.detect(prefix: Array("BEGIN:VCALENDAR\r\n".utf8), fileExtension: "ics") == .iCalendar)
    }
}
