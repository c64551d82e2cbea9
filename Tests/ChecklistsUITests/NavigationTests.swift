import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Navigation that never surprises: Esc goes back where the user came from,
/// q in a list goes back, a in the Due view adds to that row's list, help
/// scrolls by pages, a changed form asks before Esc drops it, and every hint
/// line says what its keys do on that row.
@Suite("Navigation")
struct NavigationTests {
    static let groceries = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 2, remainingCount: 2)
    static let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 1, remainingCount: 1)
    static let rent = Item(id: 7, checklistID: 2, text: "Pay rent", dueDate: Fixed.date("2026-11-20 09:00"))
    static let milk = Item(id: 8, checklistID: 1, text: "Milk", dueDate: Fixed.date("2026-11-21 17:00"))
    static let eggs = Item(id: 9, checklistID: 1, text: "Eggs", dueDate: Fixed.date("2026-11-25 09:00"))
    static let due = DueSection(items: [ListedItem(item: rent, checklistName: "Errands"),
                                        ListedItem(item: milk, checklistName: "Groceries")], total: 2)

    static func page(_ summary: ChecklistSummary, _ items: [Item]) -> ItemsPage {
        ItemsPage(checklistID: summary.id, sortOrder: .dueDate, offset: 0, items: items, totalCount: items.count)
    }

    /// The home screen with two due items, the second (Milk) selected.
    func home(width: Int = 40, height: Int = 12) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands, Self.groceries], due: Self.due, select: nil))
        _ = press(.down, on: &state)
        return state
    }

    func onGroceries(width: Int = 40, height: Int = 12) -> AppState {
        var state = home(width: width, height: height)
        _ = reduce(&state, .itemsLoaded(Self.groceries, Self.page(Self.groceries, [Self.milk, Self.eggs]), selectIndex: 1))
        return state
    }

    /// What the Store would do with a load effect, answered from the fixtures.
    func answer(_ effects: [Effect], on state: inout AppState) {
        for effect in effects {
            switch effect {
            case let .loadItems(id, anchor, _):
                let (summary, items) = id == 1 ? (Self.groceries, [Self.milk, Self.eggs]) : (Self.errands, [Self.rent])
                var index = 0
                if case let .item(wanted, fallback) = anchor { index = items.firstIndex { $0.id == wanted } ?? fallback }
                answer(reduce(&state, .itemsLoaded(summary, Self.page(summary, items), selectIndex: index)), on: &state)
            case .loadLists:
                answer(reduce(&state, .listsLoaded([Self.errands, Self.groceries], due: Self.due, select: nil)), on: &state)
            default:
                break
            }
        }
    }

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    func type(_ text: String, on state: inout AppState) {
        for character in text { _ = reduce(&state, .key(.character(character))) }
    }

    // MARK: - Esc goes back where the user came from

    @Test("Due view, Enter, Esc: back on the Due view with the same item selected, the list not left open")
    func dueItemRoundTrip() {
        var state = home()
        let before = render(state).lines()
        answer(press(.enter, on: &state), on: &state)
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.origin, .home)
        expectEqual(render(state).lines(), [
            " Edit Item                    Groceries",
            "",
            "› Text        Milk",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date       Nov 21, 2026, 5:00 PM",
            "  Starts                          None",
            "  Repeat                         Never",
            "  Priority                        None",
            "  Tags        e.g. work home",
            " Tab/↓:next S-Tab/↑:prev Enter/^S:done",
            " Esc:cancel F1:help",
        ])
        let back = press(.escape, on: &state)
        expectEqual(back.count, 1)
        #expect(!back.contains(.commit(.setOpenChecklist(id: nil))))
        expectEqual(state.route, .allLists)
        #expect(state.screen.checklist == nil)
        answer(back, on: &state)
        expectEqual(state.allLists.selectedDueItem?.item, Self.milk)
        expectEqual(render(state).lines(), before)
    }

    @Test("a checklist's item, Esc: back on the checklist, as before")
    func checklistItemRoundTrip() {
        var state = onGroceries()
        _ = press(.enter, on: &state)
        expectEqual(state.screen.itemDetail?.origin, .checklistBeneath)
        #expect(press(.escape, on: &state).isEmpty)
        expectEqual(state.route, .checklist)
        expectEqual(state.screen.checklist?.selectedItem, Self.eggs)
    }

    @Test("an edit saved from the Due view goes back to the Due view, reloaded")
    func savedFromDueView() {
        var state = home()
        answer(press(.enter, on: &state), on: &state)
        type(" and bread", on: &state)
        let save = press(.control("s"), on: &state)
        expectEqual(savedEdits(save), [.commit(.updateItem(id: 8, ItemDraft(text: "Milk and bread", dueDate: Self.milk.dueDate)))])
        let after = reduce(&state, .committed(.updateItem(id: 8, ItemDraft(text: "Milk and bread", dueDate: Self.milk.dueDate)), .item(8)))
        expectEqual(state.route, .allLists)
        #expect(state.screen.checklist == nil)
        expectEqual(after.first.map { if case .loadLists = $0 { true } else { false } }, true)
    }

    @Test("a reminder opened over another list: Esc goes back to that list, around the item that was selected")
    func bannerOverOtherList() {
        var state = onGroceries()
        _ = reduce(&state, .remindersDue([DueReminder(item: Self.rent, checklistName: "Errands", remindAt: Self.rent.dueDate!)], missed: false))
        let open = press(.enter, on: &state)
        expectEqual(open, [.loadItems(checklistID: 2, anchor: .item(7, fallback: 0), pageSize: state.pageSize),
                         .commit(.setOpenChecklist(id: 2))])
        answer(open, on: &state)
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.checklist?.summary.id, 2)
        let back = press(.escape, on: &state)
        expectEqual(back, [.loadItems(checklistID: 1, anchor: .item(9, fallback: 1), pageSize: state.pageSize),
                         .commit(.setOpenChecklist(id: 1))])
        answer(back, on: &state)
        expectEqual(state.route, .checklist)
        expectEqual(state.screen.checklist?.summary.id, 1)
    }

    @Test("a reminder checked off from the banner over a form leaves the form open, typing kept")
    func bannerDoneKeepsForm() {
        var state = onGroceries()
        _ = press(.enter, on: &state)
        type("!", on: &state)
        _ = reduce(&state, .remindersDue([DueReminder(item: Self.milk, checklistName: "Groceries", remindAt: Self.milk.dueDate!)], missed: false))
        let done = press(.character("x"), on: &state)
        expectEqual(done, [.commit(.setChecked(itemID: 8, true))])
        let reload = reduce(&state, .committed(.setChecked(itemID: 8, true), .item(8)))
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.text.text, "Eggs!")
        #expect(reload.contains(.loadItems(checklistID: 1, anchor: .item(9, fallback: 1), pageSize: state.pageSize)))
    }

    // MARK: - q in a list, a in the Due view

    @Test("q in a checklist goes back to All Lists, as Esc does; ? lists it with Esc")
    func qGoesBack() {
        var state = onGroceries()
        expectEqual(render(state).lines().suffix(2), [
            " ↑↓/jk:move Space:check a:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
        #expect(HelpOverlay.lines(first: .checklist).contains("  Esc q h ←               back"))
        let effects = press(.character("q"), on: &state)
        #expect(state.isRunning)
        expectEqual(state.route, .allLists)
        #expect(state.screen.checklist == nil)
        expectEqual(effects.first, .commit(.setOpenChecklist(id: nil)))
    }

    @Test("a in the Due view adds an item to the selected row's list, then comes back to the Due view")
    func addFromDueView() {
        var state = home()
        expectEqual(render(state).lines().suffix(2), [
            " ↑↓/jk:move Enter:open Space:check",
            " a:add item q:quit u:undo ?:help",
        ])
        _ = press(.up, on: &state)                           // Pay rent, in Errands
        let open = press(.character("a"), on: &state)
        expectEqual(open, [.loadItems(checklistID: 2, anchor: .item(7, fallback: 0), pageSize: state.pageSize)])
        answer(open, on: &state)
        expectEqual(state.route, .itemDetail)
        expectEqual(render(state).lines()[0], " Add Item                       Errands")
        expectEqual(state.screen.itemDetail?.mode, .add(checklistID: 2))
        // Nothing typed: Esc closes at once, back on Pay rent.
        answer(press(.escape, on: &state), on: &state)
        #expect(state.overlays.question == nil)
        expectEqual(state.route, .allLists)
        expectEqual(state.allLists.selectedDueItem?.item, Self.rent)
        answer(press(.character("a"), on: &state), on: &state)
        type("Post the letter", on: &state)
        let save = press(.control("s"), on: &state)
        let draft = ItemDraft(text: "Post the letter", dueDate: nil)   // a new item has no due date
        expectEqual(save, [.commit(.addItem(checklistID: 2, draft))])
        _ = reduce(&state, .committed(.addItem(checklistID: 2, draft), .item(10)))
        expectEqual(state.route, .allLists)
        #expect(state.screen.checklist == nil)
    }

    @Test("a on the lists part of the home screen still adds a list")
    func addOnListRow() {
        var state = home()
        _ = press(.down, on: &state)
        #expect(state.allLists.selected != nil)
        _ = press(.character("a"), on: &state)
        expectEqual(state.route, .listDetail)
    }

    // MARK: - Esc on a changed form

    @Test("Esc on a changed item form asks; n keeps the typing, y drops it and goes back")
    func discardItemChanges() {
        var state = onGroceries()
        _ = press(.enter, on: &state)
        type("!", on: &state)
        #expect(press(.escape, on: &state).isEmpty)
        expectEqual(state.route, .itemDetail)
        expectEqual(render(state).lines(), [
            " Edit Item                    Groceries",
            "",
            "› Text        Eggs!",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date       Nov 25, 2026, 9:00 AM",
            "  Starts                          None",
            "  Repeat                         Never",
            "  Priority                        None",
            "  Tags        e.g. work home",
            " Discard changes? (y/n)",
            " y yes  n no  Esc cancel",
        ])
        _ = press(.character("n"), on: &state)
        #expect(state.overlays.question == nil)
        expectEqual(state.screen.itemDetail?.text.text, "Eggs!")
        _ = press(.escape, on: &state)
        _ = press(.escape, on: &state)                       // Esc answers no, too
        expectEqual(state.route, .itemDetail)
        _ = press(.escape, .character("y"), on: &state)
        expectEqual(state.route, .checklist)
        #expect(state.screen.itemDetail == nil)
    }

    @Test("a change undone is no change: Esc closes at once", arguments: [
        [Key.character("!"), .backspace],
        [.tab, .tab, .character(" "), .character(" ")],
        [.tab, .tab, .tab, .enter, .up, .down, .enter],
    ])
    func changeUndone(keys: [Key]) {
        var state = onGroceries()
        _ = press(.enter, on: &state)
        for key in keys { _ = reduce(&state, .key(key)) }
        expectEqual(state.screen.itemDetail?.hasChanges, false)
        _ = press(.escape, on: &state)
        #expect(state.overlays.question == nil)
        expectEqual(state.route, .checklist)
    }

    @Test("a changed Remind Me or date counts as a change")
    func otherChanges() {
        var state = onGroceries()
        _ = press(.enter, .tab, .tab, .character(" "), on: &state)
        _ = press(.escape, on: &state)
        expectEqual(state.overlays.question?.question, "Discard changes?")
        var dated = onGroceries()
        _ = press(.enter, .tab, .tab, .tab, .enter, .up, .enter, .escape, on: &dated)
        expectEqual(dated.overlays.question?.onYes, .discardForm)
    }

    @Test("List Detail: a new icon makes Esc ask; an untouched form closes at once")
    func discardListChanges() {
        var state = home()
        _ = press(.down, .down, .character("e"), on: &state)
        expectEqual(state.screen.listDetail?.title, "Edit Checklist")
        _ = press(.escape, on: &state)
        expectEqual(state.route, .allLists)
        _ = press(.character("e"), .tab, .enter, .down, .enter, on: &state)
        expectEqual(state.screen.listDetail?.hasChanges, true)
        _ = press(.escape, on: &state)
        expectEqual(render(state).lines().suffix(2), [
            " Discard changes? (y/n)",
            " y yes  n no  Esc cancel",
        ])
        #expect(press(.character("y"), on: &state).isEmpty)
        expectEqual(state.route, .allLists)
        #expect(state.screen.listDetail == nil)
    }

    @Test("the list beneath deleted elsewhere while the question is up: the question goes with the form")
    func questionGoesWithForm() {
        var state = onGroceries()
        _ = press(.enter, on: &state)
        type("!", on: &state)
        _ = press(.escape, on: &state)
        _ = reduce(&state, .checklistMissing)
        #expect(state.overlays.question == nil)
        expectEqual(state.route, .allLists)
    }

    @Test("a form with text typed whose list is deleted elsewhere goes on as a new item of the Inbox, which is made; Esc asks before dropping it")
    func typedTextOutlivesItsList() {
        var state = onGroceries()
        _ = press(.character("a"), on: &state)
        type("Buy oat milk", on: &state)
        let effects = reduce(&state, .checklistMissing)
        expectEqual(effects.filter { if case .commit = $0 { true } else { false } }, [.commit(.addChecklist(name: "Inbox", icon: .inbox))])
        expectEqual(state.route, .allLists)
        let inbox = ChecklistSummary(checklist: Checklist(id: 3, name: "Inbox", icon: .inbox), itemCount: 0, remainingCount: 0)
        let loads = reduce(&state, .committed(.addChecklist(name: "Inbox", icon: .inbox), .checklist(3)))
        #expect(loads.contains(.loadItems(checklistID: 3, anchor: .index(0), pageSize: state.pageSize)), "\(loads)")
        _ = reduce(&state, .itemsLoaded(inbox, Self.page(inbox, []), selectIndex: 0))
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.draft.text, "Buy oat milk")
        expectEqual(state.screen.itemDetail?.mode, .add(checklistID: 3))
        expectEqual(state.message?.text, "Its list was deleted elsewhere; what you typed is kept in a new item of “Inbox”. Esc drops it.")
        _ = press(.escape, on: &state)
        expectEqual(render(state).lines().suffix(2).first, " Discard changes? (y/n)")

        // A form left as it opened goes with its list, as before.
        var untouched = onGroceries()
        _ = press(.character("a"), on: &untouched)
        let none = reduce(&untouched, .checklistMissing)
        #expect(!none.contains { if case .commit = $0 { true } else { false } })
        expectEqual(untouched.route, .allLists)
    }

    // MARK: - Help scrolls
    // MARK: - Help scrolls

    @Test("help scrolls by line, by page and to either end, and never past the end")
    func helpScrolls() {
        var state = home()
        _ = press(.character("?"), on: &state)
        let total = HelpOverlay.lines(first: .dueItem).count
        let rows = 9
        expectEqual(render(state).lines(), [
            " Keys                        1–9 of \(total)",
            " All Lists: an item in the Due view",
            "   ↑ k                     move up",
            "   ↓ j                     move down",
            "   PgUp                    page up",
            "   PgDn                    page down",
            "   Home g                  first",
            "   End G                   last",
            "   Enter e l →             open",
            "   Space x                 check",
            " ↑↓:scroll PgUp/PgDn:page g/G:top/end",
            " Esc/?/q:close",
        ])
        _ = press(.pageDown, on: &state)
        expectEqual(state.overlays.help, rows)
        expectEqual(render(state).lines()[0], " Keys                      10–18 of \(total)")
        _ = press(.character("G"), on: &state)
        expectEqual(state.overlays.help, total - rows)
        _ = press(.down, .pageDown, on: &state)
        expectEqual(state.overlays.help, total - rows)
        _ = press(.up, on: &state)                           // moves at once: the end was not overshot
        expectEqual(state.overlays.help, total - rows - 1)
        _ = press(.pageUp, on: &state)
        expectEqual(state.overlays.help, total - 2 * rows - 1)
        _ = press(.character("g"), on: &state)
        expectEqual(state.overlays.help, 0)
        _ = press(.pageUp, on: &state)
        expectEqual(state.overlays.help, 0)
        _ = press(.end, .home, on: &state)
        expectEqual(state.overlays.help, 0)
        _ = press(.character("q"), on: &state)
        #expect(state.overlays.help == nil)
        #expect(state.isRunning)
    }

    // MARK: - Hint lines tell the truth

    @Test("every key a hint line shows does what the hint says in that context", arguments: KeyContext.allCases)
    func hintsAreTrue(context: KeyContext) {
        for binding in KeyBindings.table where binding.contexts.contains(context) {
            for key in binding.keys {
                let command = KeyBindings.command(for: key, in: context)
                expectEqual(command, binding.command,
                        "\(context): \(KeyBindings.name(of: key)) is shown as “\(binding.label) \(binding.help)” but does \(String(describing: command))")
            }
        }
    }

    @Test("the picker's hint: ↑↓ change the field, Tab and S-Tab leave the row")
    func pickerHint() {
        var state = onGroceries()
        _ = press(.enter, .tab, .tab, .tab, .enter, on: &state)
        expectEqual(state.keyContext, .datePicker)
        expectEqual(render(state).lines().suffix(2), [
            " ←→:field ↑↓:change t:words Enter:close",
            " Tab:next S-Tab:prev ^S:done ?:help",
        ])
        _ = press(.down, on: &state)
        expectEqual(state.screen.itemDetail?.focus, .picker)
        _ = press(.tab, on: &state)
        expectEqual(state.screen.itemDetail?.focus, .start)
    }

    @Test("the Due Date row's hint says Enter turns the picker on and off, which it does")
    func dueDateHint() {
        var state = onGroceries()
        _ = press(.enter, .tab, .tab, .tab, on: &state)
        #expect(KeyBindings.helpLine(for: .itemDueDate).contains("Enter picker on/off"))
        _ = press(.enter, .backTab, on: &state)
        #expect(state.screen.itemDetail?.picker != nil && state.screen.itemDetail?.focus == .dueDate)
        _ = press(.enter, on: &state)
        #expect(state.screen.itemDetail?.picker == nil)
    }
}
