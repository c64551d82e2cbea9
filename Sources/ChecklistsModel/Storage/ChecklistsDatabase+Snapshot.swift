import Foundation
import GRDB

/// Export and import: the whole database as a value, ids and reminder state
/// included, so a file written by `checklists export` and read back by
/// `checklists import` gives the same lists, the same ids (reminders are
/// filed under them) and the same pending reminders.
extension ChecklistsDatabase {
    /// Everything, read in one transaction (so a concurrent edit is either
    /// wholly in it or not at all): what `checklists export --ics` writes.
    public func snapshot() throws(StorageError) -> Snapshot {
        var snapshot = Snapshot(lists: [], openChecklistID: nil, lastChecklistID: 0, lastItemID: 0)
        try readSnapshot { part in
            switch part {
            case .header(let header):
                snapshot.openChecklistID = header.openChecklistID
                snapshot.lastChecklistID = header.lastChecklistID
                snapshot.lastItemID = header.lastItemID
                snapshot.listsByHand = header.listsByHand
                snapshot.smartLists = header.smartLists
            case .list(let checklist, let position, let itemCount):
                snapshot.lists.append(Snapshot.List(checklist: checklist, items: [], position: position))
                snapshot.lists[snapshot.lists.count - 1].items.reserveCapacity(itemCount)
            case .entry(let entry, let list):
                snapshot.lists[list].items.append(entry)
            }
        }
        return snapshot
    }

