import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// The Upcoming view: the coming days across every list under day
/// headings, read in windows from a real SQLite file.
@Suite("Upcoming view")
struct UpcomingTests {
    let folder = TemporaryFolder()

    /// Two lists with items overdue, today, tomorrow, this week, later and
    /// months away; one starts and has no due date; one is a sub-item.
    func database() throws -> ChecklistsDatabase {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let home = try database.checklistSummaries()[0].id
        guard case let .checklist(work) = try database.apply(.addChecklist(name: "Work", icon: .folder), now: Fixed.now) else {
            throw StorageError.notFound(what: "the list")
        }
        func add(_ list: Int64, _ text: String, due: String? = nil, start: String? = nil, remind: Bool = false,
                 priority: Priority = .none) throws -> Int64 {
            let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, shouldRemind: remind, priority: priority,
                                  startDate: start.map { Fixed.date($0) })
            guard case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: Fixed.now) else { return 0 }
            return id
        }
        _ = try add(home, "Pay rent", due: "2026-11-19 09:00")
        _ = try add(work, "Report", due: "2026-11-21 17:00", remind: true, priority: .high)
        _ = try add(home, "Gym", start: "2026-11-21 18:00")
        _ = try add(home, "Milk", due: "2026-11-22 09:00")
        _ = try add(work, "Plan the week", start: "2026-11-23 00:00")
        let trip = try add(home, "Trip")
        try database.apply(.addSubItem(parentID: trip, ItemDraft(text: "Tickets", dueDate: Fixed.date("2026-11-26 12:00"))), now: Fixed.now)
        _ = try add(work, "Taxes", due: "2026-12-10 09:00")
        _ = try add(home, "Party", due: "2026-12-31 20:00")
        _ = try add(home, "Passport", due: "2027-03-01 09:00")
        _ = try add(home, "Someday")
        return database
    }

    /// The app on `database` at a size, with Upcoming opened by `U`.
    func upcoming(_ database: ChecklistsDatabase, width: Int, height: Int) -> Store {
        let store = Store(state: AppState(context: Fixed.context, width: width, height: height, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        store.send(.key(.character("U")))
        return store
    }

    func press(_ keys: Key..., on store: Store) {
        for key in keys { store.send(.key(key)) }
    }

    static let wide = [
        " Overdue",
        "   ! Pay rent             List  Nov 19, 9:00 AM",
        " Today",
        "   • Report           !!! Work  Today 5:00 PM        🔔",
        "   • Gym                  List  Starts Today 6:00 PM",
        " Tomorrow",
        "   • Milk                 List  Tomorrow 9:00 AM",
        " Mon Nov 23",
        "   • Plan the week        Work  Starts Mon",
        " Thu Nov 26",
        "   • Tickets  ‹ Trip      List  Thursday 12:00 PM",
        " Week of Dec 6",
        "   • Taxes                Work  Dec 10, 9:00 AM",
        " Week of Dec 27",
        "   • Party                List  Dec 31, 8:00 PM",
        " March 2027",
        "   • Passport             List  Mar 1, 2027, 9:00 AM",
    ]

    @Test("at 80x24: overdue first, today, tomorrow, the week's days, then weeks and months; a start alone sits on its day, marked")
    func standardPane() throws {
        defer { folder.remove() }
        let store = upcoming(try database(), width: 80, height: 24)
        expectEqual(render(store.state).lines(), [" Upcoming                                                               9 items"] + Self.wide
            + Array(repeating: "", count: 4) + [
            " ↑↓/jk:move Enter:open Space:check a:add on its day z:snooze Esc:back u:undo",
            " ?:help",
        ])
        expectEqual(store.state.keyContext, .upcoming)
        // The first item is selected, never a heading.
        guard case let .upcoming(view) = store.state.screen else { Issue.record("not on Upcoming"); return }
        expectEqual(view.selectedItem?.item.text, "Pay rent")
        expectEqual(view.viewport.top, 0)
    }

    @Test("at 200x50 the rows are the same, the keys on one line")
    func widePane() throws {
        defer { folder.remove() }
        let store = upcoming(try database(), width: 200, height: 50)
        let lines = render(store.state).lines()
        expectEqual(lines[0], " Upcoming" + String(repeating: " ", count: 183) + "9 items")
        expectEqual(Array(lines[1...17]), Self.wide)
        #expect(lines[18...48].allSatisfy { $0.isEmpty })
        expectEqual(lines[49], " ↑↓/jk move  Enter open  Space check  a add on its day  z snooze  Esc back  u undo  ? help")
    }

    @Test("at 40x12 (a dashboard pane): a row under its day's heading shows its time; moving skips headings and scrolls them into view, at the top both ways")
    func dashboardPane() throws {
        defer { folder.remove() }
        let store = upcoming(try database(), width: 40, height: 12)
        let top = render(store.state).lines()
        expectEqual(top, [
            " Upcoming                       9 items",
            " Overdue",
            "   ! Pay rent        List  Nov 19",
            " Today",
            "   • Report        H Work  5:00 PM   🔔",
            "   • Gym             List  › 6:00 PM",
            " Tomorrow",
            "   • Milk            List  9:00 AM",
            " Mon Nov 23",
            "   • Plan the we…    Work  › Mon",
            " ↑↓/jk:move Enter:open Space:check",
            " a:add on its day z:snooze … ?:help",
        ])
        press(.character("j"), .character("j"), .character("j"), .character("j"), .character("j"), on: store)
        // On Tickets: the rows move up two, Today's heading at the top.
        let scrolled = render(store.state).lines()
        expectEqual(Array(scrolled[1...7]), Array(top[3...9]))
        expectEqual(Array(scrolled[8...9]), [
            " Thu Nov 26",
            "   • Tickets         List  12:00 PM",
        ])
        press(.character("j"), .character("j"), .character("j"), .character("k"), .character("k"), .character("k"), .character("k"), on: store)
        // Back up onto the first item under a heading: the heading comes into view with it.
        expectEqual(render(store.state).lines(), [
            " Upcoming                       9 items",
            " Mon Nov 23",
            "   • Plan the week    Work  › Mon",
            " Thu Nov 26",
            "   • Tickets  ‹ Trip  List  12:00 PM",
            " Week of Dec 6",
            "   • Taxes            Work  Dec 10",
            " Week of Dec 27",
            "   • Party            List  Dec 31",
            " March 2027",
            " ↑↓/jk:move Enter:open Space:check",
            " a:add on its day z:snooze … ?:help",
        ])
        guard case let .upcoming(view) = store.state.screen else { Issue.record("not on Upcoming"); return }
        expectEqual(view.selectedItem?.item.text, "Plan the week")
    }

    @Test("U and the Upcoming row on All Lists open it; Esc goes back to the row the user was on")
    func reachedFromAllLists() throws {
        defer { folder.remove() }
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 24, now: Fixed.now), database: try database())
        store.start(now: Fixed.now)
        let lines = render(store.state).lines()
        #expect(lines.contains("  »  Upcoming                                             9"), "\(lines.joined(separator: "\n"))")
        // From a Due view row, U opens it; Esc comes back to that row.
        let before = store.state.allLists.viewport
        press(.character("U"), on: store)
        expectEqual(store.state.route, .upcoming)
        press(.escape, on: store)
        expectEqual(store.state.route, .allLists)
        expectEqual(store.state.allLists.viewport, before)
        // Its own row opens it with Enter.
        guard let row = store.state.allLists.rows.firstIndex(of: .upcoming(9)) else { Issue.record("no Upcoming row"); return }
        store.send(.key(.home))
        while store.state.allLists.viewport.selection < row { store.send(.key(.down)) }
        expectEqual(store.state.allLists.viewport.selection, row)
        press(.enter, on: store)
        expectEqual(store.state.route, .upcoming)
        press(.character("q"), on: store)
        #expect(store.state.route == .allLists && store.state.allLists.viewport.selection == row && store.state.isRunning)
    }

    @Test("Space checks off; on a parent with open sub-items it asks as the list does; u undoes")
    func checksOff() throws {
        defer { folder.remove() }
        let database = try database()
        let store = upcoming(database, width: 80, height: 24)
        press(.character("j"), .character(" "), on: store)
        guard case let .upcoming(view) = store.state.screen else { Issue.record("not on Upcoming"); return }
        #expect(!view.window.items.contains { $0.item.text == "Report" })
        expectEqual(view.selectedItem?.item.text, "Gym", "the selection goes to the item that took its place")
        press(.character("u"), on: store)
        guard case let .upcoming(undone) = store.state.screen else { Issue.record("not on Upcoming"); return }
        #expect(undone.window.items.contains { $0.item.text == "Report" })
        // A parent due this week with an open sub-item.
        let list = try database.checklistSummaries()[0].id
        guard case let .item(parent) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Move house", dueDate: Fixed.date("2026-11-24 10:00"))),
                                                          now: Fixed.now) else { return }
        try database.apply(.addSubItem(parentID: parent, ItemDraft(text: "Boxes", dueDate: nil)), now: Fixed.now)
        store.send(.refresh)
        while store.state.screen.upcomingSelection?.text != "Move house" { store.send(.key(.down)) }
        press(.character("x"), on: store)
        expectEqual(store.state.overlays.question?.question, "Check its 1 open sub-item too?")
        press(.character("y"), on: store)
        try expectEqual(database.item(id: parent)?.isChecked, true)
        expectEqual(store.state.route, .upcoming)
    }

    @Test("Enter opens the item's form over its list; Esc comes back to Upcoming on the same item")
    func opensAndComesBack() throws {
        defer { folder.remove() }
        let store = upcoming(try database(), width: 80, height: 24)
        press(.character("j"), .character("j"), .character("j"), on: store)
        expectEqual(store.state.screen.upcomingSelection?.text, "Milk")
        press(.enter, on: store)
        expectEqual(store.state.route, .itemDetail)
        expectEqual(store.state.screen.itemDetail?.text.text, "Milk")
        press(.escape, on: store)
        expectEqual(store.state.route, .upcoming)
        expectEqual(store.state.screen.upcomingSelection?.text, "Milk")
        // Done comes back too, with the change shown.
        press(.enter, .end, .character("!"), .control("s"), on: store)
        expectEqual(store.state.route, .upcoming)
        expectEqual(store.state.screen.upcomingSelection?.text, "Milk!")
    }

    @Test("/ searches every list from Upcoming; Esc comes back to Upcoming on the same item, reloaded")
    func searchComesBack() throws {
        defer { folder.remove() }
        let database = try database()
        let store = upcoming(database, width: 80, height: 24)
        press(.character("j"), .character("j"), .character("j"), on: store)
        expectEqual(store.state.screen.upcomingSelection?.text, "Milk")
        press(.character("/"), .character("r"), .character("e"), .character("n"), .character("t"), on: store)
        expectEqual(store.state.route, .search)
        expectEqual(Array(render(store.state).lines()[0...3]), [
            " Search                                                                 1 match",
            " / rent",
            " [ ] Pay rent  ! List  Nov 19, 9:00 AM",
            "",
        ])
        // Checked off elsewhere while the search is in front.
        let rent = try #require(database.search(SearchQuery("rent")!, limit: 10).items.first)
        try database.apply(.setChecked(itemID: rent.id, true), now: Fixed.now)
        press(.escape, on: store)
        expectEqual(store.state.route, .upcoming)
        expectEqual(store.state.screen.upcomingSelection?.text, "Milk")
        expectEqual(Array(render(store.state).lines()[0...4]), [
            " Upcoming                                                               8 items",
            " Today",
            "   • Report           !!! Work  Today 5:00 PM        🔔",
            "   • Gym                  List  Starts Today 6:00 PM",
            " Tomorrow",
        ])
    }

    @Test("a adds an item due on the day under the cursor at 9:00, in that item's list")
    func addsOnADay() throws {
        defer { folder.remove() }
        let database = try database()
        let store = upcoming(database, width: 80, height: 24)
        // Plan the week, in Work, on Monday.
        press(.character("j"), .character("j"), .character("j"), .character("j"), on: store)
        expectEqual(store.state.screen.upcomingSelection?.text, "Plan the week")
        press(.character("a"), on: store)
        guard let form = store.state.screen.itemDetail else { Issue.record("no form"); return }
        expectEqual(form.dueDate, Fixed.date("2026-11-23 09:00"))
        expectEqual(form.mode, .add(checklistID: store.state.screen.checklist?.summary.id ?? 0))
        expectEqual(store.state.screen.checklist?.summary.checklist.name, "Work")
        for character in "Agenda" { store.send(.key(.character(character))) }
        press(.enter, on: store)
        expectEqual(store.state.route, .upcoming)
        guard case let .upcoming(view) = store.state.screen else { return }
        let texts = view.window.items.map(\.item.text)
        expectEqual(texts.firstIndex(of: "Agenda"), texts.firstIndex(of: "Plan the week").map { $0 + 1 })
        // On today, past 9:00: the next full hour, not born overdue.
        press(.home, .character("j"), .character("a"), on: store)
        expectEqual(store.state.screen.itemDetail?.dueDate, Fixed.date("2026-11-21 11:00"))
    }

    @Test("z and the banner's snooze choices move the item: its due date, or a start alone")
    func snoozeMoves() throws {
        defer { folder.remove() }
        let database = try database()
        let store = upcoming(database, width: 80, height: 24)
        press(.character("j"), .character("z"), on: store)
        expectEqual(store.state.keyContext, .snoozeChoice)
        expectEqual(render(store.state).lines()[22], " Move “Report” to:")
        press(.character("2"), on: store)
        let report = store.state.screen.upcomingSelection
        #expect(report?.text == "Report" && report?.dueDate == Fixed.date("2026-11-21 11:30"))
        expectEqual(report?.shouldRemind, true)
        press(.character("j"), .character("z"), .character("3"), on: store)
        let gym = try #require(try database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil)
            .first { $0.item.text == "Gym" }?.item)
        #expect(gym.startDate == Fixed.date("2026-11-22 09:00") && gym.dueDate == nil)
        // Esc leaves the choice, moving nothing.
        press(.character("z"), .escape, on: store)
        #expect(store.state.keyContext == .upcoming && store.state.route == .upcoming)
    }

    @Test("z's choice moves the item it named, though a change made elsewhere put another under the cursor; one gone since moves nothing")
    func moveChoiceKeepsItsItem() throws {
        defer { folder.remove() }
        let database = try database()
        let store = upcoming(database, width: 80, height: 24)
        press(.character("j"), .character("z"), on: store)
        // Another process puts Report off to December: Gym takes its row.
        let listed = try database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil)
        let report = try #require(listed.first { $0.item.text == "Report" }?.item)
        var later = report.draft
        later.dueDate = Fixed.date("2026-12-20 17:00")
        try database.apply(.updateItem(id: report.id, later), now: Fixed.now)
        store.send(.changedElsewhere(at: Fixed.now))
        expectEqual(store.state.screen.upcomingSelection?.text, "Gym")
        // The question stays, and still names Report.
        expectEqual(render(store.state).lines()[22], " Move “Report” to:")
        press(.character("2"), on: store)
        let after = try database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil)
        expectEqual(after.first { $0.item.text == "Report" }?.item.dueDate, Fixed.date("2026-11-21 11:30"))
        expectEqual(after.first { $0.item.text == "Gym" }?.item.startDate, Fixed.date("2026-11-21 18:00"))
        // Gym deleted elsewhere after z: the answer says so and changes nothing.
        expectEqual(store.state.screen.upcomingSelection?.text, "Gym")
        press(.character("z"), on: store)
        let gym = try #require(after.first { $0.item.text == "Gym" }?.item)
        try database.apply(.deleteItem(id: gym.id), now: Fixed.now)
        store.send(.changedElsewhere(at: Fixed.now))
        press(.character("3"), on: store)
        expectEqual(render(store.state).lines()[22], " Nothing moved: “Gym” is no longer shown here.")
        expectEqual(store.state.keyContext, .upcoming)
    }

    @Test("a reminder opened from its banner while z's choice waits beneath closes the choice with the view")
    func moveChoiceLeavesWithItsView() throws {
        defer { folder.remove() }
        let store = upcoming(try database(), width: 80, height: 24)
        press(.character("j"), .character("j"), .character("z"), on: store)
        store.send(.alarmWentOff(token: store.state.alarm.token, at: Fixed.date("2026-11-21 17:00")))
        expectEqual(store.state.keyContext, .banner)
        press(.enter, on: store)
        #expect(store.state.route == .itemDetail && store.state.overlays.move == nil)
        press(.escape, on: store)
        #expect(store.state.route == .upcoming && store.state.keyContext == .upcoming)
    }

    @Test("the midnight alarm turns the days over: tomorrow's items are today's, today's past ones overdue")
    func turnsOverAtMidnight() throws {
        defer { folder.remove() }
        var armed: [Date?] = []
        let store = Store(state: AppState(context: Fixed.context, width: 80, height: 24, now: Fixed.now), database: try database())
        store.onRuntimeEffect = { if case let .armAlarm(setting) = $0 { armed.append(setting.date) } }
        store.start(now: Fixed.now)
        press(.character("U"), on: store)
        let midnight = Fixed.date("2026-11-22 00:00")
        // The one alarm is armed no later than midnight, whatever else is pending.
        expectEqual(armed.last.flatMap { $0 }.map { $0 <= midnight }, true)
        store.send(.alarmWentOff(token: store.state.alarm.token, at: midnight))
        let lines = render(store.state).lines()
        expectEqual(Array(lines[1...7]), [
            " Overdue",
            "   ! Pay rent             List  Nov 19, 9:00 AM",
            // Its reminder rang before midnight: no bell is left to show.
            "   ! Report           !!! Work  Yesterday 5:00 PM",
            " Today",
            "   • Milk                 List  Today 9:00 AM",
            " Tomorrow",
            "   • Plan the week        Work  Starts Tomorrow",
        ], "\(lines.joined(separator: "\n"))")
        // Gym, which started yesterday and has no due date, is no longer upcoming.
        #expect(!lines.contains { $0.contains("Gym") })
    }

    @Test("a reminder opened from its banner over Upcoming comes back to Upcoming")
    func bannerOpensAndComesBack() throws {
        defer { folder.remove() }
        let store = upcoming(try database(), width: 80, height: 24)
        store.send(.alarmWentOff(token: store.state.alarm.token, at: Fixed.date("2026-11-21 17:00")))
        expectEqual(store.state.keyContext, .banner)
        press(.enter, on: store)
        #expect(store.state.route == .itemDetail && store.state.screen.itemDetail?.text.text == "Report")
        press(.escape, on: store)
        expectEqual(store.state.route, .upcoming)
    }

    @Test("a change made elsewhere shows at once, through the watcher's action")
    func changedElsewhere() throws {
        defer { folder.remove() }
        let database = try database()
        let store = upcoming(database, width: 80, height: 24)
        let list = try database.checklistSummaries()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Bread", dueDate: Fixed.date("2026-11-21 12:00"))), now: Fixed.now)
        store.send(.changedElsewhere(at: Fixed.now))
        #expect(render(store.state).lines()[4].hasPrefix("   • Bread"))
    }

    @Test("the mouse: a click selects an item (not a heading), a second click opens it, the wheel scrolls")
    func mouse() throws {
        defer { folder.remove() }
        let store = upcoming(try database(), width: 40, height: 12)
        // Row 4 of the screen is Report's (the title, Overdue, Pay rent, Today).
        store.send(.key(.mouse(MouseEvent(.left, isPress: true, row: 4, column: 10))))
        expectEqual(store.state.screen.upcomingSelection?.text, "Report")
        // A heading takes no click.
        store.send(.key(.mouse(MouseEvent(.left, isPress: true, row: 3, column: 10))))
        expectEqual(store.state.screen.upcomingSelection?.text, "Report")
        store.send(.key(.mouse(MouseEvent(.left, isPress: true, row: 4, column: 10))))
        store.send(.key(.mouse(MouseEvent(.left, isPress: true, row: 4, column: 10))))
        #expect(store.state.route == .itemDetail && store.state.screen.itemDetail?.text.text == "Report")
        store.send(.key(.escape))
        expectEqual(store.state.route, .upcoming)
        store.send(.key(.mouse(MouseEvent(.wheelDown, isPress: true, row: 4, column: 10))))
        guard case let .upcoming(view) = store.state.screen else { Issue.record("not on Upcoming"); return }
        // Three rows down, less the heading kept above the selected item.
        expectEqual(view.viewport.top, 2)
        expectEqual(render(store.state).lines()[1], " Today")
        expectEqual(view.selectedItem?.item.text, "Report", "the selection stays on screen, on an item")
        store.send(.key(.mouse(MouseEvent(.wheelDown, isPress: true, row: 4, column: 10))))
        expectEqual(store.state.screen.upcomingSelection?.text, "Milk")
    }

    @Test("nothing dated: at 40 columns the notice wraps between words instead of being cut")
    func emptyAtFortyColumns() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Someday", dueDate: nil)), now: Fixed.now)
        let store = upcoming(database, width: 40, height: 12)
        expectEqual(render(store.state).lines()[0...4], [
            " Upcoming                       0 items",
            "",
            "  Nothing upcoming: no open item has a",
            "  due date, or a start ahead.",
            "",
        ])
    }

    @Test("over many items only windows are read: the selection's, the first and the last")
    func windows() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        try database.applyAll((0..<1_001).map { index in
            .addItem(checklistID: list, ItemDraft(text: "item \(index)", dueDate: Fixed.date("2026-11-22 09:00").addingTimeInterval(Double(index) * 3_600)))
        }, now: Fixed.now)
        var loads: [Effect] = []
        let store = Store(state: AppState(context: Fixed.context, width: 40, height: 12, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        func send(_ key: Key) {
            let effects = reduce(in: store, .key(key))
            loads += effects.filter { if case .loadUpcoming = $0 { true } else { false } }
        }
        send(.character("U"))
        guard case let .upcoming(first) = store.state.screen else { Issue.record("not on Upcoming"); return }
        expectEqual(first.window.items.count, 9 * UpcomingScreen.screensAfter)
        #expect(first.window.reachesFirst && !first.window.reachesLast)
        // The count stops at 1,000 and says so.
        expectEqual(render(store.state).lines()[0], " Upcoming                  1,000+ items")
        // Moving within the window reads nothing.
        send(.down)
        expectEqual(loads.count, 1)
        send(.character("G"))
        expectEqual(store.state.screen.upcomingSelection?.text, "item 1000")
        send(.character("g"))
        expectEqual(store.state.screen.upcomingSelection?.text, "item 0")
        // Paging down reads a window around the selection as it nears the edge.
        for _ in 0..<10 { send(.pageDown) }
        guard case let .upcoming(paged) = store.state.screen else { return }
        #expect(paged.window.items.count <= 9 * (UpcomingScreen.screensBefore + UpcomingScreen.screensAfter))
        // Ten pages of 8 rows, a day's heading every 24 items: about 75 items down.
        let number = Int(paged.selectedItem?.item.text.dropFirst(5) ?? "") ?? 0
        #expect((70...80).contains(number), "on \(number)")
        #expect(loads.count < 10)
    }
}

extension Screen {
    /// The item selected on Upcoming, when it is in front.
    var upcomingSelection: Item? {
        if case let .upcoming(view) = self { view.selectedItem?.item } else { nil }
    }
}

/// Sends `action` to the store, returning the effects its reduce asked for
/// (the store performs them all, in order, as it does for a key).
private func reduce(in store: Store, _ action: Action) -> [Effect] {
    var effects: [Effect] = []
    var queue = [action]
    while !queue.isEmpty {
        let next = queue.removeFirst()
        let asked = store.reduce(next)
        effects += asked
        queue += asked.compactMap { store.perform($0) }
    }
    return effects
}
