import Foundation
import ChecklistsModel

/// The home screen: the Due view (items due today and overdue, from every
/// list) above one row per checklist with its "N Remaining" detail. With
/// nothing due it is just the lists.
public struct AllListsState: Hashable, Sendable {
    /// In the order in force (`order`), as loaded.
    public private(set) var lists: [ChecklistSummary] = []
    /// Whether the lists are by name or in the order set by hand.
    public internal(set) var order: ListOrder = .byName
    public private(set) var due = DueSection()
    /// The smart lists by name, with their counts, as loaded.
    public private(set) var smartLists: [SmartListCount] = []
    /// The rows on screen, rebuilt when lists or due items load.
    public private(set) var rows: [HomeRow] = []
    /// Indexes `rows`; always on a selectable row when there is one.
    public var viewport = Viewport()

    public init() {}

    public var selectedRow: HomeRow? {
        rows.indices.contains(viewport.selection) ? rows[viewport.selection] : nil
    }

    /// The list under the selection (nil on a due item).
    public var selected: ChecklistSummary? {
        if case let .list(summary) = selectedRow { return summary }
        return nil
    }

    /// The smart list under the selection.
    public var selectedSmartList: SmartList? {
        if case let .smartList(counted) = selectedRow { return counted.smartList }
        return nil
    }

    /// The due item under the selection.
    public var selectedDueItem: ListedItem? {
        if case let .due(item) = selectedRow { return item }
        return nil
    }

    /// Takes newly loaded data, keeping the selection on the same list or
    /// item, and that row on the same screen line (a change elsewhere must not
    /// make the dashboard jump).
    mutating func load(lists: [ChecklistSummary], due: DueSection, smartLists: [SmartListCount]? = nil, select listID: Int64?, visibleRows: Int) {
        let previous = selectedRow
        let previousLine = viewport.selection - viewport.top
        self.lists = lists
        self.due = due
        if let smartLists { self.smartLists = smartLists }
        rows = Self.rows(lists: lists, due: due, smartLists: self.smartLists, visibleRows: visibleRows)
        let wanted: Int? = if let listID {
            rows.firstIndex { if case let .list(summary) = $0 { summary.id == listID } else { false } }
        } else {
            previous.flatMap { old in rows.firstIndex { $0.sameThing(as: old) } }
        }
        if let wanted {
            if listID == nil { viewport.top = wanted - previousLine }
            select(wanted, visibleRows: visibleRows)
        } else if previous == nil, let first = rows.firstIndex(where: \.isItemOrList) {
            // Nothing was selected (the start): the first item or list, as
            // before Upcoming had a row above the lists; it is one key up.
            select(first, visibleRows: visibleRows)
        } else {
            // The selected row is gone (checked off or deleted elsewhere): the
            // row now in its place, or the one above, of the same kind.
            let place = viewport.selection
            let sameKind = previous.flatMap { old in
                rows.indices.contains(place) && rows[place].isKind(of: old) ? place
                    : rows.indices.last { $0 < place && rows[$0].isKind(of: old) }
            }
            let leftDueView = previous.map { if case .due = $0 { true } else { false } } ?? false
            select(sameKind ?? (leftDueView ? 0 : viewport.selection), visibleRows: visibleRows)
        }
    }

    /// Moves the selection to `index`, or the nearest selectable row in
    /// `direction`, scrolling the least needed.
    mutating func select(_ index: Int, direction: Int = 1, visibleRows: Int) {
        let target = nearestSelectable(to: index, direction: direction)
        viewport.select(target, count: rows.count, visibleRows: visibleRows)
        // Show the heading above the first item rather than scroll it away.
        if target == firstSelectable { viewport.top = 0; viewport.clampTop(count: rows.count, visibleRows: visibleRows) }
    }

    private var firstSelectable: Int? { rows.firstIndex(where: \.isSelectable) }

