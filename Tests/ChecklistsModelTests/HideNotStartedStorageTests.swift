import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// A checklist's "hide items not started" (v20) is stored with the list, on
/// the file, and pages, places and counts read with it leave out the items
/// not checked off that start after the moment given.
@Suite("Storage: items not started hidden per list")
struct HideNotStartedStorageTests {
    let folder = TemporaryFolder()

    @Test("the choice is kept on the file, per list; pages, places and counts leave out what starts after the moment given")
    func hiddenPerList() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        guard case let .checklist(other) = try database.apply(.addChecklist(name: "Other", icon: .none), now: Fixed.now) else {
            throw StorageError.notFound(what: "the new list")
        }
        var ids: [Int64] = []
        // Item 1 to 6, due an hour apart from 12:00; 2 starts at 11:00, 4 and 5 at 14:30, 5 is checked off.
        for number in 1...6 {
            let due = Fixed.date("2026-11-21 11:00").addingTimeInterval(Double(number) * 3600)
            let start: Date? = [2: Fixed.date("2026-11-21 11:00"), 4: Fixed.date("2026-11-21 14:30"),
                                5: Fixed.date("2026-11-21 14:30")][number]
            if case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Item \(number)", dueDate: due, startDate: start)),
                                                       now: Fixed.now) { ids.append(id) }
        }
        try database.apply(.setChecked(itemID: ids[4], true), now: Fixed.now)
        try database.apply(.setHidesNotStarted(checklistID: list, true), now: Fixed.now)

        // Another connection to the same file reads the choice; the other list keeps its own.
        let again = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(again.checklistSummary(id: list)?.checklist.hidesNotStarted, true)
        try expectEqual(again.checklistSummary(id: other)?.checklist.hidesNotStarted, false)

        // At 10:30 items 2 and 4 have not started (5 is checked off: a checked item is shown).
        let early = Fixed.now
        let summary = try #require(try again.checklistSummary(id: list, now: early))
        #expect(summary.hiddenNotStartedCount == 2 && summary.shownCount == 4 && summary.hiddenCount == 2)
        expectEqual(summary.detail, "5 Remaining", "N Remaining counts every open item")
        let page = try again.itemsPage(checklistID: list, sortOrder: .dueDate, hidingNotStartedAt: early, offset: 0, limit: 10)
        expectEqual(page.items.map(\.text), ["Item 1", "Item 3", "Item 5", "Item 6"])
        expectEqual(page.totalCount, 4)
        try expectEqual(again.index(ofItem: ids[5], sortOrder: .dueDate, hidingNotStartedAt: early), 3)
        try expectEqual(again.index(ofItem: ids[5], sortOrder: .added, hidingChecked: true, hidingNotStartedAt: early), 2)
        // Read from the end, backwards: the same rows.
        let end = try again.itemsPage(checklistID: list, sortOrder: .added, hidingNotStartedAt: early, offset: 3, limit: 5)
        expectEqual(end.items.map(\.text), ["Item 6"])

        // At 12:00 item 2 has started; at 15:00 all have.
        let noon = Fixed.date("2026-11-21 12:00")
        try expectEqual(again.checklistSummary(id: list, now: noon)?.shownCount, 5)
        try expectEqual(again.checklistSummary(id: list, now: Fixed.date("2026-11-21 15:00"))?.shownCount, 6)
        // Without a moment, or while the list shows them, nothing is left out.
        try expectEqual(again.checklistSummary(id: list)?.shownCount, 6)
        try again.apply(.setHidesNotStarted(checklistID: list, false), now: Fixed.now)
        try expectEqual(database.checklistSummary(id: list, now: early)?.shownCount, 6)
        #expect(throws: StorageError.self) { try database.apply(.setHidesNotStarted(checklistID: 9_999, true), now: Fixed.now) }
    }

    @Test("the wake plan takes the next start when it is the earliest moment")
    func wakeAtTheStart() {
        let calendar = Fixed.style.dayCalendar
        let start = Fixed.date("2026-11-21 14:00")
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: Fixed.date("2026-11-21 16:00"), nextOverdue: nil,
                                                                   nextStart: start), calendar: calendar), start)
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: nil, nextOverdue: nil), calendar: calendar), Fixed.date("2026-11-22 00:00"))
    }
}
