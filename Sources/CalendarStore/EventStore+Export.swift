import CalendarModel
import Foundation

// MARK: - Rows (callers hold the lock)

extension EventStore {
    /// A calendar's items in export order: masters then their overrides, by UID.
    static let exportItemsSQL = """
        SELECT kind, model, source_text FROM items WHERE calendar_id = ?
        ORDER BY uid, recurrence_id IS NOT NULL, recurrence_id
        """

    /// The calendar's document without items: its properties, unknown lines and components,
    /// and VTIMEZONEs (by TZID).
    func exportHeader(_ row: CalendarRow, _ db: Connection) throws -> CalendarDocument {
        var document = CalendarDocument(calendar: row.calendar)
        document.extraProperties = row.extraProperties
        document.extraComponents = row.extraComponents
        var zones: [Int64: [TimeZoneDefinition]] = [:]
        document.timeZones = try timeZones(calendarID: row.id, cache: &zones, db)
        return document
    }
}

// MARK: - Public API

public extension EventStore {
    /// What ``document(forCalendar:)`` holds, handed over for writing without building the
    /// whole document: `header` gets the calendar's document without items (properties,
    /// VTIMEZONEs, unknown lines and components), then `item` gets each event and reminder in
    /// the document's order. An item kept with its original text is stored only while unedited
    /// (see ``save(_:in:)``), so it comes as that text and its model is not decoded; an edited
    /// item comes as its model.
    func exportCalendar(_ title: String, header: (CalendarDocument) throws -> Void, item: (ExportItem) throws -> Void) throws {
        try withConnection { db in
            // An export reads every item once: mapped, its pages are not copied.
            try db.mapForReading()
            try db.transaction(.deferred) {
                let row = try requireCalendarRow(titled: title, db)
                try header(try exportHeader(row, db))
                var held = HeldOverrides()
                try db.forEachRow(EventStore.exportScanSQL, [.integer(row.id)]) { stored in
                    let isOverride = stored.int64(4) == 0
                    if !held.items.isEmpty {
                        let sameUID = stored.withBlob(3) { $0.elementsEqual(held.uid) }
                        if !sameUID { try held.flush(calendar: title, item) }
                    }
                    let kind = stored.withBlob(0) { ItemKind(bytes: $0) }
                    let hasText = !stored.isNull(2)
                    try stored.withBlob(hasText ? 2 : 1) { bytes in
                        if isOverride {
                            if held.items.isEmpty { held.uid = stored.withBlob(3) { Array($0) } }
                            held.items.append((kind, hasText, Array(bytes)))
                        } else {
                            try EventStore.export(kind: kind, hasText: hasText, bytes: bytes, calendar: title, item)
                        }
                    }
                    if !isOverride { try held.flush(calendar: title, item) }
                }
                try held.flush(calendar: title, item)
            }
        }
    }
}

// MARK: - Reading items in export order

extension EventStore {
    /// The calendar's items in index order (no sort): by UID, then overrides by RECURRENCE-ID,
    /// then the master (the key index orders a NULL RECURRENCE-ID as the text 'master', after
    /// numbers). ``exportCalendar(_:header:item:)`` holds each UID's overrides back until its
    /// master has gone out, which gives ``exportItemsSQL``'s order without SQLite first sorting
    /// every row, texts included.
    static let exportScanSQL = """
        SELECT kind, model, source_text, uid, recurrence_id IS NULL FROM items WHERE calendar_id = ?
        ORDER BY uid, coalesce(recurrence_id, 'master')
        """

    /// Hands one item over: its original text (`hasText`), else its model decoded.
    static func export(kind: ItemKind?, hasText: Bool, bytes: UnsafeRawBufferPointer, calendar: String,
                       _ item: (ExportItem) throws -> Void) throws {
        switch kind {
        case .event where hasText: try item(.eventText(bytes.assumingMemoryBound(to: UInt8.self)))
        case .reminder where hasText: try item(.reminderText(bytes.assumingMemoryBound(to: UInt8.self)))
        case .event: try item(.event(try ItemCodec.decodeEvent(bytes, sourceText: nil)))
        case .reminder: try item(.reminder(try ItemCodec.decodeReminder(bytes, sourceText: nil)))
        case nil: throw StoreError.invalidData("an item in '\(calendar)' has an unknown kind")
        }
    }

    /// The overrides of one UID read before its master, copied (the statement's bytes go at
    /// the next step).
    struct HeldOverrides {
        var uid: [UInt8] = []
        var items: [(kind: ItemKind?, hasText: Bool, bytes: [UInt8])] = []

        mutating func flush(calendar: String, _ item: (ExportItem) throws -> Void) throws {
            defer { items.removeAll(keepingCapacity: true) }
            for held in items {
                try held.bytes.withUnsafeBytes { bytes in
                    try EventStore.export(kind: held.kind, hasText: held.hasText, bytes: bytes, calendar: calendar, item)
                }
            }
        }
    }
}

extension ItemKind {
    /// The kind named by a `kind` column's bytes (no `String` made per row).
    init?(bytes: UnsafeRawBufferPointer) {
        func named(_ name: StaticString) -> Bool {
            bytes.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
        }
        if named("event") {
            self = .event
        } else if named("reminder") {
            self = .reminder
        } else {
            return nil
        }
    }
}
