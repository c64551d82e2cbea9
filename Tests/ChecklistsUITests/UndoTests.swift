import Foundation
import Testing
@testable import ChecklistsUI
@testable import ChecklistsModel
import TestSupport

/// u and Ctrl-R through the loop: the key is an action, the undo an effect
/// the store performs on a real SQLite file, its result an action again.
@Suite("Undo and redo in the app")
struct UndoTests {
    let folder = TemporaryFolder()

    func makeStore(width: Int = 50, height: Int = 8) throws -> Store {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("test.sqlite"), createsFolder: false),
                                                   options: .init(busyTimeout: 1, origin: .app))
        let store = Store(state: AppState(context: Fixed.context, width: width, height: height, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        return store
    }

    func press(_ keys: Key..., on store: Store) {
        for key in keys { store.send(.key(key)) }
    }

    func type(_ text: String, on store: Store) {
        for character in text { store.send(.key(.character(character))) }
    }

    @Test("u undoes a check and says so; Ctrl-R redoes it; u with nothing left says so")
    func checkUndoRedo() throws {
        let store = try makeStore()
        press(.enter, .character("a"), on: store)
        type("Milk", on: store)
        press(.enter, .character(" "), on: store)
        expectEqual(render(store.state).lines(), [
            " List                     All Done! · by due date",
            " [x] Milk",
            "",
            "",
            "",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit d:delete",
            " s:sort Esc:back u:undo ?:help",
        ])
        press(.character("u"), on: store)
        expectEqual(render(store.state).lines(), [
            " List                   1 Remaining · by due date",
            " [ ] Milk",
            "",
            "",
            "",
            "",
            " Undone: check “Milk”",
            " ↑↓/jk:move Space:check a:add Enter:edit … ?:help",
        ])
        press(.control("r"), on: store)
        expectEqual(render(store.state).lines()[1], " [x] Milk")
        expectEqual(render(store.state).lines()[6], " Redone: check “Milk”")
        press(.character("u"), .character("u"), on: store)
        expectEqual(render(store.state).lines()[6], " Undone: add “Milk”")
        expectEqual(render(store.state).lines()[1], "")
        press(.character("u"), on: store)
        expectEqual(render(store.state).lines()[6], " Nothing to undo.")
    }

    @Test("undoing a list delete on All Lists brings it back with its items, and says how many")
    func listDelete() throws {
        let other = try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("test.sqlite"), createsFolder: false),
                                                options: .init(busyTimeout: 1, origin: .app))
        try other.apply(.addChecklist(name: "Groceries", icon: .groceries), now: Fixed.now)
        for text in ["Milk", "Eggs"] { try other.apply(.addItem(checklistID: 2, ItemDraft(text: text, dueDate: nil)), now: Fixed.now) }
        // Made by this process: its own changes, no question.
        let store = try makeStore()
        press(.character("d"), .character("y"), on: store)
        expectEqual(store.state.allLists.lists.map(\.checklist.name), ["List"])
        press(.character("u"), on: store)
        expectEqual(render(store.state).lines(), [
            " Checklists                               2 lists",
            "  🛒 Groceries                        2 Remaining",
            "     List                              (No Items)",
            "",
            "",
            "",
            " Undone: delete list “Groceries”, 2 items",
            " ↑↓/jk:move Enter:open a:add e:edit … ?:help",
        ])
    }

    @Test("a change from the command line is asked about first: what, where from, when; n leaves it, y undoes it")
    func fromElsewhere() throws {
        let store = try makeStore(width: 70)
        let shell = try ChecklistsDatabase.temporary(in: folder)
        try shell.apply(.addChecklist(name: "Trips", icon: .trips), now: Fixed.now)
        store.send(.changedElsewhere(at: Fixed.now))
        press(.character("u"), on: store)
        expectEqual(render(store.state).lines(), [
            " Checklists                                                   2 lists",
            "     List                                                  (No Items)",
            "  🧳 Trips                                                 (No Items)",
            "",
            "",
            "",
            " Undo add list “Trips” (from the command line, 10:30 AM)? (y/n)",
            " y yes  n no  Esc cancel",
        ])
        press(.character("n"), on: store)
        expectEqual(store.state.allLists.lists.count, 2)
        press(.character("u"), .character("y"), on: store)
        expectEqual(render(store.state).lines(), [
            " Checklists                                                    1 list",
            "     List                                                  (No Items)",
            "",
            "",
            "",
            "",
            " Undone: add list “Trips”",
            " ↑↓/jk:move Enter:open a:add e:edit d:delete q:quit u:undo ?:help",
        ])
    }

    @Test("an undo refused because the row changed since says why, in red, and changes nothing")
    func refused() throws {
        let store = try makeStore()
        press(.enter, .character("a"), on: store)
        type("Milk", on: store)
        press(.enter, on: store)
        // An older version of the program, which keeps no history, renames it.
        try ChecklistsDatabase.temporary(in: folder).writeWithoutHistoryForTesting("UPDATE item SET text = 'Soy milk'")
        store.send(.changedElsewhere(at: Fixed.now))
        press(.character("u"), on: store)
        expectEqual(render(store.state).lines().suffix(3), [
            "",
            " Cannot undo add “Milk”: “Soy milk” has changed",
            " since; nothing changed.",
        ])
        expectEqual(render(store.state)[6, 1].color, .red)
        expectEqual(render(store.state).lines()[1], " [ ] Soy milk")
    }

    @Test("u and Ctrl-R are in the key table: on the help line as u, both on ?, both remappable by name")
    func keyTable() {
        #expect(KeyBindings.helpLine(for: .checklist).hasSuffix("u undo  ? help"))
        let undoKeys = KeyMap.defaults.allBindings(for: .dueItem).filter { $0.help == "undo" || $0.help == "redo" }
        expectEqual(undoKeys.map(\.keys), ["u", "Ctrl-R"])
        expectEqual(KeyBindings.configName(of: .undo), "undo")
        expectEqual(KeyBindings.configName(of: .redo), "redo")
    }
}
