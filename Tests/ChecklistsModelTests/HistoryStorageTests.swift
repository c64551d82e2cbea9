import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// Undo and redo on a real SQLite file: what comes back, what is refused,
/// and that the history is written with the change.
@Suite("History: undo and redo on a real SQLite file")
struct HistoryStorageTests {
    let folder = TemporaryFolder()
    let now = Fixed.date("2026-11-22 09:00")

    /// Every row of the user's content as SQLite holds it, read on a
    /// connection of its own, `modifiedAt` left out (an undo stamps it).
    func content() throws -> [String] {
        let queue = try DatabaseQueue(path: folder.file("test.sqlite"))
        return try queue.read { db in
            let lists = try Row.fetchAll(db, sql: "SELECT id, name, icon, sortOrder, itemCount, checkedCount, hidesChecked FROM checklist ORDER BY id")
            let items = try Row.fetchAll(db, sql: """
                SELECT id, checklistID, text, note, position, isChecked, dueAt, shouldRemind, remindAt, repeatRule, uid, completedAt, priority
                FROM item ORDER BY id
                """)
            return (lists + items).map(\.description)
        }
    }

    func raw<T: DatabaseValueConvertible>(_ sql: String) throws -> T? {
        try DatabaseQueue(path: folder.file("test.sqlite")).read { try T.fetchOne($0, sql: sql) }
    }

