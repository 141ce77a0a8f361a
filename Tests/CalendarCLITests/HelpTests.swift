@testable import CalendarCLI
import Testing

@Suite("Help and version")
struct HelpTests {
    /// Every command path in the table: `[]`, `["convert"]`, `["add", "event"]`...
    static let paths: [[String]] = {
        func walk(_ spec: CommandSpec, _ path: [String]) -> [[String]] {
            [path] + spec.subcommands.flatMap { walk($0, path + [$0.name]) }
        }
        return walk(CommandTable.root, [])
    }()

    @Test(arguments: paths)
    func sameHelpInEveryForm(_ path: [String]) {
        let viaHelp = runCLI(["help"] + path)
        #expect(viaHelp.status == .ok)
        #expect(viaHelp.stderr == "")
        #expect(viaHelp.stdout.hasPrefix("OVERVIEW: "))
        #expect(viaHelp.stdout.contains("\nUSAGE: icalkit "))
        #expect(viaHelp.stdout.contains("\nOPTIONS:\n"))
        #expect(runCLI(path + ["--help"]) == viaHelp)
        #expect(runCLI(path + ["-h"]) == viaHelp)
    }

    /// An option after a command with a default subcommand belongs to that subcommand.
    @Test(arguments: paths)
    func helpWinsOverOtherErrors(_ path: [String]) throws {
        let spec = try #require(HelpFormatter(root: CommandTable.root).spec(at: path))
        let shown = path + (spec.defaultSubcommand.map { [$0] } ?? [])
        #expect(runCLI(path + ["--no-such-option", "--help"]) == runCLI(["help"] + shown))
    }

    @Test func rootHelpListsEveryCommandOfTheContract() {
        let help = runCLI(["--help"]).stdout
        for name in ["import", "events", "reminders", "export", "calendars", "add", "complete", "delete", "edit",
                     "changes", "completions", "convert", "validate"] {
            #expect(help.contains("\n  \(name) "), "missing \(name)")
        }
    }

    @Test func convertHelp() {
        let expected = """
            OVERVIEW: Convert between iCalendar, vCalendar, jCal, JSON and CSV (no store).

            Reads each INPUT, reports what it could not read on standard error (file:line:
            ..., or file [JSON path]: ... for jCal), and writes what it read. jCal input is
            recognised by its content (["vcalendar", ...) or the extension .jcal, icalkit
            JSON by its content ({...}) or the extension .json (its shape:
            Docs/icalkit-json.schema.json), vCalendar 1.0 by the extension .vcs or, on
            standard input, VERSION:1.0 (read through libical's vCal converter), a CSV table
            of events by the extension .csv (its times in --tz). Several inputs go to one
            output, in order, unless --out-dir is given.
            A directory INPUT is read recursively, links followed (each folder once, so a
            link loop ends): files named .ics, .ical, .icalendar, .ifb, .vcs, .json, .jcal
            or .csv, and files of any other name that begin (after a byte order mark and
            white space) with BEGIN:VCALENDAR, ["vcalendar" or {, in sorted path order;
            other files are skipped with one note on standard error ('skipped N files that
            are not calendars (first: PATH)'); names that begin with a dot (hidden files and
            folders) are not read, and neither is the --out-dir folder itself. Without
            --out-dir, all the files go to the one output (a folder merged into one calendar
            file).
            With --out-dir, a folder's tree is mirrored under DIR (feeds/team/a.ics becomes
            DIR/team/a.json), and a file named on the command line goes to DIR/<name>.<ext>;
            when an earlier input of the run already has that name (a/team.ics and
            b/team.ics, or team.ics and team.vcs), the later one is written to
            <name>-2.<ext> (-3, ...) beside it, with a note. Each output file is replaced
            whole or not at all.
            CSV (RFC 4180, UTF-8) has the columns Google Calendar's and Outlook's import
            screens take: Subject, Start Date (MM/DD/YYYY), Start Time (10:00 AM), End Date,
            End Time, All Day Event (True/False; an all-day event's End Date is its last
            day), Description, Location, Private; times in --tz. A cell that begins with =,
            +, - or @ gets a leading ' so that no spreadsheet runs it as a formula.
            Exit status: 0 ok, 64 usage error, 65 some items were skipped (the rest was
            written) or a jCal, JSON, CSV or vCalendar input does not have its format's
            shape (nothing of it is written), 66 an input is missing, 74 an output cannot be
            written.

            USAGE: icalkit convert INPUT... [--format ics|jcal|json|csv]
                   [-o FILE | --out-dir DIR] [--tz ZONE] [--columns LIST] [--bom]
                   [--max-diagnostics N] [-q]

            ARGUMENTS:
              INPUT                   An iCalendar (.ics), vCalendar 1.0 (.vcs), jCal
                                      (.jcal), icalkit JSON (.json, as --format json writes
                                      it) or CSV (.csv, with the columns Google and Outlook
                                      import) file, a directory of them (read recursively),
                                      or - for standard input.

            OPTIONS:
              --format ics|jcal|json|csv
                                      The output format: ics (iCalendar), jcal (RFC 7265
                                      jCal), json (icalkit's JSON) or csv (a row per event;
                                      a series is its first occurrence; no reminders).
                                      (default: from the extension of -o FILE, else json)
                                      Alias: --to.
              -o, --out FILE          Write to FILE instead of standard output (- is
                                      standard output). FILE is replaced whole or not at all
                                      (a device or FIFO is written in place).
              --out-dir DIR           Write each input to a file of its own under DIR
                                      (created when missing): DIR/<name>.<ext> for a file,
                                      DIR/<path inside the folder>.<ext> for a file found in
                                      a folder INPUT.
              --tz ZONE               The zone of CSV times: a CSV input's are read in it,
                                      --format csv writes in it (an IANA name such as
                                      Europe/Berlin). (default: the system zone)
              --columns LIST          With --format csv: the columns, comma-separated, from
                                      Subject, Start Date, Start Time, End Date, End Time,
                                      All Day Event, Description, Location, Private, UID,
                                      Time Zone. (default: Subject,Start Date,Start Time,End
                                      Date,End Time,All Day
                                      Event,Description,Location,Private)
              --bom                   With --format csv: start with a UTF-8 byte order mark
                                      (spreadsheet programs need it to read UTF-8).
              --max-diagnostics N     Print at most N diagnostics per file, then one line '…
                                      and K more diagnostics in FILE' (0: only that line).
                                      (default: all)
              -q, --quiet             Print no diagnostics and no notes on standard error;
                                      instead, one line 'FILE: N errors, N warnings' for
                                      each file with errors. Errors that stop a file
                                      (missing, unreadable, not its format's shape) and the
                                      exit status are as without -q.
              -h, --help              Show help information.

            EXAMPLES:
              icalkit convert team.ics --format json
                  Print team.ics as JSON.

              icalkit convert team.ics --format jcal -o team.jcal
                  Write team.ics as jCal (RFC 7265).

              icalkit convert team.jcal -o team.ics
                  Read jCal, write iCalendar.

              icalkit convert plan.json -o plan.ics
                  Read icalkit JSON (written by a script, say), write iCalendar.

              icalkit convert outlook.ics -o clean.ics
                  Rewrite an export as iCalendar with one VTIMEZONE per zone used.

              icalkit convert team.ics --format csv --bom -o team.csv
                  A table for a spreadsheet or Google's and Outlook's CSV import.

              icalkit convert feeds/ --format json --out-dir json/
                  Convert a folder tree, one JSON file each, mirrored under json/.

              icalkit convert archive/ -o all.ics -q
                  Merge every calendar file under archive/ into one; only files with errors
                  are named.

              icalkit convert - --format json < team.ics
                  Read standard input.

            """
        #expect(runCLI(["convert", "--help"]).stdout == expected)
    }

