import ChecklistsModel

/// The home screen: one row per checklist with its "N Remaining" detail.
public struct AllListsState: Hashable, Sendable {
    /// In natural name order, as loaded.
    public var lists: [ChecklistSummary] = []
    public var viewport = Viewport()

    public init() {}

    public var selected: ChecklistSummary? {
        lists.indices.contains(viewport.selection) ? lists[viewport.selection] : nil
    }
}

enum AllListsScreen {
    static func handle(_ command: Command, state: inout AppState) -> [Effect] {
        let rows = state.listRows
        let count = state.allLists.lists.count
        if let target = state.allLists.viewport.target(of: command, count: count, visibleRows: rows) {
            state.allLists.viewport.select(target, count: count, visibleRows: rows)
            return []
        }
        switch command {
        case .open:
            guard let list = state.allLists.selected else { return [] }
            return [.commit(.setOpenChecklist(id: list.id)),
                    .loadItems(checklistID: list.id, anchor: .index(0), pageSize: state.pageSize)]
        case .addList:
            state.listDetail = ListDetailState(mode: .add)
            state.route = .listDetail
        case .editList:
            guard let list = state.allLists.selected else { return [] }
            state.listDetail = ListDetailState(mode: .edit(list.checklist))
            state.route = .listDetail
        case .deleteList:
            guard let list = state.allLists.selected else { return [] }
            let items = list.itemCount == 1 ? "its 1 item" : "its \(list.itemCount) items"
            state.confirmation = Confirmation(question: "Delete “\(list.checklist.name)” and \(items)?",
                                              change: .deleteChecklist(id: list.id))
        case .quit:
            state.isRunning = false
        default:
            break
        }
        return []
    }

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        let lists = state.allLists.lists
        Chrome.titleBar("Checklists", detail: lists.count == 1 ? "1 list" : "\(lists.count) lists", into: &grid)
        let viewport = state.allLists.viewport
        for row in 0..<state.listRows {
            let index = viewport.top + row
            guard lists.indices.contains(index) else { break }
            let summary = lists[index]
            let y = row + 1
            let detail = summary.detail
            let detailWidth = TextWidth.columns(of: detail)
            grid.put(Chrome.icon(summary.checklist.icon, unicode: state.context.unicode), row: y, column: 2)
            grid.put(summary.checklist.name, row: y, column: 5, maxColumns: max(1, grid.width - 5 - detailWidth - 3))
            grid.putRightAligned(detail, row: y, endColumn: grid.width - 1,
                                 color: summary.remainingCount == 0 && summary.itemCount > 0 ? .green : .default)
            Chrome.selectionBar(row: y, selected: index == viewport.selection, into: &grid)
        }
        if lists.isEmpty {
            grid.put("No lists. Press a to add one.", row: 2, column: 2, maxColumns: grid.width - 4, style: .dim)
        }
    }
}
