import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Item Detail's Remind Me section: the toggle of the reminder at the due
/// time and a row under it for each further reminder, added, changed and
/// removed by keys, at 40 columns and at 120. Screens as literal lines.
@Suite("Several reminders in Item Detail")
struct RemindersInItemDetailTests {
    static let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 1, remainingCount: 1)
    /// Due Tuesday 24 November 2026, 9:00 UTC, with Remind Me and a reminder a day before.
    static let rent = Item(id: 7, checklistID: 2, text: "Pay rent", dueDate: Fixed.date("2026-11-24 09:00"), shouldRemind: true,
                           remindAt: Fixed.date("2026-11-23 09:00"), reminders: [.beforeDue(minutes: 24 * 60)])

    func editingRent(width: Int, height: Int = 16) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands], select: 0))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: [Self.rent], totalCount: 1)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 0))
        press(.enter, on: &state)
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) {
        for key in keys { _ = reduce(&state, .key(key)) }
    }

    func type(_ text: String, on state: inout AppState) {
        for character in text { _ = reduce(&state, .key(.character(character))) }
    }

    /// The form's draft as Done would save it.
    func draft(_ state: AppState) -> ItemDraft? { state.screen.itemDetail?.draft }

    @Test("a on Remind Me with the date picker open closes the picker: the new reminder's row takes its place, at 92×8 as at 40×16")
    func addClosesThePicker() {
        for (width, height) in [(92, 8), (40, 16)] {
            var state = editingRent(width: width, height: height)
            press(.tab, .tab, .tab, .tab, .enter, on: &state)             // Due Date, Enter: the picker opens
            #expect(state.screen.itemDetail?.picker != nil)
            for _ in 0..<5 where state.screen.itemDetail?.focus != .remind { press(.backTab, on: &state) }  // back to Remind Me
            #expect(state.screen.itemDetail?.focus == .remind && state.screen.itemDetail?.picker != nil)
            press(.character("a"), on: &state)
            expectEqual(state.keyContext, .typedReminder)
            #expect(state.screen.itemDetail?.picker == nil)
            #expect(render(state).lines().contains { $0.hasPrefix("›   +") }, "\(render(state).lines())")
        }
    }

    @Test("in a pane too short for every row, the rows above the focused one give way: at 30×8 the Tags row and its cursor stay in view")
    func shortPaneKeepsTheFocusedRow() {
        var state = editingRent(width: 30, height: 8)
        press(.tab, .tab, .tab, .tab, .enter, on: &state)             // Due Date, Enter: the picker opens
        for _ in 0..<8 where state.screen.itemDetail?.focus != .tags { press(.tab, on: &state) }
        #expect(state.screen.itemDetail?.focus == .tags && state.screen.itemDetail?.picker != nil)
        let grid = render(state)
        let lines = grid.lines()
        let tags = lines.firstIndex { $0.hasPrefix("› Tags") }
        #expect(tags != nil && tags! < 6, "\(lines)")
        expectEqual(grid.cursor.map { $0.row == tags }, true, "\(String(describing: grid.cursor)) \(lines)")
        // The open picker gave way with its Due Date row: neither is shown.
        #expect(!lines.contains { $0.contains("Due Date") || $0.contains("2026-11-24") }, "\(lines)")
    }

    @Test("at 60×8, Tags focused with the picker open: the picker gives way with its Due Date row, never shown without it")
    func shortPaneDropsThePickerWithItsRow() {
        var state = editingRent(width: 60, height: 8)
        press(.tab, .tab, .tab, .tab, .enter, on: &state)             // Due Date, Enter: the picker opens
        for _ in 0..<8 where state.screen.itemDetail?.focus != .tags { press(.tab, on: &state) }
        #expect(state.screen.itemDetail?.focus == .tags && state.screen.itemDetail?.picker != nil)
        expectEqual(render(state).lines(), [
            " Edit Item                                          Errands",
            "  Starts                                              None",
            "  Repeat                                             Never",
            "  Priority                                            None",
            "› Tags        e.g. work home",
            "  [ Done ]  [ Cancel ]",
            " Tab:complete/next S-Tab/↑:prev Enter/^S:done Esc:cancel",
            " F1:help",
        ])
        // Back on the picker, its Due Date row comes back above it.
        for _ in 0..<8 where state.screen.itemDetail?.focus != .picker { press(.backTab, on: &state) }
        let lines = render(state).lines()
        let due = lines.firstIndex { $0.hasPrefix("  Due Date") }
        #expect(due != nil && lines[due! + 1].contains("2026-11-24"), "\(lines)")
    }

    @Test("at 40 columns: a reminder typed as \"2 days before 9:00\" gets its row under Remind Me, in order, and Done saves all three")
    func addAtFortyColumns() {
        var state = editingRent(width: 40)
        press(.tab, .tab, .character("a"), on: &state)
        expectEqual(state.keyContext, .typedReminder)
        type("2 days before 9:00", on: &state)
        press(.enter, on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                      Errands",
            "",
            "  Text        Pay rent",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [x] On",
            "              1 day before",
            "›             2 days before",
            "  Due Date       Nov 24, 2026, 9:00 AM",
            "  Starts                          None",
            "  Repeat                         Never",
            "  Priority                        None",
            "  Tags        e.g. work home",
            "",
            "  [ Done ]  [ Cancel ]",
            " a:add Enter:change Del:remove",
            " Tab/↓:next S-Tab/↑:prev ^S:done ?:help",
        ])
        expectEqual(draft(state)?.reminders, [.atDue, .beforeDue(minutes: 1440), .beforeDue(minutes: 2880)])
        let effects = reduce(&state, .key(.control("s")))
        #expect(savedEdits(effects).contains(.commit(.updateItem(id: 7, ItemDraft(text: "Pay rent", dueDate: Fixed.date("2026-11-24 09:00"),
                                                                      reminders: [.atDue, .beforeDue(minutes: 1440), .beforeDue(minutes: 2880)])))))
    }

    @Test("at 120 columns: a reminder at a moment of its own reads as that moment; the help line names the row's keys")
    func addAtOneHundredTwentyColumns() {
        var state = editingRent(width: 120)
        press(.tab, .tab, .character("a"), on: &state)
        type("fri 9:00", on: &state)
        press(.enter, on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                                                                                                      Errands",
            "",
            "  Text        Pay rent",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [x] On",
            "              1 day before",
            "›             at Nov 27, 2026, 9:00 AM",
            "  Due Date                                                                                       Nov 24, 2026, 9:00 AM",
            "  Starts                                                                                                          None",
            "  Repeat                                                                                                         Never",
            "  Priority                                                                                                        None",
            "  Tags        e.g. work home",
            "",
            "  [ Done ]  [ Cancel ]",
            "",
            " a add  Enter change  Del remove  Tab/↓ next  S-Tab/↑ prev  ^S done  Esc cancel  ? help",
        ])
        expectEqual(draft(state)?.reminders, [.atDue, .beforeDue(minutes: 1440), .at(Fixed.date("2026-11-27 09:00"))])
    }

    @Test("Enter on a reminder's row changes it, d removes it; what does not read is said and changes nothing")
    func changeAndRemove() {
        var state = editingRent(width: 40)
        press(.tab, .tab, .tab, on: &state)                    // the row "1 day before"
        expectEqual(state.screen.itemDetail?.focus, .reminder(0))
        press(.enter, on: &state)
        expectEqual(state.screen.itemDetail?.reminderInput?.text, "1d")
        press(.backspace, .backspace, on: &state)
        type("soon-ish", on: &state)
        press(.enter, on: &state)
        expectEqual(state.message?.kind, .error)
        expectEqual(draft(state)?.reminders, [.atDue, .beforeDue(minutes: 1440)])
        for _ in 0..<8 { press(.backspace, on: &state) }
        type("3h", on: &state)
        press(.enter, on: &state)
        expectEqual(draft(state)?.reminders, [.atDue, .beforeDue(minutes: 180)])
        #expect(render(state).lines().contains("›             3 hours before"))
        press(.character("d"), on: &state)
        expectEqual(draft(state)?.reminders, [.atDue])
        expectEqual(state.screen.itemDetail?.focus, .remind)
        // Esc on a typed reminder drops it; the form is as before.
        press(.character("a"), on: &state)
        type("1h", on: &state)
        press(.escape, on: &state)
        expectEqual(draft(state)?.reminders, [.atDue])
        #expect(!render(state).lines().contains { $0.contains("+") || $0.contains("before") })
    }

    @Test("clearing the due date takes the reminders before it along, and keeps one at a moment of its own")
    func clearingTheDueDate() {
        var state = editingRent(width: 40)
        press(.tab, .tab, .character("a"), on: &state)
        type("fri 9:00", on: &state)
        press(.enter, .tab, on: &state)                        // from the new reminder's row to Due Date
        expectEqual(state.screen.itemDetail?.focus, .dueDate)
        press(.delete, on: &state)
        expectEqual(draft(state)?.reminders, [.at(Fixed.date("2026-11-27 09:00"))])
    }
}
