import Foundation
import GRDB
import CSQLiteConfig
import GRDBSQLite

// MARK: - The history as values

/// Who made a change: what an undo says it came from.
public enum HistoryOrigin: String, Hashable, Sendable, CaseIterable {
    case app = "app"
    case commandLine = "command line"
    case sync = "sync"
    case notifier = "notifier"

    /// "where from" in a sentence: "made in the app", "made by a sync".
    public var phrase: String {
        switch self {
        case .app: "in the app"
        case .commandLine: "from the command line"
        case .sync: "by a sync with the server"
        case .notifier: "from a reminder notification"
        }
    }
}

/// Undo goes back one change, redo forward again.
public enum HistoryDirection: Hashable, Sendable {
    case undo, redo

    /// "Undone" / "Redone", for the status line and the command line.
    public var pastTense: String { self == .undo ? "Undone" : "Redone" }
    /// "undo" / "redo".
    public var verb: String { self == .undo ? "undo" : "redo" }
}

/// One change in the history.
public struct HistoryEntry: Hashable, Sendable {
    public var id: Int64
    /// What the change did, in the user's words: `delete list “Groceries”, 12 items`.
    public var description: String
    public var origin: HistoryOrigin
    public var processID: Int32
    public var madeAt: Date
    /// Undone, and so on the redo branch.
    public var isUndone: Bool
    /// Made by this process, or by an earlier run of the same kind of
    /// process that has ended (the app before a restart): undone without
    /// asking. Anything else (another window, the command line, a sync)
    /// is from elsewhere, and the app asks first.
    public var isOwn: Bool

    public init(id: Int64, description: String, origin: HistoryOrigin, processID: Int32, madeAt: Date, isUndone: Bool, isOwn: Bool) {
        self.id = id
        self.description = description
        self.origin = origin
        self.processID = processID
        self.madeAt = madeAt
        self.isUndone = isUndone
        self.isOwn = isOwn
    }
}

/// What one undo or redo did.
public enum HistoryStep: Hashable, Sendable {
    /// The history holds nothing to undo (or redo).
    case nothing(HistoryDirection)
    /// The change was made elsewhere: nothing done yet; ask the user, then
    /// step again with this entry confirmed.
    case confirm(HistoryDirection, HistoryEntry)
    case applied(HistoryDirection, HistoryEntry)
    /// Not done, nothing changed: `reason` says why (a later change to the
    /// same rows that the history does not hold).
    case refused(HistoryDirection, HistoryEntry, reason: String)
}

// MARK: - Undo, redo and the list

/// Undo and redo: one history per database, in the database. Every
/// recorded change writes its entry and the images of the rows it touched
/// in its own transaction (`recordedWrite`); an undo writes the "before"
/// images back, a redo the "after" ones, each only while the rows are still
/// as that change left them.
extension ChecklistsDatabase {
    /// At least this many changes are kept; older ones are trimmed.
    public static let historyLimit = 1_000

