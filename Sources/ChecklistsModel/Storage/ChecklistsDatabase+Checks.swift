import Foundation
import GRDB

/// For the stress and fault tests, never for a user's start-up: a check of
/// the whole file, and a way to make the disk look full without filling one.
extension ChecklistsDatabase {
    // MARK: - Soundness checks (the stress test's killed writer)

    /// What `PRAGMA integrity_check` and `PRAGMA foreign_key_check` report,
    /// one line per problem; empty for a sound file. Read-only, and it reads
    /// the whole file: for the killed-writer stress test, never for start-up.
    public func soundnessProblems() throws(StorageError) -> [String] {
        try read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            let keys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { "foreign key: \($0)" }
            return integrity + keys
        }
    }

    // MARK: - Faults for tests

    /// Test-only: lets the file grow by at most `pages` more pages (nil lifts
    /// the cap), so the next write that needs a new page fails exactly as on a
    /// full disk (SQLITE_FULL) without filling one. `max_page_count` belongs
    /// to a connection, and the one writing connection makes every write.
    func capGrowthForTesting(pages: Int?) throws(StorageError) {
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

    /// Test-only: a write that records no history, as an older version of
    /// the program (or any other SQLite client) makes: what an undo must
    /// not overwrite.
    func writeWithoutHistoryForTesting(_ sql: String) throws(StorageError) {
        try write { db in try db.execute(sql: sql) }
    }
}
