import GRDB
import ChecklistsModel

/// What only tests do to a database: faults no user can cause on purpose,
/// and reads of the sync state that the sync itself makes in parts. Kept
/// here so that the model ships none of them; they reach its connection
/// through `package` access, not `@testable`, so a release build of every
/// target (`swift build -c release`) builds this one too.
extension ChecklistsDatabase {
    /// Lets the file grow by at most `pages` more pages (nil lifts the
    /// cap), so the next write that needs a new page fails exactly as on a
    /// full disk (SQLITE_FULL) without filling one. `max_page_count`
    /// belongs to a connection, and the one writing connection makes every
    /// write.
    public func capGrowthForTesting(pages: Int?) throws(StorageError) {
        let writer = try writingConnection()
        try run {
            try writer.writeWithoutTransaction { db in
                let current = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                // SQLite clamps the maximum to what it was built with.
                let cap = pages.map { current + $0 } ?? Int(UInt32.max - 1)
                _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(cap)")
            }
        }
    }

    /// A write that records no history, as an older version of the
    /// program (or any other SQLite client) makes: what an undo must not
    /// overwrite.
    public func writeWithoutHistoryForTesting(_ sql: String) throws(StorageError) {
        try write { db in try db.execute(sql: sql) }
    }

    /// All a list's items with what iCalendar needs, and every sync state
    /// of `calendarURL` with its base (including those of items deleted
    /// here since): what a sync reads in parts, read whole.
    public func syncContents(checklistID: Int64?, calendarURL: String) throws(StorageError)
        -> (entries: [Snapshot.Entry], states: [ItemSyncState], pushes: [String: String]) {
        var (states, pushes) = try syncStates(calendarURL: calendarURL)
        let bases = try syncBases(calendarURL: calendarURL, uids: Set(states.map(\.uid)))
        for index in states.indices { states[index].base = bases[states[index].uid] ?? "" }
        let entries = try syncEntries(checklistID: checklistID, calendarURL: calendarURL, including: nil).entries
        return (entries, states, pushes)
    }
}
