import CalendarFormats
import ICalConversion

/// What `validate --format json` writes to standard output (shape:
/// `Docs/validate-report.schema.json`):
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "files": [
///     {"file": "team.ics", "format": "ics", "read": true, "error": null,
///      "events": 2, "reminders": 0, "notes": 0, "warnings": 1, "errors": 0, "skipped": 0,
///      "diagnostics": [{"severity": "warning", "line": 7, "place": null, "uid": "a@x",
///                       "property": "DTSTAMP", "message": "missing", "action": "repaired"}]}
///   ],
///   "skippedFiles": ["feeds/readme.txt"]
/// }
/// ```
///
/// `read` is false for a file that could not be read at all (`error`: `{"code", "message"}`,
/// the codes of the root help: `no-input`, `data`, `io`); `place` is where in a jCal, JSON,
/// CSV or vCalendar input a diagnostic is (`[2][0][1][3]`), when `line` cannot say;
/// `skippedFiles` are the files under directory arguments that are not calendars.
struct ValidationReport {
    /// A file's counts, from what the reader returned.
    struct Counts {
        var events = 0, reminders = 0, notes = 0, warnings = 0, errors = 0, skipped = 0

        init() {}

        init(_ result: ReadResult) {
            events = result.eventCount
            reminders = result.reminderCount
            notes = result.diagnostics.count(.note)
            warnings = result.diagnostics.count(.warning)
            errors = result.errorCount
            skipped = result.skippedCount
        }
    }

    /// One file of the report.
    struct File {
        var name: String
        var format: InputFormat
        var error: CLIError?
        var counts = Counts()
        var diagnostics: [ConversionDiagnostic] = []

        /// A file read: `result` is what the reader said of it.
        init(_ result: ReadResult, name: String, format: InputFormat) {
            self.name = name
            self.format = format
            counts = Counts(result)
            diagnostics = result.diagnostics
        }

        /// A file that could not be read.
        init(unread name: String, format: InputFormat, error: CLIError) {
            self.name = name
            self.format = format
            self.error = error
        }
    }

    var files: [File] = []
    var skippedFiles: [String] = []

    // MARK: - Public API

    /// The document, indented, with a final newline.
    func json() -> String {
        JSONValue.object([
            ("schemaVersion", .int(JSONOutput.schemaVersion)),
            ("files", .array(files.map(Self.object))),
            ("skippedFiles", .array(skippedFiles.map { .string($0) })),
        ]).rendered()
    }

    private static func object(_ f: File) -> JSONValue {
        let c = f.counts
        return .object([
            ("file", .string(f.name)),
            ("format", .string(f.format.rawValue)),
            ("read", .bool(f.error == nil)),
            ("error", f.error.map { .object([("code", .string($0.status.code)), ("message", .string($0.message))]) } ?? .null),
            ("events", .int(c.events)),
            ("reminders", .int(c.reminders)),
            ("notes", .int(c.notes)),
            ("warnings", .int(c.warnings)),
            ("errors", .int(c.errors)),
            ("skipped", .int(c.skipped)),
            ("diagnostics", .array(f.diagnostics.map { d in
                var members = JSONOutput.diagnosticMembers(d)
                members.insert(("place", .nullable(place(of: d, in: f.name))), at: 2)
                return .object(members)
            })),
        ])
    }

    /// `[2][0][1][3]` of a diagnostic placed in a translated input (its file is `NAME PLACE`).
    private static func place(of d: ConversionDiagnostic, in name: String) -> String? {
        guard let file = d.file, file.hasPrefix(name + " ") else { return nil }
        return String(file.dropFirst(name.count + 1))
    }
}
