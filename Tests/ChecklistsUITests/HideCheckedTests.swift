import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// `c` hides a checklist's checked-off items and shows them again,
/// remembered per list in the database; the count, the position and the
/// selection stay right. The whole app minus the terminal, on a real file.
@Suite("Hiding checked items")
struct HideCheckedTests {
    let folder = TemporaryFolder()

    /// "Chores" with "Chore 1" to "Chore \(count)", those in `checked` checked
    /// off, open on a 40×10 screen; the first-use "List" beside it.
    func chores(_ count: Int, checked: Set<Int>, height: Int = 10) throws -> (Store, list: Int64) {
        let database = try ChecklistsDatabase.temporary(in: folder)
        guard case let .checklist(list) = try database.apply(.addChecklist(name: "Chores", icon: .none), now: Fixed.now) else {
            throw StorageError.notFound(what: "the new list")
        }
        for number in 1...count {
            let draft = ItemDraft(text: "Chore \(number)", dueDate: Fixed.now.addingTimeInterval(Double(number) * 3600))
            guard case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: Fixed.now) else { continue }
            if checked.contains(number) { try database.apply(.setChecked(itemID: id, true), now: Fixed.now) }
        }
        try database.apply(.setOpenChecklist(id: list), now: Fixed.now)
        let store = Store(state: AppState(context: Fixed.context, width: 40, height: height, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        return (store, list)
    }

    func press(_ keys: Key..., on store: Store) {
        for key in keys { store.send(.key(key)) }
    }

    @Test("c hides the checked items: the title says how many, N Remaining stays; c again shows them")
    func hideAndShow() throws {
        let (store, list) = try chores(5, checked: [2, 4])
        expectEqual(render(store.state).lines()[0...5], [
            " Chores            3 Remaining · by du…",
            " [ ] Chore 1  11:30 AM",
            " [x] Chore 2  12:30 PM",
            " [ ] Chore 3  1:30 PM",
            " [x] Chore 4  2:30 PM",
            " [ ] Chore 5  3:30 PM",
        ])
        press(.character("c"), on: store)
        expectEqual(store.state.screen.checklist?.summary.checklist.hidesChecked, true)
        expectEqual(render(store.state).lines(), [
            " Chores          3 Remaining · 2 hidden",
            " [ ] Chore 1  11:30 AM",
            " [ ] Chore 3  1:30 PM",
            " [ ] Chore 5  3:30 PM",
            "",
            "",
            "",
            "",
            " Checked items hidden; c shows them.",
            " ↑↓/jk:move Space:check a:add … ?:help",
        ])
        press(.character("c"), on: store)
        expectEqual(store.state.screen.checklist?.count, 5)
        expectEqual(store.state.screen.checklist?.summary.checklist.hidesChecked, false)
        expectEqual(store.state.message, StatusMessage("Checked items shown."))
        try expectEqual(ChecklistsDatabase.temporary(in: folder).checklistSummary(id: list)?.checklist.hidesChecked, false)
    }

    @Test("remembered per list: after a restart the list still hides its checked items, another list does not")
    func rememberedPerList() throws {
        let (store, list) = try chores(3, checked: [1])
        press(.character("c"), on: store)
        let again = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(again.checklistSummary(id: list)?.checklist.hidesChecked, true)
        #expect(try again.checklistSummaries().filter { $0.id != list }.allSatisfy { !$0.checklist.hidesChecked })
        let restarted = Store(state: AppState(context: Fixed.context, width: 40, height: 10, now: Fixed.now), database: again)
        restarted.start(now: Fixed.now)
        expectEqual(restarted.state.screen.checklist?.page.items.map(\.text), ["Chore 2", "Chore 3"])
    }

    @Test("checking an item off while hidden: it goes, the next one is selected, the count and position follow")
    func checkWhileHidden() throws {
        let (store, _) = try chores(12, checked: [1, 2])
        press(.character("c"), on: store)
        expectEqual(render(store.state).lines()[0], " Chores  10 Remaining · 2 hidden · 1/10")
        // Narrower, the remaining count gives way first: the position's total is that count.
        store.send(.resized(width: 30, height: 10))
        expectEqual(render(store.state).lines()[0], " Chores       2 hidden · 1/10")
        store.send(.resized(width: 40, height: 10))
        press(.character("3"), .character("j"), .character(" "), on: store)
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "Chore 7")
        expectEqual(render(store.state).lines()[0], " Chores    9 Remaining · 3 hidden · 4/9")
        expectEqual(store.state.screen.checklist?.page.items.contains { $0.isChecked }, false)
        press(.character("G"), .character(" "), on: store)
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "Chore 11", "the last gone: the one above")
        expectEqual(render(store.state).lines()[0], " Chores    8 Remaining · 4 hidden · 8/8")
    }

    @Test("all checked off and hidden: the screen says how to show them; showing keeps the selection")
    func allHidden() throws {
        let (store, _) = try chores(2, checked: [1, 2])
        press(.character("j"), on: store)
        press(.character("c"), on: store)
        expectEqual(store.state.screen.checklist?.count, 0)
        expectEqual(render(store.state).lines()[0...2], [
            " Chores            All Done! · 2 hidden",
            "",
            "  All checked off; c shows them.",
        ])
        press(.character("c"), on: store)
        expectEqual(store.state.screen.checklist?.count, 2)
    }
}