    @Test("undoing a list delete brings back every item and reminder with the same ids; redo deletes them again")
    func undoListDelete() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        try database.apply(.addChecklist(name: "Groceries", icon: .groceries), now: now)
        let list = try database.checklists().first { $0.name == "Groceries" }!.id
        for index in 1...12 {
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "item \(index)", dueDate: now.addingTimeInterval(Double(index) * 3600),
                                                                     shouldRemind: index % 2 == 0)), now: now)
        }
        try database.apply(.setChecked(itemID: 3, true), now: now)
        let before = try content()
        try expectEqual(raw("SELECT count(*) FROM item WHERE remindAt IS NOT NULL") as Int?, 6)

        try database.apply(.deleteChecklist(id: list), now: now)
        try expectEqual(database.checklists().map(\.name), ["List"])

        let undo = try database.step(.undo, now: now)
        guard case let .applied(.undo, entry) = undo else { Issue.record("\(undo)"); return }
        expectEqual(entry.description, "delete list “Groceries”, 12 items")
        try expectEqual(content(), before)

        let redo = try database.step(.redo, now: now)
        guard case .applied(.redo, _) = redo else { Issue.record("\(redo)"); return }
        try expectEqual(database.checklists().map(\.name), ["List"])
        try expectEqual(raw("SELECT count(*) FROM item") as Int?, 0)
        folder.remove()
    }

    @Test("an undone delete gets the reminder rule again: a reminder that passed meanwhile is dropped, one still ahead stays")
    func remindersAfterUndo() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "soon", dueDate: now.addingTimeInterval(600), shouldRemind: true)), now: now)
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "later", dueDate: now.addingTimeInterval(7200), shouldRemind: true)), now: now)
        try database.apply(.deleteChecklist(id: list), now: now)

        let anHourOn = now.addingTimeInterval(3600)
        guard case .applied = try database.step(.undo, now: anHourOn) else { Issue.record("not undone"); return }
        #expect(try raw("SELECT remindAt FROM item WHERE text = 'soon'") as Int64? == nil)
        try expectEqual(raw("SELECT remindAt FROM item WHERE text = 'later'") as Int64?, StoredTime.wholeSeconds(now.addingTimeInterval(7200)))
        // Nothing is shown as missed: nothing pending is in the past.
        #expect(try database.claimDueReminders(now: anHourOn).isEmpty)
        // The undo is a change made here: its stamp is the undo's time.
        try expectEqual(raw("SELECT min(modifiedAt) FROM item") as Int64?, StoredTime.wholeSeconds(anHourOn))
        folder.remove()
    }

    @Test("every kind of change is undone and redone: add, edit, check, sort, hide, rename, reorder, priority, move (a snooze is the reminder's state, not in the history)")
    func everyKind() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: now.addingTimeInterval(3600), shouldRemind: true)), now: now)
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Bread", dueDate: nil)), now: now)
        try database.apply(.addChecklist(name: "Home", icon: .none), now: now)
        let home = try database.checklists().first { $0.name == "Home" }!.id
        let changes: [(Change, String)] = [
            (.updateItem(id: 1, ItemDraft(text: "Oat milk", dueDate: now.addingTimeInterval(7200), shouldRemind: false)), "edit “Milk”"),
            (.setChecked(itemID: 1, true), "check “Oat milk”"),
            (.setChecked(itemID: 1, false), "uncheck “Oat milk”"),
            (.setSortOrder(checklistID: list, .text), "sort “List” by text"),
            (.setHidesChecked(checklistID: list, true), "hide checked items of “List”"),
            (.updateChecklist(id: list, name: "Shop", icon: .groceries), "rename list “List” to “Shop”"),
            (.swapPositions(itemID: 1, otherItemID: 2), "reorder “Oat milk”"),
            (.setPriority(itemID: 1, .high), "priority high for “Oat milk”"),
            (.updateItem(id: 2, ItemDraft(text: "Bread", dueDate: nil, priority: .low)), "edit “Bread”"),
            (.moveItem(id: 1, toChecklistID: home), "move “Oat milk” to “Home”"),
            (.deleteItem(id: 1), "delete “Oat milk”"),
        ]
        for (change, description) in changes {
            let before = try content()
            try database.apply(change, now: now)
            let after = try content()
            #expect(before != after, "\(change) changed nothing")
            let undo = try database.step(.undo, now: now)
            guard case let .applied(.undo, entry) = undo else { Issue.record("\(undo)"); continue }
            expectEqual(entry.description, description)
            #expect(try database.history(limit: 1)[0].isUndone)
            try expectEqual(content(), before, "undo of \(description)")
            _ = try database.step(.redo, now: now)
            try expectEqual(content(), after, "redo of \(description)")
        }
        folder.remove()
    }

    @Test("each touched row is held once, its images exactly as SQLite's json_object makes them of the row before and after, whatever the text")
    func imagesAreSQLitesOwn() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        let nasty = "say \"hi\" \\ back\tslash\u{1}\u{1F}\u{7F} مرحبا e\u{301} 👩‍👩‍👧 \n二"
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: nasty, dueDate: now, shouldRemind: true,
                                                                                           note: "line\r\nnext \u{8}\u{C}")), now: now)
        else { Issue.record("no id"); return }
        let queue = try DatabaseQueue(path: folder.file("test.sqlite"))
        let columns = try queue.read { try HistoryCapture.imageColumns("item", in: $0) }
        let image = "SELECT \(HistoryCapture.imageExpression(columns, row: "item")) FROM item WHERE id = \(id)"
        let added: String? = try queue.read { try String.fetchOne($0, sql: image) }
        try database.apply(.updateItem(id: id, ItemDraft(text: nasty + "!", dueDate: now.addingTimeInterval(60), note: "")), now: now)
        let edited: String? = try queue.read { try String.fetchOne($0, sql: image) }
        try database.apply(.deleteItem(id: id), now: now)

        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT tableName, rowID, oldRow, newRow FROM history_row ORDER BY id").map {
                [$0["tableName"], "\($0["rowID"] as Int64)", $0["oldRow"] ?? "-", $0["newRow"] ?? "-"] as [String]
            }
        }
        let item = String(id)
        // The add, the edit (one row, though the edit wrote it twice: the
        // text, then the reminder), the delete; the lists' counts changed
        // each time and are no change of the user's.
        expectEqual(rows, [["item", item, "-", added ?? "?"], ["item", item, added ?? "?", edited ?? "?"], ["item", item, edited ?? "?", "-"]])
        expectEqual(added?.contains(#"say \"hi\" \\ back\tslash\u0001\u001f"#), true)
        try queue.close()
        folder.remove()
    }

    @Test("the history entry is written in the change's own transaction: a change that fails leaves none")
    func sameTransaction() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        try database.apply(.addChecklist(name: "A", icon: .none), now: now)
        try expectEqual(raw("SELECT count(*) FROM history_entry") as Int?, 1)
        // A change refused inside its transaction (the item is gone) rolls back its entry too.
        #expect(throws: StorageError.self) { try database.apply(.setChecked(itemID: 999, true), now: now) }
        try expectEqual(raw("SELECT count(*) FROM history_entry") as Int?, 1)
        try expectEqual(raw("SELECT count(*) FROM history_row") as Int?, 1)
        // Opening a list is no change of the content: no entry.
        try database.apply(.setOpenChecklist(id: 1), now: now)
        try expectEqual(raw("SELECT count(*) FROM history_entry") as Int?, 1)
        // The history survives closing and opening the file again.
        let again = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(again.history().map(\.description), ["add list “A”"])
        folder.remove()
    }

    @Test("the history keeps the last 1,000 changes")
    func trimming() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "x", dueDate: nil)), now: now)
        for index in 0..<1_005 { try database.apply(.setChecked(itemID: 1, index % 2 == 0), now: now) }
        let history = try database.history(limit: 2_000)
        expectEqual(history.count, 1_000)
        expectEqual(history.last?.description, "uncheck “x”")
        try expectEqual(raw("SELECT count(DISTINCT entryID) FROM history_row") as Int?, 1_000)
        folder.remove()
    }

    @Test("an undo that would overwrite a later change not in the history is refused, nothing changed")
    func refusal() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: nil)), now: now)
        try database.apply(.updateItem(id: 1, ItemDraft(text: "Oat milk", dueDate: nil)), now: now)
        // A writer that records no history (an older version of the program) changed it since.
        var olderWriter = Configuration()
        olderWriter.prepareDatabase { ChecklistsDatabase.addSearchFold(to: $0) }   // the search index's triggers call it
        try DatabaseQueue(path: folder.file("test.sqlite"), configuration: olderWriter).write { try $0.execute(sql: "UPDATE item SET text = 'Soy milk' WHERE id = 1") }
        let before = try content()
        let step = try database.step(.undo, now: now)
        guard case let .refused(.undo, entry, reason) = step else { Issue.record("\(step)"); return }
        expectEqual(entry.description, "edit “Milk”")
        expectEqual(reason, "“Soy milk” has changed since")
        try expectEqual(content(), before)
        try expectEqual(database.history(limit: 1)[0].isUndone, false)
        folder.remove()
    }

    @Test("redo compares with the rows as they are: a change made after the undo clears the redo branch")
    func redoBranch() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: now.addingTimeInterval(3600), shouldRemind: true)), now: now)
        try database.apply(.updateItem(id: 1, ItemDraft(text: "Oat milk", dueDate: now.addingTimeInterval(3600), shouldRemind: true)), now: now)
        _ = try database.step(.undo, now: now)
        // The earlier pitfall: a snooze after the undo was lost by the redo.
        // A snooze is the reminder's state, apart from the item and not in
        // the history: the redo puts the text back and the snooze stays.
        try database.apply(.snooze(itemID: 1, until: now.addingTimeInterval(600)), now: now)
        guard case .applied = try database.step(.redo, now: now) else { Issue.record("the snooze blocked the redo"); return }
        try expectEqual(raw("SELECT remindAt FROM item WHERE id = 1") as Int64?, StoredTime.wholeSeconds(now.addingTimeInterval(600)))
        try expectEqual(raw("SELECT text FROM item WHERE id = 1") as String?, "Oat milk")
        // A change of the item after the undo does clear the redo branch.
        _ = try database.step(.undo, now: now)
        try database.apply(.updateItem(id: 1, ItemDraft(text: "Soy milk", dueDate: now.addingTimeInterval(3600), shouldRemind: true)), now: now)
        try expectEqual(database.step(.redo, now: now), .nothing(.redo))
        folder.remove()
    }

    @Test("a snooze is the reminder's state, not the item's: undoing the edit before it keeps it, and a delivery meanwhile is no conflict")
    func snoozeStandsThroughUndo() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: now.addingTimeInterval(3600), shouldRemind: true)), now: now)
        try database.apply(.updateItem(id: 1, ItemDraft(text: "Oat milk", dueDate: now.addingTimeInterval(3600), shouldRemind: true)), now: now)
        let snoozed = StoredTime.wholeSeconds(now.addingTimeInterval(7200))
        // Snoozed by a process whose history this is not (the notifier's button).
        try database.writeWithoutHistoryForTesting("UPDATE reminder SET fireAt = \(snoozed) WHERE itemID = 1; UPDATE item SET remindAt = \(snoozed) WHERE id = 1")
        guard case .applied = try database.step(.undo, now: now) else { Issue.record("the snooze blocked the undo"); return }
        try expectEqual(raw("SELECT text FROM item WHERE id = 1") as String?, "Milk")
        try expectEqual(raw("SELECT fireAt FROM reminder WHERE itemID = 1") as Int64?, snoozed)
        try expectEqual(raw("SELECT remindAt FROM item WHERE id = 1") as Int64?, snoozed)
        // Delivered meanwhile (the claim marked its row): the redo is no conflict and rings nothing again.
        try expectEqual(database.claimDueReminders(now: now.addingTimeInterval(7200)).map(\.item.text), ["Milk"])
        guard case .applied = try database.step(.redo, now: now.addingTimeInterval(7200)) else { Issue.record("a delivered reminder blocked the redo"); return }
        try expectEqual(raw("SELECT text FROM item WHERE id = 1") as String?, "Oat milk")
        try expectEqual(raw("SELECT count(*) FROM reminder WHERE fireAt IS NOT NULL") as Int?, 0)
        #expect(try database.claimDueReminders(now: now.addingTimeInterval(7300)).isEmpty)
        folder.remove()
    }

    @Test("a change from elsewhere is asked about first when the caller asks; one's own is not")
    func elsewhere() throws {
        let app = try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("test.sqlite"), createsFolder: false),
                                              options: .init(busyTimeout: 1, origin: .app))
        let shell = try ChecklistsDatabase.temporary(in: folder)
        try shell.apply(.addChecklist(name: "Trips", icon: .trips), now: now)
        let asked = try app.step(.undo, now: now, askAboutElsewhere: true)
        guard case let .confirm(.undo, entry) = asked else { Issue.record("\(asked)"); return }
        expectEqual(entry.origin, .commandLine)
        expectEqual(entry.description, "add list “Trips”")
        try expectEqual(app.checklists().count, 2)
        try expectEqual(app.step(.undo, now: now, askAboutElsewhere: true, confirmed: entry.id), .applied(.undo, entry))
        try expectEqual(app.checklists().count, 1)
        try app.apply(.addChecklist(name: "Mine", icon: .none), now: now)
        guard case .applied = try app.step(.undo, now: now, askAboutElsewhere: true) else { Issue.record("own change asked about"); return }
        folder.remove()
    }

    @Test("an undone list delete is linked to its calendar again, so the next sync sends it")
    func syncLink() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklists()[0].id
        try DatabaseQueue(path: folder.file("test.sqlite")).write {
            try $0.execute(sql: "INSERT INTO syncCalendar (url, checklistID) VALUES ('https://dav/list/', ?)", arguments: [list])
        }
        try database.apply(.deleteChecklist(id: list), now: now)
        #expect(try raw("SELECT checklistID FROM syncCalendar") as Int64? == nil)
        _ = try database.step(.undo, now: now)
        try expectEqual(raw("SELECT checklistID FROM syncCalendar") as Int64?, list)
        folder.remove()
    }
}
