import Foundation
import ChecklistsModel

/// The app's one state transition: pure, no clock, no disk, no terminal.
/// Returns the effects the runtime must perform.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case let .clock(now):
        state.now = now
        return []
    case let .resized(width, height):
        state.width = max(0, width)
        state.height = max(0, height)
        return keepSelectionVisible(&state)
    case let .started(openChecklistID, notice):
        if let notice { state.message = StatusMessage(notice, kind: .info) }
        state.lastOpenedChecklistID = openChecklistID
        // Reminders that came due while no copy of the app ran are shown
        // once, as missed; the claim's answer arms the alarm. Claimed
        // first: the loads after it read the reminders it cleared, so its
        // answer needs no second load of the screen.
        let claim = Effect.claimDueReminders(at: state.now, missed: true)
        guard let id = openChecklistID else { return [claim, loadLists(state, select: nil), .loadSyncStatus] }
        // A list left open is all the first frame shows: the home screen
        // beneath it (the lists, the Due view, the sync line) was a tenth of
        // the start's work, and is read once that frame is drawn, before
        // any key is read.
        state.homeAfterFirstFrame = id
        return [claim, .loadItems(checklistID: id, anchor: .index(0), pageSize: state.startingPageSize)]
    case .firstFrameShown:
        guard let id = state.homeAfterFirstFrame else { return [] }
        state.homeAfterFirstFrame = nil
        return [loadLists(state, select: id), .loadSyncStatus]
    case let .draftFound(draft):
        state.unsavedDraft = draft
        return []
    case let .listsLoaded(lists, due, select, order, smartLists):
        state.allLists.order = order
        state.allLists.load(lists: lists, due: due, smartLists: smartLists, select: select, visibleRows: state.listRows)
        return []
    case let .itemsLoaded(summary, page, selectIndex):
        var list = state.screen.checklist.flatMap { $0.summary.id == summary.id ? $0 : nil }
            ?? ChecklistState(summary: summary, page: page)
        list.summary = summary
        list.page = page
        list.loadedAt = state.now
        list.viewport.select(selectIndex, count: page.totalCount, visibleRows: state.listRows)
        switch state.screen {
        // A list opened from the home screen comes to the front.
        case .allLists:
            if state.openItemAfterLoad == nil { state.lastOpenedChecklistID = summary.id }
            _ = state.navigate(.push(.checklist(list)))
        // An item opened or added from Upcoming: its list, beneath its form.
        case .upcoming: _ = state.navigate(.replace(.checklist(list)))
        case .checklist, .itemDetail: state.screen.checklist = list
        case let .search(search, _): SearchScreen.itemsLoaded(list, search: search, state: &state)
        // An item opened from the tag view or a filter: its list, then its form.
        case .tags, .filter: _ = state.navigate(.replace(.checklist(list)))
        // List Detail sits on All Lists: no page is loaded for it.
        case .listDetail: break
        }
        // The Due view's Enter or a, the banner's "open": once the page is
        // here, open the form. The page is centred on the item to edit, so if
        // it is not selected it is gone (deleted elsewhere, or before its
        // reminder was opened): back to where the user was, saying so.
        guard let pending = state.openItemAfterLoad else { return [] }
        state.openItemAfterLoad = nil
        switch pending.purpose {
        case let .edit(wanted):
            guard let item = list.selectedItem, item.id == wanted else {
                state.message = StatusMessage("That item no longer exists.", kind: .error)
                return state.goBack(to: pending.origin, over: list)
            }
            return state.navigate(.push(.itemDetail(ItemDetailState(mode: .edit(item), draft: item.draft, origin: pending.origin), over: list)))
        case .add:
            return state.navigate(.push(.itemDetail(ItemDetailState.adding(to: list.summary.id, origin: pending.origin), over: list)))
        case let .addDue(due):
            let form = ItemDetailState(mode: .add(checklistID: list.summary.id), draft: ItemDraft(text: "", dueDate: due), origin: pending.origin)
            return state.navigate(.push(.itemDetail(form, over: list)))
        case let .addTyped(text, note):
            // Typed into a blank form, so that Esc asks before dropping it.
            var form = ItemDetailState.adding(to: list.summary.id, origin: pending.origin)
            form.take(text: text, note: note)
            let effects = state.navigate(.push(.itemDetail(form, over: list)))
            // Said as "That list no longer exists." is, in red: an action
            // on what was deleted (a reminder's snooze) fails in the same wake.
            state.message = StatusMessage("Its list was deleted elsewhere; what you typed is kept in a new item of “\(list.summary.checklist.name)”. "
                                          + "Esc drops it.", kind: .error)
            return effects
        }
    case .checklistMissing:
        state.openItemAfterLoad = nil
        switch state.screen {
        case var .search(search, _):
            // The search stays; what it opened, or sat on, is gone.
            search.origin = .allLists
            search.openingItemID = nil
            _ = state.navigate(.replace(.search(search, over: nil)))
            state.message = StatusMessage("That list no longer exists.", kind: .error)
            return [loadLists(state, select: nil)] + SearchScreen.reload(search)
        case .listDetail, .allLists:
            break
        case let .upcoming(view):
            // What it opened, or added to, is gone: the view stays.
            state.message = StatusMessage("That list no longer exists.", kind: .error)
            return [loadLists(state, select: nil)] + UpcomingScreen.reload(view, state: state)
        case let .tags(view):
            // The tag view stays, asked again: what it opened is gone.
            state.message = StatusMessage("That list no longer exists.", kind: .error)
            return [loadLists(state, select: nil)] + TagsScreen.reload(view)
        case let .filter(view, _):
            // So does a filter's screen, over All Lists now.
            state.message = StatusMessage("That list no longer exists.", kind: .error)
            state.screen = .filter(view, over: nil)
            return [loadLists(state, select: nil)] + FilterScreen.reload(view)
        case let .itemDetail(form, _) where form.typedDraft != nil:
            // What was typed goes on in a new item of the Inbox, not away
            // with the list.
            _ = state.navigate(.replace(.allLists))
            let gone: Int64? = switch form.mode {
            case let .add(checklistID): checklistID
            case let .addSubItem(parent): parent.checklistID
            case let .edit(item): item.checklistID
            }
            return [loadLists(state, select: nil)]
                + AllListsScreen.addToInbox(purpose: .addTyped(text: form.text.text, note: form.note.text), excluding: gone, state: &state)
        case .checklist, .itemDetail:
            // The form is gone with its list, and the question about it.
            _ = state.navigate(.replace(.allLists))
        }
        // An undo that took the list away says so itself ("Undone: add list …").
        if !UndoMessages.saysWhatWasDone(state.message) {
            state.message = StatusMessage("That list no longer exists.", kind: .error)
        }
        return [loadLists(state, select: nil)]
    case let .committed(change, outcome):
        // Any committed change may add, move or cancel a reminder: one
        // indexed look-up per commit, none per keystroke.
        return afterCommit(change, outcome, state: &state) + [.loadWakeCandidates(after: state.now)]
    case let .failed(_, message):
        state.message = StatusMessage(message, kind: .error)
        // Show what the database really holds, not what we hoped it would.
        return reloadCurrent(state)
    case let .loadFailed(message):
        state.message = StatusMessage(message, kind: .error)
        // An item waiting for its page to open will not get it.
        state.openItemAfterLoad = nil
        return []
    case .changedElsewhere:
        return ReminderReducer.reduce(&state, action) + [.loadSyncStatus]
    case .remindersDue, .alarmWentOff, .claimFailed, .wakeCandidatesLoaded:
        return ReminderReducer.reduce(&state, action)
    case let .historyStepped(step):
        return UndoMessages.reduce(step, state: &state)
    case let .historyFailed(direction, message):
        state.message = StatusMessage("Could not \(direction.verb): \(message)", kind: .error)
        return reloadCurrent(state)
    case let .tagsLoaded(tags):
        TagsScreen.tagsLoaded(tags, state: &state)
        return []
    case let .taggedLoaded(tag, items):
        TagsScreen.taggedLoaded(tag, items, state: &state)
        return []
    case let .syncStatusLoaded(status):
        state.syncStatus = status
        return []
    case let .familyCounted(purpose, count):
        return SubItems.counted(purpose, count, state: &state)
    case .refresh:
        return reloadCurrent(state)
    case let .upcomingLoaded(window, anchor):
        UpcomingScreen.loaded(window, anchor: anchor, state: &state)
        return []
    case let .filteredLoaded(filter, results):
        FilterScreen.loaded(filter, results, state: &state)
        return []
    case let .smartListSaved(smart):
        return FilterScreen.saved(smart, state: &state) + reloadCurrent(state)
    case let .smartListDeleted(name):
        state.message = StatusMessage("Deleted smart list “\(name)”; u brings it back.")
        return reloadCurrent(state)
    case let .searchAnswered(generation, results):
        return SearchScreen.answered(generation: generation, results, state: &state)
    case let .matchFound(query, checklistID, step):
        return SearchScreen.matchFound(query, checklistID: checklistID, step, state: &state)
    case let .notifierChecked(pid):
        state.notifier = pid.map { .running(pid: $0) } ?? .notRunning
        return []
    case let .key(key):
        return handle(key, state: &state)
    }
}

