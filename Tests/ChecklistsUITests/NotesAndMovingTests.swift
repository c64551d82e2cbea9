import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Notes (a field of several lines in Item Detail, a ✎ on the row) and
/// moving items: `m` to another list through the chooser, J/K within the
/// "order added" sort. Screens as literal lines.
@Suite("Notes and moving items")
struct NotesAndMovingTests {
    static let groceries = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 3, remainingCount: 3)
    static let home = ChecklistSummary(checklist: Checklist(id: 2, name: "Home", icon: .chores), itemCount: 0, remainingCount: 0)
    static let work = ChecklistSummary(checklist: Checklist(id: 3, name: "Work", icon: .none), itemCount: 0, remainingCount: 0)
    static let plumber = Item(id: 4, checklistID: 1, text: "Call the plumber", dueDate: Fixed.date("2026-11-24 09:00"),
                              note: "Ask about the boiler\nbefore Friday", position: 1)
    static let milk = Item(id: 5, checklistID: 1, text: "Milk", dueDate: nil, position: 2)
    static let bread = Item(id: 6, checklistID: 1, text: "Bread", dueDate: nil, note: "rye", position: 3)

    func onGroceries(width: Int = 50, height: Int = 12, order: ItemSortOrder = .added, unicode: Bool = true) -> AppState {
        var context = Fixed.context
        context.unicode = unicode
        var state = AppState(context: context, width: width, height: height, now: Fixed.now)
        var summary = Self.groceries
        summary.checklist.sortOrder = order
        _ = reduce(&state, .listsLoaded([Self.groceries, Self.home, Self.work], select: 1))
        let page = ItemsPage(checklistID: 1, sortOrder: order, offset: 0, items: [Self.plumber, Self.milk, Self.bread], totalCount: 3)
        _ = reduce(&state, .itemsLoaded(summary, page, selectIndex: 0))
        return state
    }

    @discardableResult
    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    func type(_ text: String, on state: inout AppState) {
        for character in text { _ = reduce(&state, .key(.character(character))) }
    }

    // MARK: - The note in Item Detail

    @Test("the note sits below the text row, wrapped at words; Enter makes a new line, Ctrl-S is Done")
    func noteWrapsAndSaves() {
        var state = onGroceries(height: 17)                          // two rows for the note
        press(.enter, on: &state)                                 // edit "Call the plumber"
        expectEqual(render(state).lines(), [
            " Edit Item                              Groceries",
            "",
            "› Text        Call the plumber",
            "  Note        Ask about the boiler",
            "              before Friday",
            "  Remind Me   [ ] Off",
            "  Due Date                 Nov 24, 2026, 9:00 AM",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
            "  Tags        e.g. work home",
            "",
            "  [ Done ]  [ Cancel ]",
            "",
            "",
            " Tab/↓:next S-Tab/↑:prev Enter/^S:done Esc:cancel",
            " F1:help",
        ])
        press(.tab, .end, on: &state)                             // into the note, at the end of its line
        expectEqual(state.keyContext, .itemNote)
        press(.enter, on: &state)
        type("and the radiator in the spare room", on: &state)
        // The third line wraps at a word; the cursor's row is the last shown.
        expectEqual(render(state).lines(), [
            " Edit Item                              Groceries",
            "",
            "  Text        Call the plumber",
            "› Note        and the radiator in the spare",
            "  ↑ 2 more    room",
            "  Remind Me   [ ] Off",
            "  Due Date                 Nov 24, 2026, 9:00 AM",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
            "  Tags        e.g. work home",
            "",
            "  [ Done ]  [ Cancel ]",
            "",
            "",
            "",
            " Tab:next S-Tab:prev ^S:done Esc:cancel F1:help",
        ])
        expectEqual(render(state).cursor, GridPosition(row: 4, column: 18))
        let effects = press(.control("s"), on: &state)
        expectEqual(savedEdits(effects), [.commit(.updateItem(id: 4, ItemDraft(text: "Call the plumber", dueDate: Fixed.date("2026-11-24 09:00"),
                                                                 note: "Ask about the boiler\nbefore Friday\nand the radiator in the spare room")))])
    }

    @Test("Enter in the one-line text field is still Done, with the note as it was")
    func enterInTextIsDone() {
        var state = onGroceries()
        press(.enter, on: &state)
        type("!", on: &state)
        let effects = press(.enter, on: &state)
        expectEqual(savedEdits(effects), [.commit(.updateItem(id: 4, ItemDraft(text: "Call the plumber!", dueDate: Fixed.date("2026-11-24 09:00"),
                                                                 note: "Ask about the boiler\nbefore Friday")))])
    }

    @Test("a long note scrolls to keep the cursor's line in view and counts the lines out of sight")
    func noteScrolls() {
        var state = onGroceries(width: 40, height: 17)               // two rows for the note
        press(.enter, .tab, on: &state)                           // the note, its cursor at the end
        press(.control("e"), .enter, on: &state)
        type("one", on: &state)
        press(.enter, on: &state)
        type("two", on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                    Groceries",
            "",
            "  Text        Call the plumber",
            "› Note        one",
            "  ↑ 2 more    two",
            "  Remind Me   [ ] Off",
            "  Due Date       Nov 24, 2026, 9:00 AM",
            "  Starts                          None",
            "  Repeat                         Never",
            "  Priority                        None",
            "  Tags        e.g. work home",
            "",
            "  [ Done ]  [ Cancel ]",
            "",
            "",
            " Tab:next S-Tab:prev ^S:done Esc:cancel",
            " F1:help",
        ])
        press(.up, .up, on: &state)                               // by the lines drawn: the view scrolls back
        expectEqual(render(state).lines()[3...4], [
            "› Note        Ask about the boiler",
            "  ↓ 2 more    before Friday",
        ])
        expectEqual(render(state).cursor, GridPosition(row: 4, column: 17))
        press(.up, on: &state)
        expectEqual(render(state).cursor, GridPosition(row: 3, column: 17))
        press(.up, on: &state)                                    // past the first line: the text row
        expectEqual(state.screen.itemDetail?.focus, .text)
        // Unfocused, the note shows from its start.
        expectEqual(render(state).lines()[3...4], [
            "  Note        Ask about the boiler",
            "  ↓ 2 more    before Friday",
        ])
    }

    @Test("↑↓ in the note move by the wrapped lines, keeping the column")
    func upDownByWrappedLines() {
        var state = onGroceries(width: 30, height: 14)               // 14 columns for the note, one kept for the cursor
        press(.enter, .tab, on: &state)
        let layout = NoteLayout(state.screen.itemDetail!.note, columns: ItemDetailScreen.noteColumns(width: 30))
        expectEqual(layout.lines.map { String(layout.characters[$0.start..<$0.end]) }, ["Ask about ", "the boiler", "before Friday"])
        state.screen.itemDetail?.note.moveCursor(to: 4)                  // "Ask |about"
        press(.down, on: &state)
        expectEqual(state.screen.itemDetail?.note.cursor, 14)              // "the |boiler"
        press(.down, on: &state)
        expectEqual(state.screen.itemDetail?.note.cursor, 25)              // "befo|re Friday"
        press(.down, on: &state)
        expectEqual(state.screen.itemDetail?.focus, .remind)
    }

    // MARK: - The ✎ on a row

    @Test("a row with a note shows ✎ after its text, at 80 and at 40 columns, and + without Unicode")
    func noteMarker() {
        expectEqual(render(onGroceries(width: 80, height: 8)).lines(), [
            " 🛒 Groceries                                      3 Remaining · by order added",
            " [ ] Call the plumber ✎  Tuesday 9:00 AM",
            " [ ] Milk",
            " [ ] Bread ✎",
            "",
            "",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit d:delete s:sort Esc:back u:undo ?:help",
        ])
        expectEqual(render(onGroceries(width: 40, height: 8)).lines().prefix(4), [
            " 🛒 Groceries      3 Remaining · by or…",
            " [ ] Call the plumber ✎  Tue",
            " [ ] Milk",
            " [ ] Bread ✎",
        ])
        expectEqual(render(onGroceries(width: 40, height: 8, unicode: false)).lines().prefix(4), [
            " Gr Groceries      3 Remaining · by or…",
            " [ ] Call the plumber +  Tue",
            " [ ] Milk",
            " [ ] Bread +",
        ])
    }

    @Test("in a narrow row the text is cut before the ✎, so the mark stays")
    func noteMarkerNarrow() {
        var state = onGroceries(width: 30, height: 8)
        let long = Item(id: 4, checklistID: 1, text: "Call the plumber about the boiler and the radiator", dueDate: Fixed.date("2026-11-24 09:00"),
                        note: "x", position: 1)
        _ = reduce(&state, .itemsLoaded(Self.groceries, ItemsPage(checklistID: 1, sortOrder: .added, offset: 0, items: [long], totalCount: 1),
                                        selectIndex: 0))
        expectEqual(render(state).lines()[1], " [ ] Call the plumber… ✎  Tue")
    }

    @Test("the Due view marks an item with a note too")
    func noteMarkerInDueView() {
        var state = AppState(context: Fixed.context, width: 50, height: 10, now: Fixed.now)
        let overdue = Item(id: 4, checklistID: 1, text: "Call the plumber", dueDate: Fixed.date("2026-11-21 09:00"), note: "boiler")
        _ = reduce(&state, .listsLoaded([Self.groceries, Self.home],
                                        due: DueSection(items: [ListedItem(item: overdue, checklistName: "Groceries")], total: 1), select: nil))
        expectEqual(render(state).lines()[2], "   ! Call the plumber ✎  Groceries  9:00 AM")
    }

    // MARK: - m: the list chooser

    @Test("m opens the chooser of the other lists; ↓ Enter moves the item there and the status line says so")
    func moveToAnotherList() {
        var state = onGroceries()
        press(.character("m"), on: &state)
        expectEqual(state.keyContext, .listChooser)
        expectEqual(render(state).lines(), [
            " 🛒 Groceries           3 Remaining · by order a…",
            " [ ] Call the plumber ✎  Tue",
            " ┌ Move “Call the plumber” to ──────────────────┐",
            " │ 🧹 Home                                      │",
            " │ Work                                         │",
            " └──────────────────────────────────────────────┘",
            "",
            "",
            "",
            "",
            "",
            " ↑↓/jk move  Enter move it there  Esc cancel",
        ])
        // The selection is the reversed row.
        #expect(render(state)[3, 4].style.contains(.reverse) && !render(state)[4, 4].style.contains(.reverse))
        press(.down, on: &state)
        #expect(!render(state)[3, 4].style.contains(.reverse) && render(state)[4, 4].style.contains(.reverse))
        press(.up, on: &state)
        let effects = press(.enter, on: &state)
        expectEqual(effects, [.commit(.moveItem(id: 4, toChecklistID: 2))])
        #expect(state.overlays.chooser == nil)
        let after = reduce(&state, .committed(.moveItem(id: 4, toChecklistID: 2), .item(4)))
        expectEqual(state.message, StatusMessage("Moved “Call the plumber” to Home"))
        #expect(after.contains(.loadItems(checklistID: 1, anchor: .index(0), pageSize: state.pageSize)))
    }

    @Test("Esc closes the chooser and changes nothing")
    func chooserEscape() {
        var state = onGroceries()
        press(.character("m"), .down, on: &state)
        let effects = press(.escape, on: &state)
        #expect(effects.isEmpty)
        #expect(state.overlays.chooser == nil && state.route == .checklist)
        expectEqual(render(state).lines(), render(onGroceries()).lines())
    }

    @Test("with no other list, m says so and opens nothing")
    func noOtherList() {
        var state = AppState(context: Fixed.context, width: 50, height: 12, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.groceries], select: 1))
        _ = reduce(&state, .itemsLoaded(Self.groceries, ItemsPage(checklistID: 1, sortOrder: .added, offset: 0, items: [Self.milk], totalCount: 1),
                                        selectIndex: 0))
        press(.character("m"), on: &state)
        #expect(state.overlays.chooser == nil)
        expectEqual(state.message, StatusMessage("There is no other list to move it to: add one on All Lists (a).", kind: .error))
    }

    // MARK: - J/K: the user's own order

    @Test("in the order added, J and K swap the selected item with its neighbour; at the ends nothing happens")
    func reorder() {
        var state = onGroceries()
        #expect(press(.character("K"), on: &state).isEmpty)         // already first
        expectEqual(press(.character("J"), on: &state), [.commit(.swapPositions(itemID: 4, otherItemID: 5))])
        let after = reduce(&state, .committed(.swapPositions(itemID: 4, otherItemID: 5), .item(4)))
        #expect(after.contains(.loadItems(checklistID: 1, anchor: .item(4, fallback: 0), pageSize: state.pageSize)))
        press(.character("G"), on: &state)
        #expect(press(.character("J"), on: &state).isEmpty)         // already last
        expectEqual(press(.character("K"), on: &state), [.commit(.swapPositions(itemID: 6, otherItemID: 5))])
    }

    @Test("in another order J and K change nothing and say how to get to the order added")
    func reorderNeedsOrderAdded() {
        var state = onGroceries(order: .dueDate)
        #expect(press(.character("J"), on: &state).isEmpty)
        expectEqual(render(state).lines().suffix(2), [
            " Items are sorted by due date: press s until “by",
            " order added” to reorder them.",
        ])
    }

    @Test("? lists m, J and K under A checklist, and the chooser's keys")
    func helpListsTheKeys() {
        let lines = HelpOverlay.lines(first: .checklist, keys: .defaults)
        #expect(lines.contains("  m                       move the item to another list"))
        #expect(lines.contains("  J                       move the item down (order added)"))
        #expect(lines.contains("  K                       move the item up (order added)"))
        expectEqual(KeyBindings.configName(of: .moveToList), "move-to-list")
        expectEqual(KeyBindings.configName(of: .moveItemDown), "move-item-down")
        expectEqual(KeyBindings.configName(of: .moveItemUp), "move-item-up")
    }
}
