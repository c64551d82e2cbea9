import Foundation
import ChecklistsModel

/// Facts about the user's environment that rendering depends on, fixed at
/// start and passed in so that render stays a pure function.
public struct UIContext: Sendable {
    public var dateStyle: DueDateStyle
    /// False when the locale cannot show Unicode: icons fall back to ASCII.
    public var unicode: Bool
    /// The key table: the defaults with the user's `[keys]` applied.
    public var keys: KeyMap
    /// config.toml's `[add] default_list`: where `+` on All Lists adds;
    /// nil: the list named Inbox, made when first needed.
    public var defaultList: String?

    public init(dateStyle: DueDateStyle, unicode: Bool = true, keys: KeyMap = .defaults, defaultList: String? = nil) {
        self.dateStyle = dateStyle
        self.unicode = unicode
        self.keys = keys
        self.defaultList = defaultList
    }
}

/// Whether a `checklists notify` runs on the database.
public enum NotifierStatus: Hashable, Sendable {
    case unknown
    case running(pid: Int32)
    case notRunning
}

/// A one-line note shown above the help line until the next key.
public struct StatusMessage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case info, error }
    public var text: String
    public var kind: Kind
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}

/// The whole app as one value: what reduce changes and render draws.
public struct AppState: Sendable {
    public var context: UIContext
    public var width: Int
    public var height: Int
    /// The time as of the last clock action; render uses it for "overdue".
    public var now: Date
    /// The screen in front, with its state.
    public var screen: Screen = .allLists
    /// The home screen's lists and Due view: the root beneath every screen.
    public var allLists = AllListsState()
    /// What is drawn over the screen, bottom to top; the top one takes the keys.
    public var overlays = Overlays()
    /// The last search typed, kept after the search screen closes: what
    /// n and N step through in a checklist.
    public var lastSearch: SearchQuery?
    /// The tags in use as last read (Item Detail and `#` read them): what
    /// Tab completes a tag from.
    public var tagsInUse: [TagCount] = []
    /// What the runtime's one alarm is armed for.
    public var alarm = AlarmState()
    /// Text typed into a form when the app last ended (the pane closed,
    /// Ctrl-C): given back the next time that form opens.
    public var unsavedDraft: FormDraft?
    /// Item Detail to open once its checklist's page has loaded (the Due
    /// view's Enter and a, the banner's "open").
    public var openItemAfterLoad: PendingItemForm?
    /// The checklist last opened (at the start, the one left open): where
    /// Upcoming's `a` adds when no item is under the cursor.
    public var lastOpenedChecklistID: Int64?
    /// The list to select on the home screen, which is read once the first
    /// frame is drawn: set at a start with a list open (`.started`).
    public var homeAfterFirstFrame: Int64?
    /// Whether reminders reach the user while the app is closed: looked up
    /// each time the help opens, which says so.
    public var notifier: NotifierStatus = .unknown
    /// How the last sync ended (nil: never synced), read at the start and
    /// after every other process's commit: a sync is one, so the line
    /// follows without any timer.
    public var syncStatus: SyncStatus?
    public var message: StatusMessage?
    /// Digits typed before a movement key (`5j`, `10G`): how many times to
    /// move, or the line to go to. Any other key drops it.
    public var pendingCount: Int?
    /// The last click on a list's row, to tell a double click.
    public var lastClick: Click?
    /// False once the user has asked to quit; the runtime then restores the terminal.
    public var isRunning = true

    public init(context: UIContext, width: Int, height: Int, now: Date) {
        self.context = context
        self.width = width
        self.height = height
        self.now = now
    }

    /// The screen in front, by name.
    public var route: Route { screen.route }

    // MARK: - Navigation: the one place the screen in front changes

    /// A screen's step taken: its effects, then those of its navigation.
    mutating func apply(_ step: ScreenStep) -> [Effect] {
        step.effects + navigate(step.navigation)
    }

    /// Applies a screen's navigation step; returns the loads the screen now
    /// in front needs (a form closed back to the home screen or another list).
    mutating func navigate(_ navigation: Navigation?) -> [Effect] {
        switch navigation {
        case nil: return []
        case let .push(next), let .replace(next):
            go(to: next)
            offerDraft()
            // Item Detail completes tags from the tags in use.
            return next.itemDetail != nil ? [.loadTags] : []
        case .pop:
            return pop()
        }
    }

