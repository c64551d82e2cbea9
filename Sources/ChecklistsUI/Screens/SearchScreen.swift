import Foundation
import ChecklistsModel

/// The search screen: a query field over the items of every list that
/// contain it, narrowing as the user types. Each change of the query asks
/// the database (an effect) and the answer comes back as an action, stamped
/// with the query's generation so an answer to an older query is dropped.
public struct SearchState: Hashable, Sendable {
    /// Where Esc goes back to: the screen `/` was pressed on, as it was
    /// (Upcoming with its window and selection, reloaded in place).
    public enum Origin: Hashable, Sendable { case allLists, checklist, upcoming(UpcomingState) }

    public var origin: Origin
    public var field = TextField()
    /// Counts the query's changes; `.searchAnswered` must carry the current one.
    public private(set) var generation = 0
    /// The query `results` answer; nil while there is none (an empty field).
    public private(set) var answered: SearchQuery?
    public private(set) var results = SearchResults()
    public var viewport = Viewport()
    /// The item Enter opened, until its list's page is here.
    public var openingItemID: Int64?

    public init(origin: Origin) {
        self.origin = origin
    }

    /// The query as typed now; nil when the field is empty or blank.
    public var query: SearchQuery? { SearchQuery(field.text) }

    public var selected: ListedItem? {
        results.items.indices.contains(viewport.selection) ? results.items[viewport.selection] : nil
    }

    /// The query changed: a new generation, and the look-up for it (none
    /// for an empty query, which shows the hint, not every item).
    mutating func queryChanged() -> [Effect] {
        generation += 1
        viewport = Viewport()
        guard let query else {
            answered = nil
            results = SearchResults()
            return []
        }
        return [lookUp(query)]
    }

    /// The look-up for the current query and generation.
    func lookUp(_ query: SearchQuery) -> Effect {
        .search(query, generation: generation, limit: SearchScreen.resultLimit)
    }

    /// Takes the answer to the current generation, keeping the selection
    /// on its row when the same query was asked again (data changed).
    mutating func take(_ answer: SearchResults, visibleRows: Int) {
        results = answer
        answered = query
        viewport.select(viewport.selection, count: answer.items.count, visibleRows: visibleRows)
    }
}

enum SearchScreen {
    /// Results shown at most: a query that matches more says "200+" and
    /// asks for more letters; every key's look-up and frame stay bounded.
    static let resultLimit = 200

    /// `/` on All Lists, the Due view, Upcoming or a checklist.
    static func open(state: AppState) -> ScreenStep {
        switch state.screen {
        case let .checklist(list):
            return ScreenStep([], .push(.search(SearchState(origin: .checklist), over: list)))
        case let .upcoming(upcoming):
            return ScreenStep([], .push(.search(SearchState(origin: .upcoming(upcoming)), over: nil)))
        default: break
        }
        return ScreenStep([], .push(.search(SearchState(origin: .allLists), over: nil)))
    }

    /// Rows for results: the list rows but the query's.
    static func resultRows(_ state: AppState) -> Int { max(1, state.listRows - 1) }

    /// `command` is the key table's meaning of `key`; without one the key
    /// edits the query.
    static func handle(_ command: KeyCommand?, key: Key, state: inout AppState) -> ScreenStep {
        guard var search = state.screen.search else { return [] }
        defer { state.screen.search = search }
        guard let command else {
            let before = search.field.text
            guard search.field.handle(key), search.field.text != before else { return [] }
            if let query = search.query { state.lastSearch = query }
            return ScreenStep(search.queryChanged())
        }
        let rows = resultRows(state)
        let count = search.results.items.count
        if let target = search.viewport.target(of: command, count: count, visibleRows: rows) {
            search.viewport.select(target, count: count, visibleRows: rows)
            return []
        }
        switch command {
        case .open:
            guard let listed = search.selected else { return [] }
            search.openingItemID = listed.id
            // A match the list hides (checked, not started, under a folded
            // parent) is shown: found, it is what the user wants to see.
            return [.commit(.setOpenChecklist(id: listed.item.checklistID)), .commit(.showItem(id: listed.id)),
                    .loadItems(checklistID: listed.item.checklistID, anchor: .item(listed.id, fallback: 0), pageSize: state.pageSize)]
        case .back:
            // What is beneath is reloaded in place: the data may have
            // changed while the search was in front.
            return ScreenStep([], .pop)
        default:
            return []
        }
    }

    /// `.searchAnswered`: taken only when it answers the current query.
    static func answered(generation: Int, _ results: SearchResults, state: inout AppState) -> [Effect] {
        guard var search = state.screen.search, search.generation == generation else { return [] }
        search.take(results, visibleRows: resultRows(state))
        state.screen.search = search
        return []
    }

    /// Asks again for the query on screen (the data changed).
    static func reload(_ search: SearchState) -> [Effect] {
        search.query.map { [search.lookUp($0)] } ?? []
    }

