import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Given / when / then on the pure reducer: keys in, state and effects out.
@Suite("Reducer")
struct ReducerTests {
    static let due = Fixed.date("2026-11-21 11:00")
    static let item = Item(id: 7, checklistID: 1, text: "Buy milk", dueDate: due, shouldRemind: true)
    static let summary = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 1, remainingCount: 1)

    func onChecklist(items: [Item] = [item]) -> AppState {
        var state = AppState(context: Fixed.context, width: 60, height: 14, now: Fixed.now)
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: items, totalCount: items.count)
        _ = reduce(&state, .itemsLoaded(Self.summary, page, selectIndex: 0))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    func type(_ text: String, on state: inout AppState) {
        for character in text { _ = reduce(&state, .key(.character(character))) }
    }

    @Test("a loaded page opens the checklist screen with the first item selected")
    func opensChecklist() {
        let state = onChecklist()
        expectEqual(state.route, .checklist)
        expectEqual(state.screen.checklist?.selectedItem, Self.item)
    }

    @Test("Enter on the Due Date row inserts the picker row beneath it; Enter again removes it")
    func pickerRowAppearsAndDisappears() {
        var state = onChecklist()
        _ = press(.enter, on: &state)                       // edit the item
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.rows, [.text, .note, .remind, .dueDate, .start, .repeatRule, .priority, .tags])
        _ = press(.tab, .tab, .tab, .enter, on: &state)           // past the note to Due Date, activate
        expectEqual(state.screen.itemDetail?.rows, [.text, .note, .remind, .dueDate, .picker, .start, .repeatRule, .priority, .tags])
        expectEqual(state.screen.itemDetail?.focus, .picker)
        _ = press(.enter, on: &state)                       // close from the picker
        expectEqual(state.screen.itemDetail?.rows, [.text, .note, .remind, .dueDate, .start, .repeatRule, .priority, .tags])
        expectEqual(state.screen.itemDetail?.focus, .dueDate)
        _ = press(.enter, on: &state)                       // open again from Due Date
        _ = press(.backTab, on: &state)                     // back onto Due Date, picker still open
        expectEqual(state.screen.itemDetail?.focus, .dueDate)
        _ = press(.enter, on: &state)                       // activating Due Date again closes it
        #expect(state.screen.itemDetail?.picker == nil)
    }

    @Test("moving into the text field closes the picker")
    func textFieldClosesPicker() {
        var state = onChecklist()
        _ = press(.enter, .tab, .tab, .tab, .enter, on: &state)
        #expect(state.screen.itemDetail?.picker != nil)
        _ = press(.tab, on: &state)                         // picker → Starts, the picker stays
        expectEqual(state.screen.itemDetail?.focus, .start)
        #expect(state.screen.itemDetail?.picker != nil)
        _ = press(.tab, .tab, .tab, .tab, on: &state)       // Starts → Repeat → Priority → Tags → wraps to the text field
        expectEqual(state.screen.itemDetail?.focus, .text)
        #expect(state.screen.itemDetail?.picker == nil)
    }

    @Test("the picker changes the date with carry, and the form's date follows at once")
    func pickerCarries() {
        var state = onChecklist()
        _ = press(.enter, .tab, .tab, .tab, .enter, on: &state)   // picker open on the day field
        expectEqual(state.screen.itemDetail?.picker?.field, .day)
        _ = press(.right, .right, on: &state)               // minute
        expectEqual(state.screen.itemDetail?.picker?.field, .minute)
        _ = press(.down, on: &state)                        // 11:00 - 1 minute
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-21 10:59"))
    }

    @Test("digits typed into a field set it and move to the next field")
    func pickerDigits() {
        var state = onChecklist()
        _ = press(.enter, .tab, .tab, .tab, .enter, on: &state)   // day field
        type("24", on: &state)
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-24 11:00"))
        expectEqual(state.screen.itemDetail?.picker?.field, .hour)
        type("9", on: &state)                               // 9 cannot grow (90 > 23): set at once
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-24 09:00"))
        expectEqual(state.screen.itemDetail?.picker?.field, .minute)
    }

    @Test("a date typed in words replaces the date when accepted")
    func typedDate() {
        var state = onChecklist()
        _ = press(.enter, .tab, .tab, .tab, .enter, .character("t"), .backspace, on: &state)
        expectEqual(state.keyContext, .typedDate)
        type("2026-12-24 18:00", on: &state)
        _ = press(.enter, on: &state)
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-12-24 18:00"))
        expectEqual(state.keyContext, .datePicker)
    }

    @Test("a date that cannot be, typed in words: the parser's message, the date unchanged, still typing", arguments: [
        ("nonsense", #"can't read "nonsense": try "tomorrow 9:00", "fri 17:00", "+2h" or "2026-12-24 18:00""#),
        ("2027-02-31 10:00", "February 2027 has only 28 days"),
        ("0-01-01", "year 0 is out of range (1970-9999)"),
        ("99999-01-01 9:00", "year 99999 is out of range (1970-9999)"),
        ("+999999d", #""+999999d" is more than 100 years ahead: type the date itself, for example "2126-12-24 18:00""#),
    ])
    func impossibleTypedDate(text: String, message: String) {
        var state = onChecklist()
        // t opens the words with its t, which Backspace takes back.
        _ = press(.enter, .tab, .tab, .tab, .enter, .character("t"), .backspace, on: &state)
        type(text, on: &state)
        #expect(press(.enter, on: &state).isEmpty)
        expectEqual(state.message, StatusMessage(message, kind: .error))
        expectEqual(state.screen.itemDetail?.dueDate, Self.due)
        expectEqual(state.keyContext, .typedDate)
    }

    @Test("year 0000 typed into the picker's year field: a message, the date unchanged")
    func impossibleYearDigits() {
        var state = onChecklist()
        _ = press(.enter, .tab, .tab, .tab, .enter, .left, .left, on: &state)   // the year field
        expectEqual(state.screen.itemDetail?.picker?.field, .year)
        type("0000", on: &state)
        expectEqual(state.message, StatusMessage("0 is not a valid year here (1970–9999).", kind: .error))
        expectEqual(state.screen.itemDetail?.dueDate, Self.due)
        expectEqual(state.screen.itemDetail?.picker?.field, .year)
    }

    @Test("Done is refused while the text is empty, and nothing is saved")
    func doneRefusedWhenEmpty() {
        var state = onChecklist()
        _ = press(.character("a"), on: &state)
        expectEqual(state.screen.itemDetail?.title, "Add Item")
        expectEqual(state.screen.itemDetail?.canBeDone, false)
        let effects = press(.enter, on: &state)
        #expect(effects.isEmpty)
        expectEqual(state.route, .itemDetail)
        expectEqual(state.message?.kind, .error)
        type("   ", on: &state)
        #expect(press(.control("s"), on: &state).isEmpty)
    }

    @Test("a new item has no due date; opening the picker offers the next full hour, in the future")
    func defaultDueDate() {
        var state = onChecklist()
        _ = press(.character("a"), on: &state)
        #expect(state.screen.itemDetail?.dueDate == nil)
        expectEqual(state.screen.itemDetail?.shouldRemind, false)
        _ = press(.tab, .tab, .tab, .enter, on: &state)
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-21 11:00"))
        #expect(state.screen.itemDetail?.picker != nil)
    }

    @Test("adding commits one change with the typed text, date and Remind Me")
    func addCommits() {
        var state = onChecklist()
        _ = press(.character("a"), on: &state)
        type("日本語のメモ", on: &state)
        _ = press(.tab, .tab, .character(" "), on: &state)  // past the note, Remind Me on
        let effects = press(.control("s"), on: &state)
        expectEqual(effects, [.commit(.addItem(checklistID: 1, ItemDraft(text: "日本語のメモ", dueDate: Fixed.date("2026-11-21 11:00"), shouldRemind: true)))])
    }

    @Test("Esc cancels and changes nothing (asking first, as the text was changed); editing nothing writes nothing")
    func cancelAndNoOpEdit() {
        var state = onChecklist()
        _ = press(.enter, on: &state)
        type(" more", on: &state)
        #expect(press(.escape, on: &state).isEmpty)
        expectEqual(state.overlays.question?.question, "Discard changes?")
        #expect(press(.character("y"), on: &state).isEmpty)
        expectEqual(state.route, .checklist)
        _ = press(.enter, on: &state)
        #expect(press(.control("s"), on: &state).isEmpty)
        expectEqual(state.route, .checklist)
    }

    @Test("j and k type letters in the text field but move in lists")
    func lettersInTextField() {
        var state = onChecklist()
        _ = press(.character("a"), on: &state)
        type("jk", on: &state)
        expectEqual(state.screen.itemDetail?.text.text, "jk")
    }

    @Test("delete asks y/n; n changes nothing, y commits")
    func deleteConfirms() {
        var state = onChecklist()
        #expect(press(.character("d"), on: &state).isEmpty)
        expectEqual(state.overlays.question?.question, "Delete “Buy milk”?")
        #expect(press(.character("x"), on: &state).isEmpty)   // other keys are ignored
        #expect(press(.character("n"), on: &state).isEmpty)
        #expect(state.overlays.question == nil)
        _ = press(.character("d"), on: &state)
        expectEqual(press(.character("y"), on: &state), [.commit(.deleteItem(id: 7))])
    }

    @Test("space toggles checked; s cycles the sort order")
    func toggleAndSort() {
        var state = onChecklist()
        expectEqual(press(.character(" "), on: &state), [.commit(.setChecked(itemID: 7, true))])
        expectEqual(press(.character("s"), on: &state), [.commit(.setSortOrder(checklistID: 1, .text))])
    }

    @Test("moving past the loaded page asks for the page around the selection")
    func paging() {
        let items = (0..<60).map { Item(id: Int64($0 + 1), checklistID: 1, text: "item \($0)", dueDate: Self.due) }
        var state = AppState(context: Fixed.context, width: 60, height: 14, now: Fixed.now)
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: items, totalCount: 100_000)
        _ = reduce(&state, .itemsLoaded(Self.summary, page, selectIndex: 0))
        #expect(press(.down, on: &state).isEmpty)            // still inside the page
        let effects = press(.end, on: &state)
        expectEqual(effects, [.loadItems(checklistID: 1, anchor: .index(99_999), pageSize: state.pageSize)])
        expectEqual(state.screen.checklist?.viewport.selection, 99_999)
    }

    @Test("q quits from All Lists only; Ctrl-C quits anywhere")
    func quitting() {
        var state = onChecklist()
        _ = press(.character("q"), on: &state)
        #expect(state.isRunning)
        _ = press(.escape, on: &state)
        expectEqual(state.route, .allLists)
        _ = press(.character("q"), on: &state)
        #expect(!state.isRunning)
        var other = onChecklist()
        _ = press(.character("a"), .control("c"), on: &other)
        #expect(!other.isRunning)
    }

    @Test("a failed save keeps the form open and shows why")
    func failedSave() {
        var state = onChecklist()
        _ = press(.enter, on: &state)
        type("!", on: &state)
        let effects = press(.control("s"), on: &state)
        guard case let .commit(change)? = effects.first else {
            Issue.record("no commit")
            return
        }
        _ = reduce(&state, .failed(change, message: "the disk is full"))
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.text.text, "Buy milk!")
        expectEqual(state.message, StatusMessage("the disk is full", kind: .error))
    }
}
