import Foundation
import Testing
@testable import ChecklistsUI
@testable import ChecklistsModel
import TestSupport

/// All Lists in the user's order: J/K move the selected list (the first
/// move in name order puts the hand order in force, saying so), `s`
/// switches between by name and by hand, the title bar says when the hand
/// order is in force, and each is one undo step. The keys as the reducer
/// sees them, then the whole app minus the terminal on a real SQLite file.
@Suite("All Lists in your order")
struct ListOrderTests {
    let folder = TemporaryFolder()

    static let lists = [
        ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 3, remainingCount: 2),
        ChecklistSummary(checklist: Checklist(id: 2, name: "List 2", icon: .none), itemCount: 0, remainingCount: 0),
        ChecklistSummary(checklist: Checklist(id: 3, name: "List 10", icon: .trips), itemCount: 2, remainingCount: 0),
    ]

    func home(order: ListOrder = .byName, width: Int = 40, height: Int = 8, select: Int64? = 1) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded(Self.lists, select: select, order: order))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    // MARK: - Keys, as the reducer sees them

    @Test("J and K ask the storage to move the selected list; at either end nothing is asked")
    func moveKeys() {
        var state = home()
        expectEqual(press(.character("J"), on: &state), [.commit(.moveList(id: 1, down: true))])
        #expect(press(.character("K"), on: &state).isEmpty)
        _ = press(.end, on: &state)
        #expect(press(.character("J"), on: &state).isEmpty)
        expectEqual(press(.character("K"), on: &state), [.commit(.moveList(id: 3, down: false))])
    }

    @Test("s switches to the other order; J, K and s do nothing on a due item")
    func sortKey() {
        var state = home()
        expectEqual(press(.character("s"), on: &state), [.commit(.setListOrder(.byHand))])
        state = home(order: .byHand)
        expectEqual(press(.character("s"), on: &state), [.commit(.setListOrder(.byName))])
        let due = DueSection(items: [ListedItem(item: Item(id: 9, checklistID: 1, text: "Milk", dueDate: Fixed.date("2026-11-21 17:00")),
                                                checklistName: "Groceries")], total: 1)
        _ = reduce(&state, .listsLoaded(Self.lists, due: due, select: nil, order: .byHand))
        _ = press(.home, on: &state)
        #expect(state.allLists.selectedDueItem != nil)
        #expect(press(.character("J"), on: &state).isEmpty)
        #expect(press(.character("s"), on: &state).isEmpty)
    }

    @Test("the first move in name order says the hand order is now in force; the reload selects the list that moved")
    func firstMoveMessage() {
        var state = home()
        let effects = reduce(&state, .committed(.moveList(id: 1, down: true), .checklist(1)))
        expectEqual(effects.first, loadLists(state, select: 1))
        expectEqual(state.message, StatusMessage("Lists now by hand; s sorts by name."))
        state = home(order: .byHand)
        _ = reduce(&state, .committed(.moveList(id: 1, down: true), .checklist(1)))
        #expect(state.message == nil)
        _ = reduce(&state, .committed(.setListOrder(.byName), .none))
        expectEqual(state.message, StatusMessage("Lists by name; s puts your order back."))
        _ = reduce(&state, .committed(.setListOrder(.byHand), .none))
        expectEqual(state.message, StatusMessage("Lists by hand; J/K move a list."))
    }

    @Test("[keys]: a file that bound J, K or s elsewhere on All Lists keeps them; sort and move-item-down change both screens")
    func userKeys() throws {
        let taken = try KeyMap.defaults.remapped([KeyRemap(name: "tags", keys: [.character("s")]), KeyRemap(name: "quit", keys: [.character("J")])])
        expectEqual(taken.command(for: .character("s"), in: .allLists), .openTags)
        expectEqual(taken.command(for: .character("J"), in: .allLists), .quit)
        expectEqual(taken.command(for: .character("s"), in: .checklist), .changeSort)
        expectEqual(taken.command(for: .character("K"), in: .allLists), .moveItemUp)
        let moved = try KeyMap.defaults.remapped([KeyRemap(name: "sort", keys: [.character("o")]),
                                                  KeyRemap(name: "move-item-down", keys: [.character("D")])])
        expectEqual(moved.command(for: .character("o"), in: .allLists), .changeSort)
        expectEqual(moved.command(for: .character("o"), in: .checklist), .changeSort)
        expectEqual(moved.command(for: .character("D"), in: .allLists), .moveItemDown)
        #expect(moved.command(for: .character("s"), in: .allLists) == nil)
    }

    // MARK: - The title bar

    @Test("at 40 columns the title bar says by hand only when the hand order is in force")
    func titleBarNarrow() {
        expectEqual(render(home()).lines().prefix(4), [
            " Checklists                     3 lists",
            "  🛒 Groceries              2 Remaining",
            "     List 2                  (No Items)",
            "  🧳 List 10                  All Done!",
        ])
        expectEqual(render(home(order: .byHand)).lines().prefix(1), [
            " Checklists           3 lists · by hand",
        ])
        // With items due, the due count first, then the lists' count, give way; "by hand" stays whole.
        var state = home(order: .byHand, height: 10)
        let due = DueSection(items: [ListedItem(item: Item(id: 9, checklistID: 1, text: "Milk", dueDate: Fixed.date("2026-11-21 17:00")),
                                                checklistName: "Groceries")], total: 1)
        _ = reduce(&state, .listsLoaded(Self.lists, due: due, select: nil, order: .byHand))
        expectEqual(render(state).lines()[0], " Checklists   1 due · 3 lists · by hand")
        _ = reduce(&state, .resized(width: 30, height: 10))
        expectEqual(render(state).lines()[0], " Checklists 3 lists · by hand")
        // Taller than the screen: the position stays, and by hand beside it.
        _ = reduce(&state, .resized(width: 40, height: 8))
        expectEqual(render(state).lines()[0], " Checklists     3 lists · by hand · 4/6")
    }

    @Test("at 120 columns, with items due, the same")
    func titleBarWide() {
        var state = AppState(context: Fixed.context, width: 120, height: 12, now: Fixed.now)
        let due = DueSection(items: [ListedItem(item: Item(id: 9, checklistID: 1, text: "Milk", dueDate: Fixed.date("2026-11-21 17:00")),
                                                checklistName: "Groceries")], total: 1)
        _ = reduce(&state, .listsLoaded(Self.lists, due: due, select: nil, order: .byHand))
        expectEqual(render(state).lines().prefix(3), [
            " Checklists                                                                                   1 due · 3 lists · by hand",
            " Due today and overdue",
            "   • Milk  Groceries  Today 5:00 PM",
        ])
    }

    // MARK: - On a real database

    func makeStore(width: Int = 40, height: Int = 10) throws -> Store {
        let store = Store(state: AppState(context: Fixed.context, width: width, height: height, now: Fixed.now),
                          database: try ChecklistsDatabase.temporary(in: folder))
        store.start(now: Fixed.now)
        return store
    }

    func send(_ keys: Key..., to store: Store) {
        for key in keys { store.send(.key(key)) }
    }

    @Test("J, K, s and u on a real file, as a user sees them at 40 columns, and the order kept for the next start")
    func onRealDatabase() throws {
        defer { folder.remove() }
        let store = try makeStore()
        let database = try ChecklistsDatabase.temporary(in: folder)
        for name in ["List 10", "List 2"] { try database.apply(.addChecklist(name: name, icon: .none), now: Fixed.now) }
        store.send(.refresh)
        send(.character("J"), to: store)
        expectEqual(render(store.state).lines(), [
            " Checklists           3 lists · by hand",
            "     List 2                  (No Items)",
            "     List                    (No Items)",
            "     List 10                 (No Items)",
            "",
            "",
            "",
            "",
            " Lists now by hand; s sorts by name.",
            " ↑↓/jk:move Enter:open a:add … ?:help",
        ])
        expectEqual(store.state.allLists.selected?.checklist.name, "List")
        send(.character("K"), .character("K"), to: store)
        expectEqual(store.state.allLists.lists.map(\.checklist.name), ["List", "List 2", "List 10"])
        send(.character("s"), to: store)
        expectEqual(store.state.allLists.order, .byName)
        expectEqual(store.state.allLists.selected?.checklist.name, "List")
        send(.character("u"), to: store)
        expectEqual(store.state.message, StatusMessage("Undone: sort the lists by name"))
        expectEqual(store.state.allLists.order, .byHand)
        // Undoing the first move takes back its switch too.
        send(.character("u"), .character("u"), to: store)
        expectEqual(store.state.allLists.order, .byName)
        expectEqual(store.state.allLists.lists.map(\.checklist.name), ["List", "List 2", "List 10"])
        send(.control("r"), to: store)
        expectEqual(store.state.allLists.order, .byHand)
        expectEqual(store.state.allLists.lists.map(\.checklist.name), ["List 2", "List", "List 10"])
        let again = try makeStore()
        expectEqual(again.state.allLists.order, .byHand)
        expectEqual(again.state.allLists.lists.map(\.checklist.name), ["List 2", "List", "List 10"])
    }
}
