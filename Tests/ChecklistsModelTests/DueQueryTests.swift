import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// What is due across every list: the Due view, `list --due` and `status`
/// read these, and the overdue timer is armed from `nextOverdueDate`.
@Suite("Due items across lists, on a real SQLite file")
struct DueQueryTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // 2026-11-21 10:30 UTC

    func add(_ database: ChecklistsDatabase, _ list: Int64, _ text: String, _ due: String, checked: Bool = false) throws {
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: Fixed.date(due))), now: now) else {
            Issue.record("adding \(text) returned no id")
            return
        }
        if checked { try database.apply(.setChecked(itemID: id, true), now: now) }
    }

    @Test("pending items due before a moment come earliest first, from every list, with the list's name; checked ones never")
    func pendingAcrossLists() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let home = try database.checklistSummaries()[0].id
        guard case let .checklist(work) = try database.apply(.addChecklist(name: "Work", icon: .folder), now: Fixed.now) else {
            Issue.record("no list id"); return
        }
        try add(database, home, "bins", "2026-11-20 08:00")
        try add(database, work, "report", "2026-11-21 17:00")
        try add(database, work, "filed", "2026-11-21 09:00", checked: true)
        try add(database, home, "party", "2026-11-28 20:00")
        let endOfToday = Fixed.date("2026-11-22 00:00")
        let due = try database.pendingItems(dueBefore: endOfToday, startedBy: Fixed.now, limit: 10)
        expectEqual(due.map(\.item.text), ["bins", "report"])
        expectEqual(due.map(\.checklistName), ["List", "Work"])
        try expectEqual(database.pendingItems(dueBefore: endOfToday, startedBy: Fixed.now, limit: 1).map(\.item.text), ["bins"])
        try expectEqual(database.pendingCount(dueFrom: nil, before: now, startedBy: Fixed.now), 1)
        try expectEqual(database.pendingCount(dueFrom: now, before: endOfToday, startedBy: Fixed.now), 1)
        try expectEqual(database.pendingCount(dueFrom: nil, before: Fixed.date("2027-01-01 00:00"), startedBy: Fixed.now), 3)
        folder.remove()
    }

    @Test("the next overdue moment is the earliest pending due date strictly after now, and moves when items change")
    func nextOverdue() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        #expect(try database.nextOverdueDate(after: now) == nil)
        try add(database, list, "late already", "2026-11-21 09:00")
        try add(database, list, "at 11", "2026-11-21 11:00")
        try add(database, list, "at noon", "2026-11-21 12:00")
        try expectEqual(database.nextOverdueDate(after: now), Fixed.date("2026-11-21 11:00"))
        // At 11:00 exactly the 11:00 item is overdue, so the next moment is noon.
        try expectEqual(database.nextOverdueDate(after: Fixed.date("2026-11-21 11:00")), Fixed.date("2026-11-21 12:00"))
        let eleven = try database.pendingItems(dueBefore: Fixed.date("2026-11-21 11:01"), startedBy: Fixed.now, limit: 5).last!.item.id
        try database.apply(.setChecked(itemID: eleven, true), now: now)
        try expectEqual(database.nextOverdueDate(after: now), Fixed.date("2026-11-21 12:00"))
        folder.remove()
    }
}

extension DueQueryTests {
    @Test("a capped count stops at the cap")
    func cappedCount() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        for minute in 0..<5 { try add(database, list, "late \(minute)", "2026-11-21 0\(minute):00") }
        try expectEqual(database.pendingCount(dueFrom: nil, before: now, startedBy: Fixed.now), 5)
        try expectEqual(database.pendingCount(dueFrom: nil, before: now, startedBy: Fixed.now, upTo: 3), 3)
        folder.remove()
    }
}
