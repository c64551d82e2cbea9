import Foundation
import GRDB
// The SQLite C API: what the system said when SQLite reports an I/O error.
import GRDBSQLite

/// The one owner of the database: the GRDB pool, the migrator and every
/// query. Nothing outside this folder writes SQL.
///
/// Every `apply(_:)` is one transaction, committed before it returns: there is
/// no "save on quit", so killing the process loses nothing confirmed.
public final class ChecklistsDatabase: Sendable {
    /// Tuning that tests shorten; the defaults are for people.
    public struct Options: Sendable {
        /// How long a write waits for another process's lock before giving up.
        public var busyTimeout: TimeInterval
        public init(busyTimeout: TimeInterval = 5) { self.busyTimeout = busyTimeout }
    }

    public let path: String
    private let pool: DatabasePool
    /// Something the user should hear about once, found while opening: the
    /// file is open to other users. Nil on every later open of the same file
    /// with the same mode, so a dashboard started daily does not nag.
    public let openingNotice: StorageNotice?

    private init(path: String, pool: DatabasePool, openingNotice: StorageNotice?) {
        self.path = path
        self.pool = pool
        self.openingNotice = openingNotice
    }

    // MARK: - Opening

    /// Opens (creating on first use) the database at `location`, refusing any
    /// file that is not ours or that we cannot safely write, without changing it.
    public static func open(_ location: DatabaseLocation, options: Options = Options()) throws(StorageError) -> ChecklistsDatabase {
        let path = location.path
        let folder = (path as NSString).deletingLastPathComponent
        try FileChecks.prepareFolder(folder, for: path, create: location.createsFolder)

        // Two processes opening a new database at once could both decide to
        // create it and race in the migrator: serialise the whole open.
        let folderLock = try FileChecks.lockFolder(folder, for: path)
        defer { folderLock.unlock() }

        var configuration = Configuration()
        configuration.busyMode = .timeout(options.busyTimeout)
        configuration.prepareDatabase { db in
            db.add(collation: naturalCollation)
        }
        if try FileChecks.inspect(path) {
            try create(path, configuration: configuration)
        } else {
            try FileChecks.inspectWithSQLite(path, migrator: Schema.migrator, busyTimeout: options.busyTimeout)
        }

        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // GRDB's WAL set-up chooses synchronous = NORMAL: commits reach
            // the disk only at the next checkpoint, and a crash of the system
            // or the disk before then loses edits the screen showed as saved
            // (the read-only disk test lost one when ext4 turned read-only).
            // FULL syncs the WAL at every commit.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        } catch {
            throw StorageError(error, path: path)
        }
        let notice = try prepareSchema(pool, path: path, openMode: FileChecks.modeOpenToOthers(path))
        return ChecklistsDatabase(path: path, pool: pool, openingNotice: notice)
    }

    /// Builds a new database beside `path` and renames it into place only
    /// when it is complete: migrated, in WAL mode, and wholly in the main
    /// file (header and application id included). A first start killed
    /// half-way (the killed-writer stress test did it) leaves only the
    /// `.creating` file, which the next start replaces; before, it left an
    /// empty file or one with GRDB's migration table and no application id,
    /// which every later start refused as "another program's database".
    private static func create(_ path: String, configuration: Configuration) throws(StorageError) {
        let partial = path + ".creating"
        try FileChecks.createPrivateFile(partial, for: path)
        do {
            let queue = try DatabaseQueue(path: partial, configuration: configuration)
            defer {
                try? queue.close()
                // Freeing it would start libdispatch's 1 Hz pool monitor
                // (DECISIONS.md, "Idle means no wake-ups").
                InspectionQueues.keep(queue)
            }
            _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            try Schema.migrator.migrate(queue)
            _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        } catch {
            for suffix in ["", "-wal", "-shm"] { unlink(partial + suffix) }
            throw StorageError(error, path: path)
        }
        for suffix in ["-wal", "-shm"] { unlink(partial + suffix) }
        guard rename(partial, path) == 0 else {
            throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
    }

    /// Migrates, then runs the start's write transaction. `openMode` is the
    /// file's mode when other users can open it; the mode reported is kept
    /// in the file, so each mode is reported once (and again if the file is
    /// made private and later opened up again).
    private static func prepareSchema(_ pool: DatabasePool, path: String, openMode: mode_t?) throws(StorageError) -> StorageNotice? {
        do {
            try Schema.migrator.migrate(pool)
        } catch {
            throw StorageError(error, path: path)
        }
        // A write transaction on every start: it creates the first list on
        // a new database and proves now, not at the user's first edit, that
        // the file can be written and is not held locked by another program.
        return try write(in: pool, path: path) { db -> StorageNotice? in
            let initialized = try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = 'initialized'")
            if initialized == nil {
                try db.execute(sql: "INSERT INTO checklist (name) VALUES ('List')")
                try db.execute(sql: "INSERT INTO preference (key, value) VALUES ('initialized', '1')")
            }
            let reported = try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = 'reportedOpenMode'")
            guard let openMode else {
                if reported != nil { try db.execute(sql: "DELETE FROM preference WHERE key = 'reportedOpenMode'") }
                return nil
            }
            let mode = String(openMode, radix: 8)
            guard reported != mode else { return nil }
            try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES ('reportedOpenMode', ?)", arguments: [mode])
            return .openToOthers(path: path, mode: Int(openMode))
        }
    }

    // MARK: - Reading

    /// All checklists in natural name order, with counts kept by triggers.
    public func checklistSummaries() throws(StorageError) -> [ChecklistSummary] {
        let rows = try run {
            try pool.read { db in
                try Row.fetchAll(db, sql: "SELECT id, name, icon, sortOrder, itemCount, checkedCount FROM checklist")
            }
        }
        return NaturalOrder.sorted(rows.map(Self.summary(from:))) { $0.checklist.name }
    }

    public func checklistSummary(id: Int64) throws(StorageError) -> ChecklistSummary? {
        let row = try run {
            try pool.read { db in
                try Row.fetchOne(db, sql: "SELECT id, name, icon, sortOrder, itemCount, checkedCount FROM checklist WHERE id = ?", arguments: [id])
            }
        }
        return row.map(Self.summary(from:))
    }

    /// `limit` items of a checklist from `offset` in `sortOrder`.
    ///
    /// SQLite's OFFSET walks every row it skips, so a page near the end of a
    /// long list is read backwards from the end instead: the cost is bounded
    /// by half the list rather than all of it (End on 100,000 items).
    public func itemsPage(checklistID: Int64, sortOrder: ItemSortOrder, offset: Int, limit: Int) throws(StorageError) -> ItemsPage {
        try run {
            try pool.read { db in
                let total = try Int.fetchOne(db, sql: "SELECT itemCount FROM checklist WHERE id = ?", arguments: [checklistID]) ?? 0
                let offset = max(0, offset), limit = max(0, limit)
                let rows: [Row]
                if offset > total / 2 {
                    let fromEnd = max(0, total - offset - limit)
                    let count = min(limit, max(0, total - offset))
                    rows = try Row.fetchAll(db, sql: """
                        SELECT id, checklistID, text, isChecked, dueAt, shouldRemind FROM item
                        WHERE checklistID = ? ORDER BY \(Self.orderBy(sortOrder, descending: true)) LIMIT ? OFFSET ?
                        """, arguments: [checklistID, count, fromEnd]).reversed()
                } else {
                    rows = try Row.fetchAll(db, sql: """
                        SELECT id, checklistID, text, isChecked, dueAt, shouldRemind FROM item
                        WHERE checklistID = ? ORDER BY \(Self.orderBy(sortOrder)) LIMIT ? OFFSET ?
                        """, arguments: [checklistID, limit, offset])
                }
                return ItemsPage(checklistID: checklistID, sortOrder: sortOrder, offset: offset,
                                 items: rows.map(Self.item(from:)), totalCount: total)
            }
        }
    }

    /// Where an item stands in its checklist's order, counted by SQL, so the
    /// app can keep the selection on an item without loading the list.
    public func index(ofItem itemID: Int64, sortOrder: ItemSortOrder) throws(StorageError) -> Int? {
        try run {
            try pool.read { db -> Int? in
                guard let row = try Row.fetchOne(db, sql: "SELECT checklistID, text, dueAt FROM item WHERE id = ?", arguments: [itemID]) else {
                    return nil
                }
                let listID: Int64 = row["checklistID"]
                let before: String
                var arguments: StatementArguments = [listID]
                switch sortOrder {
                case .dueDate:
                    // A row value, so SQLite seeks the (checklistID, dueAt)
                    // index and counts only the entries before the item; the
                    // OR form it replaced scanned the whole list (6 ms at
                    // 100,000 items on every reload).
                    before = "(dueAt, id) < (?, ?)"
                    let dueAt: Int64 = row["dueAt"]
                    arguments += [dueAt, itemID]
                case .text:
                    before = "(text < ? COLLATE natural_order OR (text = ? COLLATE natural_order AND id < ?))"
                    let text: String = row["text"]
                    arguments += [text, text, itemID]
                case .added:
                    before = "id < ?"
                    arguments += [itemID]
                }
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE checklistID = ? AND \(before)", arguments: arguments)
            }
        }
    }

    public func item(id: Int64) throws(StorageError) -> Item? {
        try run {
            try pool.read { db in
                try Row.fetchOne(db, sql: "SELECT id, checklistID, text, isChecked, dueAt, shouldRemind FROM item WHERE id = ?", arguments: [id])
                    .map(Self.item(from:))
            }
        }
    }

    /// The checklist that was open when the app last ran, if it still exists.
    public func openChecklistID() throws(StorageError) -> Int64? {
        try run {
            try pool.read { db in
                try Int64.fetchOne(db, sql: """
                    SELECT checklist.id FROM preference JOIN checklist ON checklist.id = CAST(preference.value AS INTEGER)
                    WHERE preference.key = 'openChecklist'
                    """)
            }
        }
    }

    /// SQLite's `data_version` as seen by our writing connection: it changes
    /// exactly when another connection (another process) committed since the
    /// last look, and never for our own commits. The file watcher wakes us on
    /// any write to the files; this tells whether there is anything to reload.
    public func externalChangeMark() throws(StorageError) -> Int {
        try run {
            try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    // MARK: - Due across all lists

    /// Items not checked off that are due before `end`, earliest first, with
    /// their lists' names: the Due view and `list --due`. A range read on the
    /// pending-by-due index (INDEXED BY: SQLite refuses the query rather than
    /// fall back to a scan); `limit` bounds the work whatever the data.
    public func pendingItems(dueBefore end: Date, limit: Int) throws(StorageError) -> [ListedItem] {
        try listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: end, limit: limit)
    }

    /// How many items not checked off are due in `[start, end)`, counting
    /// at most `cap` of them: a screen that says "10,000+" need not count
    /// 100,000 index entries on every reload, and `status`, run every few
    /// seconds in a tmux status line, stops at 1,000.
    public func pendingCount(dueFrom start: Date?, before end: Date, upTo cap: Int? = nil) throws(StorageError) -> Int {
        try run {
            try pool.read { db in
                try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM (SELECT 1 FROM item INDEXED BY item_pending_by_due
                                          WHERE isChecked = 0 AND dueAt >= ? AND dueAt < ? LIMIT ?)
                    """, arguments: [start.map(Self.wholeSeconds) ?? Int64.min, Self.wholeSeconds(end), cap ?? -1]) ?? 0
            }
        }
    }

    /// The next moment an item not checked off becomes overdue (its due date,
    /// strictly after `now`): what the runtime arms a timer for, so the
    /// overdue marking changes on time without a periodic tick.
    public func nextOverdueDate(after now: Date) throws(StorageError) -> Date? {
        try run {
            try pool.read { db in
                // ORDER BY ... LIMIT 1: a seek to the first entry after now,
                // whatever the number of overdue entries before it.
                try Int64.fetchOne(db, sql: """
                    SELECT dueAt FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt > ?
                    ORDER BY dueAt LIMIT 1
                    """, arguments: [Int64(now.timeIntervalSince1970.rounded(.down))])
                    .map { Date(timeIntervalSince1970: TimeInterval($0)) }
            }
        }
    }

    // MARK: - Reminders

    /// The earliest pending reminder: what the timer is armed for. One indexed
    /// lookup, whatever the number of items.
    public func nextReminderDate() throws(StorageError) -> Date? {
        try run {
            try pool.read { db in
                try Int64.fetchOne(db, sql: "SELECT MIN(remindAt) FROM item WHERE remindAt IS NOT NULL")
                    .map { Date(timeIntervalSince1970: TimeInterval($0)) }
            }
        }
    }

    /// Claims every reminder due at `now` for this process, in one write
    /// transaction that also clears them: another copy of the app on the same
    /// database finds nothing left to claim, so each reminder is delivered once.
    public func claimDueReminders(now: Date) throws(StorageError) -> [DueReminder] {
        try write { db in
            let cutoff = Int64(now.timeIntervalSince1970.rounded(.down))
            let rows = try Row.fetchAll(db, sql: """
                SELECT item.id, item.checklistID, item.text, item.isChecked, item.dueAt, item.shouldRemind,
                       item.remindAt, checklist.name AS checklistName
                FROM item JOIN checklist ON checklist.id = item.checklistID
                WHERE item.remindAt IS NOT NULL AND item.remindAt <= ?
                ORDER BY item.remindAt, item.id
                """, arguments: [cutoff])
            try db.execute(sql: "UPDATE item SET remindAt = NULL WHERE remindAt IS NOT NULL AND remindAt <= ?", arguments: [cutoff])
            return rows.map { row in
                DueReminder(item: Self.item(from: row), checklistName: row["checklistName"],
                            remindAt: Date(timeIntervalSince1970: TimeInterval(row["remindAt"] as Int64)))
            }
        }
    }

    /// When the item's reminder fires, if it has one pending.
    public func reminderDate(ofItem id: Int64) throws(StorageError) -> Date? {
        try run {
            try pool.read { db in
                try Int64.fetchOne(db, sql: "SELECT remindAt FROM item WHERE id = ?", arguments: [id])
                    .map { Date(timeIntervalSince1970: TimeInterval($0)) }
            }
        }
    }

    // MARK: - Command line (issue 4)

    /// Every checklist, by id, without counts or sorting: what the command
    /// line matches `--list NAME` against.
    public func checklists() throws(StorageError) -> [Checklist] {
        try run {
            try pool.read { db in
                try Row.fetchAll(db, sql: "SELECT id, name, icon, sortOrder, itemCount, checkedCount FROM checklist ORDER BY id")
                    .map { Self.summary(from: $0).checklist }
            }
        }
    }

    /// Items by due date (then id) with their lists' names, for `checklists
    /// list`: of one checklist or all, checked ones too or not, due in
    /// `[start, end)` where given. Pending items across lists are a range read
    /// on the pending-by-due index, one list's items on its (list, due) index;
    /// only `--all` across every list reads the whole table, as it must.
    public func listedItems(checklistID: Int64?, includeChecked: Bool, dueFrom start: Date?, before end: Date?,
                            limit: Int? = nil) throws(StorageError) -> [ListedItem] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        let index: String
        if let checklistID {
            index = "INDEXED BY item_by_checklist_due"
            conditions.append("item.checklistID = ?")
            arguments += [checklistID]
        } else {
            index = includeChecked ? "" : "INDEXED BY item_pending_by_due"
        }
        if !includeChecked { conditions.append("item.isChecked = 0") }
        if let start {
            conditions.append("item.dueAt >= ?")
            arguments += [Self.wholeSeconds(start)]
        }
        if let end {
            conditions.append("item.dueAt < ?")
            arguments += [Self.wholeSeconds(end)]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try run {
            try pool.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT item.id, item.checklistID, item.text, item.isChecked, item.dueAt, item.shouldRemind,
                           checklist.name AS checklistName
                    FROM item \(index) JOIN checklist ON checklist.id = item.checklistID
                    \(filter)
                    ORDER BY item.dueAt, item.id
                    LIMIT ?
                    """, arguments: arguments + [limit.map { max(0, $0) } ?? -1])
                .map { ListedItem(item: Self.item(from: $0), checklistName: $0["checklistName"]) }
            }
        }
    }

    /// Everything, read in one transaction (so a concurrent edit is either
    /// wholly in it or not at all): what `checklists export` writes.
    public func snapshot() throws(StorageError) -> Snapshot {
        try run {
            try pool.read { db in
                let checklists = try Row.fetchAll(db, sql: "SELECT id, name, icon, sortOrder, itemCount, checkedCount FROM checklist ORDER BY id")
                    .map { Self.summary(from: $0).checklist }
                var entries: [Int64: [Snapshot.Entry]] = [:]
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, checklistID, text, isChecked, dueAt, shouldRemind, remindAt FROM item ORDER BY checklistID, id
                    """)
                while let row = try rows.next() {
                    let item = Self.item(from: row)
                    let remindAt = (row["remindAt"] as Int64?).map { Date(timeIntervalSince1970: TimeInterval($0)) }
                    entries[item.checklistID, default: []].append(Snapshot.Entry(item: item, remindAt: remindAt))
                }
                let sequences = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence")
                    .map { ($0["name"] as String, $0["seq"] as Int64) })
                let openID = try Int64.fetchOne(db, sql: """
                    SELECT checklist.id FROM preference JOIN checklist ON checklist.id = CAST(preference.value AS INTEGER)
                    WHERE preference.key = 'openChecklist'
                    """)
                return Snapshot(
                    lists: checklists.map { Snapshot.List(checklist: $0, items: entries[$0.id] ?? []) },
                    openChecklistID: openID,
                    lastChecklistID: sequences["checklist"] ?? 0,
                    lastItemID: sequences["item"] ?? 0)
            }
        }
    }

    /// Puts `snapshot` in the database, in one write transaction: all of it or
    /// nothing. A database that holds anything beyond the one empty "List" a
    /// new database starts with is left alone unless `replacingExisting`.
    /// Ids are kept, and the "highest id ever" counters never go down, so no
    /// id this database or the snapshot's ever handed out comes back.
    /// Reminder state is stored as the snapshot has it (it was made by the
    /// reminder rule where it came from), not recomputed.
    public func restore(_ snapshot: Snapshot, replacingExisting: Bool) throws(StorageError) -> RestoreOutcome {
        for list in snapshot.lists {
            if let problem = TextRules.problem(with: list.checklist.name, what: "list name") { throw problem }
            for entry in list.items {
                if let problem = TextRules.problem(with: entry.item.text, what: "item text") { throw problem }
            }
        }
        return try write { db -> RestoreOutcome in
            let lists = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM checklist") ?? 0
            let items = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0
            let onlyStartingList = try Bool.fetchOne(db, sql: """
                SELECT COUNT(*) = 1 FROM checklist WHERE name = 'List' AND icon = 'none' AND itemCount = 0
                """) ?? false
            let isFresh = items == 0 && (lists == 0 || (lists == 1 && onlyStartingList))
            if !isFresh && !replacingExisting { return .refusedNotEmpty(lists: lists, items: items) }

            let sequences = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence")
                .map { ($0["name"] as String, $0["seq"] as Int64) })
            // Items go with their lists (ON DELETE CASCADE).
            try db.execute(sql: "DELETE FROM checklist")
            var lastListID: Int64 = 0
            var lastItemID: Int64 = 0
            for list in snapshot.lists {
                let checklist = list.checklist
                try db.execute(sql: "INSERT INTO checklist (id, name, icon, sortOrder) VALUES (?, ?, ?, ?)",
                               arguments: [checklist.id, checklist.name, checklist.icon.rawValue, checklist.sortOrder.rawValue])
                lastListID = max(lastListID, checklist.id)
                for entry in list.items {
                    let item = entry.item
                    try db.execute(sql: """
                        INSERT INTO item (id, checklistID, text, isChecked, dueAt, shouldRemind, remindAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [item.id, checklist.id, item.text, item.isChecked, Self.wholeMinutes(item.dueDate),
                                         item.shouldRemind, entry.remindAt.map(Self.wholeSeconds)])
                    lastItemID = max(lastItemID, item.id)
                }
            }
            for (table, last) in [("checklist", max(lastListID, snapshot.lastChecklistID)), ("item", max(lastItemID, snapshot.lastItemID))] {
                try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table])
                try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
                               arguments: [table, max(last, sequences[table] ?? 0)])
            }
            if let open = snapshot.openChecklistID {
                try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES ('openChecklist', ?)", arguments: ["\(open)"])
            } else {
                try db.execute(sql: "DELETE FROM preference WHERE key = 'openChecklist'")
            }
            try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES ('initialized', '1')")
            return .restored
        }
    }

    // MARK: - Writing

    /// Commits one confirmed change in its own transaction. `now` decides
    /// whether the item's reminder is scheduled (a due date already past
    /// schedules nothing); the app passes its clock's time.
    @discardableResult
    public func apply(_ change: Change, now: Date = Date()) throws(StorageError) -> ChangeOutcome {
        try Self.validate(change)
        return try write { db in try Self.apply(change, in: db, now: now) }
    }

    /// Commits many changes in one transaction: all of them, or none (a bad
    /// one rolls the whole batch back). For bulk work such as generating a
    /// benchmark database or importing a file.
    @discardableResult
    public func applyAll(_ changes: [Change], now: Date = Date()) throws(StorageError) -> [ChangeOutcome] {
        for change in changes { try Self.validate(change) }
        return try write { db in try changes.map { try Self.apply($0, in: db, now: now) } }
    }

    private static func validate(_ change: Change) throws(StorageError) {
        switch change {
        case let .addChecklist(name, _), let .updateChecklist(_, name, _):
            if let problem = TextRules.problem(with: name, what: "list name") { throw problem }
        case let .addItem(_, draft), let .updateItem(_, draft):
            if let problem = TextRules.problem(with: draft.text, what: "item text") { throw problem }
        default:
            break
        }
    }

    private static func apply(_ change: Change, in db: Database, now: Date) throws -> ChangeOutcome {
        switch change {
        case let .addChecklist(name, icon):
            try db.execute(sql: "INSERT INTO checklist (name, icon) VALUES (?, ?)", arguments: [name, icon.rawValue])
            return .checklist(db.lastInsertedRowID)
        case let .updateChecklist(id, name, icon):
            try db.execute(sql: "UPDATE checklist SET name = ?, icon = ? WHERE id = ?", arguments: [name, icon.rawValue, id])
            try requireChange(db, "the list")
            return .checklist(id)
        case let .deleteChecklist(id):
            // Items go with it through ON DELETE CASCADE.
            try db.execute(sql: "DELETE FROM checklist WHERE id = ?", arguments: [id])
            try requireChange(db, "the list")
            return .none
        case let .addItem(checklistID, draft):
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM checklist WHERE id = ?", arguments: [checklistID]) != nil else {
                throw StorageError.notFound(what: "the list")
            }
            let dueAt = wholeMinutes(draft.dueDate)
            let remindAt = ReminderRule.reminderDate(shouldRemind: draft.shouldRemind, isChecked: false,
                                                     dueDate: Date(timeIntervalSince1970: TimeInterval(dueAt)), now: now)
            try db.execute(sql: "INSERT INTO item (checklistID, text, dueAt, shouldRemind, remindAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [checklistID, draft.text, dueAt, draft.shouldRemind, remindAt.map(wholeSeconds)])
            return .item(db.lastInsertedRowID)
        case let .updateItem(id, draft):
            guard var updated = try fetchItem(db, id: id) else { throw StorageError.notFound(what: "the item") }
            let old = updated
            updated.text = draft.text
            updated.dueDate = Date(timeIntervalSince1970: TimeInterval(wholeMinutes(draft.dueDate)))
            updated.shouldRemind = draft.shouldRemind
            try db.execute(sql: "UPDATE item SET text = ?, dueAt = ?, shouldRemind = ? WHERE id = ?",
                           arguments: [updated.text, wholeMinutes(updated.dueDate), updated.shouldRemind, id])
            try updateReminder(db, from: old, to: updated, now: now)
            return .item(id)
        case let .setChecked(itemID, checked):
            guard var updated = try fetchItem(db, id: itemID) else { throw StorageError.notFound(what: "the item") }
            let old = updated
            updated.isChecked = checked
            try db.execute(sql: "UPDATE item SET isChecked = ? WHERE id = ?", arguments: [checked, itemID])
            try updateReminder(db, from: old, to: updated, now: now)
            return .item(itemID)
        case let .snooze(itemID, until):
            // Only a reminder that could still matter is snoozed: not for an
            // item checked off (or deleted) in the meantime.
            try db.execute(sql: "UPDATE item SET remindAt = ? WHERE id = ? AND isChecked = 0",
                           arguments: [wholeSeconds(until), itemID])
            try requireChange(db, "the item")
            return .item(itemID)
        case let .deleteItem(id):
            try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id])
            try requireChange(db, "the item")
            return .none
        case let .setSortOrder(checklistID, order):
            try db.execute(sql: "UPDATE checklist SET sortOrder = ? WHERE id = ?", arguments: [order.rawValue, checklistID])
            try requireChange(db, "the list")
            return .checklist(checklistID)
        case let .setOpenChecklist(id):
            if let id {
                try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES ('openChecklist', ?)", arguments: ["\(id)"])
            } else {
                try db.execute(sql: "DELETE FROM preference WHERE key = 'openChecklist'")
            }
            return .none
        }
    }

    /// Stores the rule's answer when one of its inputs changed; otherwise the
    /// pending (or snoozed, or delivered) reminder stays as it was.
    private static func updateReminder(_ db: Database, from old: Item, to new: Item, now: Date) throws {
        guard ReminderRule.inputsChanged(from: old, to: new) else { return }
        let remindAt = ReminderRule.reminderDate(for: new, now: now)
        try db.execute(sql: "UPDATE item SET remindAt = ? WHERE id = ?", arguments: [remindAt.map(wholeSeconds), new.id])
    }

    private static func fetchItem(_ db: Database, id: Int64) throws -> Item? {
        try Row.fetchOne(db, sql: "SELECT id, checklistID, text, isChecked, dueAt, shouldRemind FROM item WHERE id = ?", arguments: [id])
            .map(item(from:))
    }

    static func wholeSeconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.up))
    }

    private static func requireChange(_ db: Database, _ what: String) throws {
        if db.changesCount == 0 { throw StorageError.notFound(what: what) }
    }

    // MARK: - Soundness checks (the stress test's killed writer)

    /// What `PRAGMA integrity_check` and `PRAGMA foreign_key_check` report,
    /// one line per problem; empty for a sound file. Read-only, and it reads
    /// the whole file: for the killed-writer stress test, never for start-up.
    public func soundnessProblems() throws(StorageError) -> [String] {
        try run {
            try pool.read { db in
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
                let keys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { "foreign key: \($0)" }
                return integrity + keys
            }
        }
    }

    // MARK: - Rows

    static func wholeMinutes(_ date: Date) -> Int64 {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        return seconds - ((seconds % 60) + 60) % 60
    }

    private static func orderBy(_ order: ItemSortOrder, descending: Bool = false) -> String {
        let direction = descending ? " DESC" : ""
        switch order {
        case .dueDate: return "dueAt\(direction), id\(direction)"
        case .text: return "text COLLATE natural_order\(direction), id\(direction)"
        case .added: return "id\(direction)"
        }
    }

    private static func item(from row: Row) -> Item {
        Item(id: row["id"], checklistID: row["checklistID"], text: row["text"], isChecked: row["isChecked"],
             dueDate: Date(timeIntervalSince1970: TimeInterval(row["dueAt"] as Int64)), shouldRemind: row["shouldRemind"])
    }

    private static func summary(from row: Row) -> ChecklistSummary {
        let checklist = Checklist(id: row["id"], name: row["name"],
                                  icon: ChecklistIcon(rawValue: row["icon"]) ?? .none,
                                  sortOrder: ItemSortOrder(rawValue: row["sortOrder"]) ?? .dueDate)
        let count: Int = row["itemCount"]
        let checked: Int = row["checkedCount"]
        return ChecklistSummary(checklist: checklist, itemCount: count, remainingCount: count - checked)
    }

    private static let naturalCollation = DatabaseCollation("natural_order") { NaturalOrder.compare($0, $1) }

    /// Runs GRDB work and turns its errors into messages a user can act on.
    private func run<T>(_ body: () throws -> T) throws(StorageError) -> T {
        do {
            return try body()
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// One write transaction (IMMEDIATE, as GRDB's `write`), its errors
    /// turned into messages a user can act on. SQLite reports most failed
    /// writes as a bare "disk I/O error"; what the system said is read from
    /// the files right after the failure, so a filesystem the kernel turned
    /// read-only under a running app (EROFS) reads as read-only, and a full
    /// one as full.
    private func write<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        try Self.write(in: pool, path: path, body)
    }

    private static func write<T>(in pool: DatabasePool, path: String, _ body: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                do {
                    var result: T?
                    try db.inTransaction {
                        result = try body(db)
                        return .commit
                    }
                    return result!
                } catch let error as DatabaseError where error.resultCode == .SQLITE_IOERR {
                    throw StorageError(error, path: path, systemError: Self.lastSystemError(db))
                }
            }
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// The errno of the last failed system call on the WAL (where a commit
    /// writes) or else the main file. `sqlite3_system_errno` is not enough:
    /// it was 0 for a commit that failed with EROFS (SQLite records it only
    /// for some statements), while each file keeps its own last errno.
    private static func lastSystemError(_ db: Database) -> Int32 {
        var code: Int32 = 0
        var wal: UnsafeMutablePointer<sqlite3_file>?
        if sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_JOURNAL_POINTER, &wal) == SQLITE_OK,
           let wal, let control = wal.pointee.pMethods?.pointee.xFileControl {
            _ = control(wal, SQLITE_FCNTL_LAST_ERRNO, &code)
        }
        if code == 0 { _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_LAST_ERRNO, &code) }
        return code == 0 ? sqlite3_system_errno(db.sqliteConnection) : code
    }

    // MARK: - Faults for tests

    /// Test-only: lets the file grow by at most `pages` more pages (nil lifts
    /// the cap), so the next write that needs a new page fails exactly as on a
    /// full disk (SQLITE_FULL) without filling one. `max_page_count` belongs
    /// to a connection, and the pool's one writing connection makes every write.
    func capGrowthForTesting(pages: Int?) throws(StorageError) {
        try run {
            try pool.writeWithoutTransaction { db in
                let current = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                // SQLite clamps the maximum to what it was built with.
                let cap = pages.map { current + $0 } ?? Int(UInt32.max - 1)
                _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(cap)")
            }
        }
    }
}

extension StorageError {
    /// Maps SQLite's result codes to what the user should do about them.
    /// `systemError` is the errno behind an I/O error, where known.
    init(_ error: any Error, path: String, systemError: Int32 = 0) {
        if let storage = error as? StorageError {
            self = storage
            return
        }
        guard let database = error as? DatabaseError else {
            self = .writeFailed(path: path, detail: "\(error)")
            return
        }
        switch database.resultCode {
        case .SQLITE_NOTADB: self = .notADatabase(path: path, reason: "the file is not an SQLite database")
        case .SQLITE_CORRUPT: self = .corrupt(path: path, detail: database.message ?? "malformed")
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .locked(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: self = .readOnly(path: path)
        case .SQLITE_FULL: self = .diskFull(path: path)
        case .SQLITE_CANTOPEN: self = .cannotOpen(path: path, detail: database.message ?? "cannot open")
        case .SQLITE_IOERR where systemError == EROFS: self = .readOnly(path: path)
        case .SQLITE_IOERR where systemError == ENOSPC || systemError == EDQUOT: self = .diskFull(path: path)
        default: self = .writeFailed(path: path, detail: database.message ?? "\(database.resultCode)")
        }
    }
}
