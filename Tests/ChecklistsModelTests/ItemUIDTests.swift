import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

@Suite("Item UIDs")
struct ItemUIDTests {
    let folder = TemporaryFolder()

    @Test("the migration gives every existing item its own random UUID, kept from then on; new items get one too")
    func migrationGivesUIDs() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "v6: checked items hidden per list")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List');
                    INSERT INTO item (id, checklistID, text, dueAt) VALUES (1, 1, 'milk', NULL), (2, 1, 'eggs', 1795338000);
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
            }
        }
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        let uids = try database.snapshot().lists[0].items.map(\.uid)
        #expect(uids.count == 2 && Set(uids).count == 2)
        for uid in uids {
            #expect(UUID(uuidString: uid) != nil, "\(uid)")
            expectEqual(uid.dropFirst(14).first, "4")   // version 4
        }
        try database.apply(.updateItem(id: 1, ItemDraft(text: "oat milk", dueDate: nil)), now: Fixed.now)
        try database.apply(.addItem(checklistID: 1, ItemDraft(text: "bread", dueDate: nil)), now: Fixed.now)
        let after = try database.snapshot().lists[0].items
        expectEqual(Array(after.map(\.uid).prefix(2)), uids)
        #expect(UUID(uuidString: after[2].uid) != nil && !uids.contains(after[2].uid))
        expectEqual(after[0].modifiedAt, Fixed.now)
        folder.remove()
    }

    @Test("put calendar items: a known UID is updated and moved, a new one added, and the reminder rule decides what is pending")
    func putCalendarItems() throws {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("db.sqlite"), createsFolder: false))
        let due = Fixed.now.addingTimeInterval(3600)
        let item = { (uid: String, text: String, checked: Bool) in
            CalendarItem(fields: CalendarFields(uid: uid, text: text, dueDate: due, isChecked: checked, shouldRemind: true),
                         object: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", completedAt: nil)
        }
        try database.apply(.putCalendarItems(listName: "Inbox", [item("a", "one", false), item("b", "two", true)]), now: Fixed.now)
        try database.apply(.putCalendarItems(listName: "Other", [item("a", "one again", false)]), now: Fixed.now)
        let lists = try database.snapshot().lists
        expectEqual(lists.map(\.checklist.name), ["List", "Inbox", "Other"])
        expectEqual(lists[1].items.map(\.uid), ["b"])
        #expect(lists[1].items[0].remindAt == nil)          // checked: nothing pending
        expectEqual(lists[1].items[0].completedAt, Fixed.now)
        expectEqual(lists[2].items.map(\.item.text), ["one again"])
        expectEqual(lists[2].items[0].remindAt, due)
        expectEqual(lists[2].items[0].calendarObject, "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        folder.remove()
    }
}
