import Foundation
import Testing
@testable import ChecklistsUI
@testable import ChecklistsModel
import TestSupport

/// The search screen and n/N: the reducer alone (effects out, answers in,
/// screens as literal lines), then the Store on a real SQLite file.
@Suite("Search")
struct SearchScreenTests {
    static let lists = RenderTests.lists
    static func listed(_ id: Int64, _ text: String, _ due: String?, list: Int64 = 1, name: String = "Groceries",
                       checked: Bool = false) -> ListedItem {
        ListedItem(item: Item(id: id, checklistID: list, text: text, isChecked: checked, dueDate: due.map { Fixed.date($0) }),
                   checklistName: name)
    }
    static let milk = SearchResults(items: [
        listed(2, "Milk overdue", "2026-11-21 09:00"),
        listed(9, "Oat milk", "2026-11-23 08:00", list: 3, name: "旅行の準備"),
        listed(12, "Milk for the café", nil, list: 2, name: "List"),
    ])

    func home(width: Int = 60, height: Int = 10) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded(Self.lists, select: 2))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    func type(_ text: String, on state: inout AppState) -> [Effect] {
        text.flatMap { reduce(&state, .key(.character($0))) }
    }

    @Test("/ opens an empty search with a hint and its own keys; nothing is looked up yet")
    func opens() {
        var state = home()
        expectEqual(press(.character("/"), on: &state), [])
        expectEqual(state.route, .search)
        expectEqual(state.keyContext, .search)
        expectEqual(render(state).lines(), [
            " Search",
            " / text in any list, any part of a word",
            "",
            "  Type to search all lists; case and accents are ignored.",
            "",
            "",
            "",
            "",
            "",
            " ↑↓ move  Enter open in its list  Esc back  F1 help",
        ])
        expectEqual(render(state).cursor, GridPosition(row: 1, column: 3))
    }

    @Test("each key typed asks again, with a new generation; an answer to an older query is ignored")
    func typingNarrows() {
        var state = home()
        _ = press(.character("/"), on: &state)
        expectEqual(type("m", on: &state), [.search(SearchQuery("m")!, generation: 1, limit: 200)])
        expectEqual(type("i", on: &state), [.search(SearchQuery("mi")!, generation: 2, limit: 200)])
        // The answer to "m" comes after "mi" was typed: dropped.
        _ = reduce(&state, .searchAnswered(generation: 1, Self.milk))
        expectEqual(state.screen.search?.results.items, [])
        _ = reduce(&state, .searchAnswered(generation: 2, SearchResults(items: Array(Self.milk.items.prefix(2)))))
        expectEqual(state.screen.search?.results.items.count, 2)
        // Backspace is a change too; cursor keys are not.
        expectEqual(press(.left, on: &state), [])
        expectEqual(press(.end, .backspace, on: &state), [.search(SearchQuery("m")!, generation: 3, limit: 200)])
        expectEqual(state.lastSearch, SearchQuery("m"))
        // Emptied: no look-up, no results, the hint again.
        expectEqual(press(.backspace, on: &state), [])
        expectEqual(state.screen.search?.results.items, [])
        expectEqual(render(state).lines()[3], "  Type to search all lists; case and accents are ignored.")
        // The last search typed is still what n and N look for.
        expectEqual(state.lastSearch, SearchQuery("m"))
    }

    @Test("results: text, list name and due date in the rows of a list; the count in the title; Down moves")
    func results() {
        var state = home(width: 72)
        _ = press(.character("/"), on: &state)
        _ = type("milk", on: &state)
        _ = reduce(&state, .searchAnswered(generation: 4, Self.milk))
        _ = press(.down, on: &state)
        expectEqual(render(state).lines(), [
            " Search                                                       3 matches",
            " / milk",
            " [ ] Milk overdue       ! Groceries   Today 9:00 AM",
            " [ ] Oat milk             旅行の準備  Monday 8:00 AM",
            " [ ] Milk for the café    List",
            "",
            "",
            "",
            "",
            " ↑↓ move  Enter open in its list  Esc back  F1 help",
        ])
        expectEqual(state.screen.search?.selected?.id, 9)
        expectEqual(render(state).cursor, GridPosition(row: 1, column: 7))
    }

    @Test("the mouse on the results: a click selects, a second click opens, the wheel scrolls; the query row is no result")
    func mouse() {
        var state = home(height: 8)
        _ = press(.character("/"), on: &state)
        _ = type("milk", on: &state)
        let more = (20..<23).map { Self.listed(Int64($0), "milk \($0)", nil) }
        _ = reduce(&state, .searchAnswered(generation: 4, SearchResults(items: Self.milk.items + more)))
        func send(_ button: MouseEvent.Button, row: Int) -> [Effect] {
            reduce(&state, .key(.mouse(MouseEvent(button, row: row, column: 10))))
        }
        expectEqual(send(.left, row: 1), [])
        expectEqual(state.screen.search?.viewport.selection, 0)
        expectEqual(send(.left, row: 3), [])
        expectEqual(state.screen.search?.selected?.id, 9)
        // Four result rows at this height, six results: a notch scrolls to the last four.
        expectEqual(send(.wheelDown, row: 3), [])
        expectEqual(state.screen.search?.viewport.top, 2)
        #expect(render(state).lines()[2].contains("Milk for the café"))
        expectEqual(send(.left, row: 2), [])
        expectEqual(state.screen.search?.selected?.id, 12)
        expectEqual(send(.left, row: 2), [.commit(.setOpenChecklist(id: 2)), .commit(.showItem(id: 12)),
                                         .loadItems(checklistID: 2, anchor: .item(12, fallback: 0), pageSize: state.pageSize)])
    }

    @Test("no matches says so; more than the limit says \"200+\"")
    func noneAndMore() {
        var state = home()
        _ = press(.character("/"), on: &state)
        _ = type("zzz", on: &state)
        _ = reduce(&state, .searchAnswered(generation: 3, SearchResults()))
        expectEqual(render(state).lines()[0], " Search                                           0 matches")
        expectEqual(render(state).lines()[3], "  No matches for “zzz”.")
        _ = press(.backspace, .backspace, on: &state)
        _ = reduce(&state, .searchAnswered(generation: 5, SearchResults(items: Array(Self.milk.items.prefix(1)), hasMore: true)))
        expectEqual(render(state).lines()[0], " Search                                          1+ matches")
    }

    @Test("Esc goes back to All Lists as it was, reloading it in place")
    func escBackHome() {
        var state = home()
        let before = render(state).lines()
        _ = press(.character("/"), on: &state)
        _ = type("milk", on: &state)
        let back = press(.escape, on: &state)
        expectEqual(back, [loadLists(state, select: nil)])
        expectEqual(state.route, .allLists)
        #expect(state.screen.search == nil)
        expectEqual(render(state).lines(), before)
    }

    @Test("Esc from a search begun in a checklist goes back to that checklist, the same item selected")
    func escBackToChecklist() {
        var state = home()
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: RenderTests.items, totalCount: 3)
        _ = reduce(&state, .itemsLoaded(Self.lists[0], page, selectIndex: 2))
        let before = render(state).lines()
        _ = press(.character("/"), on: &state)
        _ = type("x", on: &state)
        expectEqual(press(.escape, on: &state), [.loadItems(checklistID: 1, anchor: .item(3, fallback: 2), pageSize: state.pageSize)])
        expectEqual(state.route, .checklist)
        expectEqual(render(state).lines(), before)
    }

    @Test("a match checked off from the reminder banner over the search is asked for again, not the checklist beneath (the fuzzer's find)")
    func bannerCheckOffReloadsResults() throws {
        var state = home()
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: RenderTests.items, totalCount: 3)
        _ = reduce(&state, .itemsLoaded(Self.lists[0], page, selectIndex: 0))
        _ = press(.character("/"), on: &state)
        _ = type("milk", on: &state)
        _ = reduce(&state, .searchAnswered(generation: 4, Self.milk))
        let search = try #require(state.screen.search)
        let effects = reduce(&state, .committed(.setChecked(itemID: 2, true), .item(2)))
        expectEqual(effects.first, SearchScreen.reload(search).first)
        #expect(!effects.contains { if case .loadItems = $0 { true } else { false } })
        expectEqual(state.route, .search)
    }

    @Test("Enter opens the selected match in its list, the item selected; a gone item says so")
    func enterOpens() {
        var state = home()
        _ = press(.character("/"), on: &state)
        _ = type("milk", on: &state)
        _ = reduce(&state, .searchAnswered(generation: 4, Self.milk))
        _ = press(.down, on: &state)
        // The match is shown even if the list hides it (checked, not started, folded away).
        expectEqual(press(.enter, on: &state), [.commit(.setOpenChecklist(id: 3)), .commit(.showItem(id: 9)),
                                              .loadItems(checklistID: 3, anchor: .item(9, fallback: 0), pageSize: state.pageSize)])
        expectEqual(state.route, .search)
        let item = Item(id: 9, checklistID: 3, text: "Oat milk", dueDate: Fixed.date("2026-11-23 08:00"))
        let page = ItemsPage(checklistID: 3, sortOrder: .dueDate, offset: 0, items: [Item(id: 8, checklistID: 3, text: "Tent", dueDate: nil), item],
                             totalCount: 2)
        _ = reduce(&state, .itemsLoaded(Self.lists[2], page, selectIndex: 1))
        expectEqual(state.route, .checklist)
        #expect(state.screen.search == nil)
        expectEqual(state.screen.checklist?.selectedItem?.id, 9)
        expectEqual(state.message, StatusMessage("n/N: next/previous match for “milk” in this list."))

        var gone = home()
        _ = press(.character("/"), on: &gone)
        _ = type("milk", on: &gone)
        _ = reduce(&gone, .searchAnswered(generation: 4, Self.milk))
        _ = press(.down, .enter, on: &gone)
        _ = reduce(&gone, .itemsLoaded(Self.lists[2], ItemsPage(checklistID: 3, sortOrder: .dueDate, offset: 0, items: [page.items[0]], totalCount: 1),
                                       selectIndex: 0))
        expectEqual(gone.route, .checklist)
        expectEqual(gone.message, StatusMessage("That item no longer exists.", kind: .error))
    }

    @Test("n and N ask for the last search's next match after the selected item, then load its page and say which it is")
    func nextAndPrevious() {
        var state = home()
        let items = (0..<6).map { Item(id: Int64(10 + $0), checklistID: 1, text: "item \($0)", dueDate: nil) }
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: items, totalCount: 6)
        _ = reduce(&state, .itemsLoaded(Self.lists[0], page, selectIndex: 2))
        expectEqual(press(.character("n"), on: &state), [])
        expectEqual(state.message, StatusMessage("No search yet: / searches every list."))
        let query = SearchQuery("item")!
        state.lastSearch = query
        expectEqual(press(.character("n"), on: &state), [.findMatch(query, checklistID: 1, after: items[2], forward: true)])
        expectEqual(press(.character("N"), on: &state), [.findMatch(query, checklistID: 1, after: items[2], forward: false)])
        expectEqual(reduce(&state, .matchFound(query, checklistID: 1, MatchStep(itemID: 14, number: 2, total: 3, wrapped: false))), [.loadItems(checklistID: 1, anchor: .item(14, fallback: 2), pageSize: state.pageSize)])
        expectEqual(render(state).lines()[8], " 2 of 3 matches for “item”")
        _ = reduce(&state, .matchFound(query, checklistID: 1, MatchStep(itemID: 11, number: 1, total: 3, wrapped: true)))
        expectEqual(state.message?.text, "1 of 3 matches for “item” (from the top)")
        _ = reduce(&state, .matchFound(query, checklistID: 1, MatchStep(itemID: 15, number: 3, total: 3, wrapped: true)))
        expectEqual(state.message?.text, "3 of 3 matches for “item” (from the bottom)")
        _ = reduce(&state, .matchFound(query, checklistID: 1, MatchStep(itemID: 15, number: 1, total: 1, wrapped: true)))
        expectEqual(state.message?.text, "1 of 1 match for “item”")
        expectEqual(reduce(&state, .matchFound(query, checklistID: 1, nil)), [])
        expectEqual(state.message?.text, "No matches for “item” in this list.")
        // An answer for a list no longer in front changes nothing.
        expectEqual(reduce(&state, .matchFound(query, checklistID: 2, MatchStep(itemID: 14, number: 2, total: 3, wrapped: false))), [])
    }

    @Test("the keys are in the key table with config names, and on ?; a config that bound n to add keeps it")
    func keys() throws {
        expectEqual(KeyBindings.command(for: .character("/"), in: .allLists), .search)
        expectEqual(KeyBindings.command(for: .character("/"), in: .dueItem), .search)
        expectEqual(KeyBindings.command(for: .character("/"), in: .checklist), .search)
        expectEqual(KeyBindings.command(for: .character("n"), in: .checklist), .nextMatch)
        expectEqual(KeyBindings.command(for: .character("N"), in: .checklist), .previousMatch)
        #expect(KeyBindings.command(for: .character("j"), in: .search) == nil)
        expectEqual([KeyCommand.search, .nextMatch, .previousMatch].map(KeyBindings.configName(of:)), ["search", "next-match", "previous-match"])
        let help = HelpOverlay.lines(first: .checklist)
        #expect(help.contains("  /                       search every list"))
        #expect(help.contains("  n                       next match of the last search"))
        #expect(help.contains("Search"))
        // n is new: a user's `add = "n"` takes it, and next-match can be given another key.
        let userAdd = try KeyMap.defaults.remapped([KeyRemap(name: "add", keys: [.character("n")])])
        expectEqual(userAdd.command(for: .character("n"), in: .checklist), .addItem)
        expectEqual(userAdd.command(for: .character("N"), in: .checklist), .previousMatch)
        let moved = try KeyMap.defaults.remapped([KeyRemap(name: "add", keys: [.character("n")]),
                                                  KeyRemap(name: "next-match", keys: [.character("f")])])
        expectEqual(moved.command(for: .character("f"), in: .checklist), .nextMatch)
        // Keys older than users' files still clash.
        #expect(throws: KeyMapError.self) { try KeyMap.defaults.remapped([KeyRemap(name: "search", keys: [.character("d")])]) }
    }
}

