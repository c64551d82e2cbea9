import Foundation
import ChecklistsModel

/// Which screen is in front, holding its own state. All Lists is the root
/// beneath every screen: its state (`AppState.allLists`) stays loaded, since
/// the chooser and the messages name its lists. A form or a search keeps the
/// checklist page it was opened over, which shows again when it closes.
///
/// A screen's reduce changes its own state and returns a `ScreenStep`: the
/// effects, and a `Navigation` that `AppState.navigate` alone applies. The
/// accessors below change the state of the screen in front and do nothing
/// when another is, so a screen can never bring itself back once it has left.
public enum Screen: Hashable, Sendable {
    case allLists
    case checklist(ChecklistState)
    /// Item Detail over the page of the item's checklist.
    case itemDetail(ItemDetailState, over: ChecklistState)
    /// List Detail, over All Lists.
    case listDetail(ListDetailState)
    /// The search, over the checklist `/` was pressed on (nil: over All Lists).
    case search(SearchState, over: ChecklistState?)
    /// The tag view (`#`), over All Lists.
    case tags(TagsState)
    /// The Upcoming view (`U`), over All Lists.
    case upcoming(UpcomingState)
    /// The filter screen (`f`, or a smart list), over the checklist `f`
    /// was pressed on (nil: over All Lists).
    case filter(FilterState, over: ChecklistState?)

    /// The screen's name, for comparisons and double clicks.
    public var route: Route {
        switch self {
        case .allLists: .allLists
        case .checklist: .checklist
        case .itemDetail: .itemDetail
        case .listDetail: .listDetail
        case .search: .search
        case .tags: .tags
        case .upcoming: .upcoming
        case .filter: .filter
        }
    }

    /// The checklist page in front or beneath the screen in front.
    public var checklist: ChecklistState? {
        get {
            switch self {
            case let .checklist(list), let .itemDetail(_, list): list
            case let .search(_, list): list
            case .allLists, .listDetail, .tags, .upcoming, .filter: nil
            }
        }
        set {
            guard let newValue else { return }
            switch self {
            case .checklist: self = .checklist(newValue)
            case let .itemDetail(form, _): self = .itemDetail(form, over: newValue)
            case let .search(search, _): self = .search(search, over: newValue)
            case .allLists, .listDetail, .tags, .upcoming, .filter: break
            }
        }
    }

    /// Item Detail's form, while it is in front.
    public var itemDetail: ItemDetailState? {
        get { if case let .itemDetail(form, _) = self { form } else { nil } }
        set {
            guard let newValue, case let .itemDetail(_, list) = self else { return }
            self = .itemDetail(newValue, over: list)
        }
    }

    /// List Detail's form, while it is in front.
    public var listDetail: ListDetailState? {
        get { if case let .listDetail(form) = self { form } else { nil } }
        set {
            guard let newValue, case .listDetail = self else { return }
            self = .listDetail(newValue)
        }
    }

    /// The search, while it is in front.
    public var search: SearchState? {
        get { if case let .search(search, _) = self { search } else { nil } }
        set {
            guard let newValue, case let .search(_, list) = self else { return }
            self = .search(newValue, over: list)
        }
    }

    /// The item with `id` as last loaded in a view that shows items apart
    /// from their lists' order (Upcoming, a filter's items, a tag's
    /// items); nil in any other screen, or when the view no longer shows it.
    func itemShownApart(id: Int64) -> Item? {
        let items: [ListedItem]? = switch self {
        case let .upcoming(view): view.window.items
        case let .filter(view, _): view.results?.items
        case let .tags(view): view.chosen == nil ? nil : view.items
        case .allLists, .checklist, .itemDetail, .listDetail, .search: nil
        }
        return items?.first { $0.item.id == id }?.item
    }

    // MARK: - What each screen's file does, by case

    /// A key for the screen in front: `command` is what the key table made
    /// of `key` in its context. The lists take commands only; the forms and
    /// the search also take typing, where the table binds nothing.
    static func handle(_ command: KeyCommand?, key: Key, count: Int?, state: inout AppState) -> ScreenStep {
        switch state.screen {
        case .allLists: command.map { AllListsScreen.handle($0, count: count, state: &state) } ?? []
        case .checklist: command.map { ChecklistScreen.handle($0, count: count, state: &state) } ?? []
        case .itemDetail: ItemDetailScreen.handle(command, key: key, state: &state)
        case .listDetail: ListDetailScreen.handle(command, key: key, state: &state)
        case .search: SearchScreen.handle(command, key: key, state: &state)
        case .tags: command.map { TagsScreen.handle($0, state: &state) } ?? []
        case .upcoming: command.map { UpcomingScreen.handle($0, count: count, state: &state) } ?? []
        case .filter: FilterScreen.handle(command, key: key, state: &state)
        }
    }

    /// Draws the screen, under the bottom lines and the overlays.
    func render(_ state: AppState, into grid: inout ScreenGrid) {
        switch self {
        case .allLists: AllListsScreen.render(state, into: &grid)
        case .checklist: ChecklistScreen.render(state, into: &grid)
        case .itemDetail: ItemDetailScreen.render(state, into: &grid)
        case .listDetail: ListDetailScreen.render(state, into: &grid)
        case .search: SearchScreen.render(state, into: &grid)
        case .tags: TagsScreen.render(state, into: &grid)
        case .upcoming: UpcomingScreen.render(state, into: &grid)
        case .filter: FilterScreen.render(state, into: &grid)
        }
    }

    /// What keys mean on the screen itself, ignoring overlays.
    func keyContext(home: AllListsState) -> KeyContext {
        switch self {
        case .allLists: home.selectedDueItem == nil ? .allLists : .dueItem
        case .checklist: .checklist
        case let .itemDetail(form, _): form.keyContext
        case let .listDetail(form): form.keyContext
        case .search: .search
        case let .tags(view): view.keyContext
        case let .upcoming(view): view.keyContext
        case let .filter(view, _): view.keyContext
        }
    }
}

/// How a screen's reduce changes which screen is in front.
public enum Navigation: Hashable, Sendable {
    /// A screen over the one in front, which comes back when it is popped:
    /// a form or the search, or a list opened from All Lists.
    case push(Screen)
    /// Back to the screen beneath the one in front (for Item Detail, where
    /// it was opened from).
    case pop
    /// Another screen in place of the one in front (a match opened from the
    /// search becomes its list).
    case replace(Screen)
}

/// What a screen's reduce returns: the effects for the runtime, and how the
/// screen in front changes (nil: it stays).
struct ScreenStep: ExpressibleByArrayLiteral {
    var effects: [Effect]
    var navigation: Navigation?

    init(_ effects: [Effect] = [], _ navigation: Navigation? = nil) {
        self.effects = effects
        self.navigation = navigation
    }

    init(arrayLiteral effects: Effect...) {
        self.init(effects)
    }
}

/// A screen's name, without its state.
public enum Route: Hashable, Sendable {
    case allLists, checklist, itemDetail, listDetail, search, tags, upcoming, filter
}
