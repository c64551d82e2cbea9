import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// Notes, moving items between lists and the user's own order, on real
/// SQLite files: the v9 migration on a database of v8, what a move keeps,
/// and positions that survive a restart.
@Suite("Notes, moves and positions on a real SQLite file")
struct NotesAndOrderTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // 2026-11-21 10:30 UTC

    func open(_ name: String = "test.sqlite") throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file(name), createsFolder: false), options: .init(busyTimeout: 1))
    }

    @discardableResult
    func add(_ database: ChecklistsDatabase, _ list: Int64, _ text: String, due: String? = nil, remind: Bool = false, note: String = "") throws -> Int64 {
        let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, shouldRemind: remind, note: note)
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: now) else {
            Issue.record("adding \(text) returned no id")
            return 0
        }
        return id
    }

    func addedOrder(_ database: ChecklistsDatabase, list: Int64) throws -> [String] {
        try database.itemsPage(checklistID: list, sortOrder: .added, offset: 0, limit: 100).items.map(\.text)
    }

    @Test("v9 on a database of v8: every item gets an empty note and a position in the order it was added; an imported DESCRIPTION becomes the note")
    func migratesFromVersion8() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "v8: sync state")
            let object = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a1\r\nSUMMARY:Boiler\r\nDESCRIPTION:Ask about the\r\n  pressure\\, twice\\nthen call back\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Boiler\r\nTRIGGER;RELATED=END:PT0S\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List'), (2, 'Home');
                    INSERT INTO item (id, checklistID, text, uid) VALUES (1, 1, 'first', 'u1'), (2, 2, 'boiler', 'a1'), (3, 1, 'third', 'u3');
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
                try db.execute(sql: "UPDATE item SET calendarObject = ? WHERE id = 2", arguments: [object])
            }
        }
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
        try expectEqual(database.item(id: 1)?.note, "")
        // Unfolded and unescaped; the alarm's DESCRIPTION is not the note.
        try expectEqual(database.item(id: 2)?.note, "Ask about the pressure, twice\nthen call back")
        #expect(try [1, 3].map { try database.item(id: $0)?.position } == [1, 3])
        try expectEqual(addedOrder(database, list: 1), ["first", "third"])
        // A new item goes last.
        try add(database, 1, "new")
        try expectEqual(addedOrder(database, list: 1), ["first", "third", "new"])
        let indexes = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'item' AND name LIKE '%position%'")
        }
        expectEqual(indexes, ["item_by_checklist_position"])
    }

    @Test("a note is stored as typed, several lines and all, changed and cleared; a NUL is refused and changes nothing")
    func notes() throws {
        let database = try open()
        let id = try add(database, 1, "Call the plumber", note: "Ask about the boiler\nbefore Friday")
        try expectEqual(database.item(id: id)?.note, "Ask about the boiler\nbefore Friday")
        try expectEqual(database.item(id: id)?.hasNote, true)
        var draft = try #require(try database.item(id: id)).draft
        draft.note = ""
        try database.apply(.updateItem(id: id, draft), now: now)
        try expectEqual(database.item(id: id)?.note, "")
        draft.note = "a\u{0}b"
        #expect(throws: StorageError.nulInText(what: "note")) { try database.apply(.updateItem(id: id, draft), now: now) }
        try expectEqual(database.item(id: id)?.note, "")
    }

    @Test("moving an item keeps its id, due date, reminder, note and UID; it goes last in the new list, and the counts follow")
    func moveKeepsEverything() throws {
        let database = try open()
        guard case let .checklist(home) = try database.apply(.addChecklist(name: "Home", icon: .chores), now: now) else { return }
        try add(database, home, "Fix the shelf")
        let id = try add(database, 1, "Call the plumber", due: "2026-11-24 09:00", remind: true, note: "boiler")
        let uid = try database.read { db in try String.fetchOne(db, sql: "SELECT uid FROM item WHERE id = ?", arguments: [id]) }
        let reminder = try database.reminderDate(ofItem: id)
        expectEqual(reminder, Fixed.date("2026-11-24 09:00"))

        try database.apply(.moveItem(id: id, toChecklistID: home), now: now)
        let moved = try #require(try database.item(id: id))
        expectEqual(moved.checklistID, home)
        #expect(moved.dueDate == Fixed.date("2026-11-24 09:00") && moved.shouldRemind && moved.note == "boiler")
        try expectEqual(database.reminderDate(ofItem: id), reminder)
        #expect(try database.read { db in try String.fetchOne(db, sql: "SELECT uid FROM item WHERE id = ?", arguments: [id]) } == uid)
        try expectEqual(addedOrder(database, list: home), ["Fix the shelf", "Call the plumber"])
        try expectEqual(database.checklistSummaries().map(\.detail), ["2 Remaining", "(No Items)"])   // Home, List
    }

    @Test("a move to a list or of an item that does not exist is refused and changes nothing")
    func moveRefused() throws {
        let database = try open()
        let id = try add(database, 1, "Milk")
        #expect(throws: StorageError.notFound(what: "the list")) { try database.apply(.moveItem(id: id, toChecklistID: 99), now: now) }
        #expect(throws: StorageError.notFound(what: "the item")) { try database.apply(.moveItem(id: 99, toChecklistID: 1), now: now) }
        try expectEqual(database.item(id: id)?.checklistID, 1)
    }

    @Test("swapping positions reorders the order added, is kept across a restart, and the index of an item follows")
    func swapIsKept() throws {
        do {
            let database = try open()
            let a = try add(database, 1, "a"), b = try add(database, 1, "b"), c = try add(database, 1, "c")
            try database.apply(.swapPositions(itemID: c, otherItemID: b), now: now)     // K on c
            try expectEqual(addedOrder(database, list: 1), ["a", "c", "b"])
            try database.apply(.swapPositions(itemID: a, otherItemID: c), now: now)     // J on a
            try expectEqual(addedOrder(database, list: 1), ["c", "a", "b"])
            try expectEqual(database.index(ofItem: a, sortOrder: .added), 1)
            try expectEqual(database.index(ofItem: b, sortOrder: .added), 2)
        }
        // Another process, another start: the order is in the file.
        let reopened = try open()
        try expectEqual(addedOrder(reopened, list: 1), ["c", "a", "b"])
        // The other orders do not care.
        try expectEqual(reopened.itemsPage(checklistID: 1, sortOrder: .text, offset: 0, limit: 10).items.map(\.text), ["a", "b", "c"])
    }

    @Test("equal positions (another version's file) are told apart by id, and a swap still moves the item")
    func swapWithEqualPositions() throws {
        let database = try open()
        let a = try add(database, 1, "a"), b = try add(database, 1, "b"), c = try add(database, 1, "c")
        try database.write { db in try db.execute(sql: "UPDATE item SET position = 5") }
        try expectEqual(addedOrder(database, list: 1), ["a", "b", "c"])
        try database.apply(.swapPositions(itemID: b, otherItemID: a), now: now)
        try expectEqual(addedOrder(database, list: 1), ["b", "a", "c"])
        try database.apply(.swapPositions(itemID: b, otherItemID: a), now: now)
        try expectEqual(addedOrder(database, list: 1), ["a", "b", "c"])
        _ = c
    }
}