/// A key: the key table turns it into a command once, here, for the
/// innermost thing that takes keys; every screen gets that command. The
/// forms get the key too, for typing where the table binds nothing.
private func handle(_ key: Key, state: inout AppState) -> [Effect] {
    if case let .mouse(event) = key { return MouseInput.handle(event, state: &state) }
    // A key between two clicks makes them no double click.
    state.lastClick = nil
    state.message = nil
    // A count is for the very next key: taken here, whatever that key is.
    let count = state.pendingCount
    state.pendingCount = nil
    if state.isTooSmall {
        // Only quitting makes sense when nothing can be drawn.
        // The home screen's quit key, whichever the user chose.
        if key == .control("c") || (state.screen == .allLists && state.context.keys.command(for: key, in: .allLists) == .quit) {
            state.isRunning = false
        }
        return []
    }
    let context = state.keyContext
    if context.takesCounts {
        if case let .character(typed) = key, typed.isASCII, let digit = typed.wholeNumberValue, digit > 0 || count != nil {
            // Capped so that a held-down digit cannot overflow a page jump.
            state.pendingCount = min(countLimit, (count ?? 0) * 10 + digit)
            return []
        }
        // Esc drops a count and does nothing else, as in vi.
        if count != nil && key == .escape { return [] }
    }
    if case .paste = key, !context.isTextField {
        // Pasted text is never keys: outside a text field it does nothing.
        state.message = StatusMessage("Paste ignored: not in a text field.")
        return []
    }
    let command = state.context.keys.command(for: key, in: context)
    if command == .quit && key == .control("c") {
        state.isRunning = false
        return []
    }
    // The overlay on top takes the key: the same stack render draws.
    switch state.overlays.top {
    case .banner?:
        return command.map { ReminderBanner.handle($0, state: &state) } ?? []
    case .question?:
        return command.map { ConfirmationLine.handle($0, state: &state) } ?? []
    case .help?:
        return command.map { HelpOverlay.handle($0, count: count, state: &state) } ?? []
    case .move?:
        // Any key answers: one of the choices moves the item, any other none.
        return PlanKeys.answer(command, state: &state)
    case .chooser?, nil:
        break
    }
    if command == .undo || command == .redo {
        return [.history(command == .undo ? .undo : .redo, confirmed: nil)]
    }
    if command == .help {
        state.overlays.help = 0
        return [.checkNotifier]
    }
    if command == .search {
        return state.apply(SearchScreen.open(state: state))
    }
    if command == .openFilter, state.route != .filter {
        return state.apply(FilterScreen.open(state: state))
    }
    if state.overlays.chooser != nil {
        return command.map { ListChooser.handle($0, state: &state) } ?? []
    }
    return state.apply(Screen.handle(command, key: key, count: count, state: &state))
}

