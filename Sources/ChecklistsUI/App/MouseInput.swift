import Foundation
import ChecklistsModel

/// A click remembered to tell a double click: where (the screen and the row
/// of its list) and when, by the clock the runtime stamps each batch of
/// input with, so reduce stays pure.
public struct Click: Hashable, Sendable {
    public var route: Route
    public var index: Int
    public var at: Date
}

/// The mouse in the lists, search results, the tag view, a filter's items and help: a click selects a row, a second
/// click on the same row soon after opens it, the wheel scrolls; a click on
/// a parent's fold mark (▾/▸) folds or unfolds it, as z does. Forms,
/// questions and banners keep to keys: a stray click must not answer a
/// question or leave a half-typed form.
enum MouseInput {
    /// Two clicks on one row at most this far apart are a double click
    /// (the usual desktop default is 400 to 500 ms).
    static let doubleClickInterval: TimeInterval = 0.4
    /// Rows one wheel notch scrolls, as most terminals and browsers do.
    static let wheelRows = 3

    static func handle(_ event: MouseEvent, state: inout AppState) -> [Effect] {
        // A release says nothing the press did not.
        guard event.isPress, !state.isTooSmall else { return [] }
        state.message = nil
        state.pendingCount = nil
        let wheel: Int? = switch event.button {
        case .wheelUp: -wheelRows
        case .wheelDown: wheelRows
        case .left, .middle, .right: nil
        }
        let context = state.keyContext
        if context == .search { return SearchScreen.mouse(event, wheel: wheel, state: &state) }
        if context == .tagChooser || context == .taggedItems { return TagsScreen.mouse(event, wheel: wheel, state: &state) }
        if context == .upcoming { return UpcomingScreen.mouse(event, wheel: wheel, state: &state) }
        if context == .filteredItems { return FilterScreen.mouse(event, wheel: wheel, state: &state) }
        if context == .help {
            guard let wheel else { return [] }
            return HelpOverlay.handle(wheel < 0 ? .moveUp : .moveDown, count: abs(wheel), state: &state)
        }
        guard context == .allLists || context == .dueItem || context == .checklist else { return [] }
        if let wheel { return scroll(by: wheel, state: &state) }
        guard event.button == .left else { return [] }
        return click(row: event.row, column: event.column, state: &state)
    }

    /// Scrolls the list on screen, keeping the selection on it.
    private static func scroll(by rows: Int, state: inout AppState) -> [Effect] {
        let visible = state.listRows
        state.lastClick = nil
        if case var .checklist(list) = state.screen {
            list.viewport.scroll(by: rows, count: list.count, visibleRows: visible)
            state.screen.checklist = list
            return ChecklistScreen.pageIfNeeded(list, state: state)
        }
        var viewport = state.allLists.viewport
        let before = viewport.selection
        viewport.scroll(by: rows, count: state.allLists.rows.count, visibleRows: visible)
        state.allLists.viewport.top = viewport.top
        // The selection may have landed on a heading: the nearest list or item.
        state.allLists.select(viewport.selection, direction: viewport.selection < before ? -1 : 1, visibleRows: visible)
        return []
    }

    /// Selects the row under the pointer; the second click on it opens it.
    /// On a parent's fold mark the click also folds or unfolds it, and is
    /// no first click of a double click (two quick clicks on the mark fold
    /// and unfold, as two z would).
    private static func click(row: Int, column: Int, state: inout AppState) -> [Effect] {
        let previous = state.lastClick
        state.lastClick = nil
        guard row >= 1, row <= state.listRows else { return [] }
        let route = state.route
        let index: Int
        if case var .checklist(list) = state.screen {
            index = list.viewport.top + row - 1
            guard index < list.count else { return [] }
            list.viewport.select(index, count: list.count, visibleRows: state.listRows)
            state.screen.checklist = list
            if let item = list.page.item(at: index), foldMarkColumn(of: item, place: list.page.place(at: index), state: state) == column {
                return [.commit(.setCollapsed(itemID: item.id, !item.isCollapsed))]
            }
        } else {
            let home = state.allLists
            index = home.viewport.top + row - 1
            guard home.rows.indices.contains(index), home.rows[index].isSelectable else { return [] }
            state.allLists.select(index, visibleRows: state.listRows)
        }
        if isSecondClick(after: previous, route: route, index: index, now: state.now) { return open(state: &state) }
        state.lastClick = Click(route: route, index: index, at: state.now)
        return []
    }

    /// The column a parent's fold mark is drawn at in a checklist's row (nil
    /// for an item with no sub-items): after the indentation and the marks
    /// drawn before it, as `ItemRow.draw` lays them out.
    static func foldMarkColumn(of item: Item, place: FamilyPlace, state: AppState) -> Int? {
        guard place.isParent else { return nil }
        let before = ItemRow.leadMarks(item, place: place, unicode: state.context.unicode).dropLast()
        return ItemRow.Layout.textColumn + ItemRow.indent(place) + before.reduce(0) { $0 + TextWidth.columns(of: $1.text) + 1 }
    }

    /// Whether a click on row `index` of `route` now makes a double click
    /// with the click before it.
    static func isSecondClick(after previous: Click?, route: Route, index: Int, now: Date) -> Bool {
        guard let previous, previous.route == route, previous.index == index else { return false }
        return (0...doubleClickInterval).contains(now.timeIntervalSince(previous.at))
    }

    /// What Enter does on the selected row.
    private static func open(state: inout AppState) -> [Effect] {
        let command: KeyCommand
        switch state.keyContext {
        case .checklist, .dueItem: command = .editItem
        case .allLists: command = .open
        default: return []
        }
        return state.apply(Screen.handle(command, key: .enter, count: nil, state: &state))
    }
}