    /// The history, newest first.
    public func history(limit: Int = historyLimit) throws(StorageError) -> [HistoryEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM history_entry ORDER BY id DESC LIMIT ?", arguments: [limit]).map(entry)
        }
    }

    /// Undoes the newest change still done, or redoes the change undone
    /// last, in one transaction. `askAboutElsewhere`: a change made
    /// elsewhere is not done but returned as `.confirm`, until it comes
    /// back as `confirmed` (the app's y/n); the command line passes false.
    public func step(_ direction: HistoryDirection, now: Date, askAboutElsewhere: Bool = false,
                     confirmed: Int64? = nil) throws(StorageError) -> HistoryStep {
        try write { db in
            let sql = direction == .undo
                ? "SELECT * FROM history_entry WHERE state = 'done' ORDER BY id DESC LIMIT 1"
                : "SELECT * FROM history_entry WHERE state = 'undone' ORDER BY id ASC LIMIT 1"
            guard let row = try Row.fetchOne(db, sql: sql) else { return .nothing(direction) }
            let found = entry(row)
            // A confirmation is for one entry: if another took its place
            // meanwhile, that one is asked about in turn.
            if (askAboutElsewhere && !found.isOwn && confirmed != found.id) || (confirmed != nil && confirmed != found.id) {
                return .confirm(direction, found)
            }
            if let reason = try HistoryReplay.replay(entryID: found.id, direction, in: db, now: now) {
                return .refused(direction, found, reason: reason)
            }
            try db.execute(sql: "UPDATE history_entry SET state = ? WHERE id = ?",
                           arguments: [direction == .undo ? "undone" : "done", found.id])
            return .applied(direction, found)
        }
    }

    private func entry(_ row: Row) -> HistoryEntry {
        let origin = HistoryOrigin(rawValue: row["origin"]) ?? .commandLine
        let pid: Int32 = row["processID"]
        return HistoryEntry(id: row["id"], description: row["description"], origin: origin, processID: pid,
                            madeAt: StoredTime.date(row["madeAt"]), isUndone: (row["state"] as String) == "undone",
                            isOwn: origin == self.origin && (pid == getpid() || !Self.processRuns(pid)))
    }

    /// Whether a process with this id runs (or exists under another user).
    private static func processRuns(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// One write transaction that records what it changes in the user's
    /// content as one history entry, described by `description` (read
    /// before the change; nil: said from the rows afterwards). A change
    /// that touched no content (which list is open) leaves no entry. A
    /// recorded change clears the redo branch and trims the history.
    func recordedWrite<T>(origin: HistoryOrigin? = nil, now: Date, description: (Database) throws -> String?,
                          _ body: (Database) throws -> T) throws(StorageError) -> T {
        let origin = origin ?? self.origin
        return try write { db in
            let said = try description(db)
            try db.execute(sql: "INSERT INTO history_entry (description, origin, processID, madeAt) VALUES (?, ?, ?, ?)",
                           arguments: [said ?? "", origin.rawValue, getpid(), StoredTime.wholeSeconds(now)])
            let entryID = db.lastInsertedRowID
            let capture = try HistoryCapture.Running(db)
            let result: T
            do {
                result = try body(db)
            } catch {
                capture.discard()
                throw error
            }
            try capture.finish(entryID: entryID)
            try HistoryCapture.close(entryID: entryID, describedAlready: said != nil, origin: origin, in: db)
            return result
        }
    }

    /// Forgets the whole history (an import that replaced everything: the
    /// rows it described are gone).
    static func clearHistory(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM history_entry")
    }
}

// MARK: - Describing a change

extension ChecklistsDatabase {
    /// What `change` will do, read before it is done, in the words the
    /// status line shows after "Undone: ". Nil for a change this does not
    /// know: the rows it touched say it afterwards.
    static func historyDescription(of change: Change, in db: Database) throws -> String? {
        func itemText(_ id: Int64) throws -> String {
            quoted(try String.fetchOne(db, sql: "SELECT text FROM item WHERE id = ?", arguments: [id]) ?? "item \(id)")
        }
        func listName(_ id: Int64) throws -> String {
            quoted(try String.fetchOne(db, sql: "SELECT name FROM checklist WHERE id = ?", arguments: [id]) ?? "list \(id)")
        }
        if case let .addChecklist(name, _) = change { return "add list \(quoted(name))" }
        if case let .updateChecklist(id, name, _) = change {
            let old = try listName(id)
            return old == quoted(name) ? "edit list \(old)" : "rename list \(old) to \(quoted(name))"
        }
        if case let .deleteChecklist(id) = change {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE checklistID = ?", arguments: [id]) ?? 0
            return "delete list \(try listName(id))" + (count == 0 ? "" : ", \(count) item\(count == 1 ? "" : "s")")
        }
        if case let .addItem(_, draft) = change { return "add \(quoted(draft.text))" }
        if case let .updateItem(id, _) = change { return "edit \(try itemText(id))" }
        if case let .setChecked(id, checked) = change { return "\(checked ? "check" : "uncheck") \(try itemText(id))" }
        if case let .deleteItem(id) = change { return "delete \(try itemText(id))" }
        if case let .snooze(id, _) = change { return "snooze \(try itemText(id))" }
        if case let .setSortOrder(id, order) = change { return "sort \(try listName(id)) \(order.displayName)" }
        if case let .setHidesChecked(id, hides) = change { return "\(hides ? "hide" : "show") checked items of \(try listName(id))" }
        if case let .moveItem(id, target) = change { return "move \(try itemText(id)) to \(try listName(target))" }
        if case let .swapPositions(id, _) = change { return "reorder \(try itemText(id))" }
        if case let .putCalendarItems(name, items) = change {
            return "import \(items.count) item\(items.count == 1 ? "" : "s") into \(quoted(name))"
        }
        return nil
    }

    /// Text in curly quotes, cut so that a status line still shows the rest.
    static func quoted(_ text: String) -> String {
        "“" + TextWidth.truncated(TextWidth.sanitized(text), toColumns: 32) + "”"
    }
}

// MARK: - Capturing rows