    /// Where `3j`, `2k` or `5G` goes: counted in lists and items, not in
    /// the headings between them, so `2j` from the last due item is the
    /// second list. Nil without a count, or for other commands: those go
    /// by rows.
    func countedTarget(of command: KeyCommand, times: Int?) -> Int? {
        guard let times else { return nil }
        let selectable = rows.indices.filter { rows[$0].isSelectable }
        guard !selectable.isEmpty else { return nil }
        let place: Int
        switch command {
        case .moveDown, .moveUp:
            guard let here = selectable.firstIndex(of: viewport.selection) else { return nil }
            place = command == .moveDown ? here + times : here - times
        case .first, .last:
            place = times - 1
        default:
            return nil
        }
        return selectable[min(max(place, 0), selectable.count - 1)]
    }

    private func nearestSelectable(to index: Int, direction: Int) -> Int {
        guard !rows.isEmpty else { return 0 }
        let start = min(max(0, index), rows.count - 1)
        let step = direction < 0 ? -1 : 1
        for candidate in stride(from: start, to: step < 0 ? -1 : rows.count, by: step) where rows[candidate].isSelectable {
            return candidate
        }
        for candidate in stride(from: start, to: step < 0 ? rows.count : -1, by: -step) where rows[candidate].isSelectable {
            return candidate
        }
        return start
    }

    /// Rebuilds the rows for a new screen height, keeping the selection.
    mutating func relayout(visibleRows: Int) {
        load(lists: lists, due: due, select: nil, visibleRows: visibleRows)
    }

    /// The Due view takes what the screen can spare and leaves room for the
    /// "Lists" heading and at least one list: with many items due, the lists
    /// would otherwise be below the fold of a small pane, and the home
    /// screen would stop looking like one. What is left out is counted on
    /// the "more" line.
    static func rows(lists: [ChecklistSummary], due: DueSection, smartLists: [SmartListCount] = [], visibleRows: Int) -> [HomeRow] {
        var rows: [HomeRow] = []
        // Upcoming's row, above the lists, while it has anything to show.
        let upcoming = due.upcoming > 0 ? 1 : 0
        if !due.items.isEmpty {
            var shown = due.items.count
            if !lists.isEmpty {
                // Heading, items, "Lists", one list; and the "more" line when some are left out.
                let allFit = due.total == due.items.count && shown <= visibleRows - 3 - upcoming
                if !allFit { shown = max(1, min(shown, visibleRows - 4 - upcoming)) }
            }
            rows.append(.dueHeading)
            rows += due.items.prefix(shown).map(HomeRow.due)
            if due.total > shown { rows.append(.moreDue(due.total - shown)) }
            rows.append(.listsHeading)
        }
        if upcoming > 0 { rows.append(.upcoming(due.upcoming)) }
        rows += lists.map(HomeRow.list)
        // Their own section, by name, below the lists: the lists keep their
        // places (and their hand order) whatever filters are kept.
        if !smartLists.isEmpty {
            rows.append(.smartListsHeading)
            rows += smartLists.map(HomeRow.smartList)
        }
        return rows
    }
}

enum AllListsScreen {
    /// `count` is a count typed before the key (`5j`, `3G`), for movement.
    static func handle(_ command: KeyCommand, count: Int? = nil, state: inout AppState) -> ScreenStep {
        let rows = state.listRows
        let home = state.allLists
        if let target = home.countedTarget(of: command, times: count)
            ?? home.viewport.target(of: command, count: home.rows.count, visibleRows: rows, times: count) {
            state.allLists.select(target, direction: target < home.viewport.selection ? -1 : 1, visibleRows: rows)
            return []
        }
        if command == .openTags { return TagsScreen.open() }
        if command == .addToInbox { return ScreenStep(addToInbox(state: &state)) }
        if command == .openUpcoming || (command == .open && home.selectedRow == .upcoming(home.due.upcoming)) {
            return UpcomingScreen.open(state: state)
        }
        if let due = home.selectedDueItem {
            return ScreenStep(handleDueItem(command, due.item, state: &state))
        }
        if let smart = home.selectedSmartList {
            return handleSmartList(command, smart, state: &state)
        }
        switch command {
        case .open:
            guard let list = home.selected else { return [] }
            return [.commit(.setOpenChecklist(id: list.id)),
                    .loadItems(checklistID: list.id, anchor: .index(0), pageSize: state.pageSize)]
        case .addList:
            return ScreenStep([], .push(.listDetail(ListDetailState(mode: .add))))
        case .editList:
            guard let list = home.selected else { return [] }
            return ScreenStep([], .push(.listDetail(ListDetailState(mode: .edit(list.checklist)))))
        case .deleteList:
            guard let list = home.selected else { return [] }
            let items = switch list.itemCount {
            case 0: ""
            case 1: " and its 1 item"
            default: " and its \(list.itemCount) items"
            }
            state.overlays.question = Confirmation(question: "Delete “\(list.checklist.name)”\(items)?",
                                              onYes: .commit(.deleteChecklist(id: list.id)))
        case .moveItemDown, .moveItemUp:
            return ScreenStep(moveList(down: command == .moveItemDown, state: state))
        case .changeSort:
            return [.commit(.setListOrder(home.order.next))]
        case .quit:
            state.isRunning = false
        default:
            break
        }
        return []
    }

