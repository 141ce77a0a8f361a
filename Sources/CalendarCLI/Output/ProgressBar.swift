import Foundation

/// A one-line progress bar on stderr for work that takes more than a moment: nothing is drawn
/// until `delay` has passed (0.3 s; `ICALKIT_PROGRESS_DELAY` overrides it, for tests), each step is drawn
/// (a step's later phases at most every 0.1 s), and only when stderr is a terminal and `--quiet` was not given.
/// `finish()` erases the line so the command's own output starts clean.
///
/// ```
/// [########                ] 1/3 reading feeds/school.ics
/// ```
final class ProgressBar {
    private let io: CLIIO
    private let enabled: Bool
    private let delay: Duration
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var lastDone = -1
    private var drawn = false

    init(io: CLIIO, quiet: Bool) {
        self.io = io
        enabled = io.stderrIsTerminal && !quiet && io.environment("NO_PROGRESS") == nil
        let seconds = io.environment("ICALKIT_PROGRESS_DELAY").flatMap(Double.init) ?? 0.3
        delay = .milliseconds(Int(max(0, seconds) * 1000))
        started = clock.now
    }

    /// Shows `done` of `total` with a label, if the work has gone on long enough.
    func update(done: Int, total: Int, label: String) {
        guard enabled, total > 0 else { return }
        let now = clock.now
        guard now - started >= delay else { return }
        // A new step is always drawn; the same step again (a new phase label) at most every 0.1 s.
        if let lastDraw, done == lastDone, now - lastDraw < .milliseconds(100) { return }
        lastDraw = now
        lastDone = done
        let width = 24
        let filled = width * min(done, total) / total
        var shown = label
        if shown.count > 40 { shown = "…" + shown.suffix(39) }
        io.printError("\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                      + "] \(done)/\(total) \(shown)")
        drawn = true
    }

    /// Erases the bar (before other stderr output, and at the end).
    func clear() {
        guard drawn else { return }
        io.printError("\r\u{1B}[K")
        drawn = false
    }

    func finish() { clear() }
}
