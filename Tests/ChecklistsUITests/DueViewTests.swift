import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// The Due view at the top of All Lists: items due today and overdue from
/// every list, each with its list's name.
@Suite("Due view on the home screen")
struct DueViewTests {
    static let lists = RenderTests.lists
    static func listed(_ id: Int64, _ text: String, _ due: String, list: Int64 = 1, name: String = "Groceries") -> ListedItem {
        ListedItem(item: Item(id: id, checklistID: list, text: text, dueDate: Fixed.date(due)), checklistName: name)
    }
    static let due = DueSection(items: [
        listed(7, "Pay rent", "2026-11-20 09:00", list: 2, name: "List"),
        listed(8, "Milk", "2026-11-21 17:00"),
    ], total: 2)

    func home(due: DueSection = Self.due, width: Int = 50, height: Int = 10) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded(Self.lists, due: due, select: nil))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    @Test("a count moves over items and lists, not the headings between them: 2j from the last due item is the second list, 3G the first list")
    func countsSkipHeadings() {
        var state = home()
        func type(_ text: String) { for character in text { _ = reduce(&state, .key(.character(character))) } }
        _ = press(.down, on: &state)
        expectEqual(state.allLists.selectedDueItem?.item.text, "Milk")
        type("2j")
        expectEqual(state.allLists.selected?.checklist.name, "List")
        type("2k")
        expectEqual(state.allLists.selectedDueItem?.item.text, "Milk")
        type("3G")
        expectEqual(state.allLists.selected?.checklist.name, "Groceries")
        type("1G")
        expectEqual(state.allLists.selectedDueItem?.item.text, "Pay rent")
        type("9j")
        expectEqual(state.allLists.selected?.checklist.name, Self.lists.last?.checklist.name)
    }

    @Test("due items sit above the lists under headings; overdue ones are marked; the first item is selected")
    func layout() {
        let state = home()
        expectEqual(render(state).lines(), [
            " Checklists                       2 due · 3 lists",
            " Due today and overdue",
            "   ! Pay rent  List       Yesterday",
            "   • Milk      Groceries  5:00 PM",
            " Lists",
            "  🛒 Groceries                        2 Remaining",
            "     List                              (No Items)",
            "  🧳 旅行の準備リストとても長い名前の…  All Done!",
            " ↑↓/jk:move Enter:open Space:check a:add item",
            " q:quit u:undo ?:help",
        ])
        expectEqual(state.allLists.selectedDueItem?.item.text, "Pay rent")
        expectEqual(state.keyContext, .dueItem)
    }

    @Test("moving skips the headings, both ways")
    func skipsHeadings() {
        var state = home()
        _ = press(.down, .down, on: &state)
        expectEqual(state.allLists.selected?.checklist.name, "Groceries")
        expectEqual(state.keyContext, .allLists)
        _ = press(.up, on: &state)
        expectEqual(state.allLists.selectedDueItem?.item.text, "Milk")
        _ = press(.up, .up, .up, on: &state)
        expectEqual(state.allLists.selectedDueItem?.item.text, "Pay rent")
        expectEqual(state.allLists.viewport.top, 0)
        _ = press(.end, on: &state)
        expectEqual(state.allLists.selected?.id, 3)
        _ = press(.home, on: &state)
        expectEqual(state.allLists.selectedDueItem?.item.text, "Pay rent")
    }

    @Test("Enter opens the item in its list, to come back here; Space checks it off")
    func openAndCheck() {
        var state = home()
        let open = press(.enter, on: &state)
        // The list is loaded beneath the form, but not made the one the next start opens:
        // the user is still on the home screen.
        expectEqual(open, [.loadItems(checklistID: 2, anchor: .item(7, fallback: 0), pageSize: state.pageSize)])
        expectEqual(state.openItemAfterLoad, PendingItemForm(purpose: .edit(itemID: 7), origin: .home))
        var other = home()
        // Its family is counted first: with no open sub-items, it is checked at once.
        expectEqual(press(.character(" "), on: &other), [.countFamily(itemID: 7, for: .check)])
        expectEqual(reduce(&other, .familyCounted(.check, FamilyCount(item: Self.due.items[0].item, subItems: 0, openSubItems: 0))), [.commit(.setChecked(itemID: 7, true))])
    }

    @Test("a reload keeps the selected item on the same screen line when rows appear above it")
    func reloadKeepsPlace() {
        var state = home()
        _ = press(.down, on: &state)
        expectEqual(state.allLists.selectedDueItem?.id, 8)
        let more = DueSection(items: [Self.listed(5, "Call mum", "2026-11-19 09:00")] + Self.due.items, total: 3)
        _ = reduce(&state, .listsLoaded(Self.lists, due: more, select: nil))
        expectEqual(state.allLists.selectedDueItem?.id, 8)
        expectEqual(state.allLists.viewport.selection - state.allLists.viewport.top, 2)
        // The item checked off elsewhere leaves; the selection falls to the next row.
        let fewer = DueSection(items: [more.items[0], more.items[1]], total: 2)
        _ = reduce(&state, .listsLoaded(Self.lists, due: fewer, select: nil))
        expectEqual(state.allLists.selectedDueItem?.id, 7)
        // The last due item gone: the selection stays in the Due view, one up.
        _ = reduce(&state, .listsLoaded(Self.lists, due: DueSection(items: [more.items[0]], total: 1), select: nil))
        expectEqual(state.allLists.selectedDueItem?.id, 5)
        // No due items left: the first list.
        _ = reduce(&state, .listsLoaded(Self.lists, due: DueSection(), select: nil))
        expectEqual(state.allLists.selected?.id, 1)
    }

    @Test("more due than shown: a count line says how many more, and where to see them")
    func moreLine() {
        let state = home(due: DueSection(items: Self.due.items, total: 250), height: 12)
        expectEqual(render(state).lines()[0], " Checklists                     250 due · 3 lists")
        expectEqual(render(state).lines()[4], "     … and 248 more (checklists list --due today)")
        #expect(home(due: DueSection(items: Self.due.items, total: DueSection.countCap)).allLists.rows.contains(.moreDue(998)))
        expectEqual(render(home(due: DueSection(items: Self.due.items, total: DueSection.countCap), height: 12)).lines()[4], "   998+ more: checklists list --due today")
        // The title's count stopped at the cap too.
        expectEqual(render(home(due: DueSection(items: Self.due.items, total: DueSection.countCap), height: 12)).lines()[0], " Checklists                  1,000+ due · 3 lists")
    }

    @Test("nothing due: the home screen is just the lists")
    func nothingDue() {
        let state = home(due: DueSection())
        expectEqual(state.allLists.rows.count, 3)
        expectEqual(render(state).lines()[0], " Checklists                               3 lists")
    }
}

