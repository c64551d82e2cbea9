import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Priority on rows, in Item Detail and on one key: the mark reads without
/// colour ("!!!", "!!", "!"), narrow panes get one column for it after the
/// text ("H", "M", "L"), and the text keeps its place.
@Suite("Priority: rows, the form and the p key")
struct PriorityRowsTests {
    static let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 5, remainingCount: 5)

    static let items = [
        Item(id: 1, checklistID: 2, text: "Call the bank", dueDate: nil, priority: .high),
        Item(id: 2, checklistID: 2, text: "Water the plants on the balcony and the terrace", dueDate: nil, priority: .medium),
        Item(id: 3, checklistID: 2, text: "Milk", dueDate: nil, priority: .low),
        Item(id: 4, checklistID: 2, text: "Bread", dueDate: nil),
        Item(id: 5, checklistID: 2, text: "Pay rent", dueDate: Fixed.date("2026-11-20 09:00"), priority: .high),
    ]

    func errands(width: Int, height: Int = 9) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands], select: 2))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: Self.items, totalCount: Self.items.count)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 0))
        return state
    }

    @Test("at 120 columns the marks line up in their own column after the text, before the overdue mark and the date")
    func wide() {
        let grid = render(errands(width: 120))
        expectEqual(Array(grid.lines().prefix(7)), [
            " Errands                                                                                      5 Remaining · by due date",
            " [ ] Call the bank                                    !!!",
            " [ ] Water the plants on the balcony and the terrace  !!",
            " [ ] Milk                                             !",
            " [ ] Bread",
            " [ ] Pay rent                                         !!! ! Yesterday 9:00 AM",
            "",
        ])
        // Bold, so it stands out without colour too.
        #expect(grid[1, 54].grapheme == "!" && grid[1, 54].style.contains(.bold))
    }

    @Test("at 200 columns the marks still line up in one column right after the longest text, not at the far edge")
    func widest() {
        expectEqual(Array(render(errands(width: 200)).lines().prefix(7)), [
            " Errands                                                                                                                                                                      5 Remaining · by due date",
            " [ ] Call the bank                                    !!!",
            " [ ] Water the plants on the balcony and the terrace  !!",
            " [ ] Milk                                             !",
            " [ ] Bread",
            " [ ] Pay rent                                         !!! ! Yesterday 9:00 AM",
            "",
        ])
    }

    @Test("at 40 columns the text comes first and the mark takes one column: H, M, L")
    func narrow() {
        expectEqual(Array(render(errands(width: 40)).lines().prefix(7)), [
            " Errands           5 Remaining · by du…",
            " [ ] Call the bank        H",
            " [ ] Water the plants o…  M",
            " [ ] Milk                 L",
            " [ ] Bread",
            " [ ] Pay rent             H ! Yesterday",
            "",
        ])
    }

    @Test("p steps the selected item's priority (high to none) as one change; in the Due view too")
    func oneKey() {
        var state = errands(width: 80)
        let effects = reduce(&state, .key(.character("p")))
        expectEqual(effects, [.commit(.setPriority(itemID: 1, Priority.none))])
        _ = reduce(&state, .key(.down))
        expectEqual(reduce(&state, .key(.character("p"))), [.commit(.setPriority(itemID: 2, .high))])
    }

    @Test("Item Detail has a Priority row: Right or Space steps it, Left back, and Done saves it with the rest")
    func form() {
        var state = errands(width: 60, height: 24)
        _ = reduce(&state, .key(.down))
        _ = reduce(&state, .key(.down))
        _ = reduce(&state, .key(.enter))   // Milk, low
        for _ in 0..<6 { _ = reduce(&state, .key(.tab)) }
        let lines = render(state).lines()
        #expect(lines.contains { $0.hasPrefix("› Priority") && $0.hasSuffix("! Low") }, "\(lines)")
        _ = reduce(&state, .key(.right))
        _ = reduce(&state, .key(.character(" ")))
        #expect(render(state).lines().contains { $0.hasPrefix("› Priority") && $0.hasSuffix("!!! High") })
        _ = reduce(&state, .key(.left))
        let done = reduce(&state, .key(.control("s")))
        expectEqual(savedEdits(done), [.commit(.updateItem(id: 3, ItemDraft(text: "Milk", dueDate: nil, priority: .medium)))])
    }
}
