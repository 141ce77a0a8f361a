@testable import CalendarCLI
import Testing

@Suite("Argument tokenizer")
struct ArgumentTokenizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let args: [String]
        let tokens: [ArgumentToken]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "plain values", args: ["convert", "a.ics"], tokens: [.value("convert"), .value("a.ics")]),
        Case(id: "long with =", args: ["--out=x.json"], tokens: [.long("out", "x.json")]),
        Case(id: "long then value", args: ["--out", "x.json"], tokens: [.long("out", nil), .value("x.json")]),
        Case(id: "long with empty =", args: ["--notes="], tokens: [.long("notes", "")]),
        Case(id: "= inside the value", args: ["--rrule=FREQ=DAILY;COUNT=2"], tokens: [.long("rrule", "FREQ=DAILY;COUNT=2")]),
        Case(id: "short", args: ["-o", "x"], tokens: [.short("o"), .value("x")]),
        Case(id: "short group", args: ["-vq"], tokens: [.short("v"), .short("q")]),
        Case(id: "dash alone is a value", args: ["-"], tokens: [.value("-")]),
        Case(id: "dash digit is a value", args: ["--alarm", "-15m"], tokens: [.long("alarm", nil), .value("-15m")]),
        Case(id: "terminator", args: ["--", "--to", "-x", "-"], tokens: [.terminator, .value("--to"), .value("-x"), .value("-")]),
        Case(id: "second terminator is a value", args: ["--", "--"], tokens: [.terminator, .value("--")]),
        Case(id: "mixed", args: ["convert", "-", "--to", "json", "-o", "-"],
             tokens: [.value("convert"), .value("-"), .long("to", nil), .value("json"), .short("o"), .value("-")]),
        Case(id: "empty argument", args: [""], tokens: [.value("")]),
    ]

    @Test(arguments: cases)
    func tokenizes(_ c: Case) {
        #expect(ArgumentTokenizer.tokenize(c.args) == c.tokens)
    }
}
