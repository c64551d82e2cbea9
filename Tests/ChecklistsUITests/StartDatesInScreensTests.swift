import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Start dates on the screens: typed on Item Detail's Starts row (a day
/// alone is that day at 00:00), refused after the due date, dimmed in a
/// list or hidden by w (remembered per list), left out of the Due view
/// until the alarm wakes the app at the start. Screens as literal lines;
/// the lists on a real file. Fixed.now is Saturday 21 November 2026, 10:30 UTC.
@Suite("Start dates in the screens")
struct StartDatesInScreensTests {
    let folder = TemporaryFolder()

    static let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 1, remainingCount: 1)
    /// Due Friday 27 November 2026, 17:00 UTC.
    static let taxes = Item(id: 7, checklistID: 2, text: "File taxes", dueDate: Fixed.date("2026-11-27 17:00"))

    func editing(_ item: Item = Self.taxes, width: Int, height: Int = 16) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands], select: 0))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: [item], totalCount: 1)
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

    /// Tab from the text field to the Starts row.
    func toStarts(_ state: inout AppState) {
        for _ in 0..<8 where state.screen.itemDetail?.focus != .start { press(.tab, on: &state) }
    }

    // MARK: - Reading a typed start

    @Test("a phrase without a time is that day at 00:00; with a time, or a duration in hours, the moment it names")
    func typedStarts() {
        let calendar = Fixed.style.calendar
        func start(_ text: String) -> Date? { try? DueDateParser(calendar: calendar).parseStart(text, now: Fixed.now).get() }
        expectEqual(start("mon"), Fixed.date("2026-11-23 00:00"))
        expectEqual(start("tomorrow"), Fixed.date("2026-11-22 00:00"))
        expectEqual(start("dec 7"), Fixed.date("2026-12-07 00:00"))
        expectEqual(start("+3d"), Fixed.date("2026-11-24 00:00"))
        expectEqual(start("2026-12-24"), Fixed.date("2026-12-24 00:00"))
        expectEqual(start("mon 9:00"), Fixed.date("2026-11-23 09:00"))
        expectEqual(start("tomorrow 14:30"), Fixed.date("2026-11-22 14:30"))
        expectEqual(start("+2h"), Fixed.date("2026-11-21 12:30"))
        expectEqual(start("tonight"), Fixed.date("2026-11-21 20:00"))
        expectEqual(start("sat"), Fixed.date("2026-11-21 00:00"))   // typed on that Saturday: today
        #expect(start("soonish") == nil)
    }

    // MARK: - Item Detail's Starts row

    @Test("120 columns: Enter on Starts types a start with a preview beside it; Enter takes it; Done saves it")
    func startsRowWide() {
        var state = editing(width: 120, height: 16)
        toStarts(&state)
        press(.enter, on: &state)
        expectEqual(state.keyContext, .typedStart)
        type("mon", on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                                                                                                      Errands",
            "",
            "  Text        File taxes",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date                                                                                       Nov 27, 2026, 5:00 PM",
            "› Starts      mon                  → Mon, Nov 23, 2026",
            "  Repeat                                                                                                         Never",
            "  Priority                                                                                                        None",
            "  Tags        e.g. work home",
            "",
            "  [ Done ]  [ Cancel ]",
            "",
            "",
            "",
            " Enter accept  Esc back  F1 help",
        ])
        press(.enter, on: &state)
        expectEqual(state.screen.itemDetail?.startDate, Fixed.date("2026-11-23 00:00"))
        expectEqual(render(state).lines()[6], "› Starts                                                                                             Mon, Nov 23, 2026")
        // A time other than 00:00 is shown.
        press(.enter, on: &state)
        type("mon 9:30", on: &state)
        press(.enter, on: &state)
        expectEqual(render(state).lines()[6], "› Starts                                                                                    Mon, Nov 23, 2026, 9:30 AM")
        let effects = reduce(&state, .key(.control("s")))
        expectEqual(savedEdits(effects), [.commit(.updateItem(id: 7, ItemDraft(text: "File taxes", dueDate: Fixed.date("2026-11-27 17:00"),
                                                                    startDate: Fixed.date("2026-11-23 09:30"))))])
    }

    @Test("40×12: the preview goes beneath the field; the row shows the start without its weekday where that does not fit; Del clears it")
    func startsRowNarrow() {
        var state = editing(width: 40, height: 12)
        toStarts(&state)
        press(.enter, on: &state)
        type("dec 7", on: &state)
        expectEqual(render(state).lines(), [
            " Edit Item                      Errands",
            "",
            "  Text        File taxes",
            "  Note        Notes (Enter: new line)",
            "  Remind Me   [ ] Off",
            "  Due Date       Nov 27, 2026, 5:00 PM",
            "› Starts      dec 7",
            "              → Mon, Dec 7, 2026",
            "  Repeat                         Never",
            "  Priority                        None",
            "  [ Done ]  [ Cancel ]",
            " Enter accept  Esc back  F1 help",
        ])
        expectEqual(render(state).cursor, GridPosition(row: 6, column: 19))
        press(.escape, on: &state)
        #expect(state.keyContext == .itemStart && state.screen.itemDetail?.startDate == nil)
        press(.enter, on: &state)
        type("mon 9:30", on: &state)
        press(.enter, on: &state)
        expectEqual(render(state).lines()[6], "› Starts         Nov 23, 2026, 9:30 AM")
        press(.backspace, on: &state)
        #expect(state.screen.itemDetail?.startDate == nil)
        expectEqual(render(state).lines()[6], "› Starts                          None")
    }

    @Test("a start not before the due date: said when typed, refused by Done with the rule's message, nothing saved")
    func refusedStart() {
        var state = editing(width: 40, height: 16)
        toStarts(&state)
        press(.enter, on: &state)
        type("dec 7", on: &state)
        press(.enter, on: &state)
        let problem = "The start is not before the due date: move the start or the due date."
        expectEqual(state.message, StatusMessage(problem, kind: .error))
        // Done from another row: refused, back on Starts.
        press(.tab, on: &state)
        let effects = reduce(&state, .key(.control("s")))
        #expect(effects.isEmpty)
        #expect(state.route == .itemDetail && state.screen.itemDetail?.focus == .start)
        expectEqual(render(state).lines()[14...15], [
            " The start is not before the due date:",
            " move the start or the due date.",
        ])
        // Without the due date the start stands alone, and Done saves it.
        press(.backTab, .backspace, on: &state)
        expectEqual(savedEdits(reduce(&state, .key(.control("s")))), [.commit(.updateItem(id: 7, ItemDraft(text: "File taxes", dueDate: nil,
                                                                                            startDate: Fixed.date("2026-12-07 00:00"))))])
    }

    // MARK: - Rows in a list, and w

    /// "Errands" on a real file: "Buy stamps" due today 18:00, "File taxes"
    /// due Friday starting Monday, "Call mum" due tomorrow; open in a pane
    /// of `width` × `height`.
    func errandsList(width: Int, height: Int = 8) throws -> (Store, list: Int64, ChecklistsDatabase) {
        let database = try ChecklistsDatabase.temporary(in: folder)
        guard case let .checklist(list) = try database.apply(.addChecklist(name: "Errands", icon: .none), now: Fixed.now) else {
            throw StorageError.notFound(what: "the new list")
        }
        for draft in [ItemDraft(text: "Buy stamps", dueDate: Fixed.date("2026-11-21 18:00")),
                      ItemDraft(text: "File taxes", dueDate: Fixed.date("2026-11-27 17:00"), startDate: Fixed.date("2026-11-23 00:00")),
                      ItemDraft(text: "Call mum", dueDate: Fixed.date("2026-11-22 12:00"))] {
            try database.apply(.addItem(checklistID: list, draft), now: Fixed.now)
        }
        try database.apply(.setOpenChecklist(id: list), now: Fixed.now)
        let store = Store(state: AppState(context: Fixed.context, width: width, height: height, now: Fixed.now), database: database)
        store.start(now: Fixed.now)
        return (store, list, database)
    }

    @Test("40 columns: the row not started is dimmed and says when it starts, the text first; w hides it, the title counts it")
    func listNarrow() throws {
        let (store, list, database) = try errandsList(width: 40)
        expectEqual(render(store.state).lines(), [
            " Errands           3 Remaining · by du…",
            " [ ] Buy stamps  6:00 PM",
            " [ ] Call mum    Tomorrow",
            " [ ] File taxes  › Mon",
            "",
            "",
            " ↑↓/jk:move Space:check a:add Enter:edit",
            " d:delete s:sort Esc:back u:undo ?:help",
        ])
        let grid = render(store.state)
        #expect(grid[3, 5].style.contains(.dim) && grid[3, 17].style.contains(.dim))
        #expect(!grid[1, 5].style.contains(.dim))
        store.send(.key(.character("w")))
        expectEqual(render(store.state).lines(), [
            " Errands         3 Remaining · 1 hidden",
            " [ ] Buy stamps  6:00 PM",
            " [ ] Call mum    Tomorrow",
            "",
            "",
            "",
            " Items not started hidden; w shows them.",
            " ↑↓/jk:move Space:check a:add … ?:help",
        ])
        // "N Remaining" on All Lists still counts it.
        expectEqual(store.state.allLists.lists.first { $0.id == list }?.detail, "3 Remaining")
        try expectEqual(database.checklistSummary(id: list)?.checklist.hidesNotStarted, true)
        store.send(.key(.character("w")))
        expectEqual(store.state.screen.checklist?.count, 3)
        expectEqual(store.state.message, StatusMessage("Items not started shown, dimmed."))
    }

    @Test("120 columns: the date column reads Starts Mon, in line with the due dates; hidden, the columns stay")
    func listWide() throws {
        let (store, _, _) = try errandsList(width: 120, height: 8)
        expectEqual(render(store.state).lines(), [
            " Errands                                                                                      3 Remaining · by due date",
            " [ ] Buy stamps  Today 6:00 PM",
            " [ ] Call mum    Tomorrow 12:00 PM",
            " [ ] File taxes  Starts Mon",
            "",
            "",
            "",
            " ↑↓/jk move  Space check  a add  Enter edit  d delete  s sort  Esc back  u undo  ? help",
        ])
        store.send(.key(.character("w")))
        expectEqual(render(store.state).lines()[0...3], [
            " Errands                                                                           3 Remaining · 1 hidden · by due date",
            " [ ] Buy stamps  Today 6:00 PM",
            " [ ] Call mum    Tomorrow 12:00 PM",
            "",
        ])
    }

    @Test("hidden items not started: positions and paging count only the rows shown; the empty list says which key shows them")
    func hiddenPositions() throws {
        let (store, list, database) = try errandsList(width: 40)
        store.send(.key(.character("w")))
        store.send(.key(.character("G")))
        expectEqual(store.state.screen.checklist?.selectedItem?.text, "Call mum")
        expectEqual(store.state.screen.checklist?.viewport.selection, 1)
        try expectEqual(database.index(ofItem: 3, sortOrder: .dueDate, hidingNotStartedAt: Fixed.now), 1)
        // Only the one not started left: the screen says how to show it.
        store.send(.key(.character(" ")))
        store.send(.key(.character("g")))
        store.send(.key(.character(" ")))
        store.send(.key(.character("c")))
        expectEqual(store.state.screen.checklist?.count, 0)
        // Wrapped between words, where a 40-column pane once cut it.
        expectEqual(render(store.state).lines()[2...3], ["  All checked off or not started; c", "  and w show them."])
        // Checked ones shown again: two rows, the one not started still hidden.
        store.send(.key(.character("c")))
        expectEqual(store.state.screen.checklist?.page.items.map(\.text), ["Buy stamps", "Call mum"])
        try expectEqual(database.checklistSummary(id: list, now: Fixed.now)?.hiddenCount, 1)
    }

    // MARK: - The Due view and the wake

    @Test("the alarm is armed for the next start; when it goes off the item joins the Due view and its row is no longer dimmed")
    func wakesAtTheStart() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        // Due today at 18:00, starting at 14:00.
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Water plants", dueDate: Fixed.date("2026-11-21 18:00"),
                                                                startDate: Fixed.date("2026-11-21 14:00"))), now: Fixed.now)
        let clock = TestClock(Fixed.now)
        let alarm = FakeAlarm()
        let store = Store(state: AppState(context: Fixed.context, width: 40, height: 10, now: clock.time), database: database)
        let app = LoopDriver(store: store, database: database, alarm: alarm, clock: clock)
        app.start()
        #expect(store.state.allLists.due.items.isEmpty)
        expectEqual(alarm.date, Fixed.date("2026-11-21 14:00"))
        clock.time = Fixed.date("2026-11-21 14:00")
        app.alarmWentOff(token: alarm.token)
        expectEqual(store.state.allLists.due.items.map(\.item.text), ["Water plants"])
        expectEqual(render(store.state).lines()[0...2], [
            " Checklists              1 due · 1 list",
            " Due today and overdue",
            "   • Water plants  List  6:00 PM",
        ])
        // Then the next wake is the due moment.
        expectEqual(alarm.date, Fixed.date("2026-11-21 18:00"))
        folder.remove()
    }

    @Test("search results and the tag view show a row not started as its list does: dimmed, its start in the date column")
    func searchAndTags() throws {
        let (store, _, database) = try errandsList(width: 60, height: 8)
        store.send(.key(.character("/")))
        for character in "taxes" { store.send(.key(.character(character))) }
        let lines = render(store.state).lines()
        let row = try #require(lines.firstIndex { $0.contains("File taxes") }, "\(lines)")
        #expect(lines[row].contains("› Mon"), "\(lines)")
        #expect(render(store.state)[row, 5].style.contains(.dim))
        // The tag view: "#tax" on it and on a started item, then # and Enter on All Lists.
        for (id, text) in [(Int64(2), "File taxes"), (Int64(1), "Buy stamps")] {
            let item = try #require(try database.item(id: id))
            var draft = item.draft
            draft.tags = ["tax"]
            try database.apply(.updateItem(id: id, draft), now: Fixed.now)
            expectEqual(item.text, text)
        }
        store.send(.key(.escape))
        store.send(.key(.escape))
        store.send(.key(.character("#")))
        store.send(.key(.enter))
        let tagged = render(store.state)
        let taxes = try #require(tagged.lines().firstIndex { $0.contains("File taxes") }, "\(tagged.lines())")
        let stamps = try #require(tagged.lines().firstIndex { $0.contains("Buy stamps") }, "\(tagged.lines())")
        #expect(tagged.lines()[taxes].hasSuffix("› Mon"), "\(tagged.lines())")
        #expect(tagged[taxes, 5].style.contains(.dim) && !tagged[stamps, 5].style.contains(.dim))
    }
}
