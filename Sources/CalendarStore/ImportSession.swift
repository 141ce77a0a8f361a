import CalendarModel
import Foundation

/// One import in progress, inside the store's transaction (see
/// ``EventStore/importStream(intoCalendar:readOnly:dryRun:_:)``): calendars and their items
/// are handed over one at a time, as a streaming reader reads them, so an import of any size
/// holds one item, the counts and the diagnostics, not the file.
///
/// ```swift
/// let reports = try store.importStream { session in
///     try session.begin(header)            // a calendar: properties, VTIMEZONEs
///     for event in events { try session.add(event) }
///     try session.end()
///     return true                          // false: roll everything back
/// }
/// ```
package final class ImportSession {
    let store: EventStore
    let db: Connection
    let calendarTitle: String?
    let readOnly: Bool
    let dryRun: Bool
    /// Mirror: each calendar written ends holding exactly the items this import handed over
    /// (keyed by UID and RECURRENCE-ID); see ``EventStore/importStream(intoCalendar:readOnly:dryRun:replace:subscription:_:)``.
    let replace: Bool
    /// The feed this import refreshes, written with the calendar in the same transaction.
    let subscription: Subscription?
    /// With a subscription: the calendar the first VCALENDAR went into, which takes them all.
    private var subscribedTitle: String?
    /// One report per calendar, in order, for the calendars ended so far.
    package private(set) var reports: [ImportReport] = []
    private var open: OpenCalendar?
    private var knownIndexInUse: Bool?
    /// The calendars this import writes to, by title, as they stand in its transaction. Each is
    /// read once; changes to its row are written once, by ``finish()``, so a file of many
    /// VCALENDARs that go into one calendar does not rewrite that calendar's growing list of
    /// verbatim components for each of them.
    /// Keyed by the title's bytes: SQLite compares titles byte by byte, while two `String`s in
    /// different Unicode normal forms ("Café" with é or with e + U+0301) are equal.
    private var calendars: [[UInt8]: ImportedCalendar] = [:]

    /// A calendar's row as this import leaves it, and as it was read.
    final class ImportedCalendar {
        var row: CalendarRow
        var stored: CalendarRow
        var known: EventStore.KnownParts
        /// Created by this import (a mirror then has nothing to remove).
        let created: Bool
        /// A mirror: the verbatim parts are the input's, not appended to the stored ones.
        var replacesParts = false
        /// A mirror: the keys of the items handed over.
        var seen: Set<MirrorKey> = []

        init(row: CalendarRow, stored: CalendarRow, created: Bool) {
            self.row = row
            self.stored = stored
            self.created = created
            known = EventStore.KnownParts(row)
        }

        var isChanged: Bool {
            if replacesParts {
                return row.calendar != stored.calendar || row.extraProperties != stored.extraProperties
                    || row.extraComponents != stored.extraComponents
            }
            // Verbatim parts are only ever appended.
            return row.calendar != stored.calendar || row.extraProperties.count != stored.extraProperties.count
                || row.extraComponents.count != stored.extraComponents.count
        }
    }

    /// An item's identity within its calendar (as `items_key`).
    struct MirrorKey: Hashable {
        let uid: String
        let recurrenceID: Double?
    }

    /// The calendar being imported and what must wait for its end.
    final class OpenCalendar {
        let id: Int64
        let title: String
        let created: Bool
        /// The calendar's row as this import leaves it (its `seen` keys for a mirror).
        let target: ImportedCalendar?
        var header: CalendarDocument
        var report: ImportReport
        var touched = TouchedUIDs()
        /// Change-log rows not yet written; flushed by `end()`.
        var changes = PendingChanges()
        /// RECURRENCE-IDs the input carries, per kind and UID (overrides only), so that an
        /// updated master keeps those.
        var overrides: [String: Set<Double>] = [:]
        /// Masters replaced by a newer version: their stored overrides the input lacks go at the end.
        var updatedMasters: [(uid: String, kind: ItemKind)] = []
        var extraComponents: [String] = []
        var index = 0
        /// A created calendar: the largest item id whose UID the change log has dealt with
        /// (see ``ImportSession/logAdditions(_:)``).
        var loggedThroughID: Int64 = 0

        init(id: Int64, title: String, created: Bool, target: ImportedCalendar?, header: CalendarDocument, report: ImportReport) {
            self.id = id
            self.title = title
            self.created = created
            self.target = target
            self.header = header
            self.report = report
        }
    }

    init(store: EventStore, db: Connection, calendarTitle: String?, readOnly: Bool, dryRun: Bool,
         replace: Bool = false, subscription: Subscription? = nil) {
        self.store = store
        self.db = db
        self.calendarTitle = calendarTitle
        self.readOnly = readOnly || subscription != nil
        self.dryRun = dryRun
        self.replace = replace || subscription != nil
        self.subscription = subscription
    }

    /// Starts a calendar (ending the open one): created, or refreshed with the header's
    /// properties (in memory: ``finish()`` writes the calendar's row); its VTIMEZONEs stored,
    /// replacing those with the same TZID. The header's events and reminders are not imported
    /// (hand them to `add`).
    package func begin(_ header: CalendarDocument) throws {
        try end()
        let title = calendarTitle ?? subscribedTitle ?? header.calendar.title
        if subscription != nil { subscribedTitle = title }
        guard !title.isEmpty else { throw StoreError.invalidData("the document has no calendar title; name one") }
        let (id, created) = try importCalendar(header, title: title)
        for zone in header.timeZones {
            let stored = try db.scalarText("SELECT text FROM calendar_time_zones WHERE calendar_id = ? AND tzid = ?",
                                           [.integer(id), .text(zone.tzid)])
            if stored == zone.text { continue }   // a re-import writes nothing
            // Another text drops the zone matched to the old one (``end(matchedZones:)`` keeps the new match).
            try db.run("""
                INSERT INTO calendar_time_zones (calendar_id, tzid, text) VALUES (?, ?, ?)
                ON CONFLICT (calendar_id, tzid) DO UPDATE SET text = excluded.text, matched_zone = NULL
                """, [.integer(id), .text(zone.tzid), .text(zone.text)])
        }
        var bare = header
        bare.events = []
        bare.reminders = []
        open = OpenCalendar(id: id, title: title, created: created, target: calendars[Array(title.utf8)], header: bare,
                            report: ImportReport(calendarTitle: title, createdCalendar: created, dryRun: dryRun))
        if created { open?.loggedThroughID = try db.scalarInt("SELECT coalesce(max(id), 0) FROM items") ?? 0 }
    }

    /// Items of a created calendar between two entries in its change log.
    static let loggedItems = 256

    /// A created calendar's change log, brought up to its last item: each UID first met since
    /// the last call is logged `added`, in the order it first came, as an empty calendar
    /// logs it item by item (``EventStore/logAdditions(calendarID:title:after:through:_:)``).
    /// Done every ``loggedItems`` items and at the calendar's end, so the end, which the import
    /// waits for, has little left.
    private func logAdditions(_ calendar: OpenCalendar) throws {
        let last = try db.scalarInt("SELECT coalesce(max(id), 0) FROM items") ?? 0
        guard last > calendar.loggedThroughID else { return }
        try store.logAdditions(calendarID: calendar.id, title: calendar.title, after: calendar.loggedThroughID, through: last, db)
        calendar.loggedThroughID = last
    }

    package func add(_ event: Event) throws { try add(try PreparedItem(event: event)) }
    package func add(_ reminder: Reminder) throws { try add(try PreparedItem(reminder: reminder)) }
    /// ``add(_:)-(Event)`` of an event as a reader handed it over (``PreparedItem/init(read:)-(Event)``).
    package func add(read event: Event) throws { try add(try PreparedItem(read: event)) }
    /// ``add(_:)-(Reminder)`` of a reminder as a reader handed it over.
    package func add(read reminder: Reminder) throws { try add(try PreparedItem(read: reminder)) }

    /// Imports one item into the open calendar (rules in ``EventStore/importDocument(_:intoCalendar:readOnly:dryRun:)``).
    package func add(_ item: PreparedItem) throws {
        var item = item
        try add(&item)
    }

    /// ``add(_:)-(PreparedItem)`` of an item used in place (its row gets the calendar's id).
    package func add(_ item: inout PreparedItem) throws {
        guard let calendar = open else { throw StoreError.invalidData("an item was imported outside any calendar") }
        try store.importItemHook?(calendar.index)
        calendar.index += 1
        item.row.calendarID = calendar.id
        if let recurrenceID = item.row.recurrenceID {
            calendar.overrides[item.row.kind.rawValue + ":" + item.row.uid, default: []].insert(recurrenceID)
        }
        if replace { calendar.target?.seen.insert(MirrorKey(uid: item.row.uid, recurrenceID: item.row.recurrenceID)) }
        let inUse = try indexInUse()
        let mirror = replace
        let outcome = try store.importItem(item.row, sameContent: { try item.sameContent($0, ignoringTimestamp: mirror) },
                                           report: &calendar.report, touched: &calendar.touched, changes: &calendar.changes,
                                           calendarTitle: calendar.title, calendarIsNew: calendar.created,
                                           indexInUse: inUse, mirror: mirror, db)
        if outcome == .updated && item.row.recurrenceID == nil { calendar.updatedMasters.append((item.row.uid, item.row.kind)) }
        if calendar.created && calendar.index % Self.loggedItems == 0 { try logAdditions(calendar) }
    }

    /// Whether the occurrence index covers any bucket, asked once: nothing an import does
    /// fills the index, and no other connection writes during the import's transaction.
    private func indexInUse() throws -> Bool {
        if let known = knownIndexInUse { return known }
        let inUse = try db.scalarInt("SELECT EXISTS (SELECT 1 FROM occurrence_buckets)") == 1
        knownIndexInUse = inUse
        return inUse
    }

    /// A component the reader kept verbatim: stored with the calendar when new to it.
    package func addExtraComponent(_ text: String) {
        open?.extraComponents.append(text)
    }

    /// Ends the open calendar (nothing when none is open): keeps with its VTIMEZONEs the zones
    /// the reading matched them to by their rules (`matchedZones`, by TZID, from
    /// ``ReadEvent/calendarEnded(matchedZones:)``; later readings try them first), drops the
    /// stored overrides of updated masters that the input lacks, gathers the new verbatim
    /// components into the calendar (``finish()`` writes them), and adds the calendar's report
    /// to `reports`.
    package func end(matchedZones: [String: String] = [:]) throws {
        guard let calendar = open else { return }
        open = nil
        for (tzid, zone) in matchedZones.sorted(by: { $0.key < $1.key }) {
            try db.run("UPDATE calendar_time_zones SET matched_zone = ? WHERE calendar_id = ? AND tzid = ? AND matched_zone IS NOT ?",
                       [.text(zone), .integer(calendar.id), .text(tzid), .text(zone)])
        }
        try calendar.changes.flush(db)
        if calendar.created { try logAdditions(calendar) }
        for master in calendar.updatedMasters {
            try store.removeOverrides(calendarID: calendar.id, uid: master.uid, kind: master.kind,
                                      keeping: calendar.overrides[master.kind.rawValue + ":" + master.uid] ?? [],
                                      report: &calendar.report, db)
        }
        if !calendar.extraComponents.isEmpty, let imported = calendars[Array(calendar.title.utf8)] {
            // The header was applied (and a read-only calendar's source checked) at `begin`.
            EventStore.gather(components: calendar.extraComponents, into: &imported.row, known: &imported.known)
        }
        reports.append(calendar.report)
    }

    /// Writes the calendars' rows that this import changed. Called once the last calendar
    /// ended, inside the import's transaction.
    func finish() throws {
        try end()
        if replace {
            for imported in calendars.values where !imported.created { try removeUnseen(imported) }
        }
        for imported in calendars.values where imported.isChanged {
            try store.updateCalendar(id: imported.row.id, imported.row.calendar, extraProperties: imported.row.extraProperties,
                                     extraComponents: imported.row.extraComponents, db)
            imported.stored = imported.row
        }
        if var subscription, let title = subscribedTitle, let imported = calendars[Array(title.utf8)] {
            subscription.calendarTitle = title
            try store.writeSubscription(subscription, calendarID: imported.row.id, db)
        }
    }

    /// A mirror's last step: deletes the calendar's items this import did not hand over, each
    /// a `removed` entry of the calendar's last report; logs `deleted` for a UID left with no
    /// item, `updated` for one that keeps some (an override dropped).
    private func removeUnseen(_ imported: ImportedCalendar) throws {
        var removed: [(id: Int64, uid: String, recurrenceID: Double?, kind: ItemKind)] = []
        try db.forEachRow("SELECT id, uid, recurrence_id, kind FROM items WHERE calendar_id = ? ORDER BY id", [.integer(imported.row.id)]) { row in
            let uid = row.text(1) ?? "", recurrenceID = row.optionalDouble(2)
            guard !imported.seen.contains(MirrorKey(uid: uid, recurrenceID: recurrenceID)) else { return }
            removed.append((row.int64(0), uid, recurrenceID, ItemKind(rawValue: row.text(3) ?? "") ?? .event))
        }
        guard !removed.isEmpty else { return }
        let title = imported.row.calendar.title
        let reportIndex = reports.lastIndex { $0.calendarTitle == title }
        var uids: [String] = []
        var known: Set<String> = []
        for item in removed {
            try db.run("DELETE FROM items WHERE id = ?", [.integer(item.id)])
            if known.insert(item.uid).inserted { uids.append(item.uid) }
            reportIndex.map { reports[$0].append(.init(uid: item.uid, recurrenceId: item.recurrenceID.map(Date.init(timeIntervalSince1970:)),
                                                       kind: item.kind, outcome: .removed, reason: "not in the source any more")) }
        }
        for uid in uids {
            let kept = try store.uidExists(calendarID: imported.row.id, uid: uid, db)
            try store.logChange(kept ? .updated : .deleted, uid: uid, calendar: title, db)
        }
    }

    /// The calendar a header goes into, created (`created` is true) or refreshed with the
    /// header's properties (written by ``finish()``).
    private func importCalendar(_ header: CalendarDocument, title: String) throws -> (id: Int64, created: Bool) {
        let key = Array(title.utf8)
        if let imported = calendars[key] {
            try EventStore.refresh(&imported.row, with: header, readOnly: readOnly, known: &imported.known)
            return (imported.row.id, false)
        }
        guard let stored = try store.calendarRow(titled: title, db) else {
            let row = try store.insertImportedCalendar(header, title: title, readOnly: readOnly, db)
            calendars[key] = ImportedCalendar(row: row, stored: row, created: true)
            return (row.id, true)
        }
        // Only a refresh of its own feed writes a subscribed calendar; a subscription takes
        // no calendar that exists without one.
        let subscribed = try store.isSubscribed(calendarID: stored.id, db)
        if subscribed && subscription == nil { throw StoreError.subscribedCalendar(title) }
        if !subscribed && subscription != nil {
            throw StoreError.invalidData("a calendar titled '\(title)' exists already; name another with --calendar")
        }
        let imported = ImportedCalendar(row: stored, stored: stored, created: false)
        if replace {
            imported.row.extraProperties = []
            imported.row.extraComponents = []
            imported.known = EventStore.KnownParts(imported.row)
            imported.replacesParts = true
        }
        try EventStore.refresh(&imported.row, with: header, readOnly: readOnly, known: &imported.known)
        calendars[key] = imported
        return (stored.id, false)
    }
}