    /// Puts `next` in front. An overlay that belongs to the screen left goes
    /// with it: the chooser with its checklist, "Discard changes?" with its
    /// form, the move choice with the view whose row it moves.
    private mutating func go(to next: Screen) {
        if next.route != screen.route { overlays.move = nil }
        screen = next
        if next.route != .checklist { overlays.chooser = nil }
        if overlays.question?.onYes == .discardForm && next.itemDetail == nil && next.listDetail == nil {
            overlays.question = nil
        }
    }

    /// Shows what is beneath the screen in front: All Lists beneath a list
    /// or List Detail; for Item Detail, where it was opened from; for the
    /// search, the screen `/` was pressed on, reloaded in place (the data may
    /// have changed while the search was in front).
    private mutating func pop() -> [Effect] {
        switch screen {
        case .allLists:
            return []
        case .checklist, .listDetail:
            go(to: .allLists)
            return []
        case .tags, .upcoming:
            // Items may have been checked off there.
            go(to: .allLists)
            return [loadLists(self, select: nil)]
        case let .itemDetail(form, list):
            return goBack(to: form.origin, over: list)
        case let .search(search, list):
            switch (search.origin, list) {
            case let (.checklist, list?): go(to: .checklist(list))
            case let (.upcoming(upcoming), _): go(to: .upcoming(upcoming))
            default: go(to: .allLists)
            }
            return reloadCurrent(self)
        case let .filter(_, list):
            // Where f was pressed, reloaded: items may have been checked off.
            if let list { go(to: .checklist(list)) } else { go(to: .allLists) }
            return reloadCurrent(self)
        }
    }

    /// Shows `origin` again (Item Detail closed, or could not open), the
    /// page `list` being the one loaded for the form. The checklist beneath
    /// is simply shown again; the home screen or another checklist must be
    /// loaded (its page comes back as `.itemsLoaded` and takes the front).
    mutating func goBack(to origin: ItemDetailState.Origin, over list: ChecklistState) -> [Effect] {
        switch origin {
        case .checklistBeneath:
            go(to: .checklist(list))
            return []
        case .home:
            go(to: .allLists)
            // nil keeps the home selection on the row it was on.
            return [loadLists(self, select: nil)]
        case let .checklist(id, anchor):
            go(to: .allLists)
            return [.loadItems(checklistID: id, anchor: anchor, pageSize: pageSize), .commit(.setOpenChecklist(id: id))]
        case let .upcoming(view):
            go(to: .upcoming(view))
            return UpcomingScreen.reload(view, state: self)
        }
    }

    /// Below this size the screens cannot show a form and its help line.
    public static let minimumWidth = 30
    public static let minimumHeight = 8

    /// Forms drop their blank spacer rows below this height.
    static let roomyHeight = 12

    public var isTooSmall: Bool {
        width < Self.minimumWidth || height < Self.minimumHeight
    }

    /// Rows between the title bar and the two bottom lines (message, help).
    public var listRows: Int { max(1, height - 3) }

    /// Items loaded around the selection: a few screens, so scrolling rarely
    /// waits for the database and memory stays flat whatever the list's size.
    public var pageSize: Int { max(60, listRows * 3) }

    /// What the start loads of the list left open: the rows the pane shows
    /// and the one after them (what moving the last row down swaps with).
    /// The first frame waits for it, and each item loaded is also measured
    /// for the columns; the first move past it loads a whole page.
    public var startingPageSize: Int { listRows + 1 }

    /// What keys mean right now: the top overlay's, or the screen's.
    public var keyContext: KeyContext {
        switch overlays.top {
        case let .banner(banner): banner.keyContext
        case .question: .confirm
        case .help: .help
        case .move: .snoozeChoice
        case .chooser: .listChooser
        case nil: screenKeyContext
        }
    }

    /// The context of the screen itself, ignoring overlays.
    public var screenKeyContext: KeyContext { screen.keyContext(home: allLists) }
}
