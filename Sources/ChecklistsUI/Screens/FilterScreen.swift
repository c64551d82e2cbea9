import Foundation
import ChecklistsModel

/// The filter screen: `f` opens a one-line field for a filter (prefilled
/// with `list:<this list>` in a checklist, empty on All Lists), Enter shows
/// the matching items of every list or that one, flat, as the tag view
/// does; `S` keeps the filter as a smart list, whose row on All Lists
/// opens this screen again with its name in the title. Esc goes back where
/// `f` was pressed.
public struct FilterState: Hashable, Sendable {
    /// What the one-line field is for while it is open.
    public enum Editing: Hashable, Sendable {
        case filter
        /// The name to keep the filter under.
        case name
    }

    public var field = TextField()
    /// The field is open (and takes the keys); nil: the results do.
    public var editing: Editing?
    /// The filter shown; nil until one was entered.
    public var filter: ItemFilter?
    /// The smart list shown or being edited: its name is the title, and
    /// keeping the filter changes it rather than making another.
    public var smartList: SmartList?
    /// `e` on a smart list: the filter, then the name, then kept.
    public var keepsAfterFilter = false
    /// The items as last loaded; nil until they are here.
    public var results: FilterResults?
    public var viewport = Viewport()
    /// How many items are asked for: a page more as the selection nears the end.
    public var itemLimit = FilterScreen.itemLimit

    public init(field: String = "", filter: ItemFilter? = nil, smartList: SmartList? = nil) {
        self.field = TextField(field)
        self.editing = filter == nil ? .filter : nil
        self.filter = filter
        self.smartList = smartList
    }

    public var selectedItem: ListedItem? {
        guard let items = results?.items, items.indices.contains(viewport.selection) else { return nil }
        return items[viewport.selection]
    }

    var keyContext: KeyContext { editing != nil ? .filterField : .filteredItems }
}

enum FilterScreen {
    /// Items asked for at a time, as search shows at most: each frame lays
    /// out the rows loaded, so a page is kept to a few screens.
    static let itemLimit = 200

    /// `f`: the field, with this list's name in a checklist.
    static func open(state: AppState) -> ScreenStep {
        if case let .checklist(list) = state.screen {
            let start = ItemFilter(listName: list.summary.checklist.name).text + " "
            return ScreenStep([], .push(.filter(FilterState(field: start), over: list)))
        }
        return ScreenStep([], .push(.filter(FilterState(), over: nil)))
    }

    /// Enter on a smart list's row: its items, or its filter to mend when
    /// it no longer reads.
    static func open(_ smart: SmartList, editing: Bool = false) -> ScreenStep {
        guard !editing, let filter = try? ItemFilter.parse(smart.filter) else {
            var view = FilterState(field: smart.filter, smartList: smart)
            view.keepsAfterFilter = true
            return ScreenStep([], .push(.filter(view, over: nil)))
        }
        let view = FilterState(filter: filter, smartList: smart)
        return ScreenStep([load(view)], .push(.filter(view, over: nil)))
    }

    /// The rows under the title bar: the list rows, less the field's while it is open.
    static func rows(_ state: AppState, _ view: FilterState) -> Int {
        view.editing == nil ? state.listRows : max(1, state.listRows - 1)
    }

    static func load(_ view: FilterState) -> Effect {
        .loadFiltered(view.filter ?? ItemFilter(), limit: view.itemLimit)
    }

    /// What the screen shows, asked again (a change saved, or made elsewhere).
    static func reload(_ view: FilterState) -> [Effect] {
        view.filter == nil ? [] : [load(view)]
    }

    static func handle(_ command: KeyCommand?, key: Key, state: inout AppState) -> ScreenStep {
        guard case .filter(var view, let list) = state.screen else { return [] }
        let step: ScreenStep = view.editing == nil ? command.map { handleResults($0, &view, state: &state) } ?? []
            : handleField(command, key: key, &view, state: &state)
        if case .filter = state.screen, step.navigation == nil { state.screen = .filter(view, over: list) }
        return step
    }

