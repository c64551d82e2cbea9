import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// A checklist's "hide checked items" is stored with the list, and pages and
/// places read with it leave checked items out, on the indexes.
@Suite("Storage: checked items hidden per list")
struct HideCheckedStorageTests {
    let folder = TemporaryFolder()

    @Test("pages and places without checked items, in every sort order; the total is the remaining count")
    func pagesWithoutChecked() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        var ids: [Int64] = []
        for number in 1...8 {
            let draft = ItemDraft(text: "Item \(number)", dueDate: Fixed.now.addingTimeInterval(Double(9 - number) * 3600))
            if case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: Fixed.now) { ids.append(id) }
        }
        for index in [1, 4, 5] { try database.apply(.setChecked(itemID: ids[index], true), now: Fixed.now) }
        try database.apply(.setHidesChecked(checklistID: list, true), now: Fixed.now)
        try expectEqual(database.checklistSummary(id: list)?.checklist.hidesChecked, true)
        try expectEqual(database.checklistSummary(id: list)?.shownCount, 5)

        let byDue = try database.itemsPage(checklistID: list, sortOrder: .dueDate, hidingChecked: true, offset: 1, limit: 3)
        expectEqual(byDue.items.map(\.text), ["Item 7", "Item 4", "Item 3"])
        expectEqual(byDue.totalCount, 5)
        // From the end, read backwards: the same rows as forwards.
        let end = try database.itemsPage(checklistID: list, sortOrder: .added, hidingChecked: true, offset: 3, limit: 5)
        expectEqual(end.items.map(\.text), ["Item 7", "Item 8"])
        let all = try database.itemsPage(checklistID: list, sortOrder: .text, offset: 0, limit: 10)
        #expect(all.totalCount == 8 && all.items.count == 8, "not hiding: everything, as before")

        try expectEqual(database.index(ofItem: ids[6], sortOrder: .dueDate, hidingChecked: true), 1)
        // A checked item: where it would stand, so the next one is selected.
        try expectEqual(database.index(ofItem: ids[4], sortOrder: .added, hidingChecked: true), 3)
        try expectEqual(database.index(ofItem: ids[4], sortOrder: .added), 4)

        try database.apply(.setHidesChecked(checklistID: list, false), now: Fixed.now)
        try expectEqual(database.checklistSummary(id: list)?.shownCount, 8)
        #expect(throws: StorageError.self) { try database.apply(.setHidesChecked(checklistID: 9_999, true), now: Fixed.now) }
    }
}
