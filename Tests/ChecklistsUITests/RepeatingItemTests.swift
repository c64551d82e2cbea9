import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Repeating items in the app: the Repeat row of Item Detail, and checking
/// one off on a real database (the next due date, "done" on the row).
/// Screens as literal lines.
@Suite("Repeating items in the app")
struct RepeatingItemTests {
    let folder = TemporaryFolder()
    static let summary = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 1, remainingCount: 1)
    static let item = Item(id: 7, checklistID: 1, text: "Water plants", dueDate: Fixed.date("2026-11-21 18:00"))

    func onForm(_ item: Item = item) -> AppState {
        var state = AppState(context: Fixed.context, width: 50, height: 12, now: Fixed.now)
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: [item], totalCount: 1)
        _ = reduce(&state, .itemsLoaded(Self.summary, page, selectIndex: 0))
        _ = reduce(&state, .key(.enter))
        return state
    }

    @discardableResult
    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    @Test("the Repeat row steps through its choices with ←/→ and Space, and digits make every N days or weeks")
    func repeatRow() {
        var state = onForm()
        press(.tab, .tab, .tab, .tab, .tab, on: &state)
        expectEqual(state.screen.itemDetail?.focus, .repeatRule)
        press(.right, on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                              Groceries",
            "",
            "  Text        Water plants",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date                 Nov 21, 2026, 6:00 PM",
            "  Starts                                    None",
            "› Repeat                               every day",
            "  Priority                                  None",
            "  Tags        e.g. work home",
            " ←→:repeat 0-9:every N days/weeks Tab/↓:next",
            " S-Tab/↑:prev ^S:done Esc:cancel ?:help",
        ])
        var seen: [String] = []
        for _ in 0..<6 {
            seen.append(state.screen.itemDetail?.recurrence?.name ?? "Never")
            press(.character(" "), on: &state)
        }
        expectEqual(seen, ["every day", "weekdays", "every week", "every month", "every year", "Never"])
        press(.left, .left, .left, .left, on: &state)          // every day ← Never ← every year ← every month ← every week
        expectEqual(state.screen.itemDetail?.recurrence, .weeks(1))
        press(.character("1"), .character("2"), on: &state)
        expectEqual(render(state).lines()[7], "› Repeat                          every 12 weeks")
        press(.right, .right, .right, .right, .character("3"), on: &state)   // every month … every day, then 3
        expectEqual(state.screen.itemDetail?.recurrence, .days(3))
        let effects = press(.control("s"), on: &state)
        expectEqual(savedEdits(effects), [.commit(.updateItem(id: 7, ItemDraft(text: "Water plants", dueDate: Fixed.date("2026-11-21 18:00"),
                                                                 recurrence: .days(3))))])
    }

    @Test("a repeat needs a due date: choosing one without a date opens the picker at the next full hour; clearing the date clears it")
    func repeatNeedsDate() {
        var state = onForm(Item(id: 8, checklistID: 1, text: "Stretch", dueDate: nil))
        press(.tab, .tab, .tab, .tab, .tab, .right, on: &state)
        expectEqual(render(state).lines()[5...8], [
            "  Due Date                Nov 21, 2026, 11:00 AM",
            "  ▸ Sat  2026-11-21  11:00  (Nov)",
            "  Starts                                    None",
            "  Repeat                               every day",
        ])
        expectEqual(state.screen.itemDetail?.focus, .picker)
        press(.backTab, .backspace, on: &state)
        #expect(state.screen.itemDetail?.recurrence == nil)
        #expect(state.screen.itemDetail?.dueDate == nil)
    }

    @Test("checking off a repeating item on a real database: it stays open, moves to its next due date, and its row says when it was done")
    func checkOffOnDatabase() throws {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("test.sqlite"), createsFolder: false),
                                                   options: .init(busyTimeout: 1, calendar: Fixed.style.calendar))
        let list = try database.checklistSummaries()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Water plants", dueDate: Fixed.date("2026-11-21 09:00"), recurrence: .days(1))),
                           now: Fixed.now)
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: Fixed.date("2026-11-21 12:00"))), now: Fixed.now)
        try database.apply(.setOpenChecklist(id: list), now: Fixed.now)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 8, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        expectEqual(render(store.state).lines().prefix(3), [
            " List                             2 Remaining · by due date",
            " [ ] Water plants  ↻ daily  ! 9:00 AM",
            " [ ] Milk                     12:00 PM",
        ])
        store.send(.key(.character(" ")))
        expectEqual(render(store.state).lines().prefix(3), [
            " List                             2 Remaining · by due date",
            " [ ] Milk                                   12:00 PM",
            " [ ] Water plants  ↻ daily · done 10:30 AM  Tomorrow",
        ])
        // The selection followed the item to its new place.
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "Water plants")
        folder.remove()
    }
}
