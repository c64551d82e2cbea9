import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// Priority on real SQLite files: v15 on a database of v14, stored and
/// changed, the one-key change, and the "by priority" sort paged and
/// counted on its index.
@Suite("Priority on a real SQLite file")
struct PriorityTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // 2026-11-21 10:30 UTC

    func open(_ name: String = "test.sqlite") throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file(name), createsFolder: false), options: .init(busyTimeout: 1))
    }

    @discardableResult
    func add(_ database: ChecklistsDatabase, _ list: Int64, _ text: String, due: String? = nil, priority: Priority = .none) throws -> Int64 {
        let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, priority: priority)
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: now) else {
            Issue.record("adding \(text) returned no id")
            return 0
        }
        return id
    }

    @Test("iCalendar's PRIORITY reads as RFC 5545 says: 1-4 high, 5 medium, 6-9 low, 0, none or nonsense none; we write 1, 5, 9")
    func levels() {
        let read = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "high", " 5"].map { Priority(icalendar: $0) }
        expectEqual(read, [.none, .high, .high, .high, .high, .medium, .low, .low, .low, .low, .none, .none, .medium])
        expectEqual(Priority.allCases.map(\.icalendarValue), [nil, "9", "5", "1"])
        expectEqual(Priority.allCases.map(\.mark), ["", "!", "!!", "!!!"])
        expectEqual(Priority.allCases.map(\.next), [.low, .medium, .high, .none])
    }

    @Test("v15 on a database of v14: items have no priority, and another app's PRIORITY kept in an imported object becomes the item's")
    func migratesFromVersion14() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try olderDatabase(at: path, upTo: "v14: calendar deleted on the server")
            func object(_ priority: String) -> String {
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:x\r\n\(priority)"
                    + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nPRIORITY:1\r\nTRIGGER;RELATED=END:PT0S\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            }
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List');
                    INSERT INTO item (id, checklistID, text, uid) VALUES (1, 1, 'mine', 'u1'), (2, 1, 'two', 'u2'), (3, 1, 'seven', 'u3'),
                                                                         (4, 1, 'alarm only', 'u4');
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
                try db.execute(sql: "UPDATE item SET calendarObject = ? WHERE id = 2", arguments: [object("PRIORITY:2\r\n")])
                try db.execute(sql: "UPDATE item SET calendarObject = ? WHERE id = 3", arguments: [object("PRIORITY:7\r\n")])
                // Only the alarm has one (not the to-do's): none.
                try db.execute(sql: "UPDATE item SET calendarObject = ? WHERE id = 4", arguments: [object("")])
            }
        }
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
        #expect(try (1...4).map { try database.item(id: $0)?.priority } == [Priority.none, .high, .low, Priority.none])
    }

    @Test("a priority is stored with the item, changed by an edit and by the one-key change; the same level again changes nothing")
    func storedAndChanged() throws {
        let database = try open()
        let list = try database.checklists()[0].id
        let id = try add(database, list, "Call the bank", priority: .medium)
        try expectEqual(database.item(id: id)?.priority, .medium)
        try database.apply(.updateItem(id: id, ItemDraft(text: "Call the bank", dueDate: nil, priority: .low)), now: now)
        try expectEqual(database.item(id: id)?.priority, .low)
        try database.apply(.setPriority(itemID: id, .high), now: now)
        try expectEqual(open().item(id: id)?.priority, .high)
        let stamp = { try database.read { db in try Int64.fetchOne(db, sql: "SELECT modifiedAt FROM item WHERE id = ?", arguments: [id]) } }
        let before = try stamp()
        try database.apply(.setPriority(itemID: id, .high), now: now.addingTimeInterval(60))
        try expectEqual(stamp(), before)
        #expect(throws: StorageError.notFound(what: "the item")) { try database.apply(.setPriority(itemID: 999, .high), now: now) }
    }

    @Test("by priority: high first, then by due date (undated last), then id; pages read either way and the place of each item agree")
    func sortedByPriority() throws {
        let database = try open()
        let list = try database.checklists()[0].id
        try add(database, list, "low late", due: "2026-12-05 09:00", priority: .low)
        try add(database, list, "none early", due: "2026-11-22 09:00")
        try add(database, list, "high undated", priority: .high)
        try add(database, list, "high late", due: "2026-12-01 09:00", priority: .high)
        try add(database, list, "medium", due: "2026-11-30 09:00", priority: .medium)
        try add(database, list, "high early", due: "2026-11-25 09:00", priority: .high)
        try add(database, list, "none undated")
        let expected = ["high early", "high late", "high undated", "medium", "low late", "none early", "none undated"]
        let page = try database.itemsPage(checklistID: list, sortOrder: .priority, offset: 0, limit: 100)
        expectEqual(page.items.map(\.text), expected)
        // From the end, as End on a long list reads it (backwards).
        let tail = try database.itemsPage(checklistID: list, sortOrder: .priority, offset: 5, limit: 2)
        expectEqual(tail.items.map(\.text), ["none early", "none undated"])
        for (place, item) in page.items.enumerated() {
            try expectEqual(database.index(ofItem: item.id, sortOrder: .priority), place, "\(item.text)")
        }
        let plan = try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM item WHERE checklistID = ? ORDER BY \(ChecklistsDatabase.orderBy(.priority, descending: false)) LIMIT 10",
                             arguments: [list]).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("item_by_checklist_priority") && !plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
