/// What a key means, independent of which key it is. Keys map to commands in
/// one table (below) so the help line, the `?` screen and dispatch can never
/// disagree; the user's `[keys]` change a copy of it (`KeyMap`), as data.
public enum KeyCommand: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, first, last
    case open, back, quit, help
    case addList, editList, deleteList
    case toggleChecked, addItem, editItem, deleteItem, changeSort, toggleHideChecked, toggleHideNotStarted
    case moveToList, moveItemDown, moveItemUp, chooseList
    case nextRow, previousRow, done, cancel
    case toggleRemind, togglePicker, clearDueDate, openIconChoice
    case addReminder, changeReminder, removeReminder
    case editStart, clearStart
    case repeatNext, repeatPrevious, repeatInterval
    case pickerPreviousField, pickerNextField, pickerIncrement, pickerDecrement, pickerTypeWords, closePicker
    case chooseIcon
    case confirmYes, confirmNo, confirmCancel
    case bannerOpen, bannerDone, bannerSnooze, bannerNext, bannerDismiss
    case snoozeShort, snoozeLong, snoozeTomorrow
    case undo, redo
    case search, nextMatch, previousMatch
    case cyclePriority, priorityNext, priorityPrevious
    case openTags, completeTag
    case addSubItem, indent, outdent, toggleFold
    case openUpcoming
    case openFilter, keepFilter
    case toggleLiteral, addToInbox
}

/// Where the user is, for the purpose of what keys do. Its raw value is its
/// bit in `KeyContexts`.
public enum KeyContext: UInt8, Hashable, Sendable, CaseIterable {
    case allLists, dueItem, checklist
    case itemText, itemNote, itemRemind, itemReminder, itemDueDate, itemStart, itemRepeat, itemPriority, datePicker, typedDate, typedReminder,
         typedStart
    case listName, listIcon, iconChoice, listChooser
    case confirm, help
    case banner, snoozeChoice
    case search
    case itemTags, tagChooser, taggedItems
    case upcoming
    case filterField, filteredItems

    /// Whether a text field has the keys here: typing and pastes go into it.
    public var isTextField: Bool {
        self == .itemText || self == .itemNote || self == .listName || self == .typedDate || self == .typedReminder || self == .search
            || self == .itemTags || self == .typedStart || self == .filterField
    }

    /// Whether digits here are a count for the next movement key (`5j`,
    /// `10G`), as in vi: the scrolling screens, where no digit is bound.
    public var takesCounts: Bool { self == .allLists || self == .dueItem || self == .checklist || self == .help || self == .upcoming }

    /// The heading of this context on the `?` screen.
    public var title: String {
        switch self {
        case .allLists: "All Lists"
        case .dueItem: "All Lists: an item in the Due view"
        case .checklist: "A checklist"
        case .itemText: "Item Detail: the text field"
        case .itemNote: "Item Detail: the note"
        case .itemRemind: "Item Detail: Remind Me"
        case .itemReminder: "Item Detail: a further reminder"
        case .typedReminder: "Typing a reminder"
        case .itemDueDate: "Item Detail: Due Date"
        case .itemStart: "Item Detail: Starts"
        case .typedStart: "Typing a start"
        case .itemRepeat: "Item Detail: Repeat"
        case .itemPriority: "Item Detail: Priority"
        case .datePicker: "The date picker row"
        case .typedDate: "Typing a date in words"
        case .listName: "List Detail: the name field"
        case .listIcon: "List Detail: Icon"
        case .iconChoice: "The icon choice"
        case .listChooser: "Moving an item to another list"
        case .confirm: "A y/n question"
        case .help: "This help"
        case .banner: "A reminder banner"
        case .snoozeChoice: "Snoozing a reminder"
        case .search: "Search"
        case .itemTags: "Item Detail: Tags"
        case .tagChooser: "The tags in use (# on All Lists)"
        case .taggedItems: "Every open item with a tag"
        case .upcoming: "Upcoming (U on All Lists)"
        case .filterField: "Typing a filter (f) or a smart list's name"
        case .filteredItems: "A filter's items, or a smart list's"
        }
    }
}

