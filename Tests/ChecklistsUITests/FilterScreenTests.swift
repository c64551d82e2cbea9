import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// The filter screen (`f`) and smart lists on All Lists, on a real SQLite
/// file, drawn as literal lines at three sizes.
@Suite("Filters and smart lists")
struct FilterScreenTests {
    let folder = TemporaryFolder()

    /// Two lists: "List" and "Work", items with tags, priorities, dates.
    func database() throws -> ChecklistsDatabase {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let home = try database.checklistSummaries()[0].id
        guard case let .checklist(work) = try database.apply(.addChecklist(name: "Work", icon: .folder), now: Fixed.now) else {
            throw StorageError.notFound(what: "the list")
        }
        func add(_ list: Int64, _ text: String, due: String? = nil, priority: Priority = .none, tags: [String] = []) throws -> Int64 {
            let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, priority: priority, tags: tags)
            guard case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: Fixed.now) else { return 0 }
            return id
        }
        _ = try add(home, "Pay rent", due: "2026-11-19 09:00", priority: .high)
        _ = try add(work, "Report", due: "2026-11-21 17:00", priority: .high, tags: ["work"])
        let bank = try add(work, "Call the bank", due: "2026-11-24 09:00", priority: .medium, tags: ["work"])
        try database.apply(.addSubItem(parentID: bank, ItemDraft(text: "Find the number", dueDate: nil, tags: ["work"])), now: Fixed.now)
        _ = try add(home, "Taxes", due: "2026-12-10 09:00", tags: ["work"])
        _ = try add(home, "Milk")
        return database
    }

    func store(_ database: ChecklistsDatabase, width: Int, height: Int) -> Store {
        let store = Store(state: AppState(context: Fixed.context, width: width, height: height, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        return store
    }

    func type(_ text: String, on store: Store) {
        for character in text { store.send(.key(.character(character))) }
    }

    func press(_ keys: Key..., on store: Store) {
        for key in keys { store.send(.key(key)) }
    }

    /// f, the filter's words, Enter: its items.
    func showFilter(_ words: String, on store: Store) {
        press(.character("f"), on: store)
        type(words, on: store)
        press(.enter, on: store)
    }

    @Test("f on All Lists: an empty field over every list; Enter shows the open items matching, flat, with their lists; Esc goes back")
    func filterEveryList() throws {
        defer { folder.remove() }
        let store = store(try database(), width: 80, height: 24)
        press(.character("f"), on: store)
        expectEqual(render(store.state).lines().prefix(4), [
            " Filter",
            " f #tag !high due:3d list:NAME has:reminder is:checked text",
            "",
            "  Enter shows the items that match every word; Esc goes back.",
        ])
        type("#work", on: store)
        press(.enter, on: store)
        expectEqual(render(store.state).lines(), [
            " #work                                                              4 of 6 open",
            " [ ] Report #work                            !!! Work  Today 5:00 PM",
            " [ ] Call the bank #work                     !!  Work  Tuesday 9:00 AM",
            " [ ] Taxes #work                                 List  Dec 10, 9:00 AM",
            " [ ] Find the number  ‹ Call the bank #work      Work",
        ] + Array(repeating: "", count: 18) + [
            " ↑↓/jk move  Space check  Enter open  f filter  S keep  Esc back  u undo  ? help",
        ])
        press(.escape, on: store)
        expectEqual(store.state.route, .allLists)
    }

    @Test("the items at 40x12 and 200x50: the marks shortened in a narrow pane, every row on one line")
    func sizes() throws {
        defer { folder.remove() }
        let database = try database()
        var drawn: [[String]] = []
        for (width, height) in [(40, 12), (200, 50)] {
            let store = store(database, width: width, height: height)
            showFilter("#work", on: store)
            drawn.append(render(store.state).lines())
        }
        expectEqual(drawn[0], [
            " #work                      4 of 6 open",
            " [ ] Report #work       H Work  5:00 PM",
            " [ ] Call the bank #w…  M Work  Tue",
            " [ ] Taxes #work          List  Dec 10",
            " [ ] Find the number …    Work",
        ] + Array(repeating: "", count: 5) + [
            " ↑↓/jk:move Space:check Enter:open",
            " f:filter S:keep Esc:back u:undo ?:help",
        ])
        expectEqual(Array(drawn[1].prefix(6)), [
            " #work" + String(repeating: " ", count: 182) + "4 of 6 open",
            " [ ] Report #work                            !!! Work  Today 5:00 PM",
            " [ ] Call the bank #work                     !!  Work  Tuesday 9:00 AM",
            " [ ] Taxes #work                                 List  Dec 10, 9:00 AM",
            " [ ] Find the number  ‹ Call the bank #work      Work",
            "",
        ])
        #expect(drawn[1].count == 50 && drawn[1][49] == " ↑↓/jk move  Space check  Enter open  f filter  S keep  Esc back  u undo  ? help")
    }

    @Test("f in a list starts with list:NAME; Space checks an item off and it leaves; u brings it back; Esc returns to the list")
    func filterOneList() throws {
        defer { folder.remove() }
        let store = store(try database(), width: 80, height: 24)
        // All Lists: the Due view's two items, then the lists, Work last.
        press(.end, .enter, on: store)
        expectEqual(store.state.screen.checklist?.summary.checklist.name, "Work")
        press(.character("f"), on: store)
        expectEqual(render(store.state).lines()[1], " f list:Work")
        type("!!+", on: store)
        press(.enter, on: store)
        expectEqual(render(store.state).lines().prefix(3), [
            " list:Work !medium+                                                 2 of 3 open",
            " [ ] Report #work         !!! Work  Today 5:00 PM",
            " [ ] Call the bank #work  !!  Work  Tuesday 9:00 AM",
        ])
        press(.character(" "), on: store)
        expectEqual(render(store.state).lines().prefix(2), [
            " list:Work !medium+                                                 1 of 2 open",
            " [ ] Call the bank #work  !!  Work  Tuesday 9:00 AM",
        ])
        // The next row moved under the cursor: the status line says what was checked.
        expectEqual(render(store.state).lines()[22], " Checked “Report”; u undoes it.")
        press(.character("u"), on: store)
        expectEqual(render(store.state).lines()[0], " list:Work !medium+                                                 2 of 3 open")
        press(.escape, on: store)
        expectEqual(store.state.screen.checklist?.summary.checklist.name, "Work")
        expectEqual(store.state.route, .checklist)
    }

    @Test("z and the snooze choices move an item of a plan such as due:week; p steps its priority; Esc moves nothing")
    func snoozeAndPriority() throws {
        defer { folder.remove() }
        let database = try database()
        let store = store(database, width: 80, height: 24)
        showFilter("due:week", on: store)
        expectEqual(render(store.state).lines().prefix(4), [
            " due:week                                                           3 of 6 open",
            " [ ] Pay rent             !!! ! List  Nov 19, 9:00 AM",
            " [ ] Report #work         !!!   Work  Today 5:00 PM",
            " [ ] Call the bank #work  !!    Work  Tuesday 9:00 AM",
        ])
        // Esc leaves the choice and moves nothing.
        press(.character("j"), .character("z"), on: store)
        expectEqual(store.state.keyContext, .snoozeChoice)
        expectEqual(render(store.state).lines()[22], " Move “Report” to:")
        press(.escape, on: store)
        #expect(store.state.keyContext == .filteredItems && store.state.route == .filter)
        expectEqual(render(store.state).lines()[2], " [ ] Report #work         !!!   Work  Today 5:00 PM")
        // 3: tomorrow 9:00, still within the week.
        press(.character("z"), .character("3"), on: store)
        let lines = render(store.state).lines()
        expectEqual(lines[2], " [ ] Report #work         !!!   Work  Tomorrow 9:00 AM")
        expectEqual(lines[22], " Moved to tomorrow 9:00 AM: “Report”")
        // p: high steps round to none.
        press(.character("p"), on: store)
        expectEqual(render(store.state).lines()[2], " [ ] Report #work               Work  Tomorrow 9:00 AM")
        let report = try #require(try database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil)
            .first { $0.item.text == "Report" }?.item)
        #expect(report.dueDate == Fixed.date("2026-11-22 09:00") && report.priority == .none)
    }

    @Test("a bad word is one error line and the field stays open, its text kept")
    func badWord() throws {
        defer { folder.remove() }
        let store = store(try database(), width: 80, height: 24)
        showFilter("due:someday", on: store)
        let lines = render(store.state).lines()
        expectEqual(lines[1], " f due:someday")
        expectEqual(lines[22], " “due:someday” is not a filter: due: takes overdue, today, week, none, 3d")
        expectEqual(store.state.keyContext, .filterField)
    }

    @Test("e on a smart list: its filter in the field, then its name; Enter keeps both under the same smart list")
    func editSmartList() throws {
        defer { folder.remove() }
        let database = try database()
        let kept = try database.saveSmartList(id: nil, name: "Work", filter: "#work", now: Fixed.now)
        let store = store(database, width: 80, height: 24)
        press(.end, .character("e"), on: store)
        expectEqual(render(store.state).lines()[1], " f #work")
        type(" !high", on: store)
        press(.enter, on: store)
        expectEqual(render(store.state).lines()[1], " Keep as Work")
        for _ in 0..<4 { press(.backspace, on: store) }
        type("Urgent work", on: store)
        press(.enter, on: store)
        try expectEqual(database.smartLists(), [SmartList(id: kept.id, name: "Urgent work", filter: "#work !high")])
        expectEqual(render(store.state).lines()[0], " Urgent work                                               #work !high · 1 of 6")
    }

    @Test("a change made elsewhere reaches the filter screen at once: its items are read again")
    func changedElsewhere() throws {
        defer { folder.remove() }
        let database = try database()
        let store = store(database, width: 80, height: 24)
        showFilter("!high", on: store)
        #expect(render(store.state).lines()[0].hasSuffix("2 of 6 open"))
        let list = try database.checklistSummaries()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Renew passport", dueDate: nil, priority: .high)), now: Fixed.now)
        store.send(.changedElsewhere(at: Fixed.now))
        #expect(render(store.state).lines()[0].hasSuffix("3 of 7 open"))
        #expect(render(store.state).lines()[3].hasPrefix(" [ ] Renew passport"))
    }

    @Test("the mouse on a filter's items: a click selects, a second click on the row opens the item in its list")
    func mouse() throws {
        defer { folder.remove() }
        let store = store(try database(), width: 80, height: 24)
        showFilter("#work", on: store)
        store.send(.clock(Fixed.now))
        store.send(.key(.mouse(MouseEvent(.left, row: 3, column: 10))))
        guard case let .filter(view, _) = store.state.screen else { Issue.record("not the filter screen"); return }
        expectEqual(view.selectedItem?.item.text, "Taxes")
        store.send(.clock(Fixed.now.addingTimeInterval(0.2)))
        store.send(.key(.mouse(MouseEvent(.left, row: 3, column: 10))))
        expectEqual(store.state.route, .itemDetail)
        expectEqual(store.state.screen.itemDetail?.draft.text, "Taxes")
    }

    /// Keeps "#work" as "Work stuff" and "!high" as "Urgent", from the filter screen.
    func keep(on store: Store) {
        for (filter, name) in [("#work", "Work stuff"), ("!high", "Urgent")] {
            press(.character("f"), on: store)
            type(filter, on: store)
            press(.enter, .character("S"), on: store)
            type(name, on: store)
            press(.enter, .escape, on: store)
        }
    }

    @Test("S keeps the filter by name; All Lists shows the smart lists below the lists with their counts, at 40x12, 80x24 and 200x50")
    func smartListsOnAllLists() throws {
        defer { folder.remove() }
        let database = try database()
        let small = store(database, width: 40, height: 12)
        keep(on: small)
        // 40x12: the smart lists' heading and the first of them; the rest one key down.
        expectEqual(render(small.state).lines(), [
            " Checklists      2 due · 2 lists · 2/10",
            " Due today and overdue",
            "   ! Pay rent      H List  Nov 19",
            "   • Report #work  H Work  5:00 PM",
            " Lists",
            "  »  Upcoming                         4",
            "     List                   3 Remaining",
            "  📁 Work                   3 Remaining",
            " Smart lists",
            "  ⚲  Urgent                           2",
            " ↑↓/jk:move Enter:open Space:check",
            " a:add item q:quit u:undo ?:help",
        ])
        let standard = store(database, width: 80, height: 24)
        expectEqual(render(standard.state).lines().prefix(12), [
            " Checklists                                                     2 due · 2 lists",
            " Due today and overdue",
            "   ! Pay rent      !!! List  Nov 19, 9:00 AM",
            "   • Report #work  !!! Work  Today 5:00 PM",
            " Lists",
            "  »  Upcoming                                                                 4",
            "     List                                                           3 Remaining",
            "  📁 Work                                                           3 Remaining",
            " Smart lists",
            "  ⚲  Urgent                                                                   2",
            "  ⚲  Work stuff                                                               4",
            "",
        ])
        let large = store(database, width: 200, height: 50)
        expectEqual(render(large.state).lines().prefix(12), [
            " Checklists                                                                                                                                                                             2 due · 2 lists",
            " Due today and overdue",
            "   ! Pay rent      !!! List  Nov 19, 9:00 AM",
            "   • Report #work  !!! Work  Today 5:00 PM",
            " Lists",
            "  »  Upcoming                                                                                                                                                                                         4",
            "     List                                                                                                                                                                                   3 Remaining",
            "  📁 Work                                                                                                                                                                                   3 Remaining",
            " Smart lists",
            "  ⚲  Urgent                                                                                                                                                                                           2",
            "  ⚲  Work stuff                                                                                                                                                                                       4",
            "",
        ])
        // Enter on a smart list: its items, its name in the title, its words and counts beside it.
        for _ in 0..<7 { press(.down, on: large) }
        expectEqual(large.state.allLists.selectedSmartList?.name, "Work stuff")
        press(.enter, on: large)
        expectEqual(render(large.state).lines()[0], " Work stuff" + String(repeating: " ", count: 174) + "#work · 4 of 6")
        // A smart list that is no longer there is no row; d asks first and u brings it back.
        press(.escape, .character("d"), on: large)
        expectEqual(large.state.overlays.question?.question, "Delete the smart list “Work stuff”? (No item is deleted.)")
        press(.character("y"), on: large)
        expectEqual(large.state.allLists.smartLists.map(\.smartList.name), ["Urgent"])
        expectEqual(large.state.message?.text, "Deleted smart list “Work stuff”; u brings it back.")
        press(.character("u"), on: large)
        expectEqual(large.state.allLists.smartLists.map(\.smartList.name), ["Urgent", "Work stuff"])
    }
}
