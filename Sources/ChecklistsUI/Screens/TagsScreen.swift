import Foundation
import ChecklistsModel

/// The tag view, opened with `#` on All Lists: first the tags in use with
/// how many open items carry each, then, once one is chosen, every open
/// item with that tag across the lists, with its list's name. Esc on the
/// items goes back to the tags, Esc on the tags to All Lists.
public struct TagsState: Hashable, Sendable {
    /// The tags in use as last loaded; nil until they are here.
    public var tags: [TagCount]?
    public var tagViewport = Viewport()
    /// The tag whose items are shown; nil: the tags are.
    public var chosen: String?
    /// The open items with `chosen`, as last loaded; nil until they are here.
    public var items: [ListedItem]?
    public var viewport = Viewport()
    /// How many of them are asked for: a page at first, a page more each
    /// time the selection nears the end of those loaded.
    public var itemLimit = TagsScreen.itemLimit

    public init() {}

    public var selectedTag: TagCount? {
        guard let tags, tags.indices.contains(tagViewport.selection) else { return nil }
        return tags[tagViewport.selection]
    }

    public var selectedItem: ListedItem? {
        guard let items, items.indices.contains(viewport.selection) else { return nil }
        return items[viewport.selection]
    }

    var keyContext: KeyContext { chosen == nil ? .tagChooser : .taggedItems }
}

enum TagsScreen {
    /// Items asked for at a time: a tag on more loads the next ones as the
    /// selection comes near the end, and says "500+" until all are here.
    static let itemLimit = 500

    /// `#` on All Lists: the tags are asked for as the screen opens.
    static func open() -> ScreenStep {
        ScreenStep([.loadTags], .push(.tags(TagsState())))
    }

    /// Rows for the tags or the items: the list rows.
    static func rows(_ state: AppState) -> Int { state.listRows }

    static func handle(_ command: KeyCommand, state: inout AppState) -> ScreenStep {
        guard case var .tags(view) = state.screen else { return [] }
        defer { if case .tags = state.screen { state.screen = .tags(view) } }
        let rows = rows(state)
        if view.chosen != nil {
            if move(&view.viewport, command, count: view.items?.count ?? 0, rows: rows) { return ScreenStep(moreIfNeeded(&view, rows: rows)) }
            switch command {
            case .toggleChecked:
                guard let listed = view.selectedItem else { return [] }
                return ScreenStep(SubItems.toggleChecked(listed.item))
            case .open:
                guard let listed = view.selectedItem else { return [] }
                return ScreenStep(FilterScreen.openInItsList(listed, state: &state))
            case .cyclePriority, .bannerSnooze:
                guard let item = view.selectedItem?.item else { return [] }
                return ScreenStep(PlanKeys.handle(command, on: item, state: &state))
            case .back:
                view.chosen = nil
                view.items = nil
                // The counts may have changed while the items were shown.
                return [.loadTags]
            default:
                return []
            }
        }
        if move(&view.tagViewport, command, count: view.tags?.count ?? 0, rows: rows) { return [] }
        switch command {
        case .open:
            guard let tag = view.selectedTag else { return [] }
            view.chosen = tag.tag
            view.items = nil
            view.viewport = Viewport()
            view.itemLimit = itemLimit
            return [.loadTagged(tag.tag, limit: view.itemLimit)]
        case .back:
            return ScreenStep([], .pop)
        default:
            return []
        }
    }

    /// The mouse on either list, as in the other lists: the wheel scrolls,
    /// a click selects, a second click on the same row opens it (a tag's
    /// items, or an item's form).
    static func mouse(_ event: MouseEvent, wheel: Int?, state: inout AppState) -> [Effect] {
        guard case var .tags(view) = state.screen else { return [] }
        let previous = state.lastClick
        state.lastClick = nil
        let rows = rows(state)
        let onItems = view.chosen != nil
        let count = onItems ? view.items?.count ?? 0 : view.tags?.count ?? 0
        var viewport = onItems ? view.viewport : view.tagViewport
        var opens = false
        if let wheel {
            viewport.scroll(by: wheel, count: count, visibleRows: rows)
        } else {
            // The rows start under the title bar.
            let index = viewport.top + event.row - 1
            guard event.button == .left, event.row >= 1, event.row <= rows, index < count else { return [] }
            viewport.select(index, count: count, visibleRows: rows)
            opens = MouseInput.isSecondClick(after: previous, route: .tags, index: index, now: state.now)
            if !opens { state.lastClick = Click(route: .tags, index: index, at: state.now) }
        }
        if onItems { view.viewport = viewport } else { view.tagViewport = viewport }
        let more = onItems ? moreIfNeeded(&view, rows: rows) : []
        state.screen = .tags(view)
        return opens ? state.apply(handle(.open, state: &state)) : more
    }

