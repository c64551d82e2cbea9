import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// Items without a due date, on real SQLite files: the migration that made
/// the column nullable, where undated items sort, what is due, and that
/// every query still reads an index.
@Suite("Undated items on a real SQLite file")
struct UndatedItemsTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // 2026-11-21 10:30 UTC

    @discardableResult
    func add(_ database: ChecklistsDatabase, _ list: Int64, _ text: String, _ due: String?, remind: Bool = false) throws -> Int64 {
        let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, shouldRemind: remind)
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: now) else {
            Issue.record("adding \(text) returned no id")
            return 0
        }
        return id
    }

    @Test("a database made before due dates were optional migrates: items, ids, counts, reminders and cascades all survive")
    func migratesFromVersion3() throws {
        let path = folder.file("old.sqlite")
        // The schema as it was, built by the migrations up to v3, with data
        // written as that version wrote it (the newest item deleted, so the
        // id counter is above every id left).
        do {
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "v3: pending items by due date")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List'), (2, 'Work');
                    INSERT INTO item (id, checklistID, text, isChecked, dueAt, shouldRemind, remindAt) VALUES
                        (1, 1, 'milk', 0, 1795338000, 1, 1795338000),
                        (2, 2, 'report', 1, 1795251600, 0, NULL),
                        (3, 2, 'gone', 0, 1795251600, 0, NULL);
                    DELETE FROM item WHERE id = 3;
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
            }
            #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'item'") } == 3)
        }
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
        let milk = try #require(try database.item(id: 1))
        expectEqual(milk.text, "milk")
        expectEqual(milk.dueDate, Date(timeIntervalSince1970: 1_795_338_000))
        #expect(milk.shouldRemind)
        try expectEqual(database.reminderDate(ofItem: 1), Date(timeIntervalSince1970: 1_795_338_000))
        try expectEqual(database.item(id: 2)?.isChecked, true)
        try expectEqual(database.checklistSummaries().map(\.detail), ["1 Remaining", "All Done!"])

        // The id counter came through: 3 is never handed out again.
        let undated = try add(database, 1, "someday", nil)
        expectEqual(undated, 4)
        #expect(try database.item(id: undated)?.dueDate == nil)
        // The counting triggers were made again...
        try expectEqual(database.checklistSummary(id: 1)?.detail, "2 Remaining")
        try database.apply(.setChecked(itemID: undated, true), now: now)
        try expectEqual(database.checklistSummary(id: 1)?.detail, "1 Remaining")
        // ...and deleting a list still takes its items with it.
        try database.apply(.deleteChecklist(id: 2), now: now)
        #expect(try database.item(id: 2) == nil)

        let schema = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name FROM sqlite_master WHERE tbl_name = 'item' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                .map { "\($0["type"] as String) \($0["name"] as String)" }
        }
        expectEqual(schema, [
            "table item",
            "index item_by_checklist_due",           // item_by_checklist, item_by_remind_at: dropped by later migrations
            "index item_by_checklist_position",
            "index item_by_checklist_priority",
            "index item_by_parent",                  // sub-items, a later migration
            "index item_by_start",                   // start dates, a later migration
            "index item_by_uid",                     // iCalendar UIDs, a later migration
            "index item_by_unlinked_parent",         // parents other apps wrote, a later migration
            "trigger item_counts_delete",
            "trigger item_counts_insert",
            "trigger item_counts_update",
            "trigger item_family_delete",            // a list's families' version, a later migration
            "trigger item_family_insert",
            "trigger item_family_update",
            "trigger item_parent_delete",            // sub-items left when their parent is deleted elsewhere
            "index item_parents",                    // parents by their sub-item count, a later migration
            "index item_pending_by_checklist_due",   // hidden checked items, a later migration
            "index item_pending_by_due",
            "index item_pending_undated",
            "trigger item_search_delete",            // the search index, a later migration
            "trigger item_search_insert",
            "trigger item_search_update",
            "trigger item_sub_items_delete",         // the sub-item counts, a later migration
            "trigger item_sub_items_insert",
            "trigger item_sub_items_update",
        ])
        #expect(try database.read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }.isEmpty)
        folder.remove()
    }

    @Test("undated items sort after the dated ones, by id; pages from either end and positions agree")
    func undatedSortLast() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        try add(database, list, "undated 1", nil)
        try add(database, list, "late", "2026-11-30 09:00")
        try add(database, list, "undated 2", nil)
        try add(database, list, "early", "2026-11-20 09:00")
        try add(database, list, "undated 3", nil)
        let expected = ["early", "late", "undated 1", "undated 2", "undated 3"]
        let all = try database.itemsPage(checklistID: list, sortOrder: .dueDate, offset: 0, limit: 10).items
        expectEqual(all.map(\.text), expected)
        for (position, item) in all.enumerated() {
            try expectEqual(database.index(ofItem: item.id, sortOrder: .dueDate), position, "\(item.text)")
            // Offsets past the middle are read backwards from the end.
            let page = try database.itemsPage(checklistID: list, sortOrder: .dueDate, offset: position, limit: 2)
            expectEqual(page.items.map(\.text), Array(expected.dropFirst(position).prefix(2)))
        }
        folder.remove()
    }

    /// A new database with its starting list ("List") and a second, "Work".
    func homeAndWork() throws -> (ChecklistsDatabase, home: Int64, work: Int64) {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let home = try database.checklistSummaries()[0].id
        guard case let .checklist(work) = try database.apply(.addChecklist(name: "Work", icon: .folder), now: now) else {
            throw StorageError.notFound(what: "the new list")
        }
        return (database, home, work)
    }

    @Test("undated items are never due, overdue or reminded; they are listed after the dated ones and in no window")
    func undatedNeverDue() throws {
        let (database, home, work) = try homeAndWork()
        let someday = try add(database, home, "someday", nil, remind: true)
        try add(database, work, "overdue", "2026-11-20 08:00")
        try add(database, home, "later", "2026-11-28 20:00")
        let checked = try add(database, work, "undated and done", nil)
        try database.apply(.setChecked(itemID: checked, true), now: now)

        #expect(try database.reminderDate(ofItem: someday) == nil)
        #expect(try database.nextReminderDate() == nil)
        try expectEqual(database.pendingItems(dueBefore: Fixed.date("2030-01-01 00:00"), startedBy: Fixed.now, limit: 10).map(\.item.text), ["overdue", "later"])
        try expectEqual(database.pendingCount(dueFrom: nil, before: Fixed.date("2030-01-01 00:00"), startedBy: Fixed.now), 2)
        try expectEqual(database.nextOverdueDate(after: now), Fixed.date("2026-11-28 20:00"))
        // `list`: pending across lists, then everything, then one list.
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil).map(\.item.text), ["overdue", "later", "someday"])
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil, limit: 2).map(\.item.text), ["overdue", "later"])
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil).map(\.item.text), ["overdue", "later", "someday", "undated and done"])
        try expectEqual(database.listedItems(checklistID: work, includeChecked: true, dueFrom: nil, before: nil).map(\.item.text), ["overdue", "undated and done"])
        try expectEqual(database.listedItems(checklistID: home, includeChecked: true, dueFrom: Fixed.date("2026-11-21 00:00"), before: nil)
                .map(\.item.text), ["later"])
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: true, dueFrom: Fixed.date("2026-11-21 00:00"), before: nil)
                .map(\.item.text), ["later"])

        // Giving it a date makes it due (and reminded); taking it away again undoes both.
        try database.apply(.updateItem(id: someday, ItemDraft(text: "someday", dueDate: Fixed.date("2026-11-21 12:00"), shouldRemind: true)), now: now)
        try expectEqual(database.reminderDate(ofItem: someday), Fixed.date("2026-11-21 12:00"))
        try expectEqual(database.pendingCount(dueFrom: nil, before: Fixed.date("2030-01-01 00:00"), startedBy: Fixed.now), 3)
        try database.apply(.updateItem(id: someday, ItemDraft(text: "someday", dueDate: nil, shouldRemind: true)), now: now)
        #expect(try database.reminderDate(ofItem: someday) == nil)
        #expect(try database.item(id: someday)?.dueDate == nil)
        folder.remove()
    }

    @Test("the whole listing (one pass over the table, sorted in Swift) orders as the due-date indexes do: due, then id, undated last")
    func wholeListingOrder() throws {
        let (database, home, work) = try homeAndWork()
        // Added so that id order is neither due order nor list order, with two
        // items on one due minute and undated items between dated ones.
        try add(database, home, "undated a", nil)
        try add(database, work, "late", "2026-12-01 09:00")
        try add(database, home, "tie second", "2026-11-25 09:00")
        let done = try add(database, work, "done early", "2026-11-19 09:00")
        try add(database, work, "undated b", nil)
        try add(database, home, "early", "2026-11-20 09:00")
        try add(database, work, "tie third", "2026-11-25 09:00")
        try database.apply(.setChecked(itemID: done, true), now: now)
        let pending = ["early", "tie second", "tie third", "late", "undated a", "undated b"]
        let every = ["done early", "early", "tie second", "tie third", "late", "undated a", "undated b"]
        // No limit: the pass over the table. A limit: the indexes. Both the same.
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil).map(\.item.text), pending)
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil, limit: 100).map(\.item.text), pending)
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil).map(\.item.text), every)
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil, limit: 100).map(\.item.text), every)
        // Each item keeps its own list's name.
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil).map(\.checklistName), ["List", "List", "Work", "Work", "List", "Work"])
        folder.remove()
    }

    @Test("every read of items stays on an index: the query plans name the index, with no scan or sort of the table")
    func queryPlans() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let due = ItemRecord.dueOrder()
        func plan(_ sql: String) throws -> String {
            try database.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        let page = try plan("SELECT id FROM item WHERE checklistID = 1 ORDER BY \(due), id LIMIT 60 OFFSET 10")
        expectEqual(page, "SEARCH item USING INDEX item_by_checklist_due (checklistID=?)")
        let backwards = try plan("SELECT id FROM item WHERE checklistID = 1 ORDER BY \(due) DESC, id DESC LIMIT 60")
        expectEqual(backwards, "SEARCH item USING INDEX item_by_checklist_due (checklistID=?)")
        let position = try plan("""
            SELECT (SELECT COUNT(*) FROM item WHERE checklistID = 1 AND \(due) < 5)
                 + (SELECT COUNT(*) FROM item WHERE checklistID = 1 AND \(due) = 5 AND id < 7)
            """)
        #expect(position.contains("USING INDEX item_by_checklist_due (checklistID=? AND <expr><?)"))
        #expect(position.contains("USING INDEX item_by_checklist_due (checklistID=? AND <expr>=? AND rowid<?)"))
        let window = try plan("""
            SELECT item.id FROM item INDEXED BY item_by_checklist_due WHERE item.checklistID = 1
            AND \(ItemRecord.dueOrder("item")) >= 5 AND \(ItemRecord.dueOrder("item")) < 9 ORDER BY \(ItemRecord.dueOrder("item")), item.id
            """)
        expectEqual(window, "SEARCH item USING INDEX item_by_checklist_due (checklistID=? AND <expr>>? AND <expr><?)")
        let dueView = try plan("SELECT id FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt < 9 ORDER BY dueAt, id LIMIT 100")
        expectEqual(dueView, "SEARCH item USING COVERING INDEX item_pending_by_due (dueAt<?)")
        let undated = try plan("SELECT id FROM item INDEXED BY item_pending_undated WHERE isChecked = 0 AND dueAt IS NULL ORDER BY id")
        expectEqual(undated, "SCAN item USING COVERING INDEX item_pending_undated")
        // `list`'s table, and `list --json` with each line's details: every
        // column they read comes from the index, so no row is looked up in
        // the table.
        for columns in [ItemSummaryColumns.names, ItemSummaryColumns.names + ListingLine.detailColumnNames] {
            let datedLines = try plan("""
                SELECT \(columns.joined(separator: ", ")) FROM item INDEXED BY item_pending_by_due
                WHERE item.isChecked = 0 AND item.dueAt IS NOT NULL ORDER BY item.dueAt, item.id
                """)
            expectEqual(datedLines, "SEARCH item USING COVERING INDEX item_pending_by_due (dueAt>?)")
            let undatedLines = try plan("""
                SELECT \(columns.joined(separator: ", ")) FROM item INDEXED BY item_pending_undated
                WHERE item.isChecked = 0 AND item.dueAt IS NULL ORDER BY item.id
                """)
            expectEqual(undatedLines, "SCAN item USING COVERING INDEX item_pending_undated")
        }
        folder.remove()
    }
}