    /// Keys on a smart list's row: open it, edit its filter and name,
    /// delete it (asking, as for a list; `u` brings it back).
    private static func handleSmartList(_ command: KeyCommand, _ smart: SmartList, state: inout AppState) -> ScreenStep {
        switch command {
        case .open:
            return FilterScreen.open(smart)
        case .editList:
            return FilterScreen.open(smart, editing: true)
        case .deleteList:
            state.overlays.question = Confirmation(question: "Delete the smart list “\(smart.name)”? (No item is deleted.)",
                                                   onYes: .deleteSmartList(id: smart.id, name: smart.name))
        case .addList:
            return ScreenStep([], .push(.listDetail(ListDetailState(mode: .add))))
        case .quit:
            state.isRunning = false
        default:
            break
        }
        return []
    }

    /// `+`: Add Item on the default list (`[add] default_list`), else on
    /// the list named Inbox, which is made first when there is none; the
    /// form comes back home when left.
    /// `purpose`: what the form opens with; `excluding`: a list known to
    /// be gone (deleted elsewhere) though the lists loaded still hold it.
    static func addToInbox(purpose: PendingItemForm.Purpose = .add, excluding gone: Int64? = nil, state: inout AppState) -> [Effect] {
        let name = state.context.defaultList ?? ChecklistIcon.inbox.displayName
        let key = Checklist.nameKey(name)
        let pending = PendingItemForm(purpose: purpose, origin: .home)
        if let list = state.allLists.lists.first(where: { Checklist.nameKey($0.checklist.name) == key && $0.id != gone }) {
            state.openItemAfterLoad = pending
            return [.loadItems(checklistID: list.id, anchor: .index(0), pageSize: state.pageSize)]
        }
        guard state.context.defaultList == nil else {
            state.message = StatusMessage("No list is named “\(name)” (config [add] default_list): add it, or change the setting.", kind: .error)
            return []
        }
        state.openItemAfterLoad = pending
        return [.commit(.addChecklist(name: name, icon: .inbox))]
    }

    // MARK: - The lists' order

    /// J/K: the selected list changes places with the one below (above) it.
    /// In name order that order becomes the hand order first (the storage
    /// does both in one change), so nothing else moves; at either end
    /// nothing happens, as for an item.
    private static func moveList(down: Bool, state: AppState) -> [Effect] {
        let home = state.allLists
        guard let list = home.selected, let index = home.lists.firstIndex(where: { $0.id == list.id }),
              home.lists.indices.contains(index + (down ? 1 : -1)) else { return [] }
        return [.commit(.moveList(id: list.id, down: down))]
    }

    /// What the status line says once a list moved or the order changed:
    /// the first move in name order put the hand order in force.
    static func orderMessage(after change: Change, state: AppState) -> StatusMessage? {
        let sortKey = state.context.keys.keyLabel(for: .changeSort, in: .allLists) ?? "s"
        switch change {
        case .moveList where state.allLists.order == .byName:
            return StatusMessage("Lists now by hand; \(sortKey) sorts by name.")
        case let .setListOrder(order):
            let moveKeys = [KeyCommand.moveItemDown, .moveItemUp].compactMap { state.context.keys.keyLabel(for: $0, in: .allLists) }
            let move = moveKeys.count == 2 ? "; \(moveKeys.joined(separator: "/")) move a list" : ""
            return StatusMessage(order == .byHand ? "Lists by hand\(move)." : "Lists by name; \(sortKey) puts your order back.")
        default:
            return nil
        }
    }

