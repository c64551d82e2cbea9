import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

/// The lists in the user's order, on real SQLite files: v23 on a file of
/// v22 keeps the name order, J/K moves (and the switch a first move in
/// name order makes), a new list last however it is made, a delete and its
/// undo, `s`, each one undo step, and the choice kept across a reopen.
@Suite("v23: lists in your order, on a real SQLite file")
struct ListOrderStorageTests {
    let folder = TemporaryFolder()
    let now = Fixed.now

    func names(_ database: ChecklistsDatabase) throws -> [String] {
        try database.checklistSummaries().map(\.checklist.name)
    }

    @discardableResult
    func addList(_ database: ChecklistsDatabase, _ name: String) throws -> Int64 {
        guard case let .checklist(id) = try database.apply(.addChecklist(name: name, icon: .none), now: now) else {
            Issue.record("adding \(name) returned no id")
            return 0
        }
        return id
    }

    /// A database whose lists, made in this order, are "Work", "List 10",
    /// "List 2" and "errands" (the start's "List" deleted).
    func fourLists() throws -> (ChecklistsDatabase, [String: Int64]) {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let first = try #require(try database.checklistSummaries().first?.id)
        var ids: [String: Int64] = [:]
        for name in ["Work", "List 10", "List 2", "errands"] { ids[name] = try addList(database, name) }
        try database.apply(.deleteChecklist(id: first), now: now)
        return (database, ids)
    }

    @Test("v23 on a file of v22: every list gets a place in today's name order (numbers by value, case ignored), by name still in force")
    func migratesInNameOrder() throws {
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let database = try migratedDatabase(at: path, upTo: "v22: parents other apps wrote") { db in
            try db.execute(sql: """
                INSERT INTO checklist (id, name) VALUES (1, 'Work'), (2, 'List 10'), (3, 'List 2'), (4, 'errands');
                INSERT INTO preference (key, value) VALUES ('initialized', '1');
                """)
        }
        try expectEqual(database.listOrder(), .byName)
        try expectEqual(names(database), ["errands", "List 2", "List 10", "Work"])
        // By hand, the places v23 gave are that same order.
        try database.apply(.setListOrder(.byHand), now: now)
        try expectEqual(names(database), ["errands", "List 2", "List 10", "Work"])
        let places = try database.read { db in try Int64.fetchAll(db, sql: "SELECT listPosition FROM checklist ORDER BY id") }
        expectEqual(places, [4, 3, 2, 1])
    }

