import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Rows that say what will happen: the bell on an item that will ring, a
/// snoozed reminder's new time, dates that read like a person in one column
/// next to the text, at 40 columns and at 200. Now is Saturday 21 November
/// 2026, 10:30 UTC. (An emoji is one Swift character but two columns, so
/// rows with a bell look one column short per bell in these literals.)
@Suite("Item rows: reminders, dates, narrow and wide panes")
struct ItemRowTests {
    static let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 4, remainingCount: 4)
    static let groceries = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 1, remainingCount: 1)

    static let items = [
        Item(id: 1, checklistID: 2, text: "Pay rent", dueDate: Fixed.date("2026-11-20 09:00")),
        // Overdue, and snoozed: it will ring again at 10:35.
        Item(id: 2, checklistID: 2, text: "Call the bank", dueDate: Fixed.date("2026-11-21 09:00"), shouldRemind: true,
             remindAt: Fixed.date("2026-11-21 10:35")),
        Item(id: 3, checklistID: 2, text: "Dentist", dueDate: Fixed.date("2026-11-22 09:00"), shouldRemind: true,
             remindAt: Fixed.date("2026-11-22 09:00")),
        Item(id: 4, checklistID: 2, text: "Water the plants on the balcony", dueDate: Fixed.date("2026-11-25 18:00")),
    ]

    func errands(width: Int, height: Int = 8, context: UIContext = Fixed.context) -> AppState {
        var state = AppState(context: context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands, Self.groceries], select: 2))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: Self.items, totalCount: Self.items.count)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 0))
        return state
    }

    func press(_ keys: Key..., on state: inout AppState) {
        for key in keys { _ = reduce(&state, .key(key)) }
    }

    // MARK: - The reminder's state

    @Test("a checklist at 80 columns: dates in one column after the longest text, the bell on items that will ring, a snoozed one with its new time")
    func checklistWithBells() {
        let grid = render(errands(width: 80))
        expectEqual(grid.lines(), [
            " Errands                                              4 Remaining · by due date",
            " [ ] Pay rent                         ! Yesterday 9:00 AM",
            " [ ] Call the bank                    ! Today 9:00 AM     🔔 Today 10:35 AM",
            " [ ] Dentist                            Tomorrow 9:00 AM  🔔",
            " [ ] Water the plants on the balcony    Wednesday 6:00 PM",
            "",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit d:delete s:sort Esc:back u:undo ?:help",
        ])
        // The bell measures two columns: what follows it is where the grid says.
        #expect(grid[3, 58].grapheme == "🔔" && grid[3, 58].width == 2)
        expectEqual(grid[2, 61].grapheme, "T")
        expectEqual(grid[2, 58].color, .yellow)
        // The overdue mark and date in red, the next row's date in the same column.
        #expect(grid[2, 38].grapheme == "!" && grid[2, 38].color == .overdue)
        #expect(grid[2, 40].grapheme == "T" && grid[3, 40].grapheme == "T" && grid[4, 40].grapheme == "W")
    }

    @Test("at 40 columns the same rows take the compact dates, and the snoozed time still shows")
    func checklistNarrow() {
        expectEqual(render(errands(width: 40)).lines(), [
            " Errands           4 Remaining · by du…",
            " [ ] Pay rent   ! Yesterday",
            " [ ] Call the…  ! 9:00 AM   🔔 10:35 AM",
            " [ ] Dentist      Tomorrow  🔔",
            " [ ] Water th…    Wed",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
    }

    @Test("where the terminal cannot show Unicode the bell is a *")
    func asciiBell() {
        let state = errands(width: 80, context: UIContext(dateStyle: Fixed.style, unicode: false))
        expectEqual(render(state).lines()[2], " [ ] Call the bank                    ! Today 9:00 AM     * Today 10:35 AM")
        expectEqual(render(state).lines()[3], " [ ] Dentist                            Tomorrow 9:00 AM  *")
    }

    @Test("Remind Me on with a due date already past: the form says no reminder will ring, in words that fit")
    func pastDueNote() {
        for (width, line) in [(80, "› Remind Me   [x] On  no reminder will ring: the due date has passed"),
                              (40, "› Remind Me   [x] On  won't ring: past")] {
            var state = errands(width: width, height: 12)
            press(.enter, .tab, .tab, .character(" "), on: &state)            // Pay rent, due yesterday: Remind Me on
            expectEqual(render(state).lines()[4], line, "\(width)")
            expectEqual(render(state)[4, 22].color, .yellow)
            press(.character(" "), on: &state)                          // off again: nothing to say
            expectEqual(render(state).lines()[4], "› Remind Me   [ ] Off", "\(width)")
        }
        // A future date: Remind Me on says nothing more.
        var state = errands(width: 80, height: 12)
        press(.down, .down, .enter, .tab, .tab, on: &state)                   // Dentist, tomorrow, Remind Me already on
        expectEqual(render(state).lines()[4], "› Remind Me   [x] On")
    }

    @Test("snoozing confirms in the status line with the new time, which a narrow pane keeps and cuts the text instead")
    func snoozeConfirmation() {
        let reminder = DueReminder(item: Self.items[1], checklistName: "Errands", remindAt: Fixed.date("2026-11-21 10:30"))
        for (width, keys, line) in [
            (80, [Key.character("z"), .character("1")], " Snoozed until today 10:35 AM: “Call the bank”"),
            // Too narrow for a word of the text beside the time: it takes the help line too.
            (40, [Key.character("z"), .character("3")], " Snoozed until tomorrow 9:00 AM: “Call\n the bank”"),
        ] {
            var state = errands(width: width, height: 12)
            _ = reduce(&state, .remindersDue([reminder], missed: false))
            for key in keys { press(key, on: &state) }
            let bottom = render(state).lines()[10...11].joined(separator: "\n")
            #expect(bottom.hasPrefix(line), "\(width): \(bottom)")
        }
    }

    @Test("a committed snooze reloads what is on screen, so the row shows the new time at once")
    func snoozeReloads() {
        var state = errands(width: 40, height: 12)
        let effects = reduce(&state, .committed(.snooze(itemID: 3, until: Fixed.date("2026-11-21 11:30")), .item(3)))
        #expect(effects.contains(.loadItems(checklistID: 2, anchor: .item(1, fallback: 0), pageSize: state.pageSize)))
        var home = Self.dueHome(width: 40, height: 12)
        #expect(reduce(&home, .committed(.snooze(itemID: 3, until: Fixed.now), .item(3))).contains { effect in
            if case .loadLists = effect { true } else { false }
        })
    }

    @Test("Add Item at 40 columns: why Done is disabled still fits beside it")
    func narrowAddItem() {
        var state = errands(width: 40, height: 13)
        press(.character("a"), on: &state)
        expectEqual(render(state).lines()[10], "  [ Done ]  [ Cancel ]  (no text)")
        var wide = errands(width: 41, height: 13)
        press(.character("a"), on: &wide)
        expectEqual(render(wide).lines()[10], "  [ Done ]  [ Cancel ]  (type some text)")
    }

    @Test("the banner at 40 columns: its keys and the snooze choices wrap instead of losing any")
    func narrowBanner() {
        var state = errands(width: 40, height: 12)
        let reminder = DueReminder(item: Self.items[2], checklistName: "Errands", remindAt: Self.items[2].dueDate!)
        _ = reduce(&state, .remindersDue([reminder], missed: false))
        expectEqual(Array(render(state).lines()[2...8]), [
            " ┌ Reminder ──────────────────────────┐",
            " │ Dentist                            │",
            " │ in Errands · due tomorrow 9:00 AM  │",
            " │                                    │",
            " │ Enter:open x:done z:snooze n:next  │",
            " │ Esc:dismiss                        │",
            " └────────────────────────────────────┘",
        ])
        press(.character("z"), on: &state)
        expectEqual(Array(render(state).lines()[2...8]), [
            " ┌ Reminder ──────────────────────────┐",
            " │ Dentist                            │",
            " │ in Errands · due tomorrow 9:00 AM  │",
            " │ Snooze until:                      │",
            " │ 1:5 minutes 2:1 hour               │",
            " │ 3:tomorrow 9:00 Esc:back           │",
            " └────────────────────────────────────┘",
        ])
    }

    // MARK: - The Due view's columns

    static func dueHome(width: Int, height: Int, count: Int = 3) -> AppState {
        let names = ["Errands", "Groceries", "Work and everything else"]
        let texts = ["Pay rent", "Milk", "Send the quarterly report"]
        let times = ["2026-11-20 09:00", "2026-11-21 08:00", "2026-11-21 17:45"]
        var items: [ListedItem] = []
        for index in 0..<count {
            let kind = index % 3
            let rings = kind == 2
            let item = Item(id: Int64(index + 1), checklistID: 2, text: texts[kind], dueDate: Fixed.date(times[kind]),
                            shouldRemind: rings, remindAt: rings ? Fixed.date(times[kind]) : nil)
            items.append(ListedItem(item: item, checklistName: names[kind]))
        }
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([errands, groceries], due: DueSection(items: items, total: items.count), select: nil))
        return state
    }

    @Test("the Due view at 200 columns: list names and dates each in one column, next to the text, not at the far edge")
    func dueViewWide() {
        let lines = render(Self.dueHome(width: 200, height: 10)).lines()
        expectEqual(Array(lines[1...4]), [
            " Due today and overdue",
            "   ! Pay rent                   Errands                   Yesterday 9:00 AM",
            "   ! Milk                       Groceries                 Today 8:00 AM",
            "   • Send the quarterly report  Work and everything else  Today 5:45 PM     🔔",
        ])
    }

    @Test("the Due view at 40 columns: the list column is aligned and does not move with the date's length")
    func dueViewNarrow() {
        let lines = render(Self.dueHome(width: 40, height: 12)).lines()
        expectEqual(Array(lines[1...4]), [
            " Due today and overdue",
            "   ! Pay rent  Errands     Yesterday",
            "   ! Milk      Groceries   8:00 AM",
            "   • Send th…  Work and …  5:45 PM   🔔",
        ])
    }

    @Test("at 40×12 the home screen keeps a list row in view however much is due; the rest is counted with the command that lists it")
    func homeKeepsAList() {
        let state = Self.dueHome(width: 40, height: 12, count: 30)
        expectEqual(render(state).lines(), [
            " Checklists     30 due · 2 lists · 2/10",
            " Due today and overdue",
            "   ! Pay rent  Errands     Yesterday",
            "   ! Milk      Groceries   8:00 AM",
            "   • Send th…  Work and …  5:45 PM   🔔",
            "   ! Pay rent  Errands     Yesterday",
            "   ! Milk      Groceries   8:00 AM",
            "   25 more: checklists list --due today",
            " Lists",
            "     Errands                4 Remaining",
            " ↑↓/jk:move Enter:open Space:check",
            " a:add item q:quit u:undo ?:help",
        ])
        // Taller, more of the Due view; a resize rebuilds it, keeping the selection.
        var taller = state
        _ = reduce(&taller, .resized(width: 40, height: 16))
        expectEqual(render(taller).lines()[11], "   21 more: checklists list --due today")
        expectEqual(taller.allLists.selectedDueItem?.id, 1)
        // Everything fits: no "more" line.
        #expect(!render(Self.dueHome(width: 40, height: 12, count: 6)).lines().contains { $0.contains("more") })
    }

    @Test("the typed-date preview at 40 columns shows the resolved date and time in full, beneath the field")
    func typedPreviewNarrow() {
        var state = errands(width: 40, height: 12)
        // The f of "fri" opens the words, kept.
        press(.enter, .tab, .tab, .tab, .enter, on: &state)
        for character in "fri 17:00" { press(.character(character), on: &state) }
        expectEqual(render(state).lines(), [
            " Edit Item                      Errands",
            "",
            "  Text        Pay rent",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date       Nov 20, 2026, 9:00 AM",
            "  Date: fri 17:00",
            "        → Fri, Nov 27, 2026, 5:00 PM",
            "  Starts                          None",
            "  Repeat                         Never",
            " Enter:accept Esc:back to the fields",
            " F1:help",
        ])
        expectEqual(render(state).cursor, GridPosition(row: 6, column: 17))
    }

    @Test("rows in German: the locale's words and 24-hour times in the same columns")
    func german() {
        let context = UIContext(dateStyle: DueDateStyle(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "UTC")!))
        expectEqual(Array(render(errands(width: 80, context: context)).lines()[1...4]), [
            " [ ] Pay rent                         ! Gestern 09:00",
            " [ ] Call the bank                    ! Heute 09:00    🔔 Heute 10:35",
            " [ ] Dentist                            Morgen 09:00   🔔",
            " [ ] Water the plants on the balcony    Mittwoch 18:00",
        ])
    }
}

