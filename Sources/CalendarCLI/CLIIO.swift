import Foundation
import Synchronization

/// Everything a command touches outside its arguments: the standard streams, the environment,
/// whether the streams are terminals, the clock and the local zone. Tests build one that
/// captures output (``CLIIO/capturing(stdin:environment:timeZone:now:)``) and run commands in
/// the same process.
///
/// ```swift
/// let (io, captured) = CLIIO.capturing()
/// let status = CLI.run(["validate", "feed.ics"], io: io)
/// print(captured.stdout, captured.stderr, status)
/// ```
public struct CLIIO: Sendable {
    /// Writes bytes to standard output; throws when the stream is closed or full. The bytes may
    /// be lent for the call only (``OutputBuffer`` passes its own storage): copy what is kept.
    public var writeStdout: @Sendable (Data) throws -> Void
    /// Writes bytes to standard error.
    public var writeStderr: @Sendable (Data) throws -> Void
    /// Reads all of standard input.
    public var readStdin: @Sendable () throws -> Data
    /// The environment variables (for the process's own IO, read when first asked for).
    public var environment: [String: String] {
        get { environmentStore.value }
        set {
            environmentStore = LazyValue(newValue)
            readsProcessEnvironment = false
        }
    }
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// The current instant (for relative dates and reports).
    public var now: @Sendable () -> Date
    /// The zone WHEN values are read in when no `--tz` is given (for the process's own IO,
    /// looked up when first asked for).
    public var timeZone: TimeZone {
        get { timeZoneStore.value }
        set { timeZoneStore = LazyValue(newValue) }
    }
    private var environmentStore: LazyValue<[String: String]>
    private var timeZoneStore: LazyValue<TimeZone>
    /// True while ``environment`` is the process's own: single variables are then read with
    /// getenv(3) instead of building the whole dictionary.
    private var readsProcessEnvironment = false
    /// The process ends after the command (the process's own IO): what a command is done with
    /// may be left for the exit to drop (``keepUntilExit(_:)``).
    public var exitsAfterCommand = false

    public init(
        writeStdout: @escaping @Sendable (Data) throws -> Void,
        writeStderr: @escaping @Sendable (Data) throws -> Void,
        readStdin: @escaping @Sendable () throws -> Data,
        environment: [String: String] = [:],
        stdoutIsTerminal: Bool = false,
        stderrIsTerminal: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current
    ) {
        self.writeStdout = writeStdout
        self.writeStderr = writeStderr
        self.readStdin = readStdin
        self.environmentStore = LazyValue(environment)
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.now = now
        self.timeZoneStore = LazyValue(timeZone)
    }

    /// The process's own streams, environment, clock and zone. The environment and the zone
    /// are read when a command first asks for them.
    public static var standard: CLIIO {
        CLIIO(
            writeStdout: { try FileHandle.standardOutput.write(contentsOf: $0) },
            writeStderr: { try FileHandle.standardError.write(contentsOf: $0) },
            readStdin: { try FileHandle.standardInput.readToEnd() ?? Data() },
            environmentStore: LazyValue { ProcessInfo.processInfo.environment },
            readsProcessEnvironment: true,
            stdoutIsTerminal: isatty(1) == 1,
            stderrIsTerminal: isatty(2) == 1,
            now: { Date() },
            timeZoneStore: LazyValue { TimeZone.current },
            exitsAfterCommand: true
        )
    }

    /// Keeps `value` until the process exits when ``exitsAfterCommand``, so that its memory is
    /// given back with the process's instead of freed piece by piece (a query's thousands of
    /// occurrences).
    /// Else it is dropped as usual.
    public func keepUntilExit<T: Sendable>(_ value: T) {
        guard exitsAfterCommand else { return }
        keptUntilExit.withLock { $0.append(value) }
    }

    private init(
        writeStdout: @escaping @Sendable (Data) throws -> Void,
        writeStderr: @escaping @Sendable (Data) throws -> Void,
        readStdin: @escaping @Sendable () throws -> Data,
        environmentStore: LazyValue<[String: String]>,
        readsProcessEnvironment: Bool,
        stdoutIsTerminal: Bool,
        stderrIsTerminal: Bool,
        now: @escaping @Sendable () -> Date,
        timeZoneStore: LazyValue<TimeZone>,
        exitsAfterCommand: Bool
    ) {
        self.writeStdout = writeStdout
        self.writeStderr = writeStderr
        self.readStdin = readStdin
        self.environmentStore = environmentStore
        self.readsProcessEnvironment = readsProcessEnvironment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.now = now
        self.timeZoneStore = timeZoneStore
        self.exitsAfterCommand = exitsAfterCommand
    }