    /// Keys on a row of the Due view: open the item, add one to its list,
    /// or check it off. The forms come back here when left.
    private static func handleDueItem(_ command: KeyCommand, _ item: Item, state: inout AppState) -> [Effect] {
        switch command {
        case .editItem:
            return openItem(item, state: &state)
        case .addItem:
            return openItemForm(.add, near: item, state: &state)
        case .toggleChecked:
            return SubItems.toggleChecked(item)
        case .cyclePriority:
            return [.commit(.setPriority(itemID: item.id, item.priority.next))]
        case .quit:
            state.isRunning = false
        default:
            break
        }
        return []
    }

    /// Opens `item` in Item Detail over its checklist (the Due view's Enter,
    /// the reminder banner's open): its page is loaded first, then the form.
    static func openItem(_ item: Item, state: inout AppState) -> [Effect] {
        openItemForm(.edit(itemID: item.id), near: item, state: &state)
    }

    /// Opens Item Detail over `item`'s checklist, its page centred on the
    /// item, remembering the screen in front now to come back to.
    private static func openItemForm(_ purpose: PendingItemForm.Purpose, near item: Item, state: inout AppState) -> [Effect] {
        let origin = origin(opening: item, state: state)
        state.openItemAfterLoad = PendingItemForm(purpose: purpose, origin: origin)
        let load = Effect.loadItems(checklistID: item.checklistID, anchor: .item(item.id, fallback: 0), pageSize: state.pageSize)
        // From the home screen the user stays there, for the next start too:
        // the form is a visit to the list, not a move into it.
        let visit: Bool = if case .upcoming = origin { true } else { origin == .home }
        return visit ? [load] : [load, .commit(.setOpenChecklist(id: item.checklistID))]
    }

