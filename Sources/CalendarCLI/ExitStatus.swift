/// The process exit status of an `icalkit` command, from sysexits(3) where one fits.
///
/// ```swift
/// exit(CLI.run(arguments).rawValue)
/// ```
public struct ExitStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Success.
    public static let ok = ExitStatus(rawValue: 0)
    /// Anything not covered below.
    public static let failure = ExitStatus(rawValue: 1)
    /// `EX_USAGE`: the command line was wrong.
    public static let usage = ExitStatus(rawValue: 64)
    /// `EX_DATAERR`: some input items could not be read (the rest were processed).
    public static let dataError = ExitStatus(rawValue: 65)
    /// `EX_NOINPUT`: an input file does not exist or cannot be opened.
    public static let noInput = ExitStatus(rawValue: 66)
    /// `EX_NOUSER`, read as "no such name": a calendar named on the command line does not exist.
    public static let noSuchCalendar = ExitStatus(rawValue: 67)
    /// `EX_NOHOST`, read as "no such name": no event or reminder has the UID or short ID given
    /// (or the occurrence asked for).
    public static let noSuchItem = ExitStatus(rawValue: 68)
    /// `EX_UNAVAILABLE`: a feed could not be fetched (DNS, TLS, timeout, an HTTP error).
    public static let unavailable = ExitStatus(rawValue: 69)
    /// `EX_CANTCREAT`: the store cannot be created.
    public static let cannotCreate = ExitStatus(rawValue: 73)
    /// `EX_IOERR`: reading or writing failed.
    public static let ioError = ExitStatus(rawValue: 74)

    public var description: String {
        switch self {
        case .ok: "ok (0)"
        case .failure: "failure (1)"
        case .usage: "usage (64)"
        case .dataError: "dataError (65)"
        case .noInput: "noInput (66)"
        case .noSuchCalendar: "noSuchCalendar (67)"
        case .noSuchItem: "noSuchItem (68)"
        case .unavailable: "unavailable (69)"
        case .cannotCreate: "cannotCreate (73)"
        case .ioError: "ioError (74)"
        default: "exit \(rawValue)"
        }
    }

    /// The `code` of a JSON error object (`{"error": {"code": "no-such-calendar", ...}}`).
    var code: String {
        switch self {
        case .ok: "ok"
        case .usage: "usage"
        case .dataError: "data"
        case .noInput: "no-input"
        case .noSuchCalendar: "no-such-calendar"
        case .noSuchItem: "no-such-item"
        case .unavailable: "unavailable"
        case .cannotCreate: "cannot-create"
        case .ioError: "io"
        default: "failure"
        }
    }

    /// How bad a status is when several inputs each produced one: I/O trouble beats a missing
    /// input, which beats bad data, which beats success.
    var severity: Int {
        switch self {
        case .ok: 0
        case .dataError: 1
        case .unavailable: 2
        case .noInput: 3
        case .cannotCreate: 4
        case .ioError: 5
        default: 6
        }
    }

    /// The worse of two statuses (see ``severity``).
    func combined(with other: ExitStatus) -> ExitStatus {
        other.severity > severity ? other : self
    }
}