    private static func handleField(_ command: KeyCommand?, key: Key, _ view: inout FilterState, state: inout AppState) -> ScreenStep {
        switch command {
        case .done?:
            switch view.editing {
            case .filter?:
                let filter: ItemFilter
                do {
                    filter = try ItemFilter.parse(view.field.text)
                } catch {
                    state.message = StatusMessage(error.description, kind: .error)
                    return []
                }
                view.filter = filter
                view.results = nil
                view.viewport = Viewport()
                view.itemLimit = itemLimit
                if view.keepsAfterFilter {
                    view.editing = .name
                    view.field = TextField(view.smartList?.name ?? "")
                } else {
                    view.editing = nil
                }
                return [load(view)]
            case .name?:
                guard let filter = view.filter else { return [] }
                guard !TextRules.isBlank(view.field.text) else {
                    state.message = StatusMessage("Type a name to keep the filter under.", kind: .error)
                    return []
                }
                view.editing = nil
                view.keepsAfterFilter = false
                return [.saveSmartList(id: view.smartList?.id, name: view.field.text, filter: filter.text)]
            case nil:
                return []
            }
        case .cancel?:
            // Before any filter there is nothing to go back to but where f was pressed.
            guard view.filter != nil else { return ScreenStep([], .pop) }
            view.editing = nil
            view.keepsAfterFilter = false
            return []
        default:
            _ = view.field.handle(key)
            return []
        }
    }

    private static func handleResults(_ command: KeyCommand, _ view: inout FilterState, state: inout AppState) -> ScreenStep {
        let rows = rows(state, view)
        let count = view.results?.items.count ?? 0
        if let target = view.viewport.target(of: command, count: count, visibleRows: rows) {
            view.viewport.select(target, count: count, visibleRows: rows)
            return ScreenStep(moreIfNeeded(&view, rows: rows))
        }
        switch command {
        case .toggleChecked:
            guard let listed = view.selectedItem else { return [] }
            return ScreenStep(SubItems.toggleChecked(listed.item))
        case .open:
            guard let listed = view.selectedItem else { return [] }
            return ScreenStep(openInItsList(listed, state: &state))
        case .cyclePriority, .bannerSnooze:
            guard let item = view.selectedItem?.item else { return [] }
            return ScreenStep(PlanKeys.handle(command, on: item, state: &state))
        case .openFilter:
            view.editing = .filter
            view.field = TextField((view.filter?.text).map { $0.isEmpty ? "" : $0 + " " } ?? "")
            return []
        case .keepFilter:
            view.editing = .name
            view.field = TextField(view.smartList?.name ?? "")
            return []
        case .back:
            return ScreenStep([], .pop)
        default:
            return []
        }
    }

    /// Enter on a flat row (here, and on the tag view's items): Item Detail
    /// opens over the item's list once its page is here.
    static func openInItsList(_ listed: ListedItem, state: inout AppState) -> [Effect] {
        state.openItemAfterLoad = PendingItemForm(purpose: .edit(itemID: listed.id), origin: .checklistBeneath)
        return [.commit(.setOpenChecklist(id: listed.item.checklistID)),
                .loadItems(checklistID: listed.item.checklistID, anchor: .item(listed.id, fallback: 0), pageSize: state.pageSize)]
    }

    /// The mouse on the items, as on the tag view's: the wheel scrolls, a
    /// click selects, a second click on the same row opens the item.
    static func mouse(_ event: MouseEvent, wheel: Int?, state: inout AppState) -> [Effect] {
        guard case .filter(var view, let list) = state.screen, view.editing == nil else { return [] }
        let previous = state.lastClick
        state.lastClick = nil
        let rows = rows(state, view)
        let count = view.results?.items.count ?? 0
        var opens = false
        if let wheel {
            view.viewport.scroll(by: wheel, count: count, visibleRows: rows)
        } else {
            // The rows start under the title bar.
            let index = view.viewport.top + event.row - 1
            guard event.button == .left, event.row >= 1, event.row <= rows, index < count else { return [] }
            view.viewport.select(index, count: count, visibleRows: rows)
            opens = MouseInput.isSecondClick(after: previous, route: .filter, index: index, now: state.now)
            if !opens { state.lastClick = Click(route: .filter, index: index, at: state.now) }
        }
        let more = moreIfNeeded(&view, rows: rows)
        state.screen = .filter(view, over: list)
        return opens ? state.apply(handle(.open, key: .enter, state: &state)) : more
    }

