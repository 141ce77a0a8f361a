import CalendarFormats
import Foundation

/// Which readers one fuzzing run drives, from the environment variable `FUZZ_FORMAT`:
/// unset or `all` is every reader (``InputFormat`` detection, CSV, jCal read back); `ics` is the
/// iCalendar reader with its jCal read back; `vcal`, `jcal`, `json` or `csv` hands every input to
/// that format's translator only, and reads the translation as iCalendar.
///
/// ```sh
/// make fuzz FUZZ_FORMAT=vcal FUZZ_SECONDS=1200   # seeds from Fixtures/fuzz-seeds/vcal
/// ```
enum FuzzFocus: Equatable {
    case all
    case iCalendar
    case only(InputFormat)

    /// The focus of this process (read once). An unknown value stops the run at once, naming the valid ones.
    static let current: FuzzFocus = {
        let value = ProcessInfo.processInfo.environment["FUZZ_FORMAT"] ?? ""
        guard let focus = FuzzFocus(named: value) else {
            FileHandle.standardError.write(Data("icalkit-fuzz: FUZZ_FORMAT='\(value)': use all, ics, vcal, jcal, json or csv\n".utf8))
            exit(64)
        }
        return focus
    }()

    init?(named name: String) {
        switch name.lowercased() {
        case "", "all": self = .all
        case "ics": self = .iCalendar
        case "vcal", "vcs": self = .only(.vCalendar)
        case "jcal": self = .only(.jcal)
        case "json": self = .only(.calendarJSON)
        case "csv": self = .only(.csv)
        default: return nil
        }
    }
}
