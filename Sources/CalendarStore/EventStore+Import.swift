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

    /// Imports one row: added, unchanged, skipped (older) or updated; logs one change per
    /// UID, at its first write in this calendar's import (`added` when the UID was new to the
    /// calendar, else `updated`), into `changes` (the caller flushes it).
    ///
    /// `calendarIsNew`: the calendar was created by this import, so a row is new unless this
    /// import wrote the same key before (a duplicate in the input): the row is inserted at once
    /// and only a conflict takes the full path (two statements per item instead of four). Such
    /// a calendar's changes are not logged here: every UID in it is `added`, once, which
    /// ``logAdditions(calendarID:title:after:through:_:)`` writes as the calendar fills.
    ///
    /// `indexInUse`: the occurrence index covers some bucket (else an insert has nothing to mark
    /// stale, see ``markInserted(_:_:)``).
    func importItem(_ row: ItemRow, sameContent: (StoredRow) throws -> Bool, report: inout ImportReport,
                    touched: inout TouchedUIDs, changes: inout PendingChanges, calendarTitle: String,
                    calendarIsNew: Bool = false, indexInUse: Bool = true, mirror: Bool = false,
                    _ db: Connection) throws -> ImportReport.Outcome {
        let recurrenceDate = row.recurrenceID.map(Date.init(timeIntervalSince1970:))
        if calendarIsNew {
            try db.run(ItemRow.insertUnlessPresentSQL, row.values)
            if db.changedRowCount == 1 {
                if indexInUse { try markInserted(row, db) }
                report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .added))
                return .added
            }
        }
        guard let stored = try storedRow(calendarID: row.calendarID, uid: row.uid, recurrenceID: row.recurrenceID, db) else {
            if !calendarIsNew && touched.firstTouch(row.uid) {
                let existed = try uidExists(calendarID: row.calendarID, uid: row.uid, db)
                try changes.append(existed ? .updated : .added, uid: row.uid, calendar: calendarTitle, db)
            }
            try insertItem(row, db)
            report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .added))
            return .added
        }
        if stored.kind == row.kind, try sameContent(stored) {
            report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .unchanged))
            return .unchanged
        }
        var (order, reason) = Self.compareVersion(row, stored)
        if mirror && order == .older {
            // A mirror holds what its source holds, whatever the SEQUENCE says.
            reason += "; the source's copy replaces it (a mirror)"
        } else if order == .older {
            report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .skipped, reason: reason))
            return .skipped
        }
        if !calendarIsNew && touched.firstTouch(row.uid) { try changes.append(.updated, uid: row.uid, calendar: calendarTitle, db) }
        var newRow = row
        if stored.kind == row.kind, stored.sourceText != nil, row.sourceText == nil {
            newRow.sourceText = nil   // an imported model without text replaces both
        }
        try updateItem(id: stored.id, newRow, db)
        report.append(.init(uid: row.uid, recurrenceId: recurrenceDate, kind: row.kind, outcome: .updated, reason: reason))
        return .updated
    }

    /// The change log of a calendar this import created (see `calendarIsNew` in
    /// ``importItem(_:sameContent:report:touched:changes:calendarTitle:calendarIsNew:indexInUse:_:)``),
    /// for its rows with ids in `first <.. last`: one `added` row per UID whose first row is
    /// among them, in the order the UIDs first came (rows are only added to such a calendar
    /// until it ends, and ids grow). Called for consecutive ranges as the calendar fills
    /// (``ImportSession``), it logs what one statement over the whole calendar at its end
    /// logged (`GROUP BY uid ORDER BY min(id)`), a little more work in all (every row's UID
    /// looked up in `items_key`; no sort), but most of it while the reader still reads, not
    /// after the last item.
    func logAdditions(calendarID: Int64, title: String, after first: Int64, through last: Int64, _ db: Connection) throws {
        // By id (`+calendar_id` keeps SQLite from reading the calendar's whole index for it).
        try db.run("""
            INSERT INTO changes (calendar, uid, change)
            SELECT ?1, uid, 'added' FROM items AS i
            WHERE +calendar_id = ?2 AND id > ?3 AND id <= ?4
              AND NOT EXISTS (SELECT 1 FROM items AS j WHERE j.calendar_id = ?2 AND j.uid = i.uid AND j.id < i.id)
            ORDER BY id
            """, [.text(title), .integer(calendarID), .integer(first), .integer(last)])
    }

    /// After a master was updated: drops its stored overrides that the document does not carry.
    func removeOverrides(calendarID: Int64, uid: String, kind: ItemKind, keeping kept: Set<Double>,
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

    /// Applies a document's header to a stored calendar, as an import refreshes it: the
    /// header's properties where it has them, read-only when asked, and the header's verbatim
    /// properties and components that the calendar lacks appended (`known` holds the calendar's
    /// verbatim properties and components, so that a calendar that gathers thousands of them
    /// does not compare each new one with all of them; the row is changed in place, not
    /// copied). A read-only calendar only takes a refresh of the feed it came from; another
    /// source throws ``StoreError/readOnlyCalendar(_:)`` and leaves the row as it was.
    static func refresh(_ row: inout CalendarRow, with document: CalendarDocument, readOnly: Bool,
                        known: inout KnownParts) throws {
        if !row.calendar.allowsContentModifications {
            guard let source = row.calendar.sourceName, source == document.calendar.sourceName else {
                throw StoreError.readOnlyCalendar(row.calendar.title)
            }
        }
        row.calendar.color = document.calendar.color ?? row.calendar.color
        row.calendar.calendarDescription = document.calendar.calendarDescription ?? row.calendar.calendarDescription
        row.calendar.productID = document.calendar.productID ?? row.calendar.productID
        row.calendar.defaultTimeZoneIdentifier = document.calendar.defaultTimeZoneIdentifier ?? row.calendar.defaultTimeZoneIdentifier
        row.calendar.sourceName = row.calendar.sourceName ?? document.calendar.sourceName
        if readOnly { row.calendar.allowsContentModifications = false }
        // What the document repeats is all kept, as it is when the calendar is new.
        let newProperties = document.extraProperties.filter { !known.properties.contains($0) }
        row.extraProperties += newProperties
        known.properties.formUnion(newProperties)
        gather(components: document.extraComponents, into: &row, known: &known)
    }

    /// Appends the verbatim components the calendar lacks (those `components` repeats, all).
    static func gather(components: [String], into row: inout CalendarRow, known: inout KnownParts) {
        let newComponents = components.filter { !known.components.contains($0) }
        row.extraComponents += newComponents
        known.components.formUnion(newComponents)
    }

    /// A calendar's verbatim properties and components, for ``refresh(_:with:readOnly:known:)``.
    struct KnownParts {
        var properties: Set<String>
        var components: Set<String>

        init(_ row: CalendarRow) {
            properties = Set(row.extraProperties)
            components = Set(row.extraComponents)
        }
    }

    /// A new calendar for a document's header (the caller checked that none has the title).
    func insertImportedCalendar(_ document: CalendarDocument, title: String, readOnly: Bool,
                                _ db: Connection) throws -> CalendarRow {
        var calendar = document.calendar
        calendar.title = title
        calendar.allowsContentModifications = document.calendar.allowsContentModifications && !readOnly
        let id = try insertCalendar(calendar, extraProperties: document.extraProperties, extraComponents: document.extraComponents, db)
        return CalendarRow(id: id, calendar: calendar, isDefaultForEvents: false, isDefaultForReminders: false,
                           extraProperties: document.extraProperties, extraComponents: document.extraComponents)
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
        let reports = try importStream(intoCalendar: title, readOnly: readOnly, dryRun: dryRun) { session in
            try session.begin(document)
            for event in document.events { try session.add(event) }
            for reminder in document.reminders { try session.add(reminder) }
            try session.end(matchedZones: Dictionary(document.timeZones.compactMap { zone in zone.matchedZone.map { (zone.tzid, $0) } },
                                                     uniquingKeysWith: { first, _ in first }))
            return true
        }
        return reports[0]
    }

    /// Imports calendars handed over one item at a time (a streaming reader's output), all in
    /// ONE transaction with the rules of ``importDocument(_:intoCalendar:readOnly:dryRun:)``:
    /// everything lands, or nothing does. `body` gets the ``ImportSession``; when it throws,
    /// or returns false, the transaction is rolled back (the reports still say what would have
    /// happened). Returns one report per calendar begun.
    ///
    /// ```swift
    /// let reports = try store.importStream(intoCalendar: "Feed") { session in
    ///     _ = try ICalendarReader().read(fileAt: path) { event in
    ///         switch event {
    ///         case .calendarBegan(let header): try session.begin(header)
    ///         case .event(let e): try session.add(read: e)
    ///         case .reminder(let r): try session.add(read: r)
    ///         case .extraComponent(let text): session.addExtraComponent(text)
    ///         case .calendarEnded(let matched): try session.end(matchedZones: matched)
    ///         }
    ///     }
    ///     return true
    /// }
    /// ```
    ///
    /// `replace` makes the import a mirror: each calendar it writes ends holding exactly the
    /// items handed over, keyed by UID and RECURRENCE-ID. An item is `added`, `updated` (any
    /// change of content, whatever its SEQUENCE; a change of DTSTAMP alone is not one, and the
    /// stored copy stays), `unchanged` (kept as it was, not logged), or `removed` when it is
    /// not in the input (logged `deleted`, or `updated` for a UID that keeps other items). The
    /// calendar's verbatim properties and components become the input's. A subscribed
    /// calendar is written only with its `subscription`.
    ///
    /// `subscription`: a refresh of that feed (implies `replace` and `readOnly`): every
    /// VCALENDAR goes into one calendar (`title`, else the first one's), which must be that
    /// subscription's or new; the subscription is written with it, in the same transaction.
    package func importStream(intoCalendar title: String? = nil, readOnly: Bool = false, dryRun: Bool = false,
                              replace: Bool = false, subscription: Subscription? = nil,
                              _ body: (ImportSession) throws -> Bool) throws -> [ImportReport] {
        struct Discarded: Error { let reports: [ImportReport] }
        return try withConnection { db in
            let session = ImportSession(store: self, db: db, calendarTitle: title, readOnly: readOnly, dryRun: dryRun,
                                        replace: replace, subscription: subscription)
            func work() throws -> [ImportReport] {
                let keep = try body(session)
                try session.finish()
                if !keep && !dryRun { throw Discarded(reports: session.reports) }
                return session.reports
            }
            do {
                // Another import (or edit) writing the store holds its write lock until it
                // commits: this one waits for it, up to ``importWaitMilliseconds``.
                return try db.withBusyTimeout(milliseconds: Self.importWaitMilliseconds) {
                    dryRun ? try db.rolledBackTransaction(.immediate, work) : try db.transaction(.immediate, work)
                }
            } catch let discarded as Discarded {
                return discarded.reports
            }
        }
    }
}

extension EventStore {
    /// How long an import waits for another connection's write to end: ten minutes, longer
    /// than the import of a large file takes.
    static let importWaitMilliseconds: Int32 = 600_000
}