    /// The next page of the chosen tag's items, asked for when the
    /// selection is within a screen of the end of a full page.
    private static func moreIfNeeded(_ view: inout TagsState, rows: Int) -> [Effect] {
        guard let chosen = view.chosen, let items = view.items, items.count >= view.itemLimit,
              view.viewport.selection >= items.count - max(rows, 1) else { return [] }
        view.itemLimit = items.count + itemLimit
        return [.loadTagged(chosen, limit: view.itemLimit)]
    }

    /// A movement key on one of the two lists; false when `command` is none.
    private static func move(_ viewport: inout Viewport, _ command: KeyCommand, count: Int, rows: Int) -> Bool {
        guard let target = viewport.target(of: command, count: count, visibleRows: rows) else { return false }
        viewport.select(target, count: count, visibleRows: rows)
        return true
    }

    /// `.tagsLoaded`: the tags in use, kept for Item Detail's completion
    /// and shown by the chooser when it is in front.
    static func tagsLoaded(_ tags: [TagCount], state: inout AppState) {
        state.tagsInUse = tags
        guard case var .tags(view) = state.screen else { return }
        view.tags = tags
        view.tagViewport.select(view.tagViewport.selection, count: tags.count, visibleRows: rows(state))
        state.screen = .tags(view)
    }

    /// `.taggedLoaded`: taken only for the tag still chosen.
    static func taggedLoaded(_ tag: String, _ items: [ListedItem], state: inout AppState) {
        guard case var .tags(view) = state.screen, view.chosen == tag else { return }
        view.items = items
        view.viewport.select(view.viewport.selection, count: items.count, visibleRows: rows(state))
        state.screen = .tags(view)
    }

    /// What the screen shows, asked again (a change was saved, or made elsewhere).
    static func reload(_ view: TagsState) -> [Effect] {
        view.chosen.map { [.loadTagged($0, limit: view.itemLimit)] } ?? [.loadTags]
    }

    // MARK: - Drawing

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard case let .tags(view) = state.screen else { return }
        let rows = rows(state)
        guard let chosen = view.chosen else {
            let tags = view.tags ?? []
            Chrome.listTitleBar("Tags", details: view.tags == nil ? [] : [tags.count == 1 ? "1 tag" : "\(tags.count) tags"],
                                viewport: view.tagViewport, count: tags.count, visibleRows: rows, into: &grid)
            if view.tags != nil && tags.isEmpty {
                grid.putWrapped("No tags yet: type some on an item's Tags row.", row: 2, column: 2, maxColumns: grid.width - 4,
                                lastRow: grid.height - 3, style: .dim)
                return
            }
            let countWidth = tags.map { TextWidth.columns(of: String($0.openItems)) }.max() ?? 1
            for row in 0..<rows {
                let index = view.tagViewport.top + row
                guard tags.indices.contains(index) else { break }
                let y = row + 1
                let count = String(tags[index].openItems)
                grid.put(String(repeating: " ", count: countWidth - count.count) + count, row: y, column: 2, style: .dim)
                grid.put("#" + tags[index].tag, row: y, column: 3 + countWidth, maxColumns: max(0, grid.width - 4 - countWidth), color: .magenta)
                Chrome.selectionBar(row: y, selected: index == view.tagViewport.selection, into: &grid)
            }
            return
        }
        let items = view.items ?? []
        let many = items.count >= view.itemLimit ? "\(items.count)+ open" : "\(items.count) open"
        Chrome.listTitleBar("#" + chosen, details: view.items == nil ? [] : [many], viewport: view.viewport, count: items.count,
                            visibleRows: rows, into: &grid)
        if view.items != nil && items.isEmpty {
            grid.put("No open items with #\(chosen).", row: 2, column: 2, maxColumns: grid.width - 4, style: .dim)
            return
        }
        let layout = ItemRow.layout(for: items.map(\.item), parentTexts: items.map(\.parentText), listNames: items.map(\.checklistName), lead: .checkBox, state: state, width: grid.width)
        for row in 0..<rows {
            let index = view.viewport.top + row
            guard items.indices.contains(index) else { break }
            let y = row + 1
            ItemRow.draw(items[index].item, listName: items[index].checklistName, parentText: items[index].parentText, layout: layout, lead: .checkBox, row: y,
                         state: state, into: &grid)
            Chrome.selectionBar(row: y, selected: index == view.viewport.selection, into: &grid)
        }
    }
}
