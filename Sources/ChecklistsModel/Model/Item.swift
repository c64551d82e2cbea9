import Foundation

/// A to-do item. `id` is the item's `itemID`: assigned once by the database,
/// never reused (not even after deletion), and the key reminders are filed
/// under, so it must stay stable across restarts.
public struct Item: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var checklistID: Int64
    public var text: String
    public var isChecked: Bool
    /// An instant with minute precision (seconds are always zero).
    public var dueDate: Date
    public var shouldRemind: Bool
    /// When the item's reminder will ring, as the database holds it: the due
    /// date, a snooze's end, or nil when none is pending (Remind Me off,
    /// checked off, due date past, or already delivered). Read with the item
    /// by the same queries, so a row can show its bell and a snoozed time;
    /// what the user edits is `draft`, which leaves it out.
    public var remindAt: Date?

    public init(id: Int64, checklistID: Int64, text: String, isChecked: Bool = false, dueDate: Date, shouldRemind: Bool = false,
                remindAt: Date? = nil) {
        self.id = id
        self.checklistID = checklistID
        self.text = text
        self.isChecked = isChecked
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
        self.remindAt = remindAt
    }

    /// A reminder is pending and rings at some other time than the due
    /// date: it was snoozed.
    public var isSnoozed: Bool {
        remindAt.map { $0 != dueDate } ?? false
    }

    /// Overdue items that are not checked stand out on screen.
    public func isOverdue(now: Date) -> Bool {
        !isChecked && dueDate <= now
    }

    /// The editable part of an item, as the Item Detail form holds it.
    public var draft: ItemDraft {
        ItemDraft(text: text, dueDate: dueDate, shouldRemind: shouldRemind)
    }
}

/// What the user edits in Item Detail; becomes an item when saved.
public struct ItemDraft: Hashable, Sendable {
    public var text: String
    public var dueDate: Date
    public var shouldRemind: Bool

    public init(text: String, dueDate: Date, shouldRemind: Bool = false) {
        self.text = text
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
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
    /// All items of the checklist, counted by SQL.
    public var totalCount: Int

    public init(checklistID: Int64, sortOrder: ItemSortOrder, offset: Int, items: [Item], totalCount: Int) {
        self.checklistID = checklistID
        self.sortOrder = sortOrder
        self.offset = offset
        self.items = items
        self.totalCount = totalCount
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

    public var id: Int64 { item.id }

    public init(item: Item, checklistName: String) {
        self.item = item
        self.checklistName = checklistName
    }
}