/// What a recorded change touches, caught by SQLite's pre-update hook while
/// the change runs: each row of `checklist` and `item` as it was before the
/// change first touched it. After the change, one `history_row` per such
/// row holds that "before" image and the row as the change left it, the
/// "after" image, both made by `json_object` from the tables' columns as
/// `PRAGMA table_info` reports them, so a column any migration adds is
/// captured and restored with no change here. A row changed by a cascade
/// or by another trigger is captured like any other.
///
/// The hook replaced TEMP triggers on each writing connection, whose
/// making (seven triggers parsed, each twice) was a fifth of every command
/// that writes (DECISIONS.md, "Undo and redo").
enum HistoryCapture {
    /// The user's content: what undo restores. Everything else (sync
    /// state, preferences, the history itself) is bookkeeping, never undone.
    static let contentTables = ["checklist", "item"]
    /// Kept by the counting triggers from the items: neither captured
    /// nor written back, or a restored list would count its items twice.
    static let derivedColumns: Set<String> = ["itemCount", "checkedCount"]

    /// One capture on a writing connection, from the change's start to
    /// `finish` (or `discard` when the change failed).
    final class Running {
        private var capture: OpaquePointer?
        private let tables: UnsafeMutableBufferPointer<checklists_captured_table>
        private var texts: [UnsafeMutablePointer<CChar>] = []

        init(_ db: Database) throws {
            var specs: [(name: String, ignored: UInt64, unlinkColumn: Int32, insert: String)] = []
            // The three tables' columns in one statement.
            var columnsOf: [String: [String]] = [:]
            let named = (contentTables + ["syncCalendar"]).map { "SELECT '\($0)' AS tableName, cid, name FROM pragma_table_info('\($0)')" }
            for row in try Row.fetchAll(db, sql: named.joined(separator: " UNION ALL ") + " ORDER BY tableName, cid") {
                columnsOf[row[0], default: []].append(row[2])
            }
            for table in contentTables {
                let all = columnsOf[table] ?? []
                let kept = all.filter { !derivedColumns.contains($0) }
                var ignored: UInt64 = 0
                for (index, column) in all.enumerated() where index < 64 && derivedColumns.contains(column) {
                    ignored |= 1 << UInt64(index)
                }
                let before = "json_object(" + kept.enumerated().map { "'\($1)', ?\($0 + 4)" }.joined(separator: ", ") + ")"
                specs.append((table, ignored, -1, """
                    INSERT INTO history_row (entryID, tableName, rowID, oldRow, newRow)
                    VALUES (?1, '\(table)', ?2, CASE WHEN ?3 THEN \(before) END,
                            (SELECT \(imageExpression(kept, row: table)) FROM main.\(table) WHERE rowid = ?2))
                    """))
            }
            // Deleting a list unlinks its calendar (ON DELETE SET NULL); the
            // link is sync bookkeeping, but undoing the delete must link the
            // list again, or the next sync would take the calendar for gone.
            if let link = columnsOf["syncCalendar"]?.firstIndex(of: "checklistID"), link < 64 {
                specs.append(("syncCalendar", ~(UInt64(1) << UInt64(link)), Int32(link), """
                    INSERT INTO history_row (entryID, tableName, rowID, oldRow, newRow)
                    VALUES (?1, 'syncCalendar', ?2, json_object('checklistID', ?4), json_object('checklistID', NULL))
                    """))
            }
            tables = .allocate(capacity: specs.count)
            for (index, spec) in specs.enumerated() {
                let name = strdup(spec.name)!, insert = strdup(spec.insert)!
                texts += [name, insert]
                tables[index] = checklists_captured_table(name: name, ignored: spec.ignored,
                                                          unlink_column: spec.unlinkColumn, insert_sql: insert)
            }
            capture = checklists_capture_start(db.sqliteConnection, tables.baseAddress, Int32(specs.count))
            if capture == nil { throw DatabaseError(resultCode: .SQLITE_NOMEM) }
        }

        /// Writes the history's rows of entry `entryID`.
        func finish(entryID: Int64) throws {
            guard let running = capture else { return }
            capture = nil
            var message = [CChar](repeating: 0, count: 256)
            let code = checklists_capture_finish(running, entryID, &message, Int32(message.count))
            if code != SQLITE_OK {
                let said = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(decoding: said, as: UTF8.self))
            }
        }

        /// Stops capturing and writes nothing: the change failed.
        func discard() {
            guard let running = capture else { return }
            capture = nil
            checklists_capture_discard(running)
        }