    /// The snapshot, read in one transaction as `snapshot()` reads it but
    /// handed to `visit` part by part as it is read and never held whole:
    /// the header, every list by id, then every item by id with its list's
    /// place among them. What `checklists export` writes. Held whole, the
    /// entries took several times the memory of the document they make.
    ///
    /// The items come in the table's own order, not list by list: ordered
    /// by list and id, SQLite read them through a list index and sorted
    /// all of them in a temporary tree first (DECISIONS.md, "An export
    /// writes as it reads").
    public func readSnapshot(_ visit: (SnapshotPart) -> Void) throws(StorageError) {
        try read { db in
            let checklists = try ChecklistRecord.all(in: db, byID: true)
            let sequences = try Self.sequences(db)
            visit(.header(SnapshotPart.Header(
                openChecklistID: try Preference.openChecklistID(db),
                lastChecklistID: sequences["checklist"] ?? 0,
                lastItemID: sequences["item"] ?? 0,
                itemCount: checklists.reduce(0) { $0 + $1.summary.itemCount },
                listsByHand: try Self.listOrder(db) == .byHand,
                smartLists: try Self.smartLists(db).sorted { $0.id < $1.id })))
            let positions = try Dictionary(Row.all(db, sql: "SELECT id, listPosition FROM checklist").map { ($0[0] as Int64, $0[1] as Int64?) },
                                           uniquingKeysWith: { first, _ in first })
            var listPlaces = [Int64: Int](minimumCapacity: checklists.count)
            for (place, record) in checklists.enumerated() {
                let id = record.summary.checklist.id
                visit(.list(record.summary.checklist, position: positions[id] ?? nil, itemCount: record.summary.itemCount))
                listPlaces[id] = place
            }
            // Pending reminders are few beside the items: read whole first.
            var pending: [Int64: [ReminderTime: Date]] = [:]
            for row in try Row.all(db, sql: "SELECT itemID, reminder, fireAt FROM reminder WHERE fireAt IS NOT NULL") {
                if let reminder = ReminderTime(code: row[1] as String) { pending[row[0], default: [:]][reminder] = StoredTime.date(row[2]) }
            }
            let records = try SQLRequest<ItemCalendarRecord>(
                "SELECT \(columnsOf: ItemCalendarRecord.self) FROM item ORDER BY id").fetchCursor(db)
            // An item of no list (the foreign key forbids one) is left
            // out, as a list it does not name would not show it.
            while let record = try records.next() {
                var entry = record.entry
                if let times = pending[entry.item.id] { entry.pending = times }
                if let place = listPlaces[entry.item.checklistID] { visit(.entry(entry, list: place)) }
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
        try Self.checkTexts(snapshot)
        return try write(restoring: true) { db -> RestoreOutcome in
            try Self.restore(snapshot, replacingExisting: replacingExisting, in: db, makeUID: uidMaker)
        }
    }

    /// Checks the snapshot's texts as every write does, before anything is
    /// written.
    static func checkTexts(_ snapshot: Snapshot) throws(StorageError) {
        for list in snapshot.lists {
            if let problem = TextRules.problem(with: list.checklist.name, what: "list name") { throw problem }
            for entry in list.items {
                if let problem = TextRules.problem(with: entry.item.text, what: "item text") { throw problem }
                if let problem = TextRules.noteProblem(with: entry.item.note) { throw problem }
            }
        }
    }

    /// `restore`'s transaction, on the connection that runs it (the open
    /// database's, or a new file's before it is put in place).
    static func restore(_ snapshot: Snapshot, replacingExisting: Bool, in db: Database,
                        makeUID uidMaker: () -> String) throws -> RestoreOutcome {
        let lists = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM checklist") ?? 0
        let items = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0
        let onlyStartingList = try Bool.fetchOne(db, sql: """
            SELECT COUNT(*) = 1 FROM checklist WHERE name = ? AND icon = 'none' AND itemCount = 0
            """, arguments: [Self.startingListName]) ?? false
        let isFresh = items == 0 && (lists == 0 || (lists == 1 && onlyStartingList))
        if !isFresh && !replacingExisting { return .refusedNotEmpty(lists: lists, items: items) }

        let sequences = try Self.sequences(db)
        // A page cache big enough to hold what one import changes: with
        // SQLite's default, a large import spilled pages to the WAL
        // mid-transaction and wrote each of them again and again. Back to
        // what it was after.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -131072")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        var lastListID: Int64 = 0
        var lastItemID: Int64 = 0
        let searchIndex = try BackgroundSearchIndex(snapshot, in: db)
        try Self.loadingItemsInBulk(db, searchIndex: searchIndex) {
            // Items first: with their indexes set aside, a list's delete
            // would scan the table for its items.
            try db.execute(sql: "DELETE FROM reminder")
            try db.execute(sql: "DELETE FROM item")
            try db.execute(sql: "DELETE FROM checklist")
            try db.execute(sql: "DELETE FROM smartList")
            // Many items to a statement: see `MultiRowInsert`.
            var itemRows = MultiRowInsert(into: "item", columns: [
                "id", "checklistID", "text", "isChecked", "dueAt", "shouldRemind", "remindAt", "repeatRule", "repeatStart", "lastDoneAt",
                "uid", "calendarObject", "modifiedAt", "completedAt", "note", "position", "priority", "reminders", "tags", "startAt",
                "collapsed"])
            // Written once every item is in (a batch of them may be full first).
            var reminderRows: [[DatabaseValue]] = []
            for list in snapshot.lists {
                let checklist = list.checklist
                // Without a position (an older export), after the others.
                try db.execute(sql: """
                    INSERT INTO checklist (id, name, icon, sortOrder, hidesChecked, hidesNotStarted, listPosition) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [checklist.id, checklist.name, checklist.icon.rawValue, checklist.sortOrder.rawValue,
                                     checklist.hidesChecked, checklist.hidesNotStarted, list.position])
                lastListID = max(lastListID, checklist.id)
                for entry in list.items {
                    let item = entry.item
                    // A repeat needs a due date; its series starts at the due
                    // date unless the snapshot says where.
                    let rule = item.dueDate == nil ? nil : item.recurrence
                    // An entry without a UID (an export of an older version)
                    // gets one now, as every item has one.
                    try itemRows.add([
                        item.id.databaseValue, checklist.id.databaseValue, item.text.databaseValue, item.isChecked.databaseValue,
                        item.dueDate.map(StoredTime.wholeMinutes).databaseValue,
                        item.shouldRemind.databaseValue, entry.pending.values.min().map(StoredTime.wholeSeconds).databaseValue,
                        rule?.rrule.databaseValue ?? .null,
                        (rule == nil ? nil : (item.repeatStart ?? item.dueDate).map(StoredTime.wholeMinutes)).databaseValue,
                        item.lastDoneAt.map(StoredTime.wholeSeconds).databaseValue,
                        (entry.uid.isEmpty ? uidMaker() : entry.uid).databaseValue, entry.calendarObject.databaseValue,
                        entry.modifiedAt.map(StoredTime.wholeSeconds).databaseValue, entry.completedAt.map(StoredTime.wholeSeconds).databaseValue,
                        // An export without positions (an older version) keeps the order added.
                        item.note.databaseValue, (item.position == 0 ? item.id : item.position).databaseValue,
                        item.priority.rawValue.databaseValue, ReminderTime.storedList(item.reminders).databaseValue,
                        Tags.stored(Tags.unique(item.tags)).databaseValue,
                        item.startDate.map(StoredTime.wholeMinutes).databaseValue, item.isCollapsed.databaseValue], in: db)
                    for (reminder, fireAt) in entry.pending.sorted(by: { $0.key < $1.key }) {
                        reminderRows.append([item.id.databaseValue, reminder.code.databaseValue,
                                             reminder.fireDate(dueDate: item.dueDate).map(StoredTime.wholeSeconds).databaseValue,
                                             StoredTime.wholeSeconds(fireAt).databaseValue])
                    }
                    lastItemID = max(lastItemID, item.id)
                }
            }
            // Items of several small lists share a batch: each list's row is
            // in before its items are, and each item before its reminders.
            try itemRows.flush(in: db)
            var reminderInsert = MultiRowInsert(into: "reminder", columns: ["itemID", "reminder", "scheduledAt", "fireAt"])
            for row in reminderRows { try reminderInsert.add(row, in: db) }
            try reminderInsert.flush(in: db)
        }
        // Parents by UID, as an import of iCalendar links them, once the
        // indexes are back.
        try relateParents(snapshot.lists.flatMap { list in
            list.items.compactMap { entry in entry.parentUID.map { (uid: entry.uid, parentUID: Optional($0)) } }
        }, in: db)
        for (table, last) in [("checklist", max(lastListID, snapshot.lastChecklistID)), ("item", max(lastItemID, snapshot.lastItemID))] {
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table])
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
                           arguments: [table, max(last, sequences[table] ?? 0)])
        }
        for (place, smart) in snapshot.smartLists.enumerated() {
            try db.execute(sql: "INSERT INTO smartList (id, name, filter, position) VALUES (?, ?, ?, ?)",
                           arguments: [smart.id, smart.name, smart.filter, place + 1])
        }
        try db.execute(sql: "UPDATE setting SET listsByHand = ? WHERE id = 1", arguments: [snapshot.listsByHand])
        try Preference.openChecklist.set(snapshot.openChecklistID.map { "\($0)" }, db)
        try Preference.initialized.set("1", db)
        // The history described rows that were just replaced.
        try Self.clearHistory(db)
        return .restored
    }

    /// Runs `load`, which replaces all items at once, with the item
    /// table's indexes, its search triggers and its count triggers (of
    /// lists and of sub-items) set aside, then builds each index once over the whole table and counts
    /// each list's items once: the same schema, index contents and counts
    /// as row by row, in under half the time (DECISIONS.md, "An import").
    /// Inside the
    /// caller's transaction, so a failure anywhere leaves all of it as it was.
    /// The folded text and the search index are `searchIndex`'s, made on
    /// another thread from every item the table holds after `load`.
    static func loadingItemsInBulk(_ db: Database, searchIndex: BackgroundSearchIndex, _ load: () throws -> Void) throws {
        let setAside = try Row.all(db, sql: """
            SELECT type, name, sql FROM main.sqlite_master
            WHERE tbl_name = 'item' AND sql IS NOT NULL
              AND (type = 'index' OR (type = 'trigger' AND name IN (
                'item_search_insert', 'item_search_update', 'item_search_delete',
                'item_counts_insert', 'item_counts_update', 'item_counts_delete',
                'item_sub_items_insert')))
            ORDER BY rowid
            """)
        for object in setAside {
            let kind: String = object["type"] == "index" ? "INDEX" : "TRIGGER"
            try db.execute(sql: "DROP \(kind) main.\((object["name"] as String).quotedDatabaseIdentifier)")
        }
        try load()
        try db.execute(sql: "DELETE FROM item_folded")
        var foldedRows = MultiRowInsert(into: "item_folded", columns: ["id", "body"])
        for (id, body) in searchIndex.folded() { try foldedRows.add([id.databaseValue, body.databaseValue], in: db) }
        try foldedRows.flush(in: db)
        // The indexes first, while the other thread may still be building
        // the search index; the triggers last, once it is in.
        for object in setAside where object["type"] == "index" { try db.execute(sql: object["sql"]) }
        try searchIndex.replaceIndex(in: db)
        for object in setAside where object["type"] != "index" { try db.execute(sql: object["sql"]) }
        // The counts the count triggers would have kept, counted once. The
        // sub-item trigger looks for a new row's children by a column: with
        // the indexes set aside, a walk of the whole table for every row.
        try db.execute(sql: """
            UPDATE checklist SET
              itemCount = (SELECT count(*) FROM item WHERE checklistID = checklist.id),
              checkedCount = (SELECT count(*) FROM item WHERE checklistID = checklist.id AND isChecked)
            """)
        try db.execute(sql: """
            UPDATE item SET subItemCount = (SELECT count(*) FROM item AS sub
                                            WHERE sub.checklistID = item.checklistID AND sub.parentID = item.id)
            WHERE id IN (SELECT parentID FROM item WHERE parentID IS NOT NULL)
            """)
    }

    /// The highest id each AUTOINCREMENT table ever handed out, by table.
    private static func sequences(_ db: Database) throws -> [String: Int64] {
        try Dictionary(uniqueKeysWithValues: Row.all(db, sql: "SELECT name, seq FROM sqlite_sequence")
            .map { ($0["name"] as String, $0["seq"] as Int64) })
    }
}
