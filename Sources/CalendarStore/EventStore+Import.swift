import CalendarModel
import Foundation

// MARK: - Import rules

extension EventStore {
    enum VersionOrder { case newer, older, same }

    /// Compares an incoming item's version with the stored one: SEQUENCE first, then
    /// LAST-MODIFIED, then DTSTAMP. A date missing on either side does not decide.
    /// Related RFC 5546 section: <https://www.rfc-editor.org/rfc/rfc5546#section-2.1.5>
    static func compareVersion(_ incoming: ItemRow, _ stored: StoredRow) -> (order: VersionOrder, reason: String) {
        func date(_ seconds: Double) -> String { Date(timeIntervalSince1970: seconds).formatted(.iso8601) }
        if incoming.sequence != stored.sequence {
            let older = incoming.sequence < stored.sequence
            return (older ? .older : .newer, "SEQUENCE \(incoming.sequence) is \(older ? "older" : "newer") than the stored \(stored.sequence)")
        }
        if let a = incoming.lastModified, let b = stored.lastModified, a != b {
            let older = a < b
            return (older ? .older : .newer, "LAST-MODIFIED \(date(a)) is \(older ? "older" : "newer") than the stored \(date(b))")
        }
        if let a = incoming.dtstamp, let b = stored.dtstamp, a != b {
            let older = a < b
            return (older ? .older : .newer, "DTSTAMP \(date(a)) is \(older ? "older" : "newer") than the stored \(date(b))")
        }
        return (.same, "same SEQUENCE, LAST-MODIFIED and DTSTAMP but different content; the imported copy wins")
    }

    /// Per-UID change kinds of one import, in first-touch order, logged once at the end.
    struct UIDChanges {
        var order: [String] = []
        var kinds: [String: Change.Kind] = [:]
        mutating func note(_ uid: String, existedBefore: () throws -> Bool) rethrows {
            guard kinds[uid] == nil else { return }
            order.append(uid)
            kinds[uid] = try existedBefore() ? .updated : .added
        }
    }

    private func importItem(_ row: ItemRow, sameContent: (StoredRow) throws -> Bool, calendarTitle: String,
                            report: inout ImportReport, changes: inout UIDChanges, _ db: Connection) throws -> ImportReport.Outcome {
        let recurrenceDate = row.recurrenceID.map(Date.init(timeIntervalSince1970:))
        guard let stored = try storedRow(calendarID: row.calendarID, uid: row.uid, recurrenceID: row.recurrenceID, db) else {
            try changes.note(row.uid) { try uidExists(calendarID: row.calendarID, uid: row.uid, db) }
            try insertItem(row, db)
            report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .added))
            return .added
        }
        if stored.kind == row.kind, try sameContent(stored) {
            report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .unchanged))
            return .unchanged
        }
        let (order, reason) = Self.compareVersion(row, stored)
        if order == .older {
            report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .skipped, reason: reason))
            return .skipped
        }
        changes.note(row.uid) { true }
        var newRow = row
        if stored.kind == row.kind, stored.sourceText != nil, row.sourceText == nil {
            newRow.sourceText = nil   // an imported model without text replaces both
        }
        try updateItem(id: stored.id, newRow, db)
        report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .updated, reason: reason))
        return .updated
    }

    /// After a master was updated: drops its stored overrides that the document does not carry.
    private func removeOverrides(calendarID: Int64, uid: String, kind: ItemKind, keeping kept: Set<Double>,
                                 report: inout ImportReport, _ db: Connection) throws {
        var dropped: [(id: Int64, recurrenceID: Double)] = []
        try db.forEachRow("SELECT id, recurrence_id FROM items WHERE calendar_id = ? AND uid = ? AND kind = ? AND recurrence_id IS NOT NULL ORDER BY recurrence_id",
                          [.integer(calendarID), .text(uid), .text(kind.rawValue)]) { row in
            if let recurrenceID = row.optionalDouble(1), !kept.contains(recurrenceID) { dropped.append((row.int64(0), recurrenceID)) }
        }
        for item in dropped {
            try db.run("DELETE FROM items WHERE id = ?", [.integer(item.id)])
            report.append(.init(uid: uid, recurrenceId: Date(timeIntervalSince1970: item.recurrenceID), kind: kind, outcome: .removed,
                                reason: "the updated master does not carry this override; a new version of a series replaces all of it (RFC 5546)"))
        }
    }

    /// The calendar an import goes into, created or refreshed with the document's properties.
    private func importCalendar(_ document: CalendarDocument, title: String, readOnly: Bool,
                                _ db: Connection) throws -> (id: Int64, created: Bool) {
        guard let existing = try calendarRow(titled: title, db) else {
            var calendar = document.calendar
            calendar.title = title
            calendar.allowsContentModifications = document.calendar.allowsContentModifications && !readOnly
            let id = try insertCalendar(calendar, extraProperties: document.extraProperties, extraComponents: document.extraComponents, db)
            return (id, true)
        }
        var calendar = existing.calendar
        if !calendar.allowsContentModifications {
            // A read-only calendar only takes a refresh of the feed it came from.
            guard let source = calendar.sourceName, source == document.calendar.sourceName else {
                throw StoreError.readOnlyCalendar(title)
            }
        }
        calendar.color = document.calendar.color ?? calendar.color
        calendar.calendarDescription = document.calendar.calendarDescription ?? calendar.calendarDescription
        calendar.productID = document.calendar.productID ?? calendar.productID
        calendar.defaultTimeZoneIdentifier = document.calendar.defaultTimeZoneIdentifier ?? calendar.defaultTimeZoneIdentifier
        calendar.sourceName = calendar.sourceName ?? document.calendar.sourceName
        if readOnly { calendar.allowsContentModifications = false }
        let extraProperties = existing.extraProperties + document.extraProperties.filter { !existing.extraProperties.contains($0) }
        let extraComponents = existing.extraComponents + document.extraComponents.filter { !existing.extraComponents.contains($0) }
        if calendar != existing.calendar || extraProperties != existing.extraProperties || extraComponents != existing.extraComponents {
            try updateCalendar(id: existing.id, calendar, extraProperties: extraProperties, extraComponents: extraComponents, db)
        }
        return (existing.id, false)
    }

    private func performImport(_ document: CalendarDocument, title: String, readOnly: Bool, dryRun: Bool,
                               _ db: Connection) throws -> ImportReport {
        let (calendarID, created) = try importCalendar(document, title: title, readOnly: readOnly, db)
        var report = ImportReport(calendarTitle: title, createdCalendar: created, dryRun: dryRun)
        for zone in document.timeZones {
            let stored = try db.scalarText("SELECT text FROM calendar_time_zones WHERE calendar_id = ? AND tzid = ?",
                                           [.integer(calendarID), .text(zone.tzid)])
            if stored == zone.text { continue }   // a re-import writes nothing
            try db.run("""
                INSERT INTO calendar_time_zones (calendar_id, tzid, text) VALUES (?, ?, ?)
                ON CONFLICT (calendar_id, tzid) DO UPDATE SET text = excluded.text
                """, [.integer(calendarID), .text(zone.tzid), .text(zone.text)])
        }

        // RECURRENCE-IDs the document carries, per UID, so an updated master keeps those.
        var eventOverrides: [String: Set<Double>] = [:]
        for event in document.events { if let date = event.occurrenceDate { eventOverrides[event.uid, default: []].insert(date.timeIntervalSince1970) } }
        var reminderOverrides: [String: Set<Double>] = [:]
        for reminder in document.reminders { if let date = reminder.occurrenceDate { reminderOverrides[reminder.uid, default: []].insert(date.timeIntervalSince1970) } }

        var changes = UIDChanges()
        var index = 0
        for event in document.events {
            try importItemHook?(index)
            index += 1
            let row = try ItemRow(event: event, calendarID: calendarID)
            let outcome = try importItem(row, sameContent: { stored in
                try stored.model == row.model || ItemCodec.decodeEvent(stored.model, sourceText: nil) == event
            }, calendarTitle: title, report: &report, changes: &changes, db)
            if outcome == .updated && !event.isDetached {
                try removeOverrides(calendarID: calendarID, uid: event.uid, kind: .event, keeping: eventOverrides[event.uid] ?? [], report: &report, db)
            }
        }
        for reminder in document.reminders {
            try importItemHook?(index)
            index += 1
            let row = try ItemRow(reminder: reminder, calendarID: calendarID)
            let outcome = try importItem(row, sameContent: { stored in
                try stored.model == row.model || ItemCodec.decodeReminder(stored.model, sourceText: nil) == reminder
            }, calendarTitle: title, report: &report, changes: &changes, db)
            if outcome == .updated && reminder.occurrenceDate == nil {
                try removeOverrides(calendarID: calendarID, uid: reminder.uid, kind: .reminder, keeping: reminderOverrides[reminder.uid] ?? [], report: &report, db)
            }
        }
        for uid in changes.order {
            if let kind = changes.kinds[uid] { try logChange(kind, uid: uid, calendar: title, db) }
        }
        return report
    }
}