@Suite("Due view on a real database")
struct DueViewStoreTests {
    let folder = TemporaryFolder()

    @Test("the home screen loads what is due by the end of today, from every list; checking one off removes it")
    func loadsFromDatabase() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        try database.applyAll([
            .addItem(checklistID: list, ItemDraft(text: "yesterday", dueDate: Fixed.date("2026-11-20 09:00"))),
            .addItem(checklistID: list, ItemDraft(text: "tonight", dueDate: Fixed.date("2026-11-21 23:59"))),
            .addItem(checklistID: list, ItemDraft(text: "tomorrow", dueDate: Fixed.date("2026-11-22 00:00"))),
        ], now: Fixed.now)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 12, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        expectEqual(store.state.allLists.due.items.map(\.item.text), ["yesterday", "tonight"])
        store.send(.key(.character("x")))
        expectEqual(store.state.allLists.due.items.map(\.item.text), ["tonight"])
        expectEqual(store.state.allLists.selectedDueItem?.item.text, "tonight")
        // At midnight "tomorrow" is today.
        store.send(.clock(Fixed.date("2026-11-22 00:00")))
        store.send(.refresh)
        expectEqual(store.state.allLists.due.items.map(\.item.text), ["tonight", "tomorrow"])
        folder.remove()
    }

    @Test("the start loads only the due items the pane can show, and a taller pane loads more")
    func loadsWhatFits() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        try database.applyAll((1...30).map { day in
            .addItem(checklistID: list, ItemDraft(text: "bill \(day)", dueDate: Fixed.date("2026-10-01 09:00").addingTimeInterval(Double(day) * 86_400)))
        }, now: Fixed.now)
        // 12 rows: the title, 9 list rows, the footer's two.
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 12, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        expectEqual(store.state.listRows, 9)
        expectEqual(store.state.allLists.due.items.count, DueSection.limit(visibleRows: 9))
        expectEqual(store.state.allLists.due.total, 30)
        expectEqual(render(store.state).lines(), [
            " Checklists                                 30 due · 1 list",
            " Due today and overdue",
            "   ! bill 1  List  Oct 2",
            "   ! bill 2  List  Oct 3",
            "   ! bill 3  List  Oct 4",
            "   ! bill 4  List  Oct 5",
            "     … and 26 more (checklists list --due today)",
            " Lists",
            "  »  Upcoming                                            30",
            "     List                                      30 Remaining",
            " ↑↓/jk:move Enter:open Space:check a:add item q:quit u:undo",
            " ?:help",
        ])
        // Taller: the pane has room for more than were loaded, so they are read.
        store.send(.resized(width: 60, height: 30))
        expectEqual(store.state.allLists.due.items.count, DueSection.limit(visibleRows: 27))
        // 27 rows less the two headings, the "more" line, Upcoming's row and one list.
        expectEqual(store.state.allLists.rows.filter { if case .due = $0 { true } else { false } }.count, 22)
        // Shorter again: nothing to read.
        var shorter = store.state
        let effects = reduce(&shorter, .resized(width: 60, height: 12))
        #expect(!effects.contains { if case .loadLists = $0 { true } else { false } })
        folder.remove()
    }

    @Test("Enter on a due item opens it in Item Detail over its checklist")
    func opensItem() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "pay rent", dueDate: Fixed.date("2026-11-20 09:00"))), now: Fixed.now)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 12, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        store.send(.key(.enter))
        expectEqual(store.state.route, .itemDetail)
        expectEqual(store.state.screen.itemDetail?.draft.text, "pay rent")
        store.send(.key(.escape))
        // Back where the user came from: the Due view, on the same item.
        expectEqual(store.state.route, .allLists)
        #expect(store.state.screen.checklist == nil)
        expectEqual(store.state.allLists.selectedDueItem?.item.text, "pay rent")
        #expect(try database.openChecklistID() == nil)
        folder.remove()
    }
}