        deinit {
            discard()
            texts.forEach { free($0) }
            tables.deallocate()
        }
    }

    /// Every column of `table`, in order.
    static func columns(_ table: String, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
    }

    /// The columns an image holds: all but the derived ones.
    static func imageColumns(_ table: String, in db: Database) throws -> [String] {
        try columns(table, in: db).filter { !derivedColumns.contains($0) }
    }

    /// `json_object('id', NEW."id", …)`: a row as one JSON object.
    static func imageExpression(_ columns: [String], row: String) -> String {
        "json_object(" + columns.map { "'\($0)', \(row).\"\($0)\"" }.joined(separator: ", ") + ")"
    }

    /// Ends the entry `entryID`, whose rows `Running.finish` wrote (one per
    /// touched row): rows back as they were are dropped, and so is an entry
    /// that changed nothing.
    static func close(entryID: Int64, describedAlready: Bool, origin: HistoryOrigin, in db: Database) throws {
        try db.execute(sql: "DELETE FROM history_row WHERE entryID = ? AND oldRow IS newRow", arguments: [entryID])
        let counts = try Row.fetchOne(db, sql: """
            SELECT count(*) FILTER (WHERE tableName = 'item'), count(*) FILTER (WHERE tableName != 'syncCalendar')
            FROM history_row WHERE entryID = ?
            """, arguments: [entryID])
        let itemRows: Int = counts?[0] ?? 0
        let contentRows: Int = counts?[1] ?? 0
        guard contentRows > 0 else {
            try db.execute(sql: "DELETE FROM history_entry WHERE id = ?", arguments: [entryID])
            return
        }
        if !describedAlready {
            let text = try String.fetchOne(db, sql: """
                SELECT coalesce(json_extract(newRow, '$.text'), json_extract(oldRow, '$.text'))
                FROM history_row WHERE entryID = ? AND tableName = 'item' LIMIT 1
                """, arguments: [entryID])
            let what = itemRows == 1 ? ChecklistsDatabase.quoted(text ?? "an item") : "\(itemRows) items"
            let description = origin == .sync ? "sync with the server: \(itemRows) item\(itemRows == 1 ? "" : "s")" : "change \(what)"
            try db.execute(sql: "UPDATE history_entry SET description = ? WHERE id = ?", arguments: [description, entryID])
        }
        // A new change after an undo: what was undone can no longer be redone.
        try db.execute(sql: "DELETE FROM history_entry WHERE state = 'undone'")
        try db.execute(sql: """
            DELETE FROM history_entry WHERE id <= (SELECT id FROM history_entry ORDER BY id DESC LIMIT 1 OFFSET ?)
            """, arguments: [ChecklistsDatabase.historyLimit])
    }
}

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
            let differing = try Row.fetchAll(db, sql: """
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

    /// The SQL for one column's value put back from `image`. An item gets
    /// the reminder rule again: a reminder whose time passed meanwhile is
    /// dropped (neither fired nor "missed"); its stamp is now, so that the
    /// next sync sends the undo as a change made here.
    private static func value(of column: String, in table: String, image: String) -> String {
        let stored = "json_extract(\(image), '$.\"\(column)\"')"
        guard table == "item" else { return stored }
        switch column {
        case "remindAt": return "CASE WHEN \(stored) <= :now THEN NULL ELSE \(stored) END"
        case "modifiedAt": return ":stamp"
        default: return stored
        }
    }

    /// Whether the row as it is now is the image the step expects, on the
    /// columns both know (a column added since is no difference), the stamp
    /// aside, and a reminder delivered since (remindAt now NULL) aside.
    private static func same(_ current: String?, _ expected: String?, in db: Database) throws -> Bool {
        guard let current, let expected else { return current == nil && expected == nil }
        if current == expected { return true }
        let now = try fields(current, in: db)
        let then = try fields(expected, in: db)
        for (key, value) in now where !stampColumns.contains(key) {
            guard let old = then[key], old != value else { continue }
            if key == "remindAt" && value.isNull { continue }
            return false
        }
        return true
    }

    private static func fields(_ image: String, in db: Database) throws -> [String: DatabaseValue] {
        var result: [String: DatabaseValue] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM json_each(?)", arguments: [image]) {
            result[row["key"]] = row["value"] as DatabaseValue
        }
        return result
    }

    /// How a refusal names the row: the item's text, or the list's name.
    private static func name(of table: String, _ image: String?, in db: Database) throws -> String {
        let key = table == "item" ? "text" : "name"
        let value = try image.flatMap { try String.fetchOne(db, sql: "SELECT json_extract(?, '$.\(key)')", arguments: [$0]) }
        let quoted = ChecklistsDatabase.quoted(value ?? "?")
        return table == "item" ? quoted : "list \(quoted)"
    }
}
