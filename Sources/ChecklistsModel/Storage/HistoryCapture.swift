import Foundation
import GRDB
import CSQLiteConfig
import GRDBSQLite

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
    /// The user's content: what undo restores, with the settings row (the
    /// lists' order in force) and the smart lists. Everything else (sync state, preferences,
    /// the history itself) is bookkeeping, never undone.
    static let contentTables = ["checklist", "item", "setting", "smartList"]
    /// Kept by the counting triggers from the items, or (an item's next
    /// ring) from the pending reminders: neither captured nor written back,
    /// or a restored list would count its items twice, and a reminder
    /// delivered since would make every older change "changed since".
    static let derivedColumns: Set<String> = ["itemCount", "checkedCount", "remindAt", "familyVersion", "subItemCount"]

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
            for row in try Row.all(db, sql: named.joined(separator: " UNION ALL ") + " ORDER BY tableName, cid") {
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
