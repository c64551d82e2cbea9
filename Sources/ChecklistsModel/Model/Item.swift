import Foundation

/// A to-do item. `id` is the item's `itemID`: assigned once by the database,
/// never reused (not even after deletion), and the key reminders are filed
/// under, so it must stay stable across restarts.
public struct Item: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var checklistID: Int64
    public var text: String
    public var isChecked: Bool
    /// An instant with minute precision (seconds are always zero), or nil:
    /// an item need not have a due date.
    public var dueDate: Date?
    /// Its reminders, each once, in order (`ReminderTime.normalized`): at
    /// the due date (Remind Me), some time before it, or at a time of their own.
    public var reminders: [ReminderTime]
    /// How it repeats, or nil. Checking off a repeating item with a due date
    /// moves the date to the next occurrence instead (see `Recurrence`).
    public var recurrence: Recurrence?
    /// Where the repeat's occurrences are counted from: the due date as the
    /// user last set it (iCalendar's DTSTART). Kept by the storage.
    public var repeatStart: Date?
    /// When a repeating item was last checked off.
    public var lastDoneAt: Date?

    /// When the item's next reminder will ring, as the database holds it:
    /// the earliest of its pending reminders (their own times or a snooze's
    /// end), or nil when none is pending (none set, checked off, all past,
    /// or already delivered). Read with
    /// the item by the same queries, so a row can show its bell and a
    /// snoozed time; what the user edits is `draft`, which leaves it out.
    public var remindAt: Date?

    /// Free text of several lines under the item (iCalendar's DESCRIPTION);
    /// empty: no note.
    public var note: String
    /// Where the item stands in its list's "order added" sort, which the
    /// user can change (J/K); a new item, or one moved in, goes last.
    public var position: Int64
    /// How much it matters (iCalendar's PRIORITY); `.none` by default.
    public var priority: Priority
    /// Its tags (iCalendar's CATEGORIES), each once, as typed (`Tags`).
    public var tags: [String]
    /// When it starts (iCalendar's DTSTART), in whole minutes, or nil:
    /// before then it has not started and is not due (`StartDate`).
    public var startDate: Date?
    /// The item it is a sub-item of, always in the same list, or nil at the
    /// top level. Set by the storage's family changes, not by the form.
    public var parentID: Int64?
    /// The UID of a parent another app named (iCalendar's RELATED-TO) that
    /// is not in this list: missing, in another calendar, or one that would
    /// close a cycle. The item shows at the top level with a mark, and the
    /// relation is written back as it came.
    public var unlinkedParentUID: String?
    /// Whether its sub-items are folded away on screen (kept per item).
    public var isCollapsed: Bool

    public init(id: Int64, checklistID: Int64, text: String, isChecked: Bool = false, dueDate: Date?, shouldRemind: Bool = false,
                recurrence: Recurrence? = nil, repeatStart: Date? = nil, lastDoneAt: Date? = nil, remindAt: Date? = nil,
                note: String = "", position: Int64 = 0, priority: Priority = .none, reminders: [ReminderTime] = [],
                tags: [String] = [], startDate: Date? = nil, parentID: Int64? = nil, unlinkedParentUID: String? = nil,
                isCollapsed: Bool = false) {
        self.id = id
        self.checklistID = checklistID
        self.text = text
        self.isChecked = isChecked
        self.dueDate = dueDate
        self.reminders = ReminderTime.with(shouldRemind: shouldRemind, reminders)
        self.recurrence = recurrence
        self.repeatStart = repeatStart
        self.lastDoneAt = lastDoneAt
        self.remindAt = remindAt
        self.note = note
        self.position = position
        self.priority = priority
        self.tags = tags
        self.startDate = startDate
        self.parentID = parentID
        self.unlinkedParentUID = unlinkedParentUID
        self.isCollapsed = isCollapsed
    }

    /// Whether the item has started at `now` (it has when it has no start).
    public func hasStarted(now: Date) -> Bool { StartDate.hasStarted(startDate, now: now) }

    /// Whether the item has a note worth showing (a row marks it).
    public var hasNote: Bool { !TextRules.isBlank(note) }

    /// Remind Me: a reminder at the due date, the one `--remind` and the
    /// toggle set. Setting it adds or removes that one, the others stay.
    public var shouldRemind: Bool {
        get { reminders.contains(.atDue) }
        set { reminders = ReminderTime.normalized(reminders.filter { $0 != .atDue } + (newValue ? [.atDue] : [])) }
    }

    /// A reminder is pending and rings at some other time than the due
    /// date: before it, at a time of its own, or snoozed.
    public var isSnoozed: Bool {
        remindAt.map { $0 != dueDate } ?? false
    }

    /// The due date checking this item off moves it to: the first
    /// occurrence after both its due date and `now`. Nil when it does not
    /// repeat (or has no due date): then checking off checks it off.
    public func nextDueDate(now: Date, calendar: Calendar) -> Date? {
        guard let recurrence, let dueDate else { return nil }
        return recurrence.nextOccurrence(after: max(dueDate, now), start: repeatStart ?? dueDate, calendar: calendar)
    }

    /// Overdue items that are not checked stand out on screen; an item
    /// without a due date is never overdue.
    public func isOverdue(now: Date) -> Bool {
        guard let dueDate else { return false }
        return !isChecked && dueDate <= now
    }

    /// The editable part of an item, as the Item Detail form holds it.
    public var draft: ItemDraft {
        ItemDraft(text: text, dueDate: dueDate, recurrence: recurrence, note: note, priority: priority, reminders: reminders, tags: tags,
                  startDate: startDate)
    }
}