/// The largest count a user can type: eight digits, more lines than any list holds.
let countLimit = 99_999_999

/// What to show after the database confirmed a change.
private func afterCommit(_ change: Change, _ outcome: ChangeOutcome, state: inout AppState) -> [Effect] {
    let pageSize = state.pageSize
    switch change {
    case .addChecklist, .updateChecklist:
        if state.route == .listDetail { _ = state.navigate(.pop) }
        // The Inbox `+` made: its Add Item opens once its page is here.
        if case .addChecklist = change, state.openItemAfterLoad != nil, case let .checklist(id) = outcome {
            return [loadLists(state, select: id), .loadItems(checklistID: id, anchor: .index(0), pageSize: pageSize)]
        }
        if case let .checklist(id) = outcome { return [loadLists(state, select: id)] }
        return [loadLists(state, select: nil)]
    case .deleteChecklist, .putCalendarItems:
        return [loadLists(state, select: nil)]
    case .addItem, .updateItem, .editItem, .setChecked, .addSubItem:
        // Checked on the Due view, a filter's or a tag's items, the row
        // leaves and the next item moves under the cursor: a second Space
        // would check that one without a word. The status line names what
        // was checked and how to undo it.
        if case let .setChecked(id, true) = change, let (text, context) = flatRow(id, state) {
            let undo = state.context.keys.keyLabel(for: .undo, in: context) ?? "u"
            state.message = StatusMessage("Checked “\(TextWidth.truncated(text, toColumns: 30))”; \(undo) undoes it.")
        }
        if state.route == .itemDetail {
            // A reminder checked off from the banner leaves the form as it is.
            if case .setChecked = change { return reloadCurrent(state) }
            // Back to the Due view or another list: that screen is loaded
            // afresh, with the saved item in it.
            if state.screen.itemDetail?.origin != .checklistBeneath { return state.navigate(.pop) }
            _ = state.navigate(.pop)
        }
        // A reminder checked off from the banner over the search: the
        // results show it checked (the checklist beneath loads on leaving).
        if state.route == .search { return reloadCurrent(state) }
        guard let list = state.screen.checklist, case let .item(id) = outcome else { return reloadCurrent(state) }
        return [.loadItems(checklistID: list.summary.id, anchor: .item(id, fallback: list.viewport.selection), pageSize: pageSize)]
    case let .setHidesChecked(_, hides):
        state.message = StatusMessage(hides ? "Checked items hidden; c shows them." : "Checked items shown.")
        return reloadCurrent(state)
    case let .setHidesNotStarted(_, hides):
        let key = state.context.keys.keyLabel(for: .toggleHideNotStarted, in: .checklist) ?? "w"
        state.message = StatusMessage(hides ? "Items not started hidden; \(key) shows them." : "Items not started shown, dimmed.")
        return reloadCurrent(state)
    case .deleteItem, .setSortOrder:
        guard let list = state.screen.checklist else { return [] }
        if case .setSortOrder = change, let item = list.selectedItem {
            return [.loadItems(checklistID: list.summary.id, anchor: .item(item.id, fallback: 0), pageSize: pageSize)]
        }
        return [.loadItems(checklistID: list.summary.id, anchor: .index(list.viewport.selection), pageSize: pageSize)]
    case .snooze:
        // Rows show when a reminder rings: the snoozed one's new time.
        return reloadCurrent(state)
    case let .moveItem(id, target):
        guard let list = state.screen.checklist else { return [loadLists(state, select: nil)] }
        let text = list.page.items.first { $0.id == id }?.text ?? "the item"
        let name = state.allLists.lists.first { $0.id == target }?.checklist.name ?? "the other list"
        state.message = ListChooser.movedMessage(itemText: text, listName: name)
        // A parent took its sub-items along: counted where they are now,
        // and the message says how many.
        let wasParent = list.page.items.firstIndex { $0.id == id }.map { list.page.place(at: list.page.offset + $0).isParent } ?? false
        // The selection stays where the item was: on the one that followed it.
        // The home screen's counts changed too.
        return [.loadItems(checklistID: list.summary.id, anchor: .index(list.viewport.selection), pageSize: pageSize),
                loadLists(state, select: list.summary.id)] + (wasParent ? [.countFamily(itemID: id, for: .moved)] : [])
    case let .swapPositions(id, _):
        // The selection goes with the item that moved.
        guard let list = state.screen.checklist else { return [] }
        return [.loadItems(checklistID: list.summary.id, anchor: .item(id, fallback: list.viewport.selection), pageSize: pageSize)]
    case let .setPriority(id, _), let .setParent(id, _), let .setCollapsed(id, _), let .checkFamily(id):
        // The selection stays on the item, wherever the sort moves it, so
        // p pressed again steps the same item.
        guard let list = state.screen.checklist else { return reloadCurrent(state) }
        return [.loadItems(checklistID: list.summary.id, anchor: .item(id, fallback: list.viewport.selection), pageSize: pageSize)]
    case .setOpenChecklist, .showItem:
        // Each followed by a load of its own.
        return []
    case let .moveList(id, _):
        // The selection goes with the list that moved.
        state.message = AllListsScreen.orderMessage(after: change, state: state)
        return [loadLists(state, select: id)]
    case .setListOrder:
        state.message = AllListsScreen.orderMessage(after: change, state: state)
        return [loadLists(state, select: nil)]
    }
}

