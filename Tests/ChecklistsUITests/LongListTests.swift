import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Long lists stay manageable: counts before movement keys as in vi (`5j`,
/// `10G`), a position indicator in the title bar, the mouse.
@Suite("Long lists")
struct LongListTests {
    static let due = Fixed.date("2026-11-25 09:00")
    static let summary = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .none), itemCount: 30, remainingCount: 30)

    static func items(_ range: Range<Int>) -> [Item] {
        range.map { Item(id: Int64($0 + 1), checklistID: 1, text: "Item \($0 + 1)", dueDate: due) }
    }

    /// A 40×10 checklist of `total` items ("Item 1" …), the first `loaded` in memory.
    func onChecklist(total: Int = 30, loaded: Int = 30, width: Int = 40, height: Int = 10) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: Self.items(0..<min(total, loaded)), totalCount: total)
        var summary = Self.summary
        summary.itemCount = total
        summary.remainingCount = total
        _ = reduce(&state, .itemsLoaded(summary, page, selectIndex: 0))
        return state
    }

    /// The home screen with `count` lists ("List 1" …).
    func home(lists count: Int, width: Int = 40, height: Int = 10) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        let lists = (1...count).map {
            ChecklistSummary(checklist: Checklist(id: Int64($0), name: "List \($0)", icon: .none), itemCount: 0, remainingCount: 0)
        }
        _ = reduce(&state, .listsLoaded(lists, due: DueSection(), select: nil))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    func type(_ text: String, on state: inout AppState) -> [Effect] {
        text.flatMap { reduce(&state, .key(.character($0))) }
    }

    var selection: (AppState) -> Int? { { $0.screen.checklist?.viewport.selection } }

    // MARK: - Counts

    @Test("5j moves five rows down; the count shows at the right of the message line while it is typed")
    func countMovesDown() {
        var state = onChecklist()
        #expect(type("5", on: &state).isEmpty)
        expectEqual(state.pendingCount, 5)
        expectEqual(render(state).lines().suffix(2), [
            "                                      5",
            " ↑↓/jk:move Space:check a:add … ?:help",
        ])
        _ = press(.character("j"), on: &state)
        expectEqual(selection(state), 5)
        #expect(state.pendingCount == nil)
        expectEqual(render(state).lines().suffix(2), [
            " ↑↓/jk:move Space:check a:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
        _ = type("12", on: &state)
        expectEqual(state.pendingCount, 12)
        _ = press(.down, on: &state)
        expectEqual(selection(state), 17)
        _ = type("3k", on: &state)
        expectEqual(selection(state), 14)
        _ = press(.up, on: &state)
        expectEqual(selection(state), 13, "a count is used once")
    }

    @Test("10G goes to line 10 and 3g to line 3 (1-based, as in vi); G and g alone to the last and first; a line past the end is the last")
    func countGoesToLine() {
        var state = onChecklist()
        _ = type("10G", on: &state)
        expectEqual(selection(state), 9)
        _ = type("3g", on: &state)
        expectEqual(selection(state), 2)
        _ = type("G", on: &state)
        expectEqual(selection(state), 29)
        _ = type("g", on: &state)
        expectEqual(selection(state), 0)
        _ = type("500G", on: &state)
        expectEqual(selection(state), 29)
        _ = type("99k", on: &state)
        expectEqual(selection(state), 0)
    }

    @Test("a count pages: 2 PgDn moves two pages of (rows - 1)")
    func countPages() {
        var state = onChecklist()
        _ = type("2", on: &state)
        _ = press(.pageDown, on: &state)
        expectEqual(selection(state), 12)
        expectEqual(state.screen.checklist?.viewport.top, 6)
    }

    @Test("a line beyond the loaded page asks for the page around it")
    func countLoadsPage() {
        var state = onChecklist(total: 5_000, loaded: 60)
        #expect(type("120", on: &state).isEmpty)
        let effects = press(.character("G"), on: &state)
        expectEqual(effects, [.loadItems(checklistID: 1, anchor: .index(119), pageSize: state.pageSize)])
        expectEqual(selection(state), 119)
    }

    @Test("the start loads the list left open as far as the pane shows and one row more; the first row past them asks for a whole page")
    func startLoadsWhatShows() {
        var state = AppState(context: Fixed.context, width: 40, height: 10, now: Fixed.now)
        // 7 rows between the title bar and the bottom two lines, and the one after.
        #expect(reduce(&state, .started(openChecklistID: 1, notice: nil)).contains(.loadItems(checklistID: 1, anchor: .index(0), pageSize: 8)))
        state = onChecklist(total: 5_000, loaded: 8)
        // Down to the loaded row below the pane: the list scrolls, nothing is read.
        #expect(type("jjjjjjj", on: &state).isEmpty)
        expectEqual(selection(state), 7)
        let effects = press(.character("j"), on: &state)
        expectEqual(effects, [.loadItems(checklistID: 1, anchor: .index(8), pageSize: 60)])
        expectEqual(selection(state), 8)
    }

    @Test("0 alone is no count (nothing happens), inside one it is a digit; eight digits at most")
    func zeroAndLimit() {
        var state = onChecklist()
        #expect(type("0", on: &state).isEmpty)
        #expect(state.pendingCount == nil)
        _ = type("20", on: &state)
        expectEqual(state.pendingCount, 20)
        _ = type("9999999999", on: &state)
        expectEqual(state.pendingCount, countLimit)
    }

    @Test("Esc drops a count and stays on the list; any other key drops it and does its own thing")
    func countDropped() {
        var state = onChecklist()
        _ = type("5", on: &state)
        #expect(press(.escape, on: &state).isEmpty)
        expectEqual(state.route, .checklist)
        #expect(state.pendingCount == nil)
        _ = type("j", on: &state)
        expectEqual(selection(state), 1)
        _ = type("4", on: &state)
        expectEqual(press(.character(" "), on: &state), [.commit(.setChecked(itemID: 2, true))])
        #expect(state.pendingCount == nil)
        _ = type("j", on: &state)
        expectEqual(selection(state), 2)
    }

    @Test("digits in a text field are text, not a count")
    func digitsInTextField() {
        var state = onChecklist()
        _ = type("a12", on: &state)
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.draft.text, "12")
        #expect(state.pendingCount == nil)
    }

    @Test("counts on All Lists: 3j, 5G")
    func countsOnHome() {
        var state = home(lists: 20)
        _ = type("3j", on: &state)
        expectEqual(state.allLists.selected?.id, 4)
        _ = type("15G", on: &state)
        expectEqual(state.allLists.selected?.id, 15)
    }

    @Test("counts in help: 5j scrolls five lines, 2g puts line 2 on top; the count shows in the title bar")
    func countsInHelp() {
        var state = onChecklist()
        _ = type("?", on: &state)
        #expect(state.overlays.help != nil)
        _ = type("5", on: &state)
        let total = HelpOverlay.lines(first: .checklist).count
        expectEqual(render(state).lines()[0], " Keys                    5 · 1–7 of \(total)")
        _ = type("j", on: &state)
        expectEqual(state.overlays.help, 5)
        _ = type("2g", on: &state)
        expectEqual(state.overlays.help, 1)
        _ = type("3", on: &state)
        _ = press(.escape, on: &state)
        #expect(state.overlays.help != nil, "Esc drops the count, and only that")
        _ = press(.escape, on: &state)
        #expect(state.overlays.help == nil)
    }

    // MARK: - The position indicator

    /// A 5,000-item list at item 120, its page around it loaded.
    func atItem120(width: Int) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: 8, now: Fixed.now)
        var summary = Self.summary
        summary.itemCount = 5_000
        summary.remainingCount = 4_880
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 100, items: Self.items(100..<160), totalCount: 5_000)
        _ = reduce(&state, .itemsLoaded(summary, page, selectIndex: 119))
        return state
    }

    @Test("a list longer than the screen shows the selection's position in the title bar, whole at 80, 40 and 30 columns")
    func positionIndicator() {
        expectEqual(render(atItem120(width: 80)).lines(), [
            " Groceries                              4880 Remaining · by due date · 120/5000",
            " [ ] Item 116  Wednesday 9:00 AM",
            " [ ] Item 117  Wednesday 9:00 AM",
            " [ ] Item 118  Wednesday 9:00 AM",
            " [ ] Item 119  Wednesday 9:00 AM",
            " [ ] Item 120  Wednesday 9:00 AM",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit d:delete s:sort Esc:back u:undo ?:help",
        ])
        expectEqual(render(atItem120(width: 40)).lines(), [
            " Groceries    4880 Remaining · 120/5000",
            " [ ] Item 116  Wed",
            " [ ] Item 117  Wed",
            " [ ] Item 118  Wed",
            " [ ] Item 119  Wed",
            " [ ] Item 120  Wed",
            " ↑↓/jk:move Space:check a:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
        expectEqual(render(atItem120(width: 30)).lines()[0], " Groceries           120/5000")
        var state = atItem120(width: 40)
        _ = type("2k", on: &state)
        expectEqual(render(state).lines()[0], " Groceries    4880 Remaining · 118/5000")
    }

    @Test("a list that fits on the screen shows no position; the home screen shows one when its rows do not fit")
    func noIndicatorWhenItFits() {
        var state = onChecklist(total: 7, loaded: 7)
        expectEqual(render(state).lines()[0], " Groceries         7 Remaining · by du…")
        state = home(lists: 7)
        expectEqual(render(state).lines()[0], " Checklists                     7 lists")
        // Thousands grouped, as the due count is.
        expectEqual(render(home(lists: 1_200)).lines()[0], " Checklists        1,200 lists · 1/1200")
        state = home(lists: 20)
        _ = type("15G", on: &state)
        expectEqual(render(state).lines(), [
            " Checklists            20 lists · 15/20",
            "     List 9                  (No Items)",
            "     List 10                 (No Items)",
            "     List 11                 (No Items)",
            "     List 12                 (No Items)",
            "     List 13                 (No Items)",
            "     List 14                 (No Items)",
            "     List 15                 (No Items)",
            " ↑↓/jk:move Enter:open a:add e:edit",
            " d:delete q:quit u:undo ?:help",
        ])
    }

    // MARK: - The mouse

    func click(row: Int, column: Int = 8, on state: inout AppState) -> [Effect] {
        reduce(&state, .key(.mouse(MouseEvent(.left, row: row, column: column))))
            + reduce(&state, .key(.mouse(MouseEvent(.left, isPress: false, row: row, column: column))))
    }

    func wheel(_ button: MouseEvent.Button, on state: inout AppState) -> [Effect] {
        reduce(&state, .key(.mouse(MouseEvent(button, row: 3, column: 8))))
    }

    @Test("a click selects the row under it; a release, the title bar, the bottom lines and rows past the end do nothing")
    func clickSelects() {
        var state = onChecklist(total: 5, loaded: 5)
        #expect(click(row: 3, on: &state).isEmpty)
        expectEqual(selection(state), 2)
        expectEqual(state.route, .checklist)
        for row in [0, 6, 7, 8, 9] { _ = click(row: row, on: &state) }
        expectEqual(selection(state), 2)
        #expect(reduce(&state, .key(.mouse(MouseEvent(.left, isPress: false, row: 1, column: 8)))).isEmpty)
        expectEqual(selection(state), 2)
        _ = reduce(&state, .key(.mouse(MouseEvent(.right, row: 1, column: 8))))
        expectEqual(selection(state), 2, "only the left button selects")
    }

    @Test("two clicks on one row within 0.4 s open it, as Enter does; slower, or on another row, or with a key between, they only select")
    func doubleClickOpens() {
        var state = onChecklist()
        _ = reduce(&state, .clock(Fixed.now))
        _ = click(row: 2, on: &state)
        _ = reduce(&state, .clock(Fixed.now.addingTimeInterval(0.5)))
        _ = click(row: 2, on: &state)
        expectEqual(state.route, .checklist, "0.5 s apart: two clicks")
        _ = reduce(&state, .clock(Fixed.now.addingTimeInterval(0.6)))
        _ = click(row: 3, on: &state)
        expectEqual(state.route, .checklist, "another row")
        _ = press(.character("j"), on: &state)
        _ = click(row: 3, on: &state)
        expectEqual(state.route, .checklist, "a key between")
        _ = reduce(&state, .clock(Fixed.now.addingTimeInterval(0.9)))
        _ = click(row: 3, on: &state)
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.draft.text, "Item 3")
        expectEqual(render(state).lines()[0], " Edit Item                    Groceries")
    }

    @Test("the wheel scrolls three rows a notch, the selection kept on screen; past the loaded page it asks for the page")
    func wheelScrolls() {
        var state = onChecklist()
        #expect(wheel(.wheelDown, on: &state).isEmpty)
        expectEqual(state.screen.checklist?.viewport, Viewport(selection: 3, top: 3))
        expectEqual(render(state).lines(), [
            " Groceries          30 Remaining · 4/30",
            " [ ] Item 4   Wed",
            " [ ] Item 5   Wed",
            " [ ] Item 6   Wed",
            " [ ] Item 7   Wed",
            " [ ] Item 8   Wed",
            " [ ] Item 9   Wed",
            " [ ] Item 10  Wed",
            " ↑↓/jk:move Space:check a:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
        _ = wheel(.wheelUp, on: &state)
        _ = wheel(.wheelUp, on: &state)
        expectEqual(state.screen.checklist?.viewport, Viewport(selection: 3, top: 0), "the selection stays where it was while on screen")
        _ = type("G", on: &state)
        _ = wheel(.wheelDown, on: &state)
        expectEqual(state.screen.checklist?.viewport, Viewport(selection: 29, top: 23), "no scrolling past the end")

        state = onChecklist(total: 5_000, loaded: 60)
        _ = type("57j", on: &state)
        let effects = wheel(.wheelDown, on: &state)
        expectEqual(state.screen.checklist?.viewport, Viewport(selection: 57, top: 54))
        expectEqual(effects, [.loadItems(checklistID: 1, anchor: .index(57), pageSize: state.pageSize)], "row 60 is not loaded")
    }

    @Test("on All Lists a click selects a list or a due item, never a heading; a double click opens it")
    func mouseOnHome() {
        var state = AppState(context: Fixed.context, width: 40, height: 12, now: Fixed.now)
        let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 1, remainingCount: 1)
        let rent = Item(id: 7, checklistID: 2, text: "Pay rent", dueDate: Fixed.date("2026-11-20 09:00"))
        _ = reduce(&state, .listsLoaded([errands], due: DueSection(items: [ListedItem(item: rent, checklistName: "Errands")], total: 1), select: nil))
        expectEqual(render(state).lines()[1...4], [
            " Due today and overdue",
            "   ! Pay rent  Errands  Yesterday",
            " Lists",
            "     Errands                1 Remaining",
        ])
        _ = click(row: 4, on: &state)
        expectEqual(state.allLists.selected?.id, 2)
        _ = click(row: 3, on: &state)
        expectEqual(state.allLists.selected?.id, 2, "a heading is not selected")
        _ = click(row: 2, on: &state)
        expectEqual(state.allLists.selectedDueItem?.item, rent)
        _ = click(row: 4, on: &state)
        let open = click(row: 4, on: &state)
        #expect(open.contains(.loadItems(checklistID: 2, anchor: .index(0), pageSize: state.pageSize)))
        state.lastClick = nil
        _ = click(row: 2, on: &state)
        let edit = click(row: 2, on: &state)
        #expect(edit.contains(.loadItems(checklistID: 2, anchor: .item(7, fallback: 0), pageSize: state.pageSize)))
    }

    @Test("in help the wheel scrolls; a click does nothing")
    func mouseInHelp() {
        var state = onChecklist()
        _ = type("?", on: &state)
        _ = wheel(.wheelDown, on: &state)
        _ = wheel(.wheelDown, on: &state)
        expectEqual(state.overlays.help, 6)
        _ = wheel(.wheelUp, on: &state)
        _ = click(row: 2, on: &state)
        _ = click(row: 2, on: &state)
        expectEqual(state.overlays.help, 3)
        #expect(state.overlays.help != nil)
    }

    @Test("a y/n question and the forms keep to keys: clicks and the wheel neither answer nor move")
    func mouseIgnoredInQuestionsAndForms() {
        var state = onChecklist()
        _ = type("d", on: &state)
        #expect(state.overlays.question != nil)
        #expect(click(row: 3, on: &state).isEmpty)
        #expect(click(row: 3, on: &state).isEmpty)
        #expect(wheel(.wheelDown, on: &state).isEmpty)
        #expect(state.overlays.question != nil)
        expectEqual(selection(state), 0)
        _ = type("n", on: &state)
        _ = type("a", on: &state)
        _ = click(row: 3, on: &state)
        _ = click(row: 3, on: &state)
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.draft.text, "")
    }
}