/// What the user edits in Item Detail; becomes an item when saved.
public struct ItemDraft: Hashable, Sendable {
    public var text: String
    /// Nil: no due date (then there can be no reminder).
    public var dueDate: Date?
    /// Its reminders, as `Item.reminders`. Those before the due date need one.
    public var reminders: [ReminderTime]
    /// Nil: does not repeat. A repeat needs a due date, as Remind Me does.
    public var recurrence: Recurrence?
    /// The note, as typed (line breaks are LF); empty: none.
    public var note: String
    public var priority: Priority
    /// Its tags, as `Item.tags`.
    public var tags: [String]
    /// Its start, as `Item.startDate`; `StartDate.problem` says when it
    /// cannot be saved with this due date and repeat.
    public var startDate: Date?

    public init(text: String, dueDate: Date?, shouldRemind: Bool = false, recurrence: Recurrence? = nil, note: String = "",
                priority: Priority = .none, reminders: [ReminderTime] = [], tags: [String] = [], startDate: Date? = nil) {
        self.text = text
        self.dueDate = dueDate
        self.reminders = ReminderTime.with(shouldRemind: shouldRemind, reminders)
        self.recurrence = recurrence
        self.note = note
        self.priority = priority
        self.tags = tags
        self.startDate = startDate
    }

    /// `current` with the fields where this draft differs from `shown` (what
    /// a form showed when it opened) taken from it: the user's edits, over
    /// what another window, the command line, a sync or a reminder's key
    /// changed meanwhile.
    public func changes(from shown: ItemDraft, onto current: ItemDraft) -> ItemDraft {
        var merged = current
        if text != shown.text { merged.text = text }
        if dueDate != shown.dueDate { merged.dueDate = dueDate }
        if reminders != shown.reminders { merged.reminders = reminders }
        if recurrence != shown.recurrence { merged.recurrence = recurrence }
        if note != shown.note { merged.note = note }
        if priority != shown.priority { merged.priority = priority }
        if tags != shown.tags { merged.tags = tags }
        if startDate != shown.startDate { merged.startDate = startDate }
        return merged
    }

