import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// What the reducer fuzzer (`checklists-stress fuzz`) found, each as the
/// smallest story that showed it, on a real database.
@Suite("Fuzzer findings")
struct FuzzFindingsTests {
    let folder = TemporaryFolder()

    func makeStore() throws -> Store {
        let store = Store(state: AppState(context: Fixed.context, width: 70, height: 16, now: Fixed.now),
                          database: try ChecklistsDatabase.temporary(in: folder))
        store.start(now: Fixed.now)
        return store
    }

    /// Another connection to the store's file, as another process has.
    func otherConnection() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.temporary(in: folder)
    }

    func addItem(_ text: String, due: Date, to store: Store) throws -> Int64 {
        guard case let .item(id) = try otherConnection().apply(.addItem(checklistID: 1, ItemDraft(text: text, dueDate: due)), now: Fixed.now) else {
            throw StorageError.notFound(what: "the new item")
        }
        return id
    }

    @Test("after leaving a list, Space in the Due view checks the item and the home screen stays in front")
    func dueViewAfterLeavingAList() throws {
        let store = try makeStore()
        let id = try addItem("Pay rent", due: Fixed.now.addingTimeInterval(-3_600), to: store)
        store.send(.key(.enter))   // open "List"
        store.send(.key(.escape))  // and leave it
        store.send(.key(.home))
        expectEqual(store.state.allLists.selectedDueItem?.id, id)
        store.send(.key(.character(" ")))
        expectEqual(store.state.route, .allLists)
        #expect(store.state.screen.checklist == nil)
        try expectEqual(otherConnection().item(id: id)?.isChecked, true)
        #expect(store.state.allLists.due.items.isEmpty)
        folder.remove()
    }

    @Test("opening the reminder of an item deleted since says so, and nothing waits for it")
    func openDeletedReminder() throws {
        let store = try makeStore()
        let id = try addItem("Call Ann", due: Fixed.now, to: store)
        let item = try #require(try otherConnection().item(id: id))
        try otherConnection().apply(.deleteItem(id: id), now: Fixed.now)
        store.send(.remindersDue([DueReminder(item: item, checklistName: "List", remindAt: Fixed.now)], missed: false))
        store.send(.key(.enter))
        // Back where the banner was opened: the home screen.
        expectEqual(store.state.route, .allLists)
        #expect(store.state.screen.checklist == nil)
        expectEqual(store.state.message?.text, "That item no longer exists.")
        #expect(store.state.openItemAfterLoad == nil)
        folder.remove()
    }

    @Test("the banner's open waits while a y/n question is asked, so y cannot delete a list no longer shown")
    func openWaitsForQuestion() throws {
        let store = try makeStore()
        let id = try addItem("Call Ann", due: Fixed.now, to: store)
        let item = try #require(try otherConnection().item(id: id))
        store.send(.key(.end))
        store.send(.key(.character("d")))
        #expect(store.state.overlays.question != nil)
        store.send(.remindersDue([DueReminder(item: item, checklistName: "List", remindAt: Fixed.now)], missed: false))
        store.send(.key(.enter))
        expectEqual(store.state.route, .allLists)
        expectEqual(store.state.message?.text, "Answer the question first (y or n), then open the reminder.")
        store.send(.key(.escape))   // dismiss the banner
        store.send(.key(.character("n")))
        #expect(try otherConnection().checklistSummary(id: 1) != nil)
        folder.remove()
    }
}
