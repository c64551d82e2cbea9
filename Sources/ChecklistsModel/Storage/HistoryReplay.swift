import Foundation
import GRDB
import CSQLiteConfig
import GRDBSQLite

// MARK: - Writing images back

/// Puts an entry's "before" (undo) or "after" (redo) images back, after
/// checking that every row is still as the entry left it (or as the undo
/// left it, for a redo): a row changed since by something the history does
/// not hold is never overwritten; the whole step is refused instead.
///
/// Set by set, in SQL: a statement per table and kind of write, not one
/// per row, so that undoing the delete of a 10,000-item list costs about
/// what the delete cost (one row at a time, it took seconds).
enum HistoryReplay {
    /// Columns whose difference is no conflict: `modifiedAt` is a stamp
    /// every write sets (an undo too, so that sync sees a local change).
    static let stampColumns: Set<String> = ["modifiedAt"]

    /// Nil when done; otherwise why it was refused (nothing changed).
    static func replay(entryID: Int64, _ direction: HistoryDirection, in db: Database, now: Date) throws -> String? {
        let expectedColumn = direction == .undo ? "newRow" : "oldRow"
        let targetColumn = direction == .undo ? "oldRow" : "newRow"
        let arguments: StatementArguments = ["entry": entryID, "now": StoredTime.secondsRoundedDown(now), "stamp": StoredTime.wholeSeconds(now)]
        var columns: [String: [String]] = [:]
        for table in HistoryCapture.contentTables {
            let tableColumns = try HistoryCapture.imageColumns(table, in: db)
            columns[table] = tableColumns
            // Rows not exactly as expected: looked at closely (a column
            // added since, the stamp, a delivered reminder are no conflict).
            let differing = try Row.all(db, sql: """
                SELECT expected, current FROM (
                    SELECT \(expectedColumn) AS expected,
                           (SELECT \(HistoryCapture.imageExpression(tableColumns, row: table)) FROM \(table) WHERE rowid = history_row.rowID) AS current
                    FROM history_row WHERE entryID = :entry AND tableName = '\(table)')
                WHERE current IS NOT expected
                """, arguments: arguments)
            for row in differing {
                let expected: String? = row["expected"]
                let current: String? = row["current"]
                if try !same(current, expected, in: db) {
                    return "\(try name(of: table, current ?? expected, in: db)) has changed since"
                }
            }
        }
        let rows = "FROM history_row WHERE entryID = :entry AND tableName = '%@'"
        var refusal: String?
        try db.inSavepoint {
            do {
                // Children go before their parents, parents come back before their children.
                for table in HistoryCapture.contentTables.reversed() {
                    try db.execute(sql: """
                        DELETE FROM \(table) WHERE rowid IN (SELECT rowID \(rows.replacingOccurrences(of: "%@", with: table)) AND \(targetColumn) IS NULL)
                        """, arguments: arguments)
                }
                for table in HistoryCapture.contentTables {
                    let from = rows.replacingOccurrences(of: "%@", with: table)
                    // One change's images of a table all have the same keys
                    // (one capture made them): the first one's say which.
                    guard let sample = try String.fetchOne(db, sql: "SELECT \(targetColumn) \(from) AND \(targetColumn) IS NOT NULL LIMIT 1",
                                                           arguments: arguments) else { continue }
                    let keys = Set(try String.fetchAll(db, sql: "SELECT key FROM json_each(?)", arguments: [sample]))
                    let written = (columns[table] ?? []).filter { keys.contains($0) }
                    let values = written.map { value(of: $0, in: table, image: "image") }
                    try db.execute(sql: """
                        UPDATE \(table) SET \(zip(written, values).map { "\"\($0)\" = \($1)" }.joined(separator: ", "))
                        FROM (SELECT rowID, \(targetColumn) AS image \(from) AND \(targetColumn) IS NOT NULL) AS put
                        WHERE \(table).rowid = put.rowID
                        """, arguments: arguments)
                    try db.execute(sql: """
                        INSERT INTO \(table) (\(written.map { "\"\($0)\"" }.joined(separator: ", ")))
                        SELECT \(values.joined(separator: ", "))
                        FROM (SELECT rowID, \(targetColumn) AS image \(from) AND \(targetColumn) IS NOT NULL ORDER BY rowID) AS put
                        WHERE NOT EXISTS (SELECT 1 FROM \(table) WHERE rowid = put.rowID)
                        """, arguments: arguments)
                    // What was really written (the reminder rule may have
                    // dropped a reminder that passed, the stamp is new) is
                    // what the other direction must find.
                    try db.execute(sql: """
                        UPDATE history_row SET \(targetColumn) = (
                            SELECT \(HistoryCapture.imageExpression(columns[table] ?? [], row: table)) FROM \(table) WHERE rowid = history_row.rowID)
                        WHERE entryID = :entry AND tableName = '\(table)' AND \(targetColumn) IS NOT NULL
                        """, arguments: arguments)
                }
                // The reminders of the items put back get the rule again:
                // their pending rows are bookkeeping, never undone.
                let items = try Int64.fetchAll(db, sql: "SELECT rowID FROM history_row WHERE entryID = :entry AND tableName = 'item'",
                                               arguments: arguments)
                try ChecklistsDatabase.reconcileReminders(ofItems: items, in: db, now: now)
                // A list put back is linked to its calendar again.
                if direction == .undo {
                    try db.execute(sql: """
                        UPDATE syncCalendar SET checklistID = (
                            SELECT json_extract(oldRow, '$.checklistID') FROM history_row
                            WHERE entryID = :entry AND tableName = 'syncCalendar' AND history_row.rowID = syncCalendar.rowid)
                        WHERE checklistID IS NULL AND rowid IN (SELECT rowID FROM history_row WHERE entryID = :entry AND tableName = 'syncCalendar')
                        """, arguments: arguments)
                }
                return .commit
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                refusal = "it no longer fits what is there now (\(error.message ?? "a constraint failed"))"
                return .rollback
            }
        }
        return refusal
    }

