import CalendarModel
import Foundation
import ICalCore

/// One streaming read of an input: the outline pass, then the items, turned into
/// ``ReadEvent``s for the consumer while the diagnostics and counts gather in a ``ReadResult``.
final class CalendarStream {
    typealias Scan = (ICalScanner.Focus, (ScanEvent) throws -> Void) throws -> ICalScanner.Summary

    let options: ConversionOptions
    let fileName: String?
    let handle: (ReadEvent) throws -> Void
    private var result = ReadResult()
    private var outline: Outline
    private var budget: Int
    private var calendarIndex = -1
    private var open: OpenCalendar?

    /// What the first pass keeps: each top-level VCALENDAR's own properties and VTIMEZONEs,
    /// and the components outside any VCALENDAR (VTIMEZONEs whole, the others counted).
    struct Outline {
        var calendars: [(root: RawComponent, zones: [RawComponent])] = []
        var bareZones: [RawComponent] = []
        var bareCount = 0
        var bareFirstLine = 0
        var bareLastLine = 0
        /// Builds the VTIMEZONEs that items use while the items are read.
        let prebuilder: ZonePrebuilder
        private var zones: [RawComponent] = []
        /// Zones named so far, and definitions met before their zone was named (by TZID).
        private var namedZones: Set<String> = []
        private var unnamedDefinitions: [String: String] = [:]
        /// TZIDs whose first definition in the open VCALENDAR was offered (the first is the
        /// one used; each VCALENDAR has its own definitions).
        private var offeredZones: Set<String> = []

        init(zonesBuiltAhead: Int = 16) {
            prebuilder = ZonePrebuilder(limit: zonesBuiltAhead)
        }

        mutating func note(_ event: ScanEvent) {
            switch event {
            case .calendarBegan:
                zones = []
                offeredZones = []
                unnamedDefinitions = [:]
            case .component(let c, let inCalendar):
                if inCalendar {
                    if c.name == "VTIMEZONE" { zones.append(c); offer(c) }
                    return
                }
                if bareCount == 0 { bareFirstLine = c.line }
                bareCount += 1
                bareLastLine = c.endLine
                if c.name == "VTIMEZONE" { bareZones.append(c); offer(c) }
            case .calendarEnded(let root): calendars.append((root, zones))
            case .issue: break
            case .zoneReference(let tzid):
                namedZones.insert(tzid)
                if let text = unnamedDefinitions.removeValue(forKey: tzid), offeredZones.insert(tzid).inserted {
                    prebuilder.offer(text)
                }
            }
        }

        /// A definition is built ahead only once an item names its zone (before or after it), so
        /// that a file carrying zones it never uses costs no builds (beside 8,000 events, 16
        /// unused zones from 1601 had made an import take 114 ms instead of 78).
        private mutating func offer(_ zone: RawComponent) {
            guard let tzid = zone.property("TZID").map({ TextCodec.unescape($0.value).trimmedSpaces }), !tzid.isEmpty else { return }
            if offeredZones.contains(tzid) || unnamedDefinitions[tzid] != nil { return }   // not the first definition
            if namedZones.contains(tzid) {
                offeredZones.insert(tzid)
                prebuilder.offer(zone.text)
            } else {
                unnamedDefinitions[tzid] = zone.text
            }
        }
    }

    /// The calendar being read.
    private struct OpenCalendar {
        let ctx: ImportContext
        let root: RawComponent
        let calendarZoneID: String?
        /// Ordinals (among the calendar's VTIMEZONEs) of those kept verbatim.
        let verbatimZones: Set<Int>
        var zoneOrdinal = 0
    }

    init(options: ConversionOptions, fileName: String?, handle: @escaping (ReadEvent) throws -> Void) {
        self.options = options
        self.fileName = fileName
        self.handle = handle
        budget = options.limits.maxItemsPerFile
        outline = Outline(zonesBuiltAhead: options.zonesBuiltAhead)
    }