/// A set of places, a bit each. Every key read asks the table which rows
/// hold the current place, and every start builds the table's 130-odd rows:
/// as a `Set`, both hashed, and the start's first one made the Swift
/// runtime scan every protocol conformance in the binary for
/// `KeyContext: Hashable`.
public struct KeyContexts: SetAlgebra, Sequence, Hashable, Sendable {
    public typealias Element = KeyContext
    private var bits: UInt64

    public init() { bits = 0 }

    private static func bit(_ context: KeyContext) -> UInt64 { 1 << UInt64(context.rawValue) }

    public func contains(_ member: KeyContext) -> Bool { bits & Self.bit(member) != 0 }
    public var isEmpty: Bool { bits == 0 }

    public func union(_ other: KeyContexts) -> KeyContexts { KeyContexts(bits: bits | other.bits) }
    public func intersection(_ other: KeyContexts) -> KeyContexts { KeyContexts(bits: bits & other.bits) }
    public func symmetricDifference(_ other: KeyContexts) -> KeyContexts { KeyContexts(bits: bits ^ other.bits) }
    public mutating func formUnion(_ other: KeyContexts) { bits |= other.bits }
    public mutating func formIntersection(_ other: KeyContexts) { bits &= other.bits }
    public mutating func formSymmetricDifference(_ other: KeyContexts) { bits ^= other.bits }

    @discardableResult
    public mutating func insert(_ newMember: KeyContext) -> (inserted: Bool, memberAfterInsert: KeyContext) {
        let inserted = !contains(newMember)
        bits |= Self.bit(newMember)
        return (inserted, newMember)
    }

    @discardableResult
    public mutating func remove(_ member: KeyContext) -> KeyContext? {
        guard contains(member) else { return nil }
        bits &= ~Self.bit(member)
        return member
    }

    @discardableResult
    public mutating func update(with newMember: KeyContext) -> KeyContext? {
        insert(newMember).inserted ? nil : newMember
    }

    /// The places in the order `KeyContext` declares them.
    public func makeIterator() -> Iterator { Iterator(left: bits) }

    public struct Iterator: IteratorProtocol {
        var left: UInt64
        public mutating func next() -> KeyContext? {
            guard left != 0 else { return nil }
            let raw = UInt8(left.trailingZeroBitCount)
            left &= left - 1
            return KeyContext(rawValue: raw)
        }
    }

    private init(bits: UInt64) { self.bits = bits }

    /// Every place.
    public static let all = KeyContexts(KeyContext.allCases)
}

/// One row of the key table.
public struct KeyBinding: Sendable {
    public var keys: [Key]
    /// How the keys are written on the help line, e.g. "↑↓/jk".
    public var label: String
    public var command: KeyCommand
    public var help: String
    /// What the `?` screen says for this binding alone where `help` is the
    /// help line's word for a pair ("↑↓/jk move": ↑ is "move up").
    public var helpAlone: String?
    public var contexts: KeyContexts
    /// Shown on the help line (the `?` screen shows every binding).
    public var onHelpLine: Bool
    /// Kept whatever the config file says (Ctrl-C quits everywhere).
    public var isFixed: Bool
    /// Gives its keys up to a `[keys]` line that names them in the same
    /// place (`KeyMap.freeingTakenKeys`), instead of the file being refused
    /// for binding a key twice: true for keys added once users had files.
    public var yieldsToUserKeys: Bool

    init(_ keys: [Key], _ label: String, _ command: KeyCommand, _ help: String, alone helpAlone: String? = nil, _ contexts: KeyContexts,
         helpLine: Bool = true, fixed: Bool = false, yields: Bool = false) {
        self.keys = keys
        self.label = label
        self.command = command
        self.help = help
        self.helpAlone = helpAlone
        self.contexts = contexts
        self.onHelpLine = helpLine
        self.isFixed = fixed
        self.yieldsToUserKeys = yields
    }
}

