import ICalConversion

/// How many of a file's diagnostics `convert`, `validate` and `import` print on standard error:
/// all (one line each), the first N and a line `… and K more diagnostics in FILE`
/// (`--max-diagnostics N`), or none (`-q`, `--quiet` on `convert` and `validate`, which then
/// name each file with errors instead: `convert` with ``quietSummary(_:file:)`` on standard
/// error, `validate` with its summary line on standard output).
///
/// ```
/// $ icalkit validate big.ics --max-diagnostics 2
/// big.ics:12: warning: DTSTAMP: missing (repaired)
/// big.ics:30: warning: DTSTAMP: missing (repaired)
/// … and 118 more diagnostics in big.ics
/// ```
struct DiagnosticReporting {
    static let maxDiagnostics = OptionSpec.option(
        "max-diagnostics", value: "N",
        help: "Print at most N diagnostics per file, then one line '… and K more diagnostics in FILE' (0: only that line).",
        default: "all")
    static let quiet = OptionSpec.flag(
        "quiet", short: "q",
        help: "Print no diagnostics and no notes on standard error; instead, one line 'FILE: N errors, N warnings' for each file with errors. Errors that stop a file (missing, unreadable, not its format's shape) and the exit status are as without -q.")

    /// At most this many lines per file; nil for all.
    var maximum: Int?
    var quiet = false

    /// The options of `invocation` (`--quiet` only with `readingQuiet`: `import -q` means no
    /// progress bar); a --max-diagnostics value that is not a whole number ≥ 0 is a usage error.
    init(_ invocation: Invocation, readingQuiet: Bool = true) throws(CLIError) {
        let args = invocation.arguments
        if let raw = args.value(Self.maxDiagnostics) {
            guard let n = Int(raw), n >= 0 else {
                throw invocation.usageError("--max-diagnostics needs a whole number of 0 or more, e.g. --max-diagnostics 20 (got '\(raw)')")
            }
            maximum = n
        }
        quiet = readingQuiet && args.has(Self.quiet.name)
    }

    // MARK: - Public API

    /// Writes `diagnostics` of the input `file` to standard error, as these options say; with
    /// `quiet`, only ``quietSummary(_:file:)`` when the file has errors.
    func report(_ diagnostics: [ConversionDiagnostic], file: String, io: CLIIO) {
        if quiet {
            if let line = Self.quietSummary(diagnostics, file: file) { io.printError(line + "\n") }
            return
        }
        let shown = maximum.map { min($0, diagnostics.count) } ?? diagnostics.count
        io.report(Array(diagnostics.prefix(shown)))
        let more = diagnostics.count - shown
        if more > 0 {
            io.printError(CLIIO.oneLine("… and \(more) more diagnostic\(more == 1 ? "" : "s") in \(file)") + "\n")
        }
    }

    /// A note that is not a diagnostic (`skipped 3 files …`), unless quiet.
    func note(_ text: String, io: CLIIO) {
        guard !quiet else { return }
        io.printError(CLIIO.oneLine("note: " + text) + "\n")
    }

    /// `feed.ics: 2 errors, 5 warnings`, for a file with errors; nil when it has none.
    static func quietSummary(_ diagnostics: [ConversionDiagnostic], file: String) -> String? {
        let errors = diagnostics.count(.error), warnings = diagnostics.count(.warning)
        guard errors > 0 else { return nil }
        return CLIIO.oneLine("\(file): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
    }
}