// MARK: - Public API

public extension EventStore {
    /// Imports one VCALENDAR in ONE transaction: everything lands, or nothing does.
    ///
    /// - The calendar is `title`, else the document's title; it is created when missing (read-only
    ///   when `readOnly`). An existing read-only calendar only accepts a refresh from the same
    ///   source (`sourceName` equal and not nil): re-importing a subscribed feed is allowed,
    ///   anything else throws `readOnlyCalendar`. `readOnly: true` on an existing writable
    ///   calendar makes it read-only. Calendar properties the document has overwrite stored
    ///   ones; unknown calendar lines and components are added when new.
    /// - Each item, keyed by (calendar, UID, RECURRENCE-ID): new → `added`; same content as
    ///   stored → `unchanged` (nothing written, nothing logged, so re-importing a file is a
    ///   no-op); newer SEQUENCE, else newer LAST-MODIFIED, else newer DTSTAMP → `updated`; older
    ///   → `skipped` with the reason, the stored item stays. Equal versions with different
    ///   content → `updated` (many feeds never bump SEQUENCE; the file being imported wins).
    /// - An updated master replaces its whole series: stored overrides of that UID that the
    ///   document does not carry are deleted (`removed` entries). RFC 5546 treats a new version
    ///   of a recurring event as replacing the previous one with all its instances.
    /// - Items the document lacks are never deleted (an import is not a sync).
    /// - The document's VTIMEZONEs are stored with the calendar, replacing those with the same TZID.
    /// - One change-log row per touched UID: `added` if the UID was new to the calendar, else `updated`.
    /// - `dryRun`: the same work, then rolled back; the report says what would happen.
    ///
    /// ```swift
    /// let report = try store.importDocument(document, intoCalendar: "Holidays", readOnly: true)
    /// ```
    func importDocument(_ document: CalendarDocument, intoCalendar title: String? = nil, readOnly: Bool = false,
                        dryRun: Bool = false) throws -> ImportReport {
        let calendarTitle = title ?? document.calendar.title
        guard !calendarTitle.isEmpty else { throw StoreError.invalidData("the document has no calendar title; name one") }
        return try withConnection { db in
            let work = { try self.performImport(document, title: calendarTitle, readOnly: readOnly, dryRun: dryRun, db) }
            return dryRun ? try db.rolledBackTransaction(.immediate, work) : try db.transaction(.immediate, work)
        }
    }
}