/// The text of item `id` where it is a row of a flat view that an open
/// item leaves once checked (the Due view, a filter's items, a tag's
/// items), with the view's key context; nil elsewhere.
private func flatRow(_ id: Int64, _ state: AppState) -> (text: String, context: KeyContext)? {
    switch state.screen {
    case let .filter(view, _) where view.editing == nil:
        return view.results?.items.first { $0.id == id }.map { ($0.item.text, .filteredItems) }
    case let .tags(view) where view.chosen != nil:
        return view.items?.first { $0.id == id }.map { ($0.item.text, .taggedItems) }
    default:
        guard state.route == .allLists,
              case let .due(listed)? = state.allLists.rows.first(where: { if case let .due(row) = $0 { row.item.id == id } else { false } })
        else { return nil }
        return (listed.item.text, .dueItem)
    }
}

/// Reloads whatever the current screen shows, keeping the selection.
func reloadCurrent(_ state: AppState) -> [Effect] {
    // What is beneath the search is reloaded when the search closes.
    switch state.screen {
    case let .search(search, _): return SearchScreen.reload(search)
    case let .tags(view): return TagsScreen.reload(view)
    case let .upcoming(view): return UpcomingScreen.reload(view, state: state)
    case let .filter(view, _): return FilterScreen.reload(view)
    case .allLists, .listDetail: return [loadLists(state, select: nil)]
    case .checklist, .itemDetail: break
    }
    if let list = state.screen.checklist {
        let anchor: ItemsAnchor = list.selectedItem.map { .item($0.id, fallback: list.viewport.selection) } ?? .index(list.viewport.selection)
        return [.loadItems(checklistID: list.summary.id, anchor: anchor, pageSize: state.pageSize)]
    }
    return [loadLists(state, select: nil)]
}

