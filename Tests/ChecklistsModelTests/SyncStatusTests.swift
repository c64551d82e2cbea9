import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// How the last sync ended, and what waits to be sent, on a real file.
@Suite("Sync status and unsynced changes on a real database file")
struct SyncStatusTests {
    let folder = TemporaryFolder()

    private func open() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("status.sqlite"), createsFolder: false))
    }

    @Test("no sync yet reads nil; a success, then a failure with its few words, read back after reopening")
    func status() throws {
        defer { folder.remove() }
        #expect(try open().syncStatus() == nil)
        try open().recordSyncStatus(SyncStatus(at: Fixed.date("2026-11-21 10:05")))
        try expectEqual(open().syncStatus(), SyncStatus(at: Fixed.date("2026-11-21 10:05")))
        try open().recordSyncStatus(SyncStatus(at: Fixed.date("2026-11-21 10:20"), error: "server unreachable"))
        try expectEqual(open().syncStatus(), SyncStatus(at: Fixed.date("2026-11-21 10:20"), error: "server unreachable"))
        try open().recordSyncStatus(SyncStatus(at: Fixed.date("2026-11-21 10:35")))
        #expect(try open().syncStatus()?.error == nil)
    }

    @Test("what waits to be sent: a new list and item, then nothing once synced, then an edit or a delete")
    func unsynced() throws {
        defer { folder.remove() }
        let database = try open()
        let list = try #require(database.checklists().first)
        guard case let .item(id) = try database.apply(.addItem(checklistID: list.id, ItemDraft(text: "Milk", dueDate: nil)), now: Fixed.now) else {
            Issue.record("no item"); return
        }
        let fresh = try database.unsyncedChanges()
        #expect(fresh.changedItems == 1 && fresh.listsWithoutCalendar == 1 && fresh.deletedItems == 0)

        let entry = try database.syncContents(checklistID: list.id, calendarURL: "/cal/").entries[0]
        try database.commitSync(SyncCommit(calendars: [
            SyncCommit.CalendarChanges(url: "/cal/", list: .existing(list.id), syncToken: nil, states: [
                ItemSyncState(uid: entry.uid, href: "/cal/a.ics", etag: "\"1\"", base: "", syncedModifiedAt: entry.modifiedAt),
            ]),
        ]), now: Fixed.now)
        try expectEqual(database.unsyncedChanges(), UnsyncedChanges())
        #expect(try database.unsyncedChanges().isEmpty)

        try database.apply(.updateItem(id: id, ItemDraft(text: "Oat milk", dueDate: nil)), now: Fixed.now.addingTimeInterval(60))
        let edited = try database.unsyncedChanges()
        #expect(edited.changedItems == 1 && !edited.isEmpty)
        try database.apply(.updateItem(id: id, ItemDraft(text: "Soy milk", dueDate: nil)), now: Fixed.now.addingTimeInterval(120))
        #expect(try database.unsyncedChanges() != edited, "a second edit of a waiting item is another value")
        try database.apply(.deleteItem(id: id), now: Fixed.now.addingTimeInterval(180))
        try expectEqual(database.unsyncedChanges(), UnsyncedChanges(deletedItems: 1))
    }
}
