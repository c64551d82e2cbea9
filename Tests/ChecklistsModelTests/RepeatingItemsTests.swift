import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// Repeating items on a real SQLite file: checking one off is one change
/// that moves its due date, keeps it open and re-arms its reminder.
@Suite("Repeating items on a real SQLite file")
struct RepeatingItemsTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // Saturday 2026-11-21 10:30 UTC

    func database(zone: String = "UTC") throws -> ChecklistsDatabase {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("test.sqlite"), createsFolder: false),
                                           options: .init(busyTimeout: 1, calendar: calendar))
    }

    func add(_ database: ChecklistsDatabase, _ draft: ItemDraft) throws -> Int64 {
        guard case let .item(id) = try database.apply(.addItem(checklistID: 1, draft), now: now) else {
            Issue.record("no item id")
            return 0
        }
        return id
    }

    @Test("checking off a repeating item moves it to the next occurrence, keeps it open, re-arms the reminder and records when")
    func checkOffMoves() throws {
        let database = try database()
        let id = try add(database, ItemDraft(text: "water the plants", dueDate: Fixed.date("2026-11-21 09:00"), shouldRemind: true,
                                             recurrence: .days(1)))
        #expect(try database.reminderDate(ofItem: id) == nil)   // 09:00 has passed
        try database.apply(.setChecked(itemID: id, true), now: now)
        let item = try #require(try database.item(id: id))
        expectEqual(item.isChecked, false)
        expectEqual(item.dueDate, Fixed.date("2026-11-22 09:00"))
        expectEqual(item.lastDoneAt, now)
        expectEqual(item.recurrence, .days(1))
        expectEqual(item.repeatStart, Fixed.date("2026-11-21 09:00"))
        try expectEqual(database.reminderDate(ofItem: id), Fixed.date("2026-11-22 09:00"))
        try expectEqual(database.checklistSummaries()[0].detail, "1 Remaining")
        // Done again, early: the occurrence after the new due date.
        try database.apply(.setChecked(itemID: id, true), now: now)
        try expectEqual(database.item(id: id)?.dueDate, Fixed.date("2026-11-23 09:00"))
        folder.remove()
    }

    @Test("monthly from Jan 31 goes Feb 28, Mar 31: the series start is kept through check-offs and text edits")
    func monthEnds() throws {
        let database = try database()
        let id = try add(database, ItemDraft(text: "rent", dueDate: Fixed.date("2026-01-31 09:00"), recurrence: .monthly))
        try database.apply(.setChecked(itemID: id, true), now: Fixed.date("2026-01-31 10:00"))
        try expectEqual(database.item(id: id)?.dueDate, Fixed.date("2026-02-28 09:00"))
        try database.apply(.updateItem(id: id, ItemDraft(text: "pay rent", dueDate: Fixed.date("2026-02-28 09:00"), recurrence: .monthly)),
                           now: Fixed.date("2026-02-01 10:00"))
        try database.apply(.setChecked(itemID: id, true), now: Fixed.date("2026-02-27 10:00"))
        try expectEqual(database.item(id: id)?.dueDate, Fixed.date("2026-03-31 09:00"))
        // A due date set by hand starts the series again from it.
        try database.apply(.updateItem(id: id, ItemDraft(text: "pay rent", dueDate: Fixed.date("2026-04-15 09:00"), recurrence: .monthly)),
                           now: Fixed.date("2026-03-01 10:00"))
        try database.apply(.setChecked(itemID: id, true), now: Fixed.date("2026-04-15 10:00"))
        try expectEqual(database.item(id: id)?.dueDate, Fixed.date("2026-05-15 09:00"))
        folder.remove()
    }

    @Test("daily at 09:00 in New York stays at 09:00 local across the spring change")
    func dst() throws {
        let database = try database(zone: "America/New_York")
        let start = Fixed.date("2026-03-07 14:00")   // 09:00 EST
        let id = try add(database, ItemDraft(text: "walk", dueDate: start, recurrence: .days(1)))
        try database.apply(.setChecked(itemID: id, true), now: start)
        try expectEqual(database.item(id: id)?.dueDate, Fixed.date("2026-03-08 13:00"))   // 09:00 EDT
        folder.remove()
    }

    @Test("a repeat needs a due date: without one it is not stored, and checking off checks the item off")
    func repeatNeedsDate() throws {
        let database = try database()
        let id = try add(database, ItemDraft(text: "someday", dueDate: nil, recurrence: .weeks(1)))
        #expect(try database.item(id: id)?.recurrence == nil)
        try database.apply(.setChecked(itemID: id, true), now: now)
        try expectEqual(database.item(id: id)?.isChecked, true)
        let dated = try add(database, ItemDraft(text: "bins", dueDate: Fixed.date("2026-11-23 07:00"), recurrence: .weeks(1)))
        try database.apply(.updateItem(id: dated, ItemDraft(text: "bins", dueDate: nil, recurrence: .weeks(1))), now: now)
        let cleared = try #require(try database.item(id: dated))
        #expect(cleared.recurrence == nil)
        #expect(cleared.repeatStart == nil)
        folder.remove()
    }
}
