import Foundation

/// Every change a user can confirm, as a value. The app's reducer emits these
/// and the runtime hands them to `ChecklistsDatabase.apply(_:now:)`, one
/// transaction each; the command line uses the same vocabulary, so the rules
/// (validation, cascades) live in one place.
public enum Change: Hashable, Sendable {
    case addChecklist(name: String, icon: ChecklistIcon)
    case updateChecklist(id: Int64, name: String, icon: ChecklistIcon)
    case deleteChecklist(id: Int64)
    case addItem(checklistID: Int64, ItemDraft)
    case updateItem(id: Int64, ItemDraft)
    /// Item Detail's save: the fields changed from what the form showed
    /// (`from`) to what it saved (`to`) go onto the item as it is now; the
    /// others keep what changed elsewhere while the form was open.
    case editItem(id: Int64, from: ItemDraft, to: ItemDraft)
    /// Checks one item off, or reopens it. Reopening a sub-item reopens its
    /// checked parents too (an open step means the whole is not done);
    /// checking one leaves its parent and its own sub-items as they are.
    case setChecked(itemID: Int64, Bool)
    /// Deletes an item with its sub-items, at any depth.
    case deleteItem(id: Int64)
    case setSortOrder(checklistID: Int64, ItemSortOrder)
    /// Hides (or shows again) the checklist's checked-off items on screen.
    case setHidesChecked(checklistID: Int64, Bool)
    /// Hides (or dims again) the checklist's items that have not started.
    case setHidesNotStarted(checklistID: Int64, Bool)
    case setOpenChecklist(id: Int64?)
    /// Fires one of the item's reminders again at `until`; the due date
    /// and its other reminders stay as they are.
    case snooze(itemID: Int64, until: Date, reminder: ReminderTime = .atDue)
    /// To-dos read from iCalendar files (or a server) into the list of that
    /// name, made if missing: an item with the same UID is updated and moved
    /// there, others are added.
    case putCalendarItems(listName: String, [CalendarItem])
    /// Moves an item to another list, last in its "order added" sort, with
    /// its sub-items; the items keep their ids, UIDs, due dates, reminders
    /// and notes. A sub-item moved on its own is at the top level there.
    case moveItem(id: Int64, toChecklistID: Int64)
    /// Swaps two items of one list in its "order added" sort (J/K): the
    /// user's own order, kept in the database.
    case swapPositions(itemID: Int64, otherItemID: Int64)
    /// Sets an item's priority from a list (one key), its other fields as
    /// they are.
    case setPriority(itemID: Int64, Priority)
    /// Adds an item as the last sub-item of `parentID`, in the parent's list.
    case addSubItem(parentID: Int64, ItemDraft)
    /// Makes an item a sub-item of `parentID` in the same list, or (nil) an
    /// item at the top level: indent, outdent, `edit --parent`. Its own
    /// sub-items come along; a parent inside its own family is refused.
    case setParent(itemID: Int64, parentID: Int64?)
    /// Folds an item's sub-items away on screen, or unfolds them.
    case setCollapsed(itemID: Int64, Bool)
    /// Makes an item shown in its list (Enter on a search result): the
    /// parents folded over it unfolded, and the list's checked or
    /// not-started items shown when it or a parent is one; nothing when it
    /// shows already.
    case showItem(id: Int64)
    /// Checks an item off with every sub-item of it still open, at any
    /// depth: the answer "yes" to "check its open sub-items too?".
    case checkFamily(itemID: Int64)
    /// Moves a list one place down (or up) in the order set by hand (J/K on
    /// All Lists). In name order, the hand order first becomes the name
    /// order and is put in force, so that only this list moves on screen.
    case moveList(id: Int64, down: Bool)
    /// Puts the lists' order by name or by hand in force (`s` on All
    /// Lists); the order set by hand is kept either way.
    case setListOrder(ListOrder)
}

/// What a committed change created, so the UI can select it.
public enum ChangeOutcome: Hashable, Sendable {
    case none
    case checklist(Int64)
    case item(Int64)
}

/// Rules on user text that hold wherever the text comes from.
public enum TextRules {
    /// Text with white space trimmed; names and item texts must not be empty
    /// after trimming. White space is Foundation's whitespacesAndNewlines
    /// (`isWhiteSpace`), trimmed scalar by scalar as Foundation does, but
    /// without its trip through NSString: that made three generic types at
    /// their first use, each a scan of every protocol conformance in the
    /// binary, 1.2 million instructions of every `add`.
    public static func trimmed(_ text: some StringProtocol) -> String {
        let scalars = Substring(text).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }),
              let last = scalars.lastIndex(where: { !isWhiteSpace($0) }) else { return "" }
        return String(Substring(scalars[first...last]))
    }

    /// Whether `text` is only white space, as `trimmed` counts it. Checked in
    /// place: it stops at the first letter, where trimming copied the whole
    /// text, which an import of 100,000 items did twice for each.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isWhiteSpace)
    }

    /// Foundation's whitespacesAndNewlines: tab to carriage return, NEL, the
    /// zero width space, and the Unicode space, line and paragraph separators.
    public static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200B: return true
        case 0..<0x80: return false
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// Why `text` cannot be stored as the `what` ("item text", "list name"),
    /// or nil when it can be stored exactly as given. Empty text says nothing;
    /// a NUL would be cut off by SQLite's C-string binding, silently losing
    /// everything after it, so it is refused rather than stored damaged.
    /// Other controls are stored as given (the screen shows them as stand-ins).
    public static func problem(with text: String, what: String) -> StorageError? {
        if isBlank(text) { return .emptyText(what: what) }
        if containsNUL(text) { return .nulInText(what: what) }
        return nil
    }

    /// Whether `text` holds U+0000: a zero byte of its UTF-8, which encodes
    /// nothing else, looked for without decoding a scalar (an import checks
    /// every text and note of a file twice).
    static func containsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, 0, bytes.count) != nil
        } ?? text.utf8.contains(0)
    }

    /// Why a note cannot be stored, or nil. A note may be empty (no note);
    /// a NUL is refused for the reason `problem(with:what:)` gives.
    public static func noteProblem(with note: String) -> StorageError? {
        containsNUL(note) ? .nulInText(what: "note") : nil
    }
}