public enum KeyBindings {
    static let lists: KeyContexts = [.allLists, .dueItem, .checklist, .upcoming]
    static let formRows: KeyContexts = [.itemText, .itemRemind, .itemReminder, .itemDueDate, .itemStart, .itemRepeat, .itemPriority, .listName,
                                        .listIcon]
    /// Enter makes a new line in the note, and ↑↓ move between its lines
    /// (leaving it at its first and last line), so only Tab leaves it.
    static let noteField: KeyContexts = [.itemNote]
    static let forms: KeyContexts = formRows.union([.datePicker])

    /// The default keys (the README's key table), in help-line order.
    public static let table: [KeyBinding] = [
        // A reminder banner, a question and help come first: they take every key while shown.
        KeyBinding([.enter], "Enter", .bannerOpen, "open", [.banner]),
        KeyBinding([.character("x")], "x", .bannerDone, "done", [.banner]),
        KeyBinding([.character("z")], "z", .bannerSnooze, "snooze", [.banner]),
        KeyBinding([.character("n"), .tab], "n", .bannerNext, "next", [.banner]),
        KeyBinding([.escape], "Esc", .bannerDismiss, "dismiss", [.banner]),
        KeyBinding([.character("1")], "1", .snoozeShort, "5 minutes", [.snoozeChoice]),
        KeyBinding([.character("2")], "2", .snoozeLong, "1 hour", [.snoozeChoice]),
        KeyBinding([.character("3")], "3", .snoozeTomorrow, "tomorrow 9:00", [.snoozeChoice]),
        KeyBinding([.escape], "Esc", .cancel, "back", [.snoozeChoice]),
        KeyBinding([.character("y"), .character("Y")], "y", .confirmYes, "yes", [.confirm]),
        KeyBinding([.character("n"), .character("N")], "n", .confirmNo, "no", [.confirm]),
        // Esc answers neither: for a delete that is no, but "check its open
        // sub-items too?" has two answers that change something. A command
        // of its own, added when users had files: `no = ["n", "Esc"]` keeps Esc.
        KeyBinding([.escape], "Esc", .confirmCancel, "cancel", [.confirm], yields: true),
        // Help says "scroll" and shows its paging keys: the lists hide theirs to keep their line short.
        KeyBinding([.up, .character("k")], "↑↓", .moveUp, "scroll", alone: "scroll up", [.help]),
        KeyBinding([.down, .character("j")], "", .moveDown, "scroll down", [.help], helpLine: false),
        KeyBinding([.pageUp], "PgUp/PgDn", .pageUp, "page", alone: "page up", [.help]),
        KeyBinding([.pageDown], "", .pageDown, "page down", [.help], helpLine: false),
        KeyBinding([.home, .character("g")], "g/G", .first, "top/end", alone: "top", [.help]),
        KeyBinding([.end, .character("G")], "", .last, "end", [.help], helpLine: false),
        KeyBinding([.escape, .character("?"), .character("q"), .function(1)], "Esc/?/q", .back, "close", [.help]),

        // The tag views are lists too (nothing is typed there): j and k move, as on every list.
        KeyBinding([.up, .character("k")], "↑↓/jk", .moveUp, "move", alone: "move up", lists.union([.iconChoice, .listChooser, .tagChooser, .taggedItems, .filteredItems])),
        KeyBinding([.down, .character("j")], "", .moveDown, "move down",
                   lists.union([.iconChoice, .listChooser, .tagChooser, .taggedItems, .filteredItems]),
                   helpLine: false),
        KeyBinding([.pageUp], "PgUp/PgDn", .pageUp, "page up", lists, helpLine: false),
        KeyBinding([.pageDown], "", .pageDown, "page down", lists, helpLine: false),
        KeyBinding([.home, .character("g")], "Home/g", .first, "first", lists.union([.tagChooser, .taggedItems, .filteredItems]), helpLine: false),
        KeyBinding([.end, .character("G")], "End/G", .last, "last", lists.union([.tagChooser, .taggedItems, .filteredItems]), helpLine: false),

        KeyBinding([.enter, .character("l"), .right], "Enter", .open, "open", [.allLists]),
        KeyBinding([.enter, .character("e"), .character("l"), .right], "Enter", .editItem, "open", [.dueItem]),
        KeyBinding([.character(" "), .character("x")], "Space", .toggleChecked, "check", [.dueItem]),
        KeyBinding([.character("a")], "a", .addList, "add", [.allLists]),
        KeyBinding([.character("a")], "a", .addItem, "add item", [.dueItem]),
        KeyBinding([.character("e")], "e", .editList, "edit", [.allLists]),
        KeyBinding([.character("d")], "d", .deleteList, "delete", [.allLists]),
        KeyBinding([.character("q")], "q", .quit, "quit", [.allLists, .dueItem]),
        // The lists in the user's order: J/K and s as in a checklist (so a
        // [keys] line for them changes both), off the help line; `?` lists
        // them. New since users had config files: a file that bound them keeps them.
        KeyBinding([.character("J")], "J", .moveItemDown, "move the list down (your order)", [.allLists], helpLine: false, yields: true),
        KeyBinding([.character("K")], "K", .moveItemUp, "move the list up (your order)", [.allLists], helpLine: false, yields: true),
        KeyBinding([.character("s")], "s", .changeSort, "sort the lists by name or by hand", [.allLists], helpLine: false, yields: true),

        KeyBinding([.character(" "), .character("x")], "Space", .toggleChecked, "check", [.checklist]),
        KeyBinding([.character("a")], "a", .addItem, "add", [.checklist]),
        KeyBinding([.enter, .character("e")], "Enter", .editItem, "edit", [.checklist]),
        KeyBinding([.character("d")], "d", .deleteItem, "delete", [.checklist]),
        KeyBinding([.character("s")], "s", .changeSort, "sort", [.checklist]),
        // Off the help line, which is full at 80 columns; `?` and the
        // title bar ("N hidden") tell of it.
        KeyBinding([.character("c")], "c", .toggleHideChecked, "hide/show checked items", [.checklist], helpLine: false),
        // w for "waiting": items that have not started are dimmed, or
        // hidden. New since users had config files: a file that bound w keeps it.
        KeyBinding([.character("w")], "w", .toggleHideNotStarted, "hide/show items not started", [.checklist], helpLine: false,
                   yields: true),
        // Off the help line too, which has no room left; `?` lists them.
        KeyBinding([.character("m")], "m", .moveToList, "move the item to another list", [.checklist], helpLine: false),
        KeyBinding([.character("J")], "J", .moveItemDown, "move the item down (order added)", [.checklist], helpLine: false),
        KeyBinding([.character("K")], "K", .moveItemUp, "move the item up (order added)", [.checklist], helpLine: false),
        // q too, where it would otherwise do nothing (q quits from the home
        // screen). The line shows Esc alone, as it does for h and ←, so that
        // it still fits 80 columns; `?` lists them all.
        KeyBinding([.escape, .character("q"), .character("h"), .left], "Esc", .back, "back", [.checklist]),
        // Off the help lines, which are full at 80 columns in a checklist
        // and would wrap differently on All Lists; `?` lists them, and the
        // search screen's own line shows its keys. New since users had
        // config files: a file that bound these keys keeps them.
        KeyBinding([.character("/")], "/", .search, "search every list", lists, helpLine: false, yields: true),
        KeyBinding([.character("n")], "n", .nextMatch, "next match of the last search", [.checklist], helpLine: false, yields: true),
        KeyBinding([.character("N")], "N", .previousMatch, "previous match of the last search", [.checklist], helpLine: false, yields: true),
        // Off the help lines too (full at 80 columns); `?` lists it.
        KeyBinding([.character("p")], "p", .cyclePriority, "priority: none, low, medium, high", [.checklist, .dueItem], helpLine: false,
                   yields: true),
        // Sub-items: off the help line (full at 80 columns); `?` lists them.
        // Tab and Shift-Tab as in outliners, > and < as vi shifts lines; z
        // as vi's folds. New since users had config files.
        KeyBinding([.character("A")], "A", .addSubItem, "add a sub-item under the item", [.checklist], helpLine: false, yields: true),
        KeyBinding([.tab, .character(">")], "Tab/>", .indent, "indent under the item above (its sub-item)", [.checklist], helpLine: false,
                   yields: true),
        KeyBinding([.backTab, .character("<")], "S-Tab/<", .outdent, "outdent to its parent's level", [.checklist],
                   helpLine: false, yields: true),
        KeyBinding([.character("z")], "z", .toggleFold, "fold/unfold its sub-items (on a sub-item, its parent's)", [.checklist],
                   helpLine: false, yields: true),

        // The Upcoming view: the coming days across the lists. U is new
        // since users had config files: a file that bound it keeps it. Its
        // z moves the item with the banner's snooze choices.
        // + adds an item to the Inbox (or [add] default_list) from home,
        // where a adds a list. New since users had config files.
        KeyBinding([.character("+")], "+", .addToInbox, "add an item to the Inbox (quick add)", [.allLists, .dueItem], helpLine: false,
                   yields: true),
        KeyBinding([.character("U")], "U", .openUpcoming, "upcoming: the coming days across lists", [.allLists, .dueItem], helpLine: false,
                   yields: true),
        KeyBinding([.enter, .character("e"), .character("l"), .right], "Enter", .editItem, "open", [.upcoming]),
        KeyBinding([.character(" "), .character("x")], "Space", .toggleChecked, "check", [.upcoming]),
        KeyBinding([.character("a")], "a", .addItem, "add on its day", [.upcoming]),
        KeyBinding([.character("z")], "z", .bannerSnooze, "snooze", [.upcoming]),
        KeyBinding([.character("p")], "p", .cyclePriority, "priority: none, low, medium, high", [.upcoming], helpLine: false),
        KeyBinding([.escape, .character("q"), .character("h"), .left], "Esc", .back, "back", [.upcoming]),

        // The search screen: typing edits the query, so only named keys move.
        KeyBinding([.up], "↑↓", .moveUp, "move", alone: "move up", [.search]),
        KeyBinding([.down], "", .moveDown, "move down", [.search], helpLine: false),
        KeyBinding([.pageUp], "PgUp/PgDn", .pageUp, "page up", [.search, .tagChooser, .taggedItems, .filteredItems], helpLine: false),
        KeyBinding([.pageDown], "", .pageDown, "page down", [.search, .tagChooser, .taggedItems, .filteredItems], helpLine: false),
        KeyBinding([.enter], "Enter", .open, "open in its list", [.search]),
        KeyBinding([.escape], "Esc", .back, "back", [.search, .tagChooser, .taggedItems]),

        // The tag view: # on All Lists chooses a tag, then lists its items.
        // New since users had config files: a file that bound # keeps it.
        KeyBinding([.character("#")], "#", .openTags, "tags: every open item with a tag", [.allLists, .dueItem], helpLine: false,
                   yields: true),
        KeyBinding([.enter], "Enter", .open, "show its items", [.tagChooser]),
        KeyBinding([.character(" ")], "Space", .toggleChecked, "check", [.taggedItems]),
        KeyBinding([.enter], "Enter", .open, "open", [.taggedItems]),

        // Filters: f on All Lists or a list opens the field; the items then
        // take Space, Enter, f again to change the filter, S to keep it as
        // a smart list. New since users had config files: a file that bound
        // f or S keeps them.
        KeyBinding([.character("f")], "f", .openFilter, "filter: items matching #tag !high due:3d …", [.allLists, .dueItem, .checklist],
                   helpLine: false, yields: true),
        KeyBinding([.enter], "Enter", .done, "show", [.filterField], yields: true),
        KeyBinding([.escape], "Esc", .cancel, "back", [.filterField], yields: true),
        KeyBinding([.character(" "), .character("x")], "Space", .toggleChecked, "check", [.filteredItems], yields: true),
        KeyBinding([.enter], "Enter", .open, "open", [.filteredItems], yields: true),
        KeyBinding([.character("f")], "f", .openFilter, "filter", [.filteredItems], yields: true),
        KeyBinding([.character("S")], "S", .keepFilter, "keep", [.filteredItems], yields: true),
        KeyBinding([.character("p")], "p", .cyclePriority, "priority: none, low, medium, high", [.filteredItems, .taggedItems],
                   helpLine: false, yields: true),
        KeyBinding([.character("z")], "z", .bannerSnooze, "snooze it: 5 minutes, 1 hour or tomorrow 9:00", [.filteredItems, .taggedItems],
                   helpLine: false, yields: true),
        KeyBinding([.escape, .character("q"), .character("h"), .left], "Esc", .back, "back", [.filteredItems], yields: true),

        KeyBinding([.enter], "Enter", .chooseIcon, "choose", [.iconChoice]),
        KeyBinding([.escape], "Esc", .cancel, "close", [.iconChoice]),
        KeyBinding([.enter], "Enter", .chooseList, "move it there", [.listChooser]),
        KeyBinding([.escape, .character("q")], "Esc", .cancel, "cancel", [.listChooser]),

        KeyBinding([.left], "←→", .pickerPreviousField, "field", alone: "previous field", [.datePicker]),
        KeyBinding([.right], "", .pickerNextField, "next field", [.datePicker], helpLine: false),
        // Letters type a date in words ("jan 5", "fri 17:00"), so j and k
        // no longer step the field: only the arrows do.
        KeyBinding([.up], "↑↓", .pickerIncrement, "change", alone: "change up", [.datePicker]),
        KeyBinding([.down], "", .pickerDecrement, "change down", [.datePicker], helpLine: false),
        KeyBinding([.character("t")], "t", .pickerTypeWords, "words", [.datePicker]),
        KeyBinding([.enter, .escape], "Enter", .closePicker, "close", [.datePicker]),

        KeyBinding([.enter], "Enter", .done, "accept", [.typedDate]),
        KeyBinding([.escape], "Esc", .cancel, "back to the fields", [.typedDate]),

        KeyBinding([.character(" "), .enter], "Space", .toggleRemind, "toggle", [.itemRemind]),
        // Added when users had files: a file that bound a or + keeps it.
        KeyBinding([.character("a"), .character("+")], "a", .addReminder, "add", [.itemRemind, .itemReminder], yields: true),
        KeyBinding([.enter], "Enter", .changeReminder, "change", [.itemReminder], yields: true),
        KeyBinding([.backspace, .delete, .character("d")], "Del", .removeReminder, "remove", [.itemReminder], yields: true),
        KeyBinding([.enter], "Enter", .done, "accept", [.typedReminder]),
        KeyBinding([.escape], "Esc", .cancel, "back", [.typedReminder]),
        // Enter opens the picker and, pressed again on Due Date, closes it.
        KeyBinding([.enter], "Enter", .togglePicker, "picker on/off", [.itemDueDate]),
        KeyBinding([.backspace, .delete], "Del", .clearDueDate, "no date", [.itemDueDate]),
        // The start is typed in words, as the picker's t types a due date;
        // it clears as the due date does. New since users had config files.
        KeyBinding([.enter], "Enter", .editStart, "type a start", [.itemStart], yields: true),
        KeyBinding([.backspace, .delete], "Del", .clearStart, "no start", [.itemStart], yields: true),
        KeyBinding([.enter], "Enter", .done, "accept", [.typedStart]),
        KeyBinding([.escape], "Esc", .cancel, "back", [.typedStart]),
        // The picker's hint line is full at 40 columns; `?` still lists it.
        KeyBinding([.backspace, .delete], "Del", .clearDueDate, "no date", [.datePicker], helpLine: false),
        KeyBinding([.right, .character(" "), .enter], "←→", .repeatNext, "repeat", alone: "next repeat", [.itemRepeat]),
        KeyBinding([.left], "", .repeatPrevious, "previous repeat", [.itemRepeat], helpLine: false),
        KeyBinding((0...9).map { .character(Character(String($0))) }, "0-9", .repeatInterval, "every N days/weeks", [.itemRepeat]),
        KeyBinding([.right, .character(" "), .enter], "←→", .priorityNext, "priority", alone: "higher priority", [.itemPriority]),
        KeyBinding([.left], "", .priorityPrevious, "lower priority", [.itemPriority], helpLine: false),
        KeyBinding([.enter], "Enter", .openIconChoice, "choose icon", [.listIcon]),
        // Tab completes the tag being typed; with nothing to complete it
        // moves on, as on the other rows.
        KeyBinding([.tab], "Tab", .completeTag, "complete/next", [.itemTags]),
        KeyBinding([.down], "↓", .nextRow, "next", [.itemTags], helpLine: false),
        KeyBinding([.backTab, .up], "S-Tab/↑", .previousRow, "prev", [.itemTags]),
        KeyBinding([.tab, .down], "Tab/↓", .nextRow, "next", formRows),
        KeyBinding([.backTab, .up], "S-Tab/↑", .previousRow, "prev", formRows),
        KeyBinding([.tab], "Tab", .nextRow, "next", noteField),
        KeyBinding([.backTab], "S-Tab", .previousRow, "prev", noteField),
        // On the picker ↑↓ change the field, so only Tab and Shift-Tab leave the row.
        KeyBinding([.tab], "Tab", .nextRow, "next", [.datePicker]),
        KeyBinding([.backTab], "S-Tab", .previousRow, "prev", [.datePicker]),
        // Quick add reads the text; ^L keeps it as typed. Off the help
        // line (full at 80 columns): the preview line names it.
        KeyBinding([.control("l")], "^L", .toggleLiteral, "quick add: keep the text as typed, or read it", [.itemText], helpLine: false,
                   yields: true),
        KeyBinding([.enter, .control("s")], "Enter/^S", .done, "done", [.itemText, .listName, .itemTags]),
        KeyBinding([.control("s")], "^S", .done, "done", forms.subtracting([.itemText, .listName]).union(noteField)),
        KeyBinding([.escape], "Esc", .cancel, "cancel", formRows.union(noteField).union([.itemTags])),

        // Where changes are made; a form's own typing is its own to undo.
        // Ctrl-R stays off the help line: with it, a 40-column checklist's
        // line lost its "?:help" to an ellipsis. `?` lists it.
        KeyBinding([.character("u")], "u", .undo, "undo", lists.union([.filteredItems])),
        KeyBinding([.control("r")], "^R", .redo, "redo", lists.union([.filteredItems]), helpLine: false),
        // Where Space checks an item off too; new since users had files.
        KeyBinding([.character("u")], "u", .undo, "undo", [.taggedItems], yields: true),
        KeyBinding([.control("r")], "^R", .redo, "redo", [.taggedItems], helpLine: false, yields: true),

        KeyBinding([.character("?"), .function(1)], "?", .help, "help",
                   lists.union([.itemRemind, .itemReminder, .itemDueDate, .itemStart, .itemRepeat, .itemPriority, .listIcon, .datePicker,
                                .tagChooser, .taggedItems, .filteredItems])),
        KeyBinding([.function(1)], "F1", .help, "help", [.itemText, .itemNote, .listName, .typedDate, .typedReminder, .search, .itemTags,
                                                         .typedStart, .filterField]),
        KeyBinding([.control("c")], "^C", .quit, "quit", .all, helpLine: false, fixed: true),
    ]