    /// Why the start cannot be saved with this due date and repeat, or nil.
    public func startProblem(calendar: Calendar) -> String? {
        StartDate.problem(start: startDate, due: dueDate, recurrence: dueDate == nil ? nil : recurrence, calendar: calendar)
    }

    /// Remind Me, as `Item.shouldRemind`.
    public var shouldRemind: Bool {
        get { reminders.contains(.atDue) }
        set { reminders = ReminderTime.normalized(reminders.filter { $0 != .atDue } + (newValue ? [.atDue] : [])) }
    }
}

/// One page of a checklist's items in the current sort order. The app keeps a
/// page around what is on screen instead of all items, so its cost does not
/// grow with the list (a list may hold 100,000 items).
public struct ItemsPage: Hashable, Sendable {
    public var checklistID: Int64
    public var sortOrder: ItemSortOrder
    /// Index (in the sorted list) of `items.first`.
    public var offset: Int
    public var items: [Item]
    /// All rows of the checklist (its items, less those folded away or hidden).
    public var totalCount: Int
    /// Where each of `items` stands in its family, in the same order; empty
    /// for a list without sub-items, where every item is at the top level.
    public var places: [FamilyPlace]

    public init(checklistID: Int64, sortOrder: ItemSortOrder, offset: Int, items: [Item], totalCount: Int, places: [FamilyPlace] = []) {
        self.checklistID = checklistID
        self.sortOrder = sortOrder
        self.offset = offset
        self.items = items
        self.totalCount = totalCount
        self.places = places
    }

    /// Where the item at an absolute index stands in its family (at the top
    /// level, with no sub-items, for a list without any).
    public func place(at index: Int) -> FamilyPlace {
        let local = index - offset
        return places.indices.contains(local) ? places[local] : .topLevel
    }

    /// The item at an absolute index, if this page holds it.
    public func item(at index: Int) -> Item? {
        let local = index - offset
        return items.indices.contains(local) ? items[local] : nil
    }

    /// Whether the page holds every index of `range` that exists in the list.
    public func covers(_ range: Range<Int>) -> Bool {
        let wanted = range.clamped(to: 0..<totalCount)
        if wanted.isEmpty { return true }
        return wanted.lowerBound >= offset && wanted.upperBound <= offset + items.count
    }
}

/// An item shown outside its checklist (the Due view, the command line),
/// with the name of the list it belongs to.
public struct ListedItem: Hashable, Sendable, Identifiable {
    public var item: Item
    public var checklistName: String
    /// For a sub-item, its parent's text, shown beside it where the item
    /// stands apart from its family (the Due view, search); nil otherwise.
    public var parentText: String?
    /// How deep a listing that keeps families together shows it under the
    /// item it follows (0: on its own).
    public var depth: Int

    public var id: Int64 { item.id }

    public init(item: Item, checklistName: String, parentText: String? = nil, depth: Int = 0) {
        self.item = item
        self.checklistName = checklistName
        self.parentText = parentText
        self.depth = depth
    }
}

/// Where a row of a list stands in its family: how deep, and its sub-items'
/// progress ("2/5" on screen counts its direct sub-items, shown or not).
public struct FamilyPlace: Hashable, Sendable {
    /// 0 at the top level, 1 for a sub-item, 2 for a sub-item's, and so on.
    public var depth: Int
    /// Its direct sub-items, and how many of them are checked off.
    public var subItemCount: Int
    public var checkedSubItemCount: Int

    public init(depth: Int, subItemCount: Int = 0, checkedSubItemCount: Int = 0) {
        self.depth = depth
        self.subItemCount = subItemCount
        self.checkedSubItemCount = checkedSubItemCount
    }

    /// An item at the top level without sub-items: every row of a flat list.
    public static let topLevel = FamilyPlace(depth: 0)

    /// Whether it has sub-items (so it can be folded and shows progress).
    public var isParent: Bool { subItemCount > 0 }
}