/// An item made ready for ``ImportSession/add(_:)-(PreparedItem)``: its row (encoded model,
/// index columns) built without the store, so another thread can do that work.
package struct PreparedItem: Sendable {
    var row: ItemRow
    let model: Model

    enum Model: Sendable {
        case event(Event)
        case reminder(Reminder)
    }

    package init(event: Event) throws {
        row = try ItemRow(event: event, calendarID: 0)
        model = .event(event)
    }

    package init(reminder: Reminder) throws {
        row = try ItemRow(reminder: reminder, calendarID: 0)
        model = .reminder(reminder)
    }

    /// An event as a reader handed it over, unchanged since (``ReadEvent/event(_:)``): its
    /// source text is kept without comparing the event with the source's snapshot, which it
    /// equals (checked in debug builds; comparing every event costs more than reading it).
    package init(read event: consuming Event) throws {
        #if DEBUG
        if event.source?.isUnchanged(event) == false { let uid = event.uid; preconditionFailure("an event changed after it was read: \(uid)") }
        #endif
        row = try ItemRow(event: event, calendarID: 0, asRead: true)
        model = .event(event)
    }

    /// A reminder as a reader handed it over (see ``init(read:)-(Event)``).
    package init(read reminder: consuming Reminder) throws {
        #if DEBUG
        if reminder.source?.isUnchanged(reminder) == false { let uid = reminder.uid; preconditionFailure("a reminder changed after it was read: \(uid)") }
        #endif
        row = try ItemRow(reminder: reminder, calendarID: 0, asRead: true)
        model = .reminder(reminder)
    }

    /// The stored row holds this same item (byte-equal encoding, or equal once decoded);
    /// `ignoringTimestamp`: a different DTSTAMP alone does not count (feeds such as Google's
    /// stamp every item with the time of the request).
    func sameContent(_ stored: StoredRow, ignoringTimestamp: Bool = false) throws -> Bool {
        if stored.model == row.model { return true }
        switch model {
        case .event(let event):
            var decoded = try ItemCodec.decodeEvent(stored.model, sourceText: nil)
            if ignoringTimestamp { decoded.timestamp = event.timestamp }
            return decoded == event
        case .reminder(let reminder):
            var decoded = try ItemCodec.decodeReminder(stored.model, sourceText: nil)
            if ignoringTimestamp { decoded.timestamp = reminder.timestamp }
            return decoded == reminder
        }
    }
}

/// The UIDs an import has logged a change for, as 128-bit digests (16 bytes per UID, not
/// the UID itself: a million-item import keeps ~20 MB here, not the UIDs' text).
struct TouchedUIDs {
    private var digests: Set<Digest> = []

    struct Digest: Hashable {
        let a: UInt64
        let b: UInt64
    }

    /// True the first time `uid` is seen. Two independent 64-bit hashes (FNV-1a, and the
    /// standard library's seeded SipHash) must both collide for a false "seen before".
    mutating func firstTouch(_ uid: String) -> Bool {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in uid.utf8 { a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var hasher = Hasher()
        hasher.combine(uid)
        return digests.insert(Digest(a: a, b: UInt64(bitPattern: Int64(hasher.finalize())))).inserted
    }
}