    /// The SQL for one column's value put back from `image`. An item's
    /// stamp is now, so that the next sync sends the undo as a change made
    /// here.
    private static func value(of column: String, in table: String, image: String) -> String {
        let stored = "json_extract(\(image), '$.\"\(column)\"')"
        return table == "item" && column == "modifiedAt" ? ":stamp" : stored
    }

    /// Whether the row as it is now is the image the step expects, on the
    /// columns both know (a column added since is no difference), the stamp
    /// and the next ring (older entries hold it) aside.
    private static func same(_ current: String?, _ expected: String?, in db: Database) throws -> Bool {
        guard let current, let expected else { return current == nil && expected == nil }
        if current == expected { return true }
        let now = try fields(current, in: db)
        let then = try fields(expected, in: db)
        for (key, value) in now where !stampColumns.contains(key) {
            guard let old = then[key], old != value else { continue }
            if key == "remindAt" { continue }
            return false
        }
        return true
    }

    private static func fields(_ image: String, in db: Database) throws -> [String: DatabaseValue] {
        var result: [String: DatabaseValue] = [:]
        for row in try Row.all(db, sql: "SELECT key, value FROM json_each(?)", arguments: [image]) {
            result[row["key"]] = row["value"] as DatabaseValue
        }
        return result
    }

    /// How a refusal names the row: the item's text, or the list's name.
    private static func name(of table: String, _ image: String?, in db: Database) throws -> String {
        if table == "setting" { return "the order of the lists" }
        let key = table == "item" ? "text" : "name"
        let value = try image.flatMap { try String.fetchOne(db, sql: "SELECT json_extract(?, '$.\(key)')", arguments: [$0]) }
        let quoted = ChecklistsDatabase.quoted(value ?? "?")
        if table == "smartList" { return "smart list \(quoted)" }
        return table == "item" ? quoted : "list \(quoted)"
    }
}