    @Test("J in name order: the hand order becomes what was on screen, with only that list moved, and is put in force; K moves it back")
    func firstMoveSwitchesToHand() throws {
        defer { folder.remove() }
        let (database, ids) = try fourLists()
        try expectEqual(names(database), ["errands", "List 2", "List 10", "Work"])
        try database.apply(.moveList(id: try #require(ids["List 2"]), down: true), now: now)
        try expectEqual(database.listOrder(), .byHand)
        try expectEqual(names(database), ["errands", "List 10", "List 2", "Work"])
        try database.apply(.moveList(id: try #require(ids["List 2"]), down: false), now: now)
        try expectEqual(names(database), ["errands", "List 2", "List 10", "Work"])
        try database.apply(.moveList(id: try #require(ids["errands"]), down: true), now: now)
        try database.apply(.moveList(id: try #require(ids["errands"]), down: true), now: now)
        try expectEqual(names(database), ["List 2", "List 10", "errands", "Work"])
    }

    @Test("at either end nothing changes, not even the order in force, and no undo step is left")
    func endsChangeNothing() throws {
        defer { folder.remove() }
        let (database, ids) = try fourLists()
        let before = try database.history().count
        try database.apply(.moveList(id: try #require(ids["errands"]), down: false), now: now)
        try database.apply(.moveList(id: try #require(ids["Work"]), down: true), now: now)
        try expectEqual(database.listOrder(), .byName)
        try expectEqual(database.history().count, before)
        #expect(throws: StorageError.self) { try database.apply(.moveList(id: 9_999, down: true), now: now) }
    }

    @Test("a new list goes last by hand, from the app, an import and a sync alike; by name it sorts in")
    func newListLast() throws {
        defer { folder.remove() }
        let (database, ids) = try fourLists()
        try database.apply(.moveList(id: try #require(ids["Work"]), down: false), now: now)
        try expectEqual(names(database), ["errands", "List 2", "Work", "List 10"])
        try addList(database, "Alpha")
        // A list made by the calendar import (`putCalendarItems`), the way a sync makes one.
        try database.apply(.putCalendarItems(listName: "Books", []), now: now)
        try expectEqual(names(database), ["errands", "List 2", "Work", "List 10", "Alpha", "Books"])
        try database.apply(.setListOrder(.byName), now: now)
        try expectEqual(names(database), ["Alpha", "Books", "errands", "List 2", "List 10", "Work"])
        // The hand order is kept while the names order the lists.
        try database.apply(.setListOrder(.byHand), now: now)
        try expectEqual(names(database), ["errands", "List 2", "Work", "List 10", "Alpha", "Books"])
    }

    @Test("a delete leaves a gap the next move closes; its undo puts the list back in its place; a shared place is parted by name, then renumbered")
    func deleteAndUndo() throws {
        defer { folder.remove() }
        let (database, ids) = try fourLists()
        // Made after v23, the lists' places are the order they were made in.
        try database.apply(.setListOrder(.byHand), now: now)
        try expectEqual(names(database), ["Work", "List 10", "List 2", "errands"])
        try database.apply(.deleteChecklist(id: try #require(ids["List 2"])), now: now)
        try expectEqual(names(database), ["Work", "List 10", "errands"])
        try database.apply(.moveList(id: try #require(ids["errands"]), down: false), now: now)
        try expectEqual(names(database), ["Work", "errands", "List 10"])
        let places = try database.read { db in try Int64.fetchAll(db, sql: "SELECT listPosition FROM checklist ORDER BY listPosition") }
        expectEqual(places, [1, 2, 3])
        // Undo the move, then the delete: "List 2" is back third.
        _ = try database.step(.undo, now: now)
        _ = try database.step(.undo, now: now)
        try expectEqual(names(database), ["Work", "List 10", "List 2", "errands"])
        // Two lists on one place (as when an undo puts a list back on a
        // place taken since): their names part them, and a move renumbers.
        let late = try addList(database, "Late")
        _ = try database.write { db in
            try db.execute(sql: "UPDATE checklist SET listPosition = (SELECT listPosition FROM checklist WHERE name = 'List 10') WHERE id = ?",
                           arguments: [late])
        }
        try expectEqual(names(database), ["Work", "Late", "List 10", "List 2", "errands"])
        try database.apply(.moveList(id: late, down: true), now: now)
        try expectEqual(names(database), ["Work", "List 10", "Late", "List 2", "errands"])
        let renumbered = try database.read { db in try Int64.fetchAll(db, sql: "SELECT listPosition FROM checklist ORDER BY listPosition") }
        expectEqual(renumbered, [1, 2, 3, 4, 5])
    }

    @Test("each move and each switch is one undo step, described; redo does it again")
    func undoSteps() throws {
        defer { folder.remove() }
        let (database, ids) = try fourLists()
        try database.apply(.moveList(id: try #require(ids["List 10"]), down: false), now: now)
        try expectEqual(database.history().first?.description, "reorder list “List 10”")
        try database.apply(.setListOrder(.byName), now: now)
        try expectEqual(database.history().first?.description, "sort the lists by name")
        try expectEqual(names(database), ["errands", "List 2", "List 10", "Work"])
        _ = try database.step(.undo, now: now)
        try expectEqual(database.listOrder(), .byHand)
        try expectEqual(names(database), ["errands", "List 10", "List 2", "Work"])
        // The first move undone takes back both its parts: the places and the switch.
        _ = try database.step(.undo, now: now)
        try expectEqual(database.listOrder(), .byName)
        try expectEqual(names(database), ["errands", "List 2", "List 10", "Work"])
        // The places are back as they were before it: the order the lists were made in.
        try database.apply(.setListOrder(.byHand), now: now)
        try expectEqual(names(database), ["Work", "List 10", "List 2", "errands"])
        _ = try database.step(.undo, now: now)
        _ = try database.step(.redo, now: now)
        try expectEqual(database.listOrder(), .byHand)
    }

    @Test("the order in force and the hand order are kept across a reopen")
    func keptAcrossReopen() throws {
        defer { folder.remove() }
        do {
            let (database, ids) = try fourLists()
            try database.apply(.moveList(id: try #require(ids["Work"]), down: false), now: now)
        }
        let again = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(again.listOrder(), .byHand)
        try expectEqual(names(again), ["errands", "List 2", "Work", "List 10"])
    }
}