    /// One variable of ``environment``.
    public func environment(_ name: String) -> String? {
        guard readsProcessEnvironment else { return environment[name] }
        return getenv(name).map { String(cString: $0) }
    }

    /// An IO whose output is collected in the returned ``Captured`` and whose stdin is `stdin`.
    public static func capturing(
        stdin: Data = Data(),
        environment: [String: String] = [:],
        timeZone: TimeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt,
        now: Date = Date(timeIntervalSince1970: 1_772_442_000)  // 2026-03-02T09:00:00Z
    ) -> (CLIIO, Captured) {
        let captured = Captured()
        let io = CLIIO(
            writeStdout: { captured.append(stdout: $0) },
            writeStderr: { captured.append(stderr: $0) },
            readStdin: { stdin },
            environment: environment,
            now: { now },
            timeZone: timeZone
        )
        return (io, captured)
    }

    /// Output collected by a capturing ``CLIIO``.
    public final class Captured: @unchecked Sendable {   // state guarded by `lock`
        private let lock = NSLock()
        private var out = Data()
        private var err = Data()

        public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
        public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

        func append(stdout data: Data) { lock.withLock { out.append(data) } }
        func append(stderr data: Data) { lock.withLock { err.append(data) } }
    }
}

// MARK: - Writing text

extension CLIIO {
    /// Writes `text` to stdout. Throws ``CLIError`` with ``ExitStatus/ioError`` on failure.
    func print(_ text: String) throws(CLIError) {
        try write(Self.data(text))
    }

    /// The UTF-8 bytes of `text`. Not `Data(text.utf8)`: that generic initializer first asks the
    /// runtime whether the view is `ContiguousBytes`, and the first such question in a process
    /// scans every protocol conformance in the binary (about 0.35 ms of each command's start).
    static func data(_ text: String) -> Data {
        text.utf8.withContiguousStorageIfAvailable { Data(buffer: $0) } ?? Data(Array(text.utf8))
    }

    /// Writes `bytes` to stdout.
    func write(_ bytes: Data) throws(CLIError) {
        do {
            try writeStdout(bytes)
        } catch {
            throw CLIError.io("cannot write to standard output: \(error.localizedDescription)")
        }
    }

    /// Writes `bytes` to stdout without copying them into a `Data` first.
    func write(_ bytes: [UInt8]) throws(CLIError) {
        try bytes.withBorrowedData { data throws(CLIError) in try write(data) }
    }

    /// Writes `text` to stderr; failures are ignored (there is nowhere left to report them).
    func printError(_ text: String) {
        try? writeStderr(Self.data(text))
    }

    /// True when coloured output is wanted: stdout is a terminal and `NO_COLOR` is unset or empty.
    var usesColor: Bool {
        stdoutIsTerminal && (environment("NO_COLOR") ?? "").isEmpty
    }

    /// How many columns a table must fit in: `COLUMNS` when set to a number, else the width of
    /// the terminal standard output is; nil when standard output is not a terminal (a pipe or
    /// a file gets whole lines).
    var tableWidth: Int? {
        if let text = environment("COLUMNS"), let columns = Int(text), columns > 0 { return columns }
        return stdoutIsTerminal ? terminalColumns : nil
    }

    /// How many columns output should fit in: `COLUMNS` when set to a number, else the width of
    /// the terminal standard output is, else 80.
    var terminalColumns: Int {
        if let text = environment("COLUMNS"), let columns = Int(text), columns > 0 { return columns }
        guard exitsAfterCommand, stdoutIsTerminal else { return 80 }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The bytes as a `Data` that borrows them (no copy of a large output): valid only while
    /// this memory is.
    var borrowedData: Data {
        baseAddress.map { Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: count, deallocator: .none) } ?? Data()
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a `Data` that borrows them (no copy of a large output).
    func withBorrowedData(_ body: (Data) throws(CLIError) -> Void) throws(CLIError) {
        let result: Result<Void, CLIError> = withUnsafeBufferPointer { buffer in
            do throws(CLIError) {
                try body(buffer.borrowedData)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }
}

/// What ``CLIIO/keepUntilExit(_:)`` keeps.
private let keptUntilExit = Mutex<[any Sendable]>([])
