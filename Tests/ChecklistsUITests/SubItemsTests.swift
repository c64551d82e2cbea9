import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Sub-items on screen and on keys: rows indented by depth (three levels,
/// then the depth written), a parent's fold mark and progress, the mark of
/// a parent not in the list, the parent's text in the Due view; A, Tab,
/// Shift-Tab and z; the questions a parent's check and delete ask.
@Suite("Sub-items: rows, keys and questions")
struct SubItemsTests {
    static let travel = ChecklistSummary(checklist: Checklist(id: 2, name: "Travel", icon: .none, sortOrder: .added), itemCount: 10,
                                         remainingCount: 8)

    /// A family five levels deep under "Trip" (Europe, France, Paris,
    /// Louvre, Tickets), a folded "Flights", and "Pack the bags", whose
    /// parent another app named but is not in the list. In family order,
    /// as the storage's page gives it.
    static let rows: [(Item, FamilyPlace)] = [
        (Item(id: 1, checklistID: 2, text: "Trip", dueDate: nil), FamilyPlace(depth: 0, subItemCount: 3, checkedSubItemCount: 1)),
        (Item(id: 2, checklistID: 2, text: "Book hotel", isChecked: true, dueDate: nil, parentID: 1), FamilyPlace(depth: 1)),
        (Item(id: 3, checklistID: 2, text: "Flights", dueDate: nil, parentID: 1, isCollapsed: true),
         FamilyPlace(depth: 1, subItemCount: 2, checkedSubItemCount: 2)),
        (Item(id: 4, checklistID: 2, text: "Europe", dueDate: nil, parentID: 1), FamilyPlace(depth: 1, subItemCount: 1)),
        (Item(id: 5, checklistID: 2, text: "France", dueDate: nil, parentID: 4), FamilyPlace(depth: 2, subItemCount: 1)),
        (Item(id: 6, checklistID: 2, text: "Paris", dueDate: nil, parentID: 5), FamilyPlace(depth: 3, subItemCount: 1)),
        (Item(id: 7, checklistID: 2, text: "Louvre", dueDate: nil, parentID: 6), FamilyPlace(depth: 4, subItemCount: 1)),
        (Item(id: 8, checklistID: 2, text: "Tickets for the museum and the tower", dueDate: nil, parentID: 7), FamilyPlace(depth: 5)),
        (Item(id: 9, checklistID: 2, text: "Pack the bags", dueDate: nil, unlinkedParentUID: "other-app-parent"), FamilyPlace(depth: 0)),
    ]

    func travel(width: Int, height: Int = 13, unicode: Bool = true, rows: [(Item, FamilyPlace)] = rows, select: Int = 0) -> AppState {
        var context = Fixed.context
        context.unicode = unicode
        var state = AppState(context: context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.travel, Self.home], select: 2))
        let page = ItemsPage(checklistID: 2, sortOrder: .added, offset: 0, items: rows.map(\.0), totalCount: rows.count, places: rows.map(\.1))
        _ = reduce(&state, .itemsLoaded(Self.travel, page, selectIndex: select))
        return state
    }

    static let home = ChecklistSummary(checklist: Checklist(id: 3, name: "Home", icon: .none), itemCount: 0, remainingCount: 0)

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    // MARK: - Rows

    @Test("at 40 columns: two columns a level for three levels, then the depth written; ▾/▸, progress, ↰")
    func narrowRows() {
        expectEqual(Array(render(travel(width: 40)).lines().prefix(11)), [
            " Travel            8 Remaining · by or…",
            " [ ] ▾ Trip 1/3",
            "   [x] Book hotel",
            "   [ ] ▸ Flights 2/2",
            "   [ ] ▾ Europe 0/1",
            "     [ ] ▾ France 0/1",
            "       [ ] ▾ Paris 0/1",
            "       [ ] ›4 ▾ Louvre 0/1",
            "       [ ] ›5 Tickets for the museum…",
            " [ ] ↰ Pack the bags",
            "",
        ])
    }

    @Test("at 120 columns the same tree, the deep text whole")
    func wideRows() {
        expectEqual(Array(render(travel(width: 120)).lines().prefix(11)), [
            " Travel                                                                                    8 Remaining · by order added",
            " [ ] ▾ Trip 1/3",
            "   [x] Book hotel",
            "   [ ] ▸ Flights 2/2",
            "   [ ] ▾ Europe 0/1",
            "     [ ] ▾ France 0/1",
            "       [ ] ▾ Paris 0/1",
            "       [ ] ›4 ▾ Louvre 0/1",
            "       [ ] ›5 Tickets for the museum and the tower",
            " [ ] ↰ Pack the bags",
            "",
        ])
    }

    @Test("without Unicode the marks are ASCII: - open, + folded, >4 deep, ^ unlinked")
    func asciiMarks() {
        let lines = render(travel(width: 40, unicode: false)).lines()
        expectEqual(lines[1], " [ ] - Trip 1/3")
        expectEqual(lines[3], "   [ ] + Flights 2/2")
        expectEqual(lines[7], "       [ ] >4 - Louvre 0/1")
        expectEqual(lines[9], " [ ] ^ Pack the bags")
    }

    @Test("a parent with all its sub-items checked shows its progress in green; otherwise dim")
    func progressColours() {
        let grid = render(travel(width: 40))
        // "2/2" after "Flights" on row 3, "1/3" after "Trip" on row 1.
        #expect(grid[3, 17].grapheme == "2" && grid[3, 17].color == .green)
        #expect(grid[1, 12].grapheme == "1" && grid[1, 12].style.contains(.dim))
    }

    @Test("a dated family keeps its dates in one column, the text of a deep row giving way")
    func datedFamily() {
        let due = Fixed.date("2026-11-21 18:00")
        let rows: [(Item, FamilyPlace)] = [
            (Item(id: 1, checklistID: 2, text: "Trip", dueDate: due), FamilyPlace(depth: 0, subItemCount: 1)),
            (Item(id: 2, checklistID: 2, text: "Book the hotel by the station", dueDate: due, parentID: 1), FamilyPlace(depth: 1, subItemCount: 1)),
            (Item(id: 3, checklistID: 2, text: "Ask for a quiet room", dueDate: due, parentID: 2), FamilyPlace(depth: 2)),
        ]
        expectEqual(Array(render(travel(width: 40, rows: rows)).lines().prefix(5)), [
            " Travel            8 Remaining · by or…",
            " [ ] ▾ Trip 0/1                 6:00 PM",
            "   [ ] ▾ Book the hotel b… 0/1  6:00 PM",
            "     [ ] Ask for a quiet room   6:00 PM",
            "",
        ])
    }

    @Test("the Due view shows a sub-item's parent after its text, dim, and cuts it first")
    func dueViewParentText() {
        func home(width: Int) -> [String] {
            var state = AppState(context: Fixed.context, width: width, height: 10, now: Fixed.now)
            let items = [
                ListedItem(item: Item(id: 2, checklistID: 2, text: "Book hotel", dueDate: Fixed.date("2026-11-21 18:00"), parentID: 1),
                           checklistName: "Travel", parentText: "Trip to the seaside"),
                ListedItem(item: Item(id: 9, checklistID: 3, text: "Water the plants", dueDate: Fixed.date("2026-11-21 19:00")),
                           checklistName: "Home"),
            ]
            _ = reduce(&state, .listsLoaded([Self.home, Self.travel], due: DueSection(items: items, total: 2), select: nil))
            return Array(render(state).lines().prefix(4))
        }
        expectEqual(home(width: 120), [
            " Checklists                                                                                             2 due · 2 lists",
            " Due today and overdue",
            "   • Book hotel  ‹ Trip to the seaside  Travel  Today 6:00 PM",
            "   • Water the plants                   Home    Today 7:00 PM",
        ])
        expectEqual(home(width: 40), [
            " Checklists             2 due · 2 lists",
            " Due today and overdue",
            "   • Book hotel  ‹ Tr…  Travel  6:00 PM",
            "   • Water the plants   Home    7:00 PM",
        ])
        var state = AppState(context: Fixed.context, width: 120, height: 10, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.home], due: DueSection(items: [
            ListedItem(item: Item(id: 2, checklistID: 2, text: "Book hotel", dueDate: Fixed.date("2026-11-21 18:00"), parentID: 1),
                       checklistName: "Travel", parentText: "Trip"),
        ], total: 1), select: nil))
        let grid = render(state)
        #expect(grid[2, 17].grapheme == "‹" && grid[2, 17].style.contains(.dim))
    }

    // MARK: - Keys

    @Test("A opens the form for a sub-item of the selected item; Done saves it with addSubItem")
    func addSubItem() {
        var state = travel(width: 80, select: 3)   // Europe
        expectEqual(press(.character("A"), on: &state), [.loadTags])
        expectEqual(state.screen.itemDetail?.mode, .addSubItem(parent: Self.rows[3].0))
        #expect(render(state).lines()[0].hasPrefix(" Add Sub-item to “Europe”"))
        for character in "Rome" { _ = reduce(&state, .key(.character(character))) }
        expectEqual(press(.enter, on: &state), [.commit(.addSubItem(parentID: 4, ItemDraft(text: "Rome", dueDate: nil)))])
    }

    @Test("A under a folded parent unfolds it first, so the new sub-item shows (two changes, the add undone first)")
    func addSubItemUnfolds() {
        var state = travel(width: 80, select: 2)   // Flights, folded
        _ = press(.character("A"), on: &state)
        for character in "Return" { _ = reduce(&state, .key(.character(character))) }
        expectEqual(press(.control("s"), on: &state), [
            .commit(.setCollapsed(itemID: 3, false)),
            .commit(.addSubItem(parentID: 3, ItemDraft(text: "Return", dueDate: nil))),
        ])
    }

    @Test("Tab and > put the item under the sibling above; the rows between are that sibling's family")
    func indent() {
        var state = travel(width: 80, select: 3)   // Europe: Flights is the sibling above
        expectEqual(press(.tab, on: &state), [.commit(.setCollapsed(itemID: 3, false)), .commit(.setParent(itemID: 4, parentID: 3))])
        state = travel(width: 80, select: 8)       // Pack the bags: Trip's whole family is between
        expectEqual(press(.character(">"), on: &state), [.commit(.setParent(itemID: 9, parentID: 1))])
    }

    @Test("Tab on the first of its siblings says there is nothing to indent it under")
    func indentFirst() {
        var state = travel(width: 80, select: 1)   // Book hotel, Trip's first
        #expect(press(.tab, on: &state).isEmpty)
        expectEqual(state.message?.text, "Nothing above “Book hotel” at its level to indent it under.")
        state = travel(width: 80, select: 0)
        #expect(press(.tab, on: &state).isEmpty)
        expectEqual(state.message?.text, "Nothing above “Trip” at its level to indent it under.")
    }

    @Test("Shift-Tab and < move the item beside its parent; at the top level they say so")
    func outdent() {
        var state = travel(width: 80, select: 5)   // Paris, under France, under Europe
        expectEqual(press(.backTab, on: &state), [.commit(.setParent(itemID: 6, parentID: 4))])
        state = travel(width: 80, select: 1)       // Book hotel, under Trip: to the top level
        expectEqual(press(.character("<"), on: &state), [.commit(.setParent(itemID: 2, parentID: nil))])
        state = travel(width: 80, select: 0)
        #expect(press(.backTab, on: &state).isEmpty)
        expectEqual(state.message?.text, "“Trip” is already at the top level.")
    }

    @Test("Shift-Tab on an item whose parent is not in the list drops that link")
    func outdentUnlinked() {
        var state = travel(width: 80, select: 8)
        expectEqual(press(.backTab, on: &state), [.commit(.setParent(itemID: 9, parentID: nil))])
    }

    @Test("Shift-Tab with the parent above the loaded page reads the parent first, then outdents")
    func outdentParentNotLoaded() {
        let rows = Array(Self.rows[5...6])       // Paris and Louvre, from offset 5
        var state = AppState(context: Fixed.context, width: 80, height: 13, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.travel], select: 2))
        let page = ItemsPage(checklistID: 2, sortOrder: .added, offset: 5, items: rows.map(\.0), totalCount: 9, places: rows.map(\.1))
        _ = reduce(&state, .itemsLoaded(Self.travel, page, selectIndex: 5))
        expectEqual(press(.backTab, on: &state), [.countFamily(itemID: 5, for: .outdent(child: 6))])
        let france = FamilyCount(item: Self.rows[4].0, subItems: 3, openSubItems: 3)
        expectEqual(reduce(&state, .familyCounted(.outdent(child: 6), france)), [.commit(.setParent(itemID: 6, parentID: 4))])
    }

    @Test("z folds and unfolds a parent; on a sub-item it folds its parent; on a lone item it says so")
    func fold() {
        var state = travel(width: 80, select: 0)
        expectEqual(press(.character("z"), on: &state), [.commit(.setCollapsed(itemID: 1, true))])
        state = travel(width: 80, select: 2)       // Flights, folded
        expectEqual(press(.character("z"), on: &state), [.commit(.setCollapsed(itemID: 3, false))])
        state = travel(width: 80, select: 1)       // Book hotel: Trip folds
        expectEqual(press(.character("z"), on: &state), [.commit(.setCollapsed(itemID: 1, true))])
        state = travel(width: 80, select: 8)
        #expect(press(.character("z"), on: &state).isEmpty)
        expectEqual(state.message?.text, "“Pack the bags” has no sub-items to fold.")
    }

    @Test("after z the reload centres on the item folded, so the selection goes to the parent")
    func foldSelectsParent() {
        var state = travel(width: 80, select: 1)
        _ = press(.character("z"), on: &state)
        let effects = reduce(&state, .committed(.setCollapsed(itemID: 1, true), .item(1)))
        expectEqual(effects.first, .loadItems(checklistID: 2, anchor: .item(1, fallback: 1), pageSize: state.pageSize))
    }

    @Test("J and K swap with the next sibling, past its family, never out of the parent")
    func reorderSiblings() {
        var state = travel(width: 80, select: 0)   // Trip: the next at its level is Pack the bags
        expectEqual(press(.character("J"), on: &state), [.commit(.swapPositions(itemID: 1, otherItemID: 9))])
        state = travel(width: 80, select: 3)       // Europe, the last of Trip's: nothing below at its level
        #expect(press(.character("J"), on: &state).isEmpty)
        expectEqual(press(.character("K"), on: &state), [.commit(.swapPositions(itemID: 4, otherItemID: 3))])
    }

    // MARK: - Checking and deleting a parent

    @Test("checking a parent counts its family first; a leaf and unchecking do not ask")
    func checkAsksTheDatabase() {
        var state = travel(width: 80, select: 0)
        expectEqual(press(.character(" "), on: &state), [.countFamily(itemID: 1, for: .check)])
        state = travel(width: 80, select: 8)
        expectEqual(press(.character("x"), on: &state), [.commit(.setChecked(itemID: 9, true))])
        state = travel(width: 80, select: 1)       // Book hotel, checked: storage reopens Trip if it was checked
        expectEqual(press(.character(" "), on: &state), [.commit(.setChecked(itemID: 2, false))])
    }

    func askedToCheckTrip() -> AppState {
        var state = travel(width: 80, select: 0)
        _ = press(.character(" "), on: &state)
        #expect(reduce(&state, .familyCounted(.check, FamilyCount(item: Self.rows[0].0, subItems: 8, openSubItems: 6))).isEmpty)
        return state
    }

    @Test("“Check its 6 open sub-items too?” on the message line: y checks the family")
    func checkYes() {
        var state = askedToCheckTrip()
        expectEqual(state.overlays.question?.question, "Check its 6 open sub-items too?")
        expectEqual(render(state).lines()[11], " Check its 6 open sub-items too? (y/n)")
        expectEqual(press(.character("y"), on: &state), [.commit(.checkFamily(itemID: 1))])
        #expect(state.overlays.question == nil)
    }

    @Test("n checks the parent alone")
    func checkNo() {
        var state = askedToCheckTrip()
        expectEqual(press(.character("n"), on: &state), [.commit(.setChecked(itemID: 1, true))])
        #expect(state.overlays.question == nil)
    }

    @Test("Esc checks nothing")
    func checkEscape() {
        var state = askedToCheckTrip()
        #expect(press(.escape, on: &state).isEmpty)
        #expect(state.overlays.question == nil)
    }

    @Test("a parent whose sub-items are all checked is checked without a question; one of them: “1 open sub-item”")
    func checkCounts() {
        var state = travel(width: 80, select: 2)
        _ = press(.character(" "), on: &state)
        expectEqual(reduce(&state, .familyCounted(.check, FamilyCount(item: Self.rows[2].0, subItems: 2, openSubItems: 0))), [.commit(.setChecked(itemID: 3, true))])
        #expect(state.overlays.question == nil)
        _ = reduce(&state, .familyCounted(.check, FamilyCount(item: Self.rows[2].0, subItems: 2, openSubItems: 1)))
        expectEqual(state.overlays.question?.question, "Check its 1 open sub-item too?")
    }

    @Test("the item deleted elsewhere before the count: the app says so and reloads")
    func checkGone() {
        var state = travel(width: 80, select: 0)
        _ = press(.character(" "), on: &state)
        let effects = reduce(&state, .familyCounted(.check, nil))
        expectEqual(state.message, StatusMessage("That item no longer exists.", kind: .error))
        #expect(state.overlays.question == nil)
        expectEqual(effects, [.loadItems(checklistID: 2, anchor: .item(1, fallback: 0), pageSize: state.pageSize)])
    }

    @Test("deleting a parent names its sub-items at every depth: y deletes the family, n and Esc nothing")
    func deleteFamily() {
        var state = travel(width: 80, select: 0)
        expectEqual(press(.character("d"), on: &state), [.countFamily(itemID: 1, for: .delete)])
        _ = reduce(&state, .familyCounted(.delete, FamilyCount(item: Self.rows[0].0, subItems: 8, openSubItems: 6)))
        expectEqual(state.overlays.question?.question, "Delete “Trip” and its 8 sub-items?")
        #expect(press(.character("n"), on: &state).isEmpty)
        #expect(state.overlays.question == nil)
        _ = reduce(&state, .familyCounted(.delete, FamilyCount(item: Self.rows[0].0, subItems: 1, openSubItems: 0)))
        expectEqual(state.overlays.question?.question, "Delete “Trip” and its 1 sub-item?")
        #expect(press(.escape, on: &state).isEmpty)
        #expect(state.overlays.question == nil)
        _ = reduce(&state, .familyCounted(.delete, FamilyCount(item: Self.rows[0].0, subItems: 8, openSubItems: 6)))
        expectEqual(press(.character("y"), on: &state), [.commit(.deleteItem(id: 1))])
        // A leaf asks as before, without a count.
        state = travel(width: 80, select: 8)
        #expect(press(.character("d"), on: &state).isEmpty)
        expectEqual(state.overlays.question?.question, "Delete “Pack the bags”?")
    }

    @Test("at 40 columns the text gives way to the count, in the question and in the move's message")
    func narrowQuestions() {
        var long = Self.rows[0].0
        long.text = "Trip to Lisbon and Porto"
        var state = travel(width: 40, select: 0)
        _ = reduce(&state, .familyCounted(.delete, FamilyCount(item: long, subItems: 8, openSubItems: 6)))
        expectEqual(render(state).lines().filter { $0.hasSuffix("(y/n)") }, [" Delete “Tr…” and its 8 sub-items? (y/n)"])
        _ = press(.escape, on: &state)
        state = travel(width: 46, select: 0)
        _ = reduce(&state, .familyCounted(.delete, FamilyCount(item: long, subItems: 8, openSubItems: 6)))
        expectEqual(render(state).lines().filter { $0.hasSuffix("(y/n)") }, [" Delete “Trip to …” and its 8 sub-items? (y/n)"])
        _ = press(.escape, on: &state)
        long.checklistID = 3
        _ = reduce(&state, .familyCounted(.moved, FamilyCount(item: long, subItems: 8, openSubItems: 6)))
        expectEqual(render(state).lines().filter { $0.hasPrefix(" Moved") }, [" Moved “Trip to…” and its 8 sub-items to Home"])
    }

    @Test("u after deleting a family asks the history to undo, and the undo's message and reload follow")
    func undoAfterDelete() {
        var state = travel(width: 80, select: 0)
        _ = reduce(&state, .committed(.deleteItem(id: 1), .none))
        expectEqual(press(.character("u"), on: &state), [.history(.undo, confirmed: nil)])
        let entry = HistoryEntry(id: 5, description: "delete “Trip” and its 8 sub-items", origin: .app, processID: 1, madeAt: Fixed.now,
                                 isUndone: false, isOwn: true)
        let effects = reduce(&state, .historyStepped(.applied(.undo, entry)))
        expectEqual(state.message?.text, "Undone: delete “Trip” and its 8 sub-items")
        #expect(effects.contains(.loadItems(checklistID: 2, anchor: .item(1, fallback: 0), pageSize: state.pageSize)))
    }

    @Test("moving a parent: the message names its sub-items, counted in the list they went to")
    func moveFamily() {
        var state = travel(width: 80, select: 0)
        _ = press(.character("m"), on: &state)
        let effects = press(.enter, on: &state)
        expectEqual(effects, [.commit(.moveItem(id: 1, toChecklistID: 3))])
        let after = reduce(&state, .committed(.moveItem(id: 1, toChecklistID: 3), .item(1)))
        #expect(after.contains(.countFamily(itemID: 1, for: .moved)))
        expectEqual(state.message?.text, "Moved “Trip” to Home")
        var moved = Self.rows[0].0
        moved.checklistID = 3
        _ = reduce(&state, .familyCounted(.moved, FamilyCount(item: moved, subItems: 7, openSubItems: 6)))
        expectEqual(state.message?.text, "Moved “Trip” and its 7 sub-items to Home")
        // A leaf is moved without a count.
        state = travel(width: 80, select: 8)
        _ = press(.character("m"), .enter, on: &state)
        #expect(!reduce(&state, .committed(.moveItem(id: 9, toChecklistID: 3), .item(9))).contains { if case .countFamily = $0 { true } else { false } })
    }

    // MARK: - The key table

    @Test("the new keys are in the key table, on ? and in [keys]; Esc on a question is its own command")
    func keyTable() throws {
        expectEqual(KeyBindings.command(for: .character("A"), in: .checklist), .addSubItem)
        expectEqual(KeyBindings.command(for: .tab, in: .checklist), .indent)
        expectEqual(KeyBindings.command(for: .character(">"), in: .checklist), .indent)
        expectEqual(KeyBindings.command(for: .backTab, in: .checklist), .outdent)
        expectEqual(KeyBindings.command(for: .character("<"), in: .checklist), .outdent)
        expectEqual(KeyBindings.command(for: .character("z"), in: .checklist), .toggleFold)
        expectEqual(KeyBindings.command(for: .escape, in: .confirm), .confirmCancel)
        let help = KeyMap.defaults.allBindings(for: .checklist)
        #expect(help.contains { $0.keys == "Tab >" && $0.help.hasPrefix("indent") })
        #expect(help.contains { $0.keys == "Shift-Tab <" && $0.help.hasPrefix("outdent") })
        #expect(help.contains { $0.keys == "A" && $0.help.hasPrefix("add a sub-item") })
        #expect(help.contains { $0.keys == "z" && $0.help.hasPrefix("fold/unfold") })
        let remapped = try KeyMap.defaults.remapped([KeyRemap(name: "fold", keys: [.character("o")]),
                                                     KeyRemap(name: "indent", keys: [.character("]")])])
        expectEqual(remapped.command(for: .character("o"), in: .checklist), .toggleFold)
        #expect(remapped.command(for: .character("z"), in: .checklist) == nil)
        #expect(remapped.command(for: .tab, in: .checklist) == nil)
        // Files written before these keys keep working: their keys win.
        let older = try KeyMap.defaults.remapped([KeyRemap(name: "no", keys: [.character("n"), .escape]),
                                                  KeyRemap(name: "add", keys: [.character("A")])])
        expectEqual(older.command(for: .escape, in: .confirm), .confirmNo)
        expectEqual(older.command(for: .character("A"), in: .checklist), .addItem)
    }

    // MARK: - On a real database

    @Test("through the Store: the family counted, checked with y, deleted, brought back by u; a page past folded rows is read again")
    func onADatabase() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        guard case let .checklist(list) = try database.apply(.addChecklist(name: "Aa", icon: .none), now: Fixed.now),
              case let .item(trip) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Trip", dueDate: nil)), now: Fixed.now)
        else { Issue.record("no list or item"); return }
        _ = try database.apply(.addSubItem(parentID: trip, ItemDraft(text: "Book hotel", dueDate: nil)), now: Fixed.now)
        guard case let .item(pack) = try database.apply(.addSubItem(parentID: trip, ItemDraft(text: "Pack", dueDate: nil)), now: Fixed.now)
        else { return }
        _ = try database.apply(.addSubItem(parentID: pack, ItemDraft(text: "Passport", dueDate: nil)), now: Fixed.now)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 12, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        store.send(.key(.enter))
        expectEqual(store.state.screen.checklist?.page.items.map(\.text), ["Trip", "Book hotel", "Pack", "Passport"])
        store.send(.key(.character(" ")))
        expectEqual(store.state.overlays.question?.question, "Check its 3 open sub-items too?")
        store.send(.key(.character("y")))
        #expect(try database.listedItems(checklistID: list, includeChecked: true, dueFrom: nil, before: nil).allSatisfy(\.item.isChecked))
        store.send(.key(.character("d")))
        expectEqual(store.state.overlays.question?.question, "Delete “Trip” and its 3 sub-items?")
        store.send(.key(.character("y")))
        expectEqual(store.state.screen.checklist?.count, 0)
        store.send(.key(.character("u")))
        expectEqual(store.state.screen.checklist?.page.items.map(\.text), ["Trip", "Book hotel", "Pack", "Passport"])
        // Folded, Trip is one row of four items: an anchor past it lands on the last row.
        _ = try database.apply(.setCollapsed(itemID: trip, true), now: Fixed.now)
        store.send(.refresh)
        if case let .itemsLoaded(_, page, index)? = store.perform(.loadItems(checklistID: list, anchor: .index(3), pageSize: 60)) {
            #expect(page.totalCount == 1 && index == 0 && page.items.map(\.text) == ["Trip"])
        } else {
            Issue.record("no page")
        }
    }
}
