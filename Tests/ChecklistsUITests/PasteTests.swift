import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// A paste is text, never keys: in a text field it is inserted, cleaned;
/// anywhere else it does nothing but say so. Given / when / then on the
/// reducer, with the screens as literal lines.
@Suite("Pastes")
struct PasteTests {
    static let item = Item(id: 7, checklistID: 1, text: "Keep me", dueDate: Fixed.date("2026-11-21 11:00"))
    static let summary = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 1, remainingCount: 1)
    /// What broke before: a line, its newline, then what were the keys to delete the selected item.
    static let hazard = "Pasted line\rdy"

    func onChecklist() -> AppState {
        var state = AppState(context: Fixed.context, width: 50, height: 10, now: Fixed.now)
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: [Self.item], totalCount: 1)
        _ = reduce(&state, .itemsLoaded(Self.summary, page, selectIndex: 0))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) -> [Effect] {
        keys.flatMap { reduce(&state, .key($0)) }
    }

    // MARK: - The text field's cleaning

    @Test("line breaks and tabs become spaces, a CR LF one space; escape sequences, C0, DEL and C1 are dropped; the rest is kept")
    func cleaning() {
        expectEqual(TextField.pastable("a\rb\nc\r\nd\te", keepingLineBreaks: false), "a b c d e")
        expectEqual(TextField.pastable("red \u{1B}[31mtext\u{1B}[0m\u{7}\u{7F}\u{9B}2J", keepingLineBreaks: false), "red text")
        expectEqual(TextField.pastable("\u{85}x\u{2028}y\u{2029}", keepingLineBreaks: false), " x y ")
        expectEqual(TextField.pastable("日本 👨‍👩‍👧 e\u{301} \u{202E}rtl\u{200D}", keepingLineBreaks: false), "日本 👨‍👩‍👧 e\u{301} \u{202E}rtl\u{200D}")
        expectEqual(TextField.pastable("one\r\ntwo\rthree\t4", keepingLineBreaks: true), "one\ntwo\nthree 4")
    }

    @Test("a terminal's escape sequences go whole, whatever their kind; one cut off before its end leaves what follows its ESC")
    func escapeSequences() {
        let cases: [(pasted: String, kept: String)] = [
            // Coloured output, SGR with several parameters, and a private-mode CSI.
            ("\u{1B}[1;33mcommit 3f2a\u{1B}[m Fix \u{1B}[?25lit", "commit 3f2a Fix it"),
            // A hyperlink (OSC 8), ended by ST, then by BEL; a window title.
            ("see \u{1B}]8;;https://example.org\u{1B}\\docs\u{1B}]8;;\u{1B}\\ now", "see docs now"),
            ("\u{1B}]8;;http://x\u{7}link\u{1B}]8;;\u{7}", "link"),
            ("\u{1B}]0;title\u{7}Milch 牛乳", "Milch 牛乳"),
            // DCS and APC strings; their C1 forms, CSI and OSC in C1.
            ("a\u{1B}P1$r0m\u{1B}\\b\u{1B}_x\u{1B}\\c", "abc"),
            ("\u{9B}2Ja\u{9D}0;t\u{9C}b\u{90}q\u{9C}c", "abc"),
            // ESC with a final, and with an intermediate and a final.
            ("\u{1B}7saved\u{1B}8 \u{1B}(Bplain \u{1B}=ok", "saved plain ok"),
            // Cut off: the ESC goes, what follows it stays.
            ("cut \u{1B}[12;", "cut [12;"),
            ("cut \u{1B}]8;;http://x", "cut ]8;;http://x"),
            ("end \u{1B}", "end "),
            // Not a sequence: ESC before a control, a lone C1.
            ("x\u{1B}\u{1B}[0my\u{85}z", "xy z"),
        ]
        for (pasted, kept) in cases {
            expectEqual(TextField.pastable(pasted, keepingLineBreaks: false), kept, "\(pasted.debugDescription)")
        }
        // A note keeps its line breaks, inside and around sequences.
        expectEqual(TextField.pastable("one\u{1B}[31m\nred\u{1B}[0m\r\ntwo", keepingLineBreaks: true), "one\nred\ntwo")
    }

    @Test("a paste goes in at the cursor as one edit, and the cursor ends after it")
    func insertsAtCursor() {
        var field = TextField("buy milk")
        for _ in 0..<4 { _ = field.handle(.left) }
        let handled = field.handle(.paste("oat\r\n"))
        #expect(handled)
        expectEqual(field.text, "buy oat milk")
        expectEqual(field.cursor, 8)
        var lines = TextField("", multiline: true)
        _ = lines.handle(.paste("a\r\nb"))
        expectEqual(lines.text, "a\nb")
    }

    // MARK: - In a text field

    @Test("a paste of a line, a newline and d y into Add Item is text: nothing is saved or deleted until Done")
    func pasteIntoItemText() {
        var state = onChecklist()
        _ = press(.character("a"), on: &state)
        expectEqual(state.route, .itemDetail)
        #expect(press(.paste(Self.hazard), on: &state).isEmpty)
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.text.text, "Pasted line dy")
        #expect(state.overlays.question == nil)
        expectEqual(render(state).lines(), [
            " Add Item                               Groceries",
            "› Text        Pasted line dy",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date                                  None",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
            " Tab/↓:next S-Tab/↑:prev Enter/^S:done Esc:cancel",
            " F1:help",
        ])
        let effects = press(.control("s"), on: &state)
        expectEqual(effects, [.commit(.addItem(checklistID: 1, ItemDraft(text: "Pasted line dy", dueDate: state.screen.itemDetail!.dueDate)))])
    }

    @Test("a paste into the list's name and into a date typed in words is text too")
    func pasteIntoOtherFields() {
        var state = onChecklist()
        _ = press(.escape, .character("a"), on: &state)           // home, Add Checklist
        expectEqual(state.route, .listDetail)
        #expect(press(.paste("Trip\n\tq"), on: &state).isEmpty)
        expectEqual(state.screen.listDetail?.name.text, "Trip  q")
        expectEqual(state.route, .listDetail)

        var form = onChecklist()
        _ = press(.enter, .tab, .tab, .tab, .enter, .character("t"), .backspace, on: &form)   // edit, Due Date, picker, words (its t erased)
        expectEqual(form.keyContext, .typedDate)
        #expect(press(.paste("tomorrow\r9:00"), on: &form).isEmpty)
        expectEqual(form.screen.itemDetail?.picker?.typed?.text, "tomorrow 9:00")
        expectEqual(form.screen.itemDetail?.dueDate, Self.item.dueDate)          // not accepted until Enter
    }

    @Test("a huge paste goes in whole, and the field shows its end with the cursor")
    func hugePaste() {
        var state = onChecklist()
        _ = press(.character("a"), on: &state)
        let text = String(repeating: "0123456789\n", count: 20_000) + "end"
        _ = press(.paste(text), on: &state)
        expectEqual(state.screen.itemDetail?.text.text.count, 220_003)
        expectEqual(state.screen.itemDetail?.text.text.hasSuffix("6789 0123456789 end"), true)
        let screen = render(state)
        expectEqual(screen.lines()[1], "› Text        3456789 0123456789 0123456789 end")
        expectEqual(screen.cursor, GridPosition(row: 1, column: 47))
    }

    // MARK: - Anywhere else

    @Test("a paste on the checklist does nothing but say so")
    func pasteOnChecklist() {
        var state = onChecklist()
        let before = state
        #expect(press(.paste(Self.hazard), on: &state).isEmpty)
        expectEqual(state.route, .checklist)
        #expect(state.overlays.question == nil)
        expectEqual(state.screen.checklist, before.screen.checklist)
        expectEqual(render(state).lines(), [
            " 🛒 Groceries           1 Remaining · by due date",
            " [ ] Keep me  11:00 AM",
            "",
            "",
            "",
            "",
            "",
            "",
            " Paste ignored: not in a text field.",
            " ↑↓/jk:move Space:check a:add Enter:edit … ?:help",
        ])
        // The next key clears the message and works as usual.
        _ = press(.character("d"), on: &state)
        #expect(state.overlays.question != nil)
    }

    @Test("a paste is ignored with a message on every screen without a text field, and changes nothing else",
          arguments: ["home", "remind", "picker", "question", "help", "icons"])
    func ignoredElsewhere(place: String) {
        var state = onChecklist()
        switch place {
        case "home": _ = press(.escape, on: &state)
        case "remind": _ = press(.enter, .tab, .tab, on: &state)
        case "picker": _ = press(.enter, .tab, .tab, .tab, .enter, on: &state)
        case "question": _ = press(.character("d"), on: &state)
        case "help": _ = press(.character("?"), on: &state)
        default: _ = press(.escape, .character("a"), .tab, .enter, on: &state)
        }
        let context = state.keyContext
        #expect(!context.isTextField)
        let before = state
        #expect(press(.paste("12\r\ny\u{1B}q"), on: &state).isEmpty)
        expectEqual(state.message, StatusMessage("Paste ignored: not in a text field."))
        expectEqual(state.keyContext, context)
        #expect(state.isRunning)
        expectEqual(state.screen.itemDetail, before.screen.itemDetail)
        expectEqual(state.screen.listDetail, before.screen.listDetail)
        expectEqual(state.overlays.question, before.overlays.question)
        expectEqual(state.overlays, before.overlays)
    }
}
