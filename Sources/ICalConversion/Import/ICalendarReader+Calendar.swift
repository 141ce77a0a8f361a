import CalendarModel
import Foundation
import ICalCore

extension ICalendarReader {
    /// Calendar-level properties. X-WR-CALNAME, X-WR-CALDESC and X-WR-TIMEZONE are modelled
    /// (and rewritten from the model on export); every other line, including RFC 7986 NAME,
    /// DESCRIPTION and COLOR, stays verbatim in `extras` and only informs the model.
    func calendarProperties(_ root: RawComponent, fileName: String?, extras: inout [String]) -> EventCalendar {
        var calendar = EventCalendar(title: "")
        var seen: Set<String> = []
        for p in root.properties {
            let value = TextCodec.unescape(p.value)
            let firstOfKind = seen.insert(p.name).inserted
            switch p.name {
            case "X-WR-CALNAME" where firstOfKind: calendar.title = value
            case "X-WR-CALDESC" where firstOfKind: calendar.calendarDescription = value
            case "X-WR-TIMEZONE" where firstOfKind: calendar.defaultTimeZoneIdentifier = value.trimmedSpaces
            case "VERSION" where firstOfKind: break   // always written as 2.0
            case "PRODID" where firstOfKind: calendar.productID = value
            default:
                extras.append(p.text)
                switch p.name {
                case "NAME" where calendar.title.isEmpty: calendar.title = value
                case "DESCRIPTION" where calendar.calendarDescription == nil: calendar.calendarDescription = value
                case "COLOR", "X-APPLE-CALENDAR-COLOR", "X-OUTLOOK-COLOR":
                    if calendar.color == nil { calendar.color = value.trimmedSpaces }
                default: break
                }
            }
        }
        if calendar.title.isEmpty {
            calendar.title = options.fallbackCalendarTitle
                ?? fileName.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
                ?? "Calendar"
        }
        calendar.sourceName = fileName
        return calendar
    }

    func diagnostic(for issue: ScanIssue, fileName: String?) -> ConversionDiagnostic {
        let (severity, action): (ConversionDiagnostic.Severity, ConversionDiagnostic.Action)
        switch issue.kind {
        case .notICalendar, .unsupportedEncoding: (severity, action) = (.error, .refused)
        case .invalidUTF8: (severity, action) = (.warning, .repaired)
        // The input ended inside a component (a download cut short): what was read is kept, but
        // the rest of the file is missing, so it is an error (exit 65).
        case .unterminatedComponent: (severity, action) = (.error, .repaired)
        case .unbalancedEnd, .strayText, .malformedLine, .nestingTooDeep: (severity, action) = (.warning, .ignored)
        case .lineTooLong: (severity, action) = (.error, .skipped)
        }
        return ConversionDiagnostic(severity: severity, file: fileName, line: issue.line == 0 ? nil : issue.line,
                                    message: (issue.component.map { "in \($0): " } ?? "") + issue.message, action: action)
    }
}
