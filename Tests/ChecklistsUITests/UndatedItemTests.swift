import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// An item without a due date: Item Detail shows None, Backspace or Delete
/// on the Due Date row clears it, Remind Me asks for one, and list rows
/// show no date. Screens as literal lines.
@Suite("Undated items in the app")
struct UndatedItemTests {
    static let summary = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 2, remainingCount: 2)
    static let dated = Item(id: 7, checklistID: 1, text: "Buy milk", dueDate: Fixed.date("2026-11-21 11:00"), shouldRemind: true)
    static let undated = Item(id: 8, checklistID: 1, text: "Fix the shelf", dueDate: nil)

    func onChecklist(select index: Int = 0) -> AppState {
        var state = AppState(context: Fixed.context, width: 50, height: 12, now: Fixed.now)
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: [Self.dated, Self.undated], totalCount: 2)
        _ = reduce(&state, .itemsLoaded(Self.summary, page, selectIndex: index))
        return state
    }

    @discardableResult
    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    @Test("an undated row shows no date, after the dated one")
    func rowWithoutDate() {
        expectEqual(render(onChecklist()).lines().prefix(3), [
            " 🛒 Groceries           2 Remaining · by due date",
            " [ ] Buy milk       11:00 AM",
            " [ ] Fix the shelf",
        ])
    }

    @Test("Backspace on the Due Date row clears the date and Remind Me with it, and Done saves no date", arguments: [Key.backspace, .delete])
    func clearWithBackspace(key: Key) {
        var state = onChecklist()
        press(.enter, .tab, .tab, .tab, on: &state)
        press(key, on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                              Groceries",
            "",
            "  Text        Buy milk",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "› Due Date                                  None",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
            "  Tags        e.g. work home",
            " Enter:picker on/off Del:no date Tab/↓:next",
            " S-Tab/↑:prev ^S:done Esc:cancel ?:help",
        ])
        let effects = press(.control("s"), on: &state)
        expectEqual(savedEdits(effects), [.commit(.updateItem(id: 7, ItemDraft(text: "Buy milk", dueDate: nil, shouldRemind: false)))])
    }

    @Test("Backspace with the picker open clears the date and closes the picker")
    func clearClosesPicker() {
        var state = onChecklist()
        press(.enter, .tab, .tab, .tab, .enter, on: &state)
        #expect(state.screen.itemDetail?.picker != nil)
        press(.backspace, on: &state)
        #expect(state.screen.itemDetail?.picker == nil)
        #expect(state.screen.itemDetail?.dueDate == nil)
        expectEqual(state.screen.itemDetail?.focus, .dueDate)
    }

    @Test("switching Remind Me on without a due date opens the picker at the next full hour")
    func remindNeedsDate() {
        var state = onChecklist(select: 1)
        press(.enter, .tab, .tab, .character(" "), on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                              Groceries",
            "",
            "  Text        Fix the shelf",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [x] On",
            "  Due Date                Nov 21, 2026, 11:00 AM",
            "  ▸ Sat  2026-11-21  11:00  (Nov)",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
            " ←→:field ↑↓:change t:words Enter:close Tab:next",
            " S-Tab:prev ^S:done ?:help",
        ])
        expectEqual(state.screen.itemDetail?.focus, .picker)
        // Switching it off again keeps the date it now has.
        press(.backTab, .backTab, .character(" "), on: &state)
        expectEqual(state.screen.itemDetail?.shouldRemind, false)
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-21 11:00"))
    }

    @Test("a new item starts without a due date; the picker's keys do nothing to a date that is not there")
    func newItemUndated() {
        var state = onChecklist()
        press(.character("a"), on: &state)
        for character in "Shelf" { press(.character(character), on: &state) }
        expectEqual(render(state).lines()[5], "  Due Date                                  None")
        let effects = press(.control("s"), on: &state)
        expectEqual(effects, [.commit(.addItem(checklistID: 1, ItemDraft(text: "Shelf", dueDate: nil)))])
    }
}
