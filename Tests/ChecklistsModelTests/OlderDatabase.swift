import Foundation
import GRDB
@testable import ChecklistsModel

/// A database file as an older version left it: the schema migrated up to
/// `migration` and no further, on a connection with the app's own SQL
/// functions and collation, which the search triggers and indexes of older
/// migrations call. A migration test fills it, then opens it with the app.
func olderDatabase(at path: String, upTo migration: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.prepareDatabase { db in
        ChecklistsDatabase.addSearchFold(to: db)
        db.add(collation: ChecklistsDatabase.naturalCollation)
    }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try Schema.migrator.migrate(queue, upTo: migration)
    return queue
}

/// An older version's file at `path` (see `olderDatabase`), filled by
/// `fill`, closed, then opened by the app's code, which migrates it.
func migratedDatabase(at path: String, upTo migration: String, filling fill: (Database) throws -> Void) throws -> ChecklistsDatabase {
    let queue = try olderDatabase(at: path, upTo: migration)
    try queue.write(fill)
    try queue.close()
    return try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
}