@Suite("Items carry their pending reminder")
struct ItemReminderStorageTests {
    let folder = TemporaryFolder()

    @Test("a page and the Due view read remindAt with the item: the due date, a snooze's end, nil once checked off")
    func readsRemindAt() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        defer { folder.remove() }
        let list = try database.checklistSummaries()[0].id
        let due = Fixed.date("2026-11-21 18:00")
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Call", dueDate: due, shouldRemind: true)),
                                                     now: Fixed.now) else { Issue.record("no id"); return }
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Quiet", dueDate: due)), now: Fixed.now)
        func page() throws -> [Item] { try database.itemsPage(checklistID: list, sortOrder: .added, offset: 0, limit: 10).items }
        try expectEqual(page().map(\.remindAt), [due, nil])
        try expectEqual(page().map(\.isSnoozed), [false, false])
        let later = Fixed.date("2026-11-21 19:15")
        try database.apply(.snooze(itemID: id, until: later), now: Fixed.now)
        try expectEqual(page()[0].remindAt, later)
        #expect(try page()[0].isSnoozed)
        try expectEqual(database.pendingItems(dueBefore: Fixed.date("2026-11-22 00:00"), startedBy: Fixed.now, limit: 10).map(\.item.remindAt), [later, nil])
        try database.apply(.setChecked(itemID: id, true), now: Fixed.now)
        #expect(try page()[0].remindAt == nil)
        // What the form edits leaves it out: an unchanged form is still unchanged.
        try expectEqual(page()[0].draft, ItemDraft(text: "Call", dueDate: due, shouldRemind: true))
    }
}
