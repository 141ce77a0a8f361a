@testable import CalendarCLI
import Testing

@Suite("Usage errors and exit codes")
struct UsageErrorTests {
    static let convertUsage = "icalkit convert INPUT... [--format ics|jcal|json|csv] [-o FILE | --out-dir DIR] [--tz ZONE] [--columns LIST] [--bom] [--max-diagnostics N] [-q]"
    static let eventsUsage = "icalkit [--store PATH] events [--from WHEN --to WHEN | --day DATE | --week [DATE] | --month [YYYY-MM]] [--calendar NAME]... [--tz ZONE] [--format table|json|ics|jcal|csv] [--columns LIST] [--bom] [--include-cancelled] [--max-instances N]"
    static let rootUsage = "icalkit [--store PATH] <subcommand>"
    static let whenForms = "expected YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] (wall clock in the zone), a time with Z or an offset, e.g. 2026-03-02T09:00:00+01:00, or now, today, tomorrow, yesterday, a weekday name, +3d, -2w, +1m"
    static let dateForms = "expected YYYY-MM-DD, e.g. 2026-03-02, or today, tomorrow, yesterday, a weekday name, +3d, -2w, +1m"

    static let cases: [CLICase] = [
        CLICase(id: "unknown option with suggestion", args: ["convert", "a.ics", "--too", "json"],
                stderr: usageError("Unknown option '--too'. Did you mean '--to'?", usage: convertUsage, command: "convert"),
                status: .usage),
        CLICase(id: "unknown option with value", args: ["convert", "a.ics", "--outdir=x"],
                stderr: usageError("Unknown option '--outdir'. Did you mean '--out-dir'?", usage: convertUsage, command: "convert"),
                status: .usage),
        CLICase(id: "unknown option, nothing close", args: ["convert", "--qqqqq", "a.ics"],
                stderr: usageError("Unknown option '--qqqqq'", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "unknown short option", args: ["convert", "-x", "a.ics"],
                stderr: usageError("Unknown option '-x'", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "unknown command", args: ["conver", "a.ics"],
                stderr: usageError("Unknown command 'conver'. Did you mean 'convert'?", usage: rootUsage, command: ""), status: .usage),
        CLICase(id: "unknown root option", args: ["--frobnicate"],
                stderr: usageError("Unknown option '--frobnicate'", usage: rootUsage, command: ""), status: .usage),
        CLICase(id: "no command", args: [],
                stderr: usageError("Missing subcommand", usage: rootUsage, command: ""), status: .usage),
        CLICase(id: "help for unknown command", args: ["help", "nope"],
                stderr: usageError("Unknown command 'nope'", usage: rootUsage, command: ""), status: .usage),
        CLICase(id: "missing group subcommand", args: ["add"],
                stderr: usageError("Missing subcommand", usage: "icalkit [--store PATH] add <subcommand>", command: "add"), status: .usage),
        CLICase(id: "missing input", args: ["convert"],
                stderr: usageError("Missing expected argument 'INPUT'", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "missing option value", args: ["convert", "a.ics", "--format"],
                stderr: usageError("Missing value for '--format ics|jcal|json|csv'", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "missing alias value", args: ["convert", "a.ics", "--to"],
                stderr: usageError("Missing value for '--format ics|jcal|json|csv'", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "bad choice", args: ["convert", "a.ics", "--format=xml"],
                stderr: usageError("Invalid value 'xml' for '--format'; expected one of: ics, jcal, json, csv", usage: convertUsage, command: "convert"),
                status: .usage),
        CLICase(id: "bad choice through the alias", args: ["convert", "a.ics", "--to=xml"],
                stderr: usageError("Invalid value 'xml' for '--format'; expected one of: ics, jcal, json, csv", usage: convertUsage, command: "convert"),
                status: .usage),
        CLICase(id: "export bad choice through the alias", args: ["export", "--to", "xml"],
                stderr: usageError("Invalid value 'xml' for '--format'; expected one of: ics, jcal, json, csv",
                                   usage: "icalkit [--store PATH] export [--calendar NAME]... [-o FILE] [--format ics|jcal|json|csv] [--columns LIST] [--bom] [--tz ZONE] [-q]",
                                   command: "export"),
                status: .usage),
        CLICase(id: "option given twice", args: ["convert", "a.ics", "--format", "ics", "--to", "json"],
                stderr: usageError("'--format' was given more than once", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "exclusive options", args: ["convert", "a.ics", "-o", "x.json", "--out-dir", "d"],
                stderr: usageError("'--out' and '--out-dir' cannot be used together", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "stdin twice", args: ["convert", "-", "-"],
                stderr: usageError("Standard input (-) can be read only once", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "max-diagnostics not a number", args: ["convert", "a.ics", "--max-diagnostics", "ten"],
                stderr: usageError("--max-diagnostics needs a whole number of 0 or more, e.g. --max-diagnostics 20 (got 'ten')",
                                   usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "csv options without csv", args: ["convert", "a.ics", "--format", "ics", "--bom"],
                stderr: usageError("--columns and --bom are for --format csv", usage: convertUsage, command: "convert"), status: .usage),
        CLICase(id: "flag with value", args: ["events", "--day", "2026-03-02", "--include-cancelled=yes"],
                stderr: usageError("'--include-cancelled' does not take a value", usage: eventsUsage, command: "events"), status: .usage),
        CLICase(id: "window half given", args: ["events", "--from", "2026-03-01"],
                stderr: usageError("Missing '--to WHEN' (needed with --from)", usage: eventsUsage, command: "events"), status: .usage),
        CLICase(id: "week and month", args: ["events", "--week", "--month", "2026-03"],
                stderr: usageError("'--week' and '--month' cannot be used together", usage: eventsUsage, command: "events"),
                status: .usage),
        CLICase(id: "window twice", args: ["events", "--day", "2026-03-02", "--from", "2026-03-01", "--to", "2026-03-03"],
                stderr: usageError("'--from' '--to' and '--day' cannot be used together", usage: eventsUsage, command: "events"),
                status: .usage),
        CLICase(id: "bad WHEN", args: ["events", "--from", "tomorow", "--to", "2026-03-03"],
                stderr: usageError("Invalid date 'tomorow' for '--from': \(whenForms)", usage: eventsUsage, command: "events"),
                status: .usage),
        CLICase(id: "bad DATE", args: ["events", "--day", "2026-02-30"],
                stderr: usageError("Invalid date '2026-02-30' for '--day': February 2026 has 28 days",
                                   usage: eventsUsage, command: "events"), status: .usage),
        CLICase(id: "time where a DATE is wanted", args: ["events", "--day", "2026-03-02T09:00"],
                stderr: usageError("Invalid date '2026-03-02T09:00' for '--day': \(dateForms)",
                                   usage: eventsUsage, command: "events"), status: .usage),
        CLICase(id: "unknown zone", args: ["events", "--day", "2026-03-02", "--tz", "Europe/Berln"],
                stderr: usageError("Unknown time zone 'Europe/Berln'. Zone ids are IANA names from the tz database (e.g. Europe/Berlin; see /usr/share/zoneinfo). Did you mean 'Europe/Berlin'?",
                                   usage: eventsUsage, command: "events"), status: .usage),
        CLICase(id: "requires", args: ["delete", "x@example.com", "--future"],
                stderr: usageError("'--future' needs '--occurrence WHEN'",
                                   usage: "icalkit [--store PATH] delete ID [--occurrence WHEN [--future]] [--calendar NAME] [--tz ZONE]", command: "delete"),
                status: .usage),
        CLICase(id: "nested command usage", args: ["add", "event", "--title", "T", "--end", "2026-03-02"],
                stderr: usageError("Missing expected option '--start WHEN'",
                                   usage: "icalkit [--store PATH] add event --title T --start WHEN [--end WHEN | --duration DUR] [--all-day] [--tz ZONE] [--location L] [--notes N] [--url U] [--calendar NAME] [--rrule RULE] [--alarm OFFSET]... [--format text|json] [-q]",
                                   command: "add event"), status: .usage),
        CLICase(id: "bad positional choice", args: ["completions", "tcsh"],
                stderr: usageError("Invalid value 'tcsh' for 'SHELL'; expected one of: bash, zsh, fish",
                                   usage: "icalkit [--store PATH] completions [bash|zsh|fish] [--list calendars|ids]", command: "completions"), status: .usage),
        CLICase(id: "extra argument", args: ["complete", "a", "b"],
                stderr: usageError("Unexpected argument 'b'", usage: "icalkit [--store PATH] complete ID [--undo] [--calendar NAME]", command: "complete"),
                status: .usage),

        // Failures that are not usage errors.
        CLICase(id: "convert missing file", args: ["convert", "/nonexistent/missing.ics"],
                stderr: "Error: No such file: '/nonexistent/missing.ics'\n", status: .noInput),
        CLICase(id: "validate missing files", args: ["validate", "/nonexistent/a.ics", "/nonexistent/b.ics"],
                stderr: "Error: No such file: '/nonexistent/a.ics'\nError: No such file: '/nonexistent/b.ics'\n", status: .noInput),
        CLICase(id: "jcal is offered: a missing input is 66", args: ["convert", "/nonexistent/a.ics", "--to", "jcal"],
                stderr: "Error: No such file: '/nonexistent/a.ics'\n", status: .noInput),
        // Store commands parse, then find no store to read (66) or fail to create one under a
        // non-directory (73): no file is touched.
        CLICase(id: "store command parses", args: ["--store", "/dev/null/icalkit/s.sqlite", "events", "--day", "2026-03-02", "--tz", "UTC"],
                stderr: "Error: no store at /dev/null/icalkit/s.sqlite; import a file first\n", status: .noInput),
        CLICase(id: "default subcommand", args: ["calendars", "--format", "json", "--store", "/dev/null/icalkit/s.sqlite"],
                stderr: #"{"error":{"code":"no-input","message":"no store at /dev/null/icalkit/s.sqlite; import a file first"}}"# + "\n",
                status: .noInput),
        CLICase(id: "negative alarm value", args: ["--store", "/dev/null/icalkit/s.sqlite", "add", "event", "--title", "T", "--start", "2026-03-02T09:00", "--duration", "15m", "--alarm", "-15m"],
                stderr: "Error: cannot create store at '/dev/null/icalkit/s.sqlite': '/dev/null' is not a directory\n", status: .cannotCreate),
        CLICase(id: "store option after command", args: ["import", "/dev/null", "--store=/dev/null/icalkit/s.sqlite"],
                stderr: "Error: cannot create store at '/dev/null/icalkit/s.sqlite': '/dev/null' is not a directory\n", status: .cannotCreate),
    ]

    @Test(arguments: cases)
    func run(_ c: CLICase) {
        #expect(runCLI(c.args) == CLIResult(stdout: c.stdout, stderr: c.stderr, status: c.status))
    }

    @Test func outputFileIsReplacedWholeAndKeepsItsMode() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("out.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        try OutputFile.write(Data("new\n".utf8), to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["out.json"])
    }

    @Test func unwritableOutputIs74() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("one.ics")
        let ics = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icalkit//tests//EN",
            "BEGIN:VEVENT", "UID:one@example.com", "DTSTAMP:20260301T000000Z",
            "DTSTART:20260302T090000Z", "DTEND:20260302T100000Z", "SUMMARY:One", "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        try Data(ics.utf8).write(to: URL(fileURLWithPath: input))
        let result = runCLI(["convert", input, "-o", "/nonexistent/dir/out.json"])
        #expect(result.status == .ioError)
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix("Error: Cannot write '/nonexistent/dir/out.json': No such file or directory\n"))
    }
}

import Foundation
