import Foundation
import GRDB

/// For the stress tests, never for a user's start-up: a check of the whole
/// file. (The faults only tests make are in the test support.)
extension ChecklistsDatabase {
    // MARK: - Soundness checks (the stress test's killed writer)

    /// What `PRAGMA integrity_check` and `PRAGMA foreign_key_check` report,
    /// one line per problem; empty for a sound file. Read-only, and it reads
    /// the whole file: for the killed-writer stress test, never for start-up.
    public func soundnessProblems() throws(StorageError) -> [String] {
        try read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            let keys = try Row.all(db, sql: "PRAGMA foreign_key_check").map { "foreign key: \($0)" }
            return integrity + keys
        }
    }
}
