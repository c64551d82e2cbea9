import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Quick add in Item Detail and typing dates where the picker is: the
/// preview line under the text, ^L, Done saving what was read, letters on
/// the Due Date row and in the picker, dates in the past said. Now is
/// Saturday 21 November 2026, 10:30 UTC. Screens as literal lines.
@Suite("Quick add in Item Detail")
struct QuickAddInItemDetailTests {
    static let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 1, remainingCount: 1)
    static let rent = Item(id: 7, checklistID: 2, text: "Pay rent fri", dueDate: nil)

    /// The checklist Errands open, then `a` (add) or Enter (edit its item).
    func form(width: Int, height: Int = 16, adding: Bool = true) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands], select: 0))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: [Self.rent], totalCount: 1)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 0))
        _ = reduce(&state, .key(adding ? .character("a") : .enter))
        return state
    }

    /// Add Item with "Call Jo" typed, on the Due Date row.
    func onDueDate() -> AppState {
        var state = form(width: 80)
        type("Call Jo", on: &state)
        for _ in 0..<3 { _ = reduce(&state, .key(.tab)) }
        return state
    }

    func type(_ text: String, on state: inout AppState) {
        for character in text { _ = reduce(&state, .key(.character(character))) }
    }

    @Test("at 120 columns the line under the text says what was read, ^L named; Done saves it as the rows would")
    func previewAtOneHundredTwenty() {
        var state = form(width: 120)
        type("Pay rent fri 9am #home !high every month", on: &state)
        expectEqual(render(state).lines().prefix(5), [
            " Add Item                                                                                                       Errands",
            "",
            "› Text        Pay rent fri 9am #home !high every month",
            "              → Pay rent · Fri, Nov 27, 2026, 9:00 AM · #home · !!! · monthly  Ctrl-L: as typed",
            "  Note        Notes (Enter: new line)",
        ])
        let effects = reduce(&state, .key(.enter))
        #expect(effects.contains(.commit(.addItem(checklistID: 2, ItemDraft(
            text: "Pay rent", dueDate: Fixed.date("2026-11-27 09:00"), recurrence: .monthly, priority: .high, tags: ["home"])))))
    }

    @Test("a priority chosen on its row is the one the preview shows, as Done saves it, not the text's")
    func previewFollowsPriorityRow() throws {
        var state = form(width: 120)
        type("Pay rent !high", on: &state)
        #expect(render(state).lines()[3].contains("→ Pay rent · !!!"), "\(render(state).lines()[3])")
        for _ in 0..<6 { _ = reduce(&state, .key(.tab)) }
        _ = reduce(&state, .key(.right))
        let chosen = try #require(state.screen.itemDetail?.draft.priority)
        #expect(chosen != .none && chosen != .high)
        let preview = render(state).lines()[3]
        #expect(preview.contains("→ Pay rent · \(chosen.mark)") && !preview.contains("!!!"), "\(preview)")
        let effects = reduce(&state, .key(.control("s")))
        #expect(effects.contains(.commit(.addItem(checklistID: 2, ItemDraft(text: "Pay rent", dueDate: nil, priority: chosen)))), "\(effects)")
    }

    @Test("at 40 columns the preview is shortened to fit: from under the label, the date relative to today, the rest an ellipsis")
    func previewAtForty() {
        var state = form(width: 40)
        type("Call Ann tomorrow 9am #work", on: &state)
        let lines = render(state).lines()
        expectEqual(lines.prefix(5), [
            " Add Item                       Errands",
            "",
            "› Text         Ann tomorrow 9am #work",
            "  → Call Ann · Tomorrow 9:00 AM · …",
            "  Note        Notes (Enter: new line)",
        ])
    }

    @Test("at 80×8 with the preview line, Due Date focused above its open picker: the rows above give way for both")
    func shortPaneKeepsThePickerUnderItsRow() {
        var state = form(width: 80, height: 8)
        type("Call Jo", on: &state)
        _ = reduce(&state, .key(.control("l")))
        for _ in 0..<8 where state.screen.itemDetail?.focus != .dueDate { _ = reduce(&state, .key(.tab)) }
        _ = reduce(&state, .key(.enter))
        for _ in 0..<3 where state.screen.itemDetail?.focus != .dueDate { _ = reduce(&state, .key(.backTab)) }
        #expect(state.screen.itemDetail?.focus == .dueDate && state.screen.itemDetail?.picker != nil)
        expectEqual(render(state).lines(), [
            " Add Item                                                               Errands",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "› Due Date                                              Nov 21, 2026, 11:00 AM",
            "  ▸ Sat  2026-11-21  11:00  (Nov)",
            "  Starts                                                                  None",
            " Enter:picker on/off Del:no date Tab/↓:next S-Tab/↑:prev ^S:done Esc:cancel",
            " ?:help",
        ])
    }

    @Test("at 80×8 with the preview line, Remind Me focused above the open picker: Due Date goes with the picker that cannot fit")
    func shortPaneLeavesOutTheDueDateWithItsPicker() {
        var state = form(width: 80, height: 8)
        type("Call Jo", on: &state)
        _ = reduce(&state, .key(.control("l")))
        for _ in 0..<8 where state.screen.itemDetail?.focus != .dueDate { _ = reduce(&state, .key(.tab)) }
        _ = reduce(&state, .key(.enter))
        for _ in 0..<4 where state.screen.itemDetail?.focus != .remind { _ = reduce(&state, .key(.backTab)) }
        #expect(state.screen.itemDetail?.focus == .remind && state.screen.itemDetail?.picker != nil)
        let lines = render(state).lines()
        expectEqual(Array(lines[0...5]), [
            " Add Item                                                               Errands",
            "  Text        Call Jo",
            "              as typed (Ctrl-L: read it)",
            "  Note        Notes (Enter: new line)",
            "› Remind Me   [ ] Off",
            "  [ Done ]  [ Cancel ]",
        ], "\(lines.joined(separator: "\n"))")
        // Tab brings the Due Date row back, its picker beneath it.
        _ = reduce(&state, .key(.tab))
        #expect(render(state).lines().contains("  ▸ Sat  2026-11-21  11:00  (Nov)"))
    }

    @Test("^L keeps the text as typed: the line says so, and Done saves the words as they are")
    func literal() {
        var state = form(width: 80)
        type("Read chapter 5 tomorrow", on: &state)
        _ = reduce(&state, .key(.control("l")))
        expectEqual(render(state).lines()[3], "              as typed (Ctrl-L: read it)")
        let effects = reduce(&state, .key(.enter))
        #expect(effects.contains(.commit(.addItem(checklistID: 2, ItemDraft(text: "Read chapter 5 tomorrow", dueDate: nil)))))
    }

    @Test("ordinary text has no preview line and is saved as typed, trailing spaces trimmed")
    func ordinaryText() {
        var state = form(width: 80)
        type("Buy 2 kg rice  ", on: &state)
        expectEqual(render(state).lines()[3], "  Note        Notes (Enter: new line)")
        let effects = reduce(&state, .key(.enter))
        #expect(effects.contains(.commit(.addItem(checklistID: 2, ItemDraft(text: "Buy 2 kg rice", dueDate: nil)))))
    }

    @Test("editing reads nothing: an old text with a date word keeps it and its (no) date")
    func editingReadsNothing() {
        var state = form(width: 80, adding: false)
        expectEqual(state.screen.itemDetail?.title, "Edit Item")
        expectEqual(render(state).lines()[3], "  Note        Notes (Enter: new line)")
        type(" ", on: &state)
        let effects = reduce(&state, .key(.enter))
        // The space typed last is trimmed, so nothing changed: no write.
        #expect(!effects.contains { if case .commit = $0 { true } else { false } })
    }

    @Test("adding on the Upcoming view's day: a date typed in the text wins over that day, in the preview and when saved; words without one keep the day; a date chosen on the row wins over the text")
    func typedDateOverTheUpcomingDay() {
        // What the Upcoming view's a does: the list's page, then the form
        // with the day's 9:00 as its due date.
        var state = AppState(context: Fixed.context, width: 120, height: 16, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands], select: 0))
        let monday = Fixed.date("2026-11-23 09:00")
        state.openItemAfterLoad = PendingItemForm(purpose: .addDue(monday), origin: .home)
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: [Self.rent], totalCount: 1)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 0))
        expectEqual(state.screen.itemDetail?.dueDate, monday)

        var typed = state
        type("Buy milk fri 5pm", on: &typed)
        expectEqual(render(typed).lines()[3], "              → Buy milk · Fri, Nov 27, 2026, 5:00 PM  Ctrl-L: as typed")
        #expect(reduce(&typed, .key(.enter)).contains(.commit(.addItem(checklistID: 2, ItemDraft(
            text: "Buy milk", dueDate: Fixed.date("2026-11-27 17:00"))))))

        var tagged = state
        type("Buy milk #shop", on: &tagged)
        #expect(reduce(&tagged, .key(.enter)).contains(.commit(.addItem(checklistID: 2, ItemDraft(
            text: "Buy milk", dueDate: monday, tags: ["shop"])))))

        var chosen = state
        type("Buy milk fri 5pm", on: &chosen)
        for _ in 0..<3 { _ = reduce(&chosen, .key(.tab)) }
        expectEqual(chosen.screen.itemDetail?.focus, .dueDate)
        type("tue 10:00", on: &chosen)
        _ = reduce(&chosen, .key(.enter))
        let tuesday = Fixed.date("2026-11-24 10:00")
        expectEqual(chosen.screen.itemDetail?.dueDate, tuesday)
        expectEqual(render(chosen).lines()[3], "              → Buy milk · Tue, Nov 24, 2026, 10:00 AM  Ctrl-L: as typed", "\(render(chosen).lines())")
        #expect(reduce(&chosen, .key(.control("s"))).contains(.commit(.addItem(checklistID: 2, ItemDraft(text: "Buy milk", dueDate: tuesday)))))
    }

    @Test("a letter typed on Due Date opens the words with it kept: fri 17:00 is Friday at 17:00, not the 17th")
    func typingOnTheDueDateRow() {
        var state = onDueDate()
        expectEqual(state.screen.itemDetail?.focus, .dueDate)
        type("fri 17:00", on: &state)
        expectEqual(state.keyContext, .typedDate)
        #expect(render(state).lines().contains("  Date: fri 17:00            → Fri, Nov 27, 2026, 5:00 PM"), "\(render(state).lines())")
        _ = reduce(&state, .key(.enter))
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-27 17:00"))
    }

    @Test("in the open picker a letter starts the words, t included: tomorrow 9 is not \"omorrow 9\"; digits still type the field")
    func typingInThePicker() {
        var state = onDueDate()
        _ = reduce(&state, .key(.enter))
        expectEqual(state.keyContext, .datePicker)
        type("tomorrow 9", on: &state)
        expectEqual(state.screen.itemDetail?.picker?.typed?.text, "tomorrow 9")
        _ = reduce(&state, .key(.enter))
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-22 09:00"))
        type("fri 17:00", on: &state)
        expectEqual(state.screen.itemDetail?.picker?.typed?.text, "fri 17:00")
        _ = reduce(&state, .key(.enter))
        expectEqual(state.screen.itemDetail?.dueDate, Fixed.date("2026-11-27 17:00"))
    }

    @Test("a date in the past is said: in the preview, on the status line when taken, on the row, and when saved")
    func pastDates() {
        var state = onDueDate()
        type("today 8:00", on: &state)
        #expect(render(state).lines().contains("  Date: today 8:00           → Sat, Nov 21, 2026, 8:00 AM · in the past"),
                "\(render(state).lines())")
        _ = reduce(&state, .key(.enter))
        expectEqual(state.message?.text, "Nov 21, 2026, 8:00 AM is in the past: the item will be overdue.")
        #expect(render(state).lines().contains("  Due Date                                 in the past · Nov 21, 2026, 8:00 AM"),
                "\(render(state).lines())")
        _ = reduce(&state, .key(.control("s")))
        expectEqual(state.message?.text, "Saved due Nov 21, 2026, 8:00 AM, which is in the past.")
    }

    @Test("+ on All Lists opens Add Item on the Inbox; with none, it makes the Inbox first, then opens the form on it")
    func plusAddsToTheInbox() {
        let inbox = ChecklistSummary(checklist: Checklist(id: 5, name: "Inbox", icon: .inbox), itemCount: 0, remainingCount: 0)
        var state = AppState(context: Fixed.context, width: 80, height: 16, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands, inbox], select: 0))
        expectEqual(reduce(&state, .key(.character("+"))), [.loadItems(checklistID: 5, anchor: .index(0), pageSize: state.pageSize)])
        expectEqual(state.openItemAfterLoad, PendingItemForm(purpose: .add, origin: .home))

        var fresh = AppState(context: Fixed.context, width: 80, height: 16, now: Fixed.now)
        _ = reduce(&fresh, .listsLoaded([Self.errands], select: 0))
        expectEqual(reduce(&fresh, .key(.character("+"))), [.commit(.addChecklist(name: "Inbox", icon: .inbox))])
        let after = reduce(&fresh, .committed(.addChecklist(name: "Inbox", icon: .inbox), .checklist(5)))
        #expect(after.contains(.loadItems(checklistID: 5, anchor: .index(0), pageSize: fresh.pageSize)))
        let page = ItemsPage(checklistID: 5, sortOrder: .dueDate, offset: 0, items: [], totalCount: 0)
        _ = reduce(&fresh, .itemsLoaded(inbox, page, selectIndex: 0))
        expectEqual(fresh.screen.itemDetail?.mode, .add(checklistID: 5))
        expectEqual(fresh.screen.itemDetail?.origin, .home)
    }

    @Test("with [add] default_list naming no list, + says so and changes nothing")
    func plusWithAMissingDefaultList() {
        var context = Fixed.context
        context.defaultList = "Work"
        var state = AppState(context: context, width: 80, height: 16, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands], select: 0))
        expectEqual(reduce(&state, .key(.character("+"))), [])
        expectEqual(state.message?.text, "No list is named “Work” (config [add] default_list): add it, or change the setting.")
        #expect(state.openItemAfterLoad == nil)
    }

    @Test("Space on the Due view: the row leaves, and the status line names what was checked and how to undo it")
    func checkingOnTheDueViewIsSaid() {
        let due = DueSection(items: [
            ListedItem(item: Item(id: 7, checklistID: 2, text: "Pay rent", dueDate: Fixed.date("2026-11-20 09:00")), checklistName: "Errands"),
            ListedItem(item: Item(id: 8, checklistID: 2, text: "Milk", dueDate: Fixed.date("2026-11-21 17:00")), checklistName: "Errands"),
        ], total: 2)
        var state = AppState(context: Fixed.context, width: 50, height: 10, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands], due: due, select: nil))
        _ = reduce(&state, .committed(.setChecked(itemID: 7, true), .none))
        expectEqual(state.message?.text, "Checked “Pay rent”; u undoes it.")
        state.message = nil
        _ = reduce(&state, .committed(.setChecked(itemID: 8, false), .none))
        #expect(state.message == nil, "unchecking is not said")
    }

    @Test("a draft found at the start is given back to the same form only: adding to that list, as it opened; then it is gone")
    func draftsComeBack() {
        var state = AppState(context: Fixed.context, width: 80, height: 16, now: Fixed.now)
        _ = reduce(&state, .draftFound(FormDraft(target: .add(checklistID: 2), text: "Call the plumber about", note: "kitchen")))
        _ = reduce(&state, .listsLoaded([Self.errands], select: 0))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: [Self.rent], totalCount: 1)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 0))
        // Editing an item is another form: the draft waits.
        _ = reduce(&state, .key(.enter))
        expectEqual(state.screen.itemDetail?.text.text, "Pay rent fri")
        #expect(state.unsavedDraft != nil)
        _ = reduce(&state, .key(.escape))
        _ = reduce(&state, .key(.character("a")))
        expectEqual(state.screen.itemDetail?.text.text, "Call the plumber about")
        expectEqual(state.screen.itemDetail?.note.text, "kitchen")
        expectEqual(state.message?.text, "The text you were typing when the app closed is back; Esc drops it.")
        #expect(state.unsavedDraft == nil)
        // What the form would keep if the app ended now.
        expectEqual(state.screen.itemDetail?.typedDraft, FormDraft(target: .add(checklistID: 2), text: "Call the plumber about", note: "kitchen"))
    }

    @Test("a draft is written beside the database, owner-only, read back, and removed when there is none")
    func draftFile() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let path = FormDraft.path(besideDatabase: folder.file("checklists.sqlite"))
        #expect(path.hasSuffix("checklists.sqlite.draft"))
        let draft = FormDraft(target: .edit(itemID: 7), text: "Pay rent on the 1st", note: "")
        FormDraft.write(draft, to: path)
        expectEqual(FormDraft.read(from: path), draft)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        expectEqual(mode, 0o600)
        FormDraft.write(nil, to: path)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FormDraft.read(from: path) == nil)
    }
}