    /// Where Item Detail, opened now on `item`, should go back to.
    private static func origin(opening item: Item, state: AppState) -> ItemDetailState.Origin {
        // A reminder opened over Upcoming comes back to it.
        if case let .upcoming(view) = state.screen { return .upcoming(view) }
        guard case let .checklist(list) = state.screen else { return .home }
        if list.summary.id == item.checklistID { return .checklistBeneath }
        let place = list.viewport.selection
        return .checklist(id: list.summary.id, anchor: list.selectedItem.map { .item($0.id, fallback: place) } ?? .index(place))
    }

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        let home = state.allLists
        let lists = home.lists
        let listCount = lists.count == 1 ? "1 list" : "\(countText(lists.count)) lists"
        let detail = home.due.total > 0 ? "\(dueCountText(home.due.total, total: home.due.total)) due · " + listCount : listCount
        let viewport = home.viewport
        // The hand order says so, as a checklist's sort does, kept whole: the
        // due count gives way first.
        let order = home.order == .byHand ? " · " + home.order.displayName : ""
        // The position counts rows as G does, headings included.
        Chrome.listTitleBar("Checklists", details: [detail + order, listCount + order, detail, listCount], keepsDetailWhole: !order.isEmpty,
                            viewport: viewport,
                            count: home.rows.count, visibleRows: state.listRows, into: &grid)
        let dueLayout = ItemRow.layout(for: home.due.items.map(\.item), parentTexts: home.due.items.map(\.parentText),
                                       listNames: home.due.items.map(\.checklistName),
                                       lead: .bullet, state: state, width: grid.width)
        for row in 0..<state.listRows {
            let index = viewport.top + row
            guard home.rows.indices.contains(index) else { break }
            let y = row + 1
            switch home.rows[index] {
            case .dueHeading:
                grid.put("Due today and overdue", row: y, column: 1, maxColumns: grid.width - 2, style: .bold)
            case let .due(listed):
                ItemRow.draw(listed.item, listName: listed.checklistName, parentText: listed.parentText, layout: dueLayout, lead: .bullet, row: y,
                             state: state, into: &grid)
            case let .moreDue(count):
                let (text, column) = moreLine(dueCountText(count, total: home.due.total), width: grid.width)
                grid.put(text, row: y, column: column, maxColumns: grid.width - column - 1, style: .dim)
            case .listsHeading:
                grid.put("Lists", row: y, column: 1, maxColumns: grid.width - 2, style: .bold)
            case let .upcoming(count):
                let detail = count >= ChecklistsDatabase.upcomingCountCap ? countText(count) + "+" : countText(count)
                grid.put(state.context.unicode ? "»" : ">", row: y, column: 2, color: .cyan)
                grid.put("Upcoming", row: y, column: 5, maxColumns: max(1, grid.width - 5 - TextWidth.columns(of: detail) - 3))
                grid.putRightAligned(detail, row: y, endColumn: grid.width - 1, style: .dim)
            case .smartListsHeading:
                grid.put("Smart lists", row: y, column: 1, maxColumns: grid.width - 2, style: .bold)
            case let .smartList(counted):
                // A filter that no longer reads, or names a list gone, says so where the count would be.
                let detail = counted.count.map { countText($0) } ?? "(check its filter)"
                grid.put(state.context.unicode ? "⚲" : "?", row: y, column: 2, color: .magenta)
                grid.put(counted.smartList.name, row: y, column: 5, maxColumns: max(1, grid.width - 5 - TextWidth.columns(of: detail) - 3))
                grid.putRightAligned(detail, row: y, endColumn: grid.width - 1, style: .dim)
            case let .list(summary):
                let detail = summary.detail
                let detailWidth = TextWidth.columns(of: detail)
                grid.put(Chrome.icon(summary.checklist.icon, unicode: state.context.unicode), row: y, column: 2)
                grid.put(summary.checklist.name, row: y, column: 5, maxColumns: max(1, grid.width - 5 - detailWidth - 3))
                grid.putRightAligned(detail, row: y, endColumn: grid.width - 1,
                                     color: summary.remainingCount == 0 && summary.itemCount > 0 ? .green : .default)
            }
            Chrome.selectionBar(row: y, selected: index == viewport.selection, into: &grid)
        }
        if lists.isEmpty {
            grid.put("No lists. Press a to add one.", row: home.rows.count + 2, column: 2, maxColumns: grid.width - 4, style: .dim)
        }
    }

    /// How the last sync ended, with its absolute time ("Synced 14:05",
    /// "Sync failed Nov 20: server unreachable"): nothing on it ages, so
    /// it needs no timer; the next sync's commit brings the next line.
    static func syncLine(_ state: AppState) -> (text: String, failed: Bool)? {
        guard let status = state.syncStatus else { return nil }
        let when = state.context.dateStyle.compactFormat(status.at, now: state.now)
        guard let error = status.error else { return ("Synced \(when)", false) }
        return ("Sync failed \(when): \(error)", true)
    }

    /// The "more" line and its column: the longest form that fits, so a
    /// narrow pane still shows the whole command that lists the rest.
    static func moreLine(_ more: String, width: Int) -> (String, Int) {
        let forms = [
            ("… and \(more) more (checklists list --due today)", 5),
            ("\(more) more: checklists list --due today", 3),
            ("\(more) more: checklists list --due today", 1),
            ("\(more) more (list --due today)", 1),
        ]
        return forms.first { TextWidth.columns(of: $0.0) <= width - $0.1 - 1 } ?? forms[forms.count - 1]
    }

    /// A count of due items, with "+" when the count of all of them stopped
    /// at the cap (`total`): there are at least that many.
    private static func dueCountText(_ count: Int, total: Int) -> String {
        total >= DueSection.countCap ? countText(count) + "+" : countText(count)
    }

    /// 9998 as "9,998": thousands grouped so a big count reads at a glance.
    static func countText(_ count: Int) -> String {
        var digits = Array(String(count))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}
