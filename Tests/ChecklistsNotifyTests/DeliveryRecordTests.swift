import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The notifier's two database calls on a real SQLite file: reading what is
/// due without claiming it, and recording it delivered afterwards.
@Suite("Reading and recording deliveries")
struct DeliveryRecordTests {
    @Test("due reminders are read, not cleared; recording clears them as a claim would")
    func readThenRecord() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        let due = Fixed.date("2026-11-21 11:00")
        _ = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Call the bank", dueDate: due, shouldRemind: true)), now: Fixed.now)
        let at = Fixed.date("2026-11-21 11:00")
        let found = try database.dueReminders(now: at)
        expectEqual(found.map(\.item.text), ["Call the bank"])
        try expectEqual(database.dueReminders(now: at).count, 1)
        try database.recordDelivered(found)
        #expect(try database.dueReminders(now: at).isEmpty)
        // The app claiming next finds nothing: it is not shown again as missed.
        #expect(try database.claimDueReminders(now: at).isEmpty)
    }

    @Test("a snooze made between the read and the record stands")
    func snoozeMeanwhile() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        let due = Fixed.date("2026-11-21 11:00")
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Call", dueDate: due, shouldRemind: true)),
                                                      now: Fixed.now) else { Issue.record("no item"); return }
        let found = try database.dueReminders(now: due)
        let later = due.addingTimeInterval(300)
        _ = try database.apply(.snooze(itemID: id, until: later), now: due)
        try database.recordDelivered(found)
        try expectEqual(database.reminderDate(ofItem: id), later)
    }
}
