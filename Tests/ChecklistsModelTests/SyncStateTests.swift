import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

@Suite("Sync state on a real database file")
struct SyncStateTests {
    let folder = TemporaryFolder()

    private func open() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("sync.sqlite"), createsFolder: false))
    }

    private func state(_ uid: String, modified: Date?) -> ItemSyncState {
        ItemSyncState(uid: uid, href: "/cal/\(uid).ics", etag: "\"1\"", base: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", syncedModifiedAt: modified)
    }

    @Test("a commit makes the list, its items and their states, under the reminder rule; reopening reads them back")
    func commitAndReadBack() throws {
        defer { folder.remove() }
        let database = try open()
        let due = Fixed.date("2026-11-24 09:00")
        let pending = CalendarFields(uid: "a", text: "Pending", dueDate: due, shouldRemind: true)
        let checked = CalendarFields(uid: "b", text: "Checked", dueDate: due, isChecked: true, shouldRemind: true)
        let modified = Fixed.date("2026-11-21 09:00")
        let writes = [pending, checked].map {
            SyncCommit.ItemWrite(fields: $0, object: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", modifiedAt: modified, completedAt: nil,
                                 readModifiedAt: nil, state: state($0.uid, modified: modified))
        }
        try database.commitSync(SyncCommit(calendars: [
            SyncCommit.CalendarChanges(url: "/cal/", list: .new(name: "Shared"), syncToken: "t1", writes: writes),
        ]), now: Fixed.now)

        let reopened = try open()
        let calendars = try reopened.syncCalendars()
        #expect(calendars.map(\.url) == ["/cal/"] && calendars[0].syncToken == "t1")
        let contents = try reopened.syncContents(checklistID: calendars[0].checklistID, calendarURL: "/cal/")
        expectEqual(contents.entries.map(\.item.text), ["Pending", "Checked"])
        // A pulled check-off has nothing pending.
        #expect(try contents.entries.map { try reopened.pendingReminders(ofItem: $0.item.id) } == [[.atDue: due], [:]])
        #expect(contents.states.map(\.uid) == ["a", "b"] && contents.states[0].syncedModifiedAt == modified)
        expectEqual(contents.entries[0].modifiedAt, modified)
    }

    @Test("the calendar's change tag is kept with its token, and a sync of a calendar unchanged there reads only the states it names")
    func changeTagAndNamedStates() throws {
        defer { folder.remove() }
        let database = try open()
        let modified = Fixed.date("2026-11-21 09:00")
        let writes = ["a", "b", "c"].map {
            SyncCommit.ItemWrite(fields: CalendarFields(uid: $0, text: "Item \($0)", dueDate: nil), object: "", modifiedAt: modified,
                                 completedAt: nil, readModifiedAt: nil, state: state($0, modified: modified))
        }
        try database.commitSync(SyncCommit(calendars: [
            SyncCommit.CalendarChanges(url: "/cal/", list: .new(name: "Shared"), syncToken: "t1", changeTag: "\"ctag-1\"", writes: writes),
        ]), now: Fixed.now)
        let reopened = try open()
        let calendar = try #require(reopened.syncCalendars().first)
        #expect(calendar.syncToken == "t1" && calendar.changeTag == "\"ctag-1\"")
        try expectEqual(reopened.syncStates(calendarURL: "/cal/").states.map(\.uid), ["a", "b", "c"])
        try expectEqual(reopened.syncStates(calendarURL: "/cal/", uids: ["c", "x"], hrefs: ["/cal/a.ics", "/cal/y.ics"]).states.map(\.uid), ["a", "c"])
        #expect(try reopened.syncStates(calendarURL: "/cal/", uids: []).states.isEmpty)

        // A later sync that read no tag (a server without one) forgets it.
        try reopened.commitSync(SyncCommit(calendars: [
            SyncCommit.CalendarChanges(url: "/cal/", list: .existing(calendar.checklistID ?? 0), syncToken: "t2"),
        ]), now: Fixed.now)
        try expectEqual(reopened.syncCalendars(), [SyncCalendarState(url: "/cal/", checklistID: calendar.checklistID, syncToken: "t2")])
    }

    @Test("an item changed here while the sync ran is left alone, its state too; a list deleted keeps its calendar, unlinked")
    func changedMeanwhile() throws {
        defer { folder.remove() }
        let database = try open()
        let list = try #require(database.checklists().first)
        let id = try #require({ if case let .item(id) = try database.apply(.addItem(checklistID: list.id, ItemDraft(text: "Milk", dueDate: nil)), now: Fixed.now) { id } else { nil } }())
        let read = try database.syncContents(checklistID: list.id, calendarURL: "/cal/").entries[0]
        try database.apply(.updateItem(id: id, ItemDraft(text: "Oat milk", dueDate: nil)), now: Fixed.now.addingTimeInterval(60))
        var fields = read.calendarFields
        fields.text = "Soy milk"
        let skipped = try database.commitSync(SyncCommit(calendars: [
            SyncCommit.CalendarChanges(url: "/cal/", list: .existing(list.id), syncToken: nil, writes: [
                SyncCommit.ItemWrite(fields: fields, object: "", modifiedAt: Fixed.now, completedAt: nil, readModifiedAt: read.modifiedAt,
                                     state: state(read.uid, modified: Fixed.now)),
            ]),
        ]), now: Fixed.now)
        expectEqual(skipped, [read.uid])
        try expectEqual(database.item(id: id)?.text, "Oat milk")
        #expect(try database.syncContents(checklistID: list.id, calendarURL: "/cal/").states.isEmpty)

        try database.apply(.deleteChecklist(id: list.id), now: Fixed.now)
        try expectEqual(database.syncCalendars(), [SyncCalendarState(url: "/cal/", checklistID: nil, syncToken: nil)])
    }


    @Test("a sync commit of more new to-dos than one statement takes: every item, in order, with its state, counts and search entry")
    func manyNewItems() throws {
        defer { folder.remove() }
        let database = try open()
        let count = 1_203
        let modified = Fixed.date("2026-11-21 09:00")
        let writes = (1...count).map { index in
            SyncCommit.ItemWrite(fields: CalendarFields(uid: "u\(index)", text: "To-do \(index) qz\(index)k", dueDate: nil, isChecked: index % 4 == 0),
                                 object: "", modifiedAt: modified, completedAt: nil, readModifiedAt: nil,
                                 state: state("u\(index)", modified: modified))
        }
        try database.commitSync(SyncCommit(calendars: [
            SyncCommit.CalendarChanges(url: "/cal/", list: .new(name: "Shared"), syncToken: "t1", writes: writes),
        ]), now: Fixed.now)
        let list = try #require(database.syncCalendars().first?.checklistID)
        let items = try database.syncContents(checklistID: list, calendarURL: "/cal/")
        expectEqual(items.entries.map(\.uid), (1...count).map { "u\($0)" })
        expectEqual(items.entries.map(\.item.position), (1...count).map(Int64.init))
        expectEqual(items.states.count, count)
        let summary = try #require(database.checklistSummaries().first { $0.checklist.id == list })
        #expect(summary.itemCount == count && summary.remainingCount == count - count / 4)
        for index in [1, 500, 501, 1_000, 1_001, count] {
            try expectEqual(database.search(SearchQuery("qz\(index)k")!, limit: 5).items.map(\.item.text), ["To-do \(index) qz\(index)k"])
        }
    }
    @Test("a sync is in the history as the sync's; undoing it, or undoing a delete of a synced list, is a change made here for the next sync")
    func undoIsALocalChange() throws {
        defer { folder.remove() }
        let database = try open()
        let modified = Fixed.date("2026-11-21 09:00")
        let fields = CalendarFields(uid: "a", text: "Milk", dueDate: nil)
        try database.commitSync(SyncCommit(calendars: [
            SyncCommit.CalendarChanges(url: "/cal/", list: .new(name: "Shared"), syncToken: "t1", writes: [
                SyncCommit.ItemWrite(fields: fields, object: "", modifiedAt: modified, completedAt: nil, readModifiedAt: nil,
                                     state: state("a", modified: modified)),
            ]),
        ]), now: Fixed.now)
        let entry = try #require(database.history().first)
        expectEqual(entry.origin, .sync)
        expectEqual(entry.description, "sync with the server: 1 item")

        let list = try #require(database.syncCalendars().first?.checklistID)
        try database.apply(.deleteChecklist(id: list), now: Fixed.now)
        let later = Fixed.now.addingTimeInterval(600)
        #expect(try database.step(.undo, now: later) != .nothing(.undo))
        // Linked again, and the item's stamp differs from the synced one: the next sync sends it.
        try expectEqual(database.syncCalendars(), [SyncCalendarState(url: "/cal/", checklistID: list, syncToken: "t1")])
        let contents = try database.syncContents(checklistID: list, calendarURL: "/cal/")
        expectEqual(contents.entries.map(\.item.text), ["Milk"])
        #expect(contents.entries[0].modifiedAt == later && contents.states[0].syncedModifiedAt == modified)
    }
}