    func run(_ scan: Scan) throws -> ReadResult {
        defer { outline.prebuilder.stop() }
        let summary = try scan(.outline) { self.outline.note($0) }
        result.refused = summary.refused
        // The bare components make one calendar after the VCALENDARs: read in the same pass
        // when the input has no VCALENDAR, else in a third pass.
        let bareInSecondPass = outline.calendars.isEmpty
        _ = try scan(.full) { event in
            switch event {
            case .issue(let issue):
                let d = self.diagnostic(for: issue, fileName: self.fileName)
                if d.action == .skipped { self.result.skippedCount += 1 }
                self.result.diagnostics.append(d)
            case .calendarBegan:
                self.calendarIndex += 1
                // Both passes see the same calendars unless the file changed in between.
                guard self.calendarIndex < self.outline.calendars.count else {
                    throw ICalError(code: .file, message: "\(self.fileName ?? "input") changed while it was being read")
                }
                let calendar = self.outline.calendars[self.calendarIndex]
                try self.begin(root: calendar.root, zones: calendar.zones)
            case .component(let c, let inCalendar):
                if inCalendar { try self.item(c) } else if bareInSecondPass { try self.bareItem(c) }
            case .calendarEnded:
                try self.end()
            case .zoneReference:
                break   // outline scans only
            }
        }
        if !bareInSecondPass && outline.bareCount > 0 {
            _ = try scan(.full) { event in
                if case .component(let c, false) = event { try self.bareItem(c) }
            }
        }
        if open != nil { try end() }
        return result
    }

    private func bareItem(_ c: RawComponent) throws {
        if open == nil {
            result.diagnostics.append(ConversionDiagnostic(
                severity: .note, file: fileName, line: outline.bareFirstLine,
                message: "\(outline.bareCount) component(s) outside any VCALENDAR; read as one calendar", action: .repaired))
            try begin(root: RawComponent(name: "VCALENDAR", line: outline.bareFirstLine, endLine: outline.bareLastLine),
                      zones: outline.bareZones)
        }
        try item(c)
    }

    private func begin(root: RawComponent, zones: [RawComponent]) throws {
        // Each VTIMEZONE is decided once: the first usable definition of a TZID is the zone;
        // one without TZID, a repeated one, or one that is not usable stays verbatim (by ordinal).
        var timeZones: [TimeZoneDefinition] = []
        var verbatimZones: Set<Int> = []
        for (ordinal, c) in zones.enumerated() {
            func keepVerbatim(_ message: String) {
                verbatimZones.insert(ordinal)
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
        let resolver = ZoneResolver(timeZones: timeZones, prebuilder: outline.prebuilder)
        let ctx = ImportContext(options: options, fileName: fileName, resolver: resolver,
                                calendarZoneID: xwr?.isEmpty == false ? xwr : nil)
        var calendarExtras: [String] = []
        let reader = ICalendarReader(options: options)
        var doc = CalendarDocument(calendar: reader.calendarProperties(root, fileName: fileName, extras: &calendarExtras))
        doc.extraProperties = calendarExtras
        doc.timeZones = timeZones
        open = OpenCalendar(ctx: ctx, root: root, calendarZoneID: xwr, verbatimZones: verbatimZones)
        try handle(.calendarBegan(doc))
    }

    private func item(_ c: RawComponent) throws {
        guard var calendar = open else { return }
        let ctx = calendar.ctx
        switch c.name {
        case "VEVENT", "VTODO":
            guard budget > 0 else {
                ctx.note(.error, line: c.line, uid: c.property("UID")?.value, property: nil,
                         "more items than the max-items-per-file limit (\(options.limits.maxItemsPerFile)); item skipped", action: .skipped)
                break
            }
            budget -= 1
            if c.name == "VEVENT" {
                if let e = EventImporter.read(c, ctx: ctx) { try handle(.event(e)) } else { try handle(.extraComponent(c.text)) }
            } else if let t = ReminderImporter.read(c, ctx: ctx) {
                try handle(.reminder(t))
            }
        case "VTIMEZONE":
            if calendar.verbatimZones.contains(calendar.zoneOrdinal) { try handle(.extraComponent(c.text)) }
            calendar.zoneOrdinal += 1
            open = calendar
        default:
            try handle(.extraComponent(c.text))
        }
        result.diagnostics += ctx.takeDiagnostics()
    }

    private func end() throws {
        guard let calendar = open else { return }
        open = nil
        let ctx = calendar.ctx
        if let xwr = calendar.calendarZoneID, ctx.calendarZone == nil, options.applyCalendarTimeZone {
            ctx.note(.warning, line: calendar.root.property("X-WR-TIMEZONE")?.line, uid: nil, property: "X-WR-TIMEZONE",
                     "unknown zone \"\(xwr)\"; floating times stay floating", action: .ignored)
        }
        result.diagnostics += ctx.takeDiagnostics()
        result.skippedCount += ctx.skipped
        try handle(.calendarEnded(matchedZones: ctx.resolver.zonesMatchedByRules()))
    }

    private func diagnostic(for issue: ScanIssue, fileName: String?) -> ConversionDiagnostic {
        ICalendarReader(options: options).diagnostic(for: issue, fileName: fileName)
    }
}