    /// Keys no `[keys]` entry may take, and why: the runtime acts on them
    /// before the key table is asked (Ctrl-Z) or they must always work (Ctrl-C).
    public static let reservedKeys: [Key: String] = [
        .control("c"): "it always quits, so that a stuck app can be left",
        .control("z"): "it always suspends the app to the shell",
    ]

    /// Each command's name in config.toml's `[keys]` (`add = "n"`): the one
    /// place where names are given. They are a promise to users' files, so a
    /// name never changes once released. Commands that do the same on
    /// different screens share a name (`add` adds a list on All Lists and an
    /// item in a checklist), so one line remaps what a user thinks of as one
    /// key. A command added to `KeyCommand` needs only its line here (the
    /// switch makes the compiler ask for it): parsing, the checks, the help
    /// line and `?` follow from the table.
    public static func configName(of command: KeyCommand) -> String {
        switch command {
        case .moveUp: "up"
        case .moveDown: "down"
        case .pageUp: "page-up"
        case .pageDown: "page-down"
        case .first: "first"
        case .last: "last"
        case .open: "open"
        case .back: "back"
        case .quit: "quit"
        case .help: "help"
        case .addList, .addItem: "add"
        case .editList, .editItem: "edit"
        case .deleteList, .deleteItem: "delete"
        case .toggleChecked: "check"
        case .changeSort: "sort"
        case .toggleHideChecked: "hide-checked"
        case .toggleHideNotStarted: "hide-not-started"
        case .moveToList: "move-to-list"
        case .moveItemDown: "move-item-down"
        case .moveItemUp: "move-item-up"
        case .chooseList: "choose-list"
        case .nextRow: "next-row"
        case .previousRow: "previous-row"
        case .done: "done"
        case .cancel: "cancel"
        case .toggleRemind: "remind"
        case .addReminder: "reminder-add"
        case .changeReminder: "reminder-change"
        case .removeReminder: "reminder-remove"
        case .editStart: "start"
        case .clearStart: "clear-start"
        case .togglePicker: "picker"
        case .clearDueDate: "clear-date"
        case .openIconChoice: "icon"
        case .repeatNext: "repeat-next"
        case .repeatPrevious: "repeat-previous"
        case .repeatInterval: "repeat-interval"
        case .pickerPreviousField: "picker-previous-field"
        case .pickerNextField: "picker-next-field"
        case .pickerIncrement: "picker-up"
        case .pickerDecrement: "picker-down"
        case .pickerTypeWords: "picker-words"
        case .closePicker: "picker-close"
        case .chooseIcon: "choose-icon"
        case .confirmYes: "yes"
        case .confirmNo: "no"
        case .confirmCancel: "cancel-question"
        case .bannerOpen: "banner-open"
        case .bannerDone: "banner-done"
        case .bannerSnooze: "banner-snooze"
        case .bannerNext: "banner-next"
        case .bannerDismiss: "banner-dismiss"
        case .snoozeShort: "snooze-short"
        case .snoozeLong: "snooze-long"
        case .snoozeTomorrow: "snooze-tomorrow"
        case .undo: "undo"
        case .redo: "redo"
        case .search: "search"
        case .nextMatch: "next-match"
        case .previousMatch: "previous-match"
        case .cyclePriority: "priority"
        case .priorityNext: "priority-next"
        case .priorityPrevious: "priority-previous"
        case .openTags: "tags"
        case .completeTag: "complete-tag"
        case .addSubItem: "add-sub-item"
        case .indent: "indent"
        case .outdent: "outdent"
        case .toggleFold: "fold"
        case .openUpcoming: "upcoming"
        case .openFilter: "filter"
        case .keepFilter: "keep-filter"
        case .toggleLiteral: "quick-add-literal"
        case .addToInbox: "add-to-inbox"
        }
    }

    /// The command `key` triggers in `context` with the default keys.
    public static func command(for key: Key, in context: KeyContext) -> KeyCommand? {
        KeyMap.defaults.command(for: key, in: context)
    }

    /// The default help line for `context` (tests and narrow uses).
    public static func helpLine(for context: KeyContext, width: Int = .max) -> String {
        KeyMap.defaults.helpLine(for: context, width: width)
    }

    static func keyNames(_ keys: [Key]) -> String {
        keys.map(name(of:)).joined(separator: " ")
    }

    static func name(of key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case let .character(c): String(c)
        case let .control(c): "Ctrl-" + c.uppercased()
        case let .alt(c): "Alt-" + String(c)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case let .function(n): "F\(n)"
        case .paste: "a paste"
        case .mouse: "the mouse"
        }
    }
}
