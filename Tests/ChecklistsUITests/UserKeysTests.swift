import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// The user's `[keys]` as a value in the UI context: dispatch, the help
/// line and `?` all follow it; and the theme's colours on a small terminal.
@Suite("User keys and colours")
struct UserKeysTests {
    static let groceries = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 1, remainingCount: 1)
    static let milk = Item(id: 8, checklistID: 1, text: "Milk", dueDate: Fixed.date("2026-11-21 17:00"))

    func onGroceries(keys: KeyMap) -> AppState {
        var context = Fixed.context
        context.keys = keys
        var state = AppState(context: context, width: 40, height: 12, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.groceries], due: DueSection(items: [], total: 0), select: nil))
        _ = reduce(&state, .itemsLoaded(Self.groceries, ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: [Self.milk], totalCount: 1), selectIndex: 0))
        return state
    }

    func remapped(_ remaps: KeyRemap...) throws -> KeyMap {
        try KeyMap.defaults.remapped(remaps)
    }

    @Test("the default table binds no key twice in one place, so no [keys] lines leave it as it is, unchecked")
    func defaultsAreClean() throws {
        #expect(throws: Never.self) { try KeyMap.refuseDoubleBindings(KeyMap.defaults.table, remapped: [:]) }
        let map = try KeyMap.defaults.remapped([])
        for context in KeyContext.allCases {
            expectEqual(map.helpLine(for: context), KeyMap.defaults.helpLine(for: context))
        }
    }

    @Test("a set of places keeps each place apart, lists them in declaration order, and does what a Set does")
    func placesAsBits() {
        // Each place has a bit of its own: a place past the 64th would share one.
        expectEqual(Array(KeyContexts.all), KeyContext.allCases)
        for context in KeyContext.allCases {
            expectEqual(Array(KeyContexts([context])), [context])
            expectEqual(Array(KeyContexts.all.subtracting([context])).count, KeyContext.allCases.count - 1)
        }
        // The same operations on a Set and on the bits, over subsets picked by a fixed seed.
        var random = SeededRandom(seed: 35)
        for _ in 0..<200 {
            let first = KeyContext.allCases.filter { _ in random.next() % 3 == 0 }
            let second = KeyContext.allCases.filter { _ in random.next() % 2 == 0 }
            let (a, b) = (KeyContexts(first), KeyContexts(second))
            let (setA, setB) = (Set(first), Set(second))
            let inOrder = { (set: Set<KeyContext>) in KeyContext.allCases.filter(set.contains) }
            expectEqual(Array(a.union(b)), inOrder(setA.union(setB)))
            expectEqual(Array(a.intersection(b)), inOrder(setA.intersection(setB)))
            expectEqual(Array(a.symmetricDifference(b)), inOrder(setA.symmetricDifference(setB)))
            expectEqual(Array(a.subtracting(b)), inOrder(setA.subtracting(setB)))
            expectEqual(a.isDisjoint(with: b), setA.isDisjoint(with: setB))
            expectEqual(a.isEmpty, setA.isEmpty)
            var grown = a
            let place = random.pick(KeyContext.allCases)
            expectEqual(grown.insert(place).inserted, !setA.contains(place))
            expectEqual(grown.remove(place), place)
            expectEqual(grown.contains(place), false)
        }
    }

    @Test("add = n: n opens Add Item, a does nothing, and the help line says n:add")
    func remappedAdd() throws {
        var state = onGroceries(keys: try remapped(KeyRemap(name: "add", keys: [.character("n")])))
        expectEqual(render(state).lines().suffix(2), [
            " ↑↓/jk:move Space:check n:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
        _ = reduce(&state, .key(.character("a")))
        expectEqual(state.route, .checklist)
        _ = reduce(&state, .key(.character("n")))
        expectEqual(state.route, .itemDetail)
        #expect(render(state).lines()[0].hasPrefix(" Add Item"))
    }

    @Test("remapping one of a pair (down = N) splits its shared label, so no dead key is shown")
    func splitPair() throws {
        let state = onGroceries(keys: try remapped(KeyRemap(name: "down", keys: [.character("N"), .down])))
        expectEqual(render(state).lines().suffix(2), [
            " ↑/k:move N/↓:move down Space:check",
            " a:add Enter:edit d:delete s:sort ?:help",
        ])
    }

    @Test("? lists the user's keys in place of the defaults")
    func helpShowsUserKeys() throws {
        let keys = try remapped(KeyRemap(name: "delete", keys: [.character("D"), .delete]),
                                KeyRemap(name: "quit", keys: [.control("q")]))
        let lines = HelpOverlay.lines(first: .allLists, keys: keys)
        expectEqual(Array(lines.prefix(12)), [
            "All Lists",
            "  ↑ k                     move up",
            "  ↓ j                     move down",
            "  PgUp                    page up",
            "  PgDn                    page down",
            "  Home g                  first",
            "  End G                   last",
            "  Enter l →               open",
            "  a                       add",
            "  e                       edit",
            "  D Delete                delete",
            "  Ctrl-Q                  quit",
        ])
    }

    @Test("a single character bound in a form is left out of its text field, which keeps typing it")
    func textFieldsKeepTyping() throws {
        let keys = try remapped(KeyRemap(name: "cancel", keys: [.character("x"), .escape]))
        expectEqual(keys.command(for: .character("x"), in: .itemRemind), .cancel)
        #expect(keys.command(for: .character("x"), in: .itemText) == nil)
        expectEqual(keys.command(for: .escape, in: .itemText), .cancel)
    }

    @Test("in a terminal too small to draw, the user's quit key quits and q no longer does")
    func tooSmallQuits() throws {
        var context = Fixed.context
        context.keys = try remapped(KeyRemap(name: "quit", keys: [.control("q")]))
        var state = AppState(context: context, width: AppState.minimumWidth - 1, height: 12, now: Fixed.now)
        _ = reduce(&state, .key(.character("q")))
        #expect(state.isRunning)
        _ = reduce(&state, .key(.control("q")))
        #expect(!state.isRunning)
    }

    @Test("a colour the terminal lacks becomes the nearest it has")
    func degradedColours() {
        expectEqual(PaletteColor.number(208).number(onTerminalWith: 256), 208)
        expectEqual(PaletteColor.number(9).number(onTerminalWith: 8), 1)
        expectEqual(PaletteColor.number(196).number(onTerminalWith: 16), 9)
        expectEqual(PaletteColor.number(196).number(onTerminalWith: 8), 1)
        // Orange (5, 2, 0 in the cube) is mostly red.
        expectEqual(PaletteColor.number(208).number(onTerminalWith: 8), 1)
        expectEqual(PaletteColor.number(236).number(onTerminalWith: 8), 0)
        expectEqual(PaletteColor.number(255).number(onTerminalWith: 16), 15)
        expectEqual(PaletteColor.terminalDefault.number(onTerminalWith: 256), -1)
        expectEqual(PaletteColor.number(1).number(onTerminalWith: 2), -1)
    }

    @Test("render names roles, never the user's colours: the overdue marker and the selection bar")
    func rolesInTheGrid() throws {
        var state = onGroceries(keys: .defaults)
        state.now = Fixed.date("2026-11-22 09:00")
        let grid = render(state)
        let row = grid.lines().firstIndex { $0.contains("Milk") }!
        let marker = (0..<grid.width).first { grid[row, $0].grapheme == "!" }!
        expectEqual(grid[row, marker].color, .overdue)
        #expect(grid[row, 0].color == .selection && grid[row, 0].style.contains(.reverse))
        expectEqual(grid[0, 0].color, .heading)
    }
}