/// Loads the home screen: the lists and what is due by the end of today (in
/// the user's time zone, as of the state's clock). `select` picks a list;
/// nil keeps the selection where it was.
func loadLists(_ state: AppState, select: Int64?) -> Effect {
    let calendar = state.context.dateStyle.dayCalendar
    let today = calendar.startOfDay(for: state.now)
    let endOfToday = calendar.date(byAdding: .day, value: 1, to: today) ?? state.now.addingTimeInterval(86_400)
    return .loadLists(select: select, dueBefore: endOfToday, dueLimit: DueSection.limit(visibleRows: state.listRows))
}

/// After a resize the selection must stay on screen, and a taller screen may
/// need more of the list loaded, or more of the Due view.
private func keepSelectionVisible(_ state: inout AppState) -> [Effect] {
    let rows = state.listRows
    // The Due view's share of the home screen depends on its height.
    state.allLists.relayout(visibleRows: rows)
    let due = state.allLists.due
    let moreDue: [Effect] = due.items.count < due.total && due.items.count < DueSection.limit(visibleRows: rows)
        ? [loadLists(state, select: nil)] : []
    if case var .upcoming(view) = state.screen {
        // Its window is sized in screens: read again for the new height.
        view.select(view.viewport.selection, visibleRows: rows)
        state.screen = .upcoming(view)
        return moreDue + UpcomingScreen.reload(view, state: state)
    }
    guard var list = state.screen.checklist else { return moreDue }
    list.viewport.clampTop(count: list.count, visibleRows: rows)
    state.screen.checklist = list
    return moreDue + ChecklistScreen.pageIfNeeded(list, state: state)
}