    /// A page loaded while the search is in front: the page of the item
    /// Enter opened brings its list to the front with the item selected, or
    /// says it is gone; any other is the checklist beneath, reloaded.
    static func itemsLoaded(_ list: ChecklistState, search: SearchState, state: inout AppState) {
        guard let wanted = search.openingItemID else {
            state.screen.checklist = list
            return
        }
        _ = state.navigate(.replace(.checklist(list)))
        if list.selectedItem?.id == wanted, let query = state.lastSearch {
            state.message = StatusMessage("n/N: next/previous match for “\(query.typed)” in this list.")
        } else if list.selectedItem?.id != wanted {
            state.message = StatusMessage("That item no longer exists.", kind: .error)
        }
    }

    /// The mouse on the results, as in the lists: the wheel scrolls, a
    /// click selects, a second click on the same row opens it.
    static func mouse(_ event: MouseEvent, wheel: Int?, state: inout AppState) -> [Effect] {
        guard var search = state.screen.search else { return [] }
        let previous = state.lastClick
        state.lastClick = nil
        let rows = resultRows(state), count = search.results.items.count
        if let wheel {
            search.viewport.scroll(by: wheel, count: count, visibleRows: rows)
            state.screen.search = search
            return []
        }
        // Results start on the row below the query.
        let index = search.viewport.top + event.row - 2
        guard event.button == .left, event.row >= 2, event.row - 2 < rows, index < count else { return [] }
        search.viewport.select(index, count: count, visibleRows: rows)
        state.screen.search = search
        if MouseInput.isSecondClick(after: previous, route: .search, index: index, now: state.now) {
            return state.apply(handle(.open, key: .enter, state: &state))
        }
        state.lastClick = Click(route: .search, index: index, at: state.now)
        return []
    }

    // MARK: - n and N in a checklist

    /// n (`forward`) or N: asks for the last search's next match in the
    /// open checklist after the selected item (or before it).
    static func findMatch(forward: Bool, state: inout AppState) -> [Effect] {
        guard let list = state.screen.checklist else { return [] }
        guard let query = state.lastSearch else {
            state.message = StatusMessage("No search yet: / searches every list.")
            return []
        }
        return [.findMatch(query, checklistID: list.summary.id, after: list.selectedItem, forward: forward)]
    }

    /// `.matchFound`: says which match it is and loads the page around it,
    /// the match selected (its place in the list is counted there).
    static func matchFound(_ query: SearchQuery, checklistID: Int64, _ step: MatchStep?, state: inout AppState) -> [Effect] {
        guard case let .checklist(list) = state.screen, list.summary.id == checklistID else { return [] }
        guard let step else {
            state.message = StatusMessage("No matches for “\(query.typed)” in this list.")
            return []
        }
        let matches = step.total == 1 ? "1 of 1 match" : "\(step.number) of \(step.total) matches"
        let wrapped = step.wrapped && step.total > 1 ? (step.number == 1 ? " (from the top)" : " (from the bottom)") : ""
        state.message = StatusMessage("\(matches) for “\(query.typed)”\(wrapped)")
        return [.loadItems(checklistID: checklistID, anchor: .item(step.itemID, fallback: list.viewport.selection), pageSize: state.pageSize)]
    }

    // MARK: - Drawing

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard let search = state.screen.search else { return }
        let items = search.results.items
        let rows = resultRows(state)
        let count = search.results.hasMore ? "\(items.count)+ matches" : items.count == 1 ? "1 match" : "\(items.count) matches"
        Chrome.listTitleBar("Search", details: search.answered == nil ? [] : [count], viewport: search.viewport,
                            count: items.count, visibleRows: rows, into: &grid)
        grid.put("/", row: 1, column: 1, style: .bold)
        let cursor = search.field.draw(into: &grid, row: 1, column: 3, columns: max(1, grid.width - 4),
                                       placeholder: "text in any list, any part of a word")
        grid.cursor = GridPosition(row: 1, column: cursor)
        guard let answered = search.answered else {
            grid.putWrapped("Type to search all lists; case and accents are ignored.", row: 3, column: 2,
                            maxColumns: grid.width - 4, lastRow: grid.height - 3, style: .dim)
            return
        }
        if items.isEmpty {
            grid.putWrapped("No matches for “\(answered.typed)”.", row: 3, column: 2, maxColumns: grid.width - 4,
                            lastRow: grid.height - 3, style: .dim)
            return
        }
        let layout = ItemRow.layout(for: items.map(\.item), parentTexts: items.map(\.parentText), listNames: items.map(\.checklistName), lead: .checkBox,
                                    state: state, width: grid.width)
        for row in 0..<rows {
            let index = search.viewport.top + row
            guard items.indices.contains(index) else { break }
            let y = row + 2
            ItemRow.draw(items[index].item, listName: items[index].checklistName, parentText: items[index].parentText, layout: layout, lead: .checkBox, row: y,
                         state: state, into: &grid)
            Chrome.selectionBar(row: y, selected: index == search.viewport.selection, into: &grid)
        }
    }
}