/// Search through the Store: the look-ups run on a real SQLite file.
@Suite("Search on a real database")
struct SearchStoreTests {
    let folder = TemporaryFolder()

    func type(_ text: String, on store: Store) {
        for character in text { store.send(.key(.character(character))) }
    }

    @Test("type, narrow, open with Enter, step with n; Esc from a search leaves the list as it was")
    func searchAndOpen() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        guard case let .checklist(courses) = try database.apply(.addChecklist(name: "Courses", icon: .groceries), now: Fixed.now)
        else { Issue.record("no list"); return }
        for (text, list) in [("Café crème", courses), ("Bread", courses), ("買う牛乳を", courses), ("CAFE tables", Int64(1)),
                             ("cafeteria card", courses)] {
            try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: nil)), now: Fixed.now)
        }
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 10, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        store.send(.key(.character("/")))
        type("caf", on: store)
        expectEqual(render(store.state).lines().prefix(5), [
            " Search                                           3 matches",
            " / caf",
            " [ ] Café crème      Courses",
            " [ ] CAFE tables     List",
            " [ ] cafeteria card  Courses",
        ])
        // A space is text like any other: "café c" is not in "CAFE tables".
        type("é c", on: store)
        expectEqual(render(store.state).lines().prefix(4), [
            " Search                                             1 match",
            " / café c",
            " [ ] Café crème  Courses",
            "",
        ])
        store.send(.key(.control("u")))
        type("牛乳", on: store)
        expectEqual(store.state.screen.search?.results.items.map(\.item.text), ["買う牛乳を"])
        store.send(.key(.control("u")))
        type("cafe", on: store)
        store.send(.key(.down))
        store.send(.key(.down))
        store.send(.key(.enter))
        expectEqual(store.state.route, .checklist)
        expectEqual(store.state.screen.checklist?.summary.checklist.name, "Courses")
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "cafeteria card")
        store.send(.key(.character("n")))
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "Café crème")
        expectEqual(store.state.message?.text, "1 of 2 matches for “cafe” (from the top)")
        store.send(.key(.character("n")))
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "cafeteria card")
        expectEqual(store.state.message?.text, "2 of 2 matches for “cafe”")
        // A search from here and Esc: the same list, the same item.
        store.send(.key(.character("/")))
        type("bread", on: store)
        expectEqual(store.state.screen.search?.results.items.map(\.item.text), ["Bread"])
        store.send(.key(.escape))
        expectEqual(store.state.route, .checklist)
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "cafeteria card")
        // The open list is the one the next start shows.
        try expectEqual(database.openChecklistID(), courses)
        folder.remove()
    }
}
