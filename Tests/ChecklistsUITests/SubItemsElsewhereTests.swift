import Foundation
import Testing
@testable import ChecklistsUI
@testable import ChecklistsModel
import TestSupport

/// Sub-items where a row stands apart from its family or is clicked: Space
/// on a parent in the Due view and the tag view asks "Check its N open
/// sub-items too?" as a checklist does, through the same count; a click on
/// a parent's fold mark folds or unfolds it, as z does.
@Suite("Sub-items: checked from the Due view and the tag view, folded by a click")
struct SubItemsElsewhereTests {
    let folder = TemporaryFolder()

    /// A database with "Trip" (due today, tagged #travel) and its two open
    /// sub-items "Flights" and "Hotel", and "Milk" (due today, no family), in
    /// the start's list; a Store on it started at 40x10.
    func tripStore() throws -> (Store, ChecklistsDatabase, trip: Int64, milk: Int64) {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try #require(try database.checklistSummaries().first?.id)
        let due = Fixed.date("2026-11-21 17:00")
        guard case let .item(trip) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Trip", dueDate: due, tags: ["travel"])),
                                                        now: Fixed.now),
              case let .item(milk) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: due, tags: ["travel"])),
                                                        now: Fixed.now)
        else { throw StorageError.notFound(what: "the items") }
        for text in ["Flights", "Hotel"] {
            try database.apply(.addSubItem(parentID: trip, ItemDraft(text: text, dueDate: nil)), now: Fixed.now)
        }
        let store = Store(state: AppState(context: Fixed.context, width: 40, height: 10, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        return (store, database, trip, milk)
    }

    func checked(_ database: ChecklistsDatabase) throws -> [String] {
        let list = try #require(try database.checklistSummaries().first?.id)
        return try database.listedItems(checklistID: list, includeChecked: true, dueFrom: nil, before: nil)
            .filter(\.item.isChecked).map(\.item.text).sorted()
    }

    // MARK: - The Due view

    @Test("Space on a parent in the Due view asks on the message line; y checks the family")
    func dueViewYes() throws {
        defer { folder.remove() }
        let (store, database, trip, _) = try tripStore()
        expectEqual(store.state.allLists.selectedDueItem?.id, trip)
        store.send(.key(.character(" ")))
        expectEqual(render(store.state).lines()[8], " Check its 2 open sub-items too? (y/n)")
        #expect(try checked(database).isEmpty)
        store.send(.key(.character("y")))
        try expectEqual(checked(database), ["Flights", "Hotel", "Trip"])
        // One undo takes the whole family's check back.
        store.send(.key(.character("u")))
        #expect(try checked(database).isEmpty)
    }

    @Test("n checks the parent alone, Esc nothing; an item with no sub-items is checked at once; unchecking asks nothing")
    func dueViewNoAndPlain() throws {
        defer { folder.remove() }
        let (store, database, _, milk) = try tripStore()
        store.send(.key(.character(" ")))
        store.send(.key(.escape))
        #expect(store.state.overlays.question == nil)
        #expect(try checked(database).isEmpty)
        store.send(.key(.character(" ")))
        store.send(.key(.character("n")))
        try expectEqual(checked(database), ["Trip"])
        // Trip left the Due view: Milk is selected now.
        expectEqual(store.state.allLists.selectedDueItem?.id, milk)
        store.send(.key(.character(" ")))
        #expect(store.state.overlays.question == nil)
        try expectEqual(checked(database), ["Milk", "Trip"])
    }

    @Test("the reducer: Space on an open due item counts its family first, on a checked one reopens it at once")
    func dueViewEffects() {
        var state = AppState(context: Fixed.context, width: 40, height: 10, now: Fixed.now)
        let open = ListedItem(item: Item(id: 7, checklistID: 1, text: "Trip", dueDate: Fixed.date("2026-11-21 17:00")), checklistName: "List")
        _ = reduce(&state, .listsLoaded(RenderTests.lists, due: DueSection(items: [open], total: 1), select: nil))
        expectEqual(reduce(&state, .key(.character(" "))), [.countFamily(itemID: 7, for: .check)])
        var done = open
        done.item.isChecked = true
        _ = reduce(&state, .listsLoaded(RenderTests.lists, due: DueSection(items: [done], total: 1), select: nil))
        expectEqual(reduce(&state, .key(.character("x"))), [.commit(.setChecked(itemID: 7, false))])
    }

    // MARK: - The tag view

    @Test("Space on a parent in the tag view asks the same question; y checks the family and the view reloads")
    func tagView() throws {
        defer { folder.remove() }
        let (store, database, trip, _) = try tripStore()
        store.send(.key(.character("#")))
        store.send(.key(.enter))
        guard case let .tags(view) = store.state.screen else { Issue.record("not on the tag view"); return }
        expectEqual(view.selectedItem?.id, trip)
        store.send(.key(.character(" ")))
        expectEqual(store.state.overlays.question?.question, "Check its 2 open sub-items too?")
        store.send(.key(.character("y")))
        try expectEqual(checked(database), ["Flights", "Hotel", "Trip"])
        expectEqual(store.state.route, .tags)
    }

    // MARK: - A click on the fold mark

    func openTrip() throws -> (Store, ChecklistsDatabase) {
        let (store, database, _, _) = try tripStore()
        // The lists are below the Due view: End selects the last (the only) one.
        store.send(.key(.end))
        store.send(.key(.enter))
        return (store, database)
    }

    @Test("a click on ▾ folds the parent and on ▸ unfolds it, as z; a click on the text only selects")
    func clickFoldMark() throws {
        defer { folder.remove() }
        let (store, _) = try openTrip()
        expectEqual(render(store.state).lines().prefix(5), [
            " List              4 Remaining · by du…",
            " [ ] ▾ Trip 0/2 #travel  5:00 PM",
            "   [ ] Flights",
            "   [ ] Hotel",
            " [ ] Milk #travel        5:00 PM",
        ])
        store.send(.key(.mouse(MouseEvent(.left, row: 1, column: 5))))
        expectEqual(render(store.state).lines().prefix(4), [
            " List              4 Remaining · by du…",
            " [ ] ▸ Trip 0/2 #travel  5:00 PM",
            " [ ] Milk #travel        5:00 PM",
            "",
        ])
        // The selection is on the parent it folded.
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "Trip")
        // A second click soon after is a second fold, not a double click opening the form.
        store.send(.key(.mouse(MouseEvent(.left, row: 1, column: 5))))
        expectEqual(store.state.route, .checklist)
        expectEqual(render(store.state).lines()[2], "   [ ] Flights")
        // On the text beside the mark, or on a row with no mark, a click selects and nothing folds.
        store.send(.key(.mouse(MouseEvent(.left, row: 1, column: 7))))
        store.send(.key(.mouse(MouseEvent(.left, row: 2, column: 5))))
        expectEqual(render(store.state).lines()[1], " [ ] ▾ Trip 0/2 #travel  5:00 PM")
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "Flights")
    }

    @Test("the mark's column follows the indentation and the marks before it")
    func foldMarkColumn() {
        let state = AppState(context: Fixed.context, width: 40, height: 10, now: Fixed.now)
        let item = Item(id: 1, checklistID: 1, text: "Louvre", dueDate: nil, parentID: 6)
        // "       [ ] ›4 ▾ Louvre 0/1": the depth mark and its space before ▾.
        expectEqual(MouseInput.foldMarkColumn(of: item, place: FamilyPlace(depth: 4, subItemCount: 1), state: state), 14)
        expectEqual(MouseInput.foldMarkColumn(of: item, place: FamilyPlace(depth: 1, subItemCount: 1), state: state), 7)
        #expect(MouseInput.foldMarkColumn(of: item, place: FamilyPlace(depth: 1), state: state) == nil)
        var unlinked = item
        unlinked.parentID = nil
        unlinked.unlinkedParentUID = "elsewhere"
        // " [ ] ↰ ▾ Pack": the unlinked mark first.
        expectEqual(MouseInput.foldMarkColumn(of: unlinked, place: FamilyPlace(depth: 0, subItemCount: 1), state: state), 7)
    }
}
