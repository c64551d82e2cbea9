import Foundation
import Testing
@testable import ChecklistsUI
@testable import ChecklistsModel
import TestSupport

/// The reducer with its effects performed on a real SQLite file: the whole
/// app minus the terminal.
@Suite("Store on a real database")
struct StoreTests {
    let folder = TemporaryFolder()

    func makeStore(width: Int = 70, height: Int = 16) throws -> Store {
        let store = Store(state: AppState(context: Fixed.context, width: width, height: height, now: Fixed.now),
                          database: try ChecklistsDatabase.temporary(in: folder))
        store.start(now: Fixed.now)
        return store
    }

    /// Another connection to the store's file, as another process has.
    func otherConnection() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.temporary(in: folder)
    }

    func press(_ keys: Key..., on store: Store) {
        for key in keys { store.send(.key(key)) }
    }

    func type(_ text: String, on store: Store) {
        for character in text { store.send(.key(.character(character))) }
    }

    @Test("a database other users can read: the notice is on the first screen once, and gone at the next start")
    func openToOthersNotice() throws {
        _ = try ChecklistsDatabase.temporary(in: folder)
        chmod(folder.file("test.sqlite"), 0o640)
        var store = try makeStore(width: 200)
        let notice = "other users can read \(folder.file("test.sqlite")) (mode 640); chmod 600 it to keep your lists private (said once)"
        expectEqual(store.state.message, StatusMessage(notice))
        expectEqual(render(store.state).lines()[14], " " + notice)
        press(.down, on: store)
        #expect(store.state.message == nil)
        store = try makeStore(width: 200)
        #expect(store.state.message == nil)
    }

    @Test("first use: add a list with an icon, add an item, check it; a restart reopens the list, and reads the home screen after its first frame")
    func firstUse() throws {
        let store = try makeStore()
        expectEqual(store.state.allLists.lists.map(\.checklist.name), ["List"])
        press(.character("a"), on: store)
        type("Groceries", on: store)
        press(.tab, .enter, on: store)
        for _ in 0..<6 { press(.down, on: store) }
        press(.enter, .control("s"), on: store)
        expectEqual(store.state.route, .allLists)
        expectEqual(store.state.allLists.selected?.checklist.name, "Groceries")
        expectEqual(store.state.allLists.selected?.checklist.icon, .groceries)

        press(.enter, on: store)
        expectEqual(store.state.route, .checklist)
        press(.character("a"), on: store)
        type("牛乳", on: store)
        press(.control("s"), on: store)
        expectEqual(store.state.route, .checklist)
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "牛乳")
        press(.character(" "), on: store)
        expectEqual(store.state.screen.checklist?.selectedItem?.isChecked, true)
        expectEqual(store.state.screen.checklist?.summary.detail, "All Done!")

        let restarted = Store(state: AppState(context: Fixed.context, width: 70, height: 16, now: Fixed.now),
                              database: try ChecklistsDatabase.temporary(in: folder))
        // As the runtime starts: the first frame is the list alone.
        for action in restarted.startingActions(now: Fixed.now) { restarted.send(action) }
        expectEqual(restarted.state.route, .checklist)
        expectEqual(restarted.state.screen.checklist?.summary.checklist.name, "Groceries")
        expectEqual(restarted.state.screen.checklist?.selectedItem?.isChecked, true)
        expectEqual(restarted.state.allLists.lists.map(\.checklist.name), [])
        // Drawn: the home screen beneath is read, the open list selected.
        restarted.send(.firstFrameShown)
        expectEqual(restarted.state.allLists.lists.map(\.checklist.name), ["Groceries", "List"])
        press(.escape, on: restarted)
        expectEqual(restarted.state.route, .allLists)
        expectEqual(restarted.state.allLists.selected?.checklist.name, "Groceries")
        folder.remove()
    }

    @Test("a save on a full disk: the form stays open and says so, the list behind does not show the item; with space back, Done saves")
    func diskFull() throws {
        // The store's own connection: the disk fills up under it.
        let database = try ChecklistsDatabase.temporary(in: folder)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 10, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        try database.apply(.addChecklist(name: "Filler", icon: .none), now: Fixed.now)
        press(.enter, .character("a"), on: store)
        type("Buy milk", on: store)
        press(.control("s"), on: store)
        let filler = try #require(try database.checklistSummaries().first { $0.checklist.name == "Filler" }?.id)
        // No room left: the file may not grow and its pages are full.
        try database.capGrowthForTesting(pages: 0)
        for index in 0..<10_000 {
            do { try database.apply(.addItem(checklistID: filler, ItemDraft(text: "filler \(index)", dueDate: Fixed.now)), now: Fixed.now) } catch { break }
        }

        press(.character("a"), on: store)
        type("Buy bread", on: store)
        press(.control("s"), on: store)
        expectEqual(render(store.state).lines(), [
            " Add Item                                              List",
            "› Text        Buy bread",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date                                            None",
            "  Starts                                              None",
            "  Repeat                                             Never",
            "  Priority                                            None",
            " The disk is full: the change was not saved (what was saved",
            " before is safe). Free some space, then try again.",
        ])
        expectEqual(store.state.message, StatusMessage(StorageError.diskFull(path: database.path).statusLine, kind: .error))
        // The list behind was reloaded from the database: no Buy bread.
        expectEqual(store.state.screen.checklist?.page.items.map(\.text), ["Buy milk"])
        expectEqual(store.state.screen.checklist?.summary.detail, "1 Remaining")

        try database.capGrowthForTesting(pages: nil)
        press(.control("s"), on: store)
        expectEqual(render(store.state).lines(), [
            " List                             2 Remaining · by due date",
            " [ ] Buy milk",
            " [ ] Buy bread",
            "",
            "",
            "",
            "",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit d:delete s:sort",
            " Esc:back u:undo ?:help",
        ])
        folder.remove()
    }

    // Catches Item Detail saving every field as the form showed it: what
    // the command line (or another window, a sync, a reminder's key) set
    // while the form was open was put back as it had been.
    @Test("a form open while the item changes elsewhere saves only what was typed in it; the due date, tag and note set elsewhere stay")
    func formSavesOnlyItsOwnEdits() throws {
        let store = try makeStore()
        press(.enter, .character("a"), on: store)
        type("Overdue thing", on: store)
        press(.control("s"), on: store)
        let id = try #require(store.state.screen.checklist?.selectedItem?.id)
        press(.enter, on: store)
        expectEqual(store.state.route, .itemDetail)

        let other = try otherConnection()
        let due = Fixed.now.addingTimeInterval(3 * 86_400)
        try other.apply(.updateItem(id: id, ItemDraft(text: "Overdue thing", dueDate: due, note: "from elsewhere", priority: .high,
                                                      tags: ["cli"])), now: Fixed.now)
        store.send(.changedElsewhere(at: Fixed.now))
        type(" EDITED", on: store)
        press(.control("s"), on: store)

        let saved = try #require(try other.item(id: id))
        expectEqual(saved.text, "Overdue thing EDITED")
        expectEqual(saved.dueDate, due)
        expectEqual(saved.note, "from elsewhere")
        expectEqual(saved.priority, .high)
        expectEqual(saved.tags, ["cli"])
        folder.remove()
    }

    // Catches a window quitting with no form open removing the draft file
    // another window, killed with text typed, had just left.
    @Test("a window quitting leaves another window's draft in place; the draft it found at its start it removes once given back")
    func draftOfAnotherWindowKept() throws {
        let store = try makeStore()
        let path = FormDraft.path(besideDatabase: store.databasePath)
        let theirs = FormDraft(target: .add(checklistID: 1), text: "draft A from window one", note: "")
        FormDraft.write(theirs, to: path)
        store.keepDraftForNextStart()
        expectEqual(FormDraft.read(from: path), theirs)

        // The next start finds it; given back and saved, it is gone at the end.
        let next = try makeStore()
        press(.enter, .character("a"), on: next)
        expectEqual(next.state.screen.itemDetail?.text.text, "draft A from window one")
        press(.control("s"), on: next)
        next.keepDraftForNextStart()
        #expect(FormDraft.read(from: path) == nil)
        folder.remove()
    }

    // Catches a draft typed into Add Sub-item kept as an add to the list:
    // given back in a plain Add Item, it was saved at the top level.
    @Test("a draft of Add Sub-item comes back under the same parent, not in a plain Add Item of its list")
    func subItemDraft() throws {
        let store = try makeStore()
        press(.enter, .character("a"), on: store)
        type("Trip", on: store)
        press(.control("s"), on: store)
        let trip = try #require(store.state.screen.checklist?.selectedItem?.id)
        press(.character("A"), on: store)
        type("Tickets", on: store)
        store.keepDraftForNextStart()
        let path = FormDraft.path(besideDatabase: store.databasePath)
        expectEqual(FormDraft.read(from: path)?.target, .addSubItem(parentID: trip))

        let next = try makeStore()
        press(.character("a"), on: next)
        expectEqual(next.state.screen.itemDetail?.text.text, "")
        press(.escape, .character("A"), on: next)
        expectEqual(next.state.screen.itemDetail?.text.text, "Tickets")
        press(.control("s"), on: next)
        try expectEqual(otherConnection().family(of: trip).map(\.text), ["Trip", "Tickets"])
        folder.remove()
    }

    @Test("going back to All Lists forgets the open list, so the next start shows All Lists")
    func backForgetsOpenList() throws {
        let store = try makeStore()
        press(.enter, .escape, on: store)
        expectEqual(store.state.route, .allLists)
        let restarted = try makeStore()
        expectEqual(restarted.state.route, .allLists)
        folder.remove()
    }

    @Test("an edit of an item deleted elsewhere says so when the user presses Done")
    func deletedWhileEditing() throws {
        let store = try makeStore()
        press(.enter, .character("a"), on: store)
        type("first", on: store)
        press(.control("s"), on: store)
        guard let item = store.state.screen.checklist?.selectedItem else {
            Issue.record("no item")
            return
        }
        press(.enter, on: store)
        type(" edited", on: store)
        try ChecklistsDatabase.temporary(in: folder).apply(.deleteItem(id: item.id), now: Fixed.now)   // another process deletes it
        press(.control("s"), on: store)
        expectEqual(store.state.route, .itemDetail)
        expectEqual(store.state.message?.text, "the item no longer exists; it was deleted elsewhere")
        press(.escape, on: store)
        expectEqual(store.state.screen.checklist?.count, 0)
        folder.remove()
    }

    @Test("the selection follows an item when the sort order changes, and the order is remembered")
    func sortKeepsSelection() throws {
        let store = try makeStore()
        press(.enter, on: store)
        let list = try #require(store.state.screen.checklist?.summary.id)
        try otherConnection().applyAll([
            .addItem(checklistID: list, ItemDraft(text: "b later", dueDate: Fixed.date("2026-11-23 09:00"))),
            .addItem(checklistID: list, ItemDraft(text: "a soon", dueDate: Fixed.date("2026-11-22 09:00"))),
            .addItem(checklistID: list, ItemDraft(text: "c overdue", dueDate: Fixed.date("2026-11-20 09:00"))),
        ], now: Fixed.now)
        press(.escape, .enter, on: store)
        expectEqual(store.state.screen.checklist?.page.items.map(\.text), ["c overdue", "a soon", "b later"])
        press(.down, on: store)                              // "a soon"
        press(.character("s"), on: store)                    // by text
        expectEqual(store.state.screen.checklist?.page.items.map(\.text), ["a soon", "b later", "c overdue"])
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "a soon")
        press(.character("s"), on: store)                    // by order added
        expectEqual(store.state.screen.checklist?.page.items.map(\.text), ["b later", "a soon", "c overdue"])
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "a soon")
        try expectEqual(otherConnection().checklistSummary(id: list)?.checklist.sortOrder, .added)
        folder.remove()
    }

    @Test("deleting a list asks first, then removes it and its items")
    func deleteList() throws {
        let store = try makeStore()
        press(.character("d"), on: store)
        expectEqual(store.state.overlays.question?.question, "Delete “List”?")
        press(.character("y"), on: store)
        #expect(store.state.allLists.lists.isEmpty)
        #expect(try otherConnection().checklistSummaries().isEmpty)
        folder.remove()
    }

    @Test("paging through 1,000 items keeps only a page in memory and the selection in place")
    func paging() throws {
        let store = try makeStore(height: 12)
        press(.enter, on: store)
        let list = try #require(store.state.screen.checklist?.summary.id)
        let changes = (0..<1000).map { index in
            Change.addItem(checklistID: list, ItemDraft(text: "item \(index)", dueDate: Fixed.now.addingTimeInterval(Double(index) * 60)))
        }
        try otherConnection().applyAll(changes, now: Fixed.now)
        press(.escape, .enter, on: store)
        press(.end, on: store)
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "item 999")
        #expect((store.state.screen.checklist?.page.items.count ?? 0) <= store.state.pageSize)
        for _ in 0..<5 { press(.pageUp, on: store) }
        let expected = 999 - 5 * (store.state.listRows - 1)
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "item \(expected)")
        press(.home, on: store)
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "item 0")
        folder.remove()
    }

    @Test("the bell and the alarm's settings leave the Store as effects, in the order reduce asks for them, and nothing else does")
    func runtimeEffects() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        let due = Fixed.now.addingTimeInterval(-60)
        let later = Fixed.now.addingTimeInterval(3600)
        try database.applyAll([.addItem(checklistID: list, ItemDraft(text: "missed", dueDate: due, shouldRemind: true)),
                               .addItem(checklistID: list, ItemDraft(text: "later", dueDate: later, shouldRemind: true))],
                              now: due.addingTimeInterval(-60))
        let store = Store(state: AppState(context: Fixed.context, width: 70, height: 16, now: Fixed.now), database: database)
        var effects: [Effect] = []
        store.onRuntimeEffect = { effects.append($0) }
        store.start(now: Fixed.now)
        expectEqual(effects, [.ringBell, .armAlarm(AlarmSetting(date: later, token: 1))])
        // Keys that commit nothing ring nothing and leave the alarm alone.
        press(.down, .up, on: store)
        expectEqual(effects.count, 2)
    }
}
