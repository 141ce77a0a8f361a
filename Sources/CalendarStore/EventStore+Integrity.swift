import CalendarModel
import Foundation

public extension EventStore {
    /// SQLite's own check of the store file (`PRAGMA integrity_check`): the problems it finds,
    /// or an empty list when the file is sound.
    func integrityProblems() throws -> [String] {
        try withRawConnection { connection in
            let rows = try connection.rows("PRAGMA integrity_check")
            let messages = rows.compactMap { row -> String? in
                if case .text(let s)? = row.first { return s }
                return nil
            }
            return messages == ["ok"] ? [] : messages
        }
    }
}
