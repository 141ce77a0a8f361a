import Foundation

// MARK: - Rows (callers hold the lock)

extension EventStore {
    static let subscriptionColumns = """
        c.title, s.url, s.etag, s.last_modified, s.interval, s.feed_interval, s.last_refresh, s.last_outcome,
        s.last_message, s.next_due, s.retry_after, s.gone
        """

    static func subscription(_ row: Statement) -> Subscription {
        func date(_ column: Int32) -> Date? { row.optionalDouble(column).map(Date.init(timeIntervalSince1970:)) }
        return Subscription(calendarTitle: row.text(0) ?? "", url: row.text(1) ?? "", etag: row.text(2), lastModified: row.text(3),
                            interval: row.optionalDouble(4), feedInterval: row.optionalDouble(5), lastRefresh: date(6),
                            lastOutcome: row.text(7).flatMap(Subscription.Outcome.init(rawValue:)), lastMessage: row.text(8),
                            nextDue: date(9), retryAfter: date(10), isGone: row.int64(11) != 0)
    }

    func subscriptionRow(calendarID: Int64, _ db: Connection) throws -> Subscription? {
        var found: Subscription?
        try db.forEachRow("SELECT \(Self.subscriptionColumns) FROM subscriptions s JOIN calendars c ON c.id = s.calendar_id WHERE s.calendar_id = ?",
                          [.integer(calendarID)]) { found = Self.subscription($0) }
        return found
    }

    func isSubscribed(calendarID: Int64, _ db: Connection) throws -> Bool {
        try db.scalarInt("SELECT 1 FROM subscriptions WHERE calendar_id = ?", [.integer(calendarID)]) != nil
    }

    /// Writes the subscription of calendar `calendarID` (inserted or replaced) and keeps the
    /// calendar read-only with the feed's URL as its source.
    func writeSubscription(_ subscription: Subscription, calendarID: Int64, _ db: Connection) throws {
        func seconds(_ date: Date?) -> SQLValue { SQLValue(date?.timeIntervalSince1970) }
        try db.run("""
            INSERT OR REPLACE INTO subscriptions (calendar_id, url, etag, last_modified, interval, feed_interval, last_refresh,
                                                  last_outcome, last_message, next_due, retry_after, gone)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(calendarID), .text(subscription.url), SQLValue(subscription.etag), SQLValue(subscription.lastModified),
                  SQLValue(subscription.interval), SQLValue(subscription.feedInterval), seconds(subscription.lastRefresh),
                  SQLValue(subscription.lastOutcome?.rawValue), SQLValue(subscription.lastMessage), seconds(subscription.nextDue),
                  seconds(subscription.retryAfter), SQLValue(subscription.isGone)])
        try db.run("UPDATE calendars SET read_only = 1, source = ? WHERE id = ?", [.text(subscription.url), .integer(calendarID)])
    }

    /// The error for a write of a read-only calendar: a subscribed one says that only a
    /// refresh writes it.
    func readOnlyError(_ row: CalendarRow, _ db: Connection) throws -> StoreError {
        guard try isSubscribed(calendarID: row.id, db) else { return StoreError.readOnlyCalendar(row.calendar.title) }
        return StoreError.subscribedCalendar(row.calendar.title)
    }

    /// ``readOnlyError(_:_:)`` of the calendar titled `title`, for callers without the lock.
    func readOnlyError(titled title: String) throws -> StoreError {
        try withConnection { db in
            guard let row = try calendarRow(titled: title, db) else { return StoreError.readOnlyCalendar(title) }
            return try readOnlyError(row, db)
        }
    }
}

// MARK: - Public API

public extension EventStore {
    /// Every subscription, by calendar title.
    func subscriptions() throws -> [Subscription] {
        try withConnection { db in
            var found: [Subscription] = []
            try db.forEachRow("SELECT \(Self.subscriptionColumns) FROM subscriptions s JOIN calendars c ON c.id = s.calendar_id ORDER BY c.title") {
                found.append(Self.subscription($0))
            }
            return found
        }
    }

    /// The subscription of the calendar titled `title`; nil when it is not subscribed (or missing).
    func subscription(forCalendar title: String) throws -> Subscription? {
        try withConnection { db in
            guard let row = try calendarRow(titled: title, db) else { return nil }
            return try subscriptionRow(calendarID: row.id, db)
        }
    }

    /// Records a refresh that changed no item (not modified, failed, gone): the subscription's
    /// state only, in one transaction, waiting for another process's write as an import does.
    /// Throws `calendarNotFound` when the calendar is gone, `invalidData` when it is no longer
    /// subscribed (unsubscribed while the feed was fetched).
    func updateSubscription(_ subscription: Subscription) throws {
        try withConnection { db in
            try db.withBusyTimeout(milliseconds: Self.importWaitMilliseconds) {
                try db.transaction(.immediate) {
                    let row = try requireCalendarRow(titled: subscription.calendarTitle, db)
                    guard try isSubscribed(calendarID: row.id, db) else {
                        throw StoreError.invalidData("calendar '\(subscription.calendarTitle)' is not subscribed to a feed")
                    }
                    try writeSubscription(subscription, calendarID: row.id, db)
                }
            }
        }
    }

    /// Ends the calendar's subscription: deletes the calendar with its items (logging a
    /// deletion per UID), or with `keepingCalendar` keeps it as an ordinary writable calendar
    /// whose source is forgotten (the URL was a secret). Throws `calendarNotFound`, or
    /// `invalidData` when the calendar is not subscribed.
    func unsubscribe(calendar title: String, keepingCalendar: Bool) throws {
        let subscribed = try withConnection { db in
            try db.transaction(.immediate) { () throws -> Bool in
                let row = try requireCalendarRow(titled: title, db)
                guard try isSubscribed(calendarID: row.id, db) else {
                    throw StoreError.invalidData("calendar '\(title)' is not subscribed to a feed")
                }
                guard keepingCalendar else { return true }
                try db.run("DELETE FROM subscriptions WHERE calendar_id = ?", [.integer(row.id)])
                try db.run("UPDATE calendars SET read_only = 0, source = NULL WHERE id = ?", [.integer(row.id)])
                return false
            }
        }
        if subscribed { try removeCalendar(titled: title) }   // the subscription goes with it (ON DELETE CASCADE)
    }
}
