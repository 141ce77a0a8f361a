import CalendarModel
import Foundation
import ICalCore

/// Reads iCalendar text into model values.
///
/// ```swift
/// let result = ICalendarReader().read(data, fileName: "feed.ics")
/// for event in result.documents.flatMap(\.events) { print(event.title) }
/// result.diagnostics.forEach { print($0) }      // feed.ics:12: warning: ...
/// ```
public struct ICalendarReader: Sendable {
    public var options: ConversionOptions
    public init(options: ConversionOptions = ConversionOptions()) { self.options = options }

    /// Never throws and never traps on bad input: what cannot be read is reported.
    public func read(_ data: Data, fileName: String? = nil) -> ReadResult {
        let scanner = ICalScanner(maxLineBytes: options.limits.maxLineBytes, maxNestingDepth: options.limits.maxNestingDepth)
        let scan = data.withUnsafeBytes { raw in scanner.scan(raw.bindMemory(to: UInt8.self)) }
        var result = ReadResult()
        for issue in scan.issues {
            let d = diagnostic(for: issue, fileName: fileName)
            if d.action == .skipped { result.skippedCount += 1 }
            result.diagnostics.append(d)
        }
        if scan.issues.contains(where: { $0.kind == .notICalendar || $0.kind == .unsupportedEncoding }) {
            result.refused = true
            return result
        }
        var bare: [RawComponent] = []
        var itemBudget = options.limits.maxItemsPerFile
        for root in scan.components {
            if root.name == "VCALENDAR" {
                read(calendar: root, fileName: fileName, budget: &itemBudget, into: &result)
            } else {
                bare.append(root)
            }
        }
        if !bare.isEmpty {
            result.diagnostics.append(ConversionDiagnostic(
                severity: .note, file: fileName, line: bare[0].line,
                message: "\(bare.count) component(s) outside any VCALENDAR; read as one calendar", action: .repaired))
            read(calendar: RawComponent(name: "VCALENDAR", components: bare, line: bare[0].line, endLine: bare[bare.count - 1].endLine),
                 fileName: fileName, budget: &itemBudget, into: &result)
        }
        return result
    }

    public func read(contentsOf url: URL) throws -> ReadResult {
        read(try Data(contentsOf: url), fileName: url.path)
    }

    private func read(calendar root: RawComponent, fileName: String?, budget: inout Int, into result: inout ReadResult) {
        // Each VTIMEZONE is decided once: the first usable definition of a TZID is the zone;
        // one without TZID, a repeated one, or one that is not usable stays verbatim (by index).
        var timeZones: [TimeZoneDefinition] = []
        var verbatimZones: Set<Int> = []
        for (index, c) in root.components.enumerated() where c.name == "VTIMEZONE" {
            func keepVerbatim(_ message: String) {
                verbatimZones.insert(index)
                result.diagnostics.append(ConversionDiagnostic(severity: .warning, file: fileName, line: c.line, property: "TZID",
                                                               message: message, action: .ignored))
            }
            // TZID is TEXT: "Kuala Lumpur\, Singapore" names the zone that parameters write as
            // TZID="Kuala Lumpur, Singapore".
            guard let tzid = c.property("TZID").map({ TextCodec.unescape($0.value).trimmedSpaces }), !tzid.isEmpty else {
                keepVerbatim("VTIMEZONE without TZID; kept verbatim")
                continue
            }
            if timeZones.contains(where: { $0.tzid == tzid }) {
                keepVerbatim("VTIMEZONE \"\(tzid)\" is defined again; the first definition is used, this one kept verbatim")
            } else if VTimeZone.hasSubDailyObservance(c.text) {
                keepVerbatim("VTIMEZONE \"\(tzid)\" has an observance that repeats more often than daily; not used as a zone "
                             + "(the TZID is resolved as if undefined), kept verbatim")
            } else {
                timeZones.append(TimeZoneDefinition(tzid: tzid, text: c.text))
            }
        }
        let xwr = root.property("X-WR-TIMEZONE").map { $0.value.trimmedSpaces }
        let ctx = ImportContext(options: options, fileName: fileName, resolver: ZoneResolver(timeZones: timeZones),
                                calendarZoneID: xwr?.isEmpty == false ? xwr : nil)
        var calendarExtras: [String] = []
        var doc = CalendarDocument(calendar: calendarProperties(root, fileName: fileName, extras: &calendarExtras))
        doc.extraProperties = calendarExtras
        doc.timeZones = timeZones
        for (index, c) in root.components.enumerated() {
            switch c.name {
            case "VEVENT", "VTODO":
                guard budget > 0 else {
                    ctx.note(.error, line: c.line, uid: c.property("UID")?.value, property: nil,
                             "more items than the max-items-per-file limit (\(options.limits.maxItemsPerFile)); item skipped", action: .skipped)
                    continue
                }
                budget -= 1
                if c.name == "VEVENT" {
                    if let e = EventImporter.read(c, ctx: ctx) { doc.events.append(e) } else { doc.extraComponents.append(c.text) }
                } else if let t = ReminderImporter.read(c, ctx: ctx) {
                    doc.reminders.append(t)
                }
            case "VTIMEZONE":
                if verbatimZones.contains(index) { doc.extraComponents.append(c.text) }
            default:
                doc.extraComponents.append(c.text)
            }
        }
        if xwr != nil, ctx.calendarZone == nil, let xwr, options.applyCalendarTimeZone {
            ctx.note(.warning, line: root.property("X-WR-TIMEZONE")?.line, uid: nil, property: "X-WR-TIMEZONE",
                     "unknown zone \"\(xwr)\"; floating times stay floating", action: .ignored)
        }
        result.documents.append(doc)
        result.diagnostics += ctx.diagnostics
        result.skippedCount += ctx.skipped
    }
}