    /// The next page of items, asked for when the selection is within a
    /// screen of the end of a full page.
    private static func moreIfNeeded(_ view: inout FilterState, rows: Int) -> [Effect] {
        guard let results = view.results, results.items.count >= view.itemLimit,
              view.viewport.selection >= results.items.count - max(rows, 1) else { return [] }
        view.itemLimit = results.items.count + itemLimit
        return [load(view)]
    }

    /// `.filteredLoaded`: taken only for the filter still shown.
    static func loaded(_ filter: ItemFilter, _ results: FilterResults, state: inout AppState) {
        guard case .filter(var view, let list) = state.screen, view.filter == filter else { return }
        view.results = results
        view.viewport.select(view.viewport.selection, count: results.items.count, visibleRows: rows(state, view))
        state.screen = .filter(view, over: list)
    }

    /// `.smartListSaved`: the screen shows it under its name.
    static func saved(_ smart: SmartList, state: inout AppState) -> [Effect] {
        state.message = StatusMessage("Kept as “\(smart.name)” on All Lists.")
        guard case .filter(var view, let list) = state.screen else { return [] }
        view.smartList = smart
        state.screen = .filter(view, over: list)
        return []
    }

    // MARK: - Drawing

    /// The title: the smart list's name, or the filter's words; then how
    /// many are shown of how many it chose among.
    static func title(_ view: FilterState) -> (title: String, details: [String]) {
        let words = view.filter.map { $0.isEmpty ? "open items" : $0.text } ?? "Filter"
        let title = view.smartList?.name ?? words
        guard let results = view.results, let filter = view.filter else { return (title, []) }
        let shown = AllListsScreen.countText(results.matching)
        let scope = filter.state == .open ? "open" : filter.state == .checked ? "checked" : "items"
        let of = "\(shown) of \(AllListsScreen.countText(results.inScope))"
        let details = view.smartList == nil ? [of + " " + scope, of] : [words + " · " + of, of]
        return (title, details)
    }

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard case let .filter(view, _) = state.screen else { return }
        let rows = rows(state, view)
        let items = view.results?.items ?? []
        let (title, details) = title(view)
        Chrome.listTitleBar(title, details: details, viewport: view.viewport, count: view.results?.matching ?? 0,
                            visibleRows: rows, into: &grid)
        var top = 1
        if let editing = view.editing {
            let label = editing == .filter ? "f" : "Keep as"
            grid.put(label, row: 1, column: 1, style: .bold)
            let start = 2 + TextWidth.columns(of: label)
            let placeholder = editing == .filter ? "#tag !high due:3d list:NAME has:reminder is:checked text" : "a name, e.g. Urgent at work"
            let cursor = view.field.draw(into: &grid, row: 1, column: start, columns: max(1, grid.width - start - 1), placeholder: placeholder)
            grid.cursor = GridPosition(row: 1, column: cursor)
            top = 2
            if view.filter == nil {
                grid.put("Enter shows the items that match every word; Esc goes back.", row: 3, column: 2,
                         maxColumns: grid.width - 4, style: .dim)
                return
            }
        }
        guard let results = view.results else { return }
        if !results.listFound {
            grid.putWrapped("No list is named “\(view.filter?.listName ?? "")”.", row: top + 1, column: 2, maxColumns: grid.width - 4,
                            lastRow: grid.height - 3, style: .dim)
            return
        }
        if items.isEmpty {
            grid.put("No items match.", row: top + 1, column: 2, maxColumns: grid.width - 4, style: .dim)
            return
        }
        let layout = ItemRow.layout(for: items.map(\.item), parentTexts: items.map(\.parentText), listNames: items.map(\.checklistName),
                                    lead: .checkBox, state: state, width: grid.width)
        for row in 0..<rows {
            let index = view.viewport.top + row
            guard items.indices.contains(index) else { break }
            let y = row + top
            ItemRow.draw(items[index].item, listName: items[index].checklistName, parentText: items[index].parentText, layout: layout,
                         lead: .checkBox, row: y, state: state, into: &grid)
            Chrome.selectionBar(row: y, selected: index == view.viewport.selection && view.editing == nil, into: &grid)
        }
    }
}
