import Foundation

/// Everything a database holds that a user would miss, as one value: what
/// `checklists export` writes and `import` restores. Exact enough that a
/// restore gives back the same database: list and item ids (reminders are
/// filed under item ids), each item's pending reminder as stored (a snooze, a
/// reminder already delivered), the open list, and the highest ids ever
/// handed out, so an id deleted before the export is not handed out again.
public struct Snapshot: Hashable, Sendable {
    /// A checklist and its items, by id.
    public struct List: Hashable, Sendable {
        public var checklist: Checklist
        public var items: [Entry]
        /// The list's place in the order set by hand (All Lists' J/K); nil:
        /// after the others, in the snapshot's order.
        public var position: Int64?

        public init(checklist: Checklist, items: [Entry], position: Int64? = nil) {
            self.checklist = checklist
            self.items = items
            self.position = position
        }
    }

    /// An item with its reminder state (`pending`: when each of its
    /// reminders that is pending rings) and what iCalendar needs.
    /// `item.checklistID` is the list that holds it.
    public struct Entry: Hashable, Sendable {
        public var item: Item
        /// Each pending reminder's ring: its own time, or a snooze's end. A
        /// reminder of the item with no time here was delivered or is past.
        public var pending: [ReminderTime: Date]
        /// The iCalendar UID; empty: give it a new one when restored.
        public var uid: String
        /// The iCalendar object the item was imported from (text), whose
        /// properties we do not model are written back with it.
        public var calendarObject: String?
        /// The item's last change (DTSTAMP) and check-off (COMPLETED).
        public var modifiedAt: Date?
        public var completedAt: Date?
        /// The UID its parent relation names: its parent's here, or the
        /// one it keeps unlinked (`Item.unlinkedParentUID`); nil at the top
        /// level. What RELATED-TO and the export carry.
        public var parentUID: String?

        public init(item: Item, remindAt: Date?, uid: String = "", calendarObject: String? = nil,
                    modifiedAt: Date? = nil, completedAt: Date? = nil, pending: [ReminderTime: Date] = [:], parentUID: String? = nil) {
            self.item = item
            self.pending = pending
            if let remindAt { self.pending[.atDue] = remindAt }
            self.uid = uid
            self.calendarObject = calendarObject
            self.modifiedAt = modifiedAt
            self.completedAt = completedAt
            self.parentUID = parentUID
        }

        /// Remind Me's pending ring (the due date, or a snooze's end), as
        /// older exports carry it.
        public var remindAt: Date? {
            get { pending[.atDue] }
            set { pending[.atDue] = newValue }
        }

        /// Our fields as iCalendar carries them.
        public var calendarFields: CalendarFields {
            CalendarFields(uid: uid, text: item.text, dueDate: item.dueDate, isChecked: item.isChecked,
                           recurrence: item.recurrence, repeatStart: item.recurrence == nil ? nil : (item.repeatStart ?? item.dueDate),
                           note: item.note, priority: item.priority, reminders: item.reminders, tags: item.tags,
                           startDate: item.startDate, parentUID: parentUID)
        }
    }

    /// Lists by id, each with its items by id.
    public var lists: [List]
    /// The checklist the app reopens at its next start.
    public var openChecklistID: Int64?
    /// The highest list id ever handed out (deleted ones included).
    public var lastChecklistID: Int64
    /// The highest item id ever handed out (deleted ones included).
    public var lastItemID: Int64
    /// Whether All Lists shows the lists in the order set by hand (else by name).
    public var listsByHand: Bool
    /// The filters kept under a name, by id.
    public var smartLists: [SmartList]

    public init(lists: [List], openChecklistID: Int64?, lastChecklistID: Int64, lastItemID: Int64, listsByHand: Bool = false,
                smartLists: [SmartList] = []) {
        self.lists = lists
        self.openChecklistID = openChecklistID
        self.lastChecklistID = lastChecklistID
        self.lastItemID = lastItemID
        self.listsByHand = listsByHand
        self.smartLists = smartLists
    }
}

/// A snapshot as `ChecklistsDatabase.readSnapshot` hands it over while
/// reading: the header first, then every list, then every item.
public enum SnapshotPart: Sendable {
    /// What a snapshot holds besides its lists, and how many items follow.
    public struct Header: Hashable, Sendable {
        public var openChecklistID: Int64?
        public var lastChecklistID: Int64
        public var lastItemID: Int64
        /// The items the lists hold (the counts the database keeps), for a
        /// reader that sizes what it writes.
        public var itemCount: Int
        public var listsByHand: Bool
        /// By id.
        public var smartLists: [SmartList]
    }

    case header(Header)
    /// A list, its place in the order set by hand, and how many items the
    /// database counts in it (for a reader that sizes what it writes).
    case list(Checklist, position: Int64?, itemCount: Int)
    /// An item, handed over after every list, and the place of its list
    /// (the one its `item.checklistID` names) among the lists handed over:
    /// found once here, not again by each reader.
    case entry(Snapshot.Entry, list: Int)
}

/// What `ChecklistsDatabase.restore` did.
public enum RestoreOutcome: Hashable, Sendable {
    case restored
    /// The database held data and replacing it was not asked for; nothing changed.
    case refusedNotEmpty(lists: Int, items: Int)
}
