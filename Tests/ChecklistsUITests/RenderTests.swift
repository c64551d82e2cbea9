import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Every screen and overlay as the literal lines a user sees (trailing
/// spaces trimmed; an emoji or CJK character is one Swift character but two
/// columns, so rows with them look one column short per glyph here).
@Suite("Render")
struct RenderTests {
    static let lists = [
        ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 3, remainingCount: 2),
        ChecklistSummary(checklist: Checklist(id: 2, name: "List", icon: .none), itemCount: 0, remainingCount: 0),
        ChecklistSummary(checklist: Checklist(id: 3, name: "旅行の準備リストとても長い名前のリストです", icon: .trips), itemCount: 2, remainingCount: 0),
    ]
    static let items = [
        Item(id: 1, checklistID: 1, text: "Eggs", isChecked: true, dueDate: Fixed.date("2026-11-20 09:00")),
        Item(id: 2, checklistID: 1, text: "Milk overdue", dueDate: Fixed.date("2026-11-21 09:00")),
        Item(id: 3, checklistID: 1, text: "牛乳とパンとチーズを買いに行く", dueDate: Fixed.date("2026-11-24 18:30"), shouldRemind: true),
    ]

    func home(width: Int = 50, height: Int = 8) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded(Self.lists, select: 1))
        return state
    }

    func checklist(width: Int, height: Int = 8) -> AppState {
        var state = home(width: width, height: height)
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: Self.items, totalCount: 3)
        _ = reduce(&state, .itemsLoaded(Self.lists[0], page, selectIndex: 1))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) {
        for key in keys { _ = reduce(&state, .key(key)) }
    }

    @Test("All Lists: icon, name cut by columns, detail; the help wraps onto the free message row")
    func allLists() {
        expectEqual(render(home()).lines(), [
            " Checklists                               3 lists",
            "  🛒 Groceries                        2 Remaining",
            "     List                              (No Items)",
            "  🧳 旅行の準備リストとても長い名前の…  All Done!",
            "",
            "",
            " ↑↓/jk:move Enter:open a:add e:edit d:delete",
            " q:quit u:undo ?:help",
        ])
    }

    @Test("a message too long for one line takes the help line too, broken at a space; the next key brings the help back")
    func longMessageTakesTwoLines() {
        var state = home()
        _ = reduce(&state, .loadFailed(message: "the disk holding /home/ada/.local/share/checklists/checklists.sqlite is full; the change was not saved"))
        expectEqual(render(state).lines().prefix(6), render(home()).lines().prefix(6))
        expectEqual(render(state).lines().suffix(2), [
            " the disk holding",
            " /home/ada/.local/share/checklists/checklists.sql…",
        ])
        _ = reduce(&state, .loadFailed(message: "could not save: the disk is full; the change was not saved"))
        expectEqual(render(state).lines().suffix(2), [
            " could not save: the disk is full; the change was",
            " not saved",
        ])
        expectEqual(render(state)[6, 1].color, .red)
        expectEqual(render(state)[7, 1].color, .red)
        press(.down, on: &state)
        expectEqual(render(state).lines().suffix(2), [
            " ↑↓/jk:move Enter:open a:add e:edit d:delete",
            " q:quit u:undo ?:help",
        ])
    }

    @Test("the selection bar spans the selected row")
    func selectionBar() {
        let grid = render(home())
        #expect((0..<50).allSatisfy { grid[1, $0].style.contains(.reverse) })
        #expect(!grid[2, 10].style.contains(.reverse))
    }

    @Test("a y/n question takes the message row")
    func confirmation() {
        var state = home()
        press(.character("d"), on: &state)
        expectEqual(render(state).lines(), [
            " Checklists                               3 lists",
            "  🛒 Groceries                        2 Remaining",
            "     List                              (No Items)",
            "  🧳 旅行の準備リストとても長い名前の…  All Done!",
            "",
            "",
            " Delete “Groceries” and its 3 items? (y/n)",
            " y yes  n no  Esc cancel",
        ])
        // An empty list is asked about without "its 0 items".
        press(.character("n"), .down, .character("d"), on: &state)
        expectEqual(render(state).lines()[6], " Delete “List”? (y/n)")
    }

    @Test("a checklist: check boxes, dates in one column after the longest text, read like a person, overdue marked with !")
    func checklistWide() {
        expectEqual(render(checklist(width: 64)).lines(), [
            " 🛒 Groceries                         2 Remaining · by due date",
            " [x] Eggs                              Yesterday 9:00 AM",
            " [ ] Milk overdue                    ! Today 9:00 AM",
            " [ ] 牛乳とパンとチーズを買いに行く    Tuesday 6:30 PM",
            "",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit d:delete s:sort",
            " Esc:back u:undo ?:help",
        ])
    }

    @Test("a narrow checklist uses compact dates and cuts CJK text without splitting a character")
    func checklistNarrow() {
        let grid = render(checklist(width: 40))
        expectEqual(grid.lines(), [
            " 🛒 Groceries      2 Remaining · by du…",
            " [x] Eggs                     Yesterday",
            " [ ] Milk overdue           ! 9:00 AM",
            " [ ] 牛乳とパンとチーズを…    Tue",
            "",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
        // The cut leaves no half glyph: the text column is 21 wide, so after
        // ten two-column glyphs column 25 holds the ellipsis, 26 a blank.
        expectEqual(grid[3, 25].grapheme, "…")
        expectEqual(grid[3, 26].grapheme, " ")
    }

    @Test("overdue unchecked items stand out in colour and bold, checked ones never do")
    func overdueAttributes() {
        let grid = render(checklist(width: 64))
        let overdueDate = grid[2, 39]
        expectEqual(overdueDate.color, .overdue)
        #expect(overdueDate.style.contains(.bold))
        #expect(grid[2, 37].grapheme == "!" && grid[2, 37].color == .overdue)
        expectEqual(grid[1, 39].color, .default)           // Eggs: past, but checked
        #expect(grid[1, 39].style.contains(.dim))
        expectEqual(grid[1, 37].grapheme, " ")
    }

    @Test("Item Detail: the form, with Done enabled")
    func itemDetail() {
        var state = checklist(width: 50, height: 13)
        press(.enter, on: &state)
        let grid = render(state)
        expectEqual(grid.lines(), [
            " Edit Item                              Groceries",
            "",
            "› Text        Milk overdue",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date                 Nov 21, 2026, 9:00 AM",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
            "  Tags        e.g. work home",
            "  [ Done ]  [ Cancel ]",
            " Tab/↓:next S-Tab/↑:prev Enter/^S:done Esc:cancel",
            " F1:help",
        ])
        expectEqual(grid.cursor, GridPosition(row: 2, column: 26))
        #expect(grid[10, 4].style.contains(.bold))
    }

    @Test("the picker row appears beneath Due Date, the rows below move down, and it disappears again")
    func pickerRow() {
        var state = checklist(width: 50, height: 12)
        press(.enter, .tab, .tab, .tab, .enter, on: &state)
        let open = render(state)
        expectEqual(open.lines(), [
            " Edit Item                              Groceries",
            "",
            "  Text        Milk overdue",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date                 Nov 21, 2026, 9:00 AM",
            "  ▸ Sat  2026-11-21  09:00  (Nov)",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
            " ←→:field ↑↓:change t:words Enter:close Tab:next",
            " S-Tab:prev ^S:done ?:help",
        ])
        // The date value is highlighted while the picker is open, and the
        // focused field (the day) is shown reversed.
        #expect(open[5, 30].style.contains(.reverse))
        #expect(open[6, 17].grapheme == "2" && open[6, 17].style.contains(.reverse))
        #expect(!open[6, 11].style.contains(.reverse))
        press(.up, on: &state)                               // day + 1: the Due Date row follows at once
        expectEqual(render(state).lines()[5], "  Due Date                 Nov 22, 2026, 9:00 AM")
        expectEqual(render(state).lines()[6], "  ▸ Sun  2026-11-22  09:00  (Nov)")
        press(.enter, on: &state)
        let closed = render(state)
        expectEqual(Array(closed.lines()[5...8]), [
            "› Due Date                 Nov 22, 2026, 9:00 AM",
            "  Starts                                    None",
            "  Repeat                                   Never",
            "  Priority                                  None",
        ])
        // Closed: the value is only marked as focused, no longer highlighted.
        expectEqual(closed[5, 30].style, .reverse)
        expectEqual(closed[5, 30].color, .default)
        expectEqual(open[5, 30].style, [.reverse, .bold])
    }

    @Test("typing a date in words shows a preview of the resolved date")
    func typedDatePreview() {
        var state = checklist(width: 60, height: 12)
        // The t of "tomorrow" opens the words, kept.
        press(.enter, .tab, .tab, .tab, .enter, on: &state)
        for character in "tomorrow 9:00" { press(.character(character), on: &state) }
        // 60 columns cannot hold the field and the whole preview: it goes beneath.
        expectEqual(Array(render(state).lines()[6...9]), [
            "  Date: tomorrow 9:00",
            "        → Sun, Nov 22, 2026, 9:00 AM",
            "  Starts                                              None",
            "  Repeat                                             Never",
        ])
        expectEqual(render(state).lines()[11], " Enter accept  Esc back to the fields  F1 help")
        for _ in 0..<4 { press(.backspace, on: &state) }
        for character in "25:00" { press(.character(character), on: &state) }
        expectEqual(render(state).lines()[6], "  Date: tomorrow 25:00")
        expectEqual(render(state).lines()[7], "        ? not a date yet")
        // From 64 columns, beside the field.
        var wide = checklist(width: 64, height: 13)
        press(.enter, .tab, .tab, .tab, .enter, on: &wide)
        for character in "tomorrow 9:00" { press(.character(character), on: &wide) }
        expectEqual(render(wide).lines()[6], "  Date: tomorrow 9:00        → Sun, Nov 22, 2026, 9:00 AM")
        expectEqual(render(wide).lines()[11], "  [ Done ]  [ Cancel ]")   // below the Repeat, Priority and Tags rows
    }

    @Test("t, as the help line says, then a date: the t gives way to a letter no word begins with after it")
    func openingLetterGivesWay() {
        var state = checklist(width: 64, height: 13)
        press(.enter, .tab, .tab, .tab, .enter, .character("t"), on: &state)
        for character in "fri 17:00" { press(.character(character), on: &state) }
        expectEqual(render(state).lines()[6], "  Date: fri 17:00            → Fri, Nov 27, 2026, 5:00 PM")
        // "tt" begins no word: the t typed after it is the first of "thu".
        var thursday = checklist(width: 64, height: 13)
        press(.enter, .tab, .tab, .tab, .enter, .character("t"), on: &thursday)
        for character in "thu 9:00" { press(.character(character), on: &thursday) }
        expectEqual(render(thursday).lines()[6], "  Date: thu 9:00             → Thu, Nov 26, 2026, 9:00 AM")
        // Only the key after the opening letter decides: "tx" typed on is kept
        // as typed, and said to be no date.
        var typo = checklist(width: 64, height: 13)
        press(.enter, .tab, .tab, .tab, .enter, .character("t"), .character("o"), .character("x"), on: &typo)
        expectEqual(render(typo).lines()[6], "  Date: tox                  ? not a date yet")
    }

    @Test("Done is shown disabled while the text is empty")
    func doneDisabled() {
        var state = checklist(width: 50, height: 13)
        press(.character("a"), on: &state)
        let grid = render(state)
        expectEqual(grid.lines()[0], " Add Item                               Groceries")
        expectEqual(grid.lines()[2], "› Text        Name of the Item")
        expectEqual(grid.lines()[5], "  Due Date                                  None")
        expectEqual(grid.lines()[6], "  Starts                                    None")
        expectEqual(grid.lines()[7], "  Repeat                                   Never")
        expectEqual(grid.lines()[8], "  Priority                                  None")
        expectEqual(grid.lines()[9], "  Tags        e.g. work home")
        expectEqual(grid.lines()[10], "  [ Done ]  [ Cancel ]  (type some text)")
        #expect(grid[10, 4].style.contains(.dim))
    }

    @Test("a long text shows its end around the cursor while typed, and its start, cut with …, once the focus moves on")
    func longTextUnfocused() {
        var state = checklist(width: 40, height: 13)
        press(.character("a"), on: &state)
        for character in "Renew the passport 护照 before the trip to Zürich" { press(.character(character), on: &state) }
        expectEqual(render(state).lines()[2], "› Text        fore the trip to Zürich")
        press(.tab, on: &state)
        expectEqual(render(state).lines()[2], "  Text        Renew the passport 护照…")
        press(.backTab, on: &state)
        expectEqual(render(state).lines()[2], "› Text        fore the trip to Zürich")
    }

    @Test("List Detail and its icon choice opening beneath the Icon row")
    func listDetail() {
        var state = home(width: 50, height: 12)
        press(.character("a"), on: &state)
        expectEqual(render(state).lines(), [
            " Add Checklist",
            "",
            "› Name        Name of the List",
            "  Icon           No Icon",
            "",
            "  [ Done ]  [ Cancel ]",
            "",
            "",
            "",
            "",
            " Tab/↓:next S-Tab/↑:prev Enter/^S:done Esc:cancel",
            " F1:help",
        ])
        press(.tab, .enter, on: &state)
        expectEqual(render(state).lines(), [
            " Add Checklist",
            "",
            "  Name        Name of the List",
            "› Icon           No Icon",
            "                   No Icon",
            "                📅 Appointments",
            "                🎂 Birthdays",
            "                🧹 Chores",
            "",
            "  [ Done ]  [ Cancel ]",
            "",
            " ↑↓/jk move  Enter choose  Esc close",
        ])
    }

    @Test("? lists every key, from the same table as dispatch")
    func helpOverlay() {
        var state = home(width: 50, height: 12)
        press(.character("?"), on: &state)
        expectEqual(render(state).lines(), [
            " Keys                                  1–9 of 328",
            " All Lists",
            "   ↑ k                     move up",
            "   ↓ j                     move down",
            "   PgUp                    page up",
            "   PgDn                    page down",
            "   Home g                  first",
            "   End G                   last",
            "   Enter l →               open",
            "   a                       add",
            " ↑↓:scroll PgUp/PgDn:page g/G:top/end",
            " Esc/?/q:close",
        ])
        press(.escape, on: &state)
        #expect(state.overlays.help == nil)
    }

    @Test("? names each key of a pair by itself, where the help line names the pair with one word")
    func helpNamesEachKeyOfAPair() {
        func rows(_ context: KeyContext) -> [String] { KeyMap.defaults.allBindings(for: context).map { "\($0.keys) \($0.help)" } }
        let paired: [(KeyContext, [String])] = [
            (.checklist, ["↑ k move up", "↓ j move down"]),
            (.search, ["↑ move up", "↓ move down"]),
            (.help, ["↑ k scroll up", "↓ j scroll down", "PgUp page up", "PgDn page down", "Home g top", "End G end"]),
            (.datePicker, ["← previous field", "→ next field", "↑ change up", "↓ change down"]),
            (.itemRepeat, ["→ Space Enter next repeat", "← previous repeat"]),
            (.itemPriority, ["→ Space Enter higher priority", "← lower priority"]),
        ]
        for (context, expected) in paired {
            for row in expected { #expect(rows(context).contains(row), "\(context): \(row) in \(rows(context))") }
        }
        // The help line still names each pair once.
        #expect(KeyMap.defaults.helpLines(for: .checklist, width: 200)[0].hasPrefix("↑↓/jk move  "))
    }

    @Test("a terminal too small shows a short notice instead of garbage", arguments: [(20, 5), (29, 30), (80, 7), (1, 1)])
    func tooSmall(width: Int, height: Int) {
        let state = home(width: width, height: height)
        let lines = render(state).lines()
        expectEqual(lines.count, height)
        #expect(lines.allSatisfy { TextWidth.columns(of: $0) <= width })
        if width >= 18 && height >= 3 {
            #expect(lines.contains { $0.contains("Terminal too small") })
        }
    }

    @Test("the notice at 20×5, exactly")
    func tooSmallExact() {
        expectEqual(render(home(width: 20, height: 5)).lines(), [
            "",
            " Terminal too small",
            "     need 30×8",
            "      now 20×5",
            "",
        ])
    }

    @Test("escape sequences in stored text never reach the grid")
    func escapesSanitized() {
        var state = AppState(context: Fixed.context, width: 60, height: 8, now: Fixed.now)
        let hostile = ChecklistSummary(checklist: Checklist(id: 9, name: "x\u{1B}]52;c;aGk=\u{07}\u{1B}[2Jy", icon: .none), itemCount: 0, remainingCount: 0)
        _ = reduce(&state, .listsLoaded([hostile], select: 9))
        let grid = render(state)
        #expect(grid.cells.allSatisfy { cell in cell.grapheme.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
        #expect(grid.lines()[1].hasPrefix("     x␛]52;c;aGk=␇␛[2Jy"))
    }

    @Test("ASCII icons where the terminal cannot show Unicode")
    func asciiIcons() {
        var state = AppState(context: UIContext(dateStyle: Fixed.style, unicode: false), width: 50, height: 8, now: Fixed.now)
        _ = reduce(&state, .listsLoaded(Self.lists, select: 1))
        expectEqual(render(state).lines()[1], "  Gr Groceries                        2 Remaining")
    }
}

@Suite("Render: narrow questions")
struct NarrowConfirmationTests {
    @Test("a long y/n question is cut, never its (y/n)")
    func questionKeepsItsKeys() {
        var state = AppState(context: Fixed.context, width: 40, height: 10, now: Fixed.now)
        let list = ChecklistSummary(checklist: Checklist(id: 1, name: "牛乳とパンとチーズを買いに行くリストです", icon: .none), itemCount: 2, remainingCount: 2)
        _ = reduce(&state, .listsLoaded([list], select: 1))
        _ = reduce(&state, .key(.character("d")))
        expectEqual(render(state).lines()[8], " Delete “牛乳とパンとチーズを買い… (y/n)")
    }
}

@Suite("Compact dates are cached per day")
struct CompactDateCacheTests {
    @Test("the same date reads differently once the day has changed")
    func cacheFollowsToday() {
        let style = Fixed.style
        let due = Fixed.date("2026-11-22 09:00")
        expectEqual(style.compactFormat(due, now: Fixed.now), "Nov 22")
        expectEqual(style.compactFormat(due, now: Fixed.date("2026-11-22 08:00")), "9:00 AM")
        expectEqual(style.compactFormat(due, now: Fixed.now), "Nov 22")
    }
}
