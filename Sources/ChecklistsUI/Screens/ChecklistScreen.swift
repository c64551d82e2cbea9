import Foundation
import ChecklistsModel

/// A checklist's items. Only a page around the visible rows is in memory; the
/// total comes from SQL, so a list of 100,000 items costs what a list of 100 does.
public struct ChecklistState: Hashable, Sendable {
    public var summary: ChecklistSummary
    public var page: ItemsPage
    public var viewport = Viewport()
    /// The moment the page was read at: a list that hides its items not
    /// started left out those starting after it.
    public var loadedAt: Date?

    public init(summary: ChecklistSummary, page: ItemsPage) {
        self.summary = summary
        self.page = page
    }

    public var selectedItem: Item? { page.item(at: viewport.selection) }
    public var count: Int { page.totalCount }
}

enum ChecklistScreen {
    /// `count` is a count typed before the key (`5j`, `10G`), for movement.
    static func handle(_ command: KeyCommand, count: Int? = nil, state: inout AppState) -> ScreenStep {
        guard case var .checklist(list) = state.screen else { return [] }
        if command == .back {
            return ScreenStep([.commit(.setOpenChecklist(id: nil)), loadLists(state, select: list.summary.id)], .pop)
        }
        defer { state.screen.checklist = list }
        let rows = state.listRows
        if let target = list.viewport.target(of: command, count: list.count, visibleRows: rows, times: count) {
            list.viewport.select(target, count: list.count, visibleRows: rows)
            return ScreenStep(pageIfNeeded(list, state: state))
        }
        switch command {
        case .toggleChecked, .deleteItem, .addSubItem, .indent, .outdent, .toggleFold:
            return SubItems.handle(command, list: list, state: &state)
        case .addItem:
            return ScreenStep([], .push(.itemDetail(ItemDetailState.adding(to: list.summary.id), over: list)))
        case .editItem:
            guard let item = list.selectedItem else { return [] }
            return ScreenStep([], .push(.itemDetail(ItemDetailState(mode: .edit(item), draft: item.draft), over: list)))
        case .cyclePriority:
            guard let item = list.selectedItem else { return [] }
            return [.commit(.setPriority(itemID: item.id, item.priority.next))]
        case .changeSort:
            return [.commit(.setSortOrder(checklistID: list.summary.id, list.summary.checklist.sortOrder.next))]
        case .toggleHideChecked:
            return [.commit(.setHidesChecked(checklistID: list.summary.id, !list.summary.checklist.hidesChecked))]
        case .toggleHideNotStarted:
            return [.commit(.setHidesNotStarted(checklistID: list.summary.id, !list.summary.checklist.hidesNotStarted))]
        case .moveToList:
            guard let item = list.selectedItem else { return [] }
            ListChooser.open(for: item, state: &state)
        case .moveItemDown, .moveItemUp:
            return ScreenStep(reorder(down: command == .moveItemDown, list: list, state: &state))
        case .nextMatch, .previousMatch:
            return ScreenStep(SearchScreen.findMatch(forward: command == .nextMatch, state: &state))
        default:
            break
        }
        return []
    }

    /// J/K: swaps the selected item with its neighbour in the user's own
    /// order. Only "order added" is that order; the others are computed
    /// from the items, so there the status line says how to get to it.
    /// The neighbour is the next sibling (the same depth, only families
    /// between): a family moves past a family, and never out of its parent.
    private static func reorder(down: Bool, list: ChecklistState, state: inout AppState) -> [Effect] {
        let order = list.summary.checklist.sortOrder
        guard order == .added else {
            let sortKey = state.context.keys.keyLabel(for: .changeSort, in: .checklist) ?? "s"
            state.message = StatusMessage("Items are sorted \(order.displayName): press \(sortKey) until “by order added” to reorder them.")
            return []
        }
        guard let item = list.selectedItem, let neighbour = sibling(of: list.viewport.selection, down: down, in: list.page) else { return [] }
        return [.commit(.swapPositions(itemID: item.id, otherItemID: neighbour.id))]
    }

    /// The next (or previous) item on the page at the same depth as the one
    /// at `index`, with only deeper rows between; nil at its family's end.
    static func sibling(of index: Int, down: Bool, in page: ItemsPage) -> Item? {
        let depth = page.place(at: index).depth
        var next = index + (down ? 1 : -1)
        while let row = page.item(at: next) {
            let place = page.place(at: next)
            if place.depth == depth { return row }
            if place.depth < depth { return nil }
            next += down ? 1 : -1
        }
        return nil
    }

    /// Asks for the page around the selection when the rows on screen are not all loaded.
    static func pageIfNeeded(_ list: ChecklistState, state: AppState) -> [Effect] {
        let visible = list.viewport.top..<(list.viewport.top + state.listRows)
        if list.page.covers(visible) { return [] }
        return [.loadItems(checklistID: list.summary.id, anchor: .index(list.viewport.selection), pageSize: state.pageSize)]
    }

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard let list = state.screen.checklist else { return }
        let checklist = list.summary.checklist
        let icon = checklist.icon == .none ? "" : Chrome.icon(checklist.icon, unicode: state.context.unicode) + " "
        // The sort order gives way to the position and to how many are
        // hidden, so that a list never looks shorter than it is unexplained.
        let remaining = list.summary.detail, sort = checklist.sortOrder.displayName
        let hidden = list.summary.hiddenCount
        let details = hidden > 0 ? ["\(remaining) · \(hidden) hidden · \(sort)", "\(remaining) · \(hidden) hidden", "\(hidden) hidden"]
            : ["\(remaining) · \(sort)", remaining]
        Chrome.listTitleBar(icon + checklist.name, details: details, keepsDetailWhole: hidden > 0,
                            viewport: list.viewport, count: list.count, visibleRows: state.listRows, into: &grid)
        let layout = ItemRow.layout(for: list.page.items, places: list.page.places, lead: .checkBox, state: state, width: grid.width)
        for row in 0..<state.listRows {
            let index = list.viewport.top + row
            guard index < list.count else { break }
            let y = row + 1
            guard let item = list.page.item(at: index) else { continue }
            ItemRow.draw(item, place: list.page.place(at: index), layout: layout, lead: .checkBox, row: y, state: state, into: &grid)
            Chrome.selectionBar(row: y, selected: index == list.viewport.selection, into: &grid)
        }
        if list.count == 0 && list.summary.hiddenCount > 0 {
            // Says which key brings back what is hidden.
            let keys = state.context.keys
            let startKey = keys.keyLabel(for: .toggleHideNotStarted, in: .checklist) ?? "w"
            let why = list.summary.hiddenNotStartedCount == 0 ? "All checked off; c shows them."
                : list.summary.hiddenCheckedCount == 0 ? "Nothing has started yet; \(startKey) shows it."
                : "All checked off or not started; c and \(startKey) show them."
            grid.putWrapped(why, row: 2, column: 2, maxColumns: grid.width - 4, lastRow: grid.height - 3, style: .dim)
        } else if list.count == 0 {
            grid.putWrapped("No items. Press a to add one.", row: 2, column: 2, maxColumns: grid.width - 4, lastRow: grid.height - 3, style: .dim)
        }
    }
}