    /// The usage lines of DESIGN.md's contract, generated from the table.
    @Test(arguments: [
        (["events"], "icalkit [--store PATH] events [--from WHEN --to WHEN | --day DATE | --week [DATE] | --month [YYYY-MM]] [--calendar NAME]... [--tz ZONE] [--format table|json|ics|jcal|csv] [--columns LIST] [--bom] [--include-cancelled] [--max-instances N]"),
        (["reminders"], "icalkit [--store PATH] reminders [--incomplete | --completed] [--from WHEN] [--to WHEN] [--week [DATE] | --month [YYYY-MM]] [--calendar NAME]... [--tz ZONE] [--format table|json]"),
        (["delete"], "icalkit [--store PATH] delete ID [--occurrence WHEN [--future]] [--calendar NAME] [--tz ZONE]"),
        (["convert"], "icalkit convert INPUT... [--format ics|jcal|json|csv] [-o FILE | --out-dir DIR] [--tz ZONE] [--columns LIST] [--bom] [--max-diagnostics N] [-q]"),
        (["validate"], "icalkit validate FILE... [--format text|json] [--tz ZONE] [--max-diagnostics N] [-q]"),
        (["completions"], "icalkit [--store PATH] completions [bash|zsh|fish] [--list calendars|ids]"),
        (["calendars"], "icalkit [--store PATH] calendars [<subcommand>]"),
        (["calendars", "create"], "icalkit [--store PATH] calendars create NAME [--read-only] [--color C]"),
        ([], "icalkit [--store PATH] <subcommand>"),
    ])
    func usageLine(_ path: [String], _ expected: String) {
        #expect(HelpFormatter(root: CommandTable.root).usageLine(path: path) == expected)
    }

    @Test func version() {
        #expect(runCLI(["--version"]) == CLIResult(stdout: "icalkit 0.1.0\n", stderr: "", status: .ok))
    }

    /// Every option name is unique within its command, and every group or `requires` names real options.
    @Test(arguments: paths)
    func tableIsConsistent(_ path: [String]) throws {
        let spec = try #require(HelpFormatter(root: CommandTable.root).spec(at: path))
        let names = spec.allOptions.map(\.name)
        #expect(Set(names).count == names.count)
        let shorts = spec.allOptions.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count)
        for name in spec.groups.flatMap({ $0.alternatives.joined() }) + spec.options.flatMap(\.requires) {
            #expect(names.contains(name), "\(name) in \(path)")
        }
    }
}
